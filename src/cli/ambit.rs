//! `kibitz ambit …`: the daily puzzle, the solver and the generator.

use super::Failure;
use super::position::explain;
use crate::games::ambit;

/// `kibitz ambit daily [--date]`: the daily puzzle of a UTC date (today by default).
pub fn daily(date: Option<String>) -> Result<(), Failure> {
    let date = match date {
        Some(text) => ambit::Date::parse(&text).map_err(|e| explain(&e))?,
        None => today_utc()?,
    };
    let puzzle = match std::env::var("KIBITZ_DAILY_SECRET") {
        Ok(text) if !text.trim().is_empty() => {
            // The value is never repeated back: it is a secret.
            let secret = ambit::DailySecret::from_hex(&text)
                .ok_or_else(|| Failure("KIBITZ_DAILY_SECRET is not 64 hex digits".to_string()))?;
            ambit::secret_daily_puzzle(date, ambit::daily_level(date), &secret)
        }
        _ => ambit::daily_puzzle(date),
    };
    println!("date={date} level={}", puzzle.level);
    println!("{}", puzzle.grade);
    println!("{}", puzzle.footprint);
    Ok(())
}

/// `kibitz ambit solve FOOTPRINT`: a minimal solution, then how many pieces and ways.
pub fn solve(footprint: &str) -> Result<(), Failure> {
    let footprint: ambit::Footprint = footprint.parse().map_err(|e| explain(&e))?;
    let solution = ambit::solve(footprint)
        .ok_or_else(|| explain(&crate::games::RulesError::new("ambit-unsolvable")))?;
    println!("{}", ambit::notation::placements_text(&solution.example));
    println!(
        "min={} solutions={}",
        solution.min_pieces, solution.solutions
    );
    Ok(())
}

/// `kibitz ambit new [--seed] [--level]`: a new puzzle.
pub fn new(seed: Option<u64>, level: Option<String>) -> Result<(), Failure> {
    let level = match level {
        Some(text) => ambit::Level::parse(&text).map_err(|e| explain(&e))?,
        None => ambit::Level::Medium,
    };
    let seed = seed.unwrap_or_else(random_seed);
    let puzzle = ambit::generate(seed, level);
    println!("seed={seed} level={level}");
    println!("{}", puzzle.grade);
    println!("{}", puzzle.footprint);
    Ok(())
}

/// Today's date in UTC, from the system clock.
fn today_utc() -> Result<ambit::Date, Failure> {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_err(|_| Failure("the system clock is before 1970".to_string()))?
        .as_secs();
    i64::try_from(seconds)
        .ok()
        .and_then(ambit::Date::from_unix_seconds)
        .ok_or_else(|| Failure("the system clock is out of range".to_string()))
}

/// A seed from the clock, for a puzzle nobody asked a seed for.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or_default(),
    );
    hasher.finish()
}
