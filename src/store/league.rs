//! Guild life in the database: communities, daily-post settings and claims, ratings,
//! leaderboard reads and forgetting a user.

use super::records::GameState;
use super::{Store, StoreError, StoreResult};
use crate::games::{GameKind, Outcome, Side};
use crate::league::{Rating, rate_game};
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

const DAY_MS: i64 = 86_400_000;

/// One player's results over a period (see [`Store::period_results`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodResult {
    pub user_id: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

/// The rows of a scope's chats, as an SQL condition on `column` with parameters `$a`, `$b`.
fn in_scope(column: &str, a: usize, b: usize) -> String {
    format!(
        "{column} IN (SELECT id FROM chats WHERE id = ${a} OR (community IS NOT NULL AND community = ${b}))"
    )
}

/// A channel's daily-post setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailySetting {
    pub chat_id: i64,
    pub enabled: bool,
    /// Minutes after 00:00 UTC.
    pub minute_of_day: i64,
    /// `auto`, `easy`, `medium` or `hard`.
    pub level: String,
}

/// A channel whose daily post is due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuePost {
    pub chat_id: i64,
    pub platform: String,
    pub external_id: String,
    pub level: String,
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

/// The most claims a daily post gets before it is given up (the bot was removed, say).
pub const MAX_POST_ATTEMPTS: i64 = 5;

