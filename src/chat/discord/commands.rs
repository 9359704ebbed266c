//! The slash commands: their definitions for Discord, and a used command turned back into
//! the one command grammar's text (`/move move:d3 game:2` → `move d3 #2`).

use crate::bot::command::COMMANDS;
use crate::games::GameKind;
use crate::games::ambit;
use serde_json::{Value, json};

/// Discord's option types.
const SUB_STRING: u8 = 3;
const SUB_INTEGER: u8 = 4;
const SUB_BOOLEAN: u8 = 5;
const SUB_USER: u8 = 6;
/// Discord refuses descriptions outside 1-100 characters.
const DESCRIPTION_LIMIT: usize = 100;

/// An option's value as the adapter reads it from an interaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Text(String),
    Number(i64),
    Flag(bool),
}

fn description(text: &str) -> String {
    let text = text.trim();
    let cut: String = text.chars().take(DESCRIPTION_LIMIT).collect();
    if cut.is_empty() { "-".to_string() } else { cut }
}

fn choices(values: &[&str]) -> Value {
    values
        .iter()
        .map(|v| json!({"name": v, "value": v}))
        .collect()
}

fn game_number(text: &str) -> Value {
    json!({"type": SUB_INTEGER, "name": "game", "description": text, "min_value": 1})
}

/// The options of one command word, required ones first (Discord insists).
fn options(command: &str) -> Vec<Value> {
    let games: Vec<&str> = GameKind::ALL.iter().map(|kind| kind.name()).collect();
    match command {
        "help" => vec![json!({"type": SUB_STRING, "name": "command",
            "description": "The command to explain", "choices": choices(&COMMANDS)})],
        "rules" => {
            let mut all = games.clone();
            all.push(ambit::NAME);
            vec![json!({"type": SUB_STRING, "name": "game",
                "description": "The game", "choices": choices(&all)})]
        }
        "challenge" | "play" => {
            let mut playable = games.clone();
            if command == "play" {
                playable.extend([ambit::NAME, "daily"]);
            }
            let mut options = vec![
                json!({"type": SUB_STRING, "name": "game", "description": "The game",
                    "required": true, "choices": choices(&playable)}),
                json!({"type": SUB_USER, "name": "opponent",
                    "description": "Whom to challenge (anyone when left out)"}),
                json!({"type": SUB_STRING, "name": "color", "description": "Your colour",
                    "choices": choices(&["white", "black", "random"])}),
                json!({"type": SUB_INTEGER, "name": "seed",
                    "description": "The starting board's number", "min_value": 0}),
                json!({"type": SUB_STRING, "name": "options",
                    "description": "Critters' options: growth, promotion, brains:N"}),
            ];
            if command == "play" {
                options.push(json!({"type": SUB_STRING, "name": "level",
                    "description": "An AMBIT puzzle's level",
                    "choices": choices(&["easy", "medium", "hard"])}));
            }
            options
        }
        "accept" => vec![json!({"type": SUB_INTEGER, "name": "game",
            "description": "The challenge's number", "min_value": 1, "autocomplete": true})],
        "decline" | "resign" | "draw" => vec![game_number("The game's number")],
        "move" => vec![
            json!({"type": SUB_STRING, "name": "move", "description": "The move",
                "required": true, "autocomplete": true}),
            game_number("The game's number, when you play several"),
        ],
        "board" => vec![
            game_number("The game's number"),
            json!({"type": SUB_BOOLEAN, "name": "flip", "description": "Black at the bottom"}),
        ],
        "ambit" => vec![
            json!({"type": SUB_STRING, "name": "level", "description": "How hard",
            "choices": choices(&["easy", "medium", "hard"])}),
        ],
        "place" => vec![json!({"type": SUB_STRING, "name": "piece",
            "description": "The piece and its square, e.g. N f3", "required": true,
            "autocomplete": true})],
        "leaderboard" => {
            let mut boards = vec![ambit::NAME];
            boards.extend(games.iter().copied());
            vec![
                json!({"type": SUB_STRING, "name": "game", "description": "Which standings",
                    "choices": choices(&boards)}),
                json!({"type": SUB_STRING, "name": "period", "description": "Over which time",
                    "choices": choices(&["week", "month", "all"])}),
                json!({"type": SUB_INTEGER, "name": "page", "description": "The page",
                    "min_value": 1}),
            ]
        }
        "stats" => vec![json!({"type": SUB_USER, "name": "player",
            "description": "Whose stats (yours when left out)"})],
        "settings" => vec![
            json!({"type": SUB_STRING, "name": "daily", "description": "Post the AMBIT daily here",
                "choices": choices(&["on", "off"])}),
            json!({"type": SUB_STRING, "name": "time",
                "description": "When, as hh:mm in UTC (e.g. 09:00)"}),
            json!({"type": SUB_STRING, "name": "level", "description": "The daily's level",
                "choices": choices(&["auto", "easy", "medium", "hard"])}),
        ],
        "forgetme" => vec![json!({"type": SUB_BOOLEAN, "name": "confirm",
            "description": "Yes: delete my data now"})],
        _ => Vec::new(),
    }
}

