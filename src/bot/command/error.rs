//! Why a command line could not be read.

use super::word::Word;
use crate::games::RulesError;

/// Why a command line could not be read; each names the command whose usage it concerns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The words do not fit the command: its usage line says how they go.
    Usage(Word),
    BadGameRef(String),
    /// `seed:` followed by something other than a whole number (what followed).
    BadSeed(String),
    /// Not an AMBIT level (of `ambit`, or `play ambit`).
    BadLevel(RulesError),
    /// A `leaderboard` word that is no game, period or page.
    LeaderboardWord(String),
    /// `settings <word>` where no setting is called that.
    UnknownSetting(String),
    /// A `settings daily` word that is no switch, time or level.
    BadSettingsWord(String),
}

impl ParseError {
    /// The command the line was meant as, where the error tells.
    pub fn word(&self) -> Option<Word> {
        match self {
            ParseError::Usage(word) => Some(*word),
            ParseError::BadGameRef(_) => None,
            ParseError::BadSeed(_) => Some(Word::Challenge),
            ParseError::BadLevel(_) => Some(Word::Ambit),
            ParseError::LeaderboardWord(_) => Some(Word::Leaderboard),
            ParseError::UnknownSetting(_) | ParseError::BadSettingsWord(_) => Some(Word::Settings),
        }
    }
}
