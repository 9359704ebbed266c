//! Game records: a two-player game's standing moves written as a file, and read back.
//!
//! Glacier Chess is written as PGN (the Seven Tag Roster, `Variant "Glacier Chess"`,
//! `SetUp "1"` and the start position's `FEN` with its ice, SAN moves, each Ice Age a
//! `{Ice Age}` comment after the move that brought it). Knight Fight and the Chesimals are
//! written in Kibitz's own small text format (`docs/records.md`): `Key: value` header lines,
//! a blank line, then one turn a line, `white: TEXT` or `black: TEXT`.
//!
//! Pure, like the rest of `games/`: it knows the rules core and nothing of the renderer, the
//! bot or the store (a replay's pictures are `bot/play/export.rs`'s). [`Record::replay`] is
//! the one walk through a record's positions: the command line, the history file and the
//! animated replay all take their positions from it.

use crate::games::{
    AnyGame, EndReason, GameKind, MoveSquares, Outcome, RulesError, Side, Status, TwoPlayerGame,
    chesimals,
};
use std::fmt::Write as _;

/// The PGN `Variant` tag of Glacier Chess: the game's own name, as the rules call it.
pub const PGN_VARIANT: &str = "Glacier Chess";
/// The PGN comment after a move that brought an Ice Age.
pub const ICE_AGE_COMMENT: &str = "Ice Age";
/// The largest record read (a Chesimals game of 1,000 turns is far below it).
pub const MAX_RECORD_BYTES: usize = 4 << 20;
/// PGN's export format keeps movetext lines under 80 characters.
const PGN_LINE: usize = 79;

/// A game's record: where it started, who played, how it ended, and its turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub kind: GameKind,
    /// The start position's text (Glacier: its FEN with `*` for ice).
    pub start: String,
    pub white: String,
    pub black: String,
    /// How the game ended; `None` while it goes on, or when it was aborted (`*`).
    pub result: Option<Outcome>,
    /// The day the game began, `YYYY-MM-DD` (UTC).
    pub date: Option<String>,
    /// What the game was (`Kibitz game #12`).
    pub event: Option<String>,
    /// The turns that stand, in order.
    pub turns: Vec<Turn>,
}

/// One turn: a move of Knight Fight or Glacier Chess, a whole Chesimals turn (its unit
/// moves and `end`, as typed over one or several messages, joined by spaces).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub side: Side,
    pub text: String,
}

/// What a review adds to a turn in a PGN: its mark as a numeric annotation glyph (`$4`) and
/// the value after it as a `[%eval …]` comment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnNote {
    pub nag: Option<u8>,
    pub eval: Option<String>,
}

/// A position of a record's replay: the start, or the position after a turn.
#[derive(Clone, Debug)]
pub struct Step {
    pub position: AnyGame,
    /// The turn that led here (its index in [`Record::turns`]); `None` for the start.
    pub turn: Option<usize>,
    /// The squares the turn touched, for the last-move marks.
    pub squares: Option<MoveSquares>,
    /// The turn as the record's file writes it: SAN for Glacier Chess (the store keeps UCI),
    /// else the turn's text. Empty for the start.
    pub written: String,
    /// Glacier Chess: the turn brought an Ice Age.
    pub ice_age: bool,
    /// Glacier Chess: the full-move number of the turn (`12` for `12. Nf3` and `12... Nf6`);
    /// other games: the turn's number counted in full turns from 1.
    pub number: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("the record is empty")]
    Empty,
    #[error("the record is larger than {MAX_RECORD_BYTES} bytes")]
    TooLarge,
    #[error("line {line}: {what}")]
    Syntax { line: usize, what: String },
    #[error("the record has no {0}")]
    Missing(&'static str),
    #[error("the record's start position is refused: {0}")]
    Start(RulesError),
    #[error("move {number} ({text}) is refused: {error}")]
    Move {
        number: usize,
        text: String,
        error: RulesError,
    },
    #[error("move {number} ({text}) is {side}'s, but {to_move} is to move")]
    Turn {
        number: usize,
        text: String,
        side: Side,
        to_move: Side,
    },
    #[error("the record's result ({recorded}) does not match its last position ({position})")]
    Result { recorded: String, position: String },
}

