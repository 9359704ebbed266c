//! AMBIT dailies and attempts.

use super::DbRow;
use super::{Store, StoreError, StoreResult};
use crate::games::Timestamp;
use sqlx::Row;

/// The daily puzzle of one UTC day, as first made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyRecord {
    /// `YYYY-MM-DD`.
    pub day: String,
    pub footprint: String,
    pub level: String,
    pub min_pieces: i64,
    pub solutions: i64,
    /// A minimal solution, placements separated by spaces.
    pub solution: String,
}

/// Where an attempt stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttemptStatus {
    Ongoing,
    Solved,
    GameOver,
    GivenUp,
}

stored_as_text!(AttemptStatus {
    Ongoing => "ongoing",
    Solved => "solved",
    GameOver => "game over",
    GivenUp => "given up",
});

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttemptRecord {
    pub id: i64,
    pub user_id: i64,
    /// The chat the attempt counts for.
    pub chat_id: i64,
    /// The chat it is played in.
    pub played_in: i64,
    /// The daily's day, or `None` for a practice puzzle.
    pub day: Option<String>,
    pub level: String,
    /// The puzzle state text of the rules core.
    pub state: String,
    pub status: AttemptStatus,
    pub stars: Option<i64>,
    /// A minimal solution, shown when the attempt ends.
    pub solution: String,
    pub started_at: Timestamp,
    pub finished_at: Option<Timestamp>,
    pub version: i64,
    /// Hints taken so far.
    pub hints: i64,
}

/// A new attempt, before it is stored.
#[derive(Clone, Debug)]
pub struct NewAttempt {
    pub user_id: i64,
    pub chat_id: i64,
    pub played_in: i64,
    pub day: Option<String>,
    pub level: String,
    pub state: String,
    pub solution: String,
}

const ATTEMPT_COLUMNS: &str = "id, user_id, chat_id, played_in, day, level, state, status, stars, solution, \
     started_at, finished_at, version, hints";

fn daily_from_row(row: &DbRow) -> StoreResult<DailyRecord> {
    Ok(DailyRecord {
        day: row.try_get("day")?,
        footprint: row.try_get("footprint")?,
        level: row.try_get("level")?,
        min_pieces: row.try_get("min_pieces")?,
        solutions: row.try_get("solutions")?,
        solution: row.try_get("solution")?,
    })
}

fn attempt_from_row(row: &DbRow) -> StoreResult<AttemptRecord> {
    let status: String = row.try_get("status")?;
    Ok(AttemptRecord {
        id: row.try_get("id")?,
        user_id: row.try_get("user_id")?,
        chat_id: row.try_get("chat_id")?,
        played_in: row.try_get("played_in")?,
        day: row.try_get("day")?,
        level: row.try_get("level")?,
        state: row.try_get("state")?,
        status: AttemptStatus::parse(&status)
            .ok_or_else(|| StoreError::Corrupt(format!("unknown attempt status {status}")))?,
        stars: row.try_get("stars")?,
        solution: row.try_get("solution")?,
        started_at: row.try_get("started_at")?,
        finished_at: row.try_get("finished_at")?,
        version: row.try_get("version")?,
        hints: row.try_get("hints")?,
    })
}

impl Store {
    /// The daily of `day` at `level`, if it was made.
    pub async fn daily(&self, day: &str, level: &str) -> StoreResult<Option<DailyRecord>> {
        let row = sqlx::query(
            "SELECT day, footprint, level, min_pieces, solutions, solution FROM ambit_dailies
             WHERE day = $1 AND level = $2",
        )
        .bind(day)
        .bind(level)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        row.as_ref().map(daily_from_row).transpose()
    }

    /// Stores `daily` unless that day's puzzle is stored already, and returns the stored one:
    /// the first puzzle made for a day is the day's puzzle for ever.
    pub async fn keep_daily(
        &self,
        daily: &DailyRecord,
        now: Timestamp,
    ) -> StoreResult<DailyRecord> {
        sqlx::query(
            "INSERT INTO ambit_dailies (day, footprint, level, min_pieces, solutions, solution,
                 created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (day, level) DO NOTHING",
        )
        .bind(&daily.day)
        .bind(&daily.footprint)
        .bind(&daily.level)
        .bind(daily.min_pieces)
        .bind(daily.solutions)
        .bind(&daily.solution)
        .bind(now)
        .execute(&mut *self.conn().await?)
        .await?;
        self.daily(&daily.day, &daily.level)
            .await?
            .ok_or_else(|| StoreError::Corrupt(format!("daily {} vanished", daily.day)))
    }

