//! The daily puzzle: one per UTC date, the same for everyone.
//!
//! - The public seed (the command line's daily without a secret) is the SplitMix64 output for
//!   `DAILY_SALT ^ days`, where `days` counts the days from 1970-01-01 (so neighbouring dates
//!   get unrelated random streams).
//! - A deployment's daily mixes its [`DailySecret`] in: the seed is the first eight bytes of
//!   HMAC-SHA256(secret, `kibitz daily` ‖ days), so nobody without the secret can make
//!   tomorrow's puzzle today.
//! - The level follows the weekday: Monday and Tuesday easy, Wednesday and Thursday medium,
//!   Friday and Saturday hard, Sunday medium.
//!
//! The service stores a daily the first time it is made; this module only derives it, so a
//! later change of the generator changes the dailies not yet stored and nothing else.

use super::generator::{Level, Puzzle, generate};
use crate::games::RulesError;
use crate::games::rng::SeededRng;
use hmac::digest::KeyInit;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::fmt;
use std::str::FromStr;

/// Mixed into every daily seed, so the dailies differ from `kibitz ambit new --seed DAYS`.
pub const DAILY_SALT: u64 = 0x414D_4249_545F_4441; // "AMBIT_DA"

/// A deployment's secret, mixed into its daily seeds (and into nothing anyone else can read).
/// Its `Debug` shows nothing of it.
#[derive(Clone, PartialEq, Eq)]
pub struct DailySecret([u8; DailySecret::LEN]);

impl DailySecret {
    /// Bytes in a secret; its text is twice as many hex digits.
    pub const LEN: usize = 32;

    pub const fn from_bytes(bytes: [u8; DailySecret::LEN]) -> Self {
        DailySecret(bytes)
    }

    /// A new secret from the operating system's random source.
    pub fn random() -> Result<Self, getrandom::Error> {
        let mut bytes = [0; DailySecret::LEN];
        getrandom::getrandom(&mut bytes)?;
        Ok(DailySecret(bytes))
    }

    /// Reads the secret's text: 64 hex digits (surrounding space ignored).
    pub fn from_hex(text: &str) -> Option<Self> {
        let text = text.trim();
        if text.len() != 2 * DailySecret::LEN || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let mut bytes = [0; DailySecret::LEN];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
        }
        Some(DailySecret(bytes))
    }

    /// The secret's text, as stored and as `KIBITZ_DAILY_SECRET` takes it.
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// HMAC-SHA256 of `parts` under the secret, each part preceded by its length (so that
    /// no two lists of parts run together into the same input).
    pub fn mac(&self, parts: &[&[u8]]) -> [u8; 32] {
        // HMAC pads a short key with zeros to the hash's block (64 bytes); padded here, the
        // key has the block's length and the constructor cannot fail.
        let mut key = [0; 64];
        key[..DailySecret::LEN].copy_from_slice(&self.0);
        let mut mac = <Hmac<Sha256> as KeyInit>::new(&key.into());
        for part in parts {
            mac.update(&(part.len() as u64).to_le_bytes());
            mac.update(part);
        }
        mac.finalize().into_bytes().into()
    }
}

impl fmt::Debug for DailySecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DailySecret(..)")
    }
}

/// A calendar date (proleptic Gregorian), years 1 to 9999.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    year: i32,
    month: u8,
    day: u8,
}

/// The weekdays, Monday first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weekday {
    Monday,
    Tuesday,
    Wednesday,
    Thursday,
    Friday,
    Saturday,
    Sunday,
}

const fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

const fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Date {
    /// The date, if it exists (years 1 to 9999).
    pub fn new(year: i32, month: u8, day: u8) -> Option<Date> {
        ((1..=9999).contains(&year)
            && (1..=12).contains(&month)
            && day >= 1
            && day <= days_in_month(year, month))
        .then_some(Date { year, month, day })
    }

    pub fn year(self) -> i32 {
        self.year
    }

    pub fn month(self) -> u8 {
        self.month
    }

    pub fn day(self) -> u8 {
        self.day
    }

    /// Days since 1970-01-01 (negative before it): Howard Hinnant's `days_from_civil`.
    pub fn days_since_epoch(self) -> i64 {
        let month = i64::from(self.month);
        let year = i64::from(self.year) - i64::from(month <= 2);
        let era = year.div_euclid(400);
        let year_of_era = year - era * 400;
        let day_of_year = (153 * ((month + 9) % 12) + 2) / 5 + i64::from(self.day) - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        era * 146_097 + day_of_era - 719_468
    }

    /// The date `days` after 1970-01-01 (`civil_from_days`), if within years 1 to 9999.
    pub fn from_days_since_epoch(days: i64) -> Option<Date> {
        let z = days.checked_add(719_468)?;
        let era = z.div_euclid(146_097);
        let day_of_era = z - era * 146_097;
        let year_of_era =
            (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let mp = (5 * day_of_year + 2) / 153;
        let day = day_of_year - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        Date::new(i32::try_from(year).ok()?, month as u8, day as u8)
    }

    /// The UTC date at `seconds` after 1970-01-01T00:00:00Z.
    pub fn from_unix_seconds(seconds: i64) -> Option<Date> {
        Date::from_days_since_epoch(seconds.div_euclid(86_400))
    }

    pub fn weekday(self) -> Weekday {
        // 1970-01-01 was a Thursday.
        match (self.days_since_epoch() + 3).rem_euclid(7) {
            0 => Weekday::Monday,
            1 => Weekday::Tuesday,
            2 => Weekday::Wednesday,
            3 => Weekday::Thursday,
            4 => Weekday::Friday,
            5 => Weekday::Saturday,
            _ => Weekday::Sunday,
        }
    }

    /// The next day, if within years 1 to 9999.
    pub fn succ(self) -> Option<Date> {
        Date::from_days_since_epoch(self.days_since_epoch() + 1)
    }

    /// Reads `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Result<Date, RulesError> {
        let malformed =
            || RulesError::new("ambit-date-malformed").arg("date", crate::games::quote(text));
        let text = text.trim();
        let parts: Vec<&str> = text.split('-').collect();
        let [year, month, day] = parts.as_slice() else {
            return Err(malformed());
        };
        let digits =
            |part: &str, len: usize| part.len() == len && part.bytes().all(|b| b.is_ascii_digit());
        if !digits(year, 4) || !digits(month, 2) || !digits(day, 2) {
            return Err(malformed());
        }
        let (Ok(year), Ok(month), Ok(day)) = (year.parse(), month.parse(), day.parse()) else {
            return Err(malformed());
        };
        Date::new(year, month, day).ok_or_else(malformed)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for Date {
    type Err = RulesError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Date::parse(text)
    }
}

/// The generator seed of the daily of `date`.
pub fn daily_seed(date: Date) -> u64 {
    SeededRng::new(DAILY_SALT ^ date.days_since_epoch() as u64).next_u64()
}

/// The level of the daily of `date`, by weekday (see the module notes).
pub fn daily_level(date: Date) -> Level {
    match date.weekday() {
        Weekday::Monday | Weekday::Tuesday => Level::Easy,
        Weekday::Wednesday | Weekday::Thursday | Weekday::Sunday => Level::Medium,
        Weekday::Friday | Weekday::Saturday => Level::Hard,
    }
}

/// The daily puzzle of `date`.
pub fn daily_puzzle(date: Date) -> Puzzle {
    daily_puzzle_at(date, daily_level(date))
}

/// The daily of `date` at a chosen level, for channels that fix their level; at the
/// weekday's level it is [`daily_puzzle`].
pub fn daily_puzzle_at(date: Date, level: Level) -> Puzzle {
    generate(daily_seed(date), level)
}

/// The generator seed of a deployment's daily of `date` (see the module notes).
pub fn secret_daily_seed(date: Date, secret: &DailySecret) -> u64 {
    let mac = secret.mac(&[b"kibitz daily", &date.days_since_epoch().to_le_bytes()]);
    let mut seed = [0; 8];
    seed.copy_from_slice(&mac[..8]);
    u64::from_le_bytes(seed)
}

/// A deployment's daily of `date` at `level`: what its bot serves, and what the command line
/// makes when given the same secret.
pub fn secret_daily_puzzle(date: Date, level: Level, secret: &DailySecret) -> Puzzle {
    generate(secret_daily_seed(date, secret), level)
}
