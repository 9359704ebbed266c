//! `kibitz record FILE`: a game's record read and played, a line per position.

use super::position::say;
use super::{Failure, emit};

/// `kibitz record FILE`: the record's positions, then the last position and its status.
pub fn read_record(file: &std::path::Path) -> Result<(), Failure> {
    use crate::games::records::{Record, RecordError};
    let cannot_read =
        |e: &dyn std::fmt::Display| Failure(format!("cannot read {}: {e}", file.display()));
    let size = std::fs::metadata(file).map_err(|e| cannot_read(&e))?.len();
    if size > crate::games::records::MAX_RECORD_BYTES as u64 {
        return Err(cannot_read(&RecordError::TooLarge));
    }
    let text = std::fs::read_to_string(file).map_err(|e| cannot_read(&e))?;
    let explained = |error: RecordError| match error {
        RecordError::Move {
            number,
            text,
            error,
        } => Failure(format!(
            "{}: move {number} ({}): {}",
            file.display(),
            crate::games::quote(&text),
            say(&error)
        )),
        RecordError::Start(error) => Failure(format!(
            "{}: the start position: {}",
            file.display(),
            say(&error)
        )),
        other => Failure(format!("{}: {other}", file.display())),
    };
    let record = Record::read(&text).map_err(explained)?;
    let steps = record.replay().map_err(explained)?;
    let mut lines = vec![
        format!("game: {}", record.kind),
        format!("white: {}", record.white),
        format!("black: {}", record.black),
    ];
    for step in &steps {
        let status = step.position.status();
        let head = match step.turn.map(|turn| &record.turns[turn]) {
            None => "start".to_string(),
            Some(turn) => format!("{}. {} {}", step.number, turn.side, turn.text),
        };
        lines.push(format!(
            "{head}: {} ({status})",
            step.position.position_text()
        ));
    }
    if let Some(outcome) = record.result {
        lines.push(format!("result: {outcome}"));
    }
    if let Some(last) = steps.last() {
        lines.push(last.position.position_text());
        lines.push(last.position.status().to_string());
    }
    emit(lines)
}
