//! The turn: who may move (Chief chains in Chesimals, brain range and capacity in Critters),
//! the legal actions, a reason for every refusal, applying actions, and the end of the game.

use super::units::pattern_reaches;
use super::{
    BRAIN_CAPACITY, Cell, Colour, Kind, MAX_BRAINS, MAX_SQUARES, Move, PlayedAction, Position,
    QUIET_TURN_LIMIT, Trail, Unit,
};
use crate::games::geometry::{KING_STEPS, Square};
use crate::games::{EndReason, Outcome, RulesError, Side, Status, TwoPlayerGame};

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
struct Bits([u64; WORDS]);

impl Bits {
    fn contains(&self, index: usize) -> bool {
        self.0[index / 64] & (1 << (index % 64)) != 0
    }

    fn insert(&mut self, index: usize) {
        self.0[index / 64] |= 1 << (index % 64);
    }

    fn iter(self) -> impl Iterator<Item = usize> {
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
    fn as_slice(&self) -> &[(Square, u8)] {
        &self.list[..self.len]
    }
}

pub(super) fn king_distance(a: Square, b: Square) -> u8 {
    a.file.abs_diff(b.file).max(a.rank.abs_diff(b.rank))
}

fn square_error(key: &'static str, square: Square) -> RulesError {
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
    fn chiefs(&self, side: Side) -> [Option<Square>; 4] {
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
    fn joined(&self, chief: Square, colour: Colour) -> Bits {
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
    fn paying_brains(
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

    // ----- legal actions -----

    /// Every legal action, unit moves first (by start square), then `end` and promotions.
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
        } else if moves.is_empty() {
            moves.push(Move::Pass);
        }
    }

    fn chesimals_unit_moves(&self, moves: &mut Vec<Move>) {
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

    fn critters_unit_moves(&self, moves: &mut Vec<Move>) {
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

    /// Why the sliding general on `square` may not be promoted now, if it may not.
    fn promotable(&self, square: Square) -> Result<(), RulesError> {
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

    // ----- checks with reasons -----

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
        if self.moved_count > 0 || self.has_unit_move() {
            return Err(RulesError::new("chesimals-pass-not-allowed"));
        }
        Ok(Move::Pass)
    }

    // ----- applying -----

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

    // ----- whole turns -----

    /// Plays a whole turn typed as space-separated actions (`b1-b3 a2-a4 c1xd3`), each checked
    /// when it is reached, on a copy: the position changes only if all are legal. The turn is
    /// ended automatically unless the text ended it (`end`, `pass`) or the game is over.
    /// A refusal keeps its reason's key and gains the arguments `number` (1-based) and `move`.
    pub fn play_turn_text(&mut self, text: &str) -> Result<Vec<PlayedAction>, RulesError> {
        let tokens = turn_tokens(text);
        if tokens.is_empty() {
            return Err(RulesError::new("chesimals-empty-turn"));
        }
        let mut position = self.clone();
        let mut played: Vec<PlayedAction> = Vec::new();
        for (i, token) in tokens.iter().enumerate() {
            let annotate = |error: RulesError| {
                error
                    .arg("number", i + 1)
                    .arg("move", crate::games::quote(token))
            };
            let turn_closed = played
                .last()
                .is_some_and(|action| matches!(action.mv, Move::End { .. } | Move::Pass));
            if turn_closed {
                return Err(annotate(RulesError::new("chesimals-after-turn")));
            }
            let mv = position.parse_move(token).map_err(annotate)?;
            played.push(position.played_action(mv));
            position.apply(mv);
        }
        if position.turn_in_progress() && !position.compute_status().is_over() {
            let end = Move::End { promote: None };
            played.push(position.played_action(end));
            position.apply(end);
        }
        *self = position;
        Ok(played)
    }

    /// Plays what one chat message holds. A message of exactly one unit move plays just that
    /// move and leaves the turn open (more units may follow, then `end`); anything else is a
    /// whole turn for [`Position::play_turn_text`]. A refused single action keeps its own
    /// reason without a move number.
    pub fn play_message_text(&mut self, text: &str) -> Result<Vec<PlayedAction>, RulesError> {
        let tokens = turn_tokens(text);
        if let [only] = tokens.as_slice() {
            let mv = self.parse_move(only)?;
            if matches!(mv, Move::Unit { .. }) {
                let action = self.played_action(mv);
                self.apply(mv);
                return Ok(vec![action]);
            }
        }
        self.play_turn_text(text)
    }

    fn played_action(&self, mv: Move) -> PlayedAction {
        let captured = match mv {
            Move::Unit { to, .. } => self.cell(to).unit,
            _ => None,
        };
        PlayedAction {
            mv,
            text: self.move_text(mv),
            squares: self.move_squares(mv),
            captured,
        }
    }
}

/// Splits a typed turn into actions, gluing the pieces of one action a player may space out:
/// `e3 - e5`, `e3 x e5`, `e5-e7 @ e4`, `end e5=N`, `end e5 = N`.
pub(super) fn turn_tokens(text: &str) -> Vec<String> {
    let lowered = text.to_ascii_lowercase();
    let mut glued: Vec<String> = Vec::new();
    let mut glue_next = false;
    for word in lowered.split_whitespace() {
        let glue_here = word.starts_with(['-', '@', '=']) || word == "x";
        match glued.last_mut() {
            Some(last) if glue_next || glue_here => last.push_str(word),
            _ => glued.push(word.to_string()),
        }
        glue_next = word.ends_with(['-', '@', '=']) || word == "x";
    }
    let mut tokens: Vec<String> = Vec::new();
    for word in glued {
        match tokens.last_mut() {
            Some(last) if (last == "end" || last == "done") && word.contains('=') => {
                last.push_str(&word)
            }
            _ => tokens.push(word),
        }
    }
    tokens
}
