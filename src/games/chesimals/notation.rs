//! Position text, the setups, and move text.
//!
//! # Position text
//!
//! Seven space-separated fields, eight in Critters:
//!
//! ```text
//! <variant> <board> <side> <turn-state> <passes> <quiet> <turn> [<options>]
//! ```
//!
//! - `variant`: `chesimals-1`, `chesimals-2` or `critters`; it fixes the board size (12 x 16 or
//!   20 x 20), so nothing else in the text assumes one.
//! - `board`: the ranks from the top (rank 16 or 20) down to rank 1, separated by `/`. In a
//!   rank, each unit is its colour letter and its unit letter (`oC` orange Chief, `bN` blue
//!   Knight), and a run of empty squares is its count in decimal (`12`, `20`; never two
//!   counts in a row). Colour letters: `y w g o` (White's yellow, white, grey, orange) and
//!   `e b r p` (Black's green, blue, red, purple); in Critters, where a unit's colour is its
//!   side, `w` (White) and `b` (Black). Unit letters: `C N W E G`. A unit that has already
//!   moved this turn is followed by `*` (`oW*`); this also tells which AMP is moving.
//! - `side`: `w` or `b`, the side to move.
//! - `turn-state`: `-`, or comma-separated items in this order: `x` if a capture was made
//!   this turn, then in Critters one `<square>:<n>` per brain that activated `n` (1..=24)
//!   units this turn, in board order (`x,e4:3,p4:1`). The charges must add up to the moved
//!   non-brain units.
//! - `passes`: passes in a row just before this turn (`0`, `1`; `2` means drawn).
//! - `quiet`: player turns completed in a row without a capture (`100` = 50 full turns,
//!   drawn).
//! - `turn`: the full-turn number, from `1`, growing after each Black turn.
//! - `options` (Critters only): `-`, or the switches in this order: `g` growth, `p`
//!   promotion, then `3` or `4` for the three- or four-brain setup (whose unit counts cap
//!   growth and promotion).
//!
//! Numbers are plain decimals without sign or leading zeros; the text written for a position
//! reads back to the same text. The trails of the current and previous turn are not part of
//! the text (they are only for drawing).

use super::{
    BRAIN_CAPACITY, Cell, Colour, CrittersOptions, Kind, MAX_BRAINS, Move, Position,
    QUIET_TURN_LIMIT, Trail, Unit, Variant,
};
use crate::games::geometry::{BoardSize, Square};
use crate::games::{RulesError, Side};

/// Chesimals I, this project's provisional setup (rules: "Setup"). White's AMPs are 3 x 3
/// blocks on ranks 1-3 with the Chief in the centre: orange ortho (a-c), white royal (d-f),
/// grey royal (g-i), yellow dia (j-l). Black mirrors White (rank r -> 17 - r) with green,
/// blue, red and purple.
pub const CHESIMALS_1_SETUP: &str = "chesimals-1 \
    eGeWeGbNbGbNrNrGrNpEpGpE/eWeCeWbGbCbGrGrCrGpGpCpG/eGeWeG1bG2rG1pEpGpE/\
    12/12/12/12/12/12/12/12/12/12/\
    oGoWoG1wG2gG1yEyGyE/oWoCoWwGwCwGgGgCgGyGyCyG/oGoWoGwNwGwNgNgGgNyEyGyE w - 0 0 1";

/// Chesimals II: the same setup as Chesimals I.
pub const CHESIMALS_2_SETUP: &str = "chesimals-2 \
    eGeWeGbNbGbNrNrGrNpEpGpE/eWeCeWbGbCbGrGrCrGpGpCpG/eGeWeG1bG2rG1pEpGpE/\
    12/12/12/12/12/12/12/12/12/12/\
    oGoWoG1wG2gG1yEyGyE/oWoCoWwGwCwGgGgCgGyGyCyG/oGoWoGwNwGwNgNgGgNyEyGyE w - 0 0 1";

/// Critters, this project's provisional setup: two identical critters a side, symmetric about
/// their brain's file. For White's brain on e4 (the same on p4, files n-r):
///
/// ```text
/// rank 4:      G C G        d4 f4 sliding generals, e4 brain (e5, green, stays open)
/// rank 3:    N G N G N      c3 e3 g3 knights, d3 f3 sliding generals
/// rank 2:    W E W E W      c2 e2 g2 lightning warmachines, d2 f2 oliphants
/// rank 1:        E          e1 oliphant
/// ```
///
/// 4 sliding generals, 3 lightning warmachines, 3 oliphants and 3 knights, all within king
/// distance 2..3 of the brain, none on a green square. Black mirrors White (rank r -> 21 - r).
pub const CRITTERS_SETUP: &str = "critters \
    4bE10bE4/2bWbEbWbEbW6bWbEbWbEbW2/2bNbGbNbGbN6bNbGbNbGbN2/3bGbCbG8bGbCbG3/\
    20/20/20/20/20/20/20/20/20/20/20/20/\
    3wGwCwG8wGwCwG3/2wNwGwNwGwN6wNwGwNwGwN2/2wWwEwWwEwW6wWwEwWwEwW2/4wE10wE4 w - 0 0 1 -";

