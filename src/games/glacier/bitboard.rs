//! Bitboards (one bit a square, a1 = bit 0, h1 = bit 7, a8 = bit 56) and attack tables.
//!
//! Slider attacks use hyperbola quintessence for files and diagonals and a small table for
//! ranks: no magic numbers to find or trust, and every table is computed at compile time.

use crate::games::geometry::{KING_STEPS, KNIGHT_JUMPS};

pub type Bitboard = u64;

pub const FILE_A: Bitboard = 0x0101_0101_0101_0101;
pub const FILE_H: Bitboard = FILE_A << 7;
pub const RANK_1: Bitboard = 0xff;
pub const RANK_2: Bitboard = RANK_1 << 8;
pub const RANK_7: Bitboard = RANK_1 << 48;
pub const RANK_8: Bitboard = RANK_1 << 56;
pub const BACK_RANKS: Bitboard = RANK_1 | RANK_8;

#[inline(always)]
pub const fn bit(square: u8) -> Bitboard {
    1 << square
}

#[inline(always)]
pub const fn lsb(bb: Bitboard) -> u8 {
    bb.trailing_zeros() as u8
}

/// Iterates the squares of a bitboard, lowest first.
#[derive(Clone, Copy)]
pub struct Squares(pub Bitboard);

impl Iterator for Squares {
    type Item = u8;

    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            let square = lsb(self.0);
            self.0 &= self.0 - 1;
            Some(square)
        }
    }
}

