//! Kibitz: four unusual board games for Discord and Telegram.
//!
//! `games` is the rules core; `engine` the computer opponents; `render` draws positions; `store` keeps everything in the
//! database; `bot` is the platform-independent service; `chat` holds the platform adapters; `http` is the
//! listener for probes, metrics and webhooks; `cli` (hidden) the command line's tools, which the
//! binary dispatches to and the benches, fuzz targets and tests call.

pub mod bot;
pub mod chat;
#[doc(hidden)]
pub mod cli;
pub mod engine;
pub mod games;
pub mod http;
pub mod render;
pub mod store;

// The handful of types the binary, the benches and the tests build on, at the crate's root.
pub use bot::i18n::Catalogue;
pub use bot::{Body, Incoming, Outgoing, Platform, Service, system_clock};
pub use games::{AnyGame, GameKind, Side, Status, TwoPlayerGame};
pub use render::{AmbitView, Renderer, View};
pub use store::Store;
