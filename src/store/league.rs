//! Guild life in the database: communities, languages, daily-post settings and claims, and
//! the dailies' results. Ratings are in `ratings`, forgetting a user in `forget`.

use super::{DailyPuzzle, Platform};
use super::{Store, StoreError, StoreResult};
use crate::games::Timestamp;
use sqlx::Row;

/// Whose leaderboards a chat shares: its community's (a Discord guild), else its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scope {
    pub chat_id: i64,
    pub community: Option<String>,
}

impl Scope {
    /// The key ratings are kept under.
    pub fn key(&self) -> String {
        match &self.community {
            Some(community) => community.clone(),
            None => format!("chat:{}", self.chat_id),
        }
    }
}

/// The rows of a scope's chats, as an SQL condition on `column` with parameters `$a`, `$b`.
fn in_scope(column: &str, a: usize, b: usize) -> String {
    format!(
        "{column} IN (SELECT id FROM chats WHERE id = ${a} OR (community IS NOT NULL AND community = ${b}))"
    )
}

/// A channel's daily-post setting of one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailySetting {
    pub chat_id: i64,
    pub puzzle: DailyPuzzle,
    pub enabled: bool,
    /// Minutes after 00:00 UTC.
    pub minute_of_day: i64,
    /// `auto`, `easy`, `medium` or `hard` (AMBIT's; a game's puzzle keeps `auto`).
    pub level: String,
}

/// A channel whose daily post is due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuePost {
    pub chat_id: i64,
    pub puzzle: DailyPuzzle,
    pub platform: String,
    pub external_id: String,
    pub level: String,
    /// The minute of the UTC day the post is due at.
    pub minute_of_day: i64,
}

/// How a claim on a daily post went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// This holder may send the post now.
    Taken,
    /// Someone else holds it, or it was posted.
    Held,
}

/// One finished AMBIT daily attempt, for standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyResult {
    pub user_id: i64,
    pub name: String,
    pub day: String,
    pub solved: bool,
    pub stars: i64,
    pub time_ms: i64,
}

/// The most claims a daily post gets before it is given up (the bot was removed, say).
pub const MAX_POST_ATTEMPTS: i64 = 5;

impl Store {
    /// The language an admin set for the chat's public messages.
    pub async fn chat_language(&self, chat_id: i64) -> StoreResult<Option<String>> {
        let row = sqlx::query("SELECT language FROM chats WHERE id = $1")
            .bind(chat_id)
            .fetch_one(&mut *self.conn().await?)
            .await?;
        Ok(row.try_get("language")?)
    }

    pub async fn set_chat_language(&self, chat_id: i64, language: Option<&str>) -> StoreResult<()> {
        sqlx::query("UPDATE chats SET language = $1 WHERE id = $2")
            .bind(language)
            .bind(chat_id)
            .execute(&mut *self.conn().await?)
            .await?;
        Ok(())
    }

    /// The user's own language choice (`lang`); `None` follows the platform.
    pub async fn set_user_locale(&self, user_id: i64, locale: Option<&str>) -> StoreResult<()> {
        sqlx::query("UPDATE users SET locale = $1 WHERE id = $2")
            .bind(locale)
            .bind(user_id)
            .execute(&mut *self.conn().await?)
            .await?;
        Ok(())
    }

    pub async fn scope(&self, chat_id: i64) -> StoreResult<Scope> {
        let row = sqlx::query("SELECT community FROM chats WHERE id = $1")
            .bind(chat_id)
            .fetch_one(&mut *self.conn().await?)
            .await?;
        Ok(Scope {
            chat_id,
            community: row.try_get("community")?,
        })
    }

    /// A chat of `platform` by the platform's id, if the bot has seen it.
    pub async fn chat_by_external_id(
        &self,
        platform: Platform,
        external_id: &str,
    ) -> StoreResult<Option<i64>> {
        let row = sqlx::query("SELECT id FROM chats WHERE platform = $1 AND external_id = $2")
            .bind(platform.as_str())
            .bind(external_id)
            .fetch_optional(&mut *self.conn().await?)
            .await?;
        row.map(|r| r.try_get("id")).transpose().map_err(Into::into)
    }

    /// The chat's setting of `puzzle`'s daily post, if it has one.
    pub async fn daily_setting(
        &self,
        chat_id: i64,
        puzzle: DailyPuzzle,
    ) -> StoreResult<Option<DailySetting>> {
        let row = sqlx::query(
            "SELECT chat_id, puzzle, enabled, minute_of_day, level FROM daily_settings
             WHERE chat_id = $1 AND puzzle = $2",
        )
        .bind(chat_id)
        .bind(puzzle.as_str())
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        row.map(|row| daily_setting_of(&row)).transpose()
    }

