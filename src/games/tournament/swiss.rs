//! Swiss pairings by maximum-weight matching.
//!
//! Every pair of players (and each player with the bye, in an odd field) is an edge whose
//! weight says how good that game would be; the blossom algorithm finds the pairing of
//! greatest total weight over the whole field at once, which a greedy pass down the score
//! groups cannot (it paints itself into corners and has to backtrack). The weight is a base
//! for the game existing, less penalties in tiers so far apart that a tier always outweighs
//! everything below it, summed over any pairing (docs/rulings.md lists them):
//! 1. everyone paired: the base (a pairing of more games always weighs more);
//! 2. no rematch, and no second bye;
//! 3. the colour rule (a difference of at most 2, never three in a row);
//! 4. the score groups: the squared difference of the two players' points (a bye counts as
//!    a game against a player with no points, so the lowest score gets it);
//! 5. the colour wishes met;
//! 6. within a score group, the top half meets the bottom half (1 v 5, 2 v 6 in a group of
//!    eight), and the bye goes to the lowest-ranked.

use super::colours::{Allocation, allocate, due};
use super::{Entrant, Pairing, Round};
use integer_blossom::max_weight_matching;

// The tiers' units. With at most 1,000 players (500 games) and points under 100 halves,
// each unit is above the largest sum the tiers below it can reach over a whole pairing:
// tier 6 is at most 1,000 a game (5 * 10^5), tier 5 at most 4 units a game (2 * 10^9), tier
// 4 at most 10^4 units a game (5 * 10^16), tier 3 at most 2 units a game (10^23), tier 2 at
// most 1 unit a game or bye (5 * 10^26). The total stays under 10^31, far inside i128.
const RANK: i128 = 1;
const WISH: i128 = 1_000_000;
const SCORE: i128 = 10_000_000_000;
const COLOUR_RULE: i128 = 100_000_000_000_000_000_000;
const REMATCH: i128 = COLOUR_RULE * 10_000;
const BASE: i128 = REMATCH * 10_000;

/// The next round's pairings of `entrants` (the players still in: withdrawn players are
/// left out by the caller). Boards are in rank order: points, then seeding, then id.
pub fn pair_swiss(entrants: &[Entrant]) -> Round {
    let mut order: Vec<&Entrant> = entrants.iter().collect();
    order.sort_by(|a, b| {
        (b.points, b.rating)
            .cmp(&(a.points, a.rating))
            .then(a.id.cmp(&b.id))
    });
    let players = order.len();
    // Each player's place within their score group, and the group's size.
    let mut group_place = vec![(0usize, 0usize); players];
    let mut start = 0;
    while start < players {
        let end = (start..players)
            .find(|&i| order[i].points != order[start].points)
            .unwrap_or(players);
        for (place, slot) in group_place[start..end].iter_mut().enumerate() {
            *slot = (place, end - start);
        }
        start = end;
    }
    let dues: Vec<_> = order.iter().map(|e| due(&e.colours)).collect();
    let with_bye = players % 2 == 1;
    let vertices = players + usize::from(with_bye);
    let mut weight = vec![0i128; vertices * vertices];
    for i in 0..players {
        for j in i + 1..players {
            let (a, b) = (order[i], order[j]);
            let mut penalty = 0;
            if a.opponents.contains(&b.id) {
                penalty += REMATCH;
            }
            let colours = allocate(dues[i], dues[j], true);
            penalty += COLOUR_RULE * i128::from(colours.breaks);
            let difference = i128::from(a.points.abs_diff(b.points));
            penalty += SCORE * difference * difference;
            penalty += WISH * i128::from(colours.unmet);
            let ((place_a, size), (place_b, _)) = (group_place[i], group_place[j]);
            if a.points == b.points {
                let ideal = (size / 2) as i128;
                penalty += RANK * ((place_b as i128 - place_a as i128) - ideal).abs();
            }
            weight[i * vertices + j] = BASE - penalty;
        }
        if with_bye {
            let e = order[i];
            let mut penalty = if e.had_bye { REMATCH } else { 0 };
            let points = i128::from(e.points);
            penalty += SCORE * points * points;
            penalty += RANK * (players - 1 - i) as i128;
            weight[i * vertices + players] = BASE - penalty;
        }
    }
    let mates = max_weight_matching(&weight, vertices);
    let mut round = Round::default();
    let mut boards: Vec<(usize, usize)> = Vec::new();
    for (i, mate) in mates.iter().enumerate().take(players) {
        match *mate {
            Some(j) if j == players => round.bye = Some(order[i].id),
            Some(j) if j > i => boards.push((i, j)),
            _ => {}
        }
    }
    boards.sort_unstable();
    for (board, (i, j)) in boards.into_iter().enumerate() {
        let Allocation { first_white, .. } = allocate(dues[i], dues[j], board % 2 == 0);
        let (white, black) = if first_white { (i, j) } else { (j, i) };
        round.games.push(Pairing {
            white: order[white].id,
            black: order[black].id,
        });
    }
    round
}
