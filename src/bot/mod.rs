//! The product, independent of any chat platform: an [`Incoming`] line in, [`Outgoing`]
//! replies out.

mod ambit;
mod bare;
pub mod command;
mod computer_pool;
mod context;
mod deferred_ratings;
mod display_name;
mod entry;
mod game_puzzle;
mod group_share;
mod help;
mod holder;
pub mod i18n;
mod incoming;
mod language;
mod league;
mod limits;
pub mod log_duration;
mod msg;
mod notes;
mod outcome;
mod pings;
mod pipeline;
mod platform;
mod play;
mod poster;
mod reply;
pub mod schedule;
mod service;
mod suggest;
mod tournament;
mod words;
mod worker_rest;

pub use entry::Workers;
pub use incoming::{ChatInfo, Incoming, Membership, UserInfo};
pub use msg::{Msg, msg};
pub use platform::Platform;
pub use play::{CLOCK_LEASE_MS, ENGINE_LEASE_MS, replay_pictures, review_graph, turn_shown};
pub use reply::{
    BoardButton, BoardOpens, Body, Button, Live, Mention, NewThread, Outgoing, Pressed,
};
pub use service::{Clock, Service, system_clock};
pub use words::rules_error_text;
