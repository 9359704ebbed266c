//! Reading moves the way players type them: UCI (`h2g3`, `e7e8q`) and SAN (`hxg3`, `Nxf6`,
//! `O-O`), forgiving of case where that is unambiguous and of missing or extra `x`, `+`, `#`,
//! `=`; and explaining a refusal in terms a player can act on.

use super::bitboard::{Squares, between, bit};
use super::{Move, MoveKind, Position, Role, Side};
use crate::games::{RulesError, TwoPlayerGame};

/// One reading of what the player typed: a filter over the legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Attempt {
    /// The moving piece; `None` when the text named a from-square (UCI).
    role: Option<Role>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    /// The destination; `None` for castling written as `O-O`.
    to: Option<u8>,
    promotion: Option<Role>,
    /// `Some(true)` for castling king side, `Some(false)` queen side.
    castle: Option<bool>,
}

impl Attempt {
    pub(super) fn exact(mv: Move) -> Self {
        Self {
            role: None,
            from_file: Some(mv.from % 8),
            from_rank: Some(mv.from / 8),
            to: Some(mv.to),
            promotion: mv.promotion,
            castle: None,
        }
    }

    fn castle(king_side: bool) -> Self {
        Self {
            role: Some(Role::King),
            from_file: None,
            from_rank: None,
            to: None,
            promotion: None,
            castle: Some(king_side),
        }
    }

    fn matches(&self, position: &Position, mv: Move, check_promotion: bool) -> bool {
        if let Some(king_side) = self.castle {
            return mv.kind == MoveKind::Castle && (mv.to > mv.from) == king_side;
        }
        self.to == Some(mv.to)
            && self.from_file.is_none_or(|f| f == mv.from % 8)
            && self.from_rank.is_none_or(|r| r == mv.from / 8)
            && self
                .role
                .is_none_or(|role| position.role_at(mv.from) == Some(role))
            && (!check_promotion || self.promotion == mv.promotion)
    }
}

fn malformed(text: &str) -> RulesError {
    RulesError::new("glacier-move-malformed").arg("move", crate::games::quote(text))
}

/// Drops what players add or leave out freely: check and mate signs, annotations, capture
/// marks, dashes and the `=` of a promotion.
/// Russian (Кр Ф Л С К) and Norwegian (K D T L S) piece letters as English ones, so players
/// type moves the way their chess books print them. A Norwegian letter counts only as a leading
/// piece letter followed by a square (`Dd4`), or after `=` (`e8=D`), since `d` is also a file.
fn native_letters(text: &str) -> String {
    let text = text.trim();
    let cyrillic: String = text
        .replace("Кр", "K")
        .replace("кр", "K")
        .replace("КР", "K")
        .chars()
        .map(|c| match c {
            'Ф' | 'ф' => 'Q',
            'Л' | 'л' => 'R',
            'С' | 'с' => 'B',
            'К' | 'к' => 'N',
            other => other,
        })
        .collect();
    let norwegian = |c: char| match c {
        'D' => Some('Q'),
        'T' => Some('R'),
        'L' => Some('B'),
        'S' => Some('N'),
        _ => None,
    };
    let mut chars: Vec<char> = cyrillic.chars().collect();
    if let Some(&first) = chars.first()
        && let Some(english) = norwegian(first)
        && chars[1..]
            .iter()
            .filter(|c| c.is_ascii_alphanumeric())
            .count()
            >= 2
    {
        chars[0] = english;
    }
    for i in 1..chars.len() {
        if chars[i - 1] == '='
            && let Some(english) = norwegian(chars[i])
        {
            chars[i] = english;
        }
    }
    chars.into_iter().collect()
}

fn clean(text: &str) -> String {
    let mut text = native_letters(text);
    for suffix in ["e.p.", "e.p", "ep"] {
        if text.len() > suffix.len() + 1 && text.to_ascii_lowercase().ends_with(suffix) {
            text.truncate(text.len() - suffix.len());
        }
    }
    text.chars()
        .filter(|c| !matches!(c, 'x' | 'X' | ':' | '-' | '=' | '+' | '#' | '!' | '?' | '×'))
        .filter(|c| !c.is_whitespace())
        .collect()
}

fn file_of(c: char) -> Option<u8> {
    ('a'..='h').contains(&c).then(|| c as u8 - b'a')
}

fn rank_of(c: char) -> Option<u8> {
    ('1'..='8').contains(&c).then(|| c as u8 - b'1')
}

