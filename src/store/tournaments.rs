//! Tournaments: a chat's Swiss or round robin, its entrants and each round's boards.
//!
//! Pairing a round is claimed by moving `round` on from the value read
//! ([`Store::claim_round`]), inside the unit of work that creates the round's games, so two
//! processes never pair one round twice. Its post is claimed like the daily post
//! ([`Store::claim_round_post`]): a lease that another process takes over when it runs out.

use super::computer::COMPUTER_EXTERNAL_ID;
use super::{DbRow, GameId, GameState, Platform, Store, StoreError, StoreResult};
use crate::games::time_control::TimeControl;
use crate::games::tournament::Format;
use crate::games::{GameKind, Outcome, Timestamp};
use sqlx::Row;
use std::fmt;

/// A tournament's number, as players type it (`tournament #3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TournamentId(pub i64);

impl fmt::Display for TournamentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentState {
    /// Taking entries; nothing is paired yet.
    Signup,
    Running,
    Finished,
    Cancelled,
}

stored_as_text!(TournamentState {
    Signup => "signup",
    Running => "running",
    Finished => "finished",
    Cancelled => "cancelled",
});

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRecord {
    pub id: TournamentId,
    pub chat_id: i64,
    pub kind: GameKind,
    pub format: Format,
    /// The rounds it runs (a round robin's are set when it starts, from its field).
    pub rounds: u32,
    pub time_control: Option<TimeControl>,
    pub name: String,
    pub created_by: i64,
    pub state: TournamentState,
    /// The rounds paired so far; `rounds + 1` once the last has ended (the podium).
    pub round: u32,
    /// The last round whose pairings (or, past the last, podium) the chat was sent.
    pub posted_round: u32,
    pub created_at: Timestamp,
    pub started_at: Option<Timestamp>,
    pub finished_at: Option<Timestamp>,
    /// When the tournaments' worker starts it by itself, if it was made so.
    pub starts_at: Option<Timestamp>,
    /// An arena's length in minutes.
    pub arena_minutes: Option<u32>,
    /// When a running arena stops pairing.
    pub ends_at: Option<Timestamp>,
}

const TOURNAMENT_COLUMNS: &str = "id, chat_id, kind, format, rounds, time_control, name, \
     created_by, state, round, posted_round, created_at, started_at, finished_at, starts_at, \
     arena_minutes, ends_at";

impl TournamentRecord {
    fn from_row(row: &DbRow) -> StoreResult<Self> {
        let kind: String = row.try_get("kind")?;
        let format: String = row.try_get("format")?;
        let state: String = row.try_get("state")?;
        let time_control: Option<String> = row.try_get("time_control")?;
        let time_control = time_control
            .map(|text| match TimeControl::parse(&text) {
                Ok(Some(control)) => Ok(control),
                _ => Err(StoreError::Corrupt(format!("time control {text:?}"))),
            })
            .transpose()?;
        let count = |column: &str| -> StoreResult<u32> {
            let value: i64 = row.try_get(column)?;
            u32::try_from(value).map_err(|_| StoreError::Corrupt(format!("{column} {value}")))
        };
        Ok(TournamentRecord {
            id: TournamentId(row.try_get("id")?),
            chat_id: row.try_get("chat_id")?,
            kind: GameKind::parse(&kind)
                .ok_or_else(|| StoreError::Corrupt(format!("unknown game kind {kind}")))?,
            format: Format::parse(&format)
                .ok_or_else(|| StoreError::Corrupt(format!("tournament format {format:?}")))?,
            rounds: count("rounds")?,
            time_control,
            name: row.try_get("name")?,
            created_by: row.try_get("created_by")?,
            state: TournamentState::parse(&state)
                .ok_or_else(|| StoreError::Corrupt(format!("tournament state {state:?}")))?,
            round: count("round")?,
            posted_round: count("posted_round")?,
            created_at: row.try_get("created_at")?,
            started_at: row.try_get("started_at")?,
            finished_at: row.try_get("finished_at")?,
            starts_at: row.try_get("starts_at")?,
            arena_minutes: {
                let minutes: Option<i64> = row.try_get("arena_minutes")?;
                minutes.and_then(|minutes| u32::try_from(minutes).ok())
            },
            ends_at: row.try_get("ends_at")?,
        })
    }
}

