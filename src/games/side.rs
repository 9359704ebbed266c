//! Sides, results and the reasons a game ends, shared by every two-player game.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    pub const fn opposite(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    pub const fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    pub fn parse(text: &str) -> Option<Side> {
        match text.trim().to_ascii_lowercase().as_str() {
            "white" | "w" => Some(Side::White),
            "black" | "b" => Some(Side::Black),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a game ended. Each game uses the reasons that apply to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// Knight Fight: a player has no legal move; the scores decide.
    NoMoves,
    Resignation,
    Agreement,
    /// Glacier Chess: the side to move is in check and has no legal move.
    Checkmate,
    /// Glacier Chess: the side to move is not in check and has no legal move.
    Stalemate,
    /// Glacier Chess: an Ice Age froze one king (its side loses) or both (a draw).
    WhiteKingFrozen,
    BlackKingFrozen,
    BothKingsFrozen,
    /// Glacier Chess: 150 half-moves without a capture (ice included) or a pawn move.
    HalfMoveLimit,
    /// Chesimals I/II: both royal Chiefs of the loser were captured.
    RoyalChiefsCaptured,
    /// Critters: every brain of the loser was killed.
    BrainsKilled,
    /// Critters: the winner held at least 3 green squares at the start of its turn.
    GreenSquares,
    /// Chesimals and Critters: both sides passed in a row (a draw).
    BothPassed,
    /// Chesimals and Critters: 50 full turns in a row without a capture (a draw).
    NoCaptureLimit,
    /// A player's clock ran out (the game's time control, not its rules).
    Timeout,
}

impl EndReason {
    /// The stable text of the reason, as the command line and the database print it.
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::NoMoves => "no moves",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::WhiteKingFrozen => "white king frozen",
            EndReason::BlackKingFrozen => "black king frozen",
            EndReason::BothKingsFrozen => "both kings frozen",
            EndReason::HalfMoveLimit => "150 half-moves",
            EndReason::RoyalChiefsCaptured => "royal chiefs captured",
            EndReason::BrainsKilled => "brains killed",
            EndReason::GreenSquares => "green squares",
            EndReason::BothPassed => "both passed",
            EndReason::NoCaptureLimit => "50 turns without capture",
            EndReason::Timeout => "time",
        }
    }

    pub const ALL: [EndReason; 15] = [
        EndReason::NoMoves,
        EndReason::Resignation,
        EndReason::Agreement,
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::WhiteKingFrozen,
        EndReason::BlackKingFrozen,
        EndReason::BothKingsFrozen,
        EndReason::HalfMoveLimit,
        EndReason::RoyalChiefsCaptured,
        EndReason::BrainsKilled,
        EndReason::GreenSquares,
        EndReason::BothPassed,
        EndReason::NoCaptureLimit,
        EndReason::Timeout,
    ];

    pub fn parse(text: &str) -> Option<EndReason> {
        Self::ALL.into_iter().find(|reason| reason.as_str() == text)
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Side>,
    pub reason: EndReason,
}

impl Outcome {
    pub const fn win(winner: Side, reason: EndReason) -> Self {
        Self {
            winner: Some(winner),
            reason,
        }
    }

    pub const fn draw(reason: EndReason) -> Self {
        Self {
            winner: None,
            reason,
        }
    }
}

impl Outcome {
    /// Reads the text `Display` writes, e.g. `white wins (resignation)` or `draw (agreement)`.
    pub fn parse(text: &str) -> Option<Outcome> {
        let (head, reason) = text.trim().strip_suffix(')')?.split_once(" (")?;
        let reason = EndReason::parse(reason)?;
        match head {
            "draw" => Some(Outcome::draw(reason)),
            _ => {
                let side = Side::parse(head.strip_suffix(" wins")?)?;
                Some(Outcome::win(side, reason))
            }
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(side) => write!(f, "{side} wins ({})", self.reason.as_str()),
            None => write!(f, "draw ({})", self.reason.as_str()),
        }
    }
}

/// Whether a position is still being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    Ongoing,
    Over(Outcome),
}

impl Status {
    pub const fn is_over(self) -> bool {
        matches!(self, Status::Over(_))
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing => f.write_str("ongoing"),
            Status::Over(outcome) => outcome.fmt(f),
        }
    }
}

/// The colour a challenger asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Color {
    White,
    Black,
    /// Drawn when the challenge is accepted.
    Random,
}

impl Color {
    pub const ALL: [Color; 3] = [Color::White, Color::Black, Color::Random];

    /// The word players type, which is also how a challenge stores it.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
            Color::Random => "random",
        }
    }

    /// The colour that is `side`.
    pub const fn of(side: Side) -> Color {
        match side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }

    /// The colour a lower-case word names.
    pub fn parse(lower: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.name() == lower)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_read_back_what_they_print() {
        for outcome in [
            Outcome::win(Side::White, EndReason::Resignation),
            Outcome::win(Side::Black, EndReason::NoMoves),
            Outcome::draw(EndReason::Agreement),
        ] {
            assert_eq!(Outcome::parse(&outcome.to_string()), Some(outcome));
        }
        assert_eq!(Outcome::parse("white wins"), None);
        assert_eq!(Outcome::parse("nobody wins (agreement)"), None);
    }
}