fn piece_of(c: char) -> Option<Role> {
    match c {
        'N' => Some(Role::Knight),
        'B' => Some(Role::Bishop),
        'R' => Some(Role::Rook),
        'Q' => Some(Role::Queen),
        'K' => Some(Role::King),
        'P' => Some(Role::Pawn),
        _ => None,
    }
}

/// Reads `[file][rank]` disambiguation; `None` if it is anything else.
fn disambiguation(chars: &[char]) -> Option<(Option<u8>, Option<u8>)> {
    match chars {
        [] => Some((None, None)),
        [c] => file_of(*c)
            .map(|f| (Some(f), None))
            .or_else(|| rank_of(*c).map(|r| (None, Some(r)))),
        [f, r] => Some((Some(file_of(*f)?), Some(rank_of(*r)?))),
        _ => None,
    }
}

/// The SAN readings of `chars` (already cleaned); `loose` also lets case go.
fn san_readings(chars: &[char], loose: bool) -> Vec<Attempt> {
    let mut out = Vec::new();
    let mut chars: Vec<char> = chars.to_vec();
    if loose {
        chars.iter_mut().for_each(|c| *c = c.to_ascii_lowercase());
    }
    // A piece letter after the destination's rank can only be a promotion, in any case.
    let mut promotion = None;
    if let [.., digit, letter] = chars.as_slice()
        && digit.is_ascii_digit()
        && letter.is_ascii_alphabetic()
    {
        promotion = Some(
            piece_of(letter.to_ascii_uppercase()).filter(|r| !matches!(r, Role::King | Role::Pawn)),
        );
        chars.pop();
    }
    let Some(promotion) = promotion.map_or(Some(None), |p| p.map(Some)) else {
        return out;
    };
    let [prefix @ .., file, rank] = chars.as_slice() else {
        return out;
    };
    let (Some(file), Some(rank)) = (file_of(*file), rank_of(*rank)) else {
        return out;
    };
    let to = Some(rank * 8 + file);
    let mut push = |role: Role, rest: &[char]| {
        if let Some((mut from_file, from_rank)) = disambiguation(rest) {
            // A pawn named by its destination alone moves along its file: `e3` is never a
            // capture from d2 or f2.
            if role == Role::Pawn && from_file.is_none() {
                from_file = Some(file);
            }
            out.push(Attempt {
                role: Some(role),
                from_file,
                from_rank,
                to,
                promotion,
                castle: None,
            });
        }
    };
    match prefix.first() {
        Some(&c) if loose => {
            if let Some(role) = piece_of(c.to_ascii_uppercase()) {
                push(role, &prefix[1..]);
            }
            // A lower-case `b` is a file as well as a bishop.
            push(Role::Pawn, prefix);
        }
        Some(&c) => match piece_of(c) {
            Some(role) => push(role, &prefix[1..]),
            None => push(Role::Pawn, prefix),
        },
        None => push(Role::Pawn, prefix),
    }
    out
}

/// The readings of a typed move, strict ones first; empty if the text is no move at all.
fn readings(position: &Position, text: &str) -> (Vec<Attempt>, Vec<Attempt>) {
    let cleaned = clean(text);
    let chars: Vec<char> = cleaned.chars().collect();
    if chars.len() > 12 {
        return (Vec::new(), Vec::new());
    }
    if (2..=3).contains(&chars.len()) && chars.iter().all(|c| matches!(c, 'O' | 'o' | '0')) {
        let attempt = vec![Attempt::castle(chars.len() == 2)];
        return (attempt.clone(), attempt);
    }
    let lower: Vec<char> = chars.iter().map(|c| c.to_ascii_lowercase()).collect();
    if let [ff, fr, tf, tr, rest @ ..] = lower.as_slice()
        && rest.len() <= 1
        && let (Some(ff), Some(fr), Some(tf), Some(tr)) =
            (file_of(*ff), rank_of(*fr), file_of(*tf), rank_of(*tr))
    {
        let promotion = match rest {
            [] => None,
            [c] => match piece_of(c.to_ascii_uppercase()) {
                Some(role @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => Some(role),
                _ => return (Vec::new(), Vec::new()),
            },
            _ => None,
        };
        let from = fr * 8 + ff;
        let to = tr * 8 + tf;
        let attempt = uci_attempt(position, from, to, promotion);
        return (vec![attempt], vec![attempt]);
    }
    (san_readings(&chars, false), san_readings(&chars, true))
}

/// A UCI move; the king taking its own rook (`e1h1`) is read as castling, as some programs
/// write it.
fn uci_attempt(position: &Position, from: u8, to: u8, promotion: Option<Role>) -> Attempt {
    let us = position.turn;
    let home_king = match us {
        Side::White => 4,
        Side::Black => 60,
    };
    if from == home_king
        && position.pieces(us, Role::King) & bit(from) != 0
        && position.pieces(us, Role::Rook) & bit(to) != 0
        && to / 8 == from / 8
    {
        return Attempt::castle(to > from);
    }
    Attempt {
        role: None,
        from_file: Some(from % 8),
        from_rank: Some(from / 8),
        to: Some(to),
        promotion,
        castle: None,
    }
}

fn matching(position: &Position, moves: &[Move], attempts: &[Attempt]) -> Vec<Move> {
    let mut found: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&mv| attempts.iter().any(|a| a.matches(position, mv, true)))
        .collect();
    found.dedup();
    found
}

