//! A catalogue message with its arguments, said later in the reader's language.

use crate::bot::i18n::Args;
use crate::bot::limits;
use crate::games::GameKind;

/// A message of the catalogue with its arguments, said later in the reader's language.
#[derive(Clone, Debug)]
pub struct Msg {
    pub key: &'static str,
    pub args: Args,
}

pub fn msg(key: &'static str) -> Msg {
    Msg {
        key,
        args: Args::new(),
    }
}

impl Msg {
    /// An argument; what quotes the user's words is cut short ([`limits::bound_arg`]).
    pub fn with(mut self, name: &'static str, value: impl ToString) -> Self {
        self.args = self
            .args
            .with(name, limits::bound_arg(name, value.to_string()));
        self
    }

    /// A numeric argument, for plural forms.
    pub fn number(mut self, name: &'static str, value: u32) -> Self {
        self.args = self.args.number(name, i64::from(value));
        self
    }
}

/// A game's name as players read it (`Glacier Chess`), said in the reader's language.
pub(crate) fn kind_name(kind: GameKind) -> Msg {
    match kind {
        GameKind::KnightFight => msg("game-name-knight-fight"),
        GameKind::Glacier => msg("game-name-glacier"),
        GameKind::ChesimalsOne => msg("game-name-chesimals-1"),
        GameKind::ChesimalsTwo => msg("game-name-chesimals-2"),
        GameKind::Critters => msg("game-name-critters"),
    }
}
