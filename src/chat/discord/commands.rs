//! The slash commands: their definitions for Discord, read from the command vocabulary
//! ([`Word`]), and a used command turned back into the one command grammar's text
//! (`/move move:d3 game:2` → `move d3 #2`).
//!
//! The definitions are Kibitz's own serde types rather than serenity's builders: serenity's
//! `CreateCommand` serialises only through its HTTP client, which the adapter does not use
//! (it has its own REST client), and these few fields are all Kibitz needs.

use crate::bot::command::{Color, Word};
use crate::games::GameKind;
use crate::games::ambit::{self, Level};
use crate::games::standings::Period;
use serde::{Serialize, Serializer};
use serde_json::Value;
use std::collections::BTreeMap;

/// Discord refuses descriptions outside 1-100 characters.
const DESCRIPTION_LIMIT: usize = 100;

/// Discord's application command types: Kibitz defines slash commands alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CommandType {
    ChatInput = 1,
}

/// Discord's option types, those Kibitz uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OptionType {
    String = 3,
    Integer = 4,
    Boolean = 5,
    User = 6,
}

impl Serialize for CommandType {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(*self as u8)
    }
}

impl Serialize for OptionType {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(*self as u8)
    }
}

/// The options' names: what the definitions offer is what [`command_text`] reads back.
mod name {
    pub const COMMAND: &str = "command";
    pub const GAME: &str = "game";
    pub const OPPONENT: &str = "opponent";
    pub const COLOR: &str = "color";
    pub const SEED: &str = "seed";
    pub const OPTIONS: &str = "options";
    pub const LEVEL: &str = "level";
    pub const MOVE: &str = "move";
    pub const FLIP: &str = "flip";
    pub const PIECE: &str = "piece";
    pub const PERIOD: &str = "period";
    pub const PAGE: &str = "page";
    pub const PLAYER: &str = "player";
    pub const DAILY: &str = "daily";
    pub const TIME: &str = "time";
    pub const CLOCK: &str = "clock";
    pub const SWITCH: &str = "switch";
    pub const LIST: &str = "list";
    pub const CONFIRM: &str = "confirm";
    pub const THREADS: &str = "threads";
    pub const TOP: &str = "top";
    pub const ACTION: &str = "action";
    pub const FORMAT: &str = "format";
    pub const ROUNDS: &str = "rounds";
    pub const TITLE: &str = "title";
    pub const NUMBER: &str = "number";
    pub const TOURNAMENTS: &str = "tournaments";
    pub const START: &str = "start";
    pub const DURATION: &str = "duration";
}

/// An option's value as the adapter reads it from an interaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Text(String),
    Number(i64),
    Flag(bool),
}

#[derive(Clone, Debug, Serialize)]
struct Choice {
    name: &'static str,
    value: &'static str,
}

/// One option of a slash command.
#[derive(Clone, Debug, Serialize)]
struct SlashOption {
    #[serde(rename = "type")]
    kind: OptionType,
    name: &'static str,
    description: &'static str,
    #[serde(skip_serializing_if = "is_false")]
    required: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    choices: Vec<Choice>,
    #[serde(skip_serializing_if = "Option::is_none")]
    min_value: Option<i64>,
    #[serde(skip_serializing_if = "is_false")]
    autocomplete: bool,
}

fn is_false(flag: &bool) -> bool {
    !flag
}

impl SlashOption {
    fn new(kind: OptionType, name: &'static str, description: &'static str) -> Self {
        SlashOption {
            kind,
            name,
            description,
            required: false,
            choices: Vec::new(),
            min_value: None,
            autocomplete: false,
        }
    }

    fn text(name: &'static str, description: &'static str) -> Self {
        Self::new(OptionType::String, name, description)
    }

    fn number(name: &'static str, description: &'static str, min: i64) -> Self {
        SlashOption {
            min_value: Some(min),
            ..Self::new(OptionType::Integer, name, description)
        }
    }

    fn flag(name: &'static str, description: &'static str) -> Self {
        Self::new(OptionType::Boolean, name, description)
    }

    fn user(name: &'static str, description: &'static str) -> Self {
        Self::new(OptionType::User, name, description)
    }

    fn required(self) -> Self {
        SlashOption {
            required: true,
            ..self
        }
    }

    fn autocomplete(self) -> Self {
        SlashOption {
            autocomplete: true,
            ..self
        }
    }

    fn choices(self, values: impl IntoIterator<Item = &'static str>) -> Self {
        let choices = values
            .into_iter()
            .map(|value| Choice { name: value, value })
            .collect();
        SlashOption { choices, ..self }
    }
}

