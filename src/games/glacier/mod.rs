//! Glacier Chess (Ice Age Chess, Köksal Karakus): chess on a board whose empty squares hold
//! ice, refrozen every 20 Black moves (`rules/glacier-chess.md`).
//!
//! Modules, one concern each: `bitboard` (tables and slider attacks), `movegen` (legal moves
//! and making them), `ice_age` (refreeze and freeze), `fen` (position text), `san` (reading
//! moves the way players type them).

mod bitboard;
mod fen;
mod ice_age;
mod movegen;
mod san;

use super::geometry::{BoardSize, Square};
use super::{EndReason, MoveSquares, Outcome, RulesError, Side, Status, TwoPlayerGame};
use bitboard::{Bitboard, Squares, bit, lsb};

pub use ice_age::{FrozenPiece, IceAgeReport};

/// The move generator's own attack tables and slider attacks, read-only, for a search's
/// evaluation (mobility, king safety) so that it never re-derives how pieces move.
pub mod attacks {
    pub use super::bitboard::{
        Bitboard, KING, KNIGHT, PAWN_ATTACKS, bishop_attacks, neighbours, rook_attacks,
    };
}

pub const SIZE: BoardSize = BoardSize::new(8, 8);

/// The full-move numbers that end with an Ice Age are the multiples of this.
pub const ICE_AGE_PERIOD: u32 = 20;

/// Half-moves without a capture (ice included) or a pawn move that end the game in a draw.
pub const HALF_MOVE_LIMIT: u32 = 150;

/// The start position of the rules file: the 32 empty squares of chess hold ice.
pub const START_FEN: &str =
    "rnbqkbnr/pppppppp/********/********/********/********/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The lower-case letter of FEN and UCI (`p`, `n`, `b`, `r`, `q`, `k`).
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    pub fn from_char(c: char) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|role| role.char() == c.to_ascii_lowercase())
    }

    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    const fn index(self) -> usize {
        self as usize
    }
}

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    Ice,
    Piece(Side, Role),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum MoveKind {
    Normal,
    DoubleStep,
    EnPassant,
    /// Castling; `to` is the king's destination, so the UCI text is `e1g1` / `e1c1`.
    Castle,
}

/// A move: from, to, promotion, and what kind of move it is (so that playing it needs no
/// second look at the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    to: u8,
    promotion: Option<Role>,
    kind: MoveKind,
}

impl Move {
    pub fn from(self) -> Square {
        SIZE.square_at(self.from as usize)
    }

    pub fn to(self) -> Square {
        SIZE.square_at(self.to as usize)
    }

    pub fn promotion(self) -> Option<Role> {
        self.promotion
    }

    pub fn is_castle(self) -> bool {
        self.kind == MoveKind::Castle
    }

    pub fn is_en_passant(self) -> bool {
        self.kind == MoveKind::EnPassant
    }

    /// The UCI text: `e2e4`, `e7e8q`, `e1g1` for castling.
    /// The from square as a bit index (a1 = 0, h1 = 7, a8 = 56), for search tables.
    pub fn from_index(self) -> u8 {
        self.from
    }

    /// The to square as a bit index (the king's destination for castling).
    pub fn to_index(self) -> u8 {
        self.to
    }

    pub fn uci(self) -> String {
        let mut text = format!("{}{}", self.from(), self.to());
        if let Some(role) = self.promotion {
            text.push(role.char());
        }
        text
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Pieces by side index (White 0).
    sides: [Bitboard; 2],
    /// Pieces by role index, both sides together.
    roles: [Bitboard; 6],
    ice: Bitboard,
    turn: Side,
    /// The corner squares whose rook may still castle.
    castling: Bitboard,
    /// The square a pawn passed over in a double step just played.
    ep_square: Option<u8>,
    halfmoves: u32,
    fullmoves: u32,
    /// What the Ice Age after the last move did, if the last move was followed by one.
    /// Not part of the position text: it only describes the move just played.
    last_ice_age: Option<IceAgeReport>,
}

fn to_square(index: u8) -> Square {
    SIZE.square_at(index as usize)
}

fn index_of(square: Square) -> Option<u8> {
    (square.file < 8 && square.rank < 8).then(|| square.rank * 8 + square.file)
}

impl Position {
    pub fn new_start() -> Self {
        let mut position = fen::parse(START_FEN).unwrap_or_else(|_| unreachable!());
        position.last_ice_age = None;
        position
    }

