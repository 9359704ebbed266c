//! Where a chat is on its platform, for a line that did not come from the chat itself (a
//! move made on the board app is said in the game's chat).

use super::{Platform, Store, StoreResult};
use sqlx::Row;

/// A chat as its platform knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatAddress {
    pub platform: Platform,
    /// The platform's id of the chat.
    pub external_id: String,
    pub title: Option<String>,
    /// The community it belongs to (a Discord guild), if any.
    pub community: Option<String>,
}

impl Store {
    /// The chat with key `chat_id`, if there is one (a primary-key look-up).
    pub async fn chat_address(&self, chat_id: i64) -> StoreResult<Option<ChatAddress>> {
        let row =
            sqlx::query("SELECT platform, external_id, title, community FROM chats WHERE id = $1")
                .bind(chat_id)
                .fetch_optional(&mut *self.conn().await?)
                .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let platform: String = row.try_get("platform")?;
        let platform = Platform::from_name(&platform).unwrap_or(Platform::Console);
        Ok(Some(ChatAddress {
            platform,
            external_id: row.try_get("external_id")?,
            title: row.try_get("title")?,
            community: row.try_get("community")?,
        }))
    }
}