/// A tournament about to be made.
#[derive(Clone, Debug)]
pub struct NewTournament {
    pub chat_id: i64,
    pub kind: GameKind,
    pub format: Format,
    pub rounds: u32,
    pub time_control: Option<TimeControl>,
    pub name: String,
    pub created_by: i64,
    pub starts_at: Option<Timestamp>,
    pub arena_minutes: Option<u32>,
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryRecord {
    pub user_id: i64,
    pub display_name: String,
    /// The first round the player could be paired in.
    pub joined_round: u32,
    /// The seeding rating.
    pub rating: i32,
    /// The round after which they withdrew; `None` while they play on.
    pub withdrawn_after: Option<u32>,
    /// The computer's level, when the player is the computer at a level
    /// ([`Store::computer_player`]).
    pub computer_level: Option<u8>,
}

/// A board of a round: a game, or a bye (no black and no game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardRecord {
    pub round: u32,
    pub board: u32,
    pub white_id: i64,
    pub black_id: Option<i64>,
    pub game_id: Option<GameId>,
    /// The game's state and result, as the game stands now.
    pub state: Option<GameState>,
    pub result: Option<Outcome>,
    /// Whether White, Black went berserk (an arena game).
    pub berserk: [bool; 2],
}

impl BoardRecord {
    /// Whether the board needs nothing more: a bye, or a game that has ended.
    pub fn done(&self) -> bool {
        self.game_id.is_none() || self.state.is_some_and(|state| state != GameState::Ongoing)
    }
}

/// A running tournament a worker looks at, with its chat's platform id to post to.
#[derive(Clone, Debug)]
pub struct RunningTournament {
    pub tournament: TournamentRecord,
    pub chat: String,
}

fn round_number(value: u32) -> i64 {
    i64::from(value)
}

