//! Position text: FEN with `*` for an ice square (rules: "Notation").

use super::bitboard::{BACK_RANKS, bit, lsb};
use super::movegen::en_passant_victim;
use super::{Cell, Position, Role, Side};
use crate::games::RulesError;
use crate::games::geometry::Square;

/// The half-move clock is kept far from overflow while allowing any real game (a game is
/// over long before it: `HALF_MOVE_LIMIT`). The full-move number takes any `u32`, because
/// playing on counts up to it and then stays there (saturating), so every position `play`
/// writes is one this parser reads back.
const MAX_HALF_MOVES: u32 = 100_000;
const MAX_FULL_MOVES: u32 = u32::MAX;

fn bad(reason: &str) -> RulesError {
    RulesError::new("position-malformed").arg("reason", reason)
}

/// The castling letters in FEN order and the corner each stands for.
const CASTLING_LETTERS: [(char, u8); 4] = [('K', 7), ('Q', 0), ('k', 63), ('q', 56)];

pub(super) fn parse(text: &str) -> Result<Position, RulesError> {
    let mut fields = text.split_whitespace();
    let board = fields.next().ok_or_else(|| bad("missing board"))?;
    let turn = match fields.next() {
        Some("w" | "W") => Side::White,
        Some("b" | "B") => Side::Black,
        Some(_) => return Err(bad("the side to move must be w or b")),
        None => return Err(bad("missing side to move")),
    };
    let castling = fields.next().unwrap_or("-");
    let ep = fields.next().unwrap_or("-");
    let halfmoves = parse_number(fields.next(), 0, MAX_HALF_MOVES, "half-move clock")?;
    let fullmoves = parse_number(fields.next(), 1, MAX_FULL_MOVES, "full-move number")?;
    if fields.next().is_some() {
        return Err(bad("too many fields"));
    }

    let mut position = Position::empty(turn);
    position.halfmoves = halfmoves;
    position.fullmoves = fullmoves;
    parse_board(&mut position, board)?;
    validate_board(&position)?;
    position.castling = parse_castling(&position, castling)?;
    position.ep_square = parse_en_passant(&position, ep)?;
    Ok(position)
}

fn parse_number(
    field: Option<&str>,
    default: u32,
    max: u32,
    what: &str,
) -> Result<u32, RulesError> {
    let Some(field) = field else {
        return Ok(default);
    };
    let value: u32 = field
        .parse()
        .map_err(|_| bad(&format!("the {what} must be a number")))?;
    if value > max || (default == 1 && value == 0) {
        return Err(bad(&format!("the {what} is out of range")));
    }
    Ok(value)
}

fn parse_board(position: &mut Position, board: &str) -> Result<(), RulesError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(bad("there must be eight ranks separated by /"));
    }
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - row as u8;
        let mut file = 0u8;
        for c in rank_text.chars() {
            if file >= 8 {
                return Err(bad("a rank has more than eight squares"));
            }
            let index = rank * 8 + file;
            match c {
                '1'..='8' => file += c as u8 - b'0',
                '*' => {
                    position.ice |= bit(index);
                    file += 1;
                }
                _ => {
                    let role = Role::from_char(c)
                        .ok_or_else(|| bad("a square must be a piece letter, a digit or *"))?;
                    let side = if c.is_ascii_uppercase() {
                        Side::White
                    } else {
                        Side::Black
                    };
                    position.put(index, side, role);
                    file += 1;
                }
            }
        }
        if file != 8 {
            return Err(bad("every rank must have eight squares"));
        }
    }
    Ok(())
}

fn validate_board(position: &Position) -> Result<(), RulesError> {
    for side in Side::BOTH {
        // No king at all is allowed: that side's king froze, and the game is over.
        if position.pieces(side, Role::King).count_ones() > 1 {
            return Err(bad("a side has more than one king"));
        }
    }
    if position.roles[Role::Pawn.index()] & BACK_RANKS != 0 {
        return Err(bad("a pawn stands on the first or last rank"));
    }
    let waiting = position.turn.opposite();
    let kings = position.pieces(waiting, Role::King);
    if kings != 0 && position.attackers(lsb(kings), position.turn, position.occupied()) != 0 {
        return Err(bad("the side not to move is in check"));
    }
    Ok(())
}

fn parse_castling(position: &Position, field: &str) -> Result<u64, RulesError> {
    if field == "-" {
        return Ok(0);
    }
    let mut rights = 0;
    for c in field.chars() {
        let (_, corner) = CASTLING_LETTERS
            .iter()
            .find(|(letter, _)| *letter == c)
            .ok_or_else(|| bad("castling rights are - or letters of KQkq"))?;
        if rights & bit(*corner) != 0 {
            return Err(bad("a castling right is given twice"));
        }
        rights |= bit(*corner);
    }
    if rights & !position.valid_castling() != 0 {
        return Err(bad(
            "a castling right needs its king and rook on their start squares",
        ));
    }
    Ok(rights)
}

fn parse_en_passant(position: &Position, field: &str) -> Result<Option<u8>, RulesError> {
    if field == "-" {
        return Ok(None);
    }
    let square = Square::parse(field)
        .filter(|s| s.file < 8 && s.rank < 8)
        .ok_or_else(|| bad("the en-passant square must be - or a square"))?;
    let index = square.rank * 8 + square.file;
    let mover = position.turn;
    let not_after_double_step = || bad("the en-passant square does not follow a double step");
    // Checked first so that the squares in front and behind are on the board.
    let (wanted_rank, start) = match mover {
        Side::White => (5, index + 8),
        Side::Black => (2, index.wrapping_sub(8)),
    };
    if square.rank != wanted_rank {
        return Err(not_after_double_step());
    }
    let victim = en_passant_victim(index, mover);
    let pawn_there = position.cell_at(victim) == Cell::Piece(mover.opposite(), Role::Pawn);
    let free = |i: u8| position.cell_at(i) == Cell::Empty;
    if !pawn_there || !free(index) || !free(start) {
        return Err(not_after_double_step());
    }
    Ok(Some(index))
}

pub(super) fn write(position: &Position) -> String {
    let mut out = String::with_capacity(90);
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            let c = match position.cell_at(rank * 8 + file) {
                Cell::Empty => {
                    empty += 1;
                    continue;
                }
                Cell::Ice => '*',
                Cell::Piece(Side::White, role) => role.char().to_ascii_uppercase(),
                Cell::Piece(Side::Black, role) => role.char(),
            };
            if empty > 0 {
                out.push((b'0' + empty) as char);
                empty = 0;
            }
            out.push(c);
        }
        if empty > 0 {
            out.push((b'0' + empty) as char);
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push_str(match position.turn {
        Side::White => " w ",
        Side::Black => " b ",
    });
    let before = out.len();
    for (letter, corner) in CASTLING_LETTERS {
        if position.castling & bit(corner) != 0 {
            out.push(letter);
        }
    }
    if out.len() == before {
        out.push('-');
    }
    match position.ep_square {
        Some(index) => out.push_str(&format!(" {}", super::to_square(index))),
        None => out.push_str(" -"),
    }
    out.push_str(&format!(" {} {}", position.halfmoves, position.fullmoves));
    out
}
