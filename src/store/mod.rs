//! Every database statement of Kibitz lives here.
//!
//! The SQL is kept portable (numbered `$n` parameters, `RETURNING`, no engine-specific
//! functions) so that PostgreSQL can be served by the same statements later.

/// `as_str` and `parse` for an enum the database keeps as text, from its variants' texts.
macro_rules! stored_as_text {
    ($name:ident { $($variant:ident => $text:literal),+ $(,)? }) => {
        impl $name {
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }

            pub(super) fn parse(text: &str) -> Option<Self> {
                match text {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }
        }
    };
}

mod ambit;
mod analyses;
mod chat_address;
mod clocks;
mod computer;
mod daily_puzzle;
mod database_url;
mod events;
mod forget;
mod game_id;
mod game_puzzles;
mod kept_messages;
mod league;
mod names;
mod people;
mod platform;
mod platform_name;
mod ratings;
mod records;
mod threads;
mod timestamp;
mod tournaments;
mod unit;
mod updates;

pub use ambit::{AttemptRecord, AttemptStatus, DailyRecord, NewAttempt};
pub use analyses::{AnalysisRecord, DueAnalysis};
pub use chat_address::ChatAddress;
pub use clocks::{DueClock, Vacation};
pub use computer::{COMPUTER_EXTERNAL_ID, ComputerResult, DueEngineMove};
pub use daily_puzzle::DailyPuzzle;
pub use database_url::{database_label, database_url_secrets};
pub use events::StandingMove;
pub use forget::Forgetting;
pub use game_id::GameId;
pub use game_puzzles::{GamePuzzleRecord, PuzzleAnswer, PuzzleStanding};
pub use league::{Claim, DailyResult, DailySetting, DuePost, MAX_POST_ATTEMPTS, Scope};
pub use names::PlayerName;
pub use people::ChatEntry;
pub use platform::{NewOutboxItem, OutboxItem, PlatformValue};
pub use platform_name::Platform;
pub use ratings::{PeriodResult, RatingRecord};
pub use records::{GameRecord, GameState, LastMove, MoveRecord, NewChallenge, UserRecord};
pub use tournaments::{
    BoardRecord, EntryRecord, NewTournament, RunningTournament, TournamentId, TournamentRecord,
    TournamentState,
};
pub use updates::UpdateClaim;

use crate::games::Timestamp;
use crate::games::time_control::TimeControl;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Executor};
use std::time::Duration;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
    /// Someone else changed the game since it was read; nothing was written.
    #[error("the game was changed by another command")]
    Conflict,
    #[error("unreadable row in the database: {0}")]
    Corrupt(String),
    /// A statement of a unit of work ran while another of the same unit was running.
    #[error("a unit of work ran two statements at once")]
    UnitInUse,
    /// A statement ran on a unit of work already committed or rolled back.
    #[error("the unit of work has ended")]
    UnitEnded,
    #[error("DATABASE_URL must start with sqlite: or postgres: (it starts with {0:?})")]
    UnknownScheme(String),
}

/// The database engines the store speaks, chosen by the scheme of `DATABASE_URL`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// One file, one machine: the default.
    Sqlite,
    /// Shared by several bot processes.
    Postgres,
}

impl Backend {
    pub fn of(url: &str) -> StoreResult<Backend> {
        let scheme = url
            .split(':')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match scheme.as_str() {
            "sqlite" => Ok(Backend::Sqlite),
            "postgres" | "postgresql" => Ok(Backend::Postgres),
            _ => Err(StoreError::UnknownScheme(scheme)),
        }
    }
}

/// A value bound to a numbered parameter of a query built at run time.
#[derive(Clone, Copy)]
enum Param<'a> {
    Int(i64),
    Text(&'a str),
}
use Param::{Int, Text};

/// Rows as the store reads them, whatever the engine.
pub(crate) type DbRow = AnyRow;

pub type StoreResult<T> = Result<T, StoreError>;

