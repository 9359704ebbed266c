//! Chat platform adapters: thin translation between a platform and the service.

pub mod board;
pub mod console;
pub mod discord;
pub mod pacing;
/// What every adapter needs; its public types are re-exported where a platform uses them.
pub(crate) mod shared;
pub mod telegram;