/// Critters with a third brain (k4, k17) and the two extra knights, oliphants and lightning
/// warmachines in its critter: j3 l3 knights, j2 l2 oliphants, j1 l1 warmachines, not touching
/// the other critters.
pub const CRITTERS_SETUP_3_BRAINS: &str = "critters \
    4bE4bW1bW3bE4/2bWbEbWbEbW2bE1bE1bWbEbWbEbW2/2bNbGbNbGbN2bN1bN1bNbGbNbGbN2/\
    3bGbCbG4bC3bGbCbG3/\
    20/20/20/20/20/20/20/20/20/20/20/20/\
    3wGwCwG4wC3wGwCwG3/2wNwGwNwGwN2wN1wN1wNwGwNwGwN2/2wWwEwWwEwW2wE1wE1wWwEwWwEwW2/\
    4wE4wW1wW3wE4 w - 0 0 1 3";

/// Critters with four brains, all on rank 4 (b4 g4 n4 s4; Black on rank 17): the same 36
/// units split into four 3 x 3 critters (`G C G` / `E N E` / `W N W` from rank 4 down), the
/// outer ones touching the board edges, none touching another.
pub const CRITTERS_SETUP_4_BRAINS: &str = "critters \
    20/bWbNbW2bWbNbW4bWbNbW2bWbNbW/bEbNbE2bEbNbE4bEbNbE2bEbNbE/\
    bGbCbG2bGbCbG4bGbCbG2bGbCbG/\
    20/20/20/20/20/20/20/20/20/20/20/20/\
    wGwCwG2wGwCwG4wGwCwG2wGwCwG/wEwNwE2wEwNwE4wEwNwE2wEwNwE/wWwNwW2wWwNwW4wWwNwW2wWwNwW/\
    20 w - 0 0 1 4";

pub(super) fn setup_text(variant: Variant, brains: u8) -> &'static str {
    match (variant, brains) {
        (Variant::One, _) => CHESIMALS_1_SETUP,
        (Variant::Two, _) => CHESIMALS_2_SETUP,
        (Variant::Critters, 3) => CRITTERS_SETUP_3_BRAINS,
        (Variant::Critters, 4) => CRITTERS_SETUP_4_BRAINS,
        (Variant::Critters, _) => CRITTERS_SETUP,
    }
}

fn field_error(field: &'static str, text: &str) -> RulesError {
    RulesError::new("chesimals-position-field")
        .arg("field", field)
        .arg("text", crate::games::quote(text))
}

/// A decimal without sign or leading zeros.
fn parse_number<T: std::str::FromStr>(field: &'static str, text: &str) -> Result<T, RulesError> {
    let canonical = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    if !canonical {
        return Err(field_error(field, text));
    }
    text.parse().map_err(|_| field_error(field, text))
}

/// Reads a position text (see the module documentation).
pub(super) fn parse(text: &str) -> Result<Position, RulesError> {
    let mut position = parse_inner(text)?;
    if position.variant.is_critters() {
        // Growth and promotion never give a side more of a type than its setup had.
        let setup = parse_inner(setup_text(Variant::Critters, position.options.brains))?;
        for side in Side::BOTH {
            for kind in Kind::ALL {
                position.caps[side.index()][kind.index()] =
                    setup.count(side, kind).min(u8::MAX as usize) as u8;
            }
        }
    }
    Ok(position)
}

