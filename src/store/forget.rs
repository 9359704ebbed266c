//! Forgetting a user: what Kibitz keeps about them goes, what others need stays.

use super::{Platform, Store, StoreResult};

impl Store {
    /// Deletes what Kibitz keeps about a user: their puzzles, ratings and settings, their
    /// name and platform id. Finished games stay for their opponents, under "deleted player".
    pub async fn forget_user(&self, user_id: i64, placeholder_name: &str) -> StoreResult<()> {
        self.forget_user_keeping(user_id, placeholder_name, &Forgetting::default())
            .await
    }

    /// [`Store::forget_user`], in the same transaction keeping a played-marker for each
    /// daily of `forgetting.played` the user has an attempt at (so that forgetting does not
    /// open that day's daily again), dropping markers of days before `forgetting.today`, and
    /// dropping the replies still waiting in the outbox for the user's private chat.
    pub async fn forget_user_keeping(
        &self,
        user_id: i64,
        placeholder_name: &str,
        forgetting: &Forgetting<'_>,
    ) -> StoreResult<()> {
        let mut conn = self.conn().await?;
        let mut tx = conn.begin().await?;
        for (day, marker) in forgetting.played {
            sqlx::query(
                "INSERT INTO ambit_played_markers (day, marker)
                 SELECT $1, $2 WHERE EXISTS
                     (SELECT 1 FROM ambit_attempts WHERE user_id = $3 AND day = $1)
                 ON CONFLICT (day, marker) DO NOTHING",
            )
            .bind(day)
            .bind(marker)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        }
        if let Some(today) = forgetting.today {
            sqlx::query("DELETE FROM ambit_played_markers WHERE day < $1")
                .bind(today)
                .execute(&mut *tx)
                .await?;
        }
        if let Some((platform, chat)) = forgetting.private_chat {
            super::platform::drop_outbox_for_chat(&mut tx, platform, chat).await?;
        }
        sqlx::query("DELETE FROM ambit_attempts WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        // The daily game puzzles: answers, the player's puzzle ratings and links.
        for table in ["game_puzzle_answers", "puzzle_ratings", "puzzle_links"] {
            sqlx::query(&format!("DELETE FROM {table} WHERE user_id = $1"))
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("DELETE FROM ratings WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM game_results_by_day WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM computer_results WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE daily_settings SET updated_by = NULL WHERE updated_by = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "UPDATE users SET display_name = $1, handle = NULL, locale = NULL,
                 external_id = 'forgotten:' || CAST(id AS TEXT)
             WHERE id = $2",
        )
        .bind(placeholder_name)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }
}

/// What forgetting a user keeps and drops besides their own rows.
#[derive(Clone, Debug, Default)]
pub struct Forgetting<'a> {
    /// `(day, marker)`: a daily that stays played, if the user has an attempt at it.
    pub played: &'a [(String, String)],
    /// Markers of days before this one (`YYYY-MM-DD`) are dropped: those dailies are over.
    pub today: Option<&'a str>,
    /// `(platform, chat)`: the user's private chat, whose undelivered replies are dropped.
    pub private_chat: Option<(Platform, &'a str)>,
}
