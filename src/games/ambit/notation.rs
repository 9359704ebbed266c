//! The texts of AMBIT: footprints, placements and the puzzle state.
//!
//! - A **footprint** is 8 ranks from 8 down to 1 separated by `/`, each 8 characters, `#` in
//!   the footprint and `.` outside (`rules/ambit.md`). Spaces around the text or a rank are
//!   ignored.
//! - A **placement** is printed `Nf3`: the piece letter (upper case) and the square. It is
//!   read forgivingly: either case, the piece before or after the square, spaces or an `@`
//!   between (`nf3`, `N f3`, `N@f3`, `f3N`), and the English piece name instead of the letter
//!   (`knight f3`).
//!
//! The state text of a puzzle being played (`FOOTPRINT PLACEMENT... LIVES`) is the game's, in
//! [`super::game`]: it is built of these texts, and this module knows nothing of a game.

use super::footprint;
use super::{Footprint, Piece, Placement};
use crate::games::{BoardSize, RulesError};
use std::str::FromStr;

const BOARD: BoardSize = BoardSize::new(8, 8);

/// The longest text quoted back in an error message (a whole footprint fits).
const QUOTE_LIMIT: usize = 80;

/// `text`, cut to a length fit to quote back, control characters shown as U+FFFD.
pub(super) fn quote(text: &str) -> String {
    crate::games::quote_within(text, QUOTE_LIMIT)
}

/// The footprint text: ranks 8 to 1, `#` in the footprint, `.` outside, separated by `/`.
pub fn footprint_text(footprint: Footprint) -> String {
    let mut text = String::with_capacity(71);
    for rank in (0..8).rev() {
        for file in 0..8 {
            let inside = footprint.0 & (1u64 << (rank * 8 + file)) != 0;
            text.push(if inside { '#' } else { '.' });
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text
}

/// Reads a footprint text. An empty footprint is refused: it is no puzzle.
pub fn parse_footprint(text: &str) -> Result<Footprint, RulesError> {
    let malformed = || RulesError::new("ambit-footprint-malformed").arg("footprint", quote(text));
    let ranks: Vec<&str> = text.trim().split('/').map(str::trim).collect();
    if ranks.len() != 8 {
        return Err(malformed());
    }
    let mut bits = 0u64;
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - row;
        if rank_text.chars().count() != 8 {
            return Err(malformed());
        }
        for (file, c) in rank_text.chars().enumerate() {
            match c {
                '#' => bits |= 1u64 << (rank * 8 + file),
                '.' => {}
                _ => return Err(malformed()),
            }
        }
    }
    if bits == 0 {
        return Err(RulesError::new("ambit-footprint-empty"));
    }
    Ok(Footprint(bits))
}

/// Reads a placement the way a player types it (see the module notes).
/// A piece's names and letters in Russian and Norwegian, lowercase, as players type them
/// (longest first where one is a prefix of another: `кр` before `к`).
fn native_words(piece: Piece) -> [&'static str; 4] {
    match piece {
        Piece::King => ["король", "кр", "konge", "k"],
        Piece::Queen => ["ферзь", "ф", "dronning", "d"],
        Piece::Rook => ["ладья", "л", "tårn", "t"],
        Piece::Bishop => ["слон", "с", "løper", "l"],
        Piece::Knight => ["конь", "к", "springer", "s"],
    }
}

pub fn parse_placement(text: &str) -> Result<Placement, RulesError> {
    let malformed = || RulesError::new("ambit-placement-malformed").arg("placement", quote(text));
    let folded: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '@')
        .flat_map(char::to_lowercase)
        .collect();
    if folded.chars().count() > 12 {
        return Err(malformed());
    }
    for piece in Piece::ALL {
        let letter = piece.letter().to_ascii_lowercase().to_string();
        let mut words = vec![piece.name(), letter.as_str()];
        words.extend(native_words(piece));
        for word in words {
            let square = folded
                .strip_prefix(word)
                .and_then(|rest| BOARD.parse_square(rest))
                .or_else(|| {
                    folded
                        .strip_suffix(word)
                        .and_then(|rest| BOARD.parse_square(rest))
                });
            if let Some(square) = square {
                return Ok(Placement::new(piece, square));
            }
        }
    }
    Err(malformed())
}

/// A placement typed (or pressed) part of the way: a piece, or a piece and its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartialPlacement {
    Piece(Piece),
    /// The file as its index (`a` = 0).
    PieceOnFile(Piece, u8),
}

/// Reads a piece (`N`, `knight`, `конь`, `S`) or a piece and a file (`Nf`), as the rack's
/// buttons send them; `None` for anything else, a whole placement included.
pub fn parse_partial_placement(text: &str) -> Option<PartialPlacement> {
    let folded: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    for piece in Piece::ALL {
        let letter = piece.letter().to_ascii_lowercase().to_string();
        let mut words = vec![piece.name(), letter.as_str()];
        words.extend(native_words(piece));
        for word in words {
            let Some(rest) = folded.strip_prefix(word) else {
                continue;
            };
            let mut chars = rest.chars();
            match (chars.next(), chars.next()) {
                (None, _) => return Some(PartialPlacement::Piece(piece)),
                (Some(file @ 'a'..='h'), None) => {
                    return Some(PartialPlacement::PieceOnFile(piece, file as u8 - b'a'));
                }
                _ => {}
            }
        }
    }
    None
}

impl FromStr for Footprint {
    type Err = RulesError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_footprint(text)
    }
}

impl FromStr for Placement {
    type Err = RulesError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_placement(text)
    }
}

/// The squares of a bitboard as text, `a1 b2 c3`, a1 to h8 rank by rank.
pub fn squares_text(bits: u64) -> String {
    footprint::squares(bits)
        .map(|square| square.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The placements as text, `Nf3 Bc4`, in the given order.
pub fn placements_text(placements: &[Placement]) -> String {
    placements
        .iter()
        .map(Placement::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

// Serde goes through the texts, so that a stored state is always checked when read back.

impl serde::Serialize for Footprint {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&footprint_text(*self))
    }
}

impl<'de> serde::Deserialize<'de> for Footprint {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        parse_footprint(&text).map_err(serde::de::Error::custom)
    }
}

impl serde::Serialize for Placement {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Placement {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        parse_placement(&text).map_err(serde::de::Error::custom)
    }
}
