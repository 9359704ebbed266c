//! The typed arguments of commands, read once from the words after the command word.

use super::error::ParseError;
use super::word::{COMPUTER_WORDS, Word};
use crate::games::GameKind;
use crate::games::ambit::Level;
use crate::games::standings::Period;

/// A game named by its number, `#12` (or `12` where no move could be meant).
pub type GameRef = crate::store::GameId;

pub use crate::games::Color;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChallengeArgs {
    /// `@handle` as typed, without the `@`.
    pub opponent: Option<String>,
    /// The words that are not a handle, colour or seed: the game's name.
    pub game: String,
    pub color: Option<Color>,
    pub seed: Option<u64>,
    /// Critters advanced options as typed, lower case: `growth`, `promotion`, `brains:3`.
    pub options: Vec<String>,
    /// The computer is named as the opponent (`computer`, `bot`, …).
    pub computer: bool,
    /// `level:N` as typed (after the colon), for a game against the computer.
    pub level: Option<String>,
    /// `time:3d`, `time:10m+5s`, `time:none` as typed (after the colon).
    pub time: Option<String>,
}

pub(super) fn challenge(words: &[&str]) -> Result<ChallengeArgs, ParseError> {
    let mut args = ChallengeArgs::default();
    let mut game_words = Vec::new();
    for &word in words {
        let lower = word.to_lowercase();
        if let Some(handle) = word.strip_prefix('@').filter(|h| !h.is_empty()) {
            args.opponent.get_or_insert_with(|| handle.to_string());
        } else if let Some(color) = Color::parse(&lower) {
            args.color = Some(color);
        } else if let Some(seed) = lower.strip_prefix("seed:").or(lower.strip_prefix("seed=")) {
            let number = seed.parse::<u64>();
            args.seed = Some(number.map_err(|_| ParseError::BadSeed(seed.to_string()))?);
        } else if COMPUTER_WORDS.contains(&lower.as_str()) {
            args.computer = true;
        } else if let Some(level) = lower
            .strip_prefix("level")
            .and_then(|rest| rest.strip_prefix([':', '=']))
        {
            args.level = Some(level.to_string());
        } else if let Some(time) = lower
            .strip_prefix("time")
            .and_then(|rest| rest.strip_prefix([':', '=']))
        {
            args.time = Some(time.to_string());
        } else if matches!(lower.as_str(), "growth" | "promotion") || lower.starts_with("brains") {
            args.options.push(lower);
        } else {
            game_words.push(word);
        }
    }
    args.game = game_words.join(" ");
    Ok(args)
}

/// The words with the flag `flag` taken out, and whether it was there (`board flip`).
pub(super) fn flag<'w>(words: &[&'w str], flag: &str) -> (bool, Vec<&'w str>) {
    let others: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !w.eq_ignore_ascii_case(flag))
        .collect();
    (others.len() < words.len(), others)
}

pub(super) fn optional_ref(words: &[&str], command: Word) -> Result<Option<GameRef>, ParseError> {
    match words {
        [] => Ok(None),
        [one] => game_ref(one).map(Some),
        _ => Err(ParseError::Usage(command)),
    }
}

pub(super) fn game_ref(word: &str) -> Result<GameRef, ParseError> {
    numbered(word)
        .map(crate::store::GameId)
        .ok_or_else(|| ParseError::BadGameRef(word.to_string()))
}

/// A number as players write one for a game or a tournament: `#3` or `3`, from 1.
pub(super) fn numbered(word: &str) -> Option<i64> {
    let digits = word.strip_prefix('#').unwrap_or(word);
    digits.parse::<i64>().ok().filter(|&id| id > 0)
}

/// A page number, `2` or `page:2`; pages count from 1.
fn page(word: &str) -> Option<usize> {
    let page = word.trim_start_matches("page:").parse::<usize>().ok()?;
    Some(page.max(1))
}

/// `games [page]`.
pub(super) fn games_page(words: &[&str]) -> Result<usize, ParseError> {
    match words {
        [] => Ok(1),
        [word] => page(word).ok_or(ParseError::Usage(Word::Games)),
        _ => Err(ParseError::Usage(Word::Games)),
    }
}

/// An AMBIT level as typed.
pub(super) fn level(word: &str) -> Result<Level, ParseError> {
    Level::parse(word).map_err(ParseError::BadLevel)
}

