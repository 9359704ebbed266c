//! The command grammar shared by every chat: text chats type it, Discord's slash commands and
//! every button are turned into the same text. A line is read once, here, into a [`Command`]
//! with typed arguments; the handlers never read words again.

mod args;
mod error;
mod grammar;
mod parsed;
mod tournament_args;
mod word;

pub use args::{
    BoardRequest, ChallengeArgs, Color, DailyChange, DailyLevel, GameRef, SettingsChange,
};
pub use error::ParseError;
pub use grammar::parse;
pub use parsed::{Command, Parsed, PuzzleAsk};
pub use tournament_args::{NewTournamentArgs, TournamentAsk};
pub use word::{COMMANDS, COMPUTER_WORDS, Word};
