//! Users' names as a reply shows them, read together: one statement for every player a
//! command names (a game's two players, a page of the games list), not one per player.

use super::{Store, StoreResult};
use sqlx::Row;
use std::collections::HashMap;

/// The most users one read names; a page of the games list names at most four a game.
const MAX_NAMED: usize = 64;

impl Store {
    /// The display names of the users `ids` (repeats and unknown ids are fine; an unknown
    /// user is absent from the map), in one statement. At most [`MAX_NAMED`] distinct users
    /// are read; the callers name a game's players or one page of games.
    pub async fn display_names(&self, ids: &[i64]) -> StoreResult<HashMap<i64, String>> {
        let named = self.player_names(ids).await?;
        Ok(named
            .into_iter()
            .map(|(id, player)| (id, player.display_name))
            .collect())
    }
}

/// A player as a game's reply names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerName {
    pub display_name: String,
    /// The platform's id of the user, to mention them.
    pub external_id: String,
    /// Whether they want to be mentioned when it is their move.
    pub pings: bool,
}

impl Store {
    /// The names, platform ids and ping choices of the users `ids` (as
    /// [`Store::display_names`]), in one statement.
    pub async fn player_names(&self, ids: &[i64]) -> StoreResult<HashMap<i64, PlayerName>> {
        let mut ids = ids.to_vec();
        ids.sort_unstable();
        ids.dedup();
        ids.truncate(MAX_NAMED);
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let placeholders: Vec<String> = (1..=ids.len()).map(|n| format!("${n}")).collect();
        let sql = format!(
            "SELECT id, display_name, external_id, pings FROM users WHERE id IN ({})",
            placeholders.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for id in &ids {
            query = query.bind(*id);
        }
        let rows = query.fetch_all(&mut *self.conn().await?).await?;
        rows.iter()
            .map(|row| {
                let pings: i64 = row.try_get("pings")?;
                Ok((
                    row.try_get("id")?,
                    PlayerName {
                        display_name: row.try_get("display_name")?,
                        external_id: row.try_get("external_id")?,
                        pings: pings != 0,
                    },
                ))
            })
            .collect()
    }

    /// Whether `user_id` is mentioned when it is their move.
    pub async fn set_pings(&self, user_id: i64, pings: bool) -> StoreResult<()> {
        sqlx::query("UPDATE users SET pings = $1 WHERE id = $2")
            .bind(i64::from(pings))
            .bind(user_id)
            .execute(&mut *self.conn().await?)
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Timestamp;

    #[tokio::test]
    async fn names_of_several_users_come_in_one_read() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("names.db").display());
        let store = Store::connect(&url).await.unwrap();
        let alice = store
            .upsert_user(
                crate::store::Platform::Console,
                "a",
                "Alice",
                None,
                Timestamp::from_millis(0),
            )
            .await
            .unwrap();
        let bob = store
            .upsert_user(
                crate::store::Platform::Console,
                "b",
                "Bob",
                None,
                Timestamp::from_millis(0),
            )
            .await
            .unwrap();
        let names = store
            .display_names(&[bob.id, alice.id, bob.id, 9_999])
            .await
            .unwrap();
        assert_eq!(names.len(), 2);
        assert_eq!(names.get(&alice.id).map(String::as_str), Some("Alice"));
        assert_eq!(names.get(&bob.id).map(String::as_str), Some("Bob"));
        assert!(store.display_names(&[]).await.unwrap().is_empty());
    }
}
