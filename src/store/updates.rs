//! Pushed updates handled exactly once across processes: a process claims an update before
//! handling it, and marks it done in the transaction that queues its replies.

use super::Platform;
use super::platform::queue_in;
use super::{NewOutboxItem, Store, StoreResult};
use crate::games::Timestamp;
use sqlx::Row;

/// What a process may do with an update it was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UpdateClaim {
    /// This process holds it now: handle it, then [`Store::finish_update`].
    Mine,
    /// Handled already; its replies are queued. Answer the platform that it arrived.
    Done,
    /// Another process is handling it right now.
    Busy,
}

impl Store {
    /// Claims `update` of `chat` for `holder`: granted when nobody has seen it, or when its
    /// claim is older than `stale_before` and still not done (the process that took it died
    /// mid-handling).
    pub async fn claim_update(
        &self,
        platform: Platform,
        update: i64,
        chat: &str,
        holder: &str,
        now: Timestamp,
        stale_before: Timestamp,
    ) -> StoreResult<UpdateClaim> {
        let claimed = sqlx::query(
            "INSERT INTO platform_updates (platform, update_id, chat, holder, claimed_at)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (platform, update_id) DO UPDATE SET
                 holder = excluded.holder, claimed_at = excluded.claimed_at
             WHERE platform_updates.done_at IS NULL AND platform_updates.claimed_at < $6
             RETURNING holder",
        )
        .bind(platform.as_str())
        .bind(update)
        .bind(chat)
        .bind(holder)
        .bind(now)
        .bind(stale_before)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        if claimed.is_some() {
            return Ok(UpdateClaim::Mine);
        }
        self.update_state(platform, update).await
    }

    /// Whether `update` is done or still being handled (by whoever claimed it).
    pub async fn update_state(&self, platform: Platform, update: i64) -> StoreResult<UpdateClaim> {
        let row = sqlx::query(
            "SELECT done_at FROM platform_updates WHERE platform = $1 AND update_id = $2",
        )
        .bind(platform.as_str())
        .bind(update)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        let done = match row {
            Some(row) => row.try_get::<Option<i64>, _>("done_at")?.is_some(),
            None => false,
        };
        Ok(if done {
            UpdateClaim::Done
        } else {
            UpdateClaim::Busy
        })
    }

    /// Whether an earlier update of `chat` than `update` is claimed, not done, and not stale:
    /// a chat's updates are handled in their order even when different processes got them.
    pub async fn earlier_update_pending(
        &self,
        platform: Platform,
        chat: &str,
        update: i64,
        stale_before: Timestamp,
    ) -> StoreResult<bool> {
        let row = sqlx::query(
            "SELECT update_id FROM platform_updates
             WHERE platform = $1 AND chat = $2 AND update_id < $3
                 AND done_at IS NULL AND claimed_at >= $4
             LIMIT 1",
        )
        .bind(platform.as_str())
        .bind(chat)
        .bind(update)
        .bind(stale_before)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        Ok(row.is_some())
    }

    /// Marks `update` done and queues the replies it owes, in one transaction, if `holder`
    /// still holds its claim; false (nothing written) when another process took it over.
    pub async fn finish_update(
        &self,
        platform: Platform,
        update: i64,
        holder: &str,
        outbox: &[NewOutboxItem],
        now: Timestamp,
    ) -> StoreResult<bool> {
        let mut conn = self.conn().await?;
        let mut tx = conn.begin().await?;
        let marked = sqlx::query(
            "UPDATE platform_updates SET done_at = $1
             WHERE platform = $2 AND update_id = $3 AND holder = $4 AND done_at IS NULL",
        )
        .bind(now)
        .bind(platform.as_str())
        .bind(update)
        .bind(holder)
        .execute(&mut *tx)
        .await?;
        if marked.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        queue_in(&mut tx, platform, outbox, now).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Forgets up to `limit` updates claimed before `before` (the platform stopped
    /// redelivering them long ago); how many went.
    pub async fn forget_updates(&self, before: Timestamp, limit: i64) -> StoreResult<u64> {
        let gone = sqlx::query(
            "DELETE FROM platform_updates WHERE (platform, update_id) IN (
                 SELECT platform, update_id FROM platform_updates WHERE claimed_at < $1 LIMIT $2
             )",
        )
        .bind(before)
        .bind(limit)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(gone.rows_affected())
    }
}
