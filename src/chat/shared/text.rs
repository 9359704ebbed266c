//! Cutting a reply into messages under a platform's length limit.

use std::ops::Range;

/// What a platform counts a message's length in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// UTF-16 code units (Telegram).
    Utf16,
    /// Unicode scalar values (Discord).
    Char,
}

impl Unit {
    /// How long `text` is in this unit.
    pub fn count(self, text: &str) -> usize {
        match self {
            Unit::Utf16 => text.encode_utf16().count(),
            Unit::Char => text.chars().count(),
        }
    }

    fn of(self, c: char) -> usize {
        match self {
            Unit::Utf16 => c.len_utf16(),
            Unit::Char => 1,
        }
    }
}

/// Where to cut `rest` (longer than `limit`) so that the piece fits: at a space where one is
/// in the piece's second half, else as late as fits, but never between an escaping
/// backslash and what it escapes (Discord's text is escaped markdown). A byte index.
fn cut_point(rest: &str, limit: usize, unit: Unit) -> usize {
    let mut end = 0;
    let mut used = 0;
    for (index, c) in rest.char_indices() {
        if used + unit.of(c) > limit {
            break;
        }
        used += unit.of(c);
        end = index + c.len_utf8();
    }
    let space = rest[..end]
        .char_indices()
        .rev()
        .find(|(_, c)| c.is_whitespace());
    match space {
        Some((at, space)) if at > end / 2 => at + space.len_utf8(),
        _ => {
            let backslashes = rest[..end].chars().rev().take_while(|&c| c == '\\').count();
            end - backslashes % 2
        }
    }
}

/// Cuts one over-long line into pieces of at most `limit`.
fn hard_split(line: &str, limit: usize, unit: Unit) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut rest = line;
    while unit.count(rest) > limit {
        let cut = cut_point(rest, limit, unit);
        if cut == 0 {
            break;
        }
        pieces.push(&rest[..cut]);
        rest = &rest[cut..];
    }
    pieces.push(rest);
    pieces
}

/// Splits `text` into messages of at most `limit` units, between lines where it can: each
/// piece's byte range in `text`, trailing white space left out, empty pieces dropped.
pub fn split_text(text: &str, limit: usize, unit: Unit) -> Vec<Range<usize>> {
    let mut pieces = Vec::new();
    let (mut start, mut end, mut current_len) = (0, 0, 0);
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        for part in hard_split(line, limit, unit) {
            let len = unit.count(part);
            if current_len + len > limit && end > start {
                pieces.push(start..end);
                start = at;
                current_len = 0;
            }
            at += part.len();
            end = at;
            current_len += len;
        }
    }
    pieces.push(start..end);
    pieces
        .into_iter()
        .map(|piece| piece.start..piece.start + text[piece].trim_end().len())
        .filter(|piece| !piece.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(text: &str, limit: usize, unit: Unit) -> Vec<&str> {
        split_text(text, limit, unit)
            .into_iter()
            .map(|range| &text[range])
            .collect()
    }

    #[test]
    fn the_unit_decides_what_fits() {
        // Four clefs are four characters but eight UTF-16 units.
        let clefs = "𝄞𝄞𝄞𝄞";
        assert_eq!(pieces(clefs, 4, Unit::Char), [clefs]);
        assert_eq!(pieces(clefs, 4, Unit::Utf16), ["𝄞𝄞", "𝄞𝄞"]);
    }

    #[test]
    fn a_long_line_is_cut_at_a_space_and_never_inside_a_character() {
        // A no-break space is white space two bytes long: the cut goes after all of it.
        let line = format!("{}\u{a0}{}", "a".repeat(8), "b".repeat(8));
        assert_eq!(
            pieces(&line, 12, Unit::Char),
            ["a".repeat(8), "b".repeat(8)]
        );
        assert_eq!(pieces("ab\\*cd", 3, Unit::Char), ["ab", "\\*c", "d"]);
    }
}
