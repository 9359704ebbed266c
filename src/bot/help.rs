//! `help` and `rules`.

use super::command::COMMANDS;
use super::{Context, Msg, Outgoing, Refusal, Service, msg};
use crate::games::{AnyGame, GameKind};
use crate::render::View;

/// The usage line of a command word.
fn usage(command: &str) -> Option<Msg> {
    Some(match command {
        "help" => msg("cmd-help"),
        "rules" => msg("cmd-rules"),
        "challenge" => msg("cmd-challenge"),
        "accept" => msg("cmd-accept"),
        "decline" => msg("cmd-decline"),
        "move" => msg("cmd-move"),
        "board" => msg("cmd-board"),
        "resign" => msg("cmd-resign"),
        "draw" => msg("cmd-draw"),
        "games" => msg("cmd-games"),
        _ => return None,
    })
}

pub(crate) fn usage_refusal(command: &'static str) -> Refusal {
    Refusal::User(usage(command).into_iter().collect())
}

pub(crate) fn game_list() -> String {
    GameKind::ALL
        .iter()
        .map(|kind| kind.name())
        .collect::<Vec<_>>()
        .join(", ")
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
        lines.push(self.say(language, &msg("help-footer").with("games", game_list())));
        Outgoing::text(lines.join("\n"))
    }

    pub(crate) fn rules(
        &self,
        context: &Context<'_>,
        game: Option<&str>,
    ) -> Result<Vec<Outgoing>, Refusal> {
        let Some(kind) = game.and_then(GameKind::parse) else {
            return Err(msg("rules-usage").with("games", game_list()).into());
        };
        let text = match kind {
            GameKind::KnightFight => msg("rules-knight-fight"),
            GameKind::Glacier => msg("rules-glacier"),
        };
        let text = self.say(context.language, &text);
        let view = View {
            white: self.say(context.language, &msg("side-white")),
            black: self.say(context.language, &msg("side-black")),
            caption: self.say(context.language, &self.kind_name(kind)),
            detail: String::new(),
            last_move: None,
            flip: false,
            result: None,
        };
        let png = self.renderer.render(&example(kind), &view)?;
        Ok(vec![Outgoing::image(png, text)])
    }

    pub(crate) fn kind_name(&self, kind: GameKind) -> Msg {
        match kind {
            GameKind::KnightFight => msg("game-name-knight-fight"),
            GameKind::Glacier => msg("game-name-glacier"),
        }
    }
}
