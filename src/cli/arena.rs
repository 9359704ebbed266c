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
) -> Result<(), Failure> {
    let kind = game_kind(game)?;
    let report = crate::engine::arena::play_match(kind, a, b, games, seed, |number, result| {
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
