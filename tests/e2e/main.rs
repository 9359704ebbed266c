//! End-to-end tests: the real binary and the real service, with real SQLite files.

mod cli;
mod console;
mod service;
mod support;
