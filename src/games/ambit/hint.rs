//! A hint: one placement of a minimal solution that the player has not made. It completes
//! what they placed to a minimal solution where that can still be done; where a placed piece
//! stands in no minimal solution with the others, the hint completes as many of the placed
//! pieces as it can (in the order they were placed), so it never points outside a minimal
//! solution.

use super::footprint::bit;
use super::solver::{complete, solve};
use super::{Game, Placement};

/// The next placement to make, or `None` when the puzzle is solved or no minimal solution
/// has a placement left on an empty square.
pub fn hint(game: &Game) -> Option<Placement> {
    if game.is_solved() {
        return None;
    }
    let footprint = game.footprint();
    let solution = solve(footprint)?;
    let placed = game.placements();
    // Pieces that stand in no minimal solution cannot be part of one; the others are kept
    // while a minimal solution still holds them all. The squares of the pieces not kept are
    // taken: the rest of the solution must stand elsewhere.
    let mut kept: Vec<Placement> = placed
        .iter()
        .copied()
        .filter(|p| solution.useful.contains(p))
        .collect();
    loop {
        let kept_squares = kept.iter().fold(0, |bits, p| bits | bit(p.square));
        let blocked = game.occupied() & !kept_squares;
        if let Some(minimal) = complete(footprint, &kept, blocked, solution.min_pieces) {
            let mut open: Vec<Placement> = minimal
                .into_iter()
                .filter(|p| game.piece_on(p.square).is_none())
                .collect();
            // The same hint for the same position, whatever order the search found.
            open.sort_by_key(|p| p.to_string());
            if let Some(first) = open.into_iter().next() {
                return Some(first);
            }
        }
        if kept.pop().is_none() {
            break;
        }
    }
    // No minimal solution avoids the squares taken: any placement of one, on an empty square.
    solution
        .useful
        .iter()
        .copied()
        .filter(|p| game.piece_on(p.square).is_none())
        .min_by_key(|p| p.to_string())
}
