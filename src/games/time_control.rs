//! Time controls and game clocks, pure: what a challenge's `time:` word means, how a move
//! charges the mover's clock, when the side to move runs out and when it is reminded.
//!
//! Two kinds, as correspondence and live chess servers have them:
//! - **correspondence** (`3d`): each move has the same number of days; the clock starts anew
//!   with every move and nothing carries over;
//! - **live** (`10m+5s`): minutes for the whole game, each side's bank, plus an increment
//!   added after each of its moves (Fischer).
//!
//! Instants are [`Timestamp`]s, from the service's clock; spans (a bank, a move's time, an
//! increment) are `i64` milliseconds, counted in the units below.

use crate::games::{Side, Timestamp};

pub const SECOND_MS: i64 = 1_000;
pub const MINUTE_MS: i64 = 60 * SECOND_MS;
pub const HOUR_MS: i64 = 60 * MINUTE_MS;
pub const DAY_MS: i64 = 24 * HOUR_MS;

/// The number of the UTC day `at` falls on: whole days since the epoch, rounded down also
/// before it (the day a finished game's result is counted on).
pub const fn day_of(at: Timestamp) -> i64 {
    at.millis().div_euclid(DAY_MS)
}

/// The minute of the UTC day `at` falls in (0-1439): what a chat's daily post time is.
pub const fn minute_of_day(at: Timestamp) -> i64 {
    at.millis().rem_euclid(DAY_MS) / MINUTE_MS
}

/// The instant UTC day number `day` ([`day_of`]) begins: where a day's window of instants
/// starts (saturating, as instants do).
pub const fn day_start(day: i64) -> Timestamp {
    Timestamp::from_millis(day.saturating_mul(DAY_MS))
}

/// Days a move a correspondence game may give.
pub const CORRESPONDENCE_DAYS: std::ops::RangeInclusive<i64> = 1..=14;
/// Minutes a side a live game may give.
pub const LIVE_MINUTES: std::ops::RangeInclusive<i64> = 1..=180;
/// Seconds of increment a live game may give.
pub const INCREMENT_SECONDS: std::ops::RangeInclusive<i64> = 0..=60;

/// How long a game gives its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// `days` for each move.
    Correspondence { days: i64 },
    /// `minutes` for the whole game, `increment` seconds more after each move.
    Live { minutes: i64, increment: i64 },
}

/// Why a `time:` word was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    #[error("not a time control")]
    Unreadable,
    #[error("days a move out of range")]
    Days,
    #[error("minutes out of range")]
    Minutes,
    #[error("increment out of range")]
    Increment,
}

impl TimeControl {
    /// The default of a game between two people in a chat.
    pub const DEFAULT: TimeControl = TimeControl::Correspondence { days: 3 };

    /// A typed time control: `none` (no clock, `Ok(None)`), `3d`, `10m`, `10m+5s` (also
    /// `10+5`, minutes and seconds, as live servers write it).
    pub fn parse(text: &str) -> Result<Option<TimeControl>, TimeControlError> {
        let text = text.trim().to_ascii_lowercase();
        if matches!(text.as_str(), "none" | "off" | "no" | "unlimited") {
            return Ok(None);
        }
        let number = |digits: &str| -> Result<i64, TimeControlError> {
            if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit())
            {
                return Err(TimeControlError::Unreadable);
            }
            digits.parse().map_err(|_| TimeControlError::Unreadable)
        };
        if let Some(days) = text.strip_suffix('d') {
            let days = number(days)?;
            if !CORRESPONDENCE_DAYS.contains(&days) {
                return Err(TimeControlError::Days);
            }
            return Ok(Some(TimeControl::Correspondence { days }));
        }
        let (minutes, increment) = match text.split_once('+') {
            Some((minutes, increment)) => (minutes, Some(increment)),
            None => (text.as_str(), None),
        };
        let minutes = number(minutes.strip_suffix('m').unwrap_or(minutes))?;
        let increment = match increment {
            Some(increment) => number(increment.strip_suffix('s').unwrap_or(increment))?,
            // A bare number without its unit could be days or minutes: say which.
            None if !text.ends_with('m') => return Err(TimeControlError::Unreadable),
            None => 0,
        };
        if !LIVE_MINUTES.contains(&minutes) {
            return Err(TimeControlError::Minutes);
        }
        if !INCREMENT_SECONDS.contains(&increment) {
            return Err(TimeControlError::Increment);
        }
        Ok(Some(TimeControl::Live { minutes, increment }))
    }

    /// The stored and shown text, which [`TimeControl::parse`] reads back: `3d`, `10m+5s`.
    pub fn text(self) -> String {
        match self {
            TimeControl::Correspondence { days } => format!("{days}d"),
            TimeControl::Live {
                minutes,
                increment: 0,
            } => format!("{minutes}m"),
            TimeControl::Live { minutes, increment } => format!("{minutes}m+{increment}s"),
        }
    }

    pub fn is_correspondence(self) -> bool {
        matches!(self, TimeControl::Correspondence { .. })
    }

    /// Each side's time when the game starts (a live game's bank; a correspondence move's).
    pub fn initial_ms(self) -> i64 {
        match self {
            TimeControl::Correspondence { days } => days * DAY_MS,
            TimeControl::Live { minutes, .. } => minutes * MINUTE_MS,
        }
    }

    fn increment_ms(self) -> i64 {
        match self {
            TimeControl::Correspondence { .. } => 0,
            TimeControl::Live { increment, .. } => increment * SECOND_MS,
        }
    }
}

