//! The turn: who may move (Chief chains in Chesimals, brain range and capacity in Critters).
//! The legal actions are in `actions`, the refusals in `checks`, applying actions and the
//! end of the game in `apply`, typed whole turns in `typed`.

use super::{BRAIN_CAPACITY, Colour, Kind, MAX_BRAINS, MAX_SQUARES, Position, Unit};
use crate::games::geometry::{KING_STEPS, Square};
use crate::games::{RulesError, Side};

/// Critters green squares (provisional): e5, p5 in front of White's brains, e16, p16 in
/// front of Black's.
pub(super) const GREEN_SQUARES: [Square; 4] = [
    Square::new(4, 4),
    Square::new(15, 4),
    Square::new(4, 15),
    Square::new(15, 15),
];

const WORDS: usize = MAX_SQUARES.div_ceil(64);

/// A set of square indices.
#[derive(Clone, Copy, Default)]
pub(super) struct Bits([u64; WORDS]);

impl Bits {
    pub(super) fn contains(&self, index: usize) -> bool {
        self.0[index / 64] & (1 << (index % 64)) != 0
    }

    fn insert(&mut self, index: usize) {
        self.0[index / 64] |= 1 << (index % 64);
    }

    pub(super) fn iter(self) -> impl Iterator<Item = usize> {
        (0..WORDS).flat_map(move |word| {
            let mut bits = self.0[word];
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(word * 64 + bit)
            })
        })
    }
}

/// A side's brains and what they activated this turn.
#[derive(Clone, Copy)]
pub(super) struct Brains {
    list: [(Square, u8); MAX_BRAINS],
    len: usize,
}

impl Brains {
    pub(super) fn as_slice(&self) -> &[(Square, u8)] {
        &self.list[..self.len]
    }
}

pub(super) fn king_distance(a: Square, b: Square) -> u8 {
    a.file.abs_diff(b.file).max(a.rank.abs_diff(b.rank))
}

pub(super) fn square_error(key: &'static str, square: Square) -> RulesError {
    RulesError::new(key).arg("square", square)
}

impl Position {
    // ----- who is on the board -----

    /// Chesimals: the Chief of `colour`, if it lives.
    pub(super) fn chief_of(&self, colour: Colour) -> Option<Square> {
        self.size.squares().find(|&square| {
            self.cell(square).unit
                == Some(Unit {
                    side: colour.side(),
                    colour: Some(colour),
                    kind: Kind::Chief,
                })
        })
    }

    /// Chesimals: the Chiefs of `side`'s four colours (`Colour::of_side` order).
    pub(super) fn chiefs(&self, side: Side) -> [Option<Square>; 4] {
        let colours = Colour::of_side(side);
        let mut out = [None; 4];
        for (index, cell) in self.cells[..self.size.square_count()].iter().enumerate() {
            if let Some(Unit {
                kind: Kind::Chief,
                colour: Some(colour),
                side: owner,
            }) = cell.unit
                && owner == side
                && let Some(slot) = colours.iter().position(|&c| c == colour)
            {
                out[slot] = Some(self.size.square_at(index));
            }
        }
        out
    }

    /// Critters: `side`'s brains in board order, with their charges this turn.
    pub(super) fn brains(&self, side: Side) -> Brains {
        let mut brains = Brains {
            list: [(Square::new(0, 0), 0); MAX_BRAINS],
            len: 0,
        };
        for (index, cell) in self.cells[..self.size.square_count()].iter().enumerate() {
            if let Some(unit) = cell.unit
                && unit.side == side
                && unit.kind == Kind::Chief
                && brains.len < MAX_BRAINS
            {
                brains.list[brains.len] = (self.size.square_at(index), cell.charges);
                brains.len += 1;
            }
        }
        brains
    }

    /// Units of `side` and `kind` on the board.
    pub(super) fn count(&self, side: Side, kind: Kind) -> usize {
        self.cells[..self.size.square_count()]
            .iter()
            .filter(|cell| cell.unit.is_some_and(|u| u.side == side && u.kind == kind))
            .count()
    }

    /// The units of `colour` joined to the Chief on `chief` by 8-neighbour chains.
    pub(super) fn joined(&self, chief: Square, colour: Colour) -> Bits {
        let mut seen = Bits::default();
        let mut stack = [0u16; MAX_SQUARES];
        let start = self.index(chief);
        seen.insert(start);
        stack[0] = start as u16;
        let mut len = 1;
        while len > 0 {
            len -= 1;
            let square = self.size.square_at(stack[len] as usize);
            for &step in &KING_STEPS {
                let Some(next) = self.size.offset(square, step) else {
                    continue;
                };
                let index = self.index(next);
                if !seen.contains(index)
                    && self.cells[index]
                        .unit
                        .is_some_and(|u| u.colour == Some(colour))
                {
                    seen.insert(index);
                    stack[len] = index as u16;
                    len += 1;
                }
            }
        }
        seen
    }

    /// Critters: the brains that may pay for `kind` starting on `from`, in board order.
    pub(super) fn paying_brains(
        &self,
        brains: &Brains,
        from: Square,
        kind: Kind,
    ) -> ([Square; MAX_BRAINS], usize) {
        let mut out = [Square::new(0, 0); MAX_BRAINS];
        let mut n = 0;
        for &(brain, charges) in brains.as_slice() {
            if charges < BRAIN_CAPACITY && king_distance(brain, from) <= kind.activation_range() {
                out[n] = brain;
                n += 1;
            }
        }
        (out, n)
    }

    /// Critters: the brain a unit on `from` is charged to when the player names none: the
    /// nearest (king distance) with capacity left, then the one with more capacity left,
    /// then the first in board order (rank by rank from a1).
    pub(super) fn default_brain(&self, from: Square, kind: Kind) -> Option<Square> {
        let brains = self.brains(self.to_move);
        let (paying, n) = self.paying_brains(&brains, from, kind);
        paying[..n].iter().copied().min_by_key(|&brain| {
            (
                king_distance(brain, from),
                self.cell(brain).charges,
                self.index(brain),
            )
        })
    }
}
