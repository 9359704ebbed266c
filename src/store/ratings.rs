//! Ratings in the database: rating a finished game, the rating tables, and the results of a
//! period for the leaderboards.

use super::GameId;
use super::computer::keep_computer_result;
use super::league::Scope;
use super::records::GameState;
use super::{Backend, Store, StoreError, StoreResult};
use crate::games::Timestamp;
use crate::games::standings::{Rating, rate_game};
use crate::games::time_control::day_of;
use crate::games::{GameKind, Outcome, Side};
use sqlx::Row;

/// One player's results over a period (see [`Store::period_results`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodResult {
    pub user_id: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

/// A player's stored rating in one game of one scope.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRecord {
    pub user_id: i64,
    pub name: String,
    pub kind: GameKind,
    pub rating: Rating,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

impl Store {
    /// Rates `game_id` if it is finished between two players and not rated yet. Returns the
    /// players' new ratings (White's, Black's) when this call rated it.
    pub async fn rate_game(
        &self,
        game_id: GameId,
        now: Timestamp,
    ) -> StoreResult<Option<(RatingRecord, RatingRecord)>> {
        // Reads, then writes what it read: a write transaction from the start (see
        // `begin_write`), so that racing raters queue on SQLite instead of failing.
        let mut conn = self.conn().await?;
        let mut tx = conn.begin_write(self.backend).await?;
        let Some(game) = claim_for_rating(&mut tx, game_id, now).await? else {
            // Nothing to rate (not finished, rated already, or a game without two players);
            // what was claimed is marked so it is not looked at again.
            tx.commit().await?;
            return Ok(None);
        };
        if self.backend == Backend::Postgres {
            // Two games of one player rated at once would each read the same rating and the
            // later commit would drop the other's update. The players' rows are locked (in id
            // order, so two raters cannot deadlock) before their ratings are read; SQLite's
            // IMMEDIATE transaction already runs one rater at a time.
            sqlx::query("SELECT id FROM users WHERE id IN ($1, $2) ORDER BY id FOR UPDATE")
                .bind(game.white)
                .bind(game.black)
                .fetch_all(&mut *tx)
                .await?;
        }
        let key = game.scope.key();
        let mut white_record = stored_rating(&mut tx, &key, game.kind, game.white).await?;
        let mut black_record = stored_rating(&mut tx, &key, game.kind, game.black).await?;
        let (white_rating, black_rating) =
            rate_game(white_record.rating, black_record.rating, game.outcome);
        white_record.rating = white_rating;
        black_record.rating = black_rating;
        for (record, side) in [
            (&mut white_record, Side::White),
            (&mut black_record, Side::Black),
        ] {
            let result = match game.outcome.winner {
                None => (0, 1, 0),
                Some(winner) if winner == side => (1, 0, 0),
                Some(_) => (0, 0, 1),
            };
            record.wins += result.0;
            record.draws += result.1;
            record.losses += result.2;
            let day = day_of(game.finished_at);
            keep_result(&mut tx, &key, game.kind, day, record, result, now).await?;
        }
        tx.commit().await?;
        Ok(Some((white_record, black_record)))
    }

    /// Finished games not rated yet (a crash between the last move and its rating).
    pub async fn unrated_games(&self) -> StoreResult<Vec<GameId>> {
        let rows =
            sqlx::query("SELECT id FROM games WHERE status = $1 AND rated_at IS NULL ORDER BY id")
                .bind(GameState::Finished.as_str())
                .fetch_all(&mut *self.conn().await?)
                .await?;
        rows.iter()
            .map(|row| Ok(GameId(row.try_get("id")?)))
            .collect()
    }

