//! Colours in a Swiss: what a player's history demands of the next game, what it would
//! like, and how a pair's colours fall.
//!
//! The rule (absolute while any pairing keeps it): after a game a player's whites and
//! blacks differ by at most 2, and nobody has one colour three games in a row. Beyond the
//! rule a player would like the colour they had less of (strongly), or the other one than
//! last time (mildly).

use crate::games::Side;

/// How much a player wants a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Strength {
    /// The other colour than last time, with whites and blacks even.
    Mild = 1,
    /// The colour they had less of.
    Strong = 2,
}

/// What a player's history asks of their next game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Due {
    /// The colour the rule leaves them, if it leaves only one.
    must: Option<Side>,
    wants: Option<(Side, Strength)>,
}

/// The next game's due of a player who had `colours`, in order.
pub(super) fn due(colours: &[Side]) -> Due {
    let whites = colours.iter().filter(|&&c| c == Side::White).count() as i64;
    let difference = whites - (colours.len() as i64 - whites);
    let last_two = match colours {
        [.., a, b] if a == b => Some(*a),
        _ => None,
    };
    let must = if difference >= 2 || last_two == Some(Side::White) {
        Some(Side::Black)
    } else if difference <= -2 || last_two == Some(Side::Black) {
        Some(Side::White)
    } else {
        None
    };
    let wants = match difference {
        d if d > 0 => Some((Side::Black, Strength::Strong)),
        d if d < 0 => Some((Side::White, Strength::Strong)),
        _ => colours.last().map(|c| (c.opposite(), Strength::Mild)),
    };
    Due { must, wants }
}

/// How a pair's colours fall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Allocation {
    /// Whether the higher-ranked player of the pair has White.
    pub first_white: bool,
    /// Players given the colour the rule forbids them (0 while the rule can be kept).
    pub breaks: u32,
    /// The strength of the wishes left unmet.
    pub unmet: u32,
}

/// The colours of `first` (the higher-ranked) against `second`: the rule kept if it can
/// be, then the most wished-for colours given, then the higher-ranked player's wish; when
/// neither wishes anything, `first_white_if_free` decides (boards alternate in round 1).
pub(super) fn allocate(first: Due, second: Due, first_white_if_free: bool) -> Allocation {
    let cost = |first_white: bool| {
        let (first_has, second_has) = if first_white {
            (Side::White, Side::Black)
        } else {
            (Side::Black, Side::White)
        };
        let breaks = [(first, first_has), (second, second_has)]
            .iter()
            .filter(|(due, has)| due.must.is_some_and(|must| must != *has))
            .count() as u32;
        let unmet: u32 = [(first, first_has), (second, second_has)]
            .iter()
            .filter_map(|(due, has)| due.wants.filter(|(side, _)| side != has))
            .map(|(_, strength)| strength as u32)
            .sum();
        let first_pleased = first.wants.is_some_and(|(side, _)| side == first_has);
        let allocation = Allocation {
            first_white,
            breaks,
            unmet,
        };
        (allocation, first_pleased)
    };
    let (white, black) = (cost(true), cost(false));
    let key = |(allocation, first_pleased): (Allocation, bool), free: bool| {
        (
            allocation.breaks,
            allocation.unmet,
            !first_pleased,
            allocation.first_white != free,
        )
    };
    if key(white, first_white_if_free) <= key(black, first_white_if_free) {
        white.0
    } else {
        black.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Side::{Black as B, White as W};

    #[test]
    fn the_rule_forbids_a_third_colour_in_a_row_and_a_difference_over_two() {
        assert_eq!(due(&[W, W]).must, Some(B));
        assert_eq!(due(&[B, W, B, B]).must, Some(W));
        assert_eq!(due(&[W, B, W, W, B, W]).must, Some(B), "two whites more");
        assert_eq!(due(&[W, B]).must, None);
        assert_eq!(due(&[]).must, None);
    }

    #[test]
    fn the_wishes_are_balance_first_then_alternation() {
        assert_eq!(due(&[W]).wants, Some((B, Strength::Strong)));
        assert_eq!(due(&[W, B]).wants, Some((W, Strength::Mild)));
        assert_eq!(due(&[]).wants, None);
    }

    #[test]
    fn a_pair_gets_the_rule_then_the_wishes_then_the_higher_ranked_wish() {
        // Both had White last: the one who must have Black gets it.
        let a = allocate(due(&[B, W]), due(&[W, W]), true);
        assert_eq!((a.first_white, a.breaks), (true, 0));
        // Opposite wishes: both met.
        let a = allocate(due(&[W]), due(&[B]), true);
        assert_eq!((a.first_white, a.unmet), (false, 0));
        // The same mild wish: the higher-ranked player's is met.
        let a = allocate(due(&[W, B]), due(&[W, B]), false);
        assert_eq!((a.first_white, a.unmet), (true, 1));
        // No wishes: the board's turn decides.
        assert!(allocate(due(&[]), due(&[]), true).first_white);
        assert!(!allocate(due(&[]), due(&[]), false).first_white);
        // Both must have Black: one breaks the rule.
        assert_eq!(allocate(due(&[W, W]), due(&[W, W]), true).breaks, 1);
    }
}