fn parse_inner(text: &str) -> Result<Position, RulesError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let Some(&variant_text) = fields.first() else {
        return Err(RulesError::new("chesimals-position-empty"));
    };
    let variant = Variant::parse(variant_text)
        .filter(|v| v.name() == variant_text)
        .ok_or_else(|| field_error("variant", variant_text))?;
    let expected = if variant.is_critters() { 8 } else { 7 };
    if fields.len() != expected {
        return Err(RulesError::new("chesimals-position-fields")
            .arg("expected", expected)
            .arg("found", fields.len()));
    }
    let size = variant.board_size();
    let mut position = Position {
        variant,
        options: CrittersOptions::default(),
        size,
        cells: [Cell::default(); super::MAX_SQUARES],
        to_move: Side::White,
        amp: None,
        moved_count: 0,
        captured_this_turn: false,
        passes: 0,
        quiet: 0,
        turn_number: 1,
        caps: [[0; 5]; 2],
        this_turn: Trail::EMPTY,
        last_turn: Trail::EMPTY,
    };
    parse_board(&mut position, fields[1])?;
    position.to_move = match fields[2] {
        "w" => Side::White,
        "b" => Side::Black,
        other => return Err(field_error("side", other)),
    };
    position.passes = parse_number("passes", fields[4])?;
    if position.passes > 2 {
        return Err(field_error("passes", fields[4]));
    }
    position.quiet = parse_number("quiet", fields[5])?;
    if position.quiet > QUIET_TURN_LIMIT {
        return Err(field_error("quiet", fields[5]));
    }
    position.turn_number = parse_number("turn", fields[6])?;
    if position.turn_number == 0 {
        return Err(field_error("turn", fields[6]));
    }
    if variant.is_critters() {
        position.options = parse_options(fields[7])?;
    }
    check_units(&mut position)?;
    parse_turn_state(&mut position, fields[3])?;
    Ok(position)
}

fn parse_board(position: &mut Position, board: &str) -> Result<(), RulesError> {
    let size = position.size;
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != size.ranks as usize {
        return Err(RulesError::new("chesimals-position-ranks")
            .arg("expected", size.ranks)
            .arg("found", ranks.len()));
    }
    let critters = position.variant.is_critters();
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = size.ranks as usize - 1 - row;
        let rank_error = || RulesError::new("chesimals-position-rank").arg("rank", rank + 1);
        let bytes = rank_text.as_bytes();
        let mut file = 0usize;
        let mut i = 0;
        let mut after_count = false;
        while i < bytes.len() {
            let byte = bytes[i];
            if byte.is_ascii_digit() {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let run: usize = rank_text[start..i].parse().map_err(|_| rank_error())?;
                if run == 0 || bytes[start] == b'0' || after_count {
                    return Err(rank_error());
                }
                // Checked: a huge run must not wrap around into a short rank.
                file = file
                    .checked_add(run)
                    .filter(|&file| file <= size.files as usize)
                    .ok_or_else(rank_error)?;
                after_count = true;
                continue;
            }
            after_count = false;
            let (Some(&colour_byte), Some(&kind_byte)) = (bytes.get(i), bytes.get(i + 1)) else {
                return Err(rank_error());
            };
            let cell_text = || {
                let end = (i + 2).min(bytes.len());
                String::from_utf8_lossy(&bytes[i..end]).into_owned()
            };
            let (side, colour) = if critters {
                match colour_byte {
                    b'w' => (Side::White, None),
                    b'b' => (Side::Black, None),
                    _ => return Err(unit_error(cell_text())),
                }
            } else {
                let colour = Colour::from_letter(colour_byte as char)
                    .ok_or_else(|| unit_error(cell_text()))?;
                (colour.side(), Some(colour))
            };
            let kind = Kind::ALL
                .into_iter()
                .find(|kind| kind.letter() as u32 == kind_byte as u32)
                .ok_or_else(|| unit_error(cell_text()))?;
            i += 2;
            let moved = bytes.get(i) == Some(&b'*');
            if moved {
                i += 1;
            }
            if file >= size.files as usize {
                return Err(rank_error());
            }
            let index = size.index(Square::new(file as u8, rank as u8));
            position.cells[index] = Cell {
                unit: Some(Unit { side, colour, kind }),
                moved,
                charges: 0,
            };
            file += 1;
        }
        if file != size.files as usize {
            return Err(rank_error());
        }
    }
    Ok(())
}

fn unit_error(text: String) -> RulesError {
    RulesError::new("chesimals-position-unit").arg("text", crate::games::quote(&text))
}

fn parse_options(text: &str) -> Result<CrittersOptions, RulesError> {
    let mut options = CrittersOptions::default();
    if text == "-" {
        return Ok(options);
    }
    let mut brains_seen = false;
    for letter in text.chars() {
        match letter {
            'g' if !options.growth => options.growth = true,
            'p' if !options.promotion => options.promotion = true,
            '3' | '4' if !brains_seen => {
                brains_seen = true;
                options.brains = if letter == '3' { 3 } else { 4 };
            }
            _ => return Err(field_error("options", text)),
        }
    }
    Ok(options)
}

