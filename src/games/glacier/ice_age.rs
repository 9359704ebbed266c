//! The Ice Age after every 20th Black move: refreeze, then freeze isolated pieces, both
//! computed from the board as it stood before (rules: "Ice Age").

use super::bitboard::{Bitboard, FILE_A, FILE_H, RANK_1, RANK_8, Squares, bit, neighbours};
use super::{Position, Role, Side, to_square};
use crate::games::geometry::Square;

/// A piece that froze: it stood on `square` and is ice now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FrozenPiece {
    pub square: Square,
    pub side: Side,
    pub role: Role,
}

/// What one Ice Age did, for the chat ("what froze") and the picture (marking it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct IceAgeReport {
    /// Empty squares that turned to ice.
    refrozen: Bitboard,
    /// Pieces that froze, by side index and by role index.
    frozen_sides: [Bitboard; 2],
    frozen_roles: [Bitboard; 6],
}

impl IceAgeReport {
    /// Empty squares that turned to ice, a1 first, rank by rank.
    pub fn refrozen(&self) -> Vec<Square> {
        Squares(self.refrozen).map(to_square).collect()
    }

    /// The pieces that froze, a1 first, rank by rank.
    pub fn frozen_pieces(&self) -> Vec<FrozenPiece> {
        let mut out = Vec::new();
        for side in Side::BOTH {
            for role in Role::ALL {
                let squares = self.frozen_sides[side.index()] & self.frozen_roles[role.index()];
                out.extend(Squares(squares).map(|index| FrozenPiece {
                    square: to_square(index),
                    side,
                    role,
                }));
            }
        }
        out.sort_by_key(|piece| (piece.square.rank, piece.square.file));
        out
    }

    /// Every square that became ice in this Ice Age: refrozen squares and frozen pieces.
    pub fn new_ice(&self) -> Vec<Square> {
        Squares(self.refrozen | self.frozen_sides[0] | self.frozen_sides[1])
            .map(to_square)
            .collect()
    }

    /// The sides whose king froze.
    pub fn frozen_kings(&self) -> Vec<Side> {
        Side::BOTH
            .into_iter()
            .filter(|side| {
                self.frozen_sides[side.index()] & self.frozen_roles[Role::King.index()] != 0
            })
            .collect()
    }

    /// Whether nothing at all changed (a board with no empty square and no lone piece).
    pub fn is_empty(&self) -> bool {
        self.refrozen == 0 && self.frozen_sides == [0, 0]
    }
}

/// The empty squares that stay empty: every on-board orthogonal neighbour holds a piece.
/// Ice is not a piece, so it does not cover a neighbour.
pub(super) fn sheltered(pieces: Bitboard, empty: Bitboard) -> Bitboard {
    // A square is covered from a side when the neighbour there is a piece or the board ends.
    let above = (pieces >> 8) | RANK_8;
    let below = (pieces << 8) | RANK_1;
    let right = ((pieces >> 1) & !FILE_H) | FILE_H;
    let left = ((pieces << 1) & !FILE_A) | FILE_A;
    empty & above & below & right & left
}

/// The pieces none of whose eight neighbours holds a piece.
pub(super) fn isolated(pieces: Bitboard) -> Bitboard {
    pieces & !neighbours(pieces)
}

impl Position {
    /// The pieces (both sides) that an Ice Age would freeze if it came on this board now:
    /// those with no piece on any of their eight neighbours. Nothing is changed; a search
    /// weighs these as material at risk.
    pub fn would_freeze(&self) -> Bitboard {
        isolated(self.sides[0] | self.sides[1])
    }

    /// Every square an Ice Age would turn to ice if it came on this board now: the empty
    /// squares it would refreeze and the pieces it would freeze, a1 first, rank by rank. For
    /// the picture's warning as the Ice Age draws near; nothing is changed.
    pub fn ice_age_preview(&self) -> Vec<Square> {
        let pieces = self.sides[0] | self.sides[1];
        let empty = !(pieces | self.ice);
        let refrozen = empty & !sheltered(pieces, empty);
        Squares(refrozen | isolated(pieces))
            .map(to_square)
            .collect()
    }

    /// The square of `side`'s king if an Ice Age coming now would freeze it.
    pub fn king_would_freeze(&self, side: Side) -> Option<Square> {
        let king = self.pieces(side, Role::King) & self.would_freeze();
        Squares(king).map(to_square).next()
    }

    pub(super) fn ice_age(&mut self) {
        let pieces = self.sides[0] | self.sides[1];
        let empty = !(pieces | self.ice);
        let refrozen = empty & !sheltered(pieces, empty);
        // Found on the board before anything is removed, so freezing one piece never
        // isolates another in the same Ice Age.
        let frozen = isolated(pieces);
        let report = IceAgeReport {
            refrozen,
            frozen_sides: [self.sides[0] & frozen, self.sides[1] & frozen],
            frozen_roles: self.roles.map(|bb| bb & frozen),
        };
        self.ice |= refrozen | frozen;
        for bb in self.sides.iter_mut().chain(self.roles.iter_mut()) {
            *bb &= !frozen;
        }
        // A frozen king or rook takes its castling rights with it.
        self.castling &= self.valid_castling();
        // The square a double step passed over is refrozen (the pawn's start square behind
        // it is empty), so no en-passant capture survives an Ice Age.
        if let Some(ep) = self.ep_square
            && self.ice & bit(ep) != 0
        {
            self.ep_square = None;
        }
        self.last_ice_age = Some(report);
    }

    /// The castling rights that the board still allows: king on its start square and the
    /// rook in its corner.
    pub(super) fn valid_castling(&self) -> Bitboard {
        let mut valid = 0;
        for (side, king, corners) in [(Side::White, 4u8, [0u8, 7]), (Side::Black, 60, [56, 63])] {
            if self.pieces(side, Role::King) & bit(king) == 0 {
                continue;
            }
            for corner in corners {
                valid |= self.pieces(side, Role::Rook) & bit(corner);
            }
        }
        valid
    }
}
