//! The two-player games' daily puzzles: the day's puzzle of a game, one answer a player and
//! day, the players' and the puzzles' Glicko-2 ratings, and a chat's standings.

use super::{GameId, Store, StoreError, StoreResult};
use crate::games::GameKind;
use crate::games::Timestamp;
use crate::games::standings::Rating;
use sqlx::Row;
use sqlx::any::AnyRow;

/// A day's puzzle of a game, as kept.
#[derive(Clone, Debug, PartialEq)]
pub struct GamePuzzleRecord {
    pub day: String,
    pub kind: GameKind,
    pub position: String,
    /// The winning move as typed (Glacier: UCI) and as shown (SAN).
    pub solution: String,
    pub shown: String,
    pub difficulty: String,
    pub rating: Rating,
    /// The game played here the position was taken from; `None`: engine self-play.
    pub source_game: Option<GameId>,
}

/// A player's answer to a day's puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleAnswer {
    pub answer: String,
    pub solved: bool,
}

/// A player's puzzles of one game in one chat.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleStanding {
    pub user_id: i64,
    pub name: String,
    pub solved: i64,
    pub answered: i64,
    pub rating: Rating,
}

impl GamePuzzleRecord {
    /// The puzzle's position, read from its stored text.
    pub fn game(&self) -> StoreResult<crate::games::AnyGame> {
        crate::games::AnyGame::parse(self.kind, &self.position).map_err(|error| {
            StoreError::Corrupt(format!("puzzle {} {}: {error}", self.day, self.kind))
        })
    }
}

fn rating_of(row: &AnyRow) -> StoreResult<Rating> {
    Ok(Rating {
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
    })
}

fn puzzle_of(row: &AnyRow) -> StoreResult<GamePuzzleRecord> {
    let kind: String = row.try_get("kind")?;
    Ok(GamePuzzleRecord {
        day: row.try_get("day")?,
        kind: GameKind::parse(&kind)
            .ok_or_else(|| StoreError::Corrupt(format!("puzzle of an unknown game {kind}")))?,
        position: row.try_get("position")?,
        solution: row.try_get("solution")?,
        shown: row.try_get("shown")?,
        difficulty: row.try_get("difficulty")?,
        rating: rating_of(row)?,
        source_game: row.try_get::<Option<i64>, _>("source_game")?.map(GameId),
    })
}

impl Store {
    /// The puzzle of `kind` on `day`, if made.
    pub async fn game_puzzle(
        &self,
        day: &str,
        kind: GameKind,
    ) -> StoreResult<Option<GamePuzzleRecord>> {
        let row = sqlx::query(
            "SELECT day, kind, position, solution, shown, difficulty, rating, deviation,
                 volatility, source_game
             FROM game_puzzles WHERE day = $1 AND kind = $2",
        )
        .bind(day)
        .bind(kind.name())
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        row.as_ref().map(puzzle_of).transpose()
    }