/// A command list in another language: Discord's locale code, the localised names and the
/// menu lines.
pub struct Translation {
    pub locale: &'static str,
    pub names: Vec<(&'static str, String)>,
    pub menu: Vec<(&'static str, String)>,
}

/// A name Discord accepts: 1-32 lowercase letters, digits, `-` or `_`.
fn usable_name(name: &str) -> bool {
    let count = name.chars().count();
    (1..=32).contains(&count)
        && name.chars().all(|c| {
            c == '-' || c == '_' || c.is_numeric() || (c.is_alphabetic() && !c.is_uppercase())
        })
}

/// The bulk-overwrite body: every command word with its menu line, names and descriptions
/// localised through Discord's localisation maps.
pub fn definitions(menu: &[(&'static str, String)], translations: &[Translation]) -> Value {
    menu.iter()
        .map(|(command, summary)| {
            let mut names = serde_json::Map::new();
            let mut descriptions = serde_json::Map::new();
            for translation in translations {
                let find = |list: &[(&'static str, String)]| {
                    list.iter()
                        .find(|(c, _)| c == command)
                        .map(|(_, t)| t.clone())
                };
                if let Some(name) = find(&translation.names).filter(|n| usable_name(n)) {
                    names.insert(translation.locale.to_string(), json!(name));
                }
                if let Some(text) = find(&translation.menu) {
                    descriptions.insert(translation.locale.to_string(), json!(description(&text)));
                }
            }
            json!({
                "name": command,
                "type": 1,
                "description": description(summary),
                "name_localizations": names,
                "description_localizations": descriptions,
                "options": options(command),
            })
        })
        .collect()
}

/// Free text from an option, kept to one line of words so that it cannot smuggle in
/// anything the user could not type after the command word anyway.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The command line a used slash command stands for. The opponent (a USER option) is not in
/// the text: it travels as a mention.
pub fn command_text(name: &str, options: &[(String, Arg)]) -> String {
    let get = |key: &str| options.iter().find(|(n, _)| n == key).map(|(_, v)| v);
    let mut line = vec![name.to_string()];
    if name == "settings" {
        let words: Vec<String> = ["daily", "time", "level"]
            .iter()
            .filter_map(|key| match get(key) {
                Some(Arg::Text(text)) => Some(words(text)),
                _ => None,
            })
            .filter(|w| !w.is_empty())
            .collect();
        if !words.is_empty() {
            line.push("daily".to_string());
            line.extend(words);
        }
        return line.join(" ");
    }
    if let Some(Arg::Text(period)) = get("period") {
        line.push(words(period));
    }
    if let Some(Arg::Number(page)) = get("page") {
        line.push(page.to_string());
    }
    if let Some(Arg::Flag(true)) = get("confirm") {
        line.push("confirm".to_string());
    }
    for key in [
        "command", "game", "move", "color", "level", "piece", "options",
    ] {
        if let Some(Arg::Text(text)) = get(key) {
            let text = words(text);
            if !text.is_empty() {
                line.push(text);
            }
        }
    }
    if let Some(Arg::Number(seed)) = get("seed") {
        line.push(format!("seed:{seed}"));
    }
    if let Some(Arg::Flag(true)) = get("flip") {
        line.push("flip".to_string());
    }
    // Last, where the grammar looks for a game number after a move.
    if let Some(Arg::Number(game)) = get("game") {
        line.push(format!("#{game}"));
    }
    line.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::command::{Command, parse};

    fn arg(name: &str, value: Arg) -> (String, Arg) {
        (name.to_string(), value)
    }

    #[test]
    fn slash_commands_become_the_command_grammar() {
        let text = command_text(
            "move",
            &[
                arg("game", Arg::Number(2)),
                arg("move", Arg::Text(" d3 ".into())),
            ],
        );
        assert_eq!(text, "move d3 #2");
        assert_eq!(
            parse(&text),
            Ok(Command::Move {
                text: "d3".into(),
                game: Some(2)
            })
        );
        let text = command_text(
            "challenge",
            &[
                arg("seed", Arg::Number(7)),
                arg("game", Arg::Text("knight-fight".into())),
                arg("color", Arg::Text("black".into())),
            ],
        );
        assert_eq!(text, "challenge knight-fight black seed:7");
        let text = command_text(
            "play",
            &[
                arg("options", Arg::Text("growth  brains:2".into())),
                arg("game", Arg::Text("critters".into())),
            ],
        );
        assert_eq!(text, "play critters growth brains:2");
        let Ok(Command::Challenge(args)) = parse(&text) else {
            panic!("{text}: not a challenge");
        };
        assert_eq!(args.options, vec!["growth", "brains:2"]);
        let text = command_text(
            "play",
            &[
                arg("level", Arg::Text("hard".into())),
                arg("game", Arg::Text("ambit".into())),
            ],
        );
        assert_eq!(parse(&text), Ok(Command::Ambit(Some("hard".into()))));
        assert_eq!(
            command_text("board", &[arg("flip", Arg::Flag(true))]),
            "board flip"
        );
        assert_eq!(command_text("games", &[]), "games");
        let text = command_text(
            "settings",
            &[
                arg("level", Arg::Text("hard".into())),
                arg("time", Arg::Text("09:30".into())),
            ],
        );
        assert_eq!(text, "settings daily 09:30 hard");
        assert_eq!(
            parse(&text),
            Ok(Command::Settings(vec![
                "daily".into(),
                "09:30".into(),
                "hard".into()
            ]))
        );
        assert_eq!(command_text("settings", &[]), "settings");
        let text = command_text(
            "leaderboard",
            &[
                arg("page", Arg::Number(2)),
                arg("game", Arg::Text("glacier".into())),
                arg("period", Arg::Text("month".into())),
            ],
        );
        assert_eq!(text, "leaderboard month 2 glacier");
        assert_eq!(
            command_text("forgetme", &[arg("confirm", Arg::Flag(true))]),
            "forgetme confirm"
        );
    }

    #[test]
    fn localised_names_are_checked_against_discords_rules() {
        assert!(usable_name("задача-дня"));
        assert!(usable_name("språk"));
        assert!(!usable_name("Задача"));
        assert!(!usable_name("two words"));
        let menu = vec![("move", "Make a move".to_string())];
        let translations = [Translation {
            locale: "ru",
            names: vec![("move", "ход".to_string())],
            menu: vec![("move", "Сделать ход".to_string())],
        }];
        let defined = definitions(&menu, &translations);
        assert_eq!(defined[0]["name_localizations"]["ru"], "ход");
        assert_eq!(defined[0]["description_localizations"]["ru"], "Сделать ход");
    }

    #[test]
    fn every_command_is_defined_within_discords_limits() {
        let menu: Vec<(&'static str, String)> =
            COMMANDS.iter().map(|c| (*c, "x".repeat(150))).collect();
        let defined = definitions(&menu, &[]);
        let defined = defined.as_array().expect("a list");
        assert_eq!(defined.len(), COMMANDS.len());
        for command in defined {
            assert_eq!(command["description"].as_str().map(str::len), Some(100));
            let options = command["options"].as_array().expect("options");
            // Required options come first.
            let first_optional = options
                .iter()
                .position(|o| o["required"] != json!(true))
                .unwrap_or(options.len());
            assert!(
                options[first_optional..]
                    .iter()
                    .all(|o| o["required"] != json!(true))
            );
            assert!(
                options
                    .iter()
                    .all(|o| { o["choices"].as_array().is_none_or(|c| c.len() <= 25) })
            );
        }
    }
}