    /// Starts an attempt; for a daily, returns the user's existing attempt of that day
    /// instead (one attempt per user and day).
    pub async fn start_attempt(
        &self,
        new: &NewAttempt,
        now: Timestamp,
    ) -> StoreResult<AttemptRecord> {
        sqlx::query(
            "INSERT INTO ambit_attempts (user_id, chat_id, played_in, day, level, state, status,
                 solution, started_at, version)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1) ON CONFLICT (user_id, day) DO NOTHING",
        )
        .bind(new.user_id)
        .bind(new.chat_id)
        .bind(new.played_in)
        .bind(&new.day)
        .bind(&new.level)
        .bind(&new.state)
        .bind(AttemptStatus::Ongoing.as_str())
        .bind(&new.solution)
        .bind(now)
        .execute(&mut *self.conn().await?)
        .await?;
        let row =
            match &new.day {
                Some(day) => sqlx::query(&format!(
                    "SELECT {ATTEMPT_COLUMNS} FROM ambit_attempts WHERE user_id = $1 AND day = $2"
                ))
                .bind(new.user_id)
                .bind(day)
                .fetch_one(&mut *self.conn().await?)
                .await?,
                None => {
                    sqlx::query(&format!(
                        "SELECT {ATTEMPT_COLUMNS} FROM ambit_attempts
                     WHERE user_id = $1 AND day IS NULL ORDER BY id DESC LIMIT 1"
                    ))
                    .bind(new.user_id)
                    .fetch_one(&mut *self.conn().await?)
                    .await?
                }
            };
        attempt_from_row(&row)
    }

    /// The user's unfinished attempts played in `played_in`, most recently started first.
    pub async fn open_attempts(
        &self,
        user_id: i64,
        played_in: i64,
    ) -> StoreResult<Vec<AttemptRecord>> {
        let rows = sqlx::query(&format!(
            "SELECT {ATTEMPT_COLUMNS} FROM ambit_attempts
             WHERE user_id = $1 AND played_in = $2 AND status = $3
             ORDER BY started_at DESC, id DESC"
        ))
        .bind(user_id)
        .bind(played_in)
        .bind(AttemptStatus::Ongoing.as_str())
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter().map(attempt_from_row).collect()
    }

    /// The attempt `id`, if there is one.
    pub async fn attempt(&self, id: i64) -> StoreResult<Option<AttemptRecord>> {
        let row = sqlx::query(&format!(
            "SELECT {ATTEMPT_COLUMNS} FROM ambit_attempts WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        row.as_ref().map(attempt_from_row).transpose()
    }

    /// The user's attempt at the daily of `day`, if they started it.
    pub async fn daily_attempt(
        &self,
        user_id: i64,
        day: &str,
    ) -> StoreResult<Option<AttemptRecord>> {
        let row = sqlx::query(&format!(
            "SELECT {ATTEMPT_COLUMNS} FROM ambit_attempts WHERE user_id = $1 AND day = $2"
        ))
        .bind(user_id)
        .bind(day)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        row.as_ref().map(attempt_from_row).transpose()
    }

    /// Writes `attempt` if its version still matches; `Conflict` otherwise.
    pub async fn save_attempt(&self, attempt: &AttemptRecord) -> StoreResult<AttemptRecord> {
        let updated = sqlx::query(
            "UPDATE ambit_attempts SET state = $1, status = $2, stars = $3, finished_at = $4,
                 hints = $7, version = version + 1
             WHERE id = $5 AND version = $6",
        )
        .bind(&attempt.state)
        .bind(attempt.status.as_str())
        .bind(attempt.stars)
        .bind(attempt.finished_at)
        .bind(attempt.id)
        .bind(attempt.version)
        .bind(attempt.hints)
        .execute(&mut *self.conn().await?)
        .await?;
        if updated.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        let mut saved = attempt.clone();
        saved.version += 1;
        Ok(saved)
    }

    /// Every attempt at the daily of `day` counting for `chat_id`.
    pub async fn daily_attempts(&self, day: &str, chat_id: i64) -> StoreResult<Vec<AttemptRecord>> {
        let rows = sqlx::query(&format!(
            "SELECT {ATTEMPT_COLUMNS} FROM ambit_attempts WHERE day = $1 AND chat_id = $2
             ORDER BY id"
        ))
        .bind(day)
        .bind(chat_id)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter().map(attempt_from_row).collect()
    }

    /// The deployment's secret `name`: `candidate` if none was stored yet, else the stored
    /// one. Processes starting together agree: the first insert wins, every one reads it back.
    pub async fn deployment_secret(
        &self,
        name: &str,
        candidate: &str,
        now: Timestamp,
    ) -> StoreResult<String> {
        sqlx::query(
            "INSERT INTO deployment_secrets (name, value, created_at) VALUES ($1, $2, $3)
             ON CONFLICT (name) DO NOTHING",
        )
        .bind(name)
        .bind(candidate)
        .bind(now)
        .execute(&mut *self.conn().await?)
        .await?;
        let row = sqlx::query("SELECT value FROM deployment_secrets WHERE name = $1")
            .bind(name)
            .fetch_one(&mut *self.conn().await?)
            .await?;
        Ok(row.try_get("value")?)
    }

    /// Whether the daily of `day` stays played for the person behind `marker` (who played it,
    /// then had Kibitz forget them).
    pub async fn daily_played_marked(&self, day: &str, marker: &str) -> StoreResult<bool> {
        let row = sqlx::query(
            "SELECT 1 AS found FROM ambit_played_markers WHERE day = $1 AND marker = $2",
        )
        .bind(day)
        .bind(marker)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        Ok(row.is_some())
    }
}