    /// Keeps a day's puzzle (the first kept stands: two processes make the same one) and
    /// returns the one kept.
    pub async fn keep_game_puzzle(
        &self,
        puzzle: &GamePuzzleRecord,
        now: Timestamp,
    ) -> StoreResult<GamePuzzleRecord> {
        sqlx::query(
            "INSERT INTO game_puzzles (day, kind, position, solution, shown, difficulty, rating,
                 deviation, volatility, created_at, source_game)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
             ON CONFLICT (day, kind) DO NOTHING",
        )
        .bind(&puzzle.day)
        .bind(puzzle.kind.name())
        .bind(&puzzle.position)
        .bind(&puzzle.solution)
        .bind(&puzzle.shown)
        .bind(&puzzle.difficulty)
        .bind(puzzle.rating.rating)
        .bind(puzzle.rating.deviation)
        .bind(puzzle.rating.volatility)
        .bind(now)
        .bind(puzzle.source_game.map(|game| game.0))
        .execute(&mut *self.conn().await?)
        .await?;
        self.game_puzzle(&puzzle.day, puzzle.kind)
            .await?
            .ok_or_else(|| StoreError::Corrupt(format!("puzzle {} vanished", puzzle.day)))
    }

    /// `user_id`'s answer to the puzzle of `kind` on `day`, if given.
    pub async fn puzzle_answer(
        &self,
        day: &str,
        kind: GameKind,
        user_id: i64,
    ) -> StoreResult<Option<PuzzleAnswer>> {
        let row = sqlx::query(
            "SELECT answer, solved FROM game_puzzle_answers
             WHERE day = $1 AND kind = $2 AND user_id = $3",
        )
        .bind(day)
        .bind(kind.name())
        .bind(user_id)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        row.map(|row| {
            Ok(PuzzleAnswer {
                answer: row.try_get("answer")?,
                solved: row.try_get::<i64, _>("solved")? != 0,
            })
        })
        .transpose()
    }

    /// `user_id`'s puzzle rating in `kind` (a newcomer's when none).
    pub async fn puzzle_rating(&self, user_id: i64, kind: GameKind) -> StoreResult<Rating> {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility FROM puzzle_ratings
             WHERE user_id = $1 AND kind = $2",
        )
        .bind(user_id)
        .bind(kind.name())
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        row.as_ref()
            .map_or_else(|| Ok(Rating::default()), rating_of)
    }

    /// Records `user_id`'s one answer to the puzzle of `kind` on `day` with both new
    /// ratings, in one transaction; false (nothing written) when they had answered already.
    #[allow(clippy::too_many_arguments)]
    pub async fn answer_puzzle(
        &self,
        puzzle: &GamePuzzleRecord,
        user_id: i64,
        chat_id: i64,
        answer: &PuzzleAnswer,
        player: Rating,
        rated_puzzle: Rating,
        now: Timestamp,
    ) -> StoreResult<bool> {
        let mut conn = self.conn().await?;
        let mut tx = sqlx::Connection::begin(&mut *conn).await?;
        let inserted = sqlx::query(
            "INSERT INTO game_puzzle_answers (day, kind, user_id, chat_id, answer, solved,
                 answered_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (day, kind, user_id) DO NOTHING",
        )
        .bind(&puzzle.day)
        .bind(puzzle.kind.name())
        .bind(user_id)
        .bind(chat_id)
        .bind(&answer.answer)
        .bind(i64::from(answer.solved))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if inserted.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO puzzle_ratings (user_id, kind, rating, deviation, volatility)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (user_id, kind) DO UPDATE SET rating = excluded.rating,
                 deviation = excluded.deviation, volatility = excluded.volatility",
        )
        .bind(user_id)
        .bind(puzzle.kind.name())
        .bind(player.rating)
        .bind(player.deviation)
        .bind(player.volatility)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE game_puzzles SET rating = $1, deviation = $2, volatility = $3
             WHERE day = $4 AND kind = $5",
        )
        .bind(rated_puzzle.rating)
        .bind(rated_puzzle.deviation)
        .bind(rated_puzzle.volatility)
        .bind(&puzzle.day)
        .bind(puzzle.kind.name())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The days (`YYYY-MM-DD`, latest first, at most `limit`) `user_id` solved the puzzle of
    /// `kind`: their streaks.
    pub async fn solved_puzzle_days(
        &self,
        user_id: i64,
        kind: GameKind,
        limit: i64,
    ) -> StoreResult<Vec<String>> {
        let rows = sqlx::query(
            "SELECT day FROM game_puzzle_answers
             WHERE user_id = $1 AND kind = $2 AND solved = 1 ORDER BY day DESC LIMIT $3",
        )
        .bind(user_id)
        .bind(kind.name())
        .bind(limit)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter().map(|row| Ok(row.try_get("day")?)).collect()
    }

    /// The players who answered puzzles of `kind` in `chat_id` since `first_day`, with how
    /// many they solved and answered and their rating, the most solved first (at most
    /// `limit`).
    pub async fn puzzle_standings(
        &self,
        chat_id: i64,
        kind: GameKind,
        first_day: &str,
        limit: i64,
    ) -> StoreResult<Vec<PuzzleStanding>> {
        let rows = sqlx::query(
            "SELECT a.user_id, u.display_name, CAST(SUM(a.solved) AS BIGINT) AS solved,
                 COUNT(*) AS answered,
                 COALESCE(r.rating, 1500.0) AS rating, COALESCE(r.deviation, 350.0) AS deviation,
                 COALESCE(r.volatility, 0.06) AS volatility
             FROM game_puzzle_answers a
             JOIN users u ON u.id = a.user_id
             LEFT JOIN puzzle_ratings r ON r.user_id = a.user_id AND r.kind = a.kind
             WHERE a.chat_id = $1 AND a.kind = $2 AND a.day >= $3
             GROUP BY a.user_id, u.display_name, r.rating, r.deviation, r.volatility
             ORDER BY solved DESC, rating DESC, a.user_id LIMIT $4",
        )
        .bind(chat_id)
        .bind(kind.name())
        .bind(first_day)
        .bind(limit)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(PuzzleStanding {
                    user_id: row.try_get("user_id")?,
                    name: row.try_get("display_name")?,
                    solved: row.try_get("solved")?,
                    answered: row.try_get("answered")?,
                    rating: rating_of(row)?,
                })
            })
            .collect()
    }

    /// How many answered the puzzle of `kind` on `day` in `chat_id`, and how many of them
    /// solved it: the next day's post tells the chat.
    pub async fn puzzle_day_counts(
        &self,
        chat_id: i64,
        kind: GameKind,
        day: &str,
    ) -> StoreResult<(i64, i64)> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS answered, CAST(COALESCE(SUM(solved), 0) AS BIGINT) AS solved
             FROM game_puzzle_answers WHERE chat_id = $1 AND kind = $2 AND day = $3",
        )
        .bind(chat_id)
        .bind(kind.name())
        .bind(day)
        .fetch_one(&mut *self.conn().await?)
        .await?;
        Ok((row.try_get("answered")?, row.try_get("solved")?))
    }

    /// The games of `kind` finished from `since` to before `until` with `min_plies` moves or
    /// more, the latest first, at most `limit`: where a day's puzzle may come from.
    pub async fn finished_games_of_kind(
        &self,
        kind: GameKind,
        since: Timestamp,
        until: Timestamp,
        min_plies: i64,
        limit: i64,
    ) -> StoreResult<Vec<GameId>> {
        let rows = sqlx::query(
            "SELECT id FROM games
             WHERE kind = $1 AND status = 'finished' AND updated_at >= $2 AND updated_at < $3
                 AND plies >= $4
             ORDER BY updated_at DESC LIMIT $5",
        )
        .bind(kind.name())
        .bind(since)
        .bind(until)
        .bind(min_plies)
        .bind(limit)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter()
            .map(|row| Ok(GameId(row.try_get("id")?)))
            .collect()
    }

    /// Keeps that `user_id`'s answer to the puzzle of `kind` on `day` counts for `chat_id`
    /// (a group's link opened in private); a later link of the day replaces it.
    pub async fn link_puzzle(
        &self,
        day: &str,
        kind: GameKind,
        user_id: i64,
        chat_id: i64,
        now: Timestamp,
    ) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO puzzle_links (day, kind, user_id, chat_id, linked_at)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (user_id, day, kind) DO UPDATE SET chat_id = excluded.chat_id,
                 linked_at = excluded.linked_at",
        )
        .bind(day)
        .bind(kind.name())
        .bind(user_id)
        .bind(chat_id)
        .bind(now)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(())
    }

    /// The chat `user_id`'s answer to the puzzle of `kind` on `day` counts for by a link.
    pub async fn puzzle_link(
        &self,
        day: &str,
        kind: GameKind,
        user_id: i64,
    ) -> StoreResult<Option<i64>> {
        let row = sqlx::query(
            "SELECT chat_id FROM puzzle_links WHERE user_id = $1 AND day = $2 AND kind = $3",
        )
        .bind(user_id)
        .bind(day)
        .bind(kind.name())
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        row.map(|row| row.try_get("chat_id"))
            .transpose()
            .map_err(Into::into)
    }
}