/// Plays one turn's text: a whole move, or a Chesimals turn as one message (so a turn left
/// open at the end of a record stays open, and one that ends with `end` is ended there, even
/// where its last unit move left nothing else to do). Returns the squares it touched.
pub fn play_turn(position: &mut AnyGame, text: &str) -> Result<MoveSquares, RulesError> {
    match position {
        AnyGame::Chesimals(_) => {
            if chesimals::turn_tokens(text).is_empty() {
                return Err(RulesError::new("chesimals-empty-turn"));
            }
            Ok(position.play_message(text)?.squares)
        }
        AnyGame::KnightFight(_) | AnyGame::Glacier(_) => Ok(position.play_text(text)?.squares),
    }
}

impl Record {
    /// The turns of moves as stored, one message each: a side's consecutive messages (a
    /// Chesimals turn typed unit by unit) are one turn, joined by spaces.
    pub fn turns_of(messages: impl IntoIterator<Item = (Side, String)>) -> Vec<Turn> {
        let mut turns: Vec<Turn> = Vec::new();
        for (side, text) in messages {
            match turns.last_mut() {
                Some(turn) if turn.side == side => {
                    turn.text.push(' ');
                    turn.text.push_str(&text);
                }
                _ => turns.push(Turn { side, text }),
            }
        }
        turns
    }

