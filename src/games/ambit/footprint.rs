//! The footprints of the five pieces on an empty 8x8 board, as 64-bit bitboards.
//!
//! Bit `8 * rank + file` stands for a square (a1 = bit 0, h1 = bit 7, a8 = bit 56, h8 = bit
//! 63). Pieces never block one another, and a piece's own square is never in its footprint.

use super::Piece;
use crate::games::Square;
use crate::games::geometry::{
    BISHOP_DIRECTIONS, KING_STEPS, KNIGHT_JUMPS as KNIGHT_STEPS, ROOK_DIRECTIONS,
};

/// Every square.
pub const FULL: u64 = u64::MAX;

/// The bit index of `square` (a1 = 0 .. h8 = 63); `square` must lie on the 8x8 board.
pub const fn index(square: Square) -> usize {
    square.rank as usize * 8 + square.file as usize
}

/// The square of bit index `index` (0..64).
pub const fn square_at(index: usize) -> Square {
    Square::new((index % 8) as u8, (index / 8) as u8)
}

/// The bit of `square`.
pub const fn bit(square: Square) -> u64 {
    1u64 << index(square)
}

/// The squares of a bitboard, from a1 to h8 (rank by rank).
pub fn squares(mut bits: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let index = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(square_at(index))
    })
}

const fn on_board(file: i8, rank: i8) -> bool {
    file >= 0 && file < 8 && rank >= 0 && rank < 8
}

const fn leaper(from: usize, steps: &[(i8, i8); 8]) -> u64 {
    let (file, rank) = ((from % 8) as i8, (from / 8) as i8);
    let mut bits = 0;
    let mut i = 0;
    while i < steps.len() {
        let (f, r) = (file + steps[i].0, rank + steps[i].1);
        if on_board(f, r) {
            bits |= 1u64 << (r as usize * 8 + f as usize);
        }
        i += 1;
    }
    bits
}

const fn slider(from: usize, directions: &[(i8, i8); 4]) -> u64 {
    let (file, rank) = ((from % 8) as i8, (from / 8) as i8);
    let mut bits = 0;
    let mut i = 0;
    while i < directions.len() {
        let (mut f, mut r) = (file + directions[i].0, rank + directions[i].1);
        while on_board(f, r) {
            bits |= 1u64 << (r as usize * 8 + f as usize);
            f += directions[i].0;
            r += directions[i].1;
        }
        i += 1;
    }
    bits
}

/// `TABLE[piece as usize][square index]`, in the order of [`Piece::ALL`].
const TABLE: [[u64; 64]; 5] = {
    let mut table = [[0u64; 64]; 5];
    let mut from = 0;
    while from < 64 {
        let rook = slider(from, &ROOK_DIRECTIONS);
        let bishop = slider(from, &BISHOP_DIRECTIONS);
        table[Piece::King as usize][from] = leaper(from, &KING_STEPS);
        table[Piece::Queen as usize][from] = rook | bishop;
        table[Piece::Rook as usize][from] = rook;
        table[Piece::Bishop as usize][from] = bishop;
        table[Piece::Knight as usize][from] = leaper(from, &KNIGHT_STEPS);
        from += 1;
    }
    table
};

/// The footprint of `piece` standing on the square of bit index `from` (0..64).
pub const fn attacks_from(piece: Piece, from: usize) -> u64 {
    TABLE[piece as usize][from & 63]
}

/// The footprint of `piece` standing on `square`.
pub const fn attacks(piece: Piece, square: Square) -> u64 {
    attacks_from(piece, index(square))
}
