//! Dates, weekdays, the daily puzzle of a date, deployment secrets.

use super::*;

#[test]
fn dates_count_days_like_a_naive_calendar() {
    let mut date = Date::new(1970, 1, 1).unwrap();
    for days in 0..(366 * 150) {
        assert_eq!(date.days_since_epoch(), days, "{date}");
        assert_eq!(Date::from_days_since_epoch(days), Some(date));
        // The naive successor.
        let (y, m, d) = (date.year(), date.month(), date.day());
        let next = Date::new(y, m, d + 1)
            .or_else(|| Date::new(y, m + 1, 1))
            .or_else(|| Date::new(y + 1, 1, 1))
            .unwrap();
        assert_eq!(date.succ(), Some(next));
        date = next;
    }
    assert_eq!(Date::new(1969, 12, 31).unwrap().days_since_epoch(), -1);
    assert_eq!(Date::new(2000, 3, 1).unwrap().days_since_epoch(), 11_017);
    assert_eq!(Date::from_unix_seconds(-1), Date::new(1969, 12, 31));
    assert_eq!(
        Date::from_unix_seconds(1_800_000_000),
        Date::new(2027, 1, 15)
    );
}

#[test]
fn weekdays_and_the_level_schedule() {
    assert_eq!(Date::new(1970, 1, 1).unwrap().weekday(), Weekday::Thursday);
    assert_eq!(Date::new(2027, 1, 1).unwrap().weekday(), Weekday::Friday);
    assert_eq!(Date::new(2026, 6, 1).unwrap().weekday(), Weekday::Monday);
    let week: Vec<Level> = (1..=7)
        .map(|d| daily_level(Date::new(2026, 6, d).unwrap()))
        .collect();
    use Level::*;
    assert_eq!(week, [Easy, Easy, Medium, Medium, Hard, Hard, Medium]);
}

#[test]
fn dates_parse_strictly() {
    assert_eq!(
        Date::parse(" 2027-02-28 "),
        Ok(Date::new(2027, 2, 28).unwrap())
    );
    assert_eq!(Date::parse("2028-02-29").unwrap().to_string(), "2028-02-29");
    for text in [
        "",
        "2027-02-29",
        "2027-2-28",
        "27-02-28",
        "2027-13-01",
        "2027-00-10",
        "2027-01-32",
        "0000-01-01",
        "2027/01/01",
        "2027-01-01-01",
        "+027-01-01",
        "２０２７-01-01",
    ] {
        assert_eq!(
            Date::parse(text).unwrap_err().key,
            "ambit-date-malformed",
            "{text}"
        );
    }
}

#[test]
fn the_daily_depends_on_the_date_alone() {
    let date = Date::new(2027, 3, 14).unwrap();
    let puzzle = daily_puzzle(date);
    assert_eq!(daily_puzzle(date), puzzle);
    assert_eq!(puzzle.level, daily_level(date));
    assert_ne!(daily_seed(date), daily_seed(date.succ().unwrap()));
    assert_eq!(daily_puzzle(date).footprint.to_string(), PINNED_DAILY);
}

#[test]
fn a_deployment_secret_makes_its_own_dailies() {
    let date = Date::new(2027, 3, 14).unwrap();
    let level = daily_level(date);
    let one = DailySecret::from_bytes([1; DailySecret::LEN]);
    let two = DailySecret::from_bytes([2; DailySecret::LEN]);
    let puzzle = secret_daily_puzzle(date, level, &one);
    assert_eq!(
        secret_daily_puzzle(date, level, &one),
        puzzle,
        "reproducible"
    );
    assert_eq!(puzzle.level, level);
    assert_ne!(
        puzzle.footprint,
        daily_puzzle(date).footprint,
        "not the public one"
    );
    assert_ne!(
        puzzle.footprint,
        secret_daily_puzzle(date, level, &two).footprint,
        "another secret, another puzzle"
    );
    assert_ne!(
        secret_daily_seed(date, &one),
        secret_daily_seed(date.succ().unwrap(), &one)
    );
    assert!(solver::solve(puzzle.footprint).is_some());
}

#[test]
fn a_daily_secret_reads_its_own_text_and_shows_nothing() {
    let secret = DailySecret::random().unwrap();
    let text = secret.to_hex();
    assert_eq!(text.len(), 64);
    assert_eq!(
        DailySecret::from_hex(&format!(" {text}\n")),
        Some(secret.clone())
    );
    assert_ne!(DailySecret::random().unwrap(), secret, "random");
    assert_eq!(format!("{secret:?}"), "DailySecret(..)");
    for bad in [
        "",
        "abc",
        &text[1..],
        &format!("{}g", &text[1..]),
        "é".repeat(32).as_str(),
    ] {
        assert_eq!(DailySecret::from_hex(bad), None, "{bad}");
    }
}

const PINNED_DAILY: &str =
    "..####../...#.#../..####../########/###.####/...#.#.#/...#.#../...#.#..";

#[test]
fn every_daily_of_2027_is_solvable_and_fits_its_level() {
    let mut date = Date::new(2027, 1, 1).unwrap();
    let mut seen = BTreeSet::new();
    while date.year() == 2027 {
        let puzzle = daily_puzzle(date);
        assert!(puzzle.footprint.len() <= generator::MAX_SQUARES);
        let solution = solver::solve(puzzle.footprint).expect("solvable");
        assert_eq!(Grade::of(&solution), puzzle.grade);
        assert_eq!(puzzle.grade.level(), Some(daily_level(date)));
        assert!(is_solution(puzzle.footprint, &solution.example));
        seen.insert(puzzle.footprint);
        date = date.succ().unwrap();
    }
    assert_eq!(seen.len(), 365, "no two dailies of a year alike");
}