/// The database of a running bot.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// The unit of work every statement joins, for a store made by [`Store::begin_unit`].
    unit: Option<std::sync::Arc<unit::UnitTransaction>>,
}

const GAME_COLUMNS: &str = "id, chat_id, kind, seed, start_position, position, challenger_id, \
     invitee_id, challenger_color, white_id, black_id, status, result, draw_offer, last_move, \
     plies, version, created_at, updated_at, computer_level, challenger_level, engine_due, time_control, white_ms, \
     black_ms, turn_since, deadline, remind_at, takeback_offer, thread";

impl Store {
    /// Opens the database at `url` and applies the migrations: `sqlite://kibitz.db` (the
    /// file is created if missing) or `postgres://user:password@host/database`.
    pub async fn connect(url: &str) -> StoreResult<Store> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of(url)?;
        let (url, connections) = match backend {
            // `mode=rwc`: create the file when it is missing.
            Backend::Sqlite if !url.contains('?') => (format!("{url}?mode=rwc"), 4),
            Backend::Sqlite => (url.to_string(), 4),
            Backend::Postgres => (url.to_string(), 8),
        };
        let pool = AnyPoolOptions::new()
            .max_connections(connections)
            .acquire_timeout(Duration::from_secs(30))
            .after_connect(move |connection, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // WAL lets readers go on beside the one writer; the busy timeout makes
                        // racing writers wait instead of failing.
                        // The busy timeout first: switching a fresh file to WAL needs a
                        // lock that a process starting beside this one may hold.
                        connection
                            .execute(
                                "PRAGMA busy_timeout = 10000; PRAGMA journal_mode = WAL;
                                 PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;",
                            )
                            .await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await?;
        Self::migrate(&pool, backend).await?;
        Ok(Store {
            pool,
            backend,
            unit: None,
        })
    }

    /// Applies the migrations that `pool`'s database lacks. PostgreSQL serialises racing
    /// processes with an advisory lock; SQLite has none, so a process starting beside another
    /// on a fresh file can lose the race for a migration the other one is applying. Each
    /// migration commits together with its record, so a second look finds it applied and goes
    /// on with the next.
    async fn migrate(pool: &AnyPool, backend: Backend) -> StoreResult<()> {
        let migrator = match backend {
            Backend::Sqlite => sqlx::migrate!("./migrations/sqlite"),
            Backend::Postgres => sqlx::migrate!("./migrations/postgres"),
        };
        let mut attempt = 0u64;
        loop {
            match migrator.run(pool).await {
                Ok(()) => return Ok(()),
                Err(
                    sqlx::migrate::MigrateError::Execute(_)
                    | sqlx::migrate::MigrateError::ExecuteMigration(..),
                ) if backend == Backend::Sqlite && attempt < 20 => {
                    attempt += 1;
                    tracing::debug!(attempt, "a migration raced another process; looking again");
                    tokio::time::sleep(Duration::from_millis(25 * attempt)).await;
                }
                Err(error) => return Err(error.into()),
            }
        }
    }

