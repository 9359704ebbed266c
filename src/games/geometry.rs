//! Squares and rectangular boards of any size up to 26 files and 26 ranks.
//!
//! Files are letters from `a` (left), ranks are numbers from `1` (bottom, White's side).

use std::fmt;

/// The dimensions of a rectangular board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    pub files: u8,
    pub ranks: u8,
}

impl BoardSize {
    pub const fn new(files: u8, ranks: u8) -> Self {
        Self { files, ranks }
    }

    pub const fn square_count(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    pub const fn contains(self, file: i16, rank: i16) -> bool {
        file >= 0 && rank >= 0 && file < self.files as i16 && rank < self.ranks as i16
    }

    /// The square at zero-based `file` and `rank`, if it is on this board.
    pub const fn square(self, file: i16, rank: i16) -> Option<Square> {
        if self.contains(file, rank) {
            Some(Square {
                file: file as u8,
                rank: rank as u8,
            })
        } else {
            None
        }
    }

    pub const fn index(self, square: Square) -> usize {
        square.rank as usize * self.files as usize + square.file as usize
    }

    pub const fn square_at(self, index: usize) -> Square {
        Square {
            file: (index % self.files as usize) as u8,
            rank: (index / self.files as usize) as u8,
        }
    }

    /// Every square, rank by rank from the bottom, files left to right.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.square_count()).map(move |index| self.square_at(index))
    }

    /// The square `offset` (files, ranks) away from `from`, if that is still on the board.
    pub fn offset(self, from: Square, offset: (i8, i8)) -> Option<Square> {
        self.square(
            from.file as i16 + offset.0 as i16,
            from.rank as i16 + offset.1 as i16,
        )
    }

    /// Parses a square name such as `a1`, `j10` or `t20`, checking it lies on this board.
    pub fn parse_square(self, text: &str) -> Option<Square> {
        let square = Square::parse(text)?;
        self.contains(square.file as i16, square.rank as i16)
            .then_some(square)
    }
}

/// A square by zero-based file and rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub file: u8,
    pub rank: u8,
}

impl Square {
    pub const fn new(file: u8, rank: u8) -> Self {
        Self { file, rank }
    }

    /// Parses `a1`..`z26`, case-insensitively, with no board check.
    pub fn parse(text: &str) -> Option<Square> {
        let text = text.trim();
        let mut chars = text.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if digits.starts_with('0') {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        if !(1..=26).contains(&rank) {
            return None;
        }
        Some(Square {
            file: letter as u8 - b'a',
            rank: rank - 1,
        })
    }

    pub fn file_char(self) -> char {
        (b'a' + self.file) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank + 1)
    }
}

/// The eight jumps of a chess knight.
pub const KNIGHT_JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The eight steps of a chess king.
pub const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The directions a rook slides in, and a bishop's.
pub const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
pub const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// Whether `a` and `b` are a knight's jump apart.
pub fn knight_jump_apart(a: Square, b: Square) -> bool {
    let df = (a.file as i16 - b.file as i16).abs();
    let dr = (a.rank as i16 - b.rank as i16).abs();
    (df == 1 && dr == 2) || (df == 2 && dr == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip_on_every_board_size() {
        for size in [
            BoardSize::new(8, 8),
            BoardSize::new(10, 10),
            BoardSize::new(12, 16),
            BoardSize::new(20, 20),
        ] {
            for (index, square) in size.squares().enumerate() {
                assert_eq!(size.index(square), index);
                let name = square.to_string();
                assert_eq!(size.parse_square(&name), Some(square), "{name}");
            }
            let outside = Square::new(size.files, 0).to_string();
            assert_eq!(size.parse_square(&outside), None);
        }
    }

    #[test]
    fn malformed_square_names_are_rejected() {
        for text in [
            "", "a", "a0", "a01", "1a", "a100", "ä1", "a-1", "aa1", "a27",
        ] {
            assert_eq!(Square::parse(text), None, "{text}");
        }
        assert_eq!(Square::parse("J10"), Some(Square::new(9, 9)));
    }

    #[test]
    fn knight_jumps_are_symmetric() {
        let size = BoardSize::new(10, 10);
        for a in size.squares() {
            for b in size.squares() {
                let by_table = KNIGHT_JUMPS
                    .iter()
                    .any(|&jump| size.offset(a, jump) == Some(b));
                assert_eq!(by_table, knight_jump_apart(a, b));
            }
        }
    }
}
