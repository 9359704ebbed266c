//! Games against the computer in the database: which engine moves are due, claiming one,
//! the chat's switch, and the players' results by level (kept apart from the ratings).

use super::GameId;
use super::Platform;
use super::{GAME_COLUMNS, GameRecord, Store, StoreResult};
use crate::games::GameKind;
use crate::games::Timestamp;
use sqlx::Row;

/// The platform's id of the user who stands for the computer in every game against it.
/// No platform's user id has a colon in it, so it names nobody real.
pub const COMPUTER_EXTERNAL_ID: &str = "kibitz:computer";

/// A chat's on/off settings kept here, each a column of `chats`.
#[derive(Clone, Copy)]
enum ChatSwitch {
    /// Members may start games against the computer (on by default).
    ComputerAllowed,
    /// Members, not only admins, may make tournaments (off by default).
    TournamentsByMembers,
}

impl ChatSwitch {
    const fn column(self) -> &'static str {
        match self {
            ChatSwitch::ComputerAllowed => "computer_allowed",
            ChatSwitch::TournamentsByMembers => "tournaments_by_members",
        }
    }

    const fn default(self) -> bool {
        matches!(self, ChatSwitch::ComputerAllowed)
    }
}

/// A game where the computer is to move, with the chat it is played in.
#[derive(Clone, Debug)]
pub struct DueEngineMove {
    pub game: GameRecord,
    /// The platform's id of the game's chat.
    pub chat: String,
}

/// A player's results against one level of the computer in one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComputerResult {
    pub kind: GameKind,
    pub level: u8,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

impl Store {
    /// The computer's user on `platform`, made on first use.
    pub async fn computer_user(&self, platform: Platform, now: Timestamp) -> StoreResult<i64> {
        let row = sqlx::query(
            "INSERT INTO users (platform, external_id, display_name, created_at, updated_at)
             VALUES ($1, $2, 'Kibitz', $3, $3)
             ON CONFLICT (platform, external_id) DO UPDATE SET updated_at = users.updated_at
             RETURNING id",
        )
        .bind(platform.as_str())
        .bind(COMPUTER_EXTERNAL_ID)
        .bind(now)
        .fetch_one(&mut *self.conn().await?)
        .await?;
        Ok(row.try_get("id")?)
    }

    /// The computer as a tournament's player at `level` on `platform`, made on first use: a
    /// user of its own for each level, so that two levels can meet (and each is one entry).
    pub async fn computer_player(
        &self,
        platform: Platform,
        level: u8,
        now: Timestamp,
    ) -> StoreResult<i64> {
        let row = sqlx::query(
            "INSERT INTO users (platform, external_id, display_name, created_at, updated_at)
             VALUES ($1, $2, 'Kibitz', $3, $3)
             ON CONFLICT (platform, external_id) DO UPDATE SET updated_at = users.updated_at
             RETURNING id",
        )
        .bind(platform.as_str())
        .bind(format!("{COMPUTER_EXTERNAL_ID}:{level}"))
        .bind(now)
        .fetch_one(&mut *self.conn().await?)
        .await?;
        Ok(row.try_get("id")?)
    }