    /// The ratings of `scope` in `kind`, or of every game when `kind` is `None`.
    pub async fn ratings(
        &self,
        scope: &Scope,
        kind: Option<GameKind>,
        user_id: Option<i64>,
    ) -> StoreResult<Vec<RatingRecord>> {
        let rows = sqlx::query(
            "SELECT r.user_id, u.display_name, r.kind, r.rating, r.deviation, r.volatility,
                 r.wins, r.draws, r.losses
             FROM ratings r JOIN users u ON u.id = r.user_id
             WHERE r.scope = $1 AND ($2 = '' OR r.kind = $2) AND ($3 = 0 OR r.user_id = $3)
             ORDER BY r.rating DESC, r.user_id",
        )
        .bind(scope.key())
        .bind(kind.map_or("", GameKind::name))
        .bind(user_id.unwrap_or(0))
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter()
            .map(|row| {
                let kind: String = row.try_get("kind")?;
                Ok(RatingRecord {
                    user_id: row.try_get("user_id")?,
                    name: row.try_get("display_name")?,
                    kind: GameKind::parse(&kind)
                        .ok_or_else(|| StoreError::Corrupt(format!("unknown game kind {kind}")))?,
                    rating: Rating {
                        rating: row.try_get("rating")?,
                        deviation: row.try_get("deviation")?,
                        volatility: row.try_get("volatility")?,
                    },
                    wins: row.try_get("wins")?,
                    draws: row.try_get("draws")?,
                    losses: row.try_get("losses")?,
                })
            })
            .collect()
    }

    /// Each player's wins, draws and losses in `kind` and `scope` from the UTC day
    /// `first_day` (days since the epoch) on, as kept when games were rated: at most one row
    /// per player and day, however many games were played.
    pub async fn period_results(
        &self,
        scope: &Scope,
        kind: GameKind,
        first_day: i64,
    ) -> StoreResult<Vec<PeriodResult>> {
        let rows = sqlx::query(
            "SELECT user_id, CAST(SUM(wins) AS BIGINT) AS wins, CAST(SUM(draws) AS BIGINT) AS draws,
                 CAST(SUM(losses) AS BIGINT) AS losses
             FROM game_results_by_day WHERE scope = $1 AND kind = $2 AND day >= $3
             GROUP BY user_id",
        )
        .bind(scope.key())
        .bind(kind.name())
        .bind(first_day)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(PeriodResult {
                    user_id: row.try_get("user_id")?,
                    wins: row.try_get("wins")?,
                    draws: row.try_get("draws")?,
                    losses: row.try_get("losses")?,
                })
            })
            .collect()
    }
}

/// A finished game between two players, claimed for rating.
struct Rateable {
    kind: GameKind,
    scope: Scope,
    finished_at: Timestamp,
    white: i64,
    black: i64,
    outcome: Outcome,
}

/// Marks `game_id` rated if it is finished and not rated yet, and returns it when there is
/// something to rate: two different players and a result.
async fn claim_for_rating(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    game_id: GameId,
    now: Timestamp,
) -> StoreResult<Option<Rateable>> {
    let row = sqlx::query(
        "SELECT g.kind, g.result, g.white_id, g.black_id, c.community, g.chat_id, g.updated_at,
             g.computer_level, g.challenger_level, g.invitee_id
         FROM games g JOIN chats c ON c.id = g.chat_id
         WHERE g.id = $1 AND g.status = $2 AND g.rated_at IS NULL",
    )
    .bind(game_id.0)
    .bind(GameState::Finished.as_str())
    .fetch_optional(&mut **tx)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let kind_text: String = row.try_get("kind")?;
    let result: Option<String> = row.try_get("result")?;
    let white: Option<i64> = row.try_get("white_id")?;
    let black: Option<i64> = row.try_get("black_id")?;
    let scope = Scope {
        chat_id: row.try_get("chat_id")?,
        community: row.try_get("community")?,
    };
    let finished_at: Timestamp = row.try_get("updated_at")?;
    let kind = GameKind::parse(&kind_text)
        .ok_or_else(|| StoreError::Corrupt(format!("unknown game kind {kind_text}")))?;
    let claimed = sqlx::query("UPDATE games SET rated_at = $1 WHERE id = $2 AND rated_at IS NULL")
        .bind(now)
        .bind(game_id.0)
        .execute(&mut **tx)
        .await?;
    let (Some(white), Some(black), Some(outcome), 1) = (
        white,
        black,
        result.as_deref().and_then(Outcome::parse),
        claimed.rows_affected(),
    ) else {
        return Ok(None);
    };
    if white == black {
        return Ok(None);
    }
    let computer_level: Option<i64> = row.try_get("computer_level")?;
    let challenger_level: Option<i64> = row.try_get("challenger_level")?;
    if challenger_level.is_some() {
        // The computer against itself: nobody's rating or results.
        return Ok(None);
    }
    if let Some(level) = computer_level {
        // Not rated: counted for the human player by the computer's level instead. The
        // computer is the invitee.
        let computer: Option<i64> = row.try_get("invitee_id")?;
        let human_side = if computer == Some(white) {
            Side::Black
        } else {
            Side::White
        };
        let human = match human_side {
            Side::White => white,
            Side::Black => black,
        };
        let result = match outcome.winner {
            None => (0, 1, 0),
            Some(winner) if winner == human_side => (1, 0, 0),
            Some(_) => (0, 0, 1),
        };
        let level = u8::try_from(level).unwrap_or(0);
        keep_computer_result(tx, human, kind, level, result).await?;
        return Ok(None);
    }
    Ok(Some(Rateable {
        kind,
        scope,
        finished_at,
        white,
        black,
        outcome,
    }))
}

