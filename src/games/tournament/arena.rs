//! Arena tournaments: a player who finishes a game waits to be paired again at once, with
//! someone near their score; points come with a streak bonus and, for a player who halves
//! their own clock (berserk), one more for a win.
//!
//! The scoring is lichess's arena's: a win 2, a draw 1, a loss 0; after two wins in a row,
//! each further win counts double (4) and a draw counts double (2), until a game is not won.

use super::colours::{allocate, due};
use super::{EntrantId, Pairing};
use crate::games::Side;

/// A player waiting for an arena game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArenaWaiting {
    pub id: EntrantId,
    pub points: u32,
    pub rating: i32,
    /// The colours of their games so far, in order.
    pub colours: Vec<Side>,
    /// Who they played last: not paired with again at once while another can be.
    pub last_opponent: Option<EntrantId>,
}

/// How a player's arena game ended for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaResult {
    /// `Some(true)` won, `Some(false)` lost, `None` drawn.
    pub won: Option<bool>,
    /// Whether they played it berserk (half their clock).
    pub berserk: bool,
}

/// A player's arena points after `results`, in order.
pub fn arena_points(results: &[ArenaResult]) -> u32 {
    let mut points = 0;
    let mut wins_in_a_row = 0;
    for result in results {
        let on_fire = wins_in_a_row >= 2;
        let base = match result.won {
            Some(true) => 2,
            None => 1,
            Some(false) => 0,
        };
        points += if on_fire { 2 * base } else { base };
        if result.won == Some(true) && result.berserk {
            points += 1;
        }
        wins_in_a_row = if result.won == Some(true) {
            wins_in_a_row + 1
        } else {
            0
        };
    }
    points
}

/// Whether a player with `results` (in order) is on fire: their last two games won, so
/// their next counts double.
pub fn on_fire(results: &[ArenaResult]) -> bool {
    results.len() >= 2
        && results[results.len() - 2..]
            .iter()
            .all(|result| result.won == Some(true))
}

/// Pairs the `waiting` players: by points (then rating), each with the next one down,
/// skipping over their last opponent when someone else is waiting. One is left waiting in
/// an odd number, the lowest who could not be paired.
pub fn pair_arena(waiting: &[ArenaWaiting]) -> Vec<Pairing> {
    let mut queue: Vec<&ArenaWaiting> = waiting.iter().collect();
    queue.sort_by(|a, b| {
        (b.points, b.rating)
            .cmp(&(a.points, a.rating))
            .then(a.id.cmp(&b.id))
    });
    let mut games = Vec::new();
    while queue.len() >= 2 {
        let first = queue.remove(0);
        let fresh = queue.iter().position(|other| {
            first.last_opponent != Some(other.id) && other.last_opponent != Some(first.id)
        });
        // Only a rematch is left: better a rematch than nobody to play.
        let partner = queue.remove(fresh.unwrap_or(0));
        let colours = allocate(
            due(&first.colours),
            due(&partner.colours),
            games.len() % 2 == 0,
        );
        let (white, black) = if colours.first_white {
            (first.id, partner.id)
        } else {
            (partner.id, first.id)
        };
        games.push(Pairing { white, black });
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(won: Option<bool>) -> ArenaResult {
        ArenaResult {
            won,
            berserk: false,
        }
    }

    #[test]
    fn two_wins_in_a_row_set_the_next_ones_on_fire_until_a_game_is_not_won() {
        let (w, d, l) = (result(Some(true)), result(None), result(Some(false)));
        assert_eq!(arena_points(&[w, w]), 4);
        assert_eq!(arena_points(&[w, w, w]), 8);
        assert_eq!(arena_points(&[w, w, d]), 6, "a draw on fire counts 2");
        assert_eq!(arena_points(&[w, w, d, w]), 8, "the draw put the fire out");
        // 2 + 2, the loss 0, then 2 + 2 and 4 on fire.
        assert_eq!(arena_points(&[w, w, l, w, w, w]), 12);
        let berserk_win = ArenaResult {
            won: Some(true),
            berserk: true,
        };
        assert_eq!(arena_points(&[berserk_win]), 3);
        let berserk_loss = ArenaResult {
            won: Some(false),
            berserk: true,
        };
        assert_eq!(arena_points(&[berserk_loss]), 0);
    }

    fn waiting(id: EntrantId, points: u32, last: Option<EntrantId>) -> ArenaWaiting {
        ArenaWaiting {
            id,
            points,
            last_opponent: last,
            ..ArenaWaiting::default()
        }
    }

    #[test]
    fn players_meet_the_nearest_score_but_not_their_last_opponent_while_another_waits() {
        let queue = [
            waiting(1, 10, Some(2)),
            waiting(2, 9, Some(1)),
            waiting(3, 8, None),
            waiting(4, 2, None),
            waiting(5, 1, None),
        ];
        let games = pair_arena(&queue);
        let pairs: Vec<(i64, i64)> = games
            .iter()
            .map(|g| (g.white.min(g.black), g.white.max(g.black)))
            .collect();
        // 1 skips 2 (their last game) for 3; 2 then meets 4; 5 waits.
        assert_eq!(pairs, vec![(1, 3), (2, 4)]);
        // Two who just played each other and nobody else: they play again.
        let again = pair_arena(&queue[..2]);
        assert_eq!(again.len(), 1);
    }
}