/// One slash command as Discord's bulk overwrite takes it.
#[derive(Clone, Debug, Serialize)]
struct Definition {
    name: &'static str,
    #[serde(rename = "type")]
    kind: CommandType,
    description: String,
    name_localizations: BTreeMap<&'static str, String>,
    description_localizations: BTreeMap<&'static str, String>,
    options: Vec<SlashOption>,
}

fn description(text: &str) -> String {
    let text = text.trim();
    let cut: String = text.chars().take(DESCRIPTION_LIMIT).collect();
    if cut.is_empty() { "-".to_string() } else { cut }
}

fn game_number(description: &'static str) -> SlashOption {
    SlashOption::number(name::GAME, description, 1)
}

fn games() -> impl Iterator<Item = &'static str> {
    GameKind::ALL.into_iter().map(GameKind::name)
}

fn levels() -> impl Iterator<Item = &'static str> {
    Level::ALL.into_iter().map(Level::name)
}

/// `challenge`'s options, and `play`'s, which starts the puzzles too.
fn challenge_options(word: Word) -> Vec<SlashOption> {
    let play = word == Word::Play;
    let mut playable: Vec<&'static str> = games().collect();
    if play {
        playable.extend([ambit::NAME, Word::Daily.as_str()]);
    }
    let mut options = vec![
        SlashOption::text(name::GAME, "The game")
            .required()
            .choices(playable),
        SlashOption::user(name::OPPONENT, "Whom to challenge (anyone when left out)"),
        SlashOption::text(name::COLOR, "Your colour").choices(Color::ALL.map(Color::name)),
        SlashOption::number(name::SEED, "The starting board's number", 0),
        SlashOption::text(
            name::OPTIONS,
            "Critters' options: growth, promotion, brains:N",
        ),
        SlashOption::text(
            name::CLOCK,
            "Time control: 3d (days a move, the default), 10m+5s (live), none",
        ),
    ];
    if play {
        options.push(SlashOption::text(name::LEVEL, "An AMBIT puzzle's level").choices(levels()));
    } else {
        // The computer's level, when the opponent is the bot itself.
        options.push(SlashOption::number(
            name::LEVEL,
            "Against the bot: its level, 1 (a beginner can win) to 8",
            1,
        ));
    }
    options
}

/// The options of one command word, required ones first (Discord insists).
fn options(word: Word) -> Vec<SlashOption> {
    match word {
        // More words than Discord's 25 choices: offered as they are typed instead.
        Word::Help => {
            vec![SlashOption::text(name::COMMAND, "The command to explain").autocomplete()]
        }
        Word::Rules => {
            vec![SlashOption::text(name::GAME, "The game").choices(games().chain([ambit::NAME]))]
        }
        Word::Challenge | Word::Play => challenge_options(word),
        Word::Accept => vec![game_number("The challenge's number").autocomplete()],
        Word::Decline
        | Word::Resign
        | Word::Draw
        | Word::Takeback
        | Word::Abort
        | Word::History
        | Word::Export
        | Word::Replay
        | Word::Analysis => {
            vec![game_number("The game's number")]
        }
        Word::Move => vec![
            SlashOption::text(name::MOVE, "The move")
                .required()
                .autocomplete(),
            game_number("The game's number, when you play several"),
        ],
        Word::Board => vec![
            game_number("The game's number"),
            SlashOption::flag(name::FLIP, "Black at the bottom"),
        ],
        Word::Ambit => vec![SlashOption::text(name::LEVEL, "How hard").choices(levels())],
        Word::Place => vec![
            SlashOption::text(name::PIECE, "The piece and its square, e.g. N f3")
                .required()
                .autocomplete(),
        ],
        Word::Leaderboard => vec![
            SlashOption::text(name::GAME, "Which standings")
                .choices([ambit::NAME].into_iter().chain(games())),
            SlashOption::text(name::PERIOD, "Over which time")
                .choices([Period::Week, Period::Month, Period::All].map(Period::name)),
            SlashOption::number(name::PAGE, "The page", 1),
        ],
        Word::Stats => vec![SlashOption::user(
            name::PLAYER,
            "Whose stats (yours when left out)",
        )],
        Word::Settings => vec![
            SlashOption::text(name::DAILY, "Post the AMBIT daily here").choices(["on", "off"]),
            SlashOption::text(name::GAME, "Instead of AMBIT's: a game's daily puzzle")
                .choices(["glacier", "knight-fight"]),
            SlashOption::text(name::TIME, "When, as hh:mm in UTC (e.g. 09:00)"),
            SlashOption::text(name::LEVEL, "The daily's level")
                .choices(["auto"].into_iter().chain(levels())),
            SlashOption::text(name::THREADS, "Play accepted challenges in threads")
                .choices(["on", "off"]),
            SlashOption::text(name::TOURNAMENTS, "Who may make tournaments here")
                .choices(["members", "admins"]),
        ],
        Word::ForgetMe => vec![SlashOption::flag(name::CONFIRM, "Yes: delete my data now")],
        Word::Games => vec![
            SlashOption::text(name::LIST, "Which games: the finished ones").choices(["finished"]),
            SlashOption::number(name::PAGE, "The page", 1),
        ],
        Word::Daily => vec![
            SlashOption::text(name::GAME, "A game's puzzle instead of AMBIT's daily")
                .choices(["glacier", "knight-fight"]),
            SlashOption::text(
                name::MOVE,
                "Your one answer to the game's puzzle, e.g. Qxd6",
            ),
            SlashOption::flag(name::TOP, "The game's puzzle solvers here"),
        ],
        Word::GiveUp | Word::Hint | Word::Lang => Vec::new(),
        Word::Vacation => vec![SlashOption::number(
            name::PAGE,
            "Days (at most 7 a month)",
            1,
        )],
        Word::Pings => vec![SlashOption::text(name::SWITCH, "On or off").choices(["on", "off"])],
        Word::Tournament => vec![
            SlashOption::text(name::ACTION, "What to do (the list when left out)").choices([
                "create",
                "join",
                "leave",
                "start",
                "cancel",
                "standings",
                "pairings",
            ]),
            SlashOption::number(name::NUMBER, "The tournament's number (the newest here)", 1),
            SlashOption::text(name::GAME, "create: the game").choices(games()),
            SlashOption::text(name::FORMAT, "create: Swiss (the default) or round robin")
                .choices(["swiss", "round-robin", "double-round-robin", "arena"]),
            SlashOption::number(name::ROUNDS, "create: a Swiss's rounds", 1),
            SlashOption::text(
                name::CLOCK,
                "create: the games' time control, e.g. 1d or 10m+5s",
            ),
            SlashOption::text(name::TITLE, "create: the tournament's name"),
            SlashOption::text(
                name::START,
                "create: when it starts by itself, e.g. 18:00 or sat 18:00 (UTC)",
            ),
            SlashOption::text(name::DURATION, "create: an arena's length, e.g. 60m"),
        ],
    }
}