    fn empty(turn: Side) -> Self {
        Self {
            sides: [0; 2],
            roles: [0; 6],
            ice: 0,
            turn,
            castling: 0,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            last_ice_age: None,
        }
    }

    pub fn cell(&self, square: Square) -> Cell {
        match index_of(square) {
            Some(index) => self.cell_at(index),
            None => Cell::Empty,
        }
    }

    fn cell_at(&self, index: u8) -> Cell {
        let b = bit(index);
        if self.ice & b != 0 {
            return Cell::Ice;
        }
        let side = if self.sides[0] & b != 0 {
            Side::White
        } else if self.sides[1] & b != 0 {
            Side::Black
        } else {
            return Cell::Empty;
        };
        match self.role_at(index) {
            Some(role) => Cell::Piece(side, role),
            None => Cell::Empty,
        }
    }

    #[inline]
    fn role_at(&self, index: u8) -> Option<Role> {
        let b = bit(index);
        Role::ALL
            .into_iter()
            .find(|role| self.roles[role.index()] & b != 0)
    }

    fn put(&mut self, index: u8, side: Side, role: Role) {
        self.sides[side.index()] |= bit(index);
        self.roles[role.index()] |= bit(index);
    }

    /// The squares of `side`'s pieces of `role`, as a bitboard (a1 = bit 0).
    pub fn pieces(&self, side: Side, role: Role) -> Bitboard {
        self.sides[side.index()] & self.roles[role.index()]
    }

    /// The squares of all of `side`'s pieces.
    pub fn side_pieces(&self, side: Side) -> Bitboard {
        self.sides[side.index()]
    }

    /// The ice squares, as a bitboard.
    pub fn ice(&self) -> Bitboard {
        self.ice
    }

    /// The corners whose rook may still castle, as a bitboard (for a search's hash key).
    pub fn castling_corners(&self) -> Bitboard {
        self.castling
    }

    /// The square a double step just passed over, as a bit index.
    pub fn en_passant_index(&self) -> Option<u8> {
        self.ep_square
    }

    pub fn ice_squares(&self) -> Vec<Square> {
        Squares(self.ice).map(to_square).collect()
    }

    pub fn king(&self, side: Side) -> Option<Square> {
        let kings = self.pieces(side, Role::King);
        (kings != 0).then(|| to_square(lsb(kings)))
    }

    pub fn half_move_clock(&self) -> u32 {
        self.halfmoves
    }

    pub fn full_move_number(&self) -> u32 {
        self.fullmoves
    }

    /// Black moves still to be played up to and including the one that brings the next Ice
    /// Age (1 when Black's next move brings it).
    pub fn black_moves_to_ice_age(&self) -> u32 {
        let rest = self.fullmoves % ICE_AGE_PERIOD;
        if rest == 0 {
            1
        } else {
            ICE_AGE_PERIOD - rest + 1
        }
    }

    /// What froze in the Ice Age that followed the last move, if one did.
    pub fn last_ice_age(&self) -> Option<&IceAgeReport> {
        self.last_ice_age.as_ref()
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        let us = self.turn;
        let kings = self.pieces(us, Role::King);
        kings != 0 && self.attackers(lsb(kings), us.opposite(), self.occupied()) != 0
    }

    fn occupied(&self) -> Bitboard {
        self.sides[0] | self.sides[1] | self.ice
    }

    /// Whether the game is over for a reason that needs no move generation.
    fn over_without_search(&self) -> bool {
        self.roles[Role::King.index()].count_ones() < 2 || self.halfmoves >= HALF_MOVE_LIMIT
    }

