//! Applying actions: unit moves, the end of a turn (growth, promotion), and the end of the
//! game.

use super::turn::GREEN_SQUARES;
use super::{Cell, Colour, Kind, Move, Position, QUIET_TURN_LIMIT, Trail, Unit};
use crate::games::geometry::{KING_STEPS, Square};
use crate::games::{EndReason, Outcome, Side, Status};

impl Position {
    pub(super) fn apply(&mut self, mv: Move) {
        match mv {
            Move::Unit { from, to, brain } => self.apply_unit_move(from, to, brain),
            Move::End { promote } => {
                if let Some((square, kind)) = promote {
                    let index = self.index(square);
                    if let Some(unit) = self.cells[index].unit.as_mut() {
                        unit.kind = kind;
                    }
                }
                self.finish_turn(false);
            }
            Move::Pass => self.finish_turn(true),
        }
    }

    fn apply_unit_move(&mut self, from: Square, to: Square, brain: Option<Square>) {
        let (from_index, to_index) = (self.index(from), self.index(to));
        let Some(unit) = self.cells[from_index].unit else {
            return;
        };
        if self.cells[to_index].unit.is_some() {
            self.captured_this_turn = true;
        }
        self.cells[to_index] = Cell {
            unit: Some(unit),
            moved: true,
            charges: self.cells[from_index].charges,
        };
        self.cells[from_index] = Cell::default();
        if let (Some(brain), true) = (brain, unit.kind != Kind::Chief) {
            let cell = &mut self.cells[self.size.index(brain)];
            cell.charges = cell.charges.saturating_add(1);
        }
        if !self.variant.is_critters() {
            self.amp = unit.colour;
        }
        self.moved_count = self.moved_count.saturating_add(1);
        self.this_turn.push(from, to);
    }

    fn finish_turn(&mut self, pass: bool) {
        if self.variant.is_critters() && self.options.growth {
            self.grow();
        }
        self.quiet = if self.captured_this_turn {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        self.passes = if pass {
            self.passes.saturating_add(1)
        } else {
            0
        };
        for cell in &mut self.cells[..self.size.square_count()] {
            cell.moved = false;
            cell.charges = 0;
        }
        self.last_turn = self.this_turn;
        self.this_turn = Trail::EMPTY;
        self.amp = None;
        self.moved_count = 0;
        self.captured_this_turn = false;
        if self.to_move == Side::Black {
            self.turn_number = self.turn_number.saturating_add(1);
        }
        self.to_move = self.to_move.opposite();
    }

    /// Critters growth at the end of the mover's turn: the first open green square (in the
    /// order e5, p5, e16, p16) next to one of its brains that did not move this turn gets a
    /// sliding general, if the side has fewer than it started with.
    fn grow(&mut self) {
        let side = self.to_move;
        if self.count(side, Kind::Guard) >= self.caps[side.index()][Kind::Guard.index()] as usize {
            return;
        }
        for green in GREEN_SQUARES {
            if self.cell(green).unit.is_some() {
                continue;
            }
            let still_brain = KING_STEPS.iter().any(|&step| {
                self.size.offset(green, step).is_some_and(|next| {
                    let cell = self.cell(next);
                    !cell.moved
                        && cell
                            .unit
                            .is_some_and(|u| u.side == side && u.kind == Kind::Chief)
                })
            });
            if still_brain {
                let index = self.index(green);
                self.cells[index].unit = Some(Unit {
                    side,
                    colour: None,
                    kind: Kind::Guard,
                });
                return;
            }
        }
    }

    // ----- the end of the game -----

    /// Wins by capture first (they end the game the moment they happen), then the draws
    /// (both passed, 50 quiet turns), then Critters' green squares, which count only at the
    /// start of the side to move's turn.
    pub(super) fn compute_status(&self) -> Status {
        let me = self.to_move;
        let foe = me.opposite();
        let mut royal = [0usize; 2];
        let mut brains = [0usize; 2];
        for cell in &self.cells[..self.size.square_count()] {
            if let Some(Unit {
                side,
                colour,
                kind: Kind::Chief,
            }) = cell.unit
            {
                brains[side.index()] += 1;
                if colour.is_some_and(Colour::is_royal) {
                    royal[side.index()] += 1;
                }
            }
        }
        let (left, reason) = if self.variant.is_critters() {
            (brains, EndReason::BrainsKilled)
        } else {
            (royal, EndReason::RoyalChiefsCaptured)
        };
        if left[foe.index()] == 0 {
            return Status::Over(Outcome::win(me, reason));
        }
        if left[me.index()] == 0 {
            return Status::Over(Outcome::win(foe, reason));
        }
        if self.passes >= 2 {
            return Status::Over(Outcome::draw(EndReason::BothPassed));
        }
        if self.quiet >= QUIET_TURN_LIMIT {
            return Status::Over(Outcome::draw(EndReason::NoCaptureLimit));
        }
        if self.variant.is_critters() && self.moved_count == 0 {
            let held = GREEN_SQUARES
                .iter()
                .filter(|&&green| self.cell(green).unit.is_some_and(|u| u.side == me))
                .count();
            if held >= 3 {
                return Status::Over(Outcome::win(me, EndReason::GreenSquares));
            }
        }
        Status::Ongoing
    }
}
