//! The names of the two-player games.

use super::chesimals;
use std::fmt;

/// The games Kibitz knows, by their command-line and chat names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    KnightFight,
    Glacier,
    ChesimalsOne,
    ChesimalsTwo,
    Critters,
}

impl GameKind {
    pub const ALL: [GameKind; 5] = [
        GameKind::KnightFight,
        GameKind::Glacier,
        GameKind::ChesimalsOne,
        GameKind::ChesimalsTwo,
        GameKind::Critters,
    ];

    /// The name used on the command line, in chat and in the database.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::KnightFight => "knight-fight",
            GameKind::Glacier => "glacier",
            GameKind::ChesimalsOne => chesimals::Variant::One.name(),
            GameKind::ChesimalsTwo => chesimals::Variant::Two.name(),
            GameKind::Critters => chesimals::Variant::Critters.name(),
        }
    }

    pub(super) const fn of_chesimals(variant: chesimals::Variant) -> GameKind {
        match variant {
            chesimals::Variant::One => GameKind::ChesimalsOne,
            chesimals::Variant::Two => GameKind::ChesimalsTwo,
            chesimals::Variant::Critters => GameKind::Critters,
        }
    }

    /// Reads a game name forgivingly: case, spaces, dashes and underscores do not matter.
    pub fn parse(text: &str) -> Option<GameKind> {
        let folded: String = text
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect();
        match folded.as_str() {
            "knightfight" | "kf" | "springerkamp" => Some(GameKind::KnightFight),
            "glacier" | "glacierchess" | "icechess" | "iceagechess" => Some(GameKind::Glacier),
            "chesimals1" | "chesimalsi" | "chesimals" => Some(GameKind::ChesimalsOne),
            "chesimals2" | "chesimalsii" => Some(GameKind::ChesimalsTwo),
            "critters" | "chesimals3" | "chesimalsiii" => Some(GameKind::Critters),
            _ => None,
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