/// A game's clocks: the time each side has at the start of its turn, and since when the side
/// to move has been thinking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    pub control: TimeControl,
    pub white_ms: i64,
    pub black_ms: i64,
    /// When the turn of the side to move began.
    pub turn_since: Timestamp,
}

/// The side to move had no time left when it moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flagged;

impl Clocks {
    /// The clocks of a game that starts at `now`.
    pub fn start(control: TimeControl, now: Timestamp) -> Clocks {
        Clocks {
            control,
            white_ms: control.initial_ms(),
            black_ms: control.initial_ms(),
            turn_since: now,
        }
    }

    /// The time `side` has at the start of its turn.
    pub fn bank(&self, side: Side) -> i64 {
        match side {
            Side::White => self.white_ms,
            Side::Black => self.black_ms,
        }
    }

    fn bank_mut(&mut self, side: Side) -> &mut i64 {
        match side {
            Side::White => &mut self.white_ms,
            Side::Black => &mut self.black_ms,
        }
    }

    /// When `to_move` runs out of time if it does not move.
    pub fn deadline(&self, to_move: Side) -> Timestamp {
        self.turn_since.plus(self.bank(to_move))
    }

    /// The time `to_move` has left at `now` (never below zero).
    pub fn left(&self, to_move: Side, now: Timestamp) -> i64 {
        self.deadline(to_move).ms_since(now).max(0)
    }

    /// When `to_move` is reminded: with a quarter of its move's time left, in correspondence
    /// games only (a live game's players are watching it).
    pub fn reminder(&self, to_move: Side) -> Option<Timestamp> {
        self.control
            .is_correspondence()
            .then(|| self.deadline(to_move).minus(self.bank(to_move) / 4))
    }

    /// `mover` finished its turn at `now`: its time used is charged (a live bank keeps the
    /// rest plus the increment; a correspondence move's time starts anew) and the other
    /// side's turn begins. `Flagged` when the mover's time had run out first.
    pub fn after_move(&self, mover: Side, now: Timestamp) -> Result<Clocks, Flagged> {
        let left = self.deadline(mover).ms_since(now);
        if left <= 0 {
            return Err(Flagged);
        }
        let mut next = *self;
        *next.bank_mut(mover) = match self.control {
            TimeControl::Correspondence { .. } => self.control.initial_ms(),
            TimeControl::Live { .. } => left.saturating_add(self.control.increment_ms()),
        };
        next.turn_since = now;
        Ok(next)
    }

    /// The clocks with `side`'s time halved (an arena player going berserk before their
    /// first move): its bank, and so its deadline when it is its turn.
    pub fn berserk(&self, side: Side) -> Clocks {
        let mut next = *self;
        *next.bank_mut(side) = self.bank(side) / 2;
        next
    }

    /// The clocks with `pause_ms` added to `side`'s current turn (a vacation).
    pub fn paused(&self, pause_ms: i64) -> Clocks {
        Clocks {
            turn_since: self.turn_since.plus(pause_ms),
            ..*self
        }
    }
}

