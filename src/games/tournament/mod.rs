//! Tournament arithmetic, pure: who plays whom in a round (Swiss, round robin) or as they
//! come free (arena), with which colours, and the standings' tie-breaks and arena points.
//! The bot keeps tournaments in the store and asks these functions; nothing here knows a
//! chat, a clock or a database.
//!
//! Points are counted in halves so that they stay integers: a win is 2, a draw 1, a loss 0,
//! a bye 2.

mod arena;
mod colours;
mod format;
mod round_robin;
mod start_time;
mod swiss;
mod tie_breaks;

#[cfg(test)]
mod tests;

pub use arena::{ArenaResult, ArenaWaiting, arena_points, on_fire, pair_arena};
pub use format::Format;
pub use round_robin::round_robin_round;
pub use start_time::{next_start, start_text};
pub use swiss::pair_swiss;
pub use tie_breaks::{PlayedGame, Standing, standings};

use super::Side;

/// Who a tournament's player is: the store's user id.
pub type EntrantId = i64;

/// Points in halves: a win 2, a draw 1, a loss 0, a bye 2.
pub type HalfPoints = u32;

/// A player still in a Swiss, as pairing sees them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entrant {
    pub id: EntrantId,
    pub points: HalfPoints,
    /// The seeding: the rating when the tournament began (higher ranks first).
    pub rating: i32,
    /// The colours of the games played, in order (a bye has none).
    pub colours: Vec<Side>,
    /// Everyone played, in order (a bye is no one).
    pub opponents: Vec<EntrantId>,
    /// Whether a bye was given already: a player gets at most one while another can.
    pub had_bye: bool,
}

/// One game of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub white: EntrantId,
    pub black: EntrantId,
}

/// A round's games (top board first) and who sits out with a bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub games: Vec<Pairing>,
    pub bye: Option<EntrantId>,
}