pub(super) fn parse_move(position: &Position, text: &str) -> Result<Move, RulesError> {
    let (strict, loose) = readings(position, text);
    if strict.is_empty() && loose.is_empty() {
        return Err(malformed(text));
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    for attempts in [&strict, &loose] {
        let found = matching(position, &moves, attempts);
        match found.as_slice() {
            [] => continue,
            [mv] => return Ok(*mv),
            _ => {
                let mut candidates: Vec<String> = found.iter().map(|mv| mv.uci()).collect();
                candidates.sort();
                return Err(RulesError::new("glacier-ambiguous")
                    .arg("move", crate::games::quote(text))
                    .arg("candidates", candidates.join(", ")));
            }
        }
    }
    match strict.first().or(loose.first()) {
        Some(&attempt) => Err(refusal(position, attempt, text.trim())),
        None => Err(malformed(text)),
    }
}

/// Why the move the player meant (typed as `text`) is not legal here. Every refusal but
/// `move-game-over` carries the text as its `move` argument.
pub(super) fn refusal(position: &Position, attempt: Attempt, text: &str) -> RulesError {
    let error = explain(position, attempt);
    if error.key == "move-game-over" || error.args.iter().any(|(name, _)| *name == "move") {
        error
    } else {
        error.arg("move", crate::games::quote(text))
    }
}

/// The reason itself, as precisely as is cheap to tell.
fn explain(position: &Position, attempt: Attempt) -> RulesError {
    if position.status().is_over() {
        return RulesError::new("move-game-over");
    }
    let mut legal = Vec::new();
    position.legal_moves(&mut legal);

    let without_promotion: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&mv| attempt.matches(position, mv, false))
        .collect();
    if let Some(mv) = without_promotion.first() {
        return match (attempt.promotion, mv.promotion) {
            (None, Some(_)) => RulesError::new("glacier-promotion-needed").arg("square", mv.to()),
            (Some(_), None) => RulesError::new("glacier-not-a-promotion"),
            _ => RulesError::new("glacier-promotion-piece"),
        };
    }

    let mut pseudo = Vec::new();
    position.generate_pseudo_legal(&mut pseudo);
    if let Some(mv) = pseudo
        .iter()
        .find(|&&mv| attempt.matches(position, mv, false))
    {
        return if position.is_check() {
            RulesError::new("glacier-in-check")
        } else if mv.kind == MoveKind::Castle {
            RulesError::new("glacier-castling-through-check")
        } else {
            RulesError::new("glacier-king-exposed")
        };
    }

    // Would the move be possible on the same board without ice? Then ice is the reason.
    let mut thawed = position.clone();
    thawed.ice = 0;
    let mut thawed_moves = Vec::new();
    thawed.generate_pseudo_legal(&mut thawed_moves);
    if let Some(&mv) = thawed_moves
        .iter()
        .find(|&&mv| attempt.matches(&thawed, mv, false))
    {
        let quiet_there = !is_capture(&thawed, mv);
        if quiet_there && legal.iter().all(|&m| is_capture(position, m)) {
            return RulesError::new("glacier-must-capture");
        }
        // Some ice always lies in the way here; the destination is a safe fallback.
        let square = Squares(blocking_ice(position, mv)).next().unwrap_or(mv.to);
        return RulesError::new("glacier-blocked-by-ice").arg("square", super::to_square(square));
    }

    match attempt {
        Attempt {
            role: None,
            from_file: Some(file),
            from_rank: Some(rank),
            ..
        } if position.sides[position.turn.index()] & bit(rank * 8 + file) == 0 => {
            RulesError::new("glacier-no-piece-on").arg("square", super::to_square(rank * 8 + file))
        }
        Attempt {
            role: Some(role), ..
        } if position.pieces(position.turn, role) == 0 => {
            RulesError::new("glacier-no-such-piece").arg("piece", role.name())
        }
        _ => RulesError::new("move-illegal"),
    }
}