const fn step_table(steps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [0; 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = ((square % 8) as i8, (square / 8) as i8);
        let mut i = 0;
        while i < steps.len() {
            let (f, r) = (file + steps[i].0, rank + steps[i].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[square] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        square += 1;
    }
    table
}

pub static KNIGHT: [Bitboard; 64] = step_table(&KNIGHT_JUMPS);
pub static KING: [Bitboard; 64] = step_table(&KING_STEPS);
/// The squares a pawn of each side attacks, by side index (White 0).
pub static PAWN_ATTACKS: [[Bitboard; 64]; 2] = [
    step_table(&[(-1, 1), (1, 1)]),
    step_table(&[(-1, -1), (1, -1)]),
];

/// The squares from `square` in direction (df, dr) up to the edge, excluding `square`.
const fn ray(square: u8, df: i8, dr: i8) -> Bitboard {
    let (mut f, mut r) = ((square % 8) as i8 + df, (square / 8) as i8 + dr);
    let mut bb = 0;
    while f >= 0 && f < 8 && r >= 0 && r < 8 {
        bb |= 1 << (r * 8 + f);
        f += df;
        r += dr;
    }
    bb
}

const fn line_masks(df: i8, dr: i8) -> [Bitboard; 64] {
    let mut table = [0; 64];
    let mut square = 0;
    while square < 64 {
        table[square as usize] = ray(square, df, dr) | ray(square, -df, -dr);
        square += 1;
    }
    table
}

static FILE_MASK: [Bitboard; 64] = line_masks(0, 1);
static DIAG_MASK: [Bitboard; 64] = line_masks(1, 1);
static ANTI_MASK: [Bitboard; 64] = line_masks(1, -1);

/// Rank attacks by file and the six inner occupancy bits of the rank.
static RANK_ATTACKS: [[u8; 64]; 8] = {
    let mut table = [[0u8; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            let occ = (inner << 1) as u8;
            let mut attacks = 0u8;
            let mut f = file as i8 + 1;
            while f < 8 {
                attacks |= 1 << f;
                if occ & (1 << f) != 0 {
                    break;
                }
                f += 1;
            }
            f = file as i8 - 1;
            while f >= 0 {
                attacks |= 1 << f;
                if occ & (1 << f) != 0 {
                    break;
                }
                f -= 1;
            }
            table[file][inner] = attacks;
            inner += 1;
        }
        file += 1;
    }
    table
};

#[inline(always)]
fn hyperbola(square: u8, occupied: Bitboard, mask: Bitboard) -> Bitboard {
    let o = occupied & mask;
    let r = o.swap_bytes();
    let forward = o.wrapping_sub(bit(square).wrapping_mul(2));
    let reverse = r.wrapping_sub(bit(square ^ 56).wrapping_mul(2));
    (forward ^ reverse.swap_bytes()) & mask
}

#[inline(always)]
fn rank_attacks(square: u8, occupied: Bitboard) -> Bitboard {
    let shift = square & 56;
    let inner = ((occupied >> shift) >> 1) & 63;
    (RANK_ATTACKS[(square & 7) as usize][inner as usize] as Bitboard) << shift
}

#[inline(always)]
pub fn rook_attacks(square: u8, occupied: Bitboard) -> Bitboard {
    hyperbola(square, occupied, FILE_MASK[square as usize]) | rank_attacks(square, occupied)
}

#[inline(always)]
pub fn bishop_attacks(square: u8, occupied: Bitboard) -> Bitboard {
    hyperbola(square, occupied, DIAG_MASK[square as usize])
        | hyperbola(square, occupied, ANTI_MASK[square as usize])
}

/// Rook and bishop rays on an empty board, to find pinning and checking sliders quickly.
pub static ROOK_RAYS: [Bitboard; 64] = {
    let mut table = [0; 64];
    let mut square = 0;
    while square < 64 {
        table[square as usize] =
            ray(square, 1, 0) | ray(square, -1, 0) | FILE_MASK[square as usize];
        square += 1;
    }
    table
};
pub static BISHOP_RAYS: [Bitboard; 64] = {
    let mut table = [0; 64];
    let mut square = 0;
    while square < 64 {
        table[square as usize] = DIAG_MASK[square as usize] | ANTI_MASK[square as usize];
        square += 1;
    }
    table
};

const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// BETWEEN[a][b]: the squares strictly between two squares on a line, else empty.
/// LINE[a][b]: the whole line through both (edge to edge), else empty.
static TABLES: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = {
    let mut between = [[0; 64]; 64];
    let mut line = [[0; 64]; 64];
    let mut a = 0u8;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let full = ray(a, df, dr) | ray(a, -df, -dr) | (1 << a);
            let (mut f, mut r) = ((a % 8) as i8 + df, (a / 8) as i8 + dr);
            let mut passed: Bitboard = 0;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                let b = (r * 8 + f) as usize;
                between[a as usize][b] = passed;
                line[a as usize][b] = full;
                passed |= 1 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
};

#[inline(always)]
pub fn between(a: u8, b: u8) -> Bitboard {
    TABLES.0[a as usize][b as usize]
}

#[inline(always)]
pub fn line(a: u8, b: u8) -> Bitboard {
    TABLES.1[a as usize][b as usize]
}

/// Every square that is a king's step from some square of `bb`.
#[inline]
pub fn neighbours(bb: Bitboard) -> Bitboard {
    let sideways = ((bb << 1) & !FILE_A) | ((bb >> 1) & !FILE_H);
    let row = bb | sideways;
    sideways | (row << 8) | (row >> 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow_slider(square: u8, occupied: Bitboard, dirs: &[(i8, i8)]) -> Bitboard {
        let mut out = 0;
        for &(df, dr) in dirs {
            let (mut f, mut r) = ((square % 8) as i8 + df, (square / 8) as i8 + dr);
            while (0..8).contains(&f) && (0..8).contains(&r) {
                let b = (r * 8 + f) as u8;
                out |= bit(b);
                if occupied & bit(b) != 0 {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        out
    }

    #[test]
    fn slider_attacks_match_a_slow_scan() {
        let mut state = 0x1234_5678_9abc_def0u64;
        for _ in 0..2000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occupied = state & (state >> 3);
            for square in 0..64 {
                assert_eq!(
                    rook_attacks(square, occupied),
                    slow_slider(square, occupied, &[(1, 0), (-1, 0), (0, 1), (0, -1)])
                );
                assert_eq!(
                    bishop_attacks(square, occupied),
                    slow_slider(square, occupied, &[(1, 1), (-1, 1), (1, -1), (-1, -1)])
                );
            }
        }
    }

    #[test]
    fn neighbours_are_king_steps() {
        for square in 0..64 {
            assert_eq!(neighbours(bit(square)), KING[square as usize]);
        }
    }
}
