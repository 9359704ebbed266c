//! The command vocabulary: every command word once, with what help, the menus and the slash
//! commands say about it. The parser, `help`, Telegram's menu and Discord's slash definitions
//! are all read from here, so a new command is one variant (and the compiler lists the
//! matches that must learn it).

use std::fmt;

/// Declares [`Word`] and `Word::ALL` from one list, so that no word is left out of `ALL`
/// (which the parser, help and menus go through).
macro_rules! vocabulary {
    ($($word:ident),+ $(,)?) => {
        /// A command word.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Word {
            $($word),+
        }

        impl Word {
            /// Every word, in the order `help` and the menus list them.
            pub const ALL: [Word; [$(Word::$word),+].len()] = [$(Word::$word),+];
        }
    };
}

vocabulary!(
    Help,
    Rules,
    Play,
    Challenge,
    Accept,
    Decline,
    Move,
    Board,
    Resign,
    Draw,
    Takeback,
    Abort,
    Pings,
    Vacation,
    History,
    Export,
    Replay,
    Analysis,
    Games,
    Ambit,
    Daily,
    Place,
    GiveUp,
    Hint,
    Leaderboard,
    Stats,
    Tournament,
    Settings,
    ForgetMe,
    Lang,
);

/// A line of the vocabulary's table: word, aliases, usage key, summary key, local name key.
type Row = (
    &'static str,
    &'static [&'static str],
    &'static str,
    &'static str,
    &'static str,
);

/// What the vocabulary knows about one word. The keys name catalogue messages.
#[derive(Clone, Copy, Debug)]
struct Spec {
    /// The word as menus and slash commands name it.
    word: &'static str,
    /// Other words that are read as it.
    aliases: &'static [&'static str],
    /// Its usage line (`help`, and the refusal of a malformed line).
    usage: &'static str,
    /// Its one-line summary in command menus.
    summary: &'static str,
    /// Its name where a platform takes localised names (Discord).
    local_name: &'static str,
    /// Whether changing something with it needs a chat admin (the bare word only shows).
    admin: bool,
}

impl Word {
    /// The vocabulary's table, one line per word: the word, its aliases, and the catalogue
    /// keys of its usage line, menu summary and localised name.
    #[rustfmt::skip]
    const fn spec(self) -> Spec {
        use Word::*;
        let (word, aliases, usage, summary, local_name): Row = match self {
            Help => ("help", &["h", "?"], "cmd-help", "menu-help", "slash-help"),
            Rules => ("rules", &[], "cmd-rules", "menu-rules", "slash-rules"),
            Play => ("play", &[], "cmd-play", "menu-play", "slash-play"),
            Challenge => ("challenge", &[], "cmd-challenge", "menu-challenge", "slash-challenge"),
            Accept => ("accept", &[], "cmd-accept", "menu-accept", "slash-accept"),
            Decline => ("decline", &["withdraw", "cancel"], "cmd-decline", "menu-decline", "slash-decline"),
            Move => ("move", &["m"], "cmd-move", "menu-move", "slash-move"),
            Board => ("board", &["show"], "cmd-board", "menu-board", "slash-board"),
            Resign => ("resign", &[], "cmd-resign", "menu-resign", "slash-resign"),
            Draw => ("draw", &[], "cmd-draw", "menu-draw", "slash-draw"),
            Takeback => ("takeback", &["undo"], "cmd-takeback", "menu-takeback", "slash-takeback"),
            Abort => ("abort", &[], "cmd-abort", "menu-abort", "slash-abort"),
            Pings => ("pings", &["ping"], "cmd-pings", "menu-pings", "slash-pings"),
            Vacation => ("vacation", &[], "cmd-vacation", "menu-vacation", "slash-vacation"),
            History => ("history", &["moves"], "cmd-history", "menu-history", "slash-history"),
            Export => ("export", &["pgn", "record"], "cmd-export", "menu-export", "slash-export"),
            Replay => ("replay", &["gif", "animation"], "cmd-replay", "menu-replay", "slash-replay"),
            Analysis => ("analysis", &["analyse", "analyze", "review"], "cmd-analysis", "menu-analysis", "slash-analysis"),
            Games => ("games", &[], "cmd-games", "menu-games", "slash-games"),
            Ambit => ("ambit", &["puzzle"], "cmd-ambit", "menu-ambit", "slash-ambit"),
            Daily => ("daily", &["today"], "cmd-daily", "menu-daily", "slash-daily"),
            Place => ("place", &["p"], "cmd-place", "menu-place", "slash-place"),
            GiveUp => ("giveup", &["give-up", "reveal"], "cmd-giveup", "menu-giveup", "slash-giveup"),
            Hint => ("hint", &["tip", "clue"], "cmd-hint", "menu-hint", "slash-hint"),
            Leaderboard => ("leaderboard", &["lb", "top", "standings"], "cmd-leaderboard", "menu-leaderboard", "slash-leaderboard"),
            Stats => ("stats", &["profile"], "cmd-stats", "menu-stats", "slash-stats"),
            Tournament => ("tournament", &["tournaments", "tourney"], "cmd-tournament", "menu-tournament", "slash-tournament"),
            Settings => ("settings", &["config"], "cmd-settings", "menu-settings", "slash-settings"),
            ForgetMe => ("forgetme", &["forget-me", "deleteme"], "cmd-forgetme", "menu-forgetme", "slash-forgetme"),
            Lang => ("lang", &["language", "язык", "språk"], "cmd-lang", "menu-lang", "slash-lang"),
        };
        // Only changing settings is an admin's; the bare word shows them to anyone.
        let admin = matches!(self, Settings);
        Spec { word, aliases, usage, summary, local_name, admin }
    }

