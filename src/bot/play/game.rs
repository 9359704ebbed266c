//! A game of the chat: the speaker's live games, a game found by its number, and a game
//! saved (its clocks stopped, the engine told, the result rated).

use crate::AnyGame;
use crate::bot::context::Context;
use crate::bot::deferred_ratings;
use crate::bot::limits::CHALLENGE_LIFETIME_MS;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::service::Service;
use crate::games::Timestamp;
use crate::games::{MoveSquares, PlayedMove};
use crate::store::{GameId, GameRecord, GameState, LastMove, MoveRecord, StoreError};

pub(super) fn ids(games: &[GameRecord]) -> String {
    games
        .iter()
        .map(|g| format!("#{}", g.id))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Challenges made before this have expired.
pub(super) fn expiry(context: &Context<'_>) -> Timestamp {
    context.now.minus(CHALLENGE_LIFETIME_MS)
}

/// The live games of this chat the speaker plays, made or is invited to.
pub(super) async fn user_live_games(
    service: &Service,
    context: &Context<'_>,
) -> Result<Vec<GameRecord>, Refusal> {
    Ok(service
        .store()
        .user_live_games(context.chat_id, context.user.id, expiry(context))
        .await?)
}

/// A game of this chat by its number.
pub(super) async fn game_in_chat(
    service: &Service,
    context: &Context<'_>,
    id: GameId,
) -> Result<GameRecord, Refusal> {
    match service.store().game(id).await? {
        Some(game) if game.chat_id == context.chat_id => Ok(game),
        _ => Err(msg("no-such-game").with("id", id).into()),
    }
}

pub(super) async fn save(
    service: &Service,
    context: &Context<'_>,
    game: &GameRecord,
    played: Option<&MoveRecord>,
) -> Result<GameRecord, Refusal> {
    // The commit of a move (or an accept, resign, draw): `kibitz_store_seconds`, step
    // `save_game`.
    let started = std::time::Instant::now();
    let mut game = game.clone();
    mark_engine_due(service, &mut game, context.now);
    super::clock::stop_clocks(&mut game);
    let game = &game;
    let saved = service.store().save_game(game, played, context.now).await;
    crate::bot::outcome::store_time("save_game", started);
    let saved = match saved {
        Err(StoreError::Conflict) => {
            return Err(msg("move-conflict").with("id", game.id).into());
        }
        other => other?,
    };
    if saved.state == GameState::Finished {
        // The game is saved; should rating fail now, it is retried while the process runs
        // (`retry_deferred_ratings`) and, failing that, at the next start (`catch_up`).
        deferred_ratings::rate_or_defer(service, saved.id, context.now).await;
    }
    Ok(saved)
}

/// Marks whether the engine is due to move in `game` as it is about to be saved, and
/// wakes the worker when it is.
pub(super) fn mark_engine_due(service: &Service, game: &mut GameRecord, now: Timestamp) {
    let due = game.state == GameState::Ongoing
        && game.game().is_ok_and(|p| {
            game.computer_plays(p.side_to_move()) && !p.status().is_over() && !p.turn_in_progress()
        });
    game.engine_due = due.then(|| game.engine_due.unwrap_or(now));
    if due {
        service.wake_computer();
    }
}

pub(super) fn record_move(
    game: &mut GameRecord,
    played: &PlayedMove,
    position: &AnyGame,
    continuing_turn: bool,
) {
    game.position = position.position_text();
    game.plies += 1;
    game.last_move = Some(match game.last_move.as_ref().filter(|_| continuing_turn) {
        Some(earlier) => {
            let mut trail = earlier.squares().trail();
            trail.extend(played.squares.trail());
            LastMove::new(
                &format!("{} {}", earlier.text, played.text),
                &MoveSquares::from_trail(&trail),
            )
        }
        None => LastMove::new(&played.text, &played.squares),
    });
    game.draw_offer = None;
    game.takeback_offer = None;
}
