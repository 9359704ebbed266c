//! Round robin pairings: Berger's tables, by the circle method.
//!
//! The players sit at a table's places 0..m-1 (m the field rounded up to even; the extra
//! place is the bye). The last place stays put; the others move one place down each round.
//! Place k plays place m-1-k. At the places that move, the odd places have White, so a
//! player alternates as they move down, except once in the cycle when they pass the fixed
//! place; the fixed place alternates round by round. So nobody has one colour three games in
//! a row, and everyone's whites and blacks differ by at most one. A double round robin plays
//! the cycle again backwards with the colours swapped.

use super::{EntrantId, Pairing, Round};

/// Round `round` (from 0) of a round robin of the `seeded` players (best seed first) in
/// `cycles` cycles: its games, and who has the bye in an odd field. `None` past the last
/// round.
pub fn round_robin_round(seeded: &[EntrantId], cycles: usize, round: usize) -> Option<Round> {
    let players = seeded.len();
    let places = players + players % 2;
    let per_cycle = places.checked_sub(1)?;
    if per_cycle == 0 || round >= per_cycle * cycles {
        return None;
    }
    let cycle = round / per_cycle;
    // The second cycle runs backwards, so its first round is the first cycle's last with the
    // colours swapped: nobody gets a colour a third time across the seam.
    let turn = match cycle % 2 {
        0 => round % per_cycle,
        _ => per_cycle - 1 - round % per_cycle,
    };
    let fixed = places - 1;
    let at = |place: usize| {
        if place == fixed {
            fixed
        } else {
            (place + turn) % per_cycle
        }
    };
    let mut result = Round::default();
    for place in 0..places / 2 {
        let (a, b) = (at(place), at(places - 1 - place));
        // Place 0 meets the fixed place, whose colour alternates by round; elsewhere the odd
        // place has White (of k and m-1-k exactly one is odd).
        let a_white = if place == 0 {
            turn % 2 == 1
        } else {
            place % 2 == 1
        };
        let a_white = a_white != (cycle % 2 == 1);
        let (white, black) = if a_white { (a, b) } else { (b, a) };
        match (seeded.get(white), seeded.get(black)) {
            (Some(&white), Some(&black)) => result.games.push(Pairing { white, black }),
            (Some(&sits_out), None) | (None, Some(&sits_out)) => result.bye = Some(sits_out),
            (None, None) => {}
        }
    }
    Some(result)
}