/// A command list in another language: Discord's locale code, the localised names and the
/// menu lines.
pub struct Translation {
    pub locale: &'static str,
    pub names: Vec<(Word, String)>,
    pub menu: Vec<(Word, String)>,
}

/// A name Discord accepts: 1-32 lowercase letters, digits, `-` or `_`.
fn usable_name(name: &str) -> bool {
    let count = name.chars().count();
    (1..=32).contains(&count)
        && name.chars().all(|c| {
            c == '-' || c == '_' || c.is_numeric() || (c.is_alphabetic() && !c.is_uppercase())
        })
}

fn definition(word: Word, summary: &str, translations: &[Translation]) -> Definition {
    let mut names = BTreeMap::new();
    let mut descriptions = BTreeMap::new();
    for translation in translations {
        let find = |list: &[(Word, String)]| {
            list.iter()
                .find(|(w, _)| *w == word)
                .map(|(_, t)| t.clone())
        };
        if let Some(name) = find(&translation.names).filter(|n| usable_name(n)) {
            names.insert(translation.locale, name);
        }
        if let Some(text) = find(&translation.menu) {
            descriptions.insert(translation.locale, description(&text));
        }
    }
    Definition {
        name: word.as_str(),
        kind: CommandType::ChatInput,
        description: description(summary),
        name_localizations: names,
        description_localizations: descriptions,
        options: options(word),
    }
}

/// The bulk-overwrite body: every command word with its menu line, names and descriptions
/// localised through Discord's localisation maps.
pub fn definitions(menu: &[(Word, String)], translations: &[Translation]) -> Value {
    let defined: Vec<Definition> = menu
        .iter()
        .map(|(word, summary)| definition(*word, summary, translations))
        .collect();
    // Plain structs of strings and numbers always serialise; should one not, a body Discord
    // refuses keeps the commands registered before (an empty list would delete them).
    serde_json::to_value(defined).unwrap_or_else(|error| {
        tracing::error!(%error, "slash command definitions do not serialise");
        Value::Null
    })
}

/// Free text from an option, kept to one line of words so that it cannot smuggle in
/// anything the user could not type after the command word anyway.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The value of the option called `key`.
fn option<'a>(options: &'a [(String, Arg)], key: &str) -> Option<&'a Arg> {
    options.iter().find(|(n, _)| n == key).map(|(_, v)| v)
}

