//! The rows the store reads and writes, as Rust values.

use super::DbRow;
use super::GameId;
use crate::games::Timestamp;
use crate::games::time_control::{Clocks, TimeControl};
use crate::games::{AnyGame, Color, GameKind, MoveSquares, Outcome, Side, Square};
use serde::{Deserialize, Serialize};
use sqlx::Row;

use super::{StoreError, StoreResult};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserRecord {
    pub id: i64,
    pub platform: String,
    pub external_id: String,
    pub display_name: String,
    pub handle: Option<String>,
    pub locale: Option<String>,
}

impl UserRecord {
    pub(super) fn from_row(row: &DbRow) -> StoreResult<Self> {
        Ok(UserRecord {
            id: row.try_get("id")?,
            platform: row.try_get("platform")?,
            external_id: row.try_get("external_id")?,
            display_name: row.try_get("display_name")?,
            handle: row.try_get("handle")?,
            locale: row.try_get("locale")?,
        })
    }
}

/// Where a game is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameState {
    /// Waiting for the invitee (or anyone, for an open challenge) to accept.
    Challenge,
    Ongoing,
    Finished,
    Declined,
    /// Ended before each side had moved twice, by either player: not rated.
    Aborted,
}

stored_as_text!(GameState {
    Challenge => "challenge",
    Ongoing => "ongoing",
    Finished => "finished",
    Declined => "declined",
    Aborted => "aborted",
});

/// The last move of a game as stored, for marking it in pictures.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastMove {
    pub text: String,
    pub from: Option<String>,
    pub to: Option<String>,
    #[serde(default)]
    pub also: Vec<String>,
}

impl LastMove {
    pub fn new(text: &str, squares: &MoveSquares) -> Self {
        LastMove {
            text: text.to_string(),
            from: squares.from.map(|s| s.to_string()),
            to: squares.to.map(|s| s.to_string()),
            also: squares.also.iter().map(Square::to_string).collect(),
        }
    }

