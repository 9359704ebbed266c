//! The legal actions of the side to move, every one of them, in a fixed order.

use super::turn::GREEN_SQUARES;
use super::{Colour, Kind, Move, Position};
use crate::games::geometry::Square;

impl Position {
    /// Every legal action, unit moves first (by start square), then `end` and promotions, or
    /// `pass` at a turn's start (in Critters always, else when no unit can move).
    pub(super) fn generate(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.compute_status().is_over() {
            return;
        }
        if self.variant.is_critters() {
            self.critters_unit_moves(moves);
        } else {
            self.chesimals_unit_moves(moves);
        }
        if self.moved_count > 0 {
            moves.push(Move::End { promote: None });
            self.for_each_promotion(|square, kind| {
                moves.push(Move::End {
                    promote: Some((square, kind)),
                })
            });
        } else if moves.is_empty() || self.variant.is_critters() {
            // Critters' players may move none of their units ("all, some or none"); in
            // Chesimals I and II a chesimal must move when one can.
            moves.push(Move::Pass);
        }
    }

    pub(super) fn chesimals_unit_moves(&self, moves: &mut Vec<Move>) {
        let side = self.to_move;
        let chiefs = self.chiefs(side);
        for (slot, colour) in Colour::of_side(side).into_iter().enumerate() {
            if self.amp.is_some_and(|amp| amp != colour) {
                continue;
            }
            let Some(chief) = chiefs[slot] else {
                continue;
            };
            for index in self.joined(chief, colour).iter() {
                let cell = self.cells[index];
                let Some(unit) = cell.unit else {
                    continue;
                };
                if cell.moved {
                    continue;
                }
                let from = self.size.square_at(index);
                self.for_each_target(from, unit, &mut |to| {
                    moves.push(Move::Unit {
                        from,
                        to,
                        brain: None,
                    })
                });
            }
        }
    }

    pub(super) fn critters_unit_moves(&self, moves: &mut Vec<Move>) {
        let side = self.to_move;
        let brains = self.brains(side);
        for index in 0..self.size.square_count() {
            let cell = self.cells[index];
            let Some(unit) = cell.unit else {
                continue;
            };
            if unit.side != side || cell.moved {
                continue;
            }
            let from = self.size.square_at(index);
            if unit.kind == Kind::Chief {
                self.for_each_target(from, unit, &mut |to| {
                    moves.push(Move::Unit {
                        from,
                        to,
                        brain: None,
                    })
                });
                continue;
            }
            let (paying, n) = self.paying_brains(&brains, from, unit.kind);
            if n == 0 {
                continue;
            }
            self.for_each_target(from, unit, &mut |to| {
                for &brain in &paying[..n] {
                    moves.push(Move::Unit {
                        from,
                        to,
                        brain: Some(brain),
                    });
                }
            });
        }
    }

    /// Critters promotion: a still sliding general on a green square next to a still brain
    /// of the side to move, and each type it may become (below the side's setup count).
    fn for_each_promotion(&self, mut visit: impl FnMut(Square, Kind)) {
        if !self.variant.is_critters() || !self.options.promotion {
            return;
        }
        let side = self.to_move;
        for &green in &GREEN_SQUARES {
            if self.promotable(green).is_err() {
                continue;
            }
            for kind in [Kind::Knight, Kind::Warmachine, Kind::Elephant] {
                if self.count(side, kind) < self.caps[side.index()][kind.index()] as usize {
                    visit(green, kind);
                }
            }
        }
    }
}