    /// Every daily-post setting of the chat (one a puzzle at most), AMBIT's first.
    pub async fn daily_settings(&self, chat_id: i64) -> StoreResult<Vec<DailySetting>> {
        let rows = sqlx::query(
            "SELECT chat_id, puzzle, enabled, minute_of_day, level FROM daily_settings
             WHERE chat_id = $1 ORDER BY puzzle",
        )
        .bind(chat_id)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        let mut settings = rows
            .iter()
            .map(daily_setting_of)
            .collect::<StoreResult<Vec<_>>>()?;
        settings.sort_by_key(|s| s.puzzle != DailyPuzzle::Ambit);
        Ok(settings)
    }

    /// Whether any chat has `puzzle`'s daily post on (then the scheduler makes the day's
    /// puzzle ahead of its first post).
    pub async fn daily_puzzle_wanted(&self, puzzle: DailyPuzzle) -> StoreResult<bool> {
        let row = sqlx::query(
            "SELECT chat_id FROM daily_settings WHERE puzzle = $1 AND enabled = 1 LIMIT 1",
        )
        .bind(puzzle.as_str())
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        Ok(row.is_some())
    }

    pub async fn set_daily_setting(
        &self,
        setting: &DailySetting,
        by: i64,
        now: Timestamp,
    ) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO daily_settings
                 (chat_id, puzzle, enabled, minute_of_day, level, updated_by, updated_at)
             VALUES ($1, $7, $2, $3, $4, $5, $6)
             ON CONFLICT (chat_id, puzzle) DO UPDATE SET enabled = excluded.enabled,
                 minute_of_day = excluded.minute_of_day, level = excluded.level,
                 updated_by = excluded.updated_by, updated_at = excluded.updated_at",
        )
        .bind(setting.chat_id)
        .bind(i64::from(setting.enabled))
        .bind(setting.minute_of_day)
        .bind(&setting.level)
        .bind(by)
        .bind(now)
        .bind(setting.puzzle.as_str())
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(())
    }

    /// The channels of `platform` whose posts of `day` are due by `minute` and not yet made,
    /// each puzzle's post on its own.
    pub async fn due_posts(
        &self,
        platform: Platform,
        day: &str,
        minute: i64,
    ) -> StoreResult<Vec<DuePost>> {
        let rows = sqlx::query(
            "SELECT s.chat_id, s.puzzle, c.platform, c.external_id, s.level, s.minute_of_day
             FROM daily_settings s
             JOIN chats c ON c.id = s.chat_id
             LEFT JOIN daily_posts p
                 ON p.chat_id = s.chat_id AND p.puzzle = s.puzzle AND p.day = $1
             WHERE s.enabled = 1 AND s.minute_of_day <= $2 AND c.platform = $3
                 AND p.posted_at IS NULL AND (p.attempts IS NULL OR p.attempts < $4)
             ORDER BY s.minute_of_day, s.chat_id, s.puzzle",
        )
        .bind(day)
        .bind(minute)
        .bind(platform.as_str())
        .bind(MAX_POST_ATTEMPTS)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(DuePost {
                    chat_id: row.try_get("chat_id")?,
                    puzzle: puzzle_of(row)?,
                    platform: row.try_get("platform")?,
                    external_id: row.try_get("external_id")?,
                    level: row.try_get("level")?,
                    minute_of_day: row.try_get("minute_of_day")?,
                })
            })
            .collect()
    }

    /// Claims the post of `day` in `chat_id` for `holder` until `lease_until`: a first claim,
    /// or one whose holder let its lease run out without posting.
    pub async fn claim_post(
        &self,
        chat_id: i64,
        puzzle: DailyPuzzle,
        day: &str,
        holder: &str,
        now: Timestamp,
        lease_until: Timestamp,
    ) -> StoreResult<Claim> {
        let inserted = sqlx::query(
            "INSERT INTO daily_posts (chat_id, puzzle, day, claimed_by, lease_until, attempts)
             VALUES ($1, $5, $2, $3, $4, 1) ON CONFLICT (chat_id, puzzle, day) DO NOTHING",
        )
        .bind(chat_id)
        .bind(day)
        .bind(holder)
        .bind(lease_until)
        .bind(puzzle.as_str())
        .execute(&mut *self.conn().await?)
        .await?;
        if inserted.rows_affected() == 1 {
            return Ok(Claim::Taken);
        }
        let taken_over = sqlx::query(
            "UPDATE daily_posts SET claimed_by = $1, lease_until = $2, attempts = attempts + 1
             WHERE chat_id = $3 AND day = $4 AND posted_at IS NULL AND lease_until < $5
                 AND attempts < $6 AND puzzle = $7",
        )
        .bind(holder)
        .bind(lease_until)
        .bind(chat_id)
        .bind(day)
        .bind(now)
        .bind(MAX_POST_ATTEMPTS)
        .bind(puzzle.as_str())
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(if taken_over.rows_affected() == 1 {
            Claim::Taken
        } else {
            Claim::Held
        })
    }

    /// Marks the post made; false if `holder` no longer held the claim.
    pub async fn finish_post(
        &self,
        chat_id: i64,
        puzzle: DailyPuzzle,
        day: &str,
        holder: &str,
        now: Timestamp,
    ) -> StoreResult<bool> {
        let done = sqlx::query(
            "UPDATE daily_posts SET posted_at = $1
             WHERE chat_id = $2 AND day = $3 AND claimed_by = $4 AND posted_at IS NULL
                 AND puzzle = $5",
        )
        .bind(now)
        .bind(chat_id)
        .bind(day)
        .bind(holder)
        .bind(puzzle.as_str())
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Lets a claim go at once after a failed send, so the next round tries again.
    pub async fn release_post(
        &self,
        chat_id: i64,
        puzzle: DailyPuzzle,
        day: &str,
        holder: &str,
    ) -> StoreResult<()> {
        sqlx::query(
            "UPDATE daily_posts SET lease_until = 0
             WHERE chat_id = $1 AND day = $2 AND claimed_by = $3 AND posted_at IS NULL
                 AND puzzle = $4",
        )
        .bind(chat_id)
        .bind(day)
        .bind(holder)
        .bind(puzzle.as_str())
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(())
    }

    /// How many times `puzzle`'s post of `day` in `chat_id` was made (0 or 1).
    pub async fn posts_made(
        &self,
        chat_id: i64,
        puzzle: DailyPuzzle,
        day: &str,
    ) -> StoreResult<i64> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM daily_posts
             WHERE chat_id = $1 AND puzzle = $3 AND day = $2 AND posted_at IS NOT NULL",
        )
        .bind(chat_id)
        .bind(day)
        .bind(puzzle.as_str())
        .fetch_one(&mut *self.conn().await?)
        .await?;
        Ok(row.try_get("n")?)
    }

    /// Daily attempts counting for `scope` from `first_day` on (all when `None`). An attempt
    /// counts as played from the moment it is started; only a solved one counts as solved.
    pub async fn daily_results(
        &self,
        scope: &Scope,
        first_day: Option<&str>,
    ) -> StoreResult<Vec<DailyResult>> {
        let rows = sqlx::query(&format!(
            "SELECT a.user_id, u.display_name, a.day, a.status, a.stars, a.started_at,
                 a.finished_at
             FROM ambit_attempts a JOIN users u ON u.id = a.user_id
             WHERE a.day IS NOT NULL AND a.day >= $1 AND {}
             ORDER BY a.day, a.id",
            in_scope("a.chat_id", 2, 3)
        ))
        .bind(first_day.unwrap_or(""))
        .bind(scope.chat_id)
        .bind(&scope.community)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter().map(daily_result).collect()
    }

    /// Every daily attempt of `user_id`, wherever it counted (streaks are the player's own).
    pub async fn user_daily_results(&self, user_id: i64) -> StoreResult<Vec<DailyResult>> {
        let rows = sqlx::query(
            "SELECT a.user_id, u.display_name, a.day, a.status, a.stars, a.started_at,
                 a.finished_at
             FROM ambit_attempts a JOIN users u ON u.id = a.user_id
             WHERE a.day IS NOT NULL AND a.user_id = $1
             ORDER BY a.day",
        )
        .bind(user_id)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter().map(daily_result).collect()
    }
}

