//! A finished game's marks from its stored review (`?!`, `?`, `??`): what `history`,
//! `replay` and `export` show beside the moves once `analysis` has reviewed the game.

use crate::bot::outcome::Refusal;
use crate::bot::service::Service;
use crate::engine::analysis::{self, Mark, Review};
use crate::games::Side;
use crate::store::GameRecord;

/// The finished review of a game whose turns were played by `sides` (`None` without one):
/// what `history`, `replay` and `export` show beside the moves.
pub(super) async fn stored_review(
    service: &Service,
    game: &GameRecord,
    sides: &[Side],
) -> Result<Option<Review>, Refusal> {
    match service.store().analysis(game.id).await? {
        Some(found) if found.finished => {
            Ok(Some(analysis::review(game.kind, sides, &found.evaluations)))
        }
        _ => Ok(None),
    }
}

/// Each turn's mark in a stored review (all `None` without one).
pub(super) async fn stored_marks(
    service: &Service,
    game: &GameRecord,
    sides: &[Side],
) -> Result<Vec<Option<Mark>>, Refusal> {
    Ok(match stored_review(service, game, sides).await? {
        Some(review) => review.turns.iter().map(|turn| turn.mark).collect(),
        None => Vec::new(),
    })
}
