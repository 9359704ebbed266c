//! Ratings of finished games the database refused for a moment ("database is locked"):
//! kept in the process and retried each scheduler round, and at start-up those a crash left.

use crate::bot::service::Service;
use crate::games::Timestamp;
use crate::store::{GameId, StoreError};

/// Rates a finished game; should the database refuse now, the game is kept for
/// [`retry_deferred_ratings`]. Every game that ends comes here, so it also rings the
/// tournaments' worker: the game may have been the last of a tournament's round.
pub(crate) async fn rate_or_defer(service: &Service, game_id: GameId, now: Timestamp) {
    service.wake_tournaments();
    if let Err(error) = service.store().rate_game(game_id, now).await {
        tracing::warn!(game = game_id.0, %error, "rating deferred");
        if let Ok(mut deferred) = service.deferred_ratings.lock() {
            deferred.push(game_id);
        }
    }
}

/// Retries the ratings this process deferred; a game that still cannot be rated stays
/// deferred. Returns how many were rated now. Cheap when nothing is deferred, so the
/// scheduler calls it every round and the console between lines.
pub async fn retry_deferred_ratings(service: &Service) -> usize {
    let games = match service.deferred_ratings.lock() {
        Ok(mut deferred) => std::mem::take(&mut *deferred),
        Err(_) => return 0,
    };
    let mut rated = 0;
    let mut still = Vec::new();
    for game in games {
        match service.store().rate_game(game, service.now()).await {
            Ok(done) => rated += usize::from(done.is_some()),
            Err(error) => {
                tracing::warn!(game = game.0, %error, "rating deferred again");
                still.push(game);
            }
        }
    }
    if !still.is_empty()
        && let Ok(mut deferred) = service.deferred_ratings.lock()
    {
        deferred.extend(still);
    }
    if rated > 0 {
        tracing::info!(rated, "deferred ratings made");
    }
    rated
}

/// Rates finished games that a crash left unrated.
pub async fn catch_up(service: &Service) -> Result<usize, StoreError> {
    let mut rated = 0;
    for game in service.store().unrated_games().await? {
        if service
            .store()
            .rate_game(game, service.now())
            .await?
            .is_some()
        {
            rated += 1;
        }
    }
    Ok(rated)
}
