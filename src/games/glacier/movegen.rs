//! Legal move generation and making moves.
//!
//! Moves are generated legal directly (check evasions, pins, a safe square for the king)
//! rather than generated and tried, so that counting the moves of a position costs no moves
//! made. Ice joins the occupancy for every line of movement and attack and is a capture
//! target for everything but a pawn's push.

use super::bitboard::{
    BACK_RANKS, BISHOP_RAYS, Bitboard, FILE_A, FILE_H, KING, KNIGHT, PAWN_ATTACKS, RANK_1, RANK_2,
    RANK_7, RANK_8, ROOK_RAYS, Squares, between, bishop_attacks, bit, line, lsb, rook_attacks,
};
use super::{ICE_AGE_PERIOD, Move, MoveKind, Position, Role, Side};

const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// Where generated moves go: a `Vec`, a fixed list on the stack, or a counter.
pub(super) trait Sink {
    fn push(&mut self, mv: Move);
}

impl Sink for Vec<Move> {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        Vec::push(self, mv);
    }
}

/// Counts moves without keeping them (bulk counting at the leaves of perft).
struct Counter(u64);

impl Sink for Counter {
    #[inline(always)]
    fn push(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// A fixed list on the stack, for search without allocation. 256 is above the most legal
/// moves any position can have: ice only adds targets a piece could reach on an empty square.
struct MoveList {
    moves: [Move; 256],
    len: usize,
}

const NO_MOVE: Move = Move {
    from: 0,
    to: 0,
    promotion: None,
    kind: MoveKind::Normal,
};

impl MoveList {
    fn new() -> Self {
        Self {
            moves: [NO_MOVE; 256],
            len: 0,
        }
    }

    fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl Sink for MoveList {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }
}

/// Stops at the first move, to ask whether any exists.
struct Any(bool);

impl Sink for Any {
    #[inline(always)]
    fn push(&mut self, _mv: Move) {
        self.0 = true;
    }
}

/// The rook's from and to squares for a castling move whose king lands on `king_to`.
pub(super) fn castling_rook(king_to: u8) -> (u8, u8) {
    match king_to {
        6 => (7, 5),
        2 => (0, 3),
        62 => (63, 61),
        _ => (56, 59),
    }
}

/// The square of the pawn taken by an en-passant capture landing on `to`, by `mover`.
pub(super) fn en_passant_victim(to: u8, mover: Side) -> u8 {
    match mover {
        Side::White => to.wrapping_sub(8),
        Side::Black => to.wrapping_add(8),
    }
}

#[inline(always)]
fn quiet(from: u8, to: u8) -> Move {
    Move {
        from,
        to,
        promotion: None,
        kind: MoveKind::Normal,
    }
}

#[inline(always)]
fn push_pawn_move<S: Sink>(sink: &mut S, from: u8, to: u8) {
    if bit(to) & BACK_RANKS != 0 {
        for role in PROMOTIONS {
            sink.push(Move {
                from,
                to,
                promotion: Some(role),
                kind: MoveKind::Normal,
            });
        }
    } else {
        sink.push(quiet(from, to));
    }
}

impl Position {
    /// The pieces of `by` that attack `square` when the board's occupancy is `occupied`.
    #[inline]
    pub(super) fn attackers(&self, square: u8, by: Side, occupied: Bitboard) -> Bitboard {
        let s = square as usize;
        let rooks = self.roles[Role::Rook.index()] | self.roles[Role::Queen.index()];
        let bishops = self.roles[Role::Bishop.index()] | self.roles[Role::Queen.index()];
        let attackers = (KNIGHT[s] & self.roles[Role::Knight.index()])
            | (KING[s] & self.roles[Role::King.index()])
            | (PAWN_ATTACKS[by.opposite().index()][s] & self.roles[Role::Pawn.index()])
            | (rook_attacks(square, occupied) & rooks)
            | (bishop_attacks(square, occupied) & bishops);
        attackers & self.sides[by.index()]
    }

    /// Our pieces that stand alone between our king and an enemy slider. Ice between them
    /// shields the king, so a piece behind or before ice is not pinned.
    #[inline]
    fn pinned(&self, king: u8, us: Side, occupied: Bitboard) -> Bitboard {
        let them = self.sides[us.opposite().index()];
        let queens = self.roles[Role::Queen.index()];
        let snipers = ((ROOK_RAYS[king as usize] & (self.roles[Role::Rook.index()] | queens))
            | (BISHOP_RAYS[king as usize] & (self.roles[Role::Bishop.index()] | queens)))
            & them;
        let mut pinned = 0;
        for sniper in Squares(snipers) {
            let blockers = between(king, sniper) & occupied;
            if blockers.count_ones() == 1 {
                pinned |= blockers & self.sides[us.index()];
            }
        }
        pinned
    }

    pub(super) fn generate_legal<S: Sink>(&self, sink: &mut S) {
        self.generate::<true, S>(sink);
    }

    /// Moves that follow the pieces' movement but may leave the king attacked, for telling a
    /// player why a move was refused.
    pub(super) fn generate_pseudo_legal(&self, sink: &mut Vec<Move>) {
        self.generate::<false, _>(sink);
    }

    pub(super) fn has_legal_move(&self) -> bool {
        let mut any = Any(false);
        self.generate_legal(&mut any);
        any.0
    }

    fn generate<const LEGAL: bool, S: Sink>(&self, sink: &mut S) {
        let us = self.turn;
        let them_side = us.opposite();
        let own = self.sides[us.index()];
        let them = self.sides[them_side.index()];
        let occupied = own | them | self.ice;
        let king_bb = own & self.roles[Role::King.index()];
        if king_bb == 0 {
            return;
        }
        let king = lsb(king_bb);

        let mut target = !own;
        let mut pinned = 0;
        let mut checkers = 0;
        let king_targets = KING[king as usize] & !own;
        if LEGAL {
            checkers = self.attackers(king, them_side, occupied);
            let without_king = occupied ^ king_bb;
            for to in Squares(king_targets) {
                if self.attackers(to, them_side, without_king) == 0 {
                    sink.push(quiet(king, to));
                }
            }
            if checkers.count_ones() > 1 {
                return;
            }
            if checkers != 0 {
                target = between(king, lsb(checkers)) | checkers;
            }
            pinned = self.pinned(king, us, occupied);
        } else {
            for to in Squares(king_targets) {
                sink.push(quiet(king, to));
            }
        }

        let knights = own & self.roles[Role::Knight.index()] & !pinned;
        for from in Squares(knights) {
            for to in Squares(KNIGHT[from as usize] & target) {
                sink.push(quiet(from, to));
            }
        }

        let queens = self.roles[Role::Queen.index()];
        let diagonal = own & (self.roles[Role::Bishop.index()] | queens);
        for from in Squares(diagonal) {
            let mut targets = bishop_attacks(from, occupied) & target;
            if pinned & bit(from) != 0 {
                targets &= line(king, from);
            }
            for to in Squares(targets) {
                sink.push(quiet(from, to));
            }
        }
        let straight = own & (self.roles[Role::Rook.index()] | queens);
        for from in Squares(straight) {
            let mut targets = rook_attacks(from, occupied) & target;
            if pinned & bit(from) != 0 {
                targets &= line(king, from);
            }
            for to in Squares(targets) {
                sink.push(quiet(from, to));
            }
        }

        self.generate_pawn_moves(sink, own, them | self.ice, occupied, target, pinned, king);

        if let Some(ep) = self.ep_square {
            self.generate_en_passant::<LEGAL, S>(sink, ep, own, occupied, king);
        }

        if !LEGAL || checkers == 0 {
            self.generate_castling::<LEGAL, S>(sink, occupied, king);
        }
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn generate_pawn_moves<S: Sink>(
        &self,
        sink: &mut S,
        own: Bitboard,
        capturable: Bitboard,
        occupied: Bitboard,
        target: Bitboard,
        pinned: Bitboard,
        king: u8,
    ) {
        let pawns = own & self.roles[Role::Pawn.index()];
        if pawns == 0 {
            return;
        }
        let empty = !occupied;
        let white = self.turn == Side::White;
        // Shifts by whole ranks toward the opponent, and the offsets that undo them.
        let forward = |bb: Bitboard, n: u32| if white { bb << n } else { bb >> n };
        let (step, double_from, left_shift, right_shift): (i8, Bitboard, u32, u32) = if white {
            (8, RANK_2, 7, 9)
        } else {
            (-8, RANK_7, 9, 7)
        };
        let allowed = |from: u8, to: u8| pinned & bit(from) == 0 || line(king, from) & bit(to) != 0;

        let single = forward(pawns, 8) & empty;
        let double = forward(forward(pawns & double_from, 8) & empty, 8) & empty & target;
        for to in Squares(single & target) {
            let from = (to as i8 - step) as u8;
            if allowed(from, to) {
                push_pawn_move(sink, from, to);
            }
        }
        for to in Squares(double) {
            let from = (to as i8 - 2 * step) as u8;
            if allowed(from, to) {
                sink.push(Move {
                    from,
                    to,
                    promotion: None,
                    kind: MoveKind::DoubleStep,
                });
            }
        }
        // Captures toward the a-file, then toward the h-file: a pawn takes a piece or ice.
        let (left_offset, right_offset) = if white {
            (left_shift as i8, right_shift as i8)
        } else {
            (-(left_shift as i8), -(right_shift as i8))
        };
        let left = if white {
            (pawns & !FILE_A) << left_shift
        } else {
            (pawns & !FILE_A) >> left_shift
        } & capturable
            & target;
        for to in Squares(left) {
            let from = (to as i8 - left_offset) as u8;
            if allowed(from, to) {
                push_pawn_move(sink, from, to);
            }
        }
        let right = if white {
            (pawns & !FILE_H) << right_shift
        } else {
            (pawns & !FILE_H) >> right_shift
        } & capturable
            & target;
        for to in Squares(right) {
            let from = (to as i8 - right_offset) as u8;
            if allowed(from, to) {
                push_pawn_move(sink, from, to);
            }
        }
    }

    #[inline(never)]
    fn generate_en_passant<const LEGAL: bool, S: Sink>(
        &self,
        sink: &mut S,
        ep: u8,
        own: Bitboard,
        occupied: Bitboard,
        king: u8,
    ) {
        if occupied & bit(ep) != 0 {
            return;
        }
        let us = self.turn;
        let victim = en_passant_victim(ep, us);
        let their_pawns = self.pieces(us.opposite(), Role::Pawn);
        if victim >= 64 || their_pawns & bit(victim) == 0 {
            return;
        }
        let capturers =
            PAWN_ATTACKS[us.opposite().index()][ep as usize] & own & self.roles[Role::Pawn.index()];
        for from in Squares(capturers) {
            if LEGAL {
                // Rare enough to test the whole board afterwards: this also catches the two
                // pawns leaving one rank at once, which a pin test cannot see.
                let after = (occupied ^ bit(from) ^ bit(victim)) | bit(ep);
                if self.attackers(king, us.opposite(), after) & !bit(victim) != 0 {
                    continue;
                }
            }
            sink.push(Move {
                from,
                to: ep,
                promotion: None,
                kind: MoveKind::EnPassant,
            });
        }
    }

    #[inline]
    fn generate_castling<const LEGAL: bool, S: Sink>(
        &self,
        sink: &mut S,
        occupied: Bitboard,
        king: u8,
    ) {
        let us = self.turn;
        let home = match us {
            Side::White => RANK_1,
            Side::Black => RANK_8,
        };
        let rights = self.castling & home;
        if rights == 0 {
            return;
        }
        for rook in Squares(rights) {
            let king_to = if rook > king { king + 2 } else { king - 2 };
            // Every square between king and rook must be empty: ice there forbids castling.
            if between(king, rook) & occupied != 0 {
                continue;
            }
            if LEGAL {
                let passes = between(king, king_to) | bit(king_to) | bit(king);
                if Squares(passes).any(|sq| self.attackers(sq, us.opposite(), occupied) != 0) {
                    continue;
                }
            }
            sink.push(Move {
                from: king,
                to: king_to,
                promotion: None,
                kind: MoveKind::Castle,
            });
        }
    }

    /// Plays `mv`, assumed legal, and the Ice Age after it when it is due.
    pub(super) fn make(&mut self, mv: Move) {
        let us = self.turn;
        let them = us.opposite();
        let from_bb = bit(mv.from);
        let to_bb = bit(mv.to);
        self.last_ice_age = None;
        self.halfmoves += 1;
        self.ep_square = None;
        let role = self.role_at(mv.from).unwrap_or(Role::Pawn);
        match mv.kind {
            MoveKind::Normal | MoveKind::DoubleStep => {
                if self.sides[them.index()] & to_bb != 0 {
                    if let Some(taken) = self.role_at(mv.to) {
                        self.roles[taken.index()] ^= to_bb;
                    }
                    self.sides[them.index()] ^= to_bb;
                    self.halfmoves = 0;
                } else if self.ice & to_bb != 0 {
                    self.ice ^= to_bb;
                    self.halfmoves = 0;
                }
                self.sides[us.index()] ^= from_bb | to_bb;
                match mv.promotion {
                    Some(promoted) => {
                        self.roles[role.index()] ^= from_bb;
                        self.roles[promoted.index()] ^= to_bb;
                    }
                    None => self.roles[role.index()] ^= from_bb | to_bb,
                }
                match role {
                    Role::Pawn => {
                        self.halfmoves = 0;
                        if mv.kind == MoveKind::DoubleStep {
                            self.ep_square = Some((mv.from + mv.to) / 2);
                        }
                    }
                    Role::King => self.castling &= !BACK_RANKS_OF[us.index()],
                    _ => {}
                }
                // A rook leaving its corner, or taken there, loses its right.
                self.castling &= !(from_bb | to_bb);
            }
            MoveKind::EnPassant => {
                let victim = bit(en_passant_victim(mv.to, us));
                self.sides[us.index()] ^= from_bb | to_bb;
                self.roles[Role::Pawn.index()] ^= from_bb | to_bb | victim;
                self.sides[them.index()] ^= victim;
                self.halfmoves = 0;
            }
            MoveKind::Castle => {
                let (rook_from, rook_to) = castling_rook(mv.to);
                let rook_bb = bit(rook_from) | bit(rook_to);
                self.sides[us.index()] ^= from_bb | to_bb | rook_bb;
                self.roles[Role::King.index()] ^= from_bb | to_bb;
                self.roles[Role::Rook.index()] ^= rook_bb;
                self.castling &= !BACK_RANKS_OF[us.index()];
            }
        }
        if us == Side::Black {
            if self.fullmoves.is_multiple_of(ICE_AGE_PERIOD) {
                self.ice_age();
            }
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
    }

    /// Leaf count `depth` plies deep, counting the moves of the last ply without making them.
    pub fn perft_bulk(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.over_without_search() {
            return 0;
        }
        if depth == 1 {
            let mut counter = Counter(0);
            self.generate_legal(&mut counter);
            return counter.0;
        }
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        let mut total = 0;
        for &mv in list.as_slice() {
            let mut child = self.clone();
            child.make(mv);
            total += child.perft_bulk(depth - 1);
        }
        total
    }
}

const BACK_RANKS_OF: [Bitboard; 2] = [RANK_1, RANK_8];