impl Store {
    pub async fn create_tournament(
        &self,
        new: &NewTournament,
        now: Timestamp,
    ) -> StoreResult<TournamentRecord> {
        let row = sqlx::query(&format!(
            "INSERT INTO tournaments (chat_id, kind, format, rounds, time_control, name,
                 created_by, state, created_at, starts_at, arena_minutes)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
             RETURNING {TOURNAMENT_COLUMNS}"
        ))
        .bind(new.chat_id)
        .bind(new.kind.name())
        .bind(new.format.name())
        .bind(round_number(new.rounds))
        .bind(new.time_control.map(TimeControl::text))
        .bind(&new.name)
        .bind(new.created_by)
        .bind(TournamentState::Signup.as_str())
        .bind(now)
        .bind(new.starts_at)
        .bind(new.arena_minutes.map(i64::from))
        .fetch_one(&mut *self.conn().await?)
        .await?;
        TournamentRecord::from_row(&row)
    }

    pub async fn tournament(&self, id: TournamentId) -> StoreResult<Option<TournamentRecord>> {
        let row = sqlx::query(&format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1"
        ))
        .bind(id.0)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        row.as_ref().map(TournamentRecord::from_row).transpose()
    }

    /// The chat's tournaments, newest first, at most `limit`.
    pub async fn chat_tournaments(
        &self,
        chat_id: i64,
        limit: i64,
    ) -> StoreResult<Vec<TournamentRecord>> {
        let rows = sqlx::query(&format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE chat_id = $1
             ORDER BY id DESC LIMIT $2"
        ))
        .bind(chat_id)
        .bind(limit)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter().map(TournamentRecord::from_row).collect()
    }

    /// Enters `user_id`, unless they are in already. Returns whether they were entered.
    pub async fn join_tournament(
        &self,
        id: TournamentId,
        user_id: i64,
        joined_round: u32,
        rating: i32,
        now: Timestamp,
    ) -> StoreResult<bool> {
        let done = sqlx::query(
            "INSERT INTO tournament_entries (tournament_id, user_id, joined_at, joined_round, rating)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (tournament_id, user_id) DO NOTHING",
        )
        .bind(id.0)
        .bind(user_id)
        .bind(now)
        .bind(round_number(joined_round))
        .bind(i64::from(rating))
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Takes `user_id` off a tournament that has not started. Returns whether they were in.
    pub async fn leave_tournament(&self, id: TournamentId, user_id: i64) -> StoreResult<bool> {
        let done =
            sqlx::query("DELETE FROM tournament_entries WHERE tournament_id = $1 AND user_id = $2")
                .bind(id.0)
                .bind(user_id)
                .execute(&mut *self.conn().await?)
                .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Withdraws `user_id` from a running tournament after `round`: they are paired no more.
    /// Returns whether they were playing on.
    pub async fn withdraw_from_tournament(
        &self,
        id: TournamentId,
        user_id: i64,
        round: u32,
    ) -> StoreResult<bool> {
        let done = sqlx::query(
            "UPDATE tournament_entries SET withdrawn_after = $1
             WHERE tournament_id = $2 AND user_id = $3 AND withdrawn_after IS NULL",
        )
        .bind(round_number(round))
        .bind(id.0)
        .bind(user_id)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Sets a player's seeding rating (at the start).
    pub async fn seed_entry(&self, id: TournamentId, user_id: i64, rating: i32) -> StoreResult<()> {
        sqlx::query(
            "UPDATE tournament_entries SET rating = $1 WHERE tournament_id = $2 AND user_id = $3",
        )
        .bind(i64::from(rating))
        .bind(id.0)
        .bind(user_id)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(())
    }

    /// The players, in the order they joined; at most `limit` (the field's cap).
    pub async fn tournament_entries(
        &self,
        id: TournamentId,
        limit: i64,
    ) -> StoreResult<Vec<EntryRecord>> {
        let rows = sqlx::query(
            "SELECT e.user_id, u.display_name, u.external_id, e.joined_round, e.rating,
                 e.withdrawn_after
             FROM tournament_entries e JOIN users u ON u.id = e.user_id
             WHERE e.tournament_id = $1
             ORDER BY e.joined_at, e.user_id LIMIT $2",
        )
        .bind(id.0)
        .bind(limit)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter()
            .map(|row| {
                let joined: i64 = row.try_get("joined_round")?;
                let rating: i64 = row.try_get("rating")?;
                let withdrawn: Option<i64> = row.try_get("withdrawn_after")?;
                let external: String = row.try_get("external_id")?;
                let computer_level = external
                    .strip_prefix(COMPUTER_EXTERNAL_ID)
                    .and_then(|rest| rest.strip_prefix(':'))
                    .and_then(|level| level.parse::<u8>().ok());
                Ok(EntryRecord {
                    user_id: row.try_get("user_id")?,
                    display_name: row.try_get("display_name")?,
                    joined_round: u32::try_from(joined)
                        .map_err(|_| StoreError::Corrupt(format!("joined round {joined}")))?,
                    rating: i32::try_from(rating)
                        .map_err(|_| StoreError::Corrupt(format!("rating {rating}")))?,
                    withdrawn_after: withdrawn.and_then(|round| u32::try_from(round).ok()),
                    computer_level,
                })
            })
            .collect()
    }

    /// Starts a tournament that is taking entries, with `rounds` rounds. Returns whether this
    /// call started it (false: started or cancelled already).
    pub async fn start_tournament(
        &self,
        id: TournamentId,
        rounds: u32,
        now: Timestamp,
        ends_at: Option<Timestamp>,
    ) -> StoreResult<bool> {
        let done = sqlx::query(
            "UPDATE tournaments SET state = $1, rounds = $2, started_at = $3, ends_at = $6
             WHERE id = $4 AND state = $5",
        )
        .bind(TournamentState::Running.as_str())
        .bind(round_number(rounds))
        .bind(now)
        .bind(id.0)
        .bind(TournamentState::Signup.as_str())
        .bind(ends_at)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Cancels a tournament that has not finished. Returns whether this call cancelled it.
    pub async fn cancel_tournament(&self, id: TournamentId, now: Timestamp) -> StoreResult<bool> {
        let done = sqlx::query(
            "UPDATE tournaments SET state = $1, finished_at = $2
             WHERE id = $3 AND state IN ($4, $5)",
        )
        .bind(TournamentState::Cancelled.as_str())
        .bind(now)
        .bind(id.0)
        .bind(TournamentState::Signup.as_str())
        .bind(TournamentState::Running.as_str())
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Every board of the tournament so far, by round and board, with its game's state.
    pub async fn tournament_boards(&self, id: TournamentId) -> StoreResult<Vec<BoardRecord>> {
        let rows = sqlx::query(
            "SELECT t.round, t.board, t.white_id, t.black_id, t.game_id, g.status, g.result,
                 t.white_berserk, t.black_berserk
             FROM tournament_games t LEFT JOIN games g ON g.id = t.game_id
             WHERE t.tournament_id = $1
             ORDER BY t.round, t.board",
        )
        .bind(id.0)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter()
            .map(|row| {
                let round: i64 = row.try_get("round")?;
                let board: i64 = row.try_get("board")?;
                let game: Option<i64> = row.try_get("game_id")?;
                let state: Option<String> = row.try_get("status")?;
                let result: Option<String> = row.try_get("result")?;
                let white_berserk: i64 = row.try_get("white_berserk")?;
                let black_berserk: i64 = row.try_get("black_berserk")?;
                Ok(BoardRecord {
                    berserk: [white_berserk != 0, black_berserk != 0],
                    round: u32::try_from(round)
                        .map_err(|_| StoreError::Corrupt(format!("round {round}")))?,
                    board: u32::try_from(board)
                        .map_err(|_| StoreError::Corrupt(format!("board {board}")))?,
                    white_id: row.try_get("white_id")?,
                    black_id: row.try_get("black_id")?,
                    game_id: game.map(GameId),
                    state: state
                        .map(|text| {
                            GameState::parse(&text)
                                .ok_or_else(|| StoreError::Corrupt(format!("game status {text}")))
                        })
                        .transpose()?,
                    result: result
                        .map(|text| {
                            Outcome::parse(&text)
                                .ok_or_else(|| StoreError::Corrupt(format!("game result {text}")))
                        })
                        .transpose()?,
                })
            })
            .collect()
    }

    /// The tournament and round a game was paired in, if it was.
    pub async fn tournament_of_game(
        &self,
        game: GameId,
    ) -> StoreResult<Option<(TournamentId, u32)>> {
        let row =
            sqlx::query("SELECT tournament_id, round FROM tournament_games WHERE game_id = $1")
                .bind(game.0)
                .fetch_optional(&mut *self.conn().await?)
                .await?;
        row.map(|row| {
            let round: i64 = row.try_get("round")?;
            Ok((
                TournamentId(row.try_get("tournament_id")?),
                u32::try_from(round).map_err(|_| StoreError::Corrupt(format!("round {round}")))?,
            ))
        })
        .transpose()
    }

    /// Moves a running tournament from round `from` to the next: the claim on pairing it
    /// (or, past the last round, on finishing). Returns whether this call made the move.
    pub async fn claim_round(
        &self,
        id: TournamentId,
        from: u32,
        now: Timestamp,
    ) -> StoreResult<bool> {
        let done = sqlx::query(
            "UPDATE tournaments SET round = round + 1,
                 state = CASE WHEN round + 1 > rounds AND format <> 'arena' THEN $1 ELSE state END,
                 finished_at = CASE WHEN round + 1 > rounds AND format <> 'arena' THEN $2
                     ELSE finished_at END
             WHERE id = $3 AND round = $4 AND state = $5",
        )
        .bind(TournamentState::Finished.as_str())
        .bind(now)
        .bind(id.0)
        .bind(round_number(from))
        .bind(TournamentState::Running.as_str())
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Finishes a running arena whose time is up and whose last games have ended, as the
    /// claim `claim_round` is for a round: from `round` read. Its rounds become the waves it
    /// paired, and `round` moves past them to the podium.
    pub async fn finish_arena(
        &self,
        id: TournamentId,
        round: u32,
        now: Timestamp,
    ) -> StoreResult<bool> {
        let done = sqlx::query(
            "UPDATE tournaments SET state = $1, rounds = round, round = round + 1,
                 finished_at = $2
             WHERE id = $3 AND round = $4 AND state = $5",
        )
        .bind(TournamentState::Finished.as_str())
        .bind(now)
        .bind(id.0)
        .bind(round_number(round))
        .bind(TournamentState::Running.as_str())
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// `game` as it is after its `side` went berserk (its clocks halved), written with the
    /// board's mark in one transaction: `Conflict` when the game changed since it was read
    /// (a move came first) or the side is berserk already.
    pub async fn go_berserk(
        &self,
        game: &super::GameRecord,
        side: crate::games::Side,
        now: Timestamp,
    ) -> StoreResult<()> {
        let mut conn = self.conn().await?;
        let mut tx = conn.begin_write(self.backend).await?;
        let column = match side {
            crate::games::Side::White => "white_berserk",
            crate::games::Side::Black => "black_berserk",
        };
        let marked = sqlx::query(&format!(
            "UPDATE tournament_games SET {column} = 1 WHERE game_id = $1 AND {column} = 0"
        ))
        .bind(game.id.0)
        .execute(&mut *tx)
        .await?;
        if marked.rows_affected() != 1 || !super::write_game(&mut tx, game, now).await? {
            tx.rollback().await?;
            return Err(StoreError::Conflict);
        }
        tx.commit().await?;
        Ok(())
    }

    /// Records a board of a round being paired.
    pub async fn add_board(&self, id: TournamentId, board: &BoardRecord) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO tournament_games (tournament_id, round, board, white_id, black_id, game_id)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id.0)
        .bind(round_number(board.round))
        .bind(round_number(board.board))
        .bind(board.white_id)
        .bind(board.black_id)
        .bind(board.game_id.map(|game| game.0))
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(())
    }

    /// Tournaments of `platform` that are running, finished with their podium not yet sent,
    /// or due to start by themselves at `now`: what the tournaments' worker looks at, oldest
    /// first, at most `limit`.
    pub async fn live_tournaments(
        &self,
        platform: Platform,
        now: Timestamp,
        limit: i64,
    ) -> StoreResult<Vec<RunningTournament>> {
        let rows = sqlx::query(&format!(
            "SELECT {TOURNAMENT_COLUMNS},
                 (SELECT external_id FROM chats WHERE chats.id = tournaments.chat_id)
                     AS chat_external_id
             FROM tournaments
             WHERE (state = $1 OR (state = $2 AND posted_round < round)
                     OR (state = $5 AND starts_at <= $6))
                 AND chat_id IN (SELECT id FROM chats WHERE platform = $3)
             ORDER BY id LIMIT $4"
        ))
        .bind(TournamentState::Running.as_str())
        .bind(TournamentState::Finished.as_str())
        .bind(platform.as_str())
        .bind(limit)
        .bind(TournamentState::Signup.as_str())
        .bind(now)
        .fetch_all(&mut *self.conn().await?)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(RunningTournament {
                    tournament: TournamentRecord::from_row(row)?,
                    chat: row.try_get("chat_external_id")?,
                })
            })
            .collect()
    }

    /// Claims the post of round `round`'s pairings (or podium) for `holder` until
    /// `lease_until`: when it is not sent yet and nobody else holds it.
    pub async fn claim_round_post(
        &self,
        id: TournamentId,
        round: u32,
        holder: &str,
        now: Timestamp,
        lease_until: Timestamp,
    ) -> StoreResult<bool> {
        let done = sqlx::query(
            "UPDATE tournaments SET post_holder = $1, post_lease_until = $2
             WHERE id = $3 AND round = $4 AND posted_round < round AND post_lease_until < $5",
        )
        .bind(holder)
        .bind(lease_until)
        .bind(id.0)
        .bind(round_number(round))
        .bind(now)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Marks round `round`'s post made by `holder`.
    pub async fn finish_round_post(
        &self,
        id: TournamentId,
        round: u32,
        holder: &str,
    ) -> StoreResult<bool> {
        let done = sqlx::query(
            "UPDATE tournaments SET posted_round = $1, post_lease_until = 0
             WHERE id = $2 AND post_holder = $3 AND posted_round < $1",
        )
        .bind(round_number(round))
        .bind(id.0)
        .bind(holder)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Gives up `holder`'s claim on a post that failed, so that it is tried again at once.
    pub async fn release_round_post(&self, id: TournamentId, holder: &str) -> StoreResult<()> {
        sqlx::query(
            "UPDATE tournaments SET post_lease_until = 0 WHERE id = $1 AND post_holder = $2",
        )
        .bind(id.0)
        .bind(holder)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(())
    }
}
