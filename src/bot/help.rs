//! `help` and `rules`.

use super::command::COMMANDS;
use super::{Context, Msg, Outgoing, Refusal, Service, msg};
use crate::games::ambit;
use crate::games::{AnyGame, GameKind};
use crate::render::{AmbitView, View};

/// The usage line of a command word.
fn usage(command: &str) -> Option<Msg> {
    Some(match command {
        "help" => msg("cmd-help"),
        "rules" => msg("cmd-rules"),
        "play" => msg("cmd-play"),
        "challenge" => msg("cmd-challenge"),
        "accept" => msg("cmd-accept"),
        "decline" => msg("cmd-decline"),
        "move" => msg("cmd-move"),
        "board" => msg("cmd-board"),
        "resign" => msg("cmd-resign"),
        "draw" => msg("cmd-draw"),
        "games" => msg("cmd-games"),
        "ambit" => msg("cmd-ambit"),
        "daily" => msg("cmd-daily"),
        "place" => msg("cmd-place"),
        "giveup" => msg("cmd-giveup"),
        "leaderboard" => msg("cmd-leaderboard"),
        "stats" => msg("cmd-stats"),
        "settings" => msg("cmd-settings"),
        "forgetme" => msg("cmd-forgetme"),
        "lang" => msg("cmd-lang"),
        _ => return None,
    })
}

/// A command's one-line summary, for the command menus platforms show (Telegram's `/` list).
fn summary(command: &str) -> Option<Msg> {
    Some(match command {
        "help" => msg("menu-help"),
        "rules" => msg("menu-rules"),
        "play" => msg("menu-play"),
        "challenge" => msg("menu-challenge"),
        "accept" => msg("menu-accept"),
        "decline" => msg("menu-decline"),
        "move" => msg("menu-move"),
        "board" => msg("menu-board"),
        "resign" => msg("menu-resign"),
        "draw" => msg("menu-draw"),
        "games" => msg("menu-games"),
        "ambit" => msg("menu-ambit"),
        "daily" => msg("menu-daily"),
        "place" => msg("menu-place"),
        "giveup" => msg("menu-giveup"),
        "leaderboard" => msg("menu-leaderboard"),
        "stats" => msg("menu-stats"),
        "settings" => msg("menu-settings"),
        "forgetme" => msg("menu-forgetme"),
        "lang" => msg("menu-lang"),
        _ => return None,
    })
}

/// A command's name as a platform that takes localised names shows it (Discord).
fn local_name(command: &str) -> Option<Msg> {
    Some(match command {
        "help" => msg("slash-help"),
        "rules" => msg("slash-rules"),
        "play" => msg("slash-play"),
        "challenge" => msg("slash-challenge"),
        "accept" => msg("slash-accept"),
        "decline" => msg("slash-decline"),
        "move" => msg("slash-move"),
        "board" => msg("slash-board"),
        "resign" => msg("slash-resign"),
        "draw" => msg("slash-draw"),
        "games" => msg("slash-games"),
        "ambit" => msg("slash-ambit"),
        "daily" => msg("slash-daily"),
        "place" => msg("slash-place"),
        "giveup" => msg("slash-giveup"),
        "leaderboard" => msg("slash-leaderboard"),
        "stats" => msg("slash-stats"),
        "settings" => msg("slash-settings"),
        "forgetme" => msg("slash-forgetme"),
        "lang" => msg("slash-lang"),
        _ => return None,
    })
}

pub(crate) fn usage_refusal(command: &'static str) -> Refusal {
    Refusal::User(usage(command).into_iter().collect())
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

impl Service {
    /// The command words with a short summary each, in the language of `locale`, in the order
    /// `help` lists them: what a platform's command menu shows.
    pub fn command_menu(&self, locale: Option<&str>) -> Vec<(&'static str, String)> {
        let language = self.catalogue.language_for(locale);
        COMMANDS
            .iter()
            .filter_map(|&command| Some((command, self.say(language, &summary(command)?))))
            .collect()
    }

    /// The command words as named in the language of `locale`, in menu order.
    pub fn command_names(&self, locale: Option<&str>) -> Vec<(&'static str, String)> {
        let language = self.catalogue.language_for(locale);
        COMMANDS
            .iter()
            .filter_map(|&command| Some((command, self.say(language, &local_name(command)?))))
            .collect()
    }

    pub(crate) fn help(&self, context: &Context<'_>, topic: Option<&str>) -> Outgoing {
        let language = context.language;
        if let Some(topic) = topic {
            let topic = topic.trim_start_matches('/');
            return Outgoing::text(match usage(topic) {
                Some(line) => self.say(language, &line),
                None => self.say(
                    language,
                    &msg("help-unknown-command").with("command", topic),
                ),
            });
        }
        let mut lines = vec![self.say(language, &msg("help-intro"))];
        lines.extend(
            COMMANDS
                .iter()
                .filter_map(|command| usage(command))
                .map(|line| format!("  {}", self.say(language, &line))),
        );
        lines.push(self.say(language, &msg("help-footer").with("games", rules_list())));
        Outgoing::text(lines.join("\n"))
    }

    pub(crate) fn rules(
        &self,
        context: &Context<'_>,
        game: Option<&str>,
    ) -> Result<Vec<Outgoing>, Refusal> {
        if game.is_some_and(|g| g.trim().eq_ignore_ascii_case(ambit::NAME)) {
            let text = self.say(context.language, &msg("rules-ambit"));
            let view = AmbitView {
                title: self.say(context.language, &msg("game-name-ambit")),
                caption: self.say(
                    context.language,
                    &msg("ambit-placed").with("placement", "…"),
                ),
                ..AmbitView::default()
            };
            let png = self.renderer.render_ambit(&ambit_example(), &view)?;
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
        let text = self.say(context.language, &text);
        let example = example(kind);
        let view = View {
            white: self.say(context.language, &msg("side-white")),
            black: self.say(context.language, &msg("side-black")),
            caption: self.say(context.language, &self.kind_name(kind)),
            detail: String::new(),
            last_move: None,
            flip: false,
            facts: example.view_facts(),
        };
        let png = self.renderer.render(&example, &view)?;
        Ok(vec![Outgoing::image(png, text)])
    }

    pub(crate) fn kind_name(&self, kind: GameKind) -> Msg {
        match kind {
            GameKind::KnightFight => msg("game-name-knight-fight"),
            GameKind::Glacier => msg("game-name-glacier"),
            GameKind::ChesimalsOne => msg("game-name-chesimals-1"),
            GameKind::ChesimalsTwo => msg("game-name-chesimals-2"),
            GameKind::Critters => msg("game-name-critters"),
        }
    }
}
