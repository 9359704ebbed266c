//! Standings: Glicko-2 ratings (through the `skillratings` crate), AMBIT streaks and the
//! ordering of leaderboards. Pure functions; the store keeps the numbers, the bot shows them.

use crate::games::ambit::{Date, Weekday};
use crate::games::{Outcome, Side};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// A player's Glicko-2 rating on the familiar scale (1500 ± 350 for a newcomer).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        let fresh = Glicko2Rating::new();
        Rating {
            rating: fresh.rating,
            deviation: fresh.deviation,
            volatility: fresh.volatility,
        }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Self {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Self {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// White's and Black's new ratings after one game (each game is its own rating period).
pub fn rate_game(white: Rating, black: Rating, outcome: Outcome) -> (Rating, Rating) {
    let result = match outcome.winner {
        Some(Side::White) => Outcomes::WIN,
        Some(Side::Black) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (white, black) = glicko2(&white.into(), &black.into(), &result, &Glicko2Config::new());
    (white.into(), black.into())
}

/// The new ratings of two sides of one rated contest that `winner` won (a player against a
/// puzzle: solving it is the player's win), as [`rate_game`] with White winning.
pub fn rate_win(winner: Rating, loser: Rating) -> (Rating, Rating) {
    let (winner, loser) = glicko2(
        &winner.into(),
        &loser.into(),
        &Outcomes::WIN,
        &Glicko2Config::new(),
    );
    (winner.into(), loser.into())
}

/// The time window of a leaderboard, in UTC days.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Period {
    /// Since Monday of the current week.
    Week,
    /// Since the first of the current month.
    Month,
    All,
}

impl Period {
    pub const fn name(self) -> &'static str {
        match self {
            Period::Week => "week",
            Period::Month => "month",
            Period::All => "all",
        }
    }

    pub fn parse(text: &str) -> Option<Period> {
        match text.to_lowercase().as_str() {
            "week" | "weekly" | "w" => Some(Period::Week),
            "month" | "monthly" | "m" => Some(Period::Month),
            "all" | "ever" | "alltime" | "all-time" => Some(Period::All),
            _ => None,
        }
    }

    /// The first day the period counts, for `today`; `None` for all time.
    pub fn first_day(self, today: Date) -> Option<Date> {
        match self {
            Period::Week => {
                let back = match today.weekday() {
                    Weekday::Monday => 0,
                    Weekday::Tuesday => 1,
                    Weekday::Wednesday => 2,
                    Weekday::Thursday => 3,
                    Weekday::Friday => 4,
                    Weekday::Saturday => 5,
                    Weekday::Sunday => 6,
                };
                Date::from_days_since_epoch(today.days_since_epoch() - back)
            }
            Period::Month => Date::new(today.year(), today.month(), 1),
            Period::All => None,
        }
    }
}

/// A player's current and longest run of consecutive UTC days with a solved daily.
///
/// `solved_days` are day numbers (days since 1970-01-01) in any order. The current streak
/// still stands when its last day is yesterday: today's daily may not be played yet.
pub fn streaks(solved_days: &[i64], today: i64) -> (u32, u32) {
    let mut days = solved_days.to_vec();
    days.sort_unstable();
    days.dedup();
    let mut longest = 0u32;
    let mut run = 0u32;
    let mut previous: Option<i64> = None;
    for &day in &days {
        run = match previous {
            Some(p) if day == p + 1 => run + 1,
            _ => 1,
        };
        longest = longest.max(run);
        previous = Some(day);
    }
    let current = match previous {
        Some(last) if last == today || last == today - 1 => run,
        _ => 0,
    };
    (current, longest)
}

/// One player's AMBIT dailies in a leaderboard's period.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AmbitStanding {
    pub user_id: i64,
    pub name: String,
    pub played: u32,
    pub solved: u32,
    pub stars: u32,
    /// Summed time of the solved dailies, in milliseconds.
    pub solve_time_ms: i64,
    pub best_time_ms: Option<i64>,
    pub current_streak: u32,
    pub longest_streak: u32,
}

impl AmbitStanding {
    /// Solved dailies as a whole percentage of those played.
    pub fn solve_rate(&self) -> u32 {
        (self.solved * 100).checked_div(self.played).unwrap_or(0)
    }
}

