//! What chat adapters keep across restarts: per-platform key/value facts and an outbox of
//! replies not yet delivered.

use super::Platform;
use super::{Store, StoreResult};
use crate::games::Timestamp;
use sqlx::Row;

/// A platform-state value and when it was written (milliseconds since the Unix epoch).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlatformValue {
    pub value: String,
    pub updated_at: Timestamp,
}

/// A reply to send, as the adapter describes it. The payload is JSON; its top-level `chat`
/// (a number or a string) names the chat it goes to, so that forgetting a user can drop the
/// replies still waiting for their private chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewOutboxItem {
    pub payload: String,
    pub attachment: Option<Vec<u8>>,
    /// The chat it goes to, as the platform writes it (`None` for what goes to no chat, e.g.
    /// a pressed button's answer): a forgotten chat's waiting replies are found by it.
    pub chat: Option<String>,
}

/// A reply waiting in the outbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxItem {
    pub id: i64,
    pub payload: String,
    pub attachment: Option<Vec<u8>>,
}

impl Store {
    pub async fn platform_value(
        &self,
        platform: Platform,
        key: &str,
    ) -> StoreResult<Option<PlatformValue>> {
        let row = sqlx::query(
            "SELECT value, updated_at FROM platform_state WHERE platform = $1 AND key = $2",
        )
        .bind(platform.as_str())
        .bind(key)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        row.map(|row| {
            Ok(PlatformValue {
                value: row.try_get("value")?,
                updated_at: row.try_get("updated_at")?,
            })
        })
        .transpose()
    }