fn daily_result(row: &super::DbRow) -> StoreResult<DailyResult> {
    let status: String = row.try_get("status")?;
    let started: i64 = row.try_get("started_at")?;
    let finished: Option<i64> = row.try_get("finished_at")?;
    let stars: Option<i64> = row.try_get("stars")?;
    let solved = status == super::AttemptStatus::Solved.as_str();
    Ok(DailyResult {
        user_id: row.try_get("user_id")?,
        name: row.try_get("display_name")?,
        day: row.try_get("day")?,
        solved,
        stars: if solved { stars.unwrap_or(0) } else { 0 },
        time_ms: finished.map_or(0, |f| (f - started).max(0)),
    })
}

fn puzzle_of(row: &sqlx::any::AnyRow) -> StoreResult<DailyPuzzle> {
    let text: String = row.try_get("puzzle")?;
    DailyPuzzle::parse(&text)
        .ok_or_else(|| StoreError::Corrupt(format!("unknown daily puzzle {text:?}")))
}

fn daily_setting_of(row: &sqlx::any::AnyRow) -> StoreResult<DailySetting> {
    let enabled: i64 = row.try_get("enabled")?;
    Ok(DailySetting {
        chat_id: row.try_get("chat_id")?,
        puzzle: puzzle_of(row)?,
        enabled: enabled != 0,
        minute_of_day: row.try_get("minute_of_day")?,
        level: row.try_get("level")?,
    })
}
