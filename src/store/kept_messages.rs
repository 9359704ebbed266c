//! Messages edited in place later (`bot::Live`): the platform's id of a sent message under
//! the name the service gave it, kept by the adapter that sent it and read by the one that
//! edits it, in any process.

use super::{Platform, Store, StoreResult};
use crate::games::Timestamp;
use sqlx::Row;

impl Store {
    /// Keeps `message_id` as the message named `name` on `platform` (a later send of the
    /// same name replaces it).
    pub async fn keep_message(
        &self,
        platform: Platform,
        name: &str,
        message_id: &str,
        now: Timestamp,
    ) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO kept_messages (platform, name, message_id, kept_at)
             VALUES ($1, $2, $3, $4)
             ON CONFLICT (platform, name) DO UPDATE SET message_id = excluded.message_id,
                 kept_at = excluded.kept_at",
        )
        .bind(platform.as_str())
        .bind(name)
        .bind(message_id)
        .bind(now)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(())
    }

    /// The platform's id of the message named `name`, if one was kept.
    pub async fn kept_message(
        &self,
        platform: Platform,
        name: &str,
    ) -> StoreResult<Option<String>> {
        let row =
            sqlx::query("SELECT message_id FROM kept_messages WHERE platform = $1 AND name = $2")
                .bind(platform.as_str())
                .bind(name)
                .fetch_optional(&mut *self.conn().await?)
                .await?;
        row.map(|row| row.try_get("message_id"))
            .transpose()
            .map_err(Into::into)
    }

    /// Drops the messages kept before `before` (their work is long done); how many.
    pub async fn forget_kept_messages(&self, before: Timestamp) -> StoreResult<u64> {
        let done = sqlx::query("DELETE FROM kept_messages WHERE kept_at < $1")
            .bind(before)
            .execute(&mut *self.conn().await?)
            .await?;
        Ok(done.rows_affected())
    }
}
