//! Computer opponents: one search per game family, pure, synchronous and deterministic for a
//! given seed (node budgets, never clocks). Like the rules core it imports nothing of the
//! bot, the renderer or the store.
//!
//! - `level`: levels 1-8 and the budget each family gives them.
//! - `glacier`, `knight_fight`, `chesimals`: the searches.
//! - `table`: the transposition table the Glacier and Knight Fight searches keep, one copy
//!   generic over what an entry stores.
//! - [`think`] / [`random_choice`]: any game's move as a player would type it.

pub mod analysis;
pub mod arena;
pub mod chesimals;
pub mod glacier;
pub mod knight_fight;
mod level;
pub mod puzzle;
mod table;

#[cfg(test)]
mod tests;

pub use level::{Budget, Level};

use crate::games::rng::SeededRng;
use crate::games::{AnyGame, TwoPlayerGame};

/// What one search found: the move, what the engine thinks of the position and how hard it
/// looked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought<M> {
    pub best: M,
    /// The position's value for the side to move, in hundredths of the family's unit (a pawn,
    /// a Knight Fight point, a Chesimals guard); positive is good for the mover. Mate and
    /// forced results are beyond [`WON`].
    pub score: i32,
    pub nodes: u64,
    /// The deepest completed iteration (plies; Chesimals: whole turns).
    pub depth: u32,
}

/// Scores at or beyond this are forced results (mate, a won Knight Fight ending).
pub const WON: i32 = 1_000_000;

/// The engine's choice in a game of any kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move as a player types it, for [`AnyGame::play_text`]: a Glacier move in SAN, a
    /// Knight Fight square (and its block), a whole Chesimals turn of actions joined by spaces.
    pub text: String,
    pub score: i32,
    pub nodes: u64,
    pub depth: u32,
}

/// The engine's move at `level`, or `None` when the game is over (or, in Chesimals, a turn
/// is already half played: the engine plays whole turns only).
pub fn think(position: &AnyGame, level: Level, seed: u64) -> Option<Choice> {
    match position {
        AnyGame::Glacier(game) => {
            let thought = glacier::search(game, &glacier::budget(level), seed)?;
            Some(choice_of(game, &[thought.best], &thought))
        }
        AnyGame::KnightFight(game) => {
            let thought = knight_fight::search(game, &knight_fight::budget(level), seed)?;
            Some(choice_of(game, &[thought.best], &thought))
        }
        AnyGame::Chesimals(game) => {
            if game.turn_in_progress() {
                return None;
            }
            let budget = chesimals::budget(game.variant(), level);
            let thought = chesimals::search(game, &budget, seed)?;
            Some(choice_of(game.as_ref(), &thought.best, &thought))
        }
    }
}

/// Whether the engine at `level` takes a draw offered in `position`: when its own search says
/// it is not ahead.
pub fn accepts_draw(position: &AnyGame, level: Level, seed: u64) -> bool {
    think(position, level, seed).is_some_and(|choice| choice.score <= 0)
}

/// A uniformly random legal move (Chesimals: random actions until the turn ends), the
/// match runner's `random` player and the floor every level must beat.
pub fn random_choice(position: &AnyGame, seed: u64) -> Option<Choice> {
    let mut rng = SeededRng::new(seed);
    match position {
        AnyGame::Glacier(game) => random_line(game, &mut rng, false),
        AnyGame::KnightFight(game) => random_line(game, &mut rng, false),
        AnyGame::Chesimals(game) => random_line(game.as_ref(), &mut rng, true),
    }
}

/// Random moves of the side to move: one, or (`whole_turn`) until the side to move changes.
fn random_line<G: TwoPlayerGame>(
    game: &G,
    rng: &mut SeededRng,
    whole_turn: bool,
) -> Option<Choice> {
    let side = game.side_to_move();
    let mut position = game.clone();
    let mut line = Vec::new();
    let mut moves = Vec::new();
    loop {
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        position.play_unchecked(mv);
        line.push(mv);
        if !whole_turn || position.side_to_move() != side || position.status().is_over() {
            break;
        }
    }
    if line.is_empty() {
        return None;
    }
    let thought = Thought {
        best: (),
        score: 0,
        nodes: line.len() as u64,
        depth: 0,
    };
    Some(choice_of(game, &line, &thought))
}

/// The typed text of `line` played from `game` (for [`AnyGame::play_text`]), each move
/// written in the position it is played from.
fn line_text<G: TwoPlayerGame>(game: &G, line: &[G::Move]) -> String {
    let mut position = game.clone();
    let mut texts = Vec::with_capacity(line.len());
    for &mv in line {
        texts.push(position.move_text(mv));
        position.play_unchecked(mv);
    }
    texts.join(" ")
}

/// The typed text of `line` played from `game`, each move written in the position it is
/// played from.
fn choice_of<G: TwoPlayerGame, T>(game: &G, line: &[G::Move], thought: &Thought<T>) -> Choice {
    Choice {
        text: line_text(game, line),
        score: thought.score,
        nodes: thought.nodes,
        depth: thought.depth,
    }
}