/// What a `leaderboard` line asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardRequest {
    /// `None`: the AMBIT daily.
    pub game: Option<GameKind>,
    pub period: Period,
    /// From 1.
    pub page: usize,
}

impl BoardRequest {
    /// `leaderboard [game] [week|month|all] [page]`, the words in any order, lower case.
    pub(super) fn parse(words: &[String]) -> Result<BoardRequest, ParseError> {
        let mut request = BoardRequest {
            game: None,
            period: Period::Week,
            page: 1,
        };
        let mut period = None;
        for word in words {
            if let Some(p) = Period::parse(word) {
                period = Some(p);
            } else if let Some(page) = page(word) {
                request.page = page;
            } else if matches!(word.as_str(), "ambit" | "daily" | "puzzle") {
                request.game = None;
            } else if let Some(kind) = GameKind::parse(word) {
                request.game = Some(kind);
            } else {
                return Err(ParseError::LeaderboardWord(word.clone()));
            }
        }
        // The daily is a weekly race; ratings are read over all time unless asked.
        request.period = period.unwrap_or(if request.game.is_none() {
            Period::Week
        } else {
            Period::All
        });
        Ok(request)
    }

    /// The command line that shows `page` of these standings (the page buttons).
    pub fn command(&self, page: usize) -> String {
        format!(
            "{} {} {} {page}",
            Word::Leaderboard,
            self.game.map_or("ambit", GameKind::name),
            self.period.name()
        )
    }
}

/// What a `settings` line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsChange {
    /// `settings`: the chat's settings as they are.
    Show,
    /// `settings language [code|auto]`: the chat's language (the code as typed, lower case).
    Language(Option<String>),
    /// `settings daily …`: the daily post.
    Daily(DailyChange),
    /// `settings computer on|off`: whether members may start games against the computer.
    Computer(bool),
    /// `settings threads on|off`: whether an accepted challenge opens a thread for its game.
    Threads(bool),
    /// `settings tournaments members|admins`: whether members may make tournaments.
    Tournaments(bool),
}

impl SettingsChange {
    /// Whether it changes anything (which only a chat's admins may do).
    pub fn changes(&self) -> bool {
        !matches!(self, SettingsChange::Show)
    }
}

/// `settings daily [game] [on|off] [hh:mm] [auto|level]`: what is left out stays as it was;
/// naming the daily turns it on unless `off` is said. Without a game it is AMBIT's daily.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyChange {
    /// The two-player game whose daily puzzle is meant (`settings daily glacier on`).
    pub game: Option<GameKind>,
    pub enabled: bool,
    /// Minutes after midnight, UTC.
    pub minute_of_day: Option<i64>,
    pub level: Option<DailyLevel>,
}

/// The level of a chat's daily.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DailyLevel {
    /// The weekday's level.
    Auto,
    Fixed(Level),
}

impl DailyLevel {
    /// The word a chat's setting stores.
    pub const fn name(self) -> &'static str {
        match self {
            DailyLevel::Auto => "auto",
            DailyLevel::Fixed(level) => level.name(),
        }
    }
}

