//! Challenges and games: challenge, accept, decline, move, board, resign, draw, games.
//!
//! A command resolves its game once ([`seat`]: the record, its position parsed once, the
//! speaker's side, both names in one read) and hands it down to its handler and the picture.
//!
//! Modules: `challenge` (challenge, accept, decline), `moves` (move, board, resign, draw),
//! `listing` (games), `history` (history, games finished), `export` (export,
//! replay), `takeback` (takeback, abort), `unit_moves` (where a unit may go), `clock` (time controls, reminders, timeouts), `seat` (which game a command means), `picture` (the board and its
//! caption), `thread` (games in threads of their own), `words` (the rules' words).

mod challenge;
mod clock;
mod computer;
mod export;
mod history;
mod listing;
mod moves;
mod picture;
mod seat;
mod takeback;
mod thread;
mod unit_moves;
mod vacation;
mod words;

pub use clock::{CLOCK_LEASE_MS, CLOCK_SCAN, run_clocks};
pub use computer::{COMPUTER_WORDS, Computer, ENGINE_LEASE_MS, run_computer};
pub use export::replay_pictures;
pub use words::rules_error_text;
pub(crate) use words::{move_usage, rules_message};

use super::limits::CHALLENGE_LIFETIME_MS;
use super::{Context, Refusal, Service, msg};
use crate::store::{GameRecord, GameState, MoveRecord, StoreError};

fn ids(games: &[GameRecord]) -> String {
    games
        .iter()
        .map(|g| format!("#{}", g.id))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Challenges made before this have expired.
fn expiry(context: &Context<'_>) -> i64 {
    context.now.saturating_sub(CHALLENGE_LIFETIME_MS)
}

impl Service {
    /// The live games of this chat the speaker plays, made or is invited to.
    async fn user_live_games(&self, context: &Context<'_>) -> Result<Vec<GameRecord>, Refusal> {
        Ok(self
            .store
            .user_live_games(context.chat_id, context.user.id, expiry(context))
            .await?)
    }

    /// A game of this chat by its number.
    async fn game_in_chat(&self, context: &Context<'_>, id: i64) -> Result<GameRecord, Refusal> {
        match self.store.game(id).await? {
            Some(game) if game.chat_id == context.chat_id => Ok(game),
            _ => Err(msg("no-such-game").with("id", id).into()),
        }
    }

    async fn save(
        &self,
        context: &Context<'_>,
        game: &GameRecord,
        played: Option<&MoveRecord>,
    ) -> Result<GameRecord, Refusal> {
        // The commit of a move (or an accept, resign, draw): `kibitz_store_seconds`, step
        // `save_game`.
        let started = std::time::Instant::now();
        let mut game = game.clone();
        self.mark_engine_due(&mut game, context.now);
        clock::stop_clocks(&mut game);
        let game = &game;
        let saved = self.store.save_game(game, played, context.now).await;
        super::store_time("save_game", started);
        let saved = match saved {
            Err(StoreError::Conflict) => {
                return Err(msg("move-conflict").with("id", game.id).into());
            }
            other => other?,
        };
        if saved.state == GameState::Finished {
            // The game is saved; should rating fail now, it is retried while the process runs
            // (`retry_deferred_ratings`) and, failing that, at the next start (`catch_up`).
            self.rate_or_defer(saved.id, context.now).await;
        }
        Ok(saved)
    }
}
