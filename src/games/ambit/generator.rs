//! Seeded puzzles, graded by the solver.
//!
//! A puzzle is made the natural way: a few pieces on distinct random squares, the union of
//! their footprints as the puzzle footprint (each piece is then anchored, and the puzzle
//! solvable, by construction). The whole board and tiny footprints are refused. The puzzle is
//! graded by the solver and kept only if its grade falls in the level asked for; otherwise
//! the same random stream makes another, so a seed and a level always give the same puzzle.
//!
//! Levels come from the solver's figures ([`Grade`]), never from the construction:
//! [`points`] adds 2 per piece of the fewest-pieces solve, 1 for a unique minimal solution, 1
//! for a trap share of at least 50 % and 1 more at 75 %, and 1 when there are fewer than 4
//! valid placements per needed piece. Easy is up to 6 points, medium 7 to 9, hard 10 or more.
//! Only puzzles needing 2 to 6 pieces, with 8 to 48 footprint squares, are offered.
//!
//! A **trap** is a valid placement (it costs no life) that belongs to no minimal solution:
//! playing it means solving with more pieces than needed, or not at all if it takes a square
//! every remaining solution needs.

use super::footprint::square_at;
use super::solver::{self, Solution};
use super::{Footprint, Piece, Placement};
use crate::games::RulesError;
use crate::games::rng::SeededRng;
use std::fmt;

/// A difficulty level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// Reads a level name, case-insensitively: `easy`, `medium`, `hard`, or `e`/`m`/`h`,
    /// `1`/`2`/`3`.
    pub fn parse(text: &str) -> Result<Level, RulesError> {
        match text.trim().to_lowercase().as_str() {
            "easy" | "e" | "1" => Ok(Level::Easy),
            "medium" | "m" | "2" | "normal" => Ok(Level::Medium),
            "hard" | "h" | "3" => Ok(Level::Hard),
            _ => {
                Err(RulesError::new("ambit-level-unknown").arg("level", crate::games::quote(text)))
            }
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The solver's figures for a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grade {
    /// The fewest pieces that solve it.
    pub min_pieces: usize,
    /// The number of distinct minimal solutions.
    pub solutions: u64,
    /// The number of valid placements (piece and square whose footprint fits).
    pub valid_placements: usize,
    /// The valid placements that belong to no minimal solution: they cost no life, but they
    /// lead away from the fewest-pieces solve (and can block a square a solution needs).
    pub traps: usize,
}

impl Grade {
    pub fn of(solution: &Solution) -> Self {
        Self {
            min_pieces: solution.min_pieces,
            solutions: solution.solutions,
            valid_placements: solution.valid_placements,
            traps: solution.traps(),
        }
    }

    /// The share of valid placements that are traps, in percent (rounded down).
    pub fn trap_percent(&self) -> usize {
        (self.traps * 100)
            .checked_div(self.valid_placements)
            .unwrap_or(0)
    }

    /// The level of a puzzle with these figures, if it fits one (see the module notes).
    pub fn level(&self) -> Option<Level> {
        level_of(self)
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "min={} solutions={} valid={} traps={}",
            self.min_pieces, self.solutions, self.valid_placements, self.traps
        )
    }
}

/// The difficulty points of a grade: 2 a piece of the fewest-pieces solve; +1 when that
/// solve is unique; +1 when at least half the valid placements are traps and +1 more at three
/// quarters; +1 when there are fewer than 4 valid placements a needed piece (little room to
/// try things: a wrong guess is likely to cost a life).
pub fn points(grade: &Grade) -> usize {
    let trap_percent = grade.trap_percent();
    2 * grade.min_pieces
        + usize::from(grade.solutions == 1)
        + usize::from(trap_percent >= 50)
        + usize::from(trap_percent >= 75)
        + usize::from(grade.valid_placements < 4 * grade.min_pieces)
}

/// The fewest and most pieces a puzzle offered may need.
pub const MIN_PIECES: std::ops::RangeInclusive<usize> = 2..=6;

/// The level of a grade: easy up to 6 points, medium 7 to 9, hard 10 and more; none when
/// the fewest pieces fall outside [`MIN_PIECES`] (one piece is no puzzle).
fn level_of(grade: &Grade) -> Option<Level> {
    if !MIN_PIECES.contains(&grade.min_pieces) {
        return None;
    }
    Some(match points(grade) {
        0..=6 => Level::Easy,
        7..=9 => Level::Medium,
        _ => Level::Hard,
    })
}

/// The fewest footprint squares of a puzzle offered.
pub const MIN_SQUARES: u32 = 8;

/// The most footprint squares of a puzzle offered: three quarters of the board. (The rules
/// never offer the whole board; a nearly whole board is as dull: almost anything fits.)
pub const MAX_SQUARES: u32 = 48;

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub footprint: Footprint,
    pub level: Level,
    pub grade: Grade,
    /// One minimal solution (for `giveup`; never shown before the solve).
    pub solution: Vec<Placement>,
}

/// Grades a footprint with the solver; `None` if it cannot be solved.
pub fn grade(footprint: Footprint) -> Option<(Grade, Solution)> {
    solver::solve(footprint).map(|solution| (Grade::of(&solution), solution))
}

/// The footprint of one random construction: `count` pieces on distinct squares.
pub fn construct(rng: &mut SeededRng, count: usize) -> (Footprint, Vec<Placement>) {
    let mut squares: Vec<usize> = (0..64).collect();
    rng.shuffle(&mut squares);
    let placements: Vec<Placement> = squares
        .iter()
        .take(count)
        .map(|&index| {
            let piece = Piece::ALL[rng.below(Piece::ALL.len() as u64) as usize];
            Placement::new(piece, square_at(index))
        })
        .collect();
    (Footprint::union_of(&placements), placements)
}

/// How many pieces a construction for `level` uses (the grade decides the level; this only
/// makes a hit likely).
const fn construction_sizes(level: Level) -> (usize, usize) {
    match level {
        Level::Easy => (2, 2),
        Level::Medium => (2, 4),
        Level::Hard => (4, 6),
    }
}

/// The puzzle of `seed` at `level`: constructions are drawn from the seed's random stream
/// until one grades at `level`.
pub fn generate(seed: u64, level: Level) -> Puzzle {
    let mut rng = SeededRng::new(seed);
    loop {
        let (fewest, most) = construction_sizes(level);
        let count = fewest + rng.below((most - fewest + 1) as u64) as usize;
        let (footprint, _) = construct(&mut rng, count);
        if !(MIN_SQUARES..=MAX_SQUARES).contains(&footprint.len()) {
            continue;
        }
        let Some((grade, solution)) = grade(footprint) else {
            continue;
        };
        if grade.level() == Some(level) {
            return Puzzle {
                footprint,
                level,
                grade,
                solution: solution.example,
            };
        }
    }
}