/// `settings`'s options as the grammar's `settings daily …` or `settings threads on|off`
/// (one setting a line: threads when named; bare `settings` shows them).
fn settings_text(options: &[(String, Arg)]) -> String {
    if let Some(Arg::Text(switch)) = option(options, name::THREADS) {
        return format!("{} {} {}", Word::Settings, name::THREADS, words(switch));
    }
    if let Some(Arg::Text(who)) = option(options, name::TOURNAMENTS) {
        return format!("{} {} {}", Word::Settings, name::TOURNAMENTS, words(who));
    }
    let words: Vec<String> = [name::GAME, name::DAILY, name::TIME, name::LEVEL]
        .iter()
        .filter_map(|key| match option(options, key) {
            Some(Arg::Text(text)) => Some(words(text)),
            _ => None,
        })
        .filter(|w| !w.is_empty())
        .collect();
    let mut line = vec![Word::Settings.as_str().to_string()];
    if !words.is_empty() {
        line.push(name::DAILY.to_string());
        line.extend(words);
    }
    line.join(" ")
}

/// `tournament`'s options as the grammar's `tournament <action> …`: `create`'s words, or
/// the tournament's number.
fn tournament_text(options: &[(String, Arg)]) -> String {
    let text = |key: &str| match option(options, key) {
        Some(Arg::Text(text)) => Some(words(text)),
        _ => None,
    };
    let mut line = vec![Word::Tournament.as_str().to_string()];
    let action = text(name::ACTION).filter(|action| !action.is_empty());
    let creating = action.as_deref() == Some("create");
    line.extend(action);
    if creating {
        line.extend([text(name::GAME), text(name::FORMAT)].into_iter().flatten());
        if let Some(Arg::Number(rounds)) = option(options, name::ROUNDS) {
            line.push(format!("rounds:{rounds}"));
        }
        if let Some(clock) = text(name::CLOCK) {
            let clock: String = clock.split_whitespace().collect();
            line.push(format!("time:{clock}"));
        }
        if let Some(duration) = text(name::DURATION).filter(|d| !d.is_empty()) {
            line.push(format!("duration:{duration}"));
        }
        if let Some(start) = text(name::START).filter(|start| !start.is_empty()) {
            line.push(format!("start:\"{start}\""));
        }
        line.extend(text(name::TITLE));
    } else if let Some(Arg::Number(number)) = option(options, name::NUMBER) {
        line.push(format!("#{number}"));
    }
    line.retain(|word| !word.is_empty());
    line.join(" ")
}

/// The command line a used slash command stands for. The opponent (a USER option) is not in
/// the text: it travels as a mention.
pub fn command_text(command: &str, options: &[(String, Arg)]) -> String {
    let get = |key: &str| option(options, key);
    if Word::named(command) == Some(Word::Settings) {
        return settings_text(options);
    }
    if Word::named(command) == Some(Word::Tournament) {
        return tournament_text(options);
    }
    let mut line = vec![command.to_string()];
    if let Some(Arg::Text(period)) = get(name::PERIOD) {
        line.push(words(period));
    }
    if let Some(Arg::Number(page)) = get(name::PAGE) {
        line.push(page.to_string());
    }
    if let Some(Arg::Flag(true)) = get(name::CONFIRM) {
        line.push("confirm".to_string());
    }
    for key in [
        name::LIST,
        name::SWITCH,
        name::COMMAND,
        name::GAME,
        name::MOVE,
        name::COLOR,
        name::LEVEL,
        name::PIECE,
        name::OPTIONS,
    ] {
        if let Some(Arg::Text(text)) = get(key) {
            let text = words(text);
            if !text.is_empty() {
                line.push(text);
            }
        }
    }
    if let Some(Arg::Flag(true)) = get(name::TOP) {
        line.push(name::TOP.to_string());
    }
    if let Some(Arg::Number(seed)) = get(name::SEED) {
        line.push(format!("seed:{seed}"));
    }
    if let Some(Arg::Text(clock)) = get(name::CLOCK) {
        // One word, however it was spaced: `10m + 5s` is `time:10m+5s`.
        let clock: String = clock.split_whitespace().collect();
        if !clock.is_empty() {
            line.push(format!("time:{clock}"));
        }
    }
    if let Some(Arg::Number(level)) = get(name::LEVEL) {
        line.push(format!("level:{level}"));
    }
    if let Some(Arg::Flag(true)) = get(name::FLIP) {
        line.push("flip".to_string());
    }
    // Last, where the grammar looks for a game number after a move.
    if let Some(Arg::Number(game)) = get(name::GAME) {
        line.push(format!("#{game}"));
    }
    line.join(" ")
}

#[cfg(test)]
mod tests;
