//! Whether an action is legal here, and if not, a reason for the refusal.

use super::turn::{GREEN_SQUARES, king_distance, square_error};
use super::units::pattern_reaches;
use super::{BRAIN_CAPACITY, Kind, Move, Position, Unit};
use crate::games::geometry::{KING_STEPS, Square};
use crate::games::{RulesError, Status};

impl Position {
    /// The canonical form of `mv` if it is legal here, else why not.
    pub(super) fn check(&self, mv: Move) -> Result<Move, RulesError> {
        match mv {
            Move::Unit { from, to, brain } => self.check_unit_move(from, to, brain),
            Move::End { promote } => self.check_end(promote),
            Move::Pass => self.check_pass(),
        }
    }

    fn check_over(&self) -> Result<(), RulesError> {
        match self.compute_status() {
            Status::Over(outcome) => {
                Err(RulesError::new("chesimals-game-over").arg("result", outcome))
            }
            Status::Ongoing => Ok(()),
        }
    }

    fn on_board(&self, square: Square) -> Result<(), RulesError> {
        if self.size.contains(square.file as i16, square.rank as i16) {
            Ok(())
        } else {
            Err(square_error("chesimals-bad-square", square))
        }
    }

    /// Checks a unit move; `brain` is the brain the player named (Critters), if any. Returns
    /// the move with the charged brain filled in.
    pub(super) fn check_unit_move(
        &self,
        from: Square,
        to: Square,
        brain: Option<Square>,
    ) -> Result<Move, RulesError> {
        self.check_over()?;
        self.on_board(from)?;
        self.on_board(to)?;
        if let Some(brain) = brain {
            self.on_board(brain)?;
        }
        let cell = *self.cell(from);
        let Some(unit) = cell.unit else {
            return Err(square_error("chesimals-no-unit", from));
        };
        let unit_name = unit.kind.name(self.variant);
        if unit.side != self.to_move {
            return Err(square_error("chesimals-not-yours", from).arg("unit", unit_name));
        }
        if cell.moved {
            return Err(square_error("chesimals-moved-already", from).arg("unit", unit_name));
        }
        let charged = if self.variant.is_critters() {
            self.check_activation_critters(from, unit, brain)?
        } else {
            self.check_activation_chesimals(from, unit, brain)?;
            None
        };
        if let Some(target) = self.cell(to).unit
            && target.side == unit.side
        {
            return Err(square_error("chesimals-own-unit", to));
        }
        let dx = to.file as i16 - from.file as i16;
        let dy = to.rank as i16 - from.rank as i16;
        if !pattern_reaches(self.variant, unit.kind, dx, dy) {
            return Err(RulesError::new("chesimals-bad-path")
                .arg("unit", unit_name)
                .arg("from", from)
                .arg("to", to));
        }
        let mut reached = false;
        self.for_each_target(from, unit, &mut |square| reached |= square == to);
        if !reached {
            return Err(RulesError::new("chesimals-blocked")
                .arg("unit", unit_name)
                .arg("from", from)
                .arg("to", to));
        }
        Ok(Move::Unit {
            from,
            to,
            brain: charged,
        })
    }

    fn check_activation_chesimals(
        &self,
        from: Square,
        unit: Unit,
        brain: Option<Square>,
    ) -> Result<(), RulesError> {
        if brain.is_some() {
            return Err(RulesError::new("chesimals-no-brain-naming"));
        }
        let Some(colour) = unit.colour else {
            return Err(square_error("chesimals-no-unit", from));
        };
        if let Some(amp) = self.amp
            && amp != colour
        {
            return Err(square_error("chesimals-other-amp", from)
                .arg("colour", colour.name())
                .arg("amp", amp.name()));
        }
        let Some(chief) = self.chief_of(colour) else {
            return Err(square_error("chesimals-leaderless", from).arg("colour", colour.name()));
        };
        if !self.joined(chief, colour).contains(self.index(from)) {
            return Err(square_error("chesimals-not-joined", from).arg("colour", colour.name()));
        }
        Ok(())
    }