/// At most one Chief of each colour (Chesimals), at most `MAX_BRAINS` brains a side
/// (Critters), and only the side to move's units marked as moved.
fn check_units(position: &mut Position) -> Result<(), RulesError> {
    let mut chiefs = [0usize; 8];
    let mut brains = [0usize; 2];
    for cell in &position.cells[..position.size.square_count()] {
        let Some(unit) = cell.unit else {
            continue;
        };
        if cell.moved && unit.side != position.to_move {
            return Err(RulesError::new("chesimals-position-moved-enemy"));
        }
        if unit.kind == Kind::Chief {
            brains[unit.side.index()] += 1;
            if let Some(colour) = unit.colour {
                chiefs[colour as usize] += 1;
                if chiefs[colour as usize] > 1 {
                    return Err(
                        RulesError::new("chesimals-position-chiefs").arg("colour", colour.name())
                    );
                }
            }
        }
    }
    if brains.iter().any(|&n| n > MAX_BRAINS) {
        return Err(RulesError::new("chesimals-position-brains").arg("most", MAX_BRAINS));
    }
    Ok(())
}

fn parse_turn_state(position: &mut Position, text: &str) -> Result<(), RulesError> {
    let state_error =
        || RulesError::new("chesimals-position-turn").arg("text", crate::games::quote(text));
    let size = position.size;
    let mut marked = 0u16;
    let mut marked_non_brains = 0u32;
    let mut amp: Option<Colour> = None;
    for cell in &position.cells[..size.square_count()] {
        let Some(unit) = cell.unit else {
            continue;
        };
        if !cell.moved {
            continue;
        }
        marked += 1;
        if unit.kind != Kind::Chief {
            marked_non_brains += 1;
        }
        if let Some(colour) = unit.colour {
            if amp.is_some_and(|a| a != colour) {
                return Err(state_error());
            }
            amp = Some(colour);
        }
    }
    position.moved_count = marked;
    position.amp = amp;
    if text == "-" {
        return if position.variant.is_critters() && marked_non_brains > 0 {
            Err(state_error())
        } else {
            Ok(())
        };
    }
    let mut items = text.split(',').peekable();
    if items.peek() == Some(&"x") {
        items.next();
        if marked == 0 {
            return Err(state_error());
        }
        position.captured_this_turn = true;
    }
    let mut total = 0u32;
    let mut last_index: Option<usize> = None;
    let mut any = position.captured_this_turn;
    for item in items {
        any = true;
        if !position.variant.is_critters() {
            return Err(state_error());
        }
        let (square_text, count_text) = item.split_once(':').ok_or_else(state_error)?;
        let square = size
            .parse_square(square_text)
            .filter(|square| square.to_string() == square_text)
            .ok_or_else(state_error)?;
        let count: u8 = parse_number("turn-state", count_text)?;
        if count == 0 || count > BRAIN_CAPACITY {
            return Err(state_error());
        }
        let index = size.index(square);
        if last_index.is_some_and(|last| last >= index) {
            return Err(state_error());
        }
        last_index = Some(index);
        let is_own_brain = position.cells[index]
            .unit
            .is_some_and(|u| u.side == position.to_move && u.kind == Kind::Chief);
        if !is_own_brain {
            return Err(state_error());
        }
        position.cells[index].charges = count;
        total += count as u32;
    }
    if !any || (position.variant.is_critters() && total != marked_non_brains) {
        return Err(state_error());
    }
    Ok(())
}

