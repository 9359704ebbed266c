//! Levels 1-8, and what a level buys in a search.

use std::fmt;

/// A computer opponent's strength, 1 (a beginner can win) to 8 (the strongest this machine
/// answers within about two seconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(8);

    pub const fn new(number: u8) -> Option<Level> {
        if number >= Self::MIN.0 && number <= Self::MAX.0 {
            Some(Level(number))
        } else {
            None
        }
    }

    pub const fn number(self) -> u8 {
        self.0
    }

    /// Reads `5`, `level:5`, `level=5`, `l5`.
    pub fn parse(text: &str) -> Option<Level> {
        let text = text.trim().to_ascii_lowercase();
        let number = text
            .strip_prefix("level")
            .map(|rest| rest.trim_start_matches([':', '=']))
            .or_else(|| text.strip_prefix('l'))
            .unwrap_or(&text);
        number.parse::<u8>().ok().and_then(Level::new)
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (Self::MIN.0..=Self::MAX.0).map(Level)
    }

    /// Index 0..8, for per-level tables.
    pub const fn index(self) -> usize {
        (self.0 - 1) as usize
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// What a search may spend and how much it errs on purpose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Nodes the search may visit; it stops at the first iteration boundary (or mid-iteration,
    /// keeping the last completed one) once spent. Nodes, not time, so a seed decides the move.
    pub nodes: u64,
    /// The deepest iteration (plies; Chesimals: whole turns or the family's own unit).
    pub depth: u32,
    /// Uniform noise in `-noise..=noise` (score units) added to each root move's score, so the
    /// low levels pick worse moves at times.
    pub noise: i32,
    /// Percent of moves searched one step shallower than `depth` (from depth 1: a random legal
    /// move), drawn per move from the seed. Noise only reorders a few good finalists; a lapse
    /// is the blunder a weaker player makes. Used by the Chesimals (0 elsewhere).
    pub lapse: u32,
    /// Percent of moves played at random, whatever the depth: the blunder where a search one
    /// step shallower is still too careful to lose (Critters; Knight Fight's level 1; 0 elsewhere).
    pub random: u32,
}