    /// Sets `key` to `value` and queues `outbox` behind the replies already waiting, in one
    /// transaction: an adapter that records "this event is handled" together with what it
    /// must still say about it can neither forget the replies nor handle the event again.
    pub async fn record_platform_event(
        &self,
        platform: Platform,
        key: &str,
        value: &str,
        outbox: &[NewOutboxItem],
        now: Timestamp,
    ) -> StoreResult<()> {
        let mut conn = self.conn().await?;
        let mut tx = conn.begin().await?;
        sqlx::query(
            "INSERT INTO platform_state (platform, key, value, updated_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (platform, key) DO UPDATE SET
                 value = excluded.value, updated_at = excluded.updated_at",
        )
        .bind(platform.as_str())
        .bind(key)
        .bind(value)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        queue_in(&mut tx, platform, outbox, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Queues `outbox` for `platform` (a message nobody's update asked for: a daily post).
    pub async fn queue_outbox(
        &self,
        platform: Platform,
        outbox: &[NewOutboxItem],
        now: Timestamp,
    ) -> StoreResult<()> {
        let mut conn = self.conn().await?;
        let mut tx = conn.begin().await?;
        queue_in(&mut tx, platform, outbox, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The oldest `limit` replies waiting for `platform`, oldest first.
    pub async fn outbox(&self, platform: Platform, limit: i64) -> StoreResult<Vec<OutboxItem>> {
        // Outbox ids count up from 1 on both databases.
        self.outbox_after(platform, 0, limit).await
    }

    /// Up to `limit` replies waiting for `platform` whose id is above `after`, oldest first:
    /// an adapter sending several chats' replies side by side reads only what is new to it.
    pub async fn outbox_after(
        &self,
        platform: Platform,
        after: i64,
        limit: i64,
    ) -> StoreResult<Vec<OutboxItem>> {
        let rows = sqlx::query(
            "SELECT id, payload, attachment FROM platform_outbox WHERE platform = $1 AND id > $2
             ORDER BY id LIMIT $3",
        )
        .bind(platform.as_str())
        .bind(after)
        .bind(limit)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(OutboxItem {
                    id: row.try_get("id")?,
                    payload: row.try_get("payload")?,
                    attachment: row.try_get("attachment")?,
                })
            })
            .collect()
    }

    /// Forgets a reply once it is delivered (or can never be).
    pub async fn remove_outbox_item(&self, id: i64) -> StoreResult<()> {
        sqlx::query("DELETE FROM platform_outbox WHERE id = $1")
            .bind(id)
            .execute(&mut *self.conn().await?)
            .await?;
        Ok(())
    }
}

impl Store {
    /// The keys of a chat and a user of `platform` as already stored, without creating
    /// either: for look-ups on every keystroke (autocomplete), which must not write.
    pub async fn known_chat_and_user(
        &self,
        platform: Platform,
        chat: &str,
        user: &str,
    ) -> StoreResult<Option<(i64, i64)>> {
        let row = sqlx::query(
            "SELECT chats.id AS chat_id, users.id AS user_id FROM chats, users
             WHERE chats.platform = $1 AND chats.external_id = $2
               AND users.platform = $1 AND users.external_id = $3",
        )
        .bind(platform.as_str())
        .bind(chat)
        .bind(user)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        row.map(|row| Ok((row.try_get("chat_id")?, row.try_get("user_id")?)))
            .transpose()
    }

    /// Takes or renews the lease `name` for `holder` until `until`: granted when nobody holds
    /// it, when `holder` already does, or when the holder's time ran out (`until` < `now`).
    pub async fn take_lease(
        &self,
        name: &str,
        holder: &str,
        now: Timestamp,
        until: Timestamp,
    ) -> StoreResult<bool> {
        let row = sqlx::query(
            "INSERT INTO leases (name, holder, until) VALUES ($1, $2, $3)
             ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until
             WHERE leases.holder = excluded.holder OR leases.until < $4
             RETURNING holder",
        )
        .bind(name)
        .bind(holder)
        .bind(until)
        .bind(now)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        Ok(row.is_some())
    }

    /// Who holds the lease `name` now (whether or not its time ran out), if anyone.
    pub async fn lease_holder(&self, name: &str) -> StoreResult<Option<String>> {
        let row = sqlx::query("SELECT holder FROM leases WHERE name = $1")
            .bind(name)
            .fetch_optional(&mut *self.conn().await?)
            .await?;
        row.map(|row| row.try_get("holder"))
            .transpose()
            .map_err(Into::into)
    }

    /// Whether someone holds the lease `name` at `now` (its time has not run out).
    pub async fn lease_is_held(&self, name: &str, now: Timestamp) -> StoreResult<bool> {
        let row = sqlx::query("SELECT holder FROM leases WHERE name = $1 AND until >= $2")
            .bind(name)
            .bind(now)
            .fetch_optional(&mut *self.conn().await?)
            .await?;
        Ok(row.is_some())
    }

    /// Gives the lease up at once (a clean stop), if `holder` has it.
    pub async fn release_lease(&self, name: &str, holder: &str) -> StoreResult<()> {
        sqlx::query("DELETE FROM leases WHERE name = $1 AND holder = $2")
            .bind(name)
            .bind(holder)
            .execute(&mut *self.conn().await?)
            .await?;
        Ok(())
    }
}

/// Queues `outbox` for `platform` inside the transaction `tx`.
pub(super) async fn queue_in(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    platform: Platform,
    outbox: &[NewOutboxItem],
    now: Timestamp,
) -> StoreResult<()> {
    for item in outbox {
        sqlx::query(
            "INSERT INTO platform_outbox (platform, payload, attachment, created_at, chat)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(platform.as_str())
        .bind(&item.payload)
        .bind(item.attachment.as_deref())
        .bind(now)
        .bind(item.chat.as_deref())
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Drops, inside `tx`, the replies waiting for `platform` that go to `chat` (by the outbox's
/// index on its chat column).
pub(super) async fn drop_outbox_for_chat(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    platform: Platform,
    chat: &str,
) -> StoreResult<u64> {
    let dropped = sqlx::query("DELETE FROM platform_outbox WHERE platform = $1 AND chat = $2")
        .bind(platform.as_str())
        .bind(chat)
        .execute(&mut **tx)
        .await?;
    Ok(dropped.rows_affected())
}
