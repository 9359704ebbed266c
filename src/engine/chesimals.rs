//! The search for Chesimals I, II and Critters (placeholder until the real search lands: a
//! random whole turn).

use super::{Budget, Level, Thought};
use crate::games::TwoPlayerGame;
use crate::games::chesimals::{Move, Position, Variant};
use crate::games::rng::SeededRng;

pub fn budget(_variant: Variant, level: Level) -> Budget {
    Budget {
        nodes: 1000 * u64::from(level.number()),
        depth: 1,
        noise: 0,
    }
}

/// A whole turn: unit moves, then the `End` (or a lone `Pass`).
pub fn search(position: &Position, _budget: &Budget, seed: u64) -> Option<Thought<Vec<Move>>> {
    let mut rng = SeededRng::new(seed);
    let side = position.side_to_move();
    let mut game = position.clone();
    let mut line = Vec::new();
    let mut moves = Vec::new();
    loop {
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        game.play_unchecked(mv);
        line.push(mv);
        if game.side_to_move() != side || game.status().is_over() {
            break;
        }
    }
    if line.is_empty() {
        return None;
    }
    Some(Thought {
        best: line,
        score: 0,
        nodes: 1,
        depth: 0,
    })
}
