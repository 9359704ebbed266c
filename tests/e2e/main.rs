//! End-to-end tests: the real binary and the real service, with real SQLite files.

mod ambit;
mod bounds;
mod chesimals;
mod cli;
mod clocks;
mod computer;
mod console;
mod discord;
mod discord_standin;
mod fuzz_corpus;
mod glacier;
mod history;
mod languages;
mod league;
mod load;
mod metrics;
mod pings;
mod readme;
mod records;
mod service;
mod stopping;
mod support;
mod takeback;
mod telegram;
mod telegram_standin;
mod webhook;
