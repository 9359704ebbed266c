//! Games in threads of their own (Discord): a chat's switch, and the thread a game was given.

use super::GameId;
use super::{Store, StoreResult};
use sqlx::Row;

impl Store {
    /// Whether an accepted challenge in the chat opens a thread for its game (Discord).
    pub async fn game_threads(&self, chat_id: i64) -> StoreResult<bool> {
        let row = sqlx::query("SELECT game_threads FROM chats WHERE id = $1")
            .bind(chat_id)
            .fetch_optional(&mut *self.conn().await?)
            .await?;
        Ok(match row {
            Some(row) => row.try_get::<i64, _>("game_threads")? != 0,
            None => true,
        })
    }

    pub async fn set_game_threads(&self, chat_id: i64, on: bool) -> StoreResult<()> {
        sqlx::query("UPDATE chats SET game_threads = $1 WHERE id = $2")
            .bind(i64::from(on))
            .bind(chat_id)
            .execute(&mut *self.conn().await?)
            .await?;
        Ok(())
    }

    /// Moves game `game_id`'s own posts to `thread` (a Discord thread opened for it), unless
    /// it has a thread or topic already; whether it did.
    pub async fn set_game_thread(&self, game_id: GameId, thread: &str) -> StoreResult<bool> {
        let done = sqlx::query("UPDATE games SET thread = $1 WHERE id = $2 AND thread IS NULL")
            .bind(thread)
            .bind(game_id.0)
            .execute(&mut *self.conn().await?)
            .await?;
        Ok(done.rows_affected() == 1)
    }
}
