//! Which daily puzzle a chat's daily post is about: AMBIT's, or a two-player game's
//! (`daily <game>`). The settings and the post claims are kept per chat and puzzle.

use crate::games::GameKind;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DailyPuzzle {
    /// The AMBIT daily (`daily`).
    Ambit,
    /// The day's puzzle of a two-player game (`daily glacier`).
    Game(GameKind),
}

impl DailyPuzzle {
    /// The word the database keeps: `ambit`, or the game's name.
    pub const fn as_str(self) -> &'static str {
        match self {
            DailyPuzzle::Ambit => "ambit",
            DailyPuzzle::Game(kind) => kind.name(),
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "ambit" => Some(DailyPuzzle::Ambit),
            other => GameKind::parse(other)
                .filter(|kind| kind.name() == other)
                .map(DailyPuzzle::Game),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_puzzle_reads_back_as_itself() {
        let mut all = vec![DailyPuzzle::Ambit];
        all.extend(GameKind::ALL.iter().copied().map(DailyPuzzle::Game));
        for puzzle in all {
            assert_eq!(DailyPuzzle::parse(puzzle.as_str()), Some(puzzle));
        }
        assert_eq!(DailyPuzzle::parse("kf"), None, "only the stored names");
        assert_eq!(DailyPuzzle::parse(""), None);
    }
}
