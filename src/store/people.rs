//! Chats and users as each platform names them: the rows every line reads first.
//!
//! Nearly every line comes from a chat and a user already known under the same names, so
//! each is read before it is written: a line whose names have not changed costs two reads,
//! not two write transactions (on SQLite every write is a commit to the WAL, the costliest
//! part of a command's context). A user's `updated_at` is therefore when their name or
//! handle last changed, which is what `user_by_handle` orders by.

use super::{Platform, Store, StoreResult, UserRecord};
use crate::games::Timestamp;
use sqlx::Row;
use sqlx::any::AnyRow;

/// A chat as a line finds it: its key and its language setting (`lang`), if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatEntry {
    pub id: i64,
    pub language: Option<String>,
}

impl ChatEntry {
    fn from_row(row: &AnyRow) -> StoreResult<ChatEntry> {
        Ok(ChatEntry {
            id: row.try_get("id")?,
            language: row.try_get("language")?,
        })
    }
}

impl Store {
    /// The chat's key, creating its row the first time it is seen and keeping its title and
    /// community current.
    pub async fn upsert_chat(
        &self,
        platform: Platform,
        external_id: &str,
        title: Option<&str>,
        community: Option<&str>,
        now: Timestamp,
    ) -> StoreResult<i64> {
        let entry = self
            .enter_chat(platform, external_id, title, community, now)
            .await?;
        Ok(entry.id)
    }

    /// [`Store::upsert_chat`] with the chat's language setting, which every line needs next.
    pub async fn enter_chat(
        &self,
        platform: Platform,
        external_id: &str,
        title: Option<&str>,
        community: Option<&str>,
        now: Timestamp,
    ) -> StoreResult<ChatEntry> {
        let mut conn = self.conn().await?;
        let known = sqlx::query(
            "SELECT id, title, community, language FROM chats
             WHERE platform = $1 AND external_id = $2",
        )
        .bind(platform.as_str())
        .bind(external_id)
        .fetch_optional(&mut *conn)
        .await?;
        if let Some(row) = known {
            let stored_title: Option<String> = row.try_get("title")?;
            let stored_community: Option<String> = row.try_get("community")?;
            // A name the platform did not send keeps the stored one, as the upsert does.
            if title.is_none_or(|t| stored_title.as_deref() == Some(t))
                && community.is_none_or(|c| stored_community.as_deref() == Some(c))
            {
                return ChatEntry::from_row(&row);
            }
        }
        let row = sqlx::query(
            "INSERT INTO chats (platform, external_id, title, community, created_at)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (platform, external_id) DO UPDATE SET
                 title = COALESCE(excluded.title, chats.title),
                 community = COALESCE(excluded.community, chats.community)
             RETURNING id, language",
        )
        .bind(platform.as_str())
        .bind(external_id)
        .bind(title)
        .bind(community)
        .bind(now)
        .fetch_one(&mut *conn)
        .await?;
        ChatEntry::from_row(&row)
    }

    /// The user's record, created the first time they are seen; their name and handle are
    /// written again only when they changed.
    pub async fn upsert_user(
        &self,
        platform: Platform,
        external_id: &str,
        display_name: &str,
        handle: Option<&str>,
        now: Timestamp,
    ) -> StoreResult<UserRecord> {
        let mut conn = self.conn().await?;
        let known = sqlx::query(
            "SELECT id, platform, external_id, display_name, handle, locale FROM users
             WHERE platform = $1 AND external_id = $2",
        )
        .bind(platform.as_str())
        .bind(external_id)
        .fetch_optional(&mut *conn)
        .await?;
        if let Some(row) = known {
            let user = UserRecord::from_row(&row)?;
            if user.display_name == display_name
                && handle.is_none_or(|h| user.handle.as_deref() == Some(h))
            {
                return Ok(user);
            }
        }
        let row = sqlx::query(
            "INSERT INTO users (platform, external_id, display_name, handle, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $5)
             ON CONFLICT (platform, external_id) DO UPDATE SET
                 display_name = excluded.display_name,
                 handle = COALESCE(excluded.handle, users.handle),
                 updated_at = excluded.updated_at
             RETURNING id, platform, external_id, display_name, handle, locale",
        )
        .bind(platform.as_str())
        .bind(external_id)
        .bind(display_name)
        .bind(handle)
        .bind(now)
        .fetch_one(&mut *conn)
        .await?;
        UserRecord::from_row(&row)
    }

    pub async fn user(&self, id: i64) -> StoreResult<Option<UserRecord>> {
        let row = sqlx::query(
            "SELECT id, platform, external_id, display_name, handle, locale FROM users WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        row.as_ref().map(UserRecord::from_row).transpose()
    }

    /// A user of `platform` by their handle (`@name`), case-insensitively; of two users who
    /// held it, the one who took it last.
    pub async fn user_by_handle(
        &self,
        platform: Platform,
        handle: &str,
    ) -> StoreResult<Option<UserRecord>> {
        let row = sqlx::query(
            "SELECT id, platform, external_id, display_name, handle, locale FROM users
             WHERE platform = $1 AND LOWER(handle) = LOWER($2) ORDER BY updated_at DESC LIMIT 1",
        )
        .bind(platform.as_str())
        .bind(handle)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        row.as_ref().map(UserRecord::from_row).transpose()
    }
}