    /// Creates the empty database `name` on the PostgreSQL server of `server` (a URL whose
    /// user may create databases), dropping an old one of that name, and returns its URL:
    /// for tests and set-up scripts that need a fresh database each.
    pub async fn create_postgres_database(server: &str, name: &str) -> StoreResult<String> {
        sqlx::any::install_default_drivers();
        if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(StoreError::Corrupt(format!(
                "{name:?} is not a plain database name"
            )));
        }
        let admin = AnyPool::connect(server).await?;
        sqlx::query(&format!("DROP DATABASE IF EXISTS {name}"))
            .execute(&admin)
            .await?;
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&admin)
            .await?;
        admin.close().await;
        let base = server.rsplit_once('/').map_or(server, |(base, _)| base);
        Ok(format!("{base}/{name}"))
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// `SQLite` or `PostgreSQL`, for logs and reports.
    pub fn backend_name(&self) -> &'static str {
        match self.backend {
            Backend::Sqlite => "SQLite",
            Backend::Postgres => "PostgreSQL",
        }
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Whether the database answers a trivial query: the readiness probe's question.
    pub async fn ping(&self) -> StoreResult<()> {
        sqlx::query("SELECT 1")
            .execute(&mut *self.conn().await?)
            .await?;
        Ok(())
    }

    pub async fn create_challenge(
        &self,
        new: &NewChallenge,
        now: Timestamp,
    ) -> StoreResult<GameRecord> {
        let row = sqlx::query(&format!(
            "INSERT INTO games (chat_id, kind, seed, start_position, position, challenger_id,
                 invitee_id, challenger_color, status, version, created_at, updated_at,
                 computer_level, time_control, thread)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, $10, $11, $12, $13, $14)
             RETURNING {GAME_COLUMNS}"
        ))
        .bind(new.chat_id)
        .bind(new.kind.name())
        .bind(new.seed as i64)
        .bind(&new.start_position)
        .bind(&new.start_position)
        .bind(new.challenger_id)
        .bind(new.invitee_id)
        .bind(new.challenger_color.name())
        .bind(GameState::Challenge.as_str())
        .bind(now)
        .bind(now)
        .bind(new.computer_level.map(i64::from))
        .bind(new.time_control.map(TimeControl::text))
        .bind(&new.thread)
        .fetch_one(&mut *self.conn().await?)
        .await?;
        GameRecord::from_row(&row)
    }

    pub async fn game(&self, id: GameId) -> StoreResult<Option<GameRecord>> {
        let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id.0)
            .fetch_optional(&mut *self.conn().await?)
            .await?;
        row.as_ref().map(GameRecord::from_row).transpose()
    }

    /// The chat's games that are open challenges or being played, oldest first.
    pub async fn active_games(&self, chat_id: i64) -> StoreResult<Vec<GameRecord>> {
        self.games_where(
            "chat_id = $1 AND status IN ($2, $3) ORDER BY id",
            &[
                Int(chat_id),
                Text(GameState::Challenge.as_str()),
                Text(GameState::Ongoing.as_str()),
            ],
        )
        .await
    }

    /// A page of the chat's live games: being played, or challenges made at or after
    /// `since` (older ones have expired), oldest first.
    pub async fn live_games(
        &self,
        chat_id: i64,
        since: Timestamp,
        offset: i64,
        limit: i64,
    ) -> StoreResult<Vec<GameRecord>> {
        self.games_where(
            "chat_id = $1 AND status IN ($2, $3) AND (status = $2 OR created_at >= $4)
             ORDER BY id LIMIT $5 OFFSET $6",
            &[
                Int(chat_id),
                Text(GameState::Ongoing.as_str()),
                Text(GameState::Challenge.as_str()),
                Int(since.millis()),
                Int(limit),
                Int(offset),
            ],
        )
        .await
    }

    /// A page of the chat's finished games, the latest first (served by `games_by_chat`,
    /// whose entries for one chat and status come in id order).
    pub async fn finished_games(
        &self,
        chat_id: i64,
        offset: i64,
        limit: i64,
    ) -> StoreResult<Vec<GameRecord>> {
        self.games_where(
            "chat_id = $1 AND status = $2 ORDER BY id DESC LIMIT $3 OFFSET $4",
            &[
                Int(chat_id),
                Text(GameState::Finished.as_str()),
                Int(limit),
                Int(offset),
            ],
        )
        .await
    }

    /// The chat's games being played, oldest first, at most `limit`.
    pub async fn ongoing_games(&self, chat_id: i64, limit: i64) -> StoreResult<Vec<GameRecord>> {
        self.games_where(
            "chat_id = $1 AND status = $2 ORDER BY id LIMIT $3",
            &[Int(chat_id), Text(GameState::Ongoing.as_str()), Int(limit)],
        )
        .await
    }

    /// The live games of the chat that `user_id` plays, made or is invited to: being played,
    /// or challenges made at or after `since`; oldest first.
    pub async fn user_live_games(
        &self,
        chat_id: i64,
        user_id: i64,
        since: Timestamp,
    ) -> StoreResult<Vec<GameRecord>> {
        // One indexed look-up per role; a UNION keeps each on its own index.
        let per_role = |column: &str| {
            format!(
                "SELECT {GAME_COLUMNS} FROM games WHERE {column} = $1 AND chat_id = $2
                     AND status IN ($3, $4) AND (status = $3 OR created_at >= $5)"
            )
        };
        let rows = sqlx::query(&format!(
            "{} UNION {} UNION {} UNION {} ORDER BY id",
            per_role("challenger_id"),
            per_role("invitee_id"),
            per_role("white_id"),
            per_role("black_id"),
        ))
        .bind(user_id)
        .bind(chat_id)
        .bind(GameState::Ongoing.as_str())
        .bind(GameState::Challenge.as_str())
        .bind(since)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter().map(GameRecord::from_row).collect()
    }

    /// The chat's challenges made at or after `since` that `user_id` may accept: open ones and
    /// those addressed to them, not their own; oldest first, at most `limit`.
    pub async fn acceptable_challenges(
        &self,
        chat_id: i64,
        user_id: i64,
        since: Timestamp,
        limit: i64,
    ) -> StoreResult<Vec<GameRecord>> {
        self.games_where(
            "chat_id = $1 AND status = $2 AND created_at >= $3 AND challenger_id <> $4
                 AND (invitee_id IS NULL OR invitee_id = $4)
             ORDER BY id LIMIT $5",
            &[
                Int(chat_id),
                Text(GameState::Challenge.as_str()),
                Int(since.millis()),
                Int(user_id),
                Int(limit),
            ],
        )
        .await
    }

    /// Every open challenge and game of `user_id`, in any chat.
    pub async fn open_games_of(&self, user_id: i64) -> StoreResult<Vec<GameRecord>> {
        self.games_where(
            "status IN ($1, $2)
                 AND (challenger_id = $3 OR invitee_id = $3 OR white_id = $3 OR black_id = $3)
             ORDER BY id",
            &[
                Text(GameState::Challenge.as_str()),
                Text(GameState::Ongoing.as_str()),
                Int(user_id),
            ],
        )
        .await
    }

    /// The games `WHERE condition` (which may go on with ORDER BY and LIMIT), `params` bound
    /// to `$1`, `$2`… in order.
    async fn games_where(
        &self,
        condition: &str,
        params: &[Param<'_>],
    ) -> StoreResult<Vec<GameRecord>> {
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE {condition}");
        let mut query = sqlx::query(&sql);
        for param in params {
            query = match *param {
                Int(value) => query.bind(value),
                Text(value) => query.bind(value),
            };
        }
        let rows = query.fetch_all(&mut *self.conn().await?).await?;
        rows.iter().map(GameRecord::from_row).collect()
    }

    /// The chat's most recently finished game of `user_id`, if any.
    pub async fn last_finished_game(
        &self,
        chat_id: i64,
        user_id: i64,
    ) -> StoreResult<Option<GameRecord>> {
        // The latest as White and the latest as Black, each from its own index.
        let row = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id IN (
                 SELECT id FROM (SELECT id FROM games
                     WHERE white_id = $3 AND chat_id = $1 AND status = $2
                     ORDER BY updated_at DESC, id DESC LIMIT 1) AS as_white
                 UNION ALL
                 SELECT id FROM (SELECT id FROM games
                     WHERE black_id = $4 AND chat_id = $1 AND status = $2
                     ORDER BY updated_at DESC, id DESC LIMIT 1) AS as_black)
             ORDER BY updated_at DESC, id DESC LIMIT 1"
        ))
        .bind(chat_id)
        .bind(GameState::Finished.as_str())
        .bind(user_id)
        .bind(user_id)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        row.as_ref().map(GameRecord::from_row).transpose()
    }

    /// Writes `game` if nobody changed it since it was read (its `version` still matches),
    /// together with `played` when a move was made, in one transaction. Returns the game as
    /// stored, with its new version; `Conflict` when another command got there first.
    pub async fn save_game(
        &self,
        game: &GameRecord,
        played: Option<&MoveRecord>,
        now: Timestamp,
    ) -> StoreResult<GameRecord> {
        let mut conn = self.conn().await?;
        let mut tx = conn.begin().await?;
        if !write_game(&mut tx, game, now).await? {
            tx.rollback().await?;
            return Err(StoreError::Conflict);
        }
        if let Some(played) = played {
            sqlx::query(
                "INSERT INTO moves (game_id, ply, side, user_id, notation, position_after, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(game.id.0)
            .bind(played.ply)
            .bind(played.side.name())
            .bind(played.user_id)
            .bind(&played.notation)
            .bind(&game.position)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(saved_as(game, now))
    }

    /// The moves of a game that stand (not taken back), in order.
    pub async fn moves(&self, game_id: GameId) -> StoreResult<Vec<MoveRecord>> {
        self.first_moves(game_id, i64::MAX).await
    }

    /// The first `limit` moves of a game that stand, in order (served by the moves' key).
    pub async fn first_moves(&self, game_id: GameId, limit: i64) -> StoreResult<Vec<MoveRecord>> {
        let rows = sqlx::query(
            "SELECT ply, side, user_id, notation FROM moves
             WHERE game_id = $1 AND undone_by IS NULL ORDER BY ply LIMIT $2",
        )
        .bind(game_id.0)
        .bind(limit)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter().map(MoveRecord::from_row).collect()
    }
}

#[cfg(test)]
mod tests;

/// The game as [`write_game`] left it: one version on.
fn saved_as(game: &GameRecord, now: Timestamp) -> GameRecord {
    let mut saved = game.clone();
    saved.version += 1;
    saved.updated_at = now;
    saved
}

/// Writes `game` in `tx` if its version is still the stored one (then one version on, any
/// claim on its engine move or clock given up); false when someone changed it meanwhile.
async fn write_game(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    game: &GameRecord,
    now: Timestamp,
) -> StoreResult<bool> {
    let last_move = game
        .last_move
        .as_ref()
        .map(serde_json::to_string)
        .transpose()
        .map_err(|e| StoreError::Corrupt(e.to_string()))?;
    let updated = sqlx::query(
        "UPDATE games SET position = $1, invitee_id = $2, white_id = $3, black_id = $4,
             status = $5, result = $6, draw_offer = $7, last_move = $8, plies = $9,
             updated_at = $10, version = version + 1, engine_due = $13,
             engine_holder = NULL, engine_until = NULL, white_ms = $14, black_ms = $15,
             turn_since = $16, deadline = $17, remind_at = $18,
             clock_holder = NULL, clock_until = NULL, takeback_offer = $19,
             computer_level = $20, challenger_level = $21
         WHERE id = $11 AND version = $12",
    )
    .bind(&game.position)
    .bind(game.invitee_id)
    .bind(game.white_id)
    .bind(game.black_id)
    .bind(game.state.as_str())
    .bind(game.result.map(|outcome| outcome.to_string()))
    .bind(game.draw_offer.map(|side| side.name()))
    .bind(last_move)
    .bind(game.plies)
    .bind(now)
    .bind(game.id.0)
    .bind(game.version)
    .bind(game.engine_due)
    .bind(game.clocks.map(|c| c.white_ms))
    .bind(game.clocks.map(|c| c.black_ms))
    .bind(game.clocks.map(|c| c.turn_since))
    .bind(game.deadline)
    .bind(game.remind_at)
    .bind(game.takeback_offer.map(|side| side.name()))
    .bind(game.computer_level.map(i64::from))
    .bind(game.challenger_level.map(i64::from))
    .execute(&mut **tx)
    .await?;
    Ok(updated.rows_affected() == 1)
}