    /// Returns the brain to charge (`None` for a brain moving).
    fn check_activation_critters(
        &self,
        from: Square,
        unit: Unit,
        brain: Option<Square>,
    ) -> Result<Option<Square>, RulesError> {
        let unit_name = unit.kind.name(self.variant);
        if unit.kind == Kind::Chief {
            return match brain {
                Some(_) => Err(square_error("chesimals-brain-not-charged", from)),
                None => Ok(None),
            };
        }
        let range = unit.kind.activation_range();
        match brain {
            Some(named) => {
                let is_brain = self
                    .cell(named)
                    .unit
                    .is_some_and(|u| u.side == self.to_move && u.kind == Kind::Chief);
                if !is_brain {
                    return Err(square_error("chesimals-not-a-brain", named));
                }
                if king_distance(named, from) > range {
                    return Err(square_error("chesimals-out-of-range", from)
                        .arg("unit", unit_name)
                        .arg("range", range)
                        .arg("brain", named));
                }
                if self.cell(named).charges >= BRAIN_CAPACITY {
                    return Err(RulesError::new("chesimals-brain-full")
                        .arg("brain", named)
                        .arg("capacity", BRAIN_CAPACITY));
                }
                Ok(Some(named))
            }
            None => {
                if let Some(chosen) = self.default_brain(from, unit.kind) {
                    return Ok(Some(chosen));
                }
                let brains = self.brains(self.to_move);
                let in_range = brains
                    .as_slice()
                    .iter()
                    .find(|&&(b, _)| king_distance(b, from) <= range);
                match in_range {
                    Some(&(full, _)) => Err(RulesError::new("chesimals-brain-full")
                        .arg("brain", full)
                        .arg("capacity", BRAIN_CAPACITY)),
                    None => Err(RulesError::new("chesimals-no-brain-in-range")
                        .arg("square", from)
                        .arg("unit", unit_name)
                        .arg("range", range)),
                }
            }
        }
    }

    fn has_unit_move(&self) -> bool {
        let mut moves = Vec::new();
        if self.variant.is_critters() {
            self.critters_unit_moves(&mut moves);
        } else {
            self.chesimals_unit_moves(&mut moves);
        }
        !moves.is_empty()
    }

    pub(super) fn check_end(&self, promote: Option<(Square, Kind)>) -> Result<Move, RulesError> {
        self.check_over()?;
        if self.moved_count == 0 {
            return Err(RulesError::new("chesimals-end-before-move"));
        }
        if let Some((square, kind)) = promote {
            if !self.variant.is_critters() || !self.options.promotion {
                return Err(RulesError::new("chesimals-promotion-off"));
            }
            self.on_board(square)?;
            self.promotable(square)?;
            let side = self.to_move;
            let allowed = matches!(kind, Kind::Knight | Kind::Warmachine | Kind::Elephant);
            if !allowed || self.count(side, kind) >= self.caps[side.index()][kind.index()] as usize
            {
                return Err(RulesError::new("chesimals-promotion-limit")
                    .arg("unit", kind.name(self.variant)));
            }
        }
        Ok(Move::End { promote })
    }

    pub(super) fn check_pass(&self) -> Result<Move, RulesError> {
        self.check_over()?;
        if self.moved_count > 0 || (!self.variant.is_critters() && self.has_unit_move()) {
            return Err(RulesError::new("chesimals-pass-not-allowed"));
        }
        Ok(Move::Pass)
    }

    /// Why the sliding general on `square` may not be promoted now, if it may not.
    pub(super) fn promotable(&self, square: Square) -> Result<(), RulesError> {
        let side = self.to_move;
        if !GREEN_SQUARES.contains(&square) {
            return Err(square_error("chesimals-cannot-promote", square));
        }
        let cell = self.cell(square);
        let general = Unit {
            side,
            colour: None,
            kind: Kind::Guard,
        };
        if cell.unit != Some(general) || cell.moved {
            return Err(square_error("chesimals-cannot-promote", square));
        }
        let still_brain = KING_STEPS.iter().any(|&step| {
            self.size.offset(square, step).is_some_and(|next| {
                let cell = self.cell(next);
                !cell.moved
                    && cell
                        .unit
                        .is_some_and(|u| u.side == side && u.kind == Kind::Chief)
            })
        });
        if !still_brain {
            return Err(square_error("chesimals-cannot-promote", square));
        }
        Ok(())
    }
}
