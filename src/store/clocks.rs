//! Game clocks in the database: the deadlines and reminders that are due, claiming one so
//! that exactly one process handles it.

use super::GameId;
use super::Platform;
use super::{GAME_COLUMNS, GameRecord, Store, StoreResult};
use crate::games::Timestamp;
use sqlx::Row;

/// A game whose clock needs the scheduler: its side to move ran out of time, or is to be
/// reminded.
#[derive(Clone, Debug)]
pub struct DueClock {
    pub game: GameRecord,
    /// The platform's id of the game's chat.
    pub chat: String,
}

impl Store {
    /// Up to `limit` games of `platform` whose deadline or reminder time has come by `now`
    /// and which no live claim holds, the earliest first. Each half is served by its partial
    /// index (`games_deadline`, `games_remind_at`).
    pub async fn due_clocks(
        &self,
        platform: Platform,
        now: Timestamp,
        limit: i64,
    ) -> StoreResult<Vec<DueClock>> {
        let half = |column: &str| {
            format!(
                "SELECT {GAME_COLUMNS}, {column} AS due_at,
                     (SELECT external_id FROM chats WHERE chats.id = games.chat_id)
                         AS chat_external_id
                 FROM games
                 WHERE {column} IS NOT NULL AND {column} <= $1
                     AND (clock_until IS NULL OR clock_until < $1)
                     AND chat_id IN (SELECT id FROM chats WHERE platform = $2)"
            )
        };
        let rows = sqlx::query(&format!(
            "SELECT * FROM ({} UNION ALL {}) AS due ORDER BY due_at, id LIMIT $3",
            half("deadline"),
            half("remind_at"),
        ))
        .bind(now)
        .bind(platform.as_str())
        .bind(limit)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        let mut due: Vec<DueClock> = Vec::with_capacity(rows.len());
        for row in &rows {
            let game = GameRecord::from_row(row)?;
            // A game both reminded and run out is handled once, for its deadline.
            if due.iter().any(|d| d.game.id == game.id) {
                continue;
            }
            due.push(DueClock {
                game,
                chat: row.try_get("chat_external_id")?,
            });
        }
        Ok(due)
    }

    /// Claims the clock of `game_id` as it was at `version` for `holder` until `until`; false
    /// when the game changed, another live claim holds it, or nothing is due any more (a
    /// reminder sent leaves the version as it was). The version stays: a timeout is
    /// committed with the version check of any change, so a move that came first wins.
    pub async fn claim_clock(
        &self,
        game_id: GameId,
        version: i64,
        holder: &str,
        now: Timestamp,
        until: Timestamp,
    ) -> StoreResult<bool> {
        let claimed = sqlx::query(
            "UPDATE games SET clock_holder = $1, clock_until = $2
             WHERE id = $3 AND version = $4 AND (clock_until IS NULL OR clock_until < $5)
                 AND (deadline <= $5 OR remind_at <= $5)",
        )
        .bind(holder)
        .bind(until)
        .bind(game_id.0)
        .bind(version)
        .bind(now)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(claimed.rows_affected() == 1)
    }

    /// The reminder of `game_id` was sent by `holder`: it is not due again, and the claim
    /// ends. False when the claim was lost meanwhile (a move changed the game).
    pub async fn finish_reminder(
        &self,
        game_id: GameId,
        version: i64,
        holder: &str,
    ) -> StoreResult<bool> {
        let done = sqlx::query(
            "UPDATE games SET remind_at = NULL, clock_holder = NULL, clock_until = NULL
             WHERE id = $1 AND version = $2 AND clock_holder = $3",
        )
        .bind(game_id.0)
        .bind(version)
        .bind(holder)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Gives up `holder`'s claim on the clock of `game_id` (a send that failed), so that it
    /// is due again.
    pub async fn release_clock(&self, game_id: GameId, holder: &str) -> StoreResult<()> {
        sqlx::query(
            "UPDATE games SET clock_holder = NULL, clock_until = NULL
             WHERE id = $1 AND clock_holder = $2",
        )
        .bind(game_id.0)
        .bind(holder)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(())
    }
}

/// A player's vacation: the last one taken, and the days taken in its month.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Vacation {
    pub from: Option<Timestamp>,
    pub until: Option<Timestamp>,
    /// The UTC month (`2026-12`) `days` were taken in.
    pub month: Option<String>,
    pub days: i64,
}

impl Store {
    pub async fn vacation(&self, user_id: i64) -> StoreResult<Vacation> {
        let row = sqlx::query(
            "SELECT vacation_from, vacation_until, vacation_month, vacation_days
             FROM users WHERE id = $1",
        )
        .bind(user_id)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        Ok(match row {
            Some(row) => Vacation {
                from: row.try_get("vacation_from")?,
                until: row.try_get("vacation_until")?,
                month: row.try_get("vacation_month")?,
                days: row.try_get("vacation_days")?,
            },
            None => Vacation::default(),
        })
    }

    pub async fn set_vacation(&self, user_id: i64, vacation: &Vacation) -> StoreResult<()> {
        sqlx::query(
            "UPDATE users SET vacation_from = $1, vacation_until = $2, vacation_month = $3,
                 vacation_days = $4
             WHERE id = $5",
        )
        .bind(vacation.from)
        .bind(vacation.until)
        .bind(&vacation.month)
        .bind(vacation.days)
        .bind(user_id)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(())
    }

    /// Moves the deadline and reminder of `game_id` (as it was at `version`) under
    /// `holder`'s claim, ending the claim: a vacation stood the clock still. False when the
    /// claim was lost meanwhile.
    pub async fn postpone_clock(
        &self,
        game_id: GameId,
        version: i64,
        holder: &str,
        deadline: Timestamp,
        remind_at: Option<Timestamp>,
    ) -> StoreResult<bool> {
        let done = sqlx::query(
            "UPDATE games SET deadline = $1, remind_at = $2, clock_holder = NULL,
                 clock_until = NULL
             WHERE id = $3 AND version = $4 AND clock_holder = $5",
        )
        .bind(deadline)
        .bind(remind_at)
        .bind(game_id.0)
        .bind(version)
        .bind(holder)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(done.rows_affected() == 1)
    }
}
