//! A command as read from a line, with its typed arguments, and what the platform must ask
//! before the service answers it.

use super::args::{BoardRequest, ChallengeArgs, GameRef, SettingsChange};
use super::error::ParseError;
use super::tournament_args::TournamentAsk;
use super::word::Word;
use crate::games::GameKind;
use crate::games::ambit::Level;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Help(Option<String>),
    Rules(Option<String>),
    Challenge(ChallengeArgs),
    Accept(Option<GameRef>),
    Decline(Option<GameRef>),
    Move {
        text: String,
        game: Option<GameRef>,
    },
    /// `flip` draws the board from Black's side.
    Board {
        game: Option<GameRef>,
        flip: bool,
    },
    /// `resign [confirm] [#id]`: `confirm` answers the question a platform asks first
    /// (`Platform::asks_before_resigning`).
    Resign {
        game: Option<GameRef>,
        confirmed: bool,
    },
    Draw(Option<GameRef>),
    /// `takeback [#id]`: ask to take the last move back, or grant the opponent's question.
    Takeback(Option<GameRef>),
    /// `abort [#id]`: end a game that has barely begun, unrated.
    Abort(Option<GameRef>),
    /// `pings [on|off]`: whether the speaker is mentioned when it is their move.
    Pings(Option<bool>),
    /// `vacation [days]`: stand the speaker's correspondence clocks still.
    Vacation(Option<u32>),
    /// `games [page]`, pages from 1; `games finished [page]` the finished ones.
    Games {
        finished: bool,
        page: usize,
    },
    /// `history [#id]`: a game's moves.
    History(Option<GameRef>),
    /// `moves <square> [#id]`: where the piece or unit on a square may go, listed and marked
    /// on the board.
    UnitMoves {
        square: String,
        game: Option<GameRef>,
    },
    /// `export [#id]`: a game's record as a file (PGN, or the text format).
    Export(Option<GameRef>),
    /// `replay [#id]`: a game's animated replay (GIF).
    Replay(Option<GameRef>),
    /// `daily <game> [move|top]`: the day's puzzle of a two-player game, an answer to it,
    /// or the chat's standings.
    GamePuzzle {
        kind: GameKind,
        ask: PuzzleAsk,
        /// A Telegram deep link's group (`/start puzzle-glacier_<group>`): the puzzle is
        /// answered in private and counts for that group.
        for_chat: Option<String>,
    },
    /// `analysis [#id]`: the engine's review of a finished game.
    Analysis(Option<GameRef>),
    /// AMBIT practice, with an optional level.
    Ambit(Option<Level>),
    /// Today's daily; a Telegram deep link names the group it counts for.
    Daily(Option<String>),
    Place(String),
    GiveUp,
    Hint,
    /// `leaderboard [game] [week|month|all] [page]`.
    Leaderboard(BoardRequest),
    /// `stats [@user]`.
    Stats(Option<String>),
    /// `forgetme`, then `forgetme confirm`.
    ForgetMe {
        confirmed: bool,
    },
    /// `tournament …`.
    Tournament(TournamentAsk),
    /// `settings …`.
    Settings(SettingsChange),
    /// `lang [code|auto]`: the speaker's own language.
    Lang(Option<String>),
    /// Not a command word: possibly a bare move or placement.
    Bare(String),
}

impl Command {
    /// Whether the command changes a chat's settings, which only its admins may do. A
    /// platform that learns who is an admin only by asking (Telegram) asks for these alone.
    pub fn needs_admin(&self) -> bool {
        matches!(self, Command::Settings(change) if change.changes())
    }

    /// Whether the service must know if the speaker is an admin: a command only admins may
    /// give, or one that admins may give beside others (a tournament's maker starts it;
    /// an admin may start anyone's).
    pub fn asks_admin(&self) -> bool {
        self.needs_admin()
            || matches!(
                self,
                Command::Tournament(
                    TournamentAsk::Create(_)
                        | TournamentAsk::AddComputer { .. }
                        | TournamentAsk::Start(_)
                        | TournamentAsk::Cancel(_)
                )
            )
    }

    /// The chat (its platform id, as typed) the command acts in besides the one it is said
    /// in, where the speaker must be a member: a Telegram deep link to a group's daily. The
    /// platform that can tell (Telegram) asks and fills `Incoming::membership`; the service
    /// counts nothing for a chat without a member's answer.
    pub fn needs_membership(&self) -> Option<&str> {
        match self {
            Command::Daily(Some(chat))
            | Command::GamePuzzle {
                for_chat: Some(chat),
                ..
            } => Some(chat),
            _ => None,
        }
    }
}

/// A line as read once: what the platform must ask before the service answers it (a group's
/// admins, a daily link's group members), and the command for the service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    pub(crate) command: Result<Command, ParseError>,
}

impl Parsed {
    /// Whether the line changes a chat's settings, which only its admins may do: a command
    /// that does, or a malformed line of a word that does (its refusal is an admin's to read).
    pub fn needs_admin(&self) -> bool {
        match &self.command {
            Ok(command) => command.needs_admin(),
            Err(error) => error.word().is_some_and(Word::needs_admin),
        }
    }

    /// Whether the platform must tell the service if the speaker is an admin
    /// ([`Command::asks_admin`]), a line it refuses to others included.
    pub fn asks_admin(&self) -> bool {
        self.needs_admin() || self.command.as_ref().is_ok_and(Command::asks_admin)
    }

    /// See [`Command::needs_membership`].
    pub fn needs_membership(&self) -> Option<&str> {
        self.command.as_ref().ok()?.needs_membership()
    }
}

/// What `daily <game> …` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleAsk {
    /// The day's puzzle.
    Show,
    /// The player's one answer (a move as typed).
    Answer(String),
    /// The chat's standings (`top`).
    Standings,
}
