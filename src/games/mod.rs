//! The rules core: pure, synchronous and deterministic. It imports nothing of the bot, the
//! renderer or the store.
//!
//! Beside the games themselves, the pure arithmetic around a game lives here too, under the
//! same rule: `records` (a game's record as a file), `time_control` (clocks), `Timestamp` (an
//! instant), `standings` (Glicko-2 ratings, streaks, leaderboard orders), `tournament`
//! (pairings and tie-breaks) and `rng` (the seeded generator).

pub mod ambit;
mod board_view;
pub mod chesimals;
pub mod geometry;
pub mod glacier;
pub mod knight_fight;
pub mod records;
pub mod rng;
pub mod side;
pub mod standings;
pub mod time_control;
mod timestamp;
pub mod tournament;
mod view_facts;

mod any_game;
mod kind;
mod two_player;

#[cfg(test)]
mod tests;

use std::fmt;

pub use board_view::{BoardView, CellView, Ground, MoveChoice, PieceView, ambit_board_view};
pub use geometry::{BoardSize, Square};
pub use side::{Color, EndReason, Outcome, Side, Status};
pub use timestamp::Timestamp;
pub use view_facts::ViewFacts;

pub use any_game::AnyGame;
pub use kind::GameKind;
pub use two_player::{MAX_PERFT_DEPTH, TwoPlayerGame, perft};

/// Why a move or a position text was refused, as a message-catalogue key and its arguments,
/// so that the bot can say it in the player's language.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct RulesError {
    pub key: &'static str,
    pub args: Vec<(&'static str, String)>,
}

impl RulesError {
    pub fn new(key: &'static str) -> Self {
        Self {
            key,
            args: Vec::new(),
        }
    }

    pub fn arg(mut self, name: &'static str, value: impl ToString) -> Self {
        self.args.push((name, value.to_string()));
        self
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key)?;
        for (name, value) in &self.args {
            write!(f, " {name}={value}")?;
        }
        Ok(())
    }
}

/// The most characters of a player's text a refusal quotes back.
pub const QUOTE_LIMIT: usize = 40;

/// A player's text as a refusal quotes it back: see [`quote_within`], at [`QUOTE_LIMIT`].
pub fn quote(text: &str) -> String {
    quote_within(text, QUOTE_LIMIT)
}

/// A player's text as a refusal quotes it back: trimmed, cut after `limit` characters (an
/// ellipsis marks the cut), and every control or direction-changing character shown as one
/// U+FFFD, so the quote is never longer than what was typed nor longer than `limit` + 1
/// characters, and cannot rearrange the message it stands in.
pub fn quote_within(text: &str, limit: usize) -> String {
    let text = text.trim();
    let mut quoted = String::with_capacity(text.len().min(limit * 4 + 3));
    for (count, c) in text.chars().enumerate() {
        if count == limit {
            quoted.push('…');
            break;
        }
        let invisible = c.is_control()
            || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}');
        quoted.push(if invisible { '\u{FFFD}' } else { c });
    }
    quoted
}

/// The squares a move touched, for marking the last move in a picture.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveSquares {
    /// Where the piece came from (`None` for a placement).
    pub from: Option<Square>,
    pub to: Option<Square>,
    /// Squares the move changed besides (Knight Fight: the mirror or double it blocked;
    /// Chesimals: the turn's further unit moves as from, to pairs, see [`MoveSquares::trail`]).
    pub also: Vec<Square>,
}

impl MoveSquares {
    /// The unit moves of a Chesimals turn, in order, as marks: the first move is `from`/`to`,
    /// the others follow in `also` as from, to pairs.
    pub fn from_trail(trail: &[(Square, Square)]) -> Self {
        let mut marks = MoveSquares::default();
        if let Some(&(from, to)) = trail.first() {
            marks.from = Some(from);
            marks.to = Some(to);
            marks.also = trail[1..].iter().flat_map(|&(f, t)| [f, t]).collect();
        }
        marks
    }

    /// The unit moves [`MoveSquares::from_trail`] stored: `from`/`to` and then `also` by pairs
    /// (an odd square left over is ignored).
    pub fn trail(&self) -> Vec<(Square, Square)> {
        let mut trail = Vec::with_capacity(1 + self.also.len() / 2);
        if let (Some(from), Some(to)) = (self.from, self.to) {
            trail.push((from, to));
        }
        trail.extend(self.also.chunks_exact(2).map(|pair| (pair[0], pair[1])));
        trail
    }
}

/// A move as played: its canonical text and the squares it touched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    pub text: String,
    /// The move as a caption shows it (Glacier Chess: SAN; otherwise `text`).
    pub shown: String,
    pub squares: MoveSquares,
}