    /// The word as menus and slash commands name it, e.g. `leaderboard`.
    pub const fn as_str(self) -> &'static str {
        self.spec().word
    }

    /// The catalogue key of its usage line, e.g. `cmd-leaderboard`.
    pub const fn usage(self) -> &'static str {
        self.spec().usage
    }

    /// The catalogue key of its menu summary, e.g. `menu-leaderboard`.
    pub const fn summary(self) -> &'static str {
        self.spec().summary
    }

    /// The catalogue key of its localised name, e.g. `slash-leaderboard`.
    pub const fn local_name(self) -> &'static str {
        self.spec().local_name
    }

    /// Whether a line of this word with arguments changes a chat's settings, which only its
    /// admins may do. A platform that learns who is an admin only by asking (Telegram) asks
    /// for these alone.
    pub const fn needs_admin(self) -> bool {
        self.spec().admin
    }

    /// Whether `help` names the word only, on its "more" line, rather than giving its usage
    /// line: the whole list must fit one Discord message (2,000 characters) in every language.
    pub const fn brief_in_help(self) -> bool {
        matches!(
            self,
            Word::Takeback
                | Word::Abort
                | Word::Pings
                | Word::History
                | Word::Export
                | Word::Replay
                | Word::Analysis
                | Word::Hint
                | Word::Tournament
        )
    }

    /// The word `typed` is (its name or an alias), in any case.
    pub fn lookup(typed: &str) -> Option<Word> {
        let typed = typed.to_lowercase();
        Word::ALL.into_iter().find(|word| {
            let spec = word.spec();
            spec.word == typed || spec.aliases.contains(&typed.as_str())
        })
    }

    /// The word named exactly (no alias), as menus and slash commands name it.
    pub fn named(name: &str) -> Option<Word> {
        Word::ALL.into_iter().find(|word| word.as_str() == name)
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A platform's menu takes the word as text (Telegram's `BotCommand::new`).
impl From<Word> for String {
    fn from(word: Word) -> String {
        word.as_str().to_string()
    }
}

/// The command words, in the order `help` lists them.
pub const COMMANDS: [&str; Word::ALL.len()] = {
    let mut words = [""; Word::ALL.len()];
    let mut i = 0;
    while i < Word::ALL.len() {
        words[i] = Word::ALL[i].as_str();
        i += 1;
    }
    words
};

/// The words that name the computer as the opponent.
pub const COMPUTER_WORDS: [&str; 6] = ["computer", "bot", "kibitz", "cpu", "ai", "engine"];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::i18n::{Catalogue, LANGUAGES};

    #[test]
    fn every_word_and_alias_reads_as_itself_alone() {
        for word in Word::ALL {
            assert_eq!(Word::lookup(word.as_str()), Some(word));
            assert_eq!(Word::named(word.as_str()), Some(word));
            for alias in word.spec().aliases {
                assert_eq!(Word::lookup(alias), Some(word), "{alias}");
                assert_eq!(Word::named(alias), None, "{alias}");
            }
        }
        assert_eq!(Word::lookup("LB"), Some(Word::Leaderboard));
        assert_eq!(Word::lookup("Språk"), Some(Word::Lang));
        assert_eq!(Word::lookup("ЯЗЫК"), Some(Word::Lang));
        assert_eq!(Word::lookup("start"), None);
        assert_eq!(COMMANDS[0], "help");
        assert_eq!(COMMANDS[COMMANDS.len() - 1], "lang");
    }

    /// The keys are written in the table rather than passed to `msg("…")`, where the
    /// catalogue's own test looks; so they are checked here.
    #[test]
    fn every_word_is_described_in_every_catalogue() {
        let catalogue = Catalogue::load().unwrap();
        for language in LANGUAGES {
            for word in Word::ALL {
                for key in [word.usage(), word.summary(), word.local_name()] {
                    assert!(catalogue.has(language, key), "{language} lacks {key}");
                }
            }
        }
    }

    #[test]
    fn only_settings_is_for_admins() {
        let admin: Vec<Word> = Word::ALL.into_iter().filter(|w| w.needs_admin()).collect();
        assert_eq!(admin, [Word::Settings]);
    }
}