/// Most stars first; equal stars: less total time first, then more solved, then the name.
pub fn rank_ambit(standings: &mut [AmbitStanding]) {
    standings.sort_by(|a, b| {
        b.stars
            .cmp(&a.stars)
            .then(a.solve_time_ms.cmp(&b.solve_time_ms))
            .then(b.solved.cmp(&a.solved))
            .then(a.name.to_lowercase().cmp(&b.name.to_lowercase()))
            .then(a.user_id.cmp(&b.user_id))
    });
}

/// One player's record in a two-player game within a community.
#[derive(Clone, Debug, PartialEq)]
pub struct GameStanding {
    pub user_id: i64,
    pub name: String,
    pub rating: Rating,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// Highest rating first; equal ratings: more games, then the name.
pub fn rank_games(standings: &mut [GameStanding]) {
    standings.sort_by(|a, b| {
        b.rating
            .rating
            .total_cmp(&a.rating.rating)
            .then((b.wins + b.draws + b.losses).cmp(&(a.wins + a.draws + a.losses)))
            .then(a.name.to_lowercase().cmp(&b.name.to_lowercase()))
            .then(a.user_id.cmp(&b.user_id))
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::EndReason;

    #[test]
    fn a_win_moves_both_ratings_by_the_same_amount_from_equal_starts() {
        let (white, black) = rate_game(
            Rating::default(),
            Rating::default(),
            Outcome::win(Side::White, EndReason::Resignation),
        );
        assert!(white.rating > 1500.0 && black.rating < 1500.0);
        assert!(((white.rating - 1500.0) - (1500.0 - black.rating)).abs() < 1e-6);
        assert!(white.deviation < 350.0 && black.deviation < 350.0);
        let (white, black) = rate_game(
            Rating::default(),
            Rating::default(),
            Outcome::draw(EndReason::Agreement),
        );
        assert!((white.rating - 1500.0).abs() < 1e-6 && (black.rating - 1500.0).abs() < 1e-6);
        // Glickman's paper example on this scale: a 1500 beating a 1500, both RD 350, gains
        // about 162 points (the crate's documented figure).
        let (winner, _) = rate_game(
            Rating::default(),
            Rating::default(),
            Outcome::win(Side::White, EndReason::NoMoves),
        );
        assert_eq!(winner.rating.round(), 1662.0);
    }

    #[test]
    fn streaks_count_consecutive_solved_days_and_survive_until_tomorrow() {
        assert_eq!(streaks(&[], 100), (0, 0));
        assert_eq!(streaks(&[98, 99, 100], 100), (3, 3));
        assert_eq!(streaks(&[98, 99], 100), (2, 2));
        // Missing yesterday breaks the current streak; the longest stays.
        assert_eq!(streaks(&[90, 91, 92, 93, 98], 100), (0, 4));
        assert_eq!(streaks(&[90, 91, 92, 93, 99, 100], 100), (2, 4));
        assert_eq!(streaks(&[100, 99, 99, 98], 100), (3, 3));
    }

    #[test]
    fn periods_start_on_monday_and_on_the_first() {
        let sunday = Date::new(2026, 11, 29).unwrap();
        assert_eq!(Period::Week.first_day(sunday), Date::new(2026, 11, 23));
        assert_eq!(Period::Month.first_day(sunday), Date::new(2026, 11, 1));
        assert_eq!(Period::All.first_day(sunday), None);
        let monday = Date::new(2026, 11, 30).unwrap();
        assert_eq!(Period::Week.first_day(monday), Some(monday));
        assert_eq!(Period::parse("Month"), Some(Period::Month));
        assert_eq!(Period::parse("year"), None);
    }

    #[test]
    fn equal_stars_are_ranked_by_time() {
        let standing = |id: i64, stars: u32, time: i64| AmbitStanding {
            user_id: id,
            name: format!("p{id}"),
            played: 1,
            solved: 1,
            stars,
            solve_time_ms: time,
            ..AmbitStanding::default()
        };
        let mut table = vec![standing(1, 2, 50), standing(2, 3, 90), standing(3, 3, 60)];
        rank_ambit(&mut table);
        let order: Vec<i64> = table.iter().map(|s| s.user_id).collect();
        assert_eq!(order, vec![3, 2, 1]);
        assert_eq!(table[0].solve_rate(), 100);
        assert_eq!(AmbitStanding::default().solve_rate(), 0);
    }
}