impl Position {
    /// `mv` (a legal move of this position) in Standard Algebraic Notation, as a PGN record
    /// writes it: `Nxf3`, `exd5`, `Rad1`, `O-O`, `e8=Q`, with `+` for check and `#` for
    /// checkmate after it (taking any Ice Age it brings into account). Capturing ice is a
    /// capture (`x`), as the rules count it.
    pub fn san(&self, mv: Move) -> String {
        use crate::games::{EndReason, Status};
        let mut text = match mv.kind {
            MoveKind::Castle if mv.to % 8 > mv.from % 8 => "O-O".to_string(),
            MoveKind::Castle => "O-O-O".to_string(),
            _ => {
                let role = self.role_at(mv.from).unwrap_or(Role::Pawn);
                let capture = is_capture(self, mv);
                let mut text = String::new();
                if role == Role::Pawn {
                    if capture {
                        text.push(char::from(b'a' + mv.from % 8));
                    }
                } else {
                    text.push(role.char().to_ascii_uppercase());
                    let mut legal = Vec::new();
                    self.legal_moves(&mut legal);
                    let rivals: Vec<Move> = legal
                        .into_iter()
                        .filter(|other| {
                            other.to == mv.to
                                && other.from != mv.from
                                && self.role_at(other.from) == Some(role)
                        })
                        .collect();
                    if !rivals.is_empty() {
                        let file = char::from(b'a' + mv.from % 8);
                        let rank = char::from(b'1' + mv.from / 8);
                        if rivals.iter().all(|other| other.from % 8 != mv.from % 8) {
                            text.push(file);
                        } else if rivals.iter().all(|other| other.from / 8 != mv.from / 8) {
                            text.push(rank);
                        } else {
                            text.push(file);
                            text.push(rank);
                        }
                    }
                }
                if capture {
                    text.push('x');
                }
                text.push_str(&mv.to().to_string());
                if let Some(promotion) = mv.promotion {
                    text.push('=');
                    text.push(promotion.char().to_ascii_uppercase());
                }
                text
            }
        };
        let mut after = self.clone();
        if after.play(mv).is_ok() {
            match after.status() {
                Status::Over(outcome) if outcome.reason == EndReason::Checkmate => text.push('#'),
                _ if after.is_check() => text.push('+'),
                _ => {}
            }
        }
        text
    }
}

fn is_capture(position: &Position, mv: Move) -> bool {
    let them = position.sides[position.turn.opposite().index()];
    mv.kind == MoveKind::EnPassant || (them | position.ice) & bit(mv.to) != 0
}

/// The ice squares that stand in the way of `mv` (a move legal on the board without ice).
fn blocking_ice(position: &Position, mv: Move) -> u64 {
    let path = match mv.kind {
        MoveKind::Castle => {
            let (rook, _) = super::movegen::castling_rook(mv.to);
            between(mv.from, rook)
        }
        MoveKind::Normal | MoveKind::DoubleStep
            if position.role_at(mv.from) == Some(Role::Pawn) =>
        {
            between(mv.from, mv.to) | bit(mv.to)
        }
        _ => between(mv.from, mv.to),
    };
    path & position.ice
}

#[cfg(test)]
mod native_tests {
    use super::native_letters;

    #[test]
    fn russian_and_norwegian_piece_letters_read_as_english() {
        for (typed, read) in [
            ("Кр:e2", "K:e2"),
            ("Фd1", "Qd1"),
            ("Лa1", "Ra1"),
            ("Сc4", "Bc4"),
            ("Кf3", "Nf3"),
            ("кf3", "Nf3"),
            ("e8=Ф", "e8=Q"),
            ("Dd4", "Qd4"),
            ("Txa1", "Rxa1"),
            ("Lc4", "Bc4"),
            ("Sf3", "Nf3"),
            ("e8=D", "e8=Q"),
            ("Kf1", "Kf1"),
            ("d4", "d4"),
            ("D4", "D4"),
        ] {
            assert_eq!(native_letters(typed), read, "{typed}");
        }
    }
}