    /// Up to `limit` games of `platform` whose engine move is due and not claimed by a live
    /// claim, the longest waiting first (served by the partial index on `engine_due`).
    pub async fn due_engine_moves(
        &self,
        platform: Platform,
        now: Timestamp,
        limit: i64,
    ) -> StoreResult<Vec<DueEngineMove>> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS}, (SELECT external_id FROM chats WHERE chats.id = games.chat_id)
                 AS chat_external_id
             FROM games
             WHERE engine_due IS NOT NULL AND (engine_until IS NULL OR engine_until < $1)
                 AND chat_id IN (SELECT id FROM chats WHERE platform = $2)
             ORDER BY engine_due, id LIMIT $3"
        ))
        .bind(now)
        .bind(platform.as_str())
        .bind(limit)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(DueEngineMove {
                    game: GameRecord::from_row(row)?,
                    chat: row.try_get("chat_external_id")?,
                })
            })
            .collect()
    }

    /// Claims the engine move of `game` as it was at `version` for `holder` until `until`;
    /// false when the game changed or another live claim holds it. The claim leaves the
    /// version alone: the commit of the move is what the version decides.
    pub async fn claim_engine_move(
        &self,
        game_id: GameId,
        version: i64,
        holder: &str,
        now: Timestamp,
        until: Timestamp,
    ) -> StoreResult<bool> {
        let claimed = sqlx::query(
            "UPDATE games SET engine_holder = $1, engine_until = $2
             WHERE id = $3 AND version = $4 AND engine_due IS NOT NULL
                 AND (engine_until IS NULL OR engine_until < $5)",
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

    /// Gives up `holder`'s claim on `game_id` (a search that failed), so it is due again.
    pub async fn release_engine_move(&self, game_id: GameId, holder: &str) -> StoreResult<()> {
        sqlx::query(
            "UPDATE games SET engine_holder = NULL, engine_until = NULL
             WHERE id = $1 AND engine_holder = $2",
        )
        .bind(game_id.0)
        .bind(holder)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(())
    }

    /// Gives up every claim on the engine moves of `platform`'s chats: the console chat's at
    /// its start, where the claims are a stopped process's (a search is never left running
    /// between two lines). A live holder loses nothing but the search: the commit is
    /// version-checked, so the move still applies once. Served by the partial index on
    /// `engine_due`.
    pub async fn release_engine_claims(&self, platform: Platform) -> StoreResult<u64> {
        let released = sqlx::query(
            "UPDATE games SET engine_holder = NULL, engine_until = NULL
             WHERE engine_due IS NOT NULL AND engine_until IS NOT NULL
                 AND chat_id IN (SELECT id FROM chats WHERE platform = $1)",
        )
        .bind(platform.as_str())
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(released.rows_affected())
    }

    /// How many games against the computer are being played in the chat.
    pub async fn computer_games_in_chat(&self, chat_id: i64) -> StoreResult<i64> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS open FROM games
             WHERE chat_id = $1 AND status = 'ongoing' AND computer_level IS NOT NULL",
        )
        .bind(chat_id)
        .fetch_one(&mut *self.conn().await?)
        .await?;
        Ok(row.try_get("open")?)
    }

    /// Whether the chat lets its members play the computer.
    pub async fn computer_allowed(&self, chat_id: i64) -> StoreResult<bool> {
        self.chat_switch(chat_id, ChatSwitch::ComputerAllowed).await
    }

    pub async fn set_computer_allowed(&self, chat_id: i64, allowed: bool) -> StoreResult<()> {
        self.set_chat_switch(chat_id, ChatSwitch::ComputerAllowed, allowed)
            .await
    }

    /// A chat's on/off setting, its default for a chat not seen yet.
    async fn chat_switch(&self, chat_id: i64, switch: ChatSwitch) -> StoreResult<bool> {
        let column = switch.column();
        let row = sqlx::query(&format!("SELECT {column} FROM chats WHERE id = $1"))
            .bind(chat_id)
            .fetch_optional(&mut *self.conn().await?)
            .await?;
        Ok(match row {
            Some(row) => row.try_get::<i64, _>(column)? != 0,
            None => switch.default(),
        })
    }

    async fn set_chat_switch(&self, chat_id: i64, switch: ChatSwitch, on: bool) -> StoreResult<()> {
        let column = switch.column();
        sqlx::query(&format!("UPDATE chats SET {column} = $1 WHERE id = $2"))
            .bind(i64::from(on))
            .bind(chat_id)
            .execute(&mut *self.conn().await?)
            .await?;
        Ok(())
    }

    /// Whether the chat's members may make tournaments (`settings tournaments members`), not
    /// only its admins.
    pub async fn tournaments_by_members(&self, chat_id: i64) -> StoreResult<bool> {
        self.chat_switch(chat_id, ChatSwitch::TournamentsByMembers)
            .await
    }

    pub async fn set_tournaments_by_members(&self, chat_id: i64, members: bool) -> StoreResult<()> {
        self.set_chat_switch(chat_id, ChatSwitch::TournamentsByMembers, members)
            .await
    }

    /// `user_id`'s results against the computer, by game and level.
    pub async fn computer_results(&self, user_id: i64) -> StoreResult<Vec<ComputerResult>> {
        let rows = sqlx::query(
            "SELECT kind, level, wins, draws, losses FROM computer_results
             WHERE user_id = $1 ORDER BY kind, level",
        )
        .bind(user_id)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter()
            .filter_map(|row| {
                let kind: String = match row.try_get("kind") {
                    Ok(kind) => kind,
                    Err(error) => return Some(Err(error.into())),
                };
                let kind = GameKind::parse(&kind)?;
                let read = || -> StoreResult<ComputerResult> {
                    let level: i64 = row.try_get("level")?;
                    Ok(ComputerResult {
                        kind,
                        level: u8::try_from(level).unwrap_or(0),
                        wins: row.try_get("wins")?,
                        draws: row.try_get("draws")?,
                        losses: row.try_get("losses")?,
                    })
                };
                Some(read())
            })
            .collect()
    }
}

/// Counts a finished game against the computer for its human player, in the transaction that
/// marks the game rated (so once).
pub(super) async fn keep_computer_result(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    user_id: i64,
    kind: GameKind,
    level: u8,
    result: (i64, i64, i64),
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO computer_results (user_id, kind, level, wins, draws, losses)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_id, kind, level) DO UPDATE SET
             wins = computer_results.wins + excluded.wins,
             draws = computer_results.draws + excluded.draws,
             losses = computer_results.losses + excluded.losses",
    )
    .bind(user_id)
    .bind(kind.name())
    .bind(i64::from(level))
    .bind(result.0)
    .bind(result.1)
    .bind(result.2)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