/// Writes the position text (see the module documentation).
pub(super) fn format(position: &Position) -> String {
    let size = position.size;
    let mut out = String::with_capacity(size.square_count() + 64);
    out.push_str(position.variant.name());
    out.push(' ');
    for row in 0..size.ranks {
        if row > 0 {
            out.push('/');
        }
        let rank = size.ranks - 1 - row;
        let mut empty = 0;
        for file in 0..size.files {
            let cell = position.cells[size.index(Square::new(file, rank))];
            let Some(unit) = cell.unit else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push(colour_letter(position.variant, unit));
            out.push(unit.kind.letter());
            if cell.moved {
                out.push('*');
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    out.push(' ');
    out.push(match position.to_move {
        Side::White => 'w',
        Side::Black => 'b',
    });
    out.push(' ');
    let mut items: Vec<String> = Vec::new();
    if position.captured_this_turn {
        items.push("x".to_string());
    }
    for square in size.squares() {
        let charges = position.cells[size.index(square)].charges;
        if charges > 0 {
            items.push(format!("{square}:{charges}"));
        }
    }
    if items.is_empty() {
        out.push('-');
    } else {
        out.push_str(&items.join(","));
    }
    out.push_str(&format!(
        " {} {} {}",
        position.passes, position.quiet, position.turn_number
    ));
    if position.variant.is_critters() {
        let options = position.options;
        let mut text = String::new();
        if options.growth {
            text.push('g');
        }
        if options.promotion {
            text.push('p');
        }
        if options.brains != 2 {
            text.push_str(&options.brains.to_string());
        }
        if text.is_empty() {
            text.push('-');
        }
        out.push(' ');
        out.push_str(&text);
    }
    out
}

fn colour_letter(variant: Variant, unit: Unit) -> char {
    match (variant.is_critters(), unit.colour) {
        (false, Some(colour)) => colour.letter(),
        _ => match unit.side {
            Side::White => 'w',
            Side::Black => 'b',
        },
    }
}

/// The canonical text of an action: `b3-b5`, `e3xe5` (a capture), with `@e4` when a Critters
/// unit is charged to a brain other than the default one, `end`, `end e5=N`, `pass`.
pub(super) fn move_text(position: &Position, mv: Move) -> String {
    match mv {
        Move::Unit { from, to, brain } => {
            let mover = position.unit_at(from);
            let capture = position
                .unit_at(to)
                .is_some_and(|target| mover.is_none_or(|m| m.side != target.side));
            let mut text = format!("{from}{}{to}", if capture { 'x' } else { '-' });
            if let (Some(brain), Some(mover)) = (brain, mover)
                && position.default_brain(from, mover.kind) != Some(brain)
            {
                text.push_str(&format!("@{brain}"));
            }
            text
        }
        Move::End { promote: None } => "end".to_string(),
        Move::End {
            promote: Some((square, kind)),
        } => format!("end {square}={}", kind.letter()),
        Move::Pass => "pass".to_string(),
    }
}

/// Reads an action the way a player types it, case-insensitively and ignoring spaces:
/// `b3-b5`, `b3xb5`, `b3b5`, `e5-e7@e4` (Critters: charge the brain on e4), `end`/`done`,
/// `end e5=N` (Critters promotion), `pass`. The `x` is not checked against the board: a
/// capture typed with `-` or a plain move with `x` is accepted.
pub(super) fn parse_move(position: &Position, text: &str) -> Result<Move, RulesError> {
    let cleaned: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    let bad = || RulesError::new("chesimals-bad-move").arg("text", crate::games::quote(text));
    if cleaned == "pass" {
        return position.check_pass();
    }
    for word in ["end", "done"] {
        if let Some(rest) = cleaned.strip_prefix(word) {
            if rest.is_empty() {
                return position.check_end(None);
            }
            let (square_text, kind_text) = rest.split_once('=').ok_or_else(bad)?;
            let square = parse_square(position.size, square_text)?;
            let mut letters = kind_text.chars();
            let kind = match (letters.next(), letters.next()) {
                (Some(letter), None) => Kind::from_letter(letter).ok_or_else(bad)?,
                _ => return Err(bad()),
            };
            return position.check_end(Some((square, kind)));
        }
    }
    let (body, brain) = match cleaned.split_once('@') {
        Some((body, brain)) => (body, Some(parse_square(position.size, brain)?)),
        None => (cleaned.as_str(), None),
    };
    let bytes = body.as_bytes();
    if !bytes.first().is_some_and(u8::is_ascii_lowercase) {
        return Err(bad());
    }
    let mut split = 1;
    while bytes.get(split).is_some_and(u8::is_ascii_digit) {
        split += 1;
    }
    let (from_text, mut rest) = body.split_at(split);
    if let Some(after) = rest.strip_prefix('-') {
        rest = after;
    } else if let Some(after) = rest.strip_prefix('x')
        && after.as_bytes().first().is_some_and(u8::is_ascii_lowercase)
    {
        rest = after;
    }
    if split == 1 || !looks_like_square(rest) {
        return Err(bad());
    }
    let from = parse_square(position.size, from_text)?;
    let to = parse_square(position.size, rest)?;
    position.check_unit_move(from, to, brain)
}

/// A letter and one or two digits: a square name, though perhaps not on this board.
fn looks_like_square(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.first().is_some_and(u8::is_ascii_lowercase)
        && (2..=3).contains(&bytes.len())
        && bytes[1..].iter().all(u8::is_ascii_digit)
}

fn parse_square(size: BoardSize, text: &str) -> Result<Square, RulesError> {
    size.parse_square(text).ok_or_else(|| {
        RulesError::new("chesimals-bad-square").arg("square", crate::games::quote(text))
    })
}
