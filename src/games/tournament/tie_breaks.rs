//! A tournament's standings: points, then Buchholz with the lowest opponent cut, then
//! Sonneborn-Berger.
//!
//! A bye counts as a game won against an opponent with no points: it gives its 2 half
//! points, adds a zero to the Buchholz list (which the cut then usually drops) and nothing
//! to Sonneborn-Berger. A withdrawn player's finished games stand for their opponents.

use super::{EntrantId, HalfPoints};
use crate::games::Side;
use std::collections::HashMap;

/// A finished game of the tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    pub white: EntrantId,
    pub black: EntrantId,
    /// `None` for a draw.
    pub winner: Option<Side>,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    pub id: EntrantId,
    pub points: HalfPoints,
    /// The opponents' points less the lowest, in halves.
    pub buchholz: HalfPoints,
    /// The beaten opponents' points and half the drawn ones', in quarters.
    pub sonneborn_berger: u32,
    /// Games played, byes not counted.
    pub games: u32,
}

/// The standings of `entrants` after `games` and `byes` (one entry a bye given), best
/// first; equal on every tie-break, the lower id first.
pub fn standings(
    entrants: &[EntrantId],
    games: &[PlayedGame],
    byes: &[EntrantId],
) -> Vec<Standing> {
    let mut points: HashMap<EntrantId, HalfPoints> = entrants.iter().map(|&id| (id, 0)).collect();
    for game in games {
        let (white, black) = match game.winner {
            Some(Side::White) => (2, 0),
            Some(Side::Black) => (0, 2),
            None => (1, 1),
        };
        *points.entry(game.white).or_default() += white;
        *points.entry(game.black).or_default() += black;
    }
    for bye in byes {
        *points.entry(*bye).or_default() += 2;
    }
    let mut lines: Vec<Standing> = entrants
        .iter()
        .map(|&id| {
            let mut met: Vec<HalfPoints> = Vec::new();
            let mut sonneborn_berger = 0;
            let mut played = 0;
            for game in games {
                let (opponent, side) = if game.white == id {
                    (game.black, Side::White)
                } else if game.black == id {
                    (game.white, Side::Black)
                } else {
                    continue;
                };
                played += 1;
                let theirs = points.get(&opponent).copied().unwrap_or(0);
                met.push(theirs);
                sonneborn_berger += match game.winner {
                    Some(winner) if winner == side => 2 * theirs,
                    Some(_) => 0,
                    None => theirs,
                };
            }
            met.extend(byes.iter().filter(|&&bye| bye == id).map(|_| 0));
            let lowest = met.iter().copied().min().unwrap_or(0);
            Standing {
                id,
                points: points.get(&id).copied().unwrap_or(0),
                buchholz: met.iter().sum::<HalfPoints>() - lowest,
                sonneborn_berger,
                games: played,
            }
        })
        .collect();
    lines.sort_by(|a, b| {
        (b.points, b.buchholz, b.sonneborn_berger)
            .cmp(&(a.points, a.buchholz, a.sonneborn_berger))
            .then(a.id.cmp(&b.id))
    });
    lines
}
