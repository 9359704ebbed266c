//! The Discord chat: serenity keeps the gateway (identify, heartbeats, reconnects) and hands
//! over interactions; the adapter answers them through its own small REST client.
//!
//! Every interaction becomes one [`Incoming`] in the one command grammar: a slash command is
//! turned into its command text, a pressed button sends its `custom_id`, which is the
//! button's command text. Replies must start within 3 s: the service gets `defer_after` to
//! answer, and when it needs longer the interaction is deferred and the reply edited in later.
//! Refusals are ephemeral (only the one whose command or press did nothing sees why), and so
//! are the service's private replies. Since any answer may be private, a deferral is private
//! too (see [`Core::answer`]). Message text is escaped markdown: names and anything else a
//! user wrote show as typed; only the service's spoilers become `||…||`.
//!
//! # Delivery
//! Telegram's outbox does not fit here: an interaction can be answered only through its
//! token, within 3 s for the first answer and 15 minutes for the rest, so a reply queued across
//! a restart would be undeliverable anyway. Instead each request is retried (429s as told by
//! `retry_after`, 5xx and network errors with back-off, all bounded), and a public reply that
//! cannot go through the interaction any more is posted to the channel directly. Gateway
//! events delivered twice (a resumed session replays) are recognised by their id and answered
//! once.

mod board;
mod buckets;
mod channel_post;
mod commands;
mod config;
mod format;
mod gateway;
mod interaction;
mod payload;
#[doc(hidden)]
pub mod rest;
mod translate;

pub use crate::chat::shared::RetryPolicy;
pub use config::{DiscordBoard, DiscordConfig, DiscordError, ShardPlan};
pub use gateway::run;
#[doc(hidden)]
pub use translate::incoming_of_interaction;

use crate::bot::Service;
use crate::chat::shared::{InFlight, PlatformLink};
use rest::Rest;
use std::collections::VecDeque;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The interaction a reply belongs to.
struct Thread<'a> {
    application: u64,
    id: u64,
    token: &'a str,
    channel: u64,
    /// The message whose button was pressed (a press, not a slash command).
    pressed: Option<PressedMessage>,
    /// The channel `channel` hangs off when it is a thread, where the results of games
    /// played in it go too.
    parent: Option<u64>,
    /// The bot may open threads in `channel` and write in them (the interaction's
    /// `app_permissions`).
    may_open_threads: bool,
}

/// A message of the bot's whose button was pressed.
#[derive(Clone, Copy, Debug)]
struct PressedMessage {
    id: u64,
    /// Only the presser sees it: only a private reply may take its place.
    ephemeral: bool,
}

struct Core {
    service: Arc<Service>,
    rest: Rest,
    guild: Option<u64>,
    defer_after: Duration,
    registered: AtomicBool,
    seen: Mutex<VecDeque<u64>>,
    link: PlatformLink,
    /// Interactions being answered: a stop waits for them.
    in_flight: InFlight,
    /// The board app, where it is served.
    board: Option<config::DiscordBoard>,
}

impl Core {
    /// Whether game pictures carry the Board button.
    fn boards(&self) -> bool {
        self.board
            .as_ref()
            .is_some_and(|board| board.activity || board.page.is_some())
    }
}
