//! The engine's reviews of finished games: asked for in a chat, claimed by one process at a
//! time, searched position by position with what was found written as it goes, kept for good.

use super::{GameId, Platform, Store, StoreError, StoreResult};
use crate::engine::analysis::Evaluation;
use crate::games::Timestamp;
use sqlx::Row;
use sqlx::any::AnyRow;

/// A review, done or under way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisRecord {
    pub game_id: GameId,
    pub chat_id: i64,
    pub requested_by: i64,
    /// How many positions the game has (its turns and one): the review is done at as many
    /// evaluations.
    pub positions: usize,
    /// The positions searched so far, from the start.
    pub evaluations: Vec<Evaluation>,
    pub finished: bool,
}

/// A review waiting for a process, with where its news goes.
#[derive(Clone, Debug)]
pub struct DueAnalysis {
    pub analysis: AnalysisRecord,
    /// The platform's id of the chat, and the game's thread in it (if it has one).
    pub chat: String,
    pub thread: Option<String>,
}

const COLUMNS: &str = "game_id, chat_id, requested_by, positions, evaluations, finished_at";

fn from_row(row: &AnyRow) -> StoreResult<AnalysisRecord> {
    let game_id: i64 = row.try_get("game_id")?;
    let evaluations: String = row.try_get("evaluations")?;
    let evaluations = serde_json::from_str(&evaluations)
        .map_err(|error| StoreError::Corrupt(format!("analysis of game {game_id}: {error}")))?;
    let positions: i64 = row.try_get("positions")?;
    Ok(AnalysisRecord {
        game_id: GameId(game_id),
        chat_id: row.try_get("chat_id")?,
        requested_by: row.try_get("requested_by")?,
        positions: usize::try_from(positions).unwrap_or(0),
        evaluations,
        finished: row.try_get::<Option<i64>, _>("finished_at")?.is_some(),
    })
}

fn to_json(evaluations: &[Evaluation]) -> StoreResult<String> {
    serde_json::to_string(evaluations)
        .map_err(|error| StoreError::Corrupt(format!("analysis not written: {error}")))
}

impl Store {
    /// The review of `game_id`, done or under way, if one was asked for.
    pub async fn analysis(&self, game_id: GameId) -> StoreResult<Option<AnalysisRecord>> {
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM analyses WHERE game_id = $1"
        ))
        .bind(game_id.0)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        row.as_ref().map(from_row).transpose()
    }

    /// The game whose review is under way in `chat_id` (at most one is: see
    /// [`Store::request_analysis`]), served by the index on a chat's reviews.
    pub async fn open_analysis_in_chat(&self, chat_id: i64) -> StoreResult<Option<GameId>> {
        let row = sqlx::query(
            "SELECT game_id FROM analyses WHERE chat_id = $1 AND finished_at IS NULL LIMIT 1",
        )
        .bind(chat_id)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        Ok(row
            .map(|row| row.try_get::<i64, _>("game_id"))
            .transpose()?
            .map(GameId))
    }

    /// Queues the review of `game_id` (of `positions` positions) for `chat_id`; false when it
    /// was asked for already (the first request stands) or the chat has another under way
    /// (one at a time, so no chat fills the queue).
    pub async fn request_analysis(
        &self,
        game_id: GameId,
        chat_id: i64,
        user_id: i64,
        positions: usize,
        now: Timestamp,
    ) -> StoreResult<bool> {
        let inserted = sqlx::query(
            "INSERT INTO analyses (game_id, chat_id, requested_by, requested_at, positions)
             SELECT $1, $2, $3, $4, $5
             WHERE NOT EXISTS (
                 SELECT 1 FROM analyses WHERE chat_id = $2 AND finished_at IS NULL)
             ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(game_id.0)
        .bind(chat_id)
        .bind(user_id)
        .bind(now)
        .bind(i64::try_from(positions).unwrap_or(i64::MAX))
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(inserted.rows_affected() == 1)
    }

    /// Up to `limit` unfinished reviews of `platform`'s chats that no live claim holds, the
    /// longest waiting first (served by the partial index on the queue).
    pub async fn due_analyses(
        &self,
        platform: Platform,
        now: Timestamp,
        limit: i64,
    ) -> StoreResult<Vec<DueAnalysis>> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS},
                 (SELECT external_id FROM chats WHERE chats.id = analyses.chat_id) AS chat,
                 (SELECT thread FROM games WHERE games.id = analyses.game_id) AS thread
             FROM analyses
             WHERE finished_at IS NULL AND (claimed_until IS NULL OR claimed_until < $1)
                 AND chat_id IN (SELECT id FROM chats WHERE platform = $2)
             ORDER BY requested_at, game_id LIMIT $3"
        ))
        .bind(now)
        .bind(platform.as_str())
        .bind(limit)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(DueAnalysis {
                    analysis: from_row(row)?,
                    chat: row.try_get("chat")?,
                    thread: row.try_get("thread")?,
                })
            })
            .collect()
    }

    /// Claims the review of `game_id` for `holder` until `until`; false when it is done or
    /// another live claim holds it.
    pub async fn claim_analysis(
        &self,
        game_id: GameId,
        holder: &str,
        now: Timestamp,
        until: Timestamp,
    ) -> StoreResult<bool> {
        let claimed = sqlx::query(
            "UPDATE analyses SET holder = $1, claimed_until = $2
             WHERE game_id = $3 AND finished_at IS NULL
                 AND (claimed_until IS NULL OR claimed_until < $4 OR holder = $1)",
        )
        .bind(holder)
        .bind(until)
        .bind(game_id.0)
        .bind(now)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(claimed.rows_affected() == 1)
    }

    /// Writes what `holder` has found so far and extends its claim to `until` (or, with
    /// `finished_at`, marks the review done); false when the claim was lost meanwhile
    /// (another process took over a claim run out), and nothing was written.
    pub async fn save_analysis(
        &self,
        game_id: GameId,
        holder: &str,
        evaluations: &[Evaluation],
        until: Timestamp,
        finished_at: Option<Timestamp>,
    ) -> StoreResult<bool> {
        let saved = sqlx::query(
            "UPDATE analyses SET evaluations = $1, claimed_until = $2, finished_at = $3
             WHERE game_id = $4 AND holder = $5 AND finished_at IS NULL",
        )
        .bind(to_json(evaluations)?)
        .bind(until)
        .bind(finished_at)
        .bind(game_id.0)
        .bind(holder)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(saved.rows_affected() == 1)
    }

    /// Gives up `holder`'s claim on the review of `game_id` (a search that failed), so it
    /// is due again at once; what it found stays.
    pub async fn release_analysis(&self, game_id: GameId, holder: &str) -> StoreResult<()> {
        sqlx::query(
            "UPDATE analyses SET holder = NULL, claimed_until = NULL
             WHERE game_id = $1 AND holder = $2",
        )
        .bind(game_id.0)
        .bind(holder)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(())
    }
}