/// `user`'s rating and record in `kind` under the scope `key` (the default rating and no
/// games if none is stored yet).
async fn stored_rating(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    key: &str,
    kind: GameKind,
    user: i64,
) -> StoreResult<RatingRecord> {
    let row = sqlx::query(
        "SELECT r.rating, r.deviation, r.volatility, r.wins, r.draws, r.losses,
             u.display_name
         FROM users u LEFT JOIN ratings r
             ON r.user_id = u.id AND r.scope = $1 AND r.kind = $2
         WHERE u.id = $3",
    )
    .bind(key)
    .bind(kind.name())
    .bind(user)
    .fetch_one(&mut **tx)
    .await?;
    let rating: Option<f64> = row.try_get("rating")?;
    Ok(RatingRecord {
        user_id: user,
        name: row.try_get("display_name")?,
        kind,
        rating: match rating {
            Some(rating) => Rating {
                rating,
                deviation: row.try_get("deviation")?,
                volatility: row.try_get("volatility")?,
            },
            None => Rating::default(),
        },
        wins: row.try_get::<Option<i64>, _>("wins")?.unwrap_or(0),
        draws: row.try_get::<Option<i64>, _>("draws")?.unwrap_or(0),
        losses: row.try_get::<Option<i64>, _>("losses")?.unwrap_or(0),
    })
}

/// Writes `record` (already counting this game) and adds this game's `result` (wins, draws,
/// losses) to the player's results of `day`.
async fn keep_result(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    key: &str,
    kind: GameKind,
    day: i64,
    record: &RatingRecord,
    result: (i64, i64, i64),
    now: Timestamp,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO game_results_by_day (scope, kind, day, user_id, wins, draws, losses)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (scope, kind, day, user_id) DO UPDATE SET
             wins = game_results_by_day.wins + excluded.wins,
             draws = game_results_by_day.draws + excluded.draws,
             losses = game_results_by_day.losses + excluded.losses",
    )
    .bind(key)
    .bind(kind.name())
    .bind(day)
    .bind(record.user_id)
    .bind(result.0)
    .bind(result.1)
    .bind(result.2)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO ratings (scope, kind, user_id, rating, deviation, volatility, wins,
             draws, losses, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (scope, kind, user_id) DO UPDATE SET rating = excluded.rating,
             deviation = excluded.deviation, volatility = excluded.volatility,
             wins = excluded.wins, draws = excluded.draws, losses = excluded.losses,
             updated_at = excluded.updated_at",
    )
    .bind(key)
    .bind(kind.name())
    .bind(record.user_id)
    .bind(record.rating.rating)
    .bind(record.rating.deviation)
    .bind(record.rating.volatility)
    .bind(record.wins)
    .bind(record.draws)
    .bind(record.losses)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
