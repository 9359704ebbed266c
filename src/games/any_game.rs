//! [`AnyGame`]: a position of any two-player game, for code that handles every game alike.

use super::{
    GameKind, MoveSquares, PlayedMove, RulesError, Side, Square, Status, TwoPlayerGame, chesimals,
    glacier, knight_fight, perft, quote,
};

/// A position of any two-player game, for code that handles every game alike.
#[derive(Clone, Debug)]
pub enum AnyGame {
    KnightFight(knight_fight::Position),
    Glacier(glacier::Position),
    /// Chesimals I, II or Critters: the position's variant tells which. Boxed: a position
    /// holds a fixed 400-square board, many times the size of the others.
    Chesimals(Box<chesimals::Position>),
}

/// Runs `$body` with `$game` bound to the concrete position inside an [`AnyGame`].
macro_rules! with_game {
    ($any:expr, $game:ident => $body:expr) => {
        match $any {
            AnyGame::KnightFight($game) => $body,
            AnyGame::Glacier($game) => $body,
            AnyGame::Chesimals($game) => {
                let $game: &chesimals::Position = $game;
                $body
            }
        }
    };
}

impl AnyGame {
    pub fn start(kind: GameKind, seed: u64) -> Self {
        match kind {
            GameKind::KnightFight => AnyGame::KnightFight(knight_fight::Position::start(seed)),
            GameKind::Glacier => AnyGame::Glacier(glacier::Position::start(seed)),
            GameKind::ChesimalsOne => {
                AnyGame::Chesimals(Box::new(chesimals::start(chesimals::Variant::One)))
            }
            GameKind::ChesimalsTwo => {
                AnyGame::Chesimals(Box::new(chesimals::start(chesimals::Variant::Two)))
            }
            GameKind::Critters => {
                AnyGame::Chesimals(Box::new(chesimals::start(chesimals::Variant::Critters)))
            }
        }
    }

    /// The Critters start position with the advanced options chosen for the game.
    pub fn critters(options: chesimals::CrittersOptions) -> Self {
        AnyGame::Chesimals(Box::new(chesimals::Position::new(
            chesimals::Variant::Critters,
            options,
        )))
    }