pub(super) fn settings(words: &[String]) -> Result<SettingsChange, ParseError> {
    let Some((first, rest)) = words.split_first() else {
        return Ok(SettingsChange::Show);
    };
    if matches!(first.as_str(), "language" | "lang") {
        return Ok(SettingsChange::Language(rest.first().cloned()));
    }
    let switch = |make: fn(bool) -> SettingsChange| match rest {
        [switch] if matches!(switch.as_str(), "on" | "enable" | "allow") => Ok(make(true)),
        [switch] if matches!(switch.as_str(), "off" | "disable" | "forbid") => Ok(make(false)),
        [other, ..] => Err(ParseError::BadSettingsWord(other.clone())),
        [] => Err(ParseError::Usage(Word::Settings)),
    };
    match first.as_str() {
        "computer" => return switch(SettingsChange::Computer),
        "threads" | "thread" => return switch(SettingsChange::Threads),
        "tournaments" | "tournament" => {
            return match rest {
                [who] if matches!(who.as_str(), "members" | "everyone" | "anyone" | "on") => {
                    Ok(SettingsChange::Tournaments(true))
                }
                [who] if matches!(who.as_str(), "admins" | "off") => {
                    Ok(SettingsChange::Tournaments(false))
                }
                [other, ..] => Err(ParseError::BadSettingsWord(other.clone())),
                [] => Err(ParseError::Usage(Word::Settings)),
            };
        }
        _ => {}
    }
    if first != "daily" {
        return Err(ParseError::UnknownSetting(first.clone()));
    }
    let (game, rest) = match rest.split_first() {
        Some((first, more)) if GameKind::parse(first).is_some() => (GameKind::parse(first), more),
        _ => (None, rest),
    };
    let mut change = DailyChange {
        game,
        enabled: true,
        minute_of_day: None,
        level: None,
    };
    for word in rest {
        match word.as_str() {
            "on" | "enable" => change.enabled = true,
            "off" | "disable" | "stop" => change.enabled = false,
            "auto" => change.level = Some(DailyLevel::Auto),
            other => {
                if let Some(minute) = parse_time(other) {
                    change.minute_of_day = Some(minute);
                } else if let Ok(level) = Level::parse(other) {
                    change.level = Some(DailyLevel::Fixed(level));
                } else {
                    return Err(ParseError::BadSettingsWord(other.to_string()));
                }
            }
        }
    }
    Ok(SettingsChange::Daily(change))
}

/// A `hh:mm` UTC time as minutes after midnight.
fn parse_time(text: &str) -> Option<i64> {
    let (h, m) = text.split_once(':')?;
    let (h, m): (i64, i64) = (h.parse().ok()?, m.parse().ok()?);
    ((0..24).contains(&h) && (0..60).contains(&m) && m.to_string().len() <= 2).then_some(h * 60 + m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaderboard_words_come_in_any_order() {
        let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(
            BoardRequest::parse(&words("")).ok(),
            Some(BoardRequest {
                game: None,
                period: Period::Week,
                page: 1
            })
        );
        assert_eq!(
            BoardRequest::parse(&words("2 month glacier")).ok(),
            Some(BoardRequest {
                game: Some(GameKind::Glacier),
                period: Period::Month,
                page: 2
            })
        );
        assert_eq!(
            BoardRequest::parse(&words("knight-fight"))
                .ok()
                .map(|r| r.period),
            Some(Period::All)
        );
        assert!(BoardRequest::parse(&words("chess960")).is_err());
    }

    #[test]
    fn times_read_as_hours_and_minutes() {
        assert_eq!(parse_time("09:30"), Some(570));
        assert_eq!(parse_time("0:05"), Some(5));
        assert_eq!(parse_time("24:00"), None);
        assert_eq!(parse_time("12:60"), None);
        assert_eq!(parse_time("noon"), None);
    }

    #[test]
    fn settings_words_become_one_change() {
        let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(settings(&[]), Ok(SettingsChange::Show));
        assert_eq!(
            settings(&words("daily off 07:15 2 on hard")),
            Ok(SettingsChange::Daily(DailyChange {
                game: None,
                enabled: true,
                minute_of_day: Some(435),
                level: Some(DailyLevel::Fixed(Level::Hard)),
            }))
        );
        assert_eq!(
            settings(&words("daily stop auto")),
            Ok(SettingsChange::Daily(DailyChange {
                game: None,
                enabled: false,
                minute_of_day: None,
                level: Some(DailyLevel::Auto),
            }))
        );
        assert_eq!(
            settings(&words("daily kf on 06:30")),
            Ok(SettingsChange::Daily(DailyChange {
                game: Some(GameKind::KnightFight),
                enabled: true,
                minute_of_day: Some(390),
                level: None,
            }))
        );
        assert_eq!(
            settings(&words("daily glacier off")).map(|c| match c {
                SettingsChange::Daily(change) => (change.game, change.enabled),
                _ => (None, true),
            }),
            Ok((Some(GameKind::Glacier), false))
        );
        assert_eq!(
            settings(&words("lang ru extra")),
            Ok(SettingsChange::Language(Some("ru".into())))
        );
        assert_eq!(
            settings(&words("colour red")),
            Err(ParseError::UnknownSetting("colour".into()))
        );
        assert_eq!(
            settings(&words("daily noon")),
            Err(ParseError::BadSettingsWord("noon".into()))
        );
    }
}
