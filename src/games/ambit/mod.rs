//! AMBIT, a one-player puzzle: place chess pieces so that their combined footprints match the
//! puzzle's footprint exactly, every piece anchored (`rules/ambit.md`).
//!
//! - [`footprint`]: the pieces' footprints as 64-bit bitboards (a1 = bit 0, h8 = bit 63).
//! - [`notation`]: footprint, placement and puzzle-state texts.
//! - [`game`]: the puzzle being played: placements, lives, anchoring, status.
//! - [`solver`]: the fewest pieces that solve a footprint, proven, and how many ways.
//! - [`generator`]: seeded puzzles at three levels graded by the solver.
//! - [`daily`]: the puzzle of a UTC date.
//!
//! AMBIT is not a [`TwoPlayerGame`](crate::games::TwoPlayerGame): it has its own API here.

pub mod daily;
pub mod footprint;
pub mod game;
pub mod generator;
pub mod hint;
pub mod notation;
pub mod solver;

#[cfg(test)]
mod tests;

use crate::games::Square;
use std::fmt;

pub use daily::{
    DailySecret, Date, Weekday, daily_level, daily_puzzle, daily_puzzle_at, daily_seed,
    secret_daily_puzzle, secret_daily_seed,
};
pub use game::{Game, GameStatus, LIVES, PlaceOutcome};
pub use generator::{Grade, Level, Puzzle, generate, grade};
pub use hint::hint;
pub use solver::{Solution, complete, solve};

/// The game's name on the command line, in chat and in the database.
pub const NAME: &str = "ambit";

/// The pieces of the rack, in unlimited supply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    King = 0,
    Queen = 1,
    Rook = 2,
    Bishop = 3,
    Knight = 4,
}

impl Piece {
    pub const ALL: [Piece; 5] = [
        Piece::King,
        Piece::Queen,
        Piece::Rook,
        Piece::Bishop,
        Piece::Knight,
    ];

    /// The notation letter: `K Q R B N`.
    pub const fn letter(self) -> char {
        match self {
            Piece::King => 'K',
            Piece::Queen => 'Q',
            Piece::Rook => 'R',
            Piece::Bishop => 'B',
            Piece::Knight => 'N',
        }
    }

    /// The English name, lower case (`knight`).
    pub const fn name(self) -> &'static str {
        match self {
            Piece::King => "king",
            Piece::Queen => "queen",
            Piece::Rook => "rook",
            Piece::Bishop => "bishop",
            Piece::Knight => "knight",
        }
    }

    /// Reads a piece letter, either case.
    pub fn from_letter(letter: char) -> Option<Piece> {
        Piece::ALL
            .into_iter()
            .find(|piece| piece.letter() == letter.to_ascii_uppercase())
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A piece on a square: `Nf3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    pub piece: Piece,
    pub square: Square,
}

impl Placement {
    /// `square` must lie on the 8x8 board (files `a..h`, ranks `1..8`).
    pub const fn new(piece: Piece, square: Square) -> Self {
        Self { piece, square }
    }

    /// The squares the piece covers from its square.
    pub const fn attacks(self) -> u64 {
        footprint::attacks(self.piece, self.square)
    }

    /// Every placement on the board: 5 pieces x 64 squares.
    pub fn all() -> impl Iterator<Item = Placement> {
        (0..64).flat_map(|index| {
            Piece::ALL
                .into_iter()
                .map(move |piece| Placement::new(piece, footprint::square_at(index)))
        })
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.piece.letter(), self.square)
    }
}

/// A puzzle footprint: the set of highlighted squares, one bit a square (a1 = bit 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Footprint(pub u64);

impl Footprint {
    pub const fn bits(self) -> u64 {
        self.0
    }

    pub const fn contains(self, square: Square) -> bool {
        self.0 & footprint::bit(square) != 0
    }

    /// The number of highlighted squares.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every square of the board is highlighted (never offered as a puzzle).
    pub const fn is_full(self) -> bool {
        self.0 == footprint::FULL
    }

    /// The highlighted squares, a1 to h8 rank by rank.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        footprint::squares(self.0)
    }

    /// Whether `placement` is valid here: its whole footprint lies inside this one.
    pub const fn allows(self, placement: Placement) -> bool {
        placement.attacks() & !self.0 == 0
    }

    /// The squares of `placement`'s footprint that fall outside this one (none if valid).
    pub const fn outside(self, placement: Placement) -> u64 {
        placement.attacks() & !self.0
    }

    /// Every valid placement on this footprint, in [`Placement::all`] order.
    pub fn valid_placements(self) -> impl Iterator<Item = Placement> {
        Placement::all().filter(move |&placement| self.allows(placement))
    }

    /// The union of the footprints of `placements`.
    pub fn union_of(placements: &[Placement]) -> Footprint {
        Footprint(placements.iter().fold(0, |bits, p| bits | p.attacks()))
    }
}

impl fmt::Display for Footprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&notation::footprint_text(*self))
    }
}
