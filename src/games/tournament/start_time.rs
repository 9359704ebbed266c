//! When a tournament starts by itself: `start:18:00` or `start:"sat 18:00"` (UTC), read as
//! the next such moment after now.

use crate::games::Timestamp;
use crate::games::ambit::Date;
use crate::games::time_control::{DAY_MS, MINUTE_MS, day_of, day_start};

const WEEKDAYS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/// The weekday of day `day` since the epoch, Monday 0 (1970-01-01 was a Thursday).
fn weekday(day: i64) -> i64 {
    (day + 3).rem_euclid(7)
}

/// The next moment after `now` that `text` names: `hh:mm` (the next such time of day), or a
/// weekday and `hh:mm` (`sat 18:00`, `saturday 18:00`, `sat-18:00`), all UTC. `None` when
/// `text` names no time.
pub fn next_start(text: &str, now: Timestamp) -> Option<Timestamp> {
    let text = text.trim().trim_matches('"').to_lowercase();
    let mut words = text.split([' ', '-', ',']).filter(|w| !w.is_empty());
    let first = words.next()?;
    let (day_word, time) = match words.next() {
        Some(time) => (Some(first), time),
        None => (None, first),
    };
    if words.next().is_some() {
        return None;
    }
    let (hours, minutes) = time.split_once(':')?;
    let (hours, minutes): (i64, i64) = (hours.parse().ok()?, minutes.parse().ok()?);
    if !(0..24).contains(&hours) || !(0..60).contains(&minutes) || time.len() > 5 {
        return None;
    }
    let wanted = match day_word {
        None => None,
        Some(word) => Some(
            WEEKDAYS
                .iter()
                .position(|day| word.len() >= 3 && day.starts_with(&word[..3]))
                .filter(|_| word.chars().all(|c| c.is_ascii_alphabetic()))? as i64,
        ),
    };
    let at_minute = (hours * 60 + minutes) * MINUTE_MS;
    let today = day_of(now);
    (0..=7)
        .map(|ahead| today + ahead)
        .filter(|&day| wanted.is_none_or(|wanted| weekday(day) == wanted))
        .map(|day| day_start(day).plus(at_minute))
        .find(|&at| at > now)
}

/// A start as every language reads it: `2026-12-12 18:00 UTC`.
pub fn start_text(at: Timestamp) -> String {
    let day = day_of(at);
    let minute = (at.millis() - day * DAY_MS) / MINUTE_MS;
    let date = Date::from_days_since_epoch(day).map_or_else(String::new, |d| d.to_string());
    format!("{date} {:02}:{:02} UTC", minute / 60, minute % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-12-07 09:00 UTC, a Monday.
    const MONDAY_NINE: i64 = 1_796_634_000_000;

    #[test]
    fn a_time_is_the_next_one_and_a_weekday_its_next_day() {
        let now = Timestamp::from_millis(MONDAY_NINE);
        assert_eq!(start_text(now), "2026-12-07 09:00 UTC");
        let at = |text: &str| next_start(text, now).map(start_text);
        assert_eq!(at("18:00").as_deref(), Some("2026-12-07 18:00 UTC"));
        assert_eq!(at("08:30").as_deref(), Some("2026-12-08 08:30 UTC"));
        assert_eq!(at("\"sat 18:00\"").as_deref(), Some("2026-12-12 18:00 UTC"));
        assert_eq!(
            at("Saturday-18:00").as_deref(),
            Some("2026-12-12 18:00 UTC")
        );
        // Monday itself: later today, or a week on once the time has passed.
        assert_eq!(at("mon 10:00").as_deref(), Some("2026-12-07 10:00 UTC"));
        assert_eq!(at("mon 08:00").as_deref(), Some("2026-12-14 08:00 UTC"));
        for bad in [
            "",
            "25:00",
            "18:60",
            "someday 18:00",
            "sat",
            "sat 18:00 extra",
            "1:2:3",
        ] {
            assert_eq!(next_start(bad, now), None, "{bad}");
        }
    }
}