    /// The file name's extension: `pgn` for Glacier Chess, `txt` for the text format.
    pub fn extension(&self) -> &'static str {
        match self.kind {
            GameKind::Glacier => "pgn",
            _ => "txt",
        }
    }

    /// The start position and the position after each turn, played by the rules.
    pub fn replay(&self) -> Result<Vec<Step>, RecordError> {
        let mut position = AnyGame::parse(self.kind, &self.start).map_err(RecordError::Start)?;
        let mut steps = Vec::with_capacity(self.turns.len() + 1);
        steps.push(Step {
            position: position.clone(),
            turn: None,
            squares: None,
            written: String::new(),
            ice_age: false,
            number: 0,
        });
        let mut full_turns = 1;
        for (index, turn) in self.turns.iter().enumerate() {
            let to_move = position.side_to_move();
            if turn.side != to_move {
                return Err(RecordError::Turn {
                    number: index + 1,
                    text: turn.text.clone(),
                    side: turn.side,
                    to_move,
                });
            }
            let (number, written) = match &position {
                AnyGame::Glacier(glacier) => (
                    glacier.full_move_number(),
                    glacier
                        .parse_move(&turn.text)
                        .map_or_else(|_| turn.text.clone(), |mv| glacier.san(mv)),
                ),
                _ => (full_turns, turn.text.clone()),
            };
            let squares =
                play_turn(&mut position, &turn.text).map_err(|error| RecordError::Move {
                    number: index + 1,
                    text: turn.text.clone(),
                    error,
                })?;
            if turn.side == Side::Black {
                full_turns += 1;
            }
            let ice_age =
                matches!(&position, AnyGame::Glacier(glacier) if glacier.last_ice_age().is_some());
            steps.push(Step {
                position: position.clone(),
                turn: Some(index),
                squares: Some(squares),
                written,
                ice_age,
                number,
            });
        }
        Ok(steps)
    }

    /// Whether the recorded result agrees with the last position: a position that is over
    /// says how the game ended; one that is not can only have ended off the board (a
    /// resignation, an agreement, a clock) or not at all.
    fn check_result(&self, last: &AnyGame) -> Result<(), RecordError> {
        let agrees = match (last.status(), self.result) {
            (Status::Over(outcome), recorded) => recorded == Some(outcome),
            (Status::Ongoing, None) => true,
            (Status::Ongoing, Some(outcome)) => matches!(
                outcome.reason,
                EndReason::Resignation | EndReason::Agreement | EndReason::Timeout
            ),
        };
        if agrees {
            return Ok(());
        }
        Err(RecordError::Result {
            recorded: self
                .result
                .map_or_else(|| "*".to_string(), |o| o.to_string()),
            position: last.status().to_string(),
        })
    }

    /// The record as its file holds it: PGN for Glacier Chess, else the text format.
    pub fn write(&self) -> Result<String, RecordError> {
        self.write_annotated(&[])
    }

    /// [`Record::write`] with a review's notes on the turns (`notes[i]` on turn `i`): a PGN
    /// carries them; the text format, which has no place for them, is written as without.
    pub fn write_annotated(&self, notes: &[TurnNote]) -> Result<String, RecordError> {
        let steps = self.replay()?;
        Ok(match self.kind {
            GameKind::Glacier => self.write_pgn(&steps, notes),
            _ => self.write_text(),
        })
    }

    fn write_pgn(&self, steps: &[Step], notes: &[TurnNote]) -> String {
        let mut out = String::new();
        let date = self
            .date
            .as_deref()
            .map_or_else(|| "????.??.??".to_string(), |d| d.replace('-', "."));
        let tags = [
            ("Event", self.event.as_deref().unwrap_or("Kibitz game")),
            ("Site", "Kibitz"),
            ("Date", date.as_str()),
            ("Round", "-"),
            ("White", self.white.as_str()),
            ("Black", self.black.as_str()),
            ("Result", pgn_result(self.result)),
            ("Variant", PGN_VARIANT),
            ("SetUp", "1"),
            ("FEN", self.start.as_str()),
        ];
        for (name, value) in tags {
            let _ = writeln!(out, "[{name} \"{}\"]", pgn_escape(value));
        }
        if let Some(outcome) = self.result {
            let _ = writeln!(out, "[Termination \"{}\"]", outcome.reason.as_str());
        }
        out.push('\n');
        let mut tokens: Vec<String> = Vec::new();
        let mut after_comment = true;
        for step in &steps[1..] {
            let Some(turn) = step.turn.map(|index| &self.turns[index]) else {
                continue;
            };
            match turn.side {
                Side::White => tokens.push(format!("{}.", step.number)),
                Side::Black if after_comment => tokens.push(format!("{}...", step.number)),
                Side::Black => {}
            }
            tokens.push(step.written.clone());
            let note = step.turn.and_then(|index| notes.get(index));
            if let Some(nag) = note.and_then(|note| note.nag) {
                tokens.push(format!("${nag}"));
            }
            let eval = note.and_then(|note| note.eval.as_deref());
            after_comment = step.ice_age || eval.is_some();
            if let Some(eval) = eval {
                tokens.push(format!("{{[%eval {eval}]}}"));
            }
            if step.ice_age {
                tokens.push(format!("{{{ICE_AGE_COMMENT}}}"));
            }
        }
        tokens.push(pgn_result(self.result).to_string());
        let mut line = String::new();
        for token in tokens {
            if !line.is_empty() && line.len() + 1 + token.len() > PGN_LINE {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }

    fn write_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "Game: {}", self.kind.name());
        if let Some(event) = &self.event {
            let _ = writeln!(out, "Event: {}", one_line(event));
        }
        if let Some(date) = &self.date {
            let _ = writeln!(out, "Date: {}", one_line(date));
        }
        let _ = writeln!(out, "Start: {}", self.start);
        let _ = writeln!(out, "White: {}", one_line(&self.white));
        let _ = writeln!(out, "Black: {}", one_line(&self.black));
        let result = self
            .result
            .map_or_else(|| "*".to_string(), |o| o.to_string());
        let _ = writeln!(out, "Result: {result}");
        out.push('\n');
        for turn in &self.turns {
            let _ = writeln!(out, "{}: {}", turn.side.name(), turn.text);
        }
        out
    }

    /// Reads a record: PGN (its first non-blank character is `[`) or the text format. The
    /// moves are played and the result checked against the last position.
    pub fn read(text: &str) -> Result<Record, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError::TooLarge);
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let record = match text.trim_start().chars().next() {
            None => return Err(RecordError::Empty),
            Some('[') => read_pgn(text)?,
            Some(_) => read_text(text)?,
        };
        let steps = record.replay()?;
        if let Some(last) = steps.last() {
            record.check_result(&last.position)?;
        }
        Ok(record)
    }
}

/// The mark after a move that brought an Ice Age in a replay's caption (as in `history`).
pub const ICE_AGE_MARK: &str = "❄";

/// The result as PGN writes it (`1-0`, `0-1`, `1/2-1/2`, `*` while the game goes on).
pub fn pgn_result(result: Option<Outcome>) -> &'static str {
    match result.map(|o| o.winner) {
        None => "*",
        Some(Some(Side::White)) => "1-0",
        Some(Some(Side::Black)) => "0-1",
        Some(None) => "1/2-1/2",
    }
}

/// A tag value as PGN quotes it: `\` and `"` escaped, line breaks as spaces.
fn pgn_escape(value: &str) -> String {
    one_line(value).replace('\\', "\\\\").replace('"', "\\\"")
}