impl Store {
    /// The language an admin set for the chat's public messages.
    pub async fn chat_language(&self, chat_id: i64) -> StoreResult<Option<String>> {
        let row = sqlx::query("SELECT language FROM chats WHERE id = $1")
            .bind(chat_id)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get("language")?)
    }

    pub async fn set_chat_language(&self, chat_id: i64, language: Option<&str>) -> StoreResult<()> {
        sqlx::query("UPDATE chats SET language = $1 WHERE id = $2")
            .bind(language)
            .bind(chat_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The user's own language choice (`lang`); `None` follows the platform.
    pub async fn set_user_locale(&self, user_id: i64, locale: Option<&str>) -> StoreResult<()> {
        sqlx::query("UPDATE users SET locale = $1 WHERE id = $2")
            .bind(locale)
            .bind(user_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn scope(&self, chat_id: i64) -> StoreResult<Scope> {
        let row = sqlx::query("SELECT community FROM chats WHERE id = $1")
            .bind(chat_id)
            .fetch_one(&self.pool)
            .await?;
        Ok(Scope {
            chat_id,
            community: row.try_get("community")?,
        })
    }

    /// A chat of `platform` by the platform's id, if the bot has seen it.
    pub async fn chat_by_external_id(
        &self,
        platform: &str,
        external_id: &str,
    ) -> StoreResult<Option<i64>> {
        let row = sqlx::query("SELECT id FROM chats WHERE platform = $1 AND external_id = $2")
            .bind(platform)
            .bind(external_id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| r.try_get("id")).transpose().map_err(Into::into)
    }

    pub async fn daily_setting(&self, chat_id: i64) -> StoreResult<Option<DailySetting>> {
        let row = sqlx::query(
            "SELECT chat_id, enabled, minute_of_day, level FROM daily_settings WHERE chat_id = $1",
        )
        .bind(chat_id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| {
            let enabled: i64 = row.try_get("enabled")?;
            Ok(DailySetting {
                chat_id: row.try_get("chat_id")?,
                enabled: enabled != 0,
                minute_of_day: row.try_get("minute_of_day")?,
                level: row.try_get("level")?,
            })
        })
        .transpose()
    }

    pub async fn set_daily_setting(
        &self,
        setting: &DailySetting,
        by: i64,
        now: i64,
    ) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO daily_settings (chat_id, enabled, minute_of_day, level, updated_by, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (chat_id) DO UPDATE SET enabled = excluded.enabled,
                 minute_of_day = excluded.minute_of_day, level = excluded.level,
                 updated_by = excluded.updated_by, updated_at = excluded.updated_at",
        )
        .bind(setting.chat_id)
        .bind(i64::from(setting.enabled))
        .bind(setting.minute_of_day)
        .bind(&setting.level)
        .bind(by)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The channels of `platform` whose post of `day` is due by `minute` and not yet made.
    pub async fn due_posts(
        &self,
        platform: &str,
        day: &str,
        minute: i64,
    ) -> StoreResult<Vec<DuePost>> {
        let rows = sqlx::query(
            "SELECT s.chat_id, c.platform, c.external_id, s.level FROM daily_settings s
             JOIN chats c ON c.id = s.chat_id
             LEFT JOIN daily_posts p ON p.chat_id = s.chat_id AND p.day = $1
             WHERE s.enabled = 1 AND s.minute_of_day <= $2 AND c.platform = $3
                 AND p.posted_at IS NULL AND (p.attempts IS NULL OR p.attempts < $4)
             ORDER BY s.minute_of_day, s.chat_id",
        )
        .bind(day)
        .bind(minute)
        .bind(platform)
        .bind(MAX_POST_ATTEMPTS)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(DuePost {
                    chat_id: row.try_get("chat_id")?,
                    platform: row.try_get("platform")?,
                    external_id: row.try_get("external_id")?,
                    level: row.try_get("level")?,
                })
            })
            .collect()
    }

    /// Claims the post of `day` in `chat_id` for `holder` until `lease_until`: a first claim,
    /// or one whose holder let its lease run out without posting.
    pub async fn claim_post(
        &self,
        chat_id: i64,
        day: &str,
        holder: &str,
        now: i64,
        lease_until: i64,
    ) -> StoreResult<Claim> {
        let inserted = sqlx::query(
            "INSERT INTO daily_posts (chat_id, day, claimed_by, lease_until, attempts)
             VALUES ($1, $2, $3, $4, 1) ON CONFLICT (chat_id, day) DO NOTHING",
        )
        .bind(chat_id)
        .bind(day)
        .bind(holder)
        .bind(lease_until)
        .execute(&self.pool)
        .await?;
        if inserted.rows_affected() == 1 {
            return Ok(Claim::Taken);
        }
        let taken_over = sqlx::query(
            "UPDATE daily_posts SET claimed_by = $1, lease_until = $2, attempts = attempts + 1
             WHERE chat_id = $3 AND day = $4 AND posted_at IS NULL AND lease_until < $5
                 AND attempts < $6",
        )
        .bind(holder)
        .bind(lease_until)
        .bind(chat_id)
        .bind(day)
        .bind(now)
        .bind(MAX_POST_ATTEMPTS)
        .execute(&self.pool)
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
        day: &str,
        holder: &str,
        now: i64,
    ) -> StoreResult<bool> {
        let done = sqlx::query(
            "UPDATE daily_posts SET posted_at = $1
             WHERE chat_id = $2 AND day = $3 AND claimed_by = $4 AND posted_at IS NULL",
        )
        .bind(now)
        .bind(chat_id)
        .bind(day)
        .bind(holder)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Lets a claim go at once after a failed send, so the next round tries again.
    pub async fn release_post(&self, chat_id: i64, day: &str, holder: &str) -> StoreResult<()> {
        sqlx::query(
            "UPDATE daily_posts SET lease_until = 0
             WHERE chat_id = $1 AND day = $2 AND claimed_by = $3 AND posted_at IS NULL",
        )
        .bind(chat_id)
        .bind(day)
        .bind(holder)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// How many times the post of `day` in `chat_id` was made (0 or 1) — for tests and checks.
    pub async fn posts_made(&self, chat_id: i64, day: &str) -> StoreResult<i64> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM daily_posts
             WHERE chat_id = $1 AND day = $2 AND posted_at IS NOT NULL",
        )
        .bind(chat_id)
        .bind(day)
        .fetch_one(&self.pool)
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
        .fetch_all(&self.pool)
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
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(daily_result).collect()
    }

    /// Rates `game_id` if it is finished between two players and not rated yet. Returns the
    /// players' new ratings (White's, Black's) when this call rated it.
    pub async fn rate_game(
        &self,
        game_id: i64,
        now: i64,
    ) -> StoreResult<Option<(RatingRecord, RatingRecord)>> {
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query(
            "SELECT g.kind, g.result, g.white_id, g.black_id, c.community, g.chat_id, g.updated_at
             FROM games g JOIN chats c ON c.id = g.chat_id
             WHERE g.id = $1 AND g.status = $2 AND g.rated_at IS NULL",
        )
        .bind(game_id)
        .bind(GameState::Finished.as_str())
        .fetch_optional(&mut *tx)
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
        let finished_at: i64 = row.try_get("updated_at")?;
        let kind = GameKind::parse(&kind_text)
            .ok_or_else(|| StoreError::Corrupt(format!("unknown game kind {kind_text}")))?;
        let claimed =
            sqlx::query("UPDATE games SET rated_at = $1 WHERE id = $2 AND rated_at IS NULL")
                .bind(now)
                .bind(game_id)
                .execute(&mut *tx)
                .await?;
        let (Some(white), Some(black), Some(outcome), 1) = (
            white,
            black,
            result.as_deref().and_then(Outcome::parse),
            claimed.rows_affected(),
        ) else {
            // Nothing to rate (a game without two players); marked so it is not looked at again.
            tx.commit().await?;
            return Ok(None);
        };
        if white == black {
            tx.commit().await?;
            return Ok(None);
        }
        let key = scope.key();
        let mut records = Vec::new();
        for user in [white, black] {
            let row = sqlx::query(
                "SELECT r.rating, r.deviation, r.volatility, r.wins, r.draws, r.losses,
                     u.display_name
                 FROM users u LEFT JOIN ratings r
                     ON r.user_id = u.id AND r.scope = $1 AND r.kind = $2
                 WHERE u.id = $3",
            )
            .bind(&key)
            .bind(kind.name())
            .bind(user)
            .fetch_one(&mut *tx)
            .await?;
            let rating: Option<f64> = row.try_get("rating")?;
            records.push(RatingRecord {
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
            });
        }
        let (Some(mut black_record), Some(mut white_record)) = (records.pop(), records.pop())
        else {
            return Err(StoreError::Corrupt("ratings vanished".into()));
        };
        let (white_rating, black_rating) =
            rate_game(white_record.rating, black_record.rating, outcome);
        white_record.rating = white_rating;
        black_record.rating = black_rating;
        for (record, side) in [
            (&mut white_record, Side::White),
            (&mut black_record, Side::Black),
        ] {
            let result = match outcome.winner {
                None => (0, 1, 0),
                Some(winner) if winner == side => (1, 0, 0),
                Some(_) => (0, 0, 1),
            };
            record.wins += result.0;
            record.draws += result.1;
            record.losses += result.2;
            sqlx::query(
                "INSERT INTO game_results_by_day (scope, kind, day, user_id, wins, draws, losses)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)
                 ON CONFLICT (scope, kind, day, user_id) DO UPDATE SET
                     wins = game_results_by_day.wins + excluded.wins,
                     draws = game_results_by_day.draws + excluded.draws,
                     losses = game_results_by_day.losses + excluded.losses",
            )
            .bind(&key)
            .bind(kind.name())
            .bind(finished_at.div_euclid(DAY_MS))
            .bind(record.user_id)
            .bind(result.0)
            .bind(result.1)
            .bind(result.2)
            .execute(&mut *tx)
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
            .bind(&key)
            .bind(kind.name())
            .bind(record.user_id)
            .bind(record.rating.rating)
            .bind(record.rating.deviation)
            .bind(record.rating.volatility)
            .bind(record.wins)
            .bind(record.draws)
            .bind(record.losses)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(Some((white_record, black_record)))
    }

    /// Finished games not rated yet (a crash between the last move and its rating).
    pub async fn unrated_games(&self) -> StoreResult<Vec<i64>> {
        let rows =
            sqlx::query("SELECT id FROM games WHERE status = $1 AND rated_at IS NULL ORDER BY id")
                .bind(GameState::Finished.as_str())
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|row| row.try_get("id").map_err(Into::into))
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
        .fetch_all(&self.pool)
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
        .fetch_all(&self.pool)
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
        let mut tx = self.pool.begin().await?;
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
        sqlx::query("DELETE FROM ratings WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM game_results_by_day WHERE user_id = $1")
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

/// What forgetting a user keeps and drops besides their own rows.
#[derive(Clone, Debug, Default)]
pub struct Forgetting<'a> {
    /// `(day, marker)`: a daily that stays played, if the user has an attempt at it.
    pub played: &'a [(String, String)],
    /// Markers of days before this one (`YYYY-MM-DD`) are dropped: those dailies are over.
    pub today: Option<&'a str>,
    /// `(platform, chat)`: the user's private chat, whose undelivered replies are dropped.
    pub private_chat: Option<(&'a str, &'a str)>,
}
