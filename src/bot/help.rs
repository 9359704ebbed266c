//! `help` and `rules`.

use crate::bot::command::{ParseError, Word};
use crate::bot::context::Context;
use crate::bot::msg::{Msg, msg};
use crate::bot::outcome::Refusal;
use crate::bot::reply::Outgoing;
use crate::bot::service::Service;
use crate::bot::words::{move_usage, rules_message};
use crate::games::{AnyGame, GameKind, ambit};
use crate::render::{AmbitView, View};

/// The usage line of a command word, as `help <word>` names it (no alias).
fn usage(command: &str) -> Option<Msg> {
    Word::named(command).map(|word| msg(word.usage()))
}

pub(crate) fn usage_refusal(word: Word) -> Refusal {
    Refusal::User(vec![msg(word.usage())])
}

/// What a malformed line is told: why, and where it helps, how the command goes.
pub(crate) fn parse_refusal(error: ParseError) -> Refusal {
    let with_usage = |why: Msg, word: Word| Refusal::User(vec![why, msg(word.usage())]);
    match error {
        ParseError::Usage(word) => usage_refusal(word),
        ParseError::BadGameRef(text) => msg("game-id-malformed").with("text", text).into(),
        ParseError::BadSeed(seed) => msg("challenge-bad-seed").with("seed", seed).into(),
        ParseError::BadLevel(error) => with_usage(rules_message(&error), Word::Ambit),
        ParseError::LeaderboardWord(word) => with_usage(
            msg("leaderboard-unknown-word").with("word", word),
            Word::Leaderboard,
        ),
        ParseError::UnknownSetting(word) => {
            with_usage(msg("settings-unknown").with("word", word), Word::Settings)
        }
        ParseError::BadSettingsWord(word) => {
            with_usage(msg("settings-bad-word").with("word", word), Word::Settings)
        }
    }
}

/// The two-player games, for `challenge`.
pub(crate) fn game_list() -> String {
    GameKind::ALL
        .iter()
        .map(|kind| kind.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Everything `rules` knows: the two-player games and the AMBIT puzzle.
fn rules_list() -> String {
    format!("{}, {}", game_list(), ambit::NAME)
}

/// An AMBIT example for the rules picture: a fixed easy puzzle with its first piece placed.
fn ambit_example() -> ambit::Game {
    let puzzle = ambit::generate(2024, ambit::Level::Easy);
    let mut game = ambit::Game::new(puzzle.footprint);
    if let Some(&first) = puzzle.solution.first() {
        // A solution piece always fits; should it not, the example shows the bare puzzle.
        let _ = game.place(first);
    }
    game
}

/// An example position for the rules picture: a few moves into a fixed board.
fn example(kind: GameKind) -> AnyGame {
    let mut game = AnyGame::start(kind, 2024);
    for _ in 0..4 {
        let Some(first) = game.legal_move_texts().into_iter().next() else {
            break;
        };
        if game.play_text(&first).is_err() {
            break;
        }
    }
    game
}

/// The command words with a short summary each, in the language of `locale`, in the order
/// `help` lists them: what a platform's command menu shows.
pub fn command_menu(service: &Service, locale: Option<&str>) -> Vec<(Word, String)> {
    let language = service.catalogue.language_for(locale);
    Word::ALL
        .into_iter()
        .map(|word| (word, service.say(language, &msg(word.summary()))))
        .collect()
}

/// The command words as named in the language of `locale`, in menu order.
pub fn command_names(service: &Service, locale: Option<&str>) -> Vec<(Word, String)> {
    let language = service.catalogue.language_for(locale);
    Word::ALL
        .into_iter()
        .map(|word| (word, service.say(language, &msg(word.local_name()))))
        .collect()
}

pub(crate) fn help(service: &Service, context: &Context<'_>, topic: Option<&str>) -> Outgoing {
    let language = context.language;
    if let Some(topic) = topic {
        let topic = topic.trim_start_matches('/');
        return Outgoing::text(match (usage(topic), GameKind::parse(topic)) {
            (Some(line), _) => service.say(language, &line),
            // `help chesimals-2`: how that game's moves and turns are typed.
            // Said line by line: the usage is longer than a message argument may be.
            (None, Some(kind)) => [
                msg("help-game").with("game", service.say(language, &kind_name(kind))),
                move_usage(kind),
                msg("help-game-rules").with("name", kind.name()),
            ]
            .iter()
            .map(|line| service.say(language, line))
            .collect::<Vec<_>>()
            .join("\n"),
            (None, None) if topic.eq_ignore_ascii_case(ambit::NAME) => {
                service.say(language, &msg(Word::Place.usage()))
            }
            (None, None) => service.say(
                language,
                &msg("help-unknown-command").with("command", topic),
            ),
        });
    }
    let mut lines = vec![service.say(language, &msg("help-intro"))];
    lines.extend(
        Word::ALL
            .into_iter()
            .filter(|word| !word.brief_in_help())
            .map(|word| format!("  {}", service.say(language, &msg(word.usage())))),
    );
    let more: Vec<&str> = Word::ALL
        .into_iter()
        .filter(|word| word.brief_in_help())
        .map(Word::as_str)
        .collect();
    lines.push(service.say(
        language,
        &msg("help-more").with("commands", more.join(", ")),
    ));
    lines.push(service.say(language, &msg("help-footer").with("games", rules_list())));
    Outgoing::text(lines.join("\n"))
}

pub(crate) fn rules(
    service: &Service,
    context: &Context<'_>,
    game: Option<&str>,
) -> Result<Vec<Outgoing>, Refusal> {
    if game.is_some_and(|g| g.trim().eq_ignore_ascii_case(ambit::NAME)) {
        let text = service.say(context.language, &msg("rules-ambit"));
        let view = AmbitView {
            title: service.say(context.language, &msg("game-name-ambit")),
            caption: service.say(
                context.language,
                &msg("ambit-placed").with("placement", "…"),
            ),
            ..AmbitView::default()
        };
        let png = service.renderer.render_ambit(&ambit_example(), &view)?;
        return Ok(vec![Outgoing::image(png, text)]);
    }
    let Some(kind) = game.and_then(GameKind::parse) else {
        return Err(msg("rules-usage").with("games", rules_list()).into());
    };
    let text = match kind {
        GameKind::KnightFight => msg("rules-knight-fight"),
        GameKind::Glacier => msg("rules-glacier"),
        GameKind::ChesimalsOne => msg("rules-chesimals-1"),
        GameKind::ChesimalsTwo => msg("rules-chesimals-2"),
        GameKind::Critters => msg("rules-critters"),
    };
    let text = service.say(context.language, &text);
    let example = example(kind);
    let view = View {
        white: service.say(context.language, &msg("side-white")),
        black: service.say(context.language, &msg("side-black")),
        caption: service.say(context.language, &kind_name(kind)),
        detail: String::new(),
        last_move: None,
        flip: false,
        hide_turn: false,
        facts: example.view_facts(),
    };
    let png = service.renderer.render(&example, &view)?;
    Ok(vec![Outgoing::image(png, text)])
}

pub(crate) use crate::bot::msg::kind_name;