/// A header value on one line: control characters (line breaks) become spaces, and the
/// spaces at its ends go (the reader trims them, so a record reads back as written).
fn one_line(value: &str) -> String {
    let line: String = value
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    line.trim().to_string()
}

/// The outcome a PGN result and its `Termination` name; `*` is none. Without a
/// `Termination`, a last position that is over with that result says how.
fn outcome_of(
    result: &str,
    reason: Option<&str>,
    line: usize,
    last: &AnyGame,
) -> Result<Option<Outcome>, RecordError> {
    let winner = match result.trim() {
        "*" => return Ok(None),
        "1-0" => Some(Side::White),
        "0-1" => Some(Side::Black),
        "1/2-1/2" => None,
        other => {
            return Err(RecordError::Syntax {
                line,
                what: format!("unknown result \"{}\"", crate::games::quote(other)),
            });
        }
    };
    let reason = match (reason, last.status()) {
        (Some(reason), _) => reason,
        (None, Status::Over(outcome)) if outcome.winner == winner => return Ok(Some(outcome)),
        (None, _) => {
            return Err(RecordError::Missing(
                "Termination tag naming how the game ended",
            ));
        }
    };
    let reason = EndReason::parse(reason.trim()).ok_or_else(|| RecordError::Syntax {
        line,
        what: format!("unknown termination \"{}\"", crate::games::quote(reason)),
    })?;
    Ok(Some(Outcome { winner, reason }))
}

fn read_pgn(text: &str) -> Result<Record, RecordError> {
    let mut tags: Vec<(String, String, usize)> = Vec::new();
    let mut movetext = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if movetext.is_empty() && line.starts_with('[') {
            tags.push(pgn_tag(line, index + 1)?);
        } else if !line.is_empty() || !movetext.is_empty() {
            movetext.push((index + 1, raw));
        }
    }
    let tag = |name: &str| {
        tags.iter()
            .find(|(tag, _, _)| tag.eq_ignore_ascii_case(name))
            .map(|(_, value, line)| (value.as_str(), *line))
    };
    match tag("Variant") {
        Some((variant, _)) if GameKind::parse(variant) == Some(GameKind::Glacier) => {}
        Some((variant, line)) => {
            return Err(RecordError::Syntax {
                line,
                what: format!(
                    "variant \"{}\" is not {PGN_VARIANT}",
                    crate::games::quote(variant)
                ),
            });
        }
        None => return Err(RecordError::Missing("Variant \"Glacier Chess\" tag")),
    }
    let (start, _) = tag("FEN").ok_or(RecordError::Missing("FEN tag"))?;
    let mut turns = Vec::new();
    let mut position = AnyGame::parse(GameKind::Glacier, start).map_err(RecordError::Start)?;
    let mut depth = 0usize;
    for (line, raw) in movetext {
        let mut rest = raw;
        // Comments in braces may span lines; `;` comments run to the line's end.
        while !rest.is_empty() {
            let trimmed = rest.trim_start();
            if trimmed.is_empty() {
                break;
            }
            if depth > 0 {
                match trimmed.find('}') {
                    Some(end) => {
                        depth = 0;
                        rest = &trimmed[end + 1..];
                        continue;
                    }
                    None => break,
                }
            }
            if let Some(after) = trimmed.strip_prefix('{') {
                depth = 1;
                rest = after;
                continue;
            }
            if trimmed.starts_with(';') {
                break;
            }
            if trimmed.starts_with('(') {
                return Err(RecordError::Syntax {
                    line,
                    what: "variations (in parentheses) are not read".to_string(),
                });
            }
            let end = trimmed
                .find(|c: char| c.is_whitespace() || c == '{' || c == ';')
                .unwrap_or(trimmed.len());
            let token = &trimmed[..end];
            rest = &trimmed[end..];
            if matches!(token, "*" | "1-0" | "0-1" | "1/2-1/2") {
                continue;
            }
            // A move number (`12.`, `12...`, or glued: `12.e4`); `0-0` is a castle.
            let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let token = match token[digits..].starts_with('.') {
                true => token[digits..].trim_start_matches('.'),
                false => token,
            };
            if token.is_empty() || token.starts_with('$') {
                continue;
            }
            let side = position.side_to_move();
            let text = token.trim_end_matches(['!', '?']);
            // Kept as the store keeps a move (UCI), whatever notation the file used.
            let played = position
                .play_text(text)
                .map_err(|error| RecordError::Move {
                    number: turns.len() + 1,
                    text: text.to_string(),
                    error,
                })?;
            turns.push(Turn {
                side,
                text: played.text,
            });
        }
    }
    if depth > 0 {
        return Err(RecordError::Syntax {
            line: text.lines().count(),
            what: "a comment is not closed".to_string(),
        });
    }
    let (result, result_line) = tag("Result").unwrap_or(("*", 0));
    let result = outcome_of(
        result,
        tag("Termination").map(|(t, _)| t),
        result_line,
        &position,
    )?;
    Ok(Record {
        kind: GameKind::Glacier,
        start: start.trim().to_string(),
        white: tag("White").map_or_else(String::new, |(v, _)| v.to_string()),
        black: tag("Black").map_or_else(String::new, |(v, _)| v.to_string()),
        result,
        date: tag("Date")
            .map(|(d, _)| d.replace('.', "-"))
            .filter(|d| !d.contains('?')),
        event: tag("Event").map(|(e, _)| e.to_string()),
        turns,
    })
}

