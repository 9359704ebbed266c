//! What happens to a game besides its moves, kept as events: a takeback takes moves back by
//! pointing them at its event, never by deleting them.

use super::GameId;
use super::{GameRecord, MoveRecord, Store, StoreError, StoreResult, saved_as, write_game};
use crate::games::AnyGame;
use crate::games::Timestamp;
use sqlx::Row;

/// A move that stands, with the position after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingMove {
    pub record: MoveRecord,
    pub position_after: String,
}

impl StandingMove {
    /// The position after the move (of `game`), read from its stored text.
    pub fn after(&self, game: &GameRecord) -> StoreResult<AnyGame> {
        super::records::parse_position(game.id, game.kind, &self.position_after)
    }
}

impl Store {
    /// The last `limit` moves of a game that stand, latest first (served by the moves' key).
    pub async fn last_standing_moves(
        &self,
        game_id: GameId,
        limit: i64,
    ) -> StoreResult<Vec<StandingMove>> {
        let rows = sqlx::query(
            "SELECT ply, side, user_id, notation, position_after FROM moves
             WHERE game_id = $1 AND undone_by IS NULL ORDER BY ply DESC LIMIT $2",
        )
        .bind(game_id.0)
        .bind(limit)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(StandingMove {
                    record: MoveRecord::from_row(row)?,
                    position_after: row.try_get("position_after")?,
                })
            })
            .collect()
    }

    /// Takes back the moves of `game` from ply `from_ply` on, for `user_id`, as one event,
    /// and writes `game` as it is after (its version checked, as for any change). Returns
    /// the game as stored; `Conflict` when another command got there first.
    pub async fn take_back(
        &self,
        game: &GameRecord,
        from_ply: i64,
        user_id: i64,
        now: Timestamp,
    ) -> StoreResult<GameRecord> {
        let mut conn = self.conn().await?;
        let mut tx = conn.begin().await?;
        if !write_game(&mut tx, game, now).await? {
            tx.rollback().await?;
            return Err(StoreError::Conflict);
        }
        let event = sqlx::query(
            "INSERT INTO game_events (game_id, kind, user_id, created_at)
             VALUES ($1, 'takeback', $2, $3) RETURNING id",
        )
        .bind(game.id.0)
        .bind(user_id)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        let event: i64 = event.try_get("id")?;
        sqlx::query(
            "UPDATE moves SET undone_by = $1
             WHERE game_id = $2 AND ply >= $3 AND undone_by IS NULL",
        )
        .bind(event)
        .bind(game.id.0)
        .bind(from_ply)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(saved_as(game, now))
    }

    /// How many takebacks game `game_id` has had.
    pub async fn takebacks(&self, game_id: GameId) -> StoreResult<i64> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS takebacks FROM game_events
             WHERE game_id = $1 AND kind = 'takeback'",
        )
        .bind(game_id.0)
        .fetch_one(&mut *self.conn().await?)
        .await?;
        Ok(row.try_get("takebacks")?)
    }
}