    /// The squares to mark for `text`, the UCI text of the move that led to this position
    /// (for `kibitz render --last`): from and to, and the rook's squares after castling.
    /// An en-passant victim cannot be told from the board afterwards and is not marked.
    pub fn marks_for_last_move(&self, text: &str) -> Option<MoveSquares> {
        let text = text.trim();
        let from = SIZE.parse_square(text.get(0..2)?)?;
        let to = SIZE.parse_square(text.get(2..4)?)?;
        let king_to = index_of(to)?;
        let castled = matches!(self.cell(to), Cell::Piece(_, Role::King))
            && from.rank == to.rank
            && from.file.abs_diff(to.file) == 2;
        let also = if castled {
            let (rook_from, rook_to) = movegen::castling_rook(king_to);
            vec![to_square(rook_from), to_square(rook_to)]
        } else {
            Vec::new()
        };
        Some(MoveSquares {
            from: Some(from),
            to: Some(to),
            also,
        })
    }

    /// The move with this from, to and promotion, if it is legal here.
    pub fn find_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .find(|mv| mv.from() == from && mv.to() == to && mv.promotion == promotion)
    }
}

impl TwoPlayerGame for Position {
    type Move = Move;

    fn start(_seed: u64) -> Self {
        Self::new_start()
    }

    fn parse_position(text: &str) -> Result<Self, RulesError> {
        fen::parse(text)
    }

    fn position_text(&self) -> String {
        fen::write(self)
    }

    fn board_size(&self) -> BoardSize {
        SIZE
    }

    fn side_to_move(&self) -> Side {
        self.turn
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if !self.over_without_search() {
            self.generate_legal(moves);
        }
    }

    fn status(&self) -> Status {
        let kings = |side| self.pieces(side, Role::King) != 0;
        match (kings(Side::White), kings(Side::Black)) {
            (false, false) => return Status::Over(Outcome::draw(EndReason::BothKingsFrozen)),
            (false, true) => {
                return Status::Over(Outcome::win(Side::Black, EndReason::WhiteKingFrozen));
            }
            (true, false) => {
                return Status::Over(Outcome::win(Side::White, EndReason::BlackKingFrozen));
            }
            (true, true) => {}
        }
        // Checkmate and stalemate are judged before the half-move limit: a move that mates
        // wins even if it is the 150th without a capture.
        if !self.has_legal_move() {
            return Status::Over(if self.is_check() {
                Outcome::win(self.turn.opposite(), EndReason::Checkmate)
            } else {
                Outcome::draw(EndReason::Stalemate)
            });
        }
        if self.halfmoves >= HALF_MOVE_LIMIT {
            return Status::Over(Outcome::draw(EndReason::HalfMoveLimit));
        }
        Status::Ongoing
    }

    fn move_text(&self, mv: Move) -> String {
        mv.uci()
    }

    fn move_shown(&self, mv: Move) -> String {
        self.san(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, RulesError> {
        san::parse_move(self, text)
    }

    fn move_squares(&self, mv: Move) -> MoveSquares {
        let also = match mv.kind {
            MoveKind::Castle => {
                let (rook_from, rook_to) = movegen::castling_rook(mv.to);
                vec![to_square(rook_from), to_square(rook_to)]
            }
            MoveKind::EnPassant => vec![to_square(movegen::en_passant_victim(mv.to, self.turn))],
            MoveKind::Normal | MoveKind::DoubleStep => Vec::new(),
        };
        MoveSquares {
            from: Some(mv.from()),
            to: Some(mv.to()),
            also,
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.make(mv);
    }

    fn is_legal(&self, mv: Move) -> bool {
        if self.over_without_search() {
            return false;
        }
        let mut moves = Vec::new();
        self.generate_legal(&mut moves);
        moves.contains(&mv)
    }

    fn play(&mut self, mv: Move) -> Result<(), RulesError> {
        if !self.is_legal(mv) {
            return Err(san::refusal(self, san::Attempt::exact(mv), &mv.uci()));
        }
        self.make(mv);
        Ok(())
    }
}

#[cfg(test)]
mod tests;