/// One tag pair: `[Name "value"]`.
fn pgn_tag(line: &str, number: usize) -> Result<(String, String, usize), RecordError> {
    let bad = |what: &str| RecordError::Syntax {
        line: number,
        what: what.to_string(),
    };
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| bad("a tag is not closed with ]"))?;
    let (name, value) = inner
        .split_once('"')
        .ok_or_else(|| bad("a tag's value is not quoted"))?;
    let name = name.trim();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad("a tag has no name"));
    }
    let mut out = String::new();
    let mut chars = value.chars();
    loop {
        match chars.next() {
            Some('\\') => out.extend(chars.next()),
            Some('"') => break,
            Some(c) => out.push(c),
            None => return Err(bad("a tag's value is not closed with \"")),
        }
    }
    if !chars.as_str().trim().is_empty() {
        return Err(bad("text after a tag's value"));
    }
    Ok((name.to_string(), out, number))
}

fn read_text(text: &str) -> Result<Record, RecordError> {
    let mut header: Vec<(String, String, usize)> = Vec::new();
    let mut turns = Vec::new();
    let mut in_moves = false;
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let number = index + 1;
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            in_moves = !header.is_empty();
            continue;
        }
        let (key, value) = line.split_once(':').ok_or_else(|| RecordError::Syntax {
            line: number,
            what: "expected `Key: value` or `white: MOVE`".to_string(),
        })?;
        let (key, value) = (key.trim(), value.trim());
        if in_moves {
            let side = Side::parse(key).ok_or_else(|| RecordError::Syntax {
                line: number,
                what: format!(
                    "a move line starts with white: or black:, not \"{}\"",
                    crate::games::quote(key)
                ),
            })?;
            turns.push(Turn {
                side,
                text: value.to_string(),
            });
        } else {
            header.push((key.to_ascii_lowercase(), value.to_string(), number));
        }
    }
    let field = |name: &str| {
        header
            .iter()
            .find(|(key, _, _)| key == name)
            .map(|(_, value, line)| (value.as_str(), *line))
    };
    let (game, game_line) = field("game").ok_or(RecordError::Missing("Game line"))?;
    let kind = GameKind::parse(game).ok_or_else(|| RecordError::Syntax {
        line: game_line,
        what: format!("unknown game \"{}\"", crate::games::quote(game)),
    })?;
    let (start, _) = field("start").ok_or(RecordError::Missing("Start line"))?;
    let result = match field("result") {
        None => None,
        Some(("*" | "ongoing", _)) => None,
        Some((text, line)) => Some(Outcome::parse(text).ok_or_else(|| RecordError::Syntax {
            line,
            what: format!(
                "unknown result \"{}\" (e.g. `white wins (resignation)` or `*`)",
                crate::games::quote(text)
            ),
        })?),
    };
    Ok(Record {
        kind,
        start: start.to_string(),
        white: field("white").map_or_else(String::new, |(v, _)| v.to_string()),
        black: field("black").map_or_else(String::new, |(v, _)| v.to_string()),
        result,
        date: field("date").map(|(d, _)| d.to_string()),
        event: field("event").map(|(e, _)| e.to_string()),
        turns,
    })
}

#[cfg(test)]
mod tests;
