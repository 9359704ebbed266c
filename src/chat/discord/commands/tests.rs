use super::*;
use crate::bot::command::{Command, DailyChange, DailyLevel, SettingsChange, parse};
use serde_json::json;

fn arg(name: &str, value: Arg) -> (String, Arg) {
    (name.to_string(), value)
}

#[test]
fn slash_moves_and_challenges_become_the_command_grammar() {
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
            game: Some(crate::store::GameId(2))
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
        "challenge",
        &[
            arg("game", Arg::Text("glacier".into())),
            arg("clock", Arg::Text(" 10m + 5s ".into())),
        ],
    );
    assert_eq!(text, "challenge glacier time:10m+5s");
    let Ok(Command::Challenge(args)) = parse(&text) else {
        panic!("{text} is a challenge");
    };
    assert_eq!(args.time.as_deref(), Some("10m+5s"));
    let text = command_text(
        "challenge",
        &[
            arg("game", Arg::Text("glacier".into())),
            arg("level", Arg::Number(5)),
        ],
    );
    assert_eq!(text, "challenge glacier level:5");
    let Ok(Command::Challenge(args)) = parse(&text) else {
        panic!("{text}: not a challenge");
    };
    assert_eq!(
        (args.game.as_str(), args.level.as_deref()),
        ("glacier", Some("5"))
    );
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
}

#[test]
fn slash_puzzles_and_boards_become_the_command_grammar() {
    let text = command_text(
        "play",
        &[
            arg("level", Arg::Text("hard".into())),
            arg("game", Arg::Text("ambit".into())),
        ],
    );
    assert_eq!(parse(&text), Ok(Command::Ambit(Some(Level::Hard))));
    assert_eq!(
        command_text("board", &[arg("flip", Arg::Flag(true))]),
        "board flip"
    );
    assert_eq!(command_text("games", &[]), "games");
}

#[test]
fn slash_daily_asks_a_games_puzzle_answers_it_and_ranks_it() {
    assert_eq!(command_text("daily", &[]), "daily");
    let text = command_text(
        "daily",
        &[
            arg("move", Arg::Text("Qxd6".into())),
            arg("game", Arg::Text("glacier".into())),
        ],
    );
    assert_eq!(text, "daily glacier Qxd6");
    assert!(matches!(
        parse(&text),
        Ok(Command::GamePuzzle { ask: crate::bot::command::PuzzleAsk::Answer(m), .. }) if m == "Qxd6"
    ));
    let text = command_text(
        "daily",
        &[
            arg("top", Arg::Flag(true)),
            arg("game", Arg::Text("knight-fight".into())),
        ],
    );
    assert_eq!(text, "daily knight-fight top");
    assert!(matches!(
        parse(&text),
        Ok(Command::GamePuzzle {
            ask: crate::bot::command::PuzzleAsk::Standings,
            ..
        })
    ));
}

#[test]
fn slash_settings_standings_and_forgetting_become_the_command_grammar() {
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
        Ok(Command::Settings(SettingsChange::Daily(DailyChange {
            game: None,
            enabled: true,
            minute_of_day: Some(570),
            level: Some(DailyLevel::Fixed(Level::Hard)),
        })))
    );
    let text = command_text(
        "settings",
        &[
            arg("daily", Arg::Text("on".into())),
            arg("game", Arg::Text("glacier".into())),
            arg("time", Arg::Text("06:00".into())),
        ],
    );
    assert_eq!(text, "settings daily glacier on 06:00");
    assert_eq!(
        parse(&text),
        Ok(Command::Settings(SettingsChange::Daily(DailyChange {
            game: Some(crate::games::GameKind::Glacier),
            enabled: true,
            minute_of_day: Some(360),
            level: None,
        })))
    );
    assert_eq!(command_text("settings", &[]), "settings");
    let text = command_text("settings", &[arg("threads", Arg::Text("off".into()))]);
    assert_eq!(text, "settings threads off");
    assert_eq!(
        parse(&text),
        Ok(Command::Settings(SettingsChange::Threads(false)))
    );
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
    let menu = vec![(Word::Move, "Make a move".to_string())];
    let translations = [Translation {
        locale: "ru",
        names: vec![(Word::Move, "ход".to_string())],
        menu: vec![(Word::Move, "Сделать ход".to_string())],
    }];
    let defined = definitions(&menu, &translations);
    assert_eq!(defined[0]["name_localizations"]["ru"], "ход");
    assert_eq!(defined[0]["description_localizations"]["ru"], "Сделать ход");
}

#[test]
fn every_command_is_defined_within_discords_limits() {
    let menu: Vec<(Word, String)> = Word::ALL.map(|w| (w, "x".repeat(150))).to_vec();
    let defined = definitions(&menu, &[]);
    let defined = defined.as_array().expect("a list");
    assert_eq!(defined.len(), Word::ALL.len());
    for command in defined {
        assert_eq!(command["type"], json!(1), "a slash command");
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

/// The typed definitions give the body the hand-written JSON gave.
#[test]
fn options_keep_discords_numbers_and_fields() {
    let menu = vec![(Word::Move, "Make a move".to_string())];
    let defined = definitions(&menu, &[]);
    assert_eq!(
        defined[0]["options"],
        json!([
            {"type": 3, "name": "move", "description": "The move", "required": true,
                "autocomplete": true},
            {"type": 4, "name": "game", "min_value": 1,
                "description": "The game's number, when you play several"},
        ])
    );
    let challenge = options(Word::Challenge);
    let kinds: Vec<OptionType> = challenge.iter().map(|o| o.kind).collect();
    assert_eq!(
        kinds,
        [
            OptionType::String,
            OptionType::User,
            OptionType::String,
            OptionType::Integer,
            OptionType::String,
            OptionType::String,
            OptionType::Integer
        ]
    );
    assert_eq!(
        serde_json::to_value(&challenge[2]).unwrap()["choices"],
        json!([{"name": "white", "value": "white"}, {"name": "black", "value": "black"},
            {"name": "random", "value": "random"}])
    );
}
