//! Why a command did nothing ([`Refusal`]) and what became of a line for the metrics and the
//! log ([`Outcome`], [`command_word`], [`store_time`]).

use crate::bot::command::{Command, Parsed, Word};
use crate::bot::msg::Msg;
use crate::render::RenderError;
use crate::store::StoreError;

/// Why a command did nothing.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Refusal {
    /// The user asked for something that cannot be done; these lines explain why.
    #[error("refused: {0:?}")]
    User(Vec<Msg>),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Render(#[from] RenderError),
}

impl From<Msg> for Refusal {
    fn from(message: Msg) -> Self {
        Refusal::User(vec![message])
    }
}

/// What became of a line, as `kibitz_commands_total` and the log say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// Answered as asked.
    Ok,
    /// Refused with a reason for the user: a malformed line, a rule, a line too long.
    Refused,
    /// An internal fault (the database, the renderer): the user was told it failed.
    Error,
    /// Stopped by the per-user rate limit (refused once, then dropped).
    Limited,
}

impl Outcome {
    pub(super) const fn as_str(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::Refused => "refused",
            Outcome::Error => "error",
            Outcome::Limited => "limited",
        }
    }
}

/// The command word of a line stopped before it was read (rate limit, length).
pub(super) const UNREAD: &str = "unread";

/// The command word of a line for metrics and logs: a word of the vocabulary
/// ([`Word::as_str`]; `play` is counted as what it became), `bare` for a line without one
/// (a move or a placement), `unknown` for a line that named no command it could be read
/// as. Never what was typed.
pub(super) fn command_word(parsed: &Parsed) -> &'static str {
    let word = match &parsed.command {
        Ok(command) => match command {
            Command::Help(_) => Word::Help,
            Command::Rules(_) => Word::Rules,
            Command::Challenge(_) => Word::Challenge,
            Command::Accept(_) => Word::Accept,
            Command::Decline(_) => Word::Decline,
            Command::Move { .. } => Word::Move,
            Command::Board { .. } => Word::Board,
            Command::Resign { .. } => Word::Resign,
            Command::Draw(_) => Word::Draw,
            Command::Takeback(_) => Word::Takeback,
            Command::Abort(_) => Word::Abort,
            Command::Pings(_) => Word::Pings,
            Command::Vacation(_) => Word::Vacation,
            Command::Games { .. } => Word::Games,
            Command::History(_) | Command::UnitMoves { .. } => Word::History,
            Command::Export(_) => Word::Export,
            Command::Replay(_) => Word::Replay,
            Command::Analysis(_) => Word::Analysis,
            Command::Ambit(_) => Word::Ambit,
            Command::Daily(_) | Command::GamePuzzle { .. } => Word::Daily,
            Command::Place(_) => Word::Place,
            Command::GiveUp => Word::GiveUp,
            Command::Hint => Word::Hint,
            Command::Leaderboard(_) => Word::Leaderboard,
            Command::Stats(_) => Word::Stats,
            Command::ForgetMe { .. } => Word::ForgetMe,
            Command::Settings(_) => Word::Settings,
            Command::Tournament(_) => Word::Tournament,
            Command::Lang(_) => Word::Lang,
            Command::Bare(_) => return "bare",
        },
        Err(error) => match error.word() {
            Some(word) => word,
            None => return "unknown",
        },
    };
    word.as_str()
}

/// Records the time the store took for one step of a command since `started`
/// (`kibitz_store_seconds`, label `step`).
pub(crate) fn store_time(step: &'static str, started: std::time::Instant) {
    metrics::histogram!("kibitz_store_seconds", "step" => step)
        .record(started.elapsed().as_secs_f64());
}