    pub fn squares(&self) -> MoveSquares {
        let parse = |s: &String| Square::parse(s);
        MoveSquares {
            from: self.from.as_ref().and_then(parse),
            to: self.to.as_ref().and_then(parse),
            also: self.also.iter().filter_map(parse).collect(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub id: GameId,
    pub chat_id: i64,
    pub kind: GameKind,
    pub seed: u64,
    pub start_position: String,
    pub position: String,
    pub challenger_id: i64,
    pub invitee_id: Option<i64>,
    /// The colour the challenger asked for.
    pub challenger_color: Color,
    pub white_id: Option<i64>,
    pub black_id: Option<i64>,
    pub state: GameState,
    /// How the game ended, once finished (stored as its status line, e.g. `white wins
    /// (resignation)`).
    pub result: Option<Outcome>,
    /// The side that offered a draw that is still open.
    pub draw_offer: Option<Side>,
    /// The side that asked to take its move back, while the question is open.
    pub takeback_offer: Option<Side>,
    pub last_move: Option<LastMove>,
    pub plies: i64,
    pub version: i64,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    /// The computer's level (1-8) in a game against the computer (the invitee).
    pub computer_level: Option<u8>,
    /// The challenger's level when the challenger is the computer too: a tournament game
    /// between two of its computer players, where the engine plays both sides.
    pub challenger_level: Option<u8>,
    /// While it is the computer's turn in a game being played: since when. The service sets
    /// it before each save ([`GameRecord::with_engine_due`]).
    pub engine_due: Option<Timestamp>,
    /// The challenge's time control; `None`: no clock.
    pub time_control: Option<TimeControl>,
    /// The clocks, once a game with a time control has started.
    pub clocks: Option<Clocks>,
    /// While a clock runs: when the side to move runs out of time.
    pub deadline: Option<Timestamp>,
    /// When the side to move is reminded; `None` once reminded or when there is no reminder.
    pub remind_at: Option<Timestamp>,
    /// The forum topic the game was started in, where its background posts go.
    pub thread: Option<String>,
}

impl GameRecord {
    pub(super) fn from_row(row: &DbRow) -> StoreResult<Self> {
        let kind: String = row.try_get("kind")?;
        let state: String = row.try_get("status")?;
        let draw_offer: Option<String> = row.try_get("draw_offer")?;
        let takeback_offer: Option<String> = row.try_get("takeback_offer")?;
        let last_move: Option<String> = row.try_get("last_move")?;
        let seed: i64 = row.try_get("seed")?;
        let color: String = row.try_get("challenger_color")?;
        let result: Option<String> = row.try_get("result")?;
        let computer_level: Option<i64> = row.try_get("computer_level")?;
        let challenger_level: Option<i64> = row.try_get("challenger_level")?;
        let level = |level: Option<i64>| {
            level
                .map(|level| {
                    u8::try_from(level)
                        .map_err(|_| StoreError::Corrupt(format!("computer level {level}")))
                })
                .transpose()
        };
        let time_control: Option<String> = row.try_get("time_control")?;
        let time_control = time_control
            .map(|text| match TimeControl::parse(&text) {
                Ok(Some(control)) => Ok(control),
                _ => Err(StoreError::Corrupt(format!("time control {text:?}"))),
            })
            .transpose()?;
        let banks: (Option<i64>, Option<i64>, Option<Timestamp>) = (
            row.try_get("white_ms")?,
            row.try_get("black_ms")?,
            row.try_get("turn_since")?,
        );
        let clocks = match (time_control, banks) {
            (Some(control), (Some(white_ms), Some(black_ms), Some(turn_since))) => Some(Clocks {
                control,
                white_ms,
                black_ms,
                turn_since,
            }),
            _ => None,
        };
        Ok(GameRecord {
            id: GameId(row.try_get("id")?),
            chat_id: row.try_get("chat_id")?,
            kind: GameKind::parse(&kind)
                .ok_or_else(|| StoreError::Corrupt(format!("unknown game kind {kind}")))?,
            seed: seed as u64,
            start_position: row.try_get("start_position")?,
            position: row.try_get("position")?,
            challenger_id: row.try_get("challenger_id")?,
            invitee_id: row.try_get("invitee_id")?,
            challenger_color: Color::parse(&color)
                .ok_or_else(|| StoreError::Corrupt(format!("challenger colour {color:?}")))?,
            white_id: row.try_get("white_id")?,
            black_id: row.try_get("black_id")?,
            state: GameState::parse(&state)
                .ok_or_else(|| StoreError::Corrupt(format!("unknown game status {state}")))?,
            result: result
                .map(|text| {
                    Outcome::parse(&text)
                        .ok_or_else(|| StoreError::Corrupt(format!("game result {text:?}")))
                })
                .transpose()?,
            draw_offer: draw_offer.as_deref().and_then(Side::parse),
            takeback_offer: takeback_offer.as_deref().and_then(Side::parse),
            last_move: last_move
                .map(|text| serde_json::from_str(&text))
                .transpose()
                .map_err(|e| StoreError::Corrupt(e.to_string()))?,
            plies: row.try_get("plies")?,
            version: row.try_get("version")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
            computer_level: level(computer_level)?,
            challenger_level: level(challenger_level)?,
            engine_due: row.try_get("engine_due")?,
            time_control,
            clocks,
            deadline: row.try_get("deadline")?,
            remind_at: row.try_get("remind_at")?,
            thread: row.try_get("thread")?,
        })
    }

    /// The player of `side`, once the game has started.
    pub fn player(&self, side: Side) -> Option<i64> {
        match side {
            Side::White => self.white_id,
            Side::Black => self.black_id,
        }
    }

    /// The side `user_id` plays, if they play this game.
    pub fn side_of(&self, user_id: i64) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|&side| self.player(side) == Some(user_id))
    }

    /// The side the computer plays in a game against it (the computer is its invitee).
    pub fn computer_side(&self) -> Option<Side> {
        self.computer_level?;
        self.side_of(self.invitee_id?)
    }

    /// The computer's level on `side`, if the computer plays it: the invitee's
    /// `computer_level`, or the challenger's `challenger_level` when the computer plays both.
    pub fn computer_level_of(&self, side: Side) -> Option<u8> {
        let player = self.player(side)?;
        if self.computer_level.is_some() && self.invitee_id == Some(player) {
            self.computer_level
        } else if self.challenger_level.is_some() && self.challenger_id == player {
            self.challenger_level
        } else {
            None
        }
    }

    /// Whether the computer plays `side`.
    pub fn computer_plays(&self, side: Side) -> bool {
        self.computer_level_of(side).is_some()
    }

    /// The position the game stands in, read from its stored text.
    pub fn game(&self) -> StoreResult<AnyGame> {
        parse_position(self.id, self.kind, &self.position)
    }

    /// The position the game started from.
    pub fn start(&self) -> StoreResult<AnyGame> {
        parse_position(self.id, self.kind, &self.start_position)
    }

    pub fn involves(&self, user_id: i64) -> bool {
        self.challenger_id == user_id
            || self.invitee_id == Some(user_id)
            || self.side_of(user_id).is_some()
    }
}

/// A stored position text read back; a text the rules refuse is a corrupt row.
pub(super) fn parse_position(game: GameId, kind: GameKind, text: &str) -> StoreResult<AnyGame> {
    AnyGame::parse(kind, text)
        .map_err(|error| StoreError::Corrupt(format!("game {game} position: {error}")))
}

/// A new challenge, before anyone accepted it.
#[derive(Clone, Debug)]
pub struct NewChallenge {
    pub chat_id: i64,
    pub kind: GameKind,
    pub seed: u64,
    pub start_position: String,
    pub challenger_id: i64,
    pub invitee_id: Option<i64>,
    pub challenger_color: Color,
    /// The computer's level, when the challenge is to the computer (the invitee).
    pub computer_level: Option<u8>,
    pub time_control: Option<TimeControl>,
    /// The forum topic it was made in.
    pub thread: Option<String>,
}

/// One move of a game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    pub ply: i64,
    pub side: Side,
    pub user_id: i64,
    pub notation: String,
}

impl MoveRecord {
    pub(super) fn from_row(row: &DbRow) -> StoreResult<Self> {
        let side: String = row.try_get("side")?;
        Ok(MoveRecord {
            ply: row.try_get("ply")?,
            side: Side::parse(&side)
                .ok_or_else(|| StoreError::Corrupt(format!("unknown side {side}")))?,
            user_id: row.try_get("user_id")?,
            notation: row.try_get("notation")?,
        })
    }
}
