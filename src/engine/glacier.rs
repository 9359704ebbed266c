//! The search for glacier (placeholder until the real search lands: a random legal move).

use super::{Budget, Level, Thought};
use crate::games::TwoPlayerGame;
use crate::games::glacier::{Move, Position};
use crate::games::rng::SeededRng;

pub fn budget(level: Level) -> Budget {
    Budget {
        nodes: 1000 * u64::from(level.number()),
        depth: u32::from(level.number()),
        noise: 0,
    }
}

pub fn search(position: &Position, _budget: &Budget, seed: u64) -> Option<Thought<Move>> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    if moves.is_empty() {
        return None;
    }
    let best = moves[SeededRng::new(seed).below(moves.len() as u64) as usize];
    Some(Thought {
        best,
        score: 0,
        nodes: 1,
        depth: 0,
    })
}