    /// Reads a position text, or `start` / `start:SEED` for the start position.
    pub fn parse(kind: GameKind, text: &str) -> Result<Self, RulesError> {
        let text = text.trim();
        if let Some(seed) = parse_start(text)? {
            return Ok(Self::start(kind, seed));
        }
        Ok(match kind {
            GameKind::KnightFight => {
                AnyGame::KnightFight(knight_fight::Position::parse_position(text)?)
            }
            GameKind::Glacier => AnyGame::Glacier(glacier::Position::parse_position(text)?),
            GameKind::ChesimalsOne | GameKind::ChesimalsTwo | GameKind::Critters => {
                let position = chesimals::Position::parse_position(text)?;
                if GameKind::of_chesimals(position.variant()) != kind {
                    return Err(RulesError::new("chesimals-position-field")
                        .arg("field", "variant")
                        .arg("text", position.variant().name()));
                }
                AnyGame::Chesimals(Box::new(position))
            }
        })
    }

    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::KnightFight(_) => GameKind::KnightFight,
            AnyGame::Glacier(_) => GameKind::Glacier,
            AnyGame::Chesimals(game) => GameKind::of_chesimals(game.variant()),
        }
    }

    /// Chesimals: whether the side to move has moved units and not ended its turn yet.
    pub fn turn_in_progress(&self) -> bool {
        match self {
            AnyGame::Chesimals(game) => game.turn_in_progress(),
            AnyGame::KnightFight(_) | AnyGame::Glacier(_) => false,
        }
    }

    pub fn position_text(&self) -> String {
        with_game!(self, game => game.position_text())
    }

    pub fn side_to_move(&self) -> Side {
        with_game!(self, game => game.side_to_move())
    }

    pub fn status(&self) -> Status {
        with_game!(self, game => game.status())
    }

    /// The canonical texts of every legal move, sorted. A Chesimals unit move is written
    /// `from-to` even when it captures, as the command-line contract has it (`x` is still
    /// read, and the move records keep it).
    pub fn legal_move_texts(&self) -> Vec<String> {
        let mut texts = with_game!(self, game => {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            moves.into_iter().map(|mv| game.move_text(mv)).collect::<Vec<String>>()
        });
        if let AnyGame::Chesimals(_) = self {
            // Files run a..t, so the only `x` in a unit move is its capture mark.
            for text in &mut texts {
                *text = text.replacen('x', "-", 1);
            }
        }
        texts.sort();
        texts
    }

    /// The square named by `text` on this game's board, and where the piece or unit of the
    /// side to move standing there may go: each target once, with the text of a move that
    /// goes there, in board order. `None` when `text` names no square; an empty list when
    /// nothing of the side to move stands there or it cannot move.
    pub fn moves_from(&self, text: &str) -> Option<(Square, Vec<(Square, String)>)> {
        with_game!(self, game => {
            let from = game.board_size().parse_square(&text.to_ascii_lowercase())?;
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let mut targets: Vec<(Square, String)> = Vec::new();
            for mv in moves {
                let squares = game.move_squares(mv);
                let Some(to) = squares.to.filter(|_| squares.from == Some(from)) else {
                    continue;
                };
                if !targets.iter().any(|(seen, _)| *seen == to) {
                    targets.push((to, game.move_text(mv)));
                }
            }
            targets.sort_by_key(|(to, _)| (to.rank, to.file));
            Some((from, targets))
        })
    }

    /// Plays a move typed by a player; returns its canonical text and the squares it touched.
    /// A Chesimals text is one whole turn (`b1-b3 a2-a4`), ended when it does not end itself;
    /// its canonical text is the actions' texts joined by spaces.
    pub fn play_text(&mut self, text: &str) -> Result<PlayedMove, RulesError> {
        match self {
            AnyGame::KnightFight(game) => play_one_move(game, text),
            AnyGame::Glacier(game) => play_one_move(game, text),
            AnyGame::Chesimals(game) => game
                .play_turn_text(text)
                .map(|actions| chesimals_played(&actions)),
        }
    }

    /// Plays what one chat message holds. As [`AnyGame::play_text`], except that a Chesimals
    /// message leaves the turn open after its unit moves, so a turn can be played unit by
    /// unit and closed with `end` (or `done`): see `chesimals::Position::play_message_text`.
    pub fn play_message(&mut self, text: &str) -> Result<PlayedMove, RulesError> {
        match self {
            AnyGame::Chesimals(game) => game
                .play_message_text(text)
                .map(|actions| chesimals_played(&actions)),
            AnyGame::KnightFight(_) | AnyGame::Glacier(_) => self.play_text(text),
        }
    }

    /// The squares to mark for `text` given as the move that led to this position (for
    /// `kibitz render --last`): the landing square and, after a slash, the blocked double.
    pub fn marks_for_last_move(&self, text: &str) -> Option<MoveSquares> {
        match self {
            AnyGame::KnightFight(game) => {
                let mut squares = text
                    .split(['/', ' '])
                    .filter(|part| !part.is_empty())
                    .map(|part| game.board_size().parse_square(part));
                let to = squares.next()??;
                let also = squares.collect::<Option<Vec<Square>>>()?;
                Some(MoveSquares {
                    from: None,
                    to: Some(to),
                    also,
                })
            }
            AnyGame::Glacier(game) => game.marks_for_last_move(text),
            AnyGame::Chesimals(game) => {
                let size = game.board_size();
                let mut trail = Vec::new();
                for token in text.split_whitespace() {
                    let token = token.to_ascii_lowercase();
                    if matches!(token.as_str(), "end" | "done" | "pass") || token.contains('=') {
                        continue;
                    }
                    let unit_move = token.split('@').next().unwrap_or_default();
                    let (from, to) = unit_move.split_once(['-', 'x'])?;
                    trail.push((size.parse_square(from)?, size.parse_square(to)?));
                }
                Some(MoveSquares::from_trail(&trail))
            }
        }
    }

    /// The players' scores (White, Black), for games that keep score.
    pub fn scores(&self) -> Option<(u32, u32)> {
        match self {
            AnyGame::KnightFight(game) => Some((game.score(Side::White), game.score(Side::Black))),
            AnyGame::Glacier(_) | AnyGame::Chesimals(_) => None,
        }
    }

    pub fn perft(&self, depth: u32) -> u64 {
        with_game!(self, game => perft(game, depth))
    }
}

/// Plays one typed move of a game whose move is a whole turn.
fn play_one_move<G: TwoPlayerGame>(game: &mut G, text: &str) -> Result<PlayedMove, RulesError> {
    let mv = game.parse_move(text)?;
    let played = PlayedMove {
        text: game.move_text(mv),
        shown: game.move_shown(mv),
        squares: game.move_squares(mv),
    };
    game.play(mv)?;
    Ok(played)
}

/// A Chesimals message's actions as one played move: the texts joined by spaces, the unit
/// moves as a trail. A caption leaves out a plain closing `end` (the caption says whose move
/// comes next), unless it is all the message did.
fn chesimals_played(actions: &[chesimals::PlayedAction]) -> PlayedMove {
    let trail: Vec<(Square, Square)> = actions
        .iter()
        .filter_map(|action| match action.mv {
            chesimals::Move::Unit { from, to, .. } => Some((from, to)),
            chesimals::Move::End { .. } | chesimals::Move::Pass => None,
        })
        .collect();
    let text = actions
        .iter()
        .map(|action| action.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let moved: Vec<&str> = actions
        .iter()
        .filter(|action| action.mv != chesimals::Move::End { promote: None })
        .map(|action| action.text.as_str())
        .collect();
    let shown = if moved.is_empty() {
        text.clone()
    } else {
        moved.join(" ")
    };
    PlayedMove {
        shown,
        text,
        squares: MoveSquares::from_trail(&trail),
    }
}

/// `start` gives seed 0; `start:SEED` gives SEED; anything else is not a start text.
fn parse_start(text: &str) -> Result<Option<u64>, RulesError> {
    let lower = text.to_ascii_lowercase();
    if lower == "start" {
        return Ok(Some(0));
    }
    match lower.strip_prefix("start:") {
        Some(seed) => seed
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| RulesError::new("position-bad-seed").arg("seed", quote(seed))),
        None => Ok(None),
    }
}
