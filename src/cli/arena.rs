//! `kibitz match`: the computer against itself (or a random mover), for strength.

use super::position::game_kind;
use super::{Failure, emit};

/// `kibitz match`: a line per game, then the average time per move and the count for A.
pub fn play_match(
    game: &str,
    a: crate::engine::arena::Player,
    b: crate::engine::arena::Player,
    games: u32,
    seed: u64,
    records: Option<&std::path::Path>,
) -> Result<(), Failure> {
    let kind = game_kind(game)?;
    if let Some(dir) = records {
        std::fs::create_dir_all(dir)
            .map_err(|error| Failure(format!("cannot make {}: {error}", dir.display())))?;
    }
    let mut written = Ok(());
    let report = crate::engine::arena::play_match(kind, a, b, games, seed, |number, result| {
        if let Some(dir) = records
            && written.is_ok()
        {
            written = write_record(dir, kind, number, result, a, b);
        }
        let outcome = result
            .outcome
            .map_or("draw (move limit)".to_string(), |o| o.to_string());
        let _ = emit([format!(
            "game {}: A ({a}) {} · {outcome} · {} moves",
            number + 1,
            result.a_side,
            result.moves
        )]);
    });
    written?;
    let (a_time, b_time) = report.average_move_time();
    emit([
        format!(
            "average time per move: A ({a}) {:.1} ms, B ({b}) {:.1} ms",
            a_time.as_secs_f64() * 1000.0,
            b_time.as_secs_f64() * 1000.0
        ),
        report.summary(),
    ])
}

/// Game `number` of a match as a record file in `dir`.
fn write_record(
    dir: &std::path::Path,
    kind: crate::games::GameKind,
    number: u32,
    result: &crate::engine::arena::GameResult,
    a: crate::engine::arena::Player,
    b: crate::engine::arena::Player,
) -> Result<(), Failure> {
    use crate::games::records::Record;
    let (white, black) = match result.a_side {
        crate::games::Side::White => (a, b),
        crate::games::Side::Black => (b, a),
    };
    let record = Record {
        kind,
        start: result.start.clone(),
        white: format!("Kibitz {white}"),
        black: format!("Kibitz {black}"),
        result: result.outcome,
        date: None,
        event: Some(format!("kibitz match, game {}", number + 1)),
        turns: Record::turns_of(result.played.iter().cloned()),
    };
    let text = record
        .write()
        .map_err(|error| Failure(format!("game {}: {error}", number + 1)))?;
    let path = dir.join(format!("game-{}.{}", number + 1, record.extension()));
    std::fs::write(&path, text)
        .map_err(|error| Failure(format!("cannot write {}: {error}", path.display())))
}
