//! Chat platform adapters: thin translation between a platform and the service.

pub mod console;
pub mod discord;
pub mod pacing;
pub mod shared;
pub mod telegram;
