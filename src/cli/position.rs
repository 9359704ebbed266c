//! A GAME and POSITION argument of the rules tools (`perft`, `moves`, `play`, `render`),
//! read once into a [`Position`], so each subcommand has one path (AMBIT included), and
//! rules errors said in the English catalogue's words.

use super::Failure;
use super::last_move::last_move_marks;
use crate::games::ambit;
use crate::{AmbitView, AnyGame, Catalogue, GameKind, Renderer, View};

pub fn game_kind(name: &str) -> Result<GameKind, Failure> {
    GameKind::parse(name).ok_or_else(|| {
        let known: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
        Failure(format!(
            "unknown game \"{}\"; games: {}",
            crate::games::quote(name),
            known.join(", ")
        ))
    })
}

/// Rules errors in the English catalogue's words.
pub fn explain(error: &crate::games::RulesError) -> Failure {
    Failure(say(error))
}

/// A catalogue message (a rules error or note) in English. A Chesimals refusal inside a
/// turn also says which move of the turn it was.
pub fn say(error: &crate::games::RulesError) -> String {
    Catalogue::load()
        .map(|catalogue| crate::bot::rules_error_text(&catalogue, "en", error))
        .unwrap_or_else(|_| error.to_string())
}

/// What a GAME argument names: AMBIT, a one-player puzzle with its own API (not a
/// [`GameKind`]), or a two-player game.
#[derive(Clone, Copy)]
pub enum GameArg {
    Ambit,
    TwoPlayer(GameKind),
}

/// A position of the game a GAME argument names, read once for the subcommand.
pub enum Position {
    Ambit(ambit::Game),
    TwoPlayer(AnyGame),
}

impl GameArg {
    pub fn resolve(name: &str) -> Result<Self, Failure> {
        if name.trim().eq_ignore_ascii_case(ambit::NAME) {
            return Ok(GameArg::Ambit);
        }
        game_kind(name).map(GameArg::TwoPlayer)
    }

    pub fn read(self, text: &str) -> Result<Position, Failure> {
        match self {
            GameArg::Ambit => ambit::Game::parse(text).map(Position::Ambit),
            GameArg::TwoPlayer(kind) => AnyGame::parse(kind, text).map(Position::TwoPlayer),
        }
        .map_err(|e| explain(&e))
    }

    /// The leaf count of the move tree; refused for AMBIT before its position is read.
    pub fn perft(self, text: &str, depth: u32) -> Result<u64, Failure> {
        match self {
            GameArg::Ambit => Err(Failure(
                "perft is not defined for ambit, a one-player puzzle; `kibitz moves ambit FOOTPRINT` lists its valid placements".to_string(),
            )),
            GameArg::TwoPlayer(kind) => AnyGame::parse(kind, text)
                .map(|game| game.perft(depth))
                .map_err(|e| explain(&e)),
        }
    }
}

impl Position {
    pub fn read(game: &str, text: &str) -> Result<Self, Failure> {
        GameArg::resolve(game)?.read(text)
    }

    /// The legal moves (AMBIT: the valid placements), sorted.
    pub fn moves(&self) -> Vec<String> {
        match self {
            Position::Ambit(game) => game
                .valid_placements()
                .iter()
                .map(ToString::to_string)
                .collect(),
            Position::TwoPlayer(game) => game.legal_move_texts(),
        }
    }

    /// Plays `moves` in order. AMBIT's notes on each placement go to `notes` as they come,
    /// so that those of the moves before a refused one are still printed.
    pub fn play(&mut self, moves: &[String], notes: &mut Vec<String>) -> Result<(), Failure> {
        for (number, text) in moves.iter().enumerate() {
            let refused = |e: crate::games::RulesError| {
                let Failure(reason) = explain(&e);
                Failure(format!(
                    "move {} ({}): {reason}",
                    number + 1,
                    crate::games::quote(text)
                ))
            };
            match self {
                Position::Ambit(game) => {
                    let placement = ambit::notation::parse_placement(text).map_err(refused)?;
                    let outcome = game.place(placement).map_err(refused)?;
                    notes.extend(
                        outcome
                            .notes(placement)
                            .iter()
                            .map(|note| format!("{placement}: {}", say(note))),
                    );
                }
                Position::TwoPlayer(game) => {
                    game.play_text(text).map_err(refused)?;
                }
            }
        }
        Ok(())
    }

    /// The position's text and its status, the last two lines of `kibitz play`.
    pub fn text_and_status(&self) -> [String; 2] {
        match self {
            Position::Ambit(game) => [game.text(), game.status().to_string()],
            Position::TwoPlayer(game) => [game.position_text(), game.status().to_string()],
        }
    }

    /// The picture of the position. `last` marks the move that led to it and `flip` draws
    /// it from Black's side: both are for two-player boards only.
    pub fn render(&self, last: Option<&str>, flip: bool) -> Result<Vec<u8>, Failure> {
        match self {
            Position::Ambit(_) if last.is_some() || flip => Err(Failure(
                "--last and --flip are for two-player boards: an ambit puzzle has no moves to mark and no sides".to_string(),
            )),
            Position::Ambit(game) => {
                let view = AmbitView {
                    title: "AMBIT".to_string(),
                    caption: game.status().to_string(),
                    ..AmbitView::default()
                };
                Ok(Renderer::new()?.render_ambit(game, &view)?)
            }
            Position::TwoPlayer(game) => {
                let last_move = last
                    .map(|text| last_move_marks(game, text))
                    .transpose()?;
                let view = View {
                    white: "White".to_string(),
                    black: "Black".to_string(),
                    caption: game.status().to_string(),
                    detail: String::new(),
                    last_move,
                    flip,
                    hide_turn: false,
                    facts: game.view_facts(),
                };
                Ok(Renderer::new()?.render(game, &view)?)
            }
        }
    }
}
