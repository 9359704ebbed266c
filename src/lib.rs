//! Kibitz: four unusual board games for Discord and Telegram.
//!
//! `games` is the rules core; `render` draws positions; `store` keeps everything in the
//! database; `bot` is the platform-independent service; `chat` holds the platform adapters.

pub mod bot;
pub mod chat;
#[doc(hidden)]
pub mod fuzzing;
pub mod games;
pub mod league;
pub mod render;
pub mod store;