/// How long a vacation from `from` to `until` stands still a turn that began at
/// `turn_since`: the part of the vacation after the turn began.
pub fn paused_by(turn_since: Timestamp, from: Timestamp, until: Timestamp) -> i64 {
    until.ms_since(from.max(turn_since)).max(0)
}

/// A time left, split for saying: whole days and hours, hours and minutes, or minutes and
/// seconds, whichever is the largest pair that is not zero at its head.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeLeft {
    DaysHours(i64, i64),
    HoursMinutes(i64, i64),
    MinutesSeconds(i64, i64),
}

impl TimeLeft {
    /// `ms` rounded down to the unit said last.
    pub fn of(ms: i64) -> TimeLeft {
        let ms = ms.max(0);
        if ms >= DAY_MS {
            TimeLeft::DaysHours(ms / DAY_MS, ms % DAY_MS / HOUR_MS)
        } else if ms >= HOUR_MS {
            TimeLeft::HoursMinutes(ms / HOUR_MS, ms % HOUR_MS / MINUTE_MS)
        } else {
            TimeLeft::MinutesSeconds(ms / MINUTE_MS, ms % MINUTE_MS / SECOND_MS)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_minute_of_the_day_is_utc_and_wraps_before_the_epoch_too() {
        let at = |ms| minute_of_day(Timestamp::from_millis(ms));
        assert_eq!(at(0), 0);
        assert_eq!(
            at(DAY_MS * 3 + 9 * HOUR_MS + 30 * MINUTE_MS + 59_999),
            9 * 60 + 30
        );
        assert_eq!(at(DAY_MS - 1), 1439);
        assert_eq!(at(-1), 1439);
    }

    /// The instant `ms` after the epoch.
    fn at(ms: i64) -> Timestamp {
        Timestamp::from_millis(ms)
    }

    #[test]
    fn time_controls_read_as_typed_and_write_back() {
        let cases = [
            ("3d", TimeControl::Correspondence { days: 3 }),
            ("14D", TimeControl::Correspondence { days: 14 }),
            (
                "1m",
                TimeControl::Live {
                    minutes: 1,
                    increment: 0,
                },
            ),
            (
                "10m+5s",
                TimeControl::Live {
                    minutes: 10,
                    increment: 5,
                },
            ),
            (
                "10+5",
                TimeControl::Live {
                    minutes: 10,
                    increment: 5,
                },
            ),
        ];
        for (text, control) in cases {
            assert_eq!(TimeControl::parse(text), Ok(Some(control)), "{text}");
            assert_eq!(TimeControl::parse(&control.text()), Ok(Some(control)));
        }
        assert_eq!(TimeControl::parse("none"), Ok(None));
    }

    #[test]
    fn out_of_range_and_unreadable_time_controls_say_which() {
        use TimeControlError::*;
        let cases = [
            ("0d", Days),
            ("15d", Days),
            ("0m", Minutes),
            ("181m", Minutes),
            ("5m+61s", Increment),
            ("5", Unreadable),
            ("", Unreadable),
            ("d", Unreadable),
            ("3x", Unreadable),
            ("-3d", Unreadable),
            ("99999999999999999999d", Unreadable),
            ("5m+", Unreadable),
            ("+5s", Unreadable),
        ];
        for (text, error) in cases {
            assert_eq!(TimeControl::parse(text), Err(error), "{text}");
        }
    }

    #[test]
    fn a_correspondence_move_gets_its_days_anew_and_a_reminder_at_a_quarter_left() {
        let control = TimeControl::Correspondence { days: 4 };
        let clocks = Clocks::start(control, at(1_000));
        assert_eq!(clocks.deadline(Side::White), at(1_000 + 4 * DAY_MS));
        assert_eq!(clocks.reminder(Side::White), Some(at(1_000 + 3 * DAY_MS)));
        let later = 1_000 + 3 * DAY_MS + 5;
        let next = clocks.after_move(Side::White, at(later)).unwrap();
        assert_eq!(next.white_ms, 4 * DAY_MS, "nothing carries over");
        assert_eq!(next.deadline(Side::Black), at(later + 4 * DAY_MS));
        assert_eq!(
            clocks.after_move(Side::White, at(1_000 + 4 * DAY_MS)),
            Err(Flagged)
        );
    }

    #[test]
    fn a_live_bank_keeps_its_rest_and_gains_the_increment() {
        let control = TimeControl::Live {
            minutes: 1,
            increment: 5,
        };
        let clocks = Clocks::start(control, at(0));
        assert_eq!(clocks.reminder(Side::White), None);
        let next = clocks.after_move(Side::White, at(20 * SECOND_MS)).unwrap();
        assert_eq!(next.white_ms, 45 * SECOND_MS);
        assert_eq!(next.black_ms, MINUTE_MS);
        assert_eq!(next.deadline(Side::Black), at(80 * SECOND_MS));
        assert_eq!(next.left(Side::Black, at(30 * SECOND_MS)), 50 * SECOND_MS);
        assert_eq!(next.left(Side::Black, at(99 * SECOND_MS)), 0);
        assert_eq!(
            next.after_move(Side::Black, at(80 * SECOND_MS)),
            Err(Flagged)
        );
    }

    #[test]
    fn a_day_is_counted_from_the_epoch_rounding_down() {
        assert_eq!(day_of(at(0)), 0);
        assert_eq!(day_of(at(DAY_MS - 1)), 0);
        assert_eq!(day_of(at(3 * DAY_MS + 7)), 3);
        assert_eq!(day_of(at(-1)), -1);
        assert_eq!(day_start(3), at(3 * DAY_MS));
        assert_eq!(day_of(day_start(3)), 3);
        assert_eq!(day_of(day_start(3).minus(1)), 2);
        assert_eq!(day_start(i64::MAX).millis(), i64::MAX);
    }

    #[test]
    fn times_left_are_split_into_the_largest_pair() {
        assert_eq!(
            TimeLeft::of(2 * DAY_MS + 23 * HOUR_MS + 59 * MINUTE_MS),
            TimeLeft::DaysHours(2, 23)
        );
        assert_eq!(
            TimeLeft::of(5 * HOUR_MS + 7 * MINUTE_MS),
            TimeLeft::HoursMinutes(5, 7)
        );
        assert_eq!(
            TimeLeft::of(9 * MINUTE_MS + 42 * SECOND_MS + 999),
            TimeLeft::MinutesSeconds(9, 42)
        );
        assert_eq!(TimeLeft::of(-5), TimeLeft::MinutesSeconds(0, 0));
    }

    #[test]
    fn a_vacation_stands_still_only_the_turn_it_overlaps() {
        // Taken during the turn: all of it.
        assert_eq!(paused_by(at(100), at(150), at(250)), 100);
        // The turn began during the vacation: the rest of it.
        assert_eq!(paused_by(at(200), at(150), at(250)), 50);
        // Over before the turn began: nothing.
        assert_eq!(paused_by(at(300), at(150), at(250)), 0);
    }

    proptest! {
        /// Over any run of moves in time, a live bank is what it started with, less the time
        /// used, plus an increment a move; nobody's clock goes below zero; and a move is
        /// refused exactly when it comes at or after the deadline.
        #[test]
        fn live_banks_add_up(
            minutes in 1i64..=180,
            increment in 0i64..=60,
            thinks in proptest::collection::vec(0i64..200_000, 1..40),
        ) {
            let control = TimeControl::Live { minutes, increment };
            let mut clocks = Clocks::start(control, at(0));
            let mut now = at(0);
            let mut used = [0i64; 2];
            let mut moves = [0i64; 2];
            let mut side = Side::White;
            for think in thinks {
                let deadline = clocks.deadline(side);
                now = now.plus(think);
                match clocks.after_move(side, now) {
                    Ok(next) => {
                        prop_assert!(now < deadline);
                        let i = usize::from(side == Side::Black);
                        used[i] += think;
                        moves[i] += 1;
                        prop_assert_eq!(
                            next.bank(side),
                            control.initial_ms() - used[i] + moves[i] * increment * SECOND_MS
                        );
                        prop_assert!(next.bank(side) > 0);
                        clocks = next;
                        side = side.opposite();
                    }
                    Err(Flagged) => {
                        prop_assert!(now >= deadline);
                        prop_assert_eq!(clocks.left(side, now), 0);
                        break;
                    }
                }
            }
        }
    }
}
