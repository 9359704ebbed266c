//! What one user may put into Kibitz and make it say: bounds applied at the service's edge,
//! before anything is stored, so every platform gets them.

use crate::bot::platform::Platform;
use crate::games::Timestamp;
use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

/// The longest line answered, in characters; a longer line gets one refusal.
pub(crate) const MAX_LINE_CHARS: usize = 2_000;
/// Display names and handles are stored cut to this many characters.
pub(crate) const MAX_NAME_CHARS: usize = 64;
/// The mentions of one line that are stored and used; further ones are ignored.
pub(crate) const MAX_MENTIONS: usize = 5;
/// What a reply quotes back of a user's words, at most.
pub(crate) const MAX_QUOTE_CHARS: usize = 32;
/// Any argument of a catalogue message, at most: a net under [`MAX_QUOTE_CHARS`] for texts
/// that are not plain quotes (names, nested sentences).
pub(crate) const MAX_ARG_CHARS: usize = 256;
/// A user's open challenges in one chat, at most.
pub(crate) const MAX_OPEN_CHALLENGES: usize = 5;
/// An open challenge nobody accepted expires after this long.
pub(crate) const CHALLENGE_LIFETIME_MS: i64 = 24 * 60 * 60 * 1000;
/// Rows of a `games` page.
pub(crate) const GAMES_PAGE: usize = 10;

/// Commands one platform user may send per [`RATE_WINDOW_MS`]; the bucket holds this many
/// and refills evenly over the window.
pub(crate) const RATE_COMMANDS: u32 = 30;
pub(crate) const RATE_WINDOW_MS: i64 = 10_000;

/// Arguments that quote what the user typed: cut to [`MAX_QUOTE_CHARS`].
const QUOTED_ARGS: &[&str] = &[
    "command",
    "handle",
    "seed",
    "text",
    "word",
    "language",
    "move",
    "footprint",
    "placement",
    "state",
    "date",
    "option",
    "options",
    "level",
    "field",
    "time",
];

/// `text` cut to `max` characters (on a character boundary), ending in `…` when cut.
pub(crate) fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some(_) => {
            let keep = text
                .char_indices()
                .nth(max.saturating_sub(1))
                .map_or(text.len(), |(at, _)| at);
            format!("{}…", &text[..keep])
        }
    }
}

/// A user's words as a reply may quote them.
pub(crate) fn quote(text: &str) -> String {
    cut(text, MAX_QUOTE_CHARS)
}

/// The value of message argument `name` as a reply may show it.
pub(crate) fn bound_arg(name: &str, value: String) -> String {
    let max = if QUOTED_ARGS.contains(&name) {
        MAX_QUOTE_CHARS
    } else {
        MAX_ARG_CHARS
    };
    if value.len() <= max {
        value
    } else {
        cut(&value, max)
    }
}

/// What the rate limit makes of one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Answer,
    /// The first line over the limit: one polite refusal.
    Refuse,
    /// Later lines of the same burst: dropped without a word.
    Drop,
}

/// A token bucket: what one user may still send.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bucket {
    /// Commands the user may still send, in thousandths.
    milli_tokens: i64,
    at: Timestamp,
    refused: bool,
}

/// A token bucket per platform user, kept in this process: each user's lines reach one
/// process only (Telegram's poller holds a lease; a Discord shard's events go to one
/// process; the console is one terminal), so a per-process count is the user's count.
#[derive(Debug, Default)]
pub(crate) struct RateLimiter {
    buckets: Mutex<HashMap<(Platform, String), Bucket>>,
}

/// Buckets kept before full (idle) ones are forgotten.
const MAX_BUCKETS: usize = 10_000;

impl Bucket {
    fn full(capacity: u32, now: Timestamp) -> Bucket {
        Bucket {
            milli_tokens: i64::from(capacity) * 1000,
            at: now,
            refused: false,
        }
    }

    /// Takes one command's token from a bucket of `capacity` that refills wholly over
    /// `refill_ms`.
    pub(crate) fn take(&mut self, capacity: u32, refill_ms: i64, now: Timestamp) -> Verdict {
        let full = i64::from(capacity) * 1000;
        let refill_ms = refill_ms.max(1);
        let elapsed = now.ms_since(self.at).clamp(0, refill_ms);
        self.milli_tokens = (self.milli_tokens + elapsed * full / refill_ms).min(full);
        self.at = self.at.max(now);
        if self.milli_tokens == full {
            // The burst is over only once the user was quiet long enough to refill the
            // bucket: a line answered on a token that trickled back in the middle of a flood
            // does not earn the flood a second refusal.
            self.refused = false;
        }
        if self.milli_tokens >= 1000 {
            self.milli_tokens -= 1000;
            Verdict::Answer
        } else if self.refused {
            Verdict::Drop
        } else {
            self.refused = true;
            Verdict::Refuse
        }
    }
}

/// `key`'s bucket in `buckets`, made full the first time; idle (full again) buckets are
/// forgotten once there are [`MAX_BUCKETS`], which changes nothing.
pub(crate) fn take_from<K: std::hash::Hash + Eq>(
    buckets: &Mutex<HashMap<K, Bucket>>,
    key: K,
    capacity: u32,
    refill_ms: i64,
    now: Timestamp,
) -> Verdict {
    let mut buckets = buckets.lock().unwrap_or_else(PoisonError::into_inner);
    if buckets.len() >= MAX_BUCKETS {
        buckets.retain(|_, b| now.ms_since(b.at) < refill_ms);
    }
    buckets
        .entry(key)
        .or_insert_with(|| Bucket::full(capacity, now))
        .take(capacity, refill_ms, now)
}

impl RateLimiter {
    pub(crate) fn check(&self, platform: Platform, user: &str, now: Timestamp) -> Verdict {
        take_from(
            &self.buckets,
            (platform, user.to_string()),
            RATE_COMMANDS,
            RATE_WINDOW_MS,
            now,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut_keeps_short_texts_and_cuts_long_ones_on_a_character_boundary() {
        assert_eq!(cut("abc", 3), "abc");
        assert_eq!(cut("abcd", 3), "ab…");
        assert_eq!(cut("жжжж", 3), "жж…");
        assert_eq!(cut("🎉🎉🎉🎉🎉", 4).chars().count(), 4);
        assert_eq!(cut("", 0), "");
        assert_eq!(bound_arg("move", "x".repeat(65_536)).chars().count(), 32);
        assert_eq!(bound_arg("white", "x".repeat(65_536)).chars().count(), 256);
    }

    #[test]
    fn a_burst_over_the_limit_is_refused_once_then_dropped_until_the_bucket_refills() {
        let limiter = RateLimiter::default();
        let now = Timestamp::from_millis(1_000_000);
        for _ in 0..RATE_COMMANDS {
            assert_eq!(limiter.check(Platform::Telegram, "7", now), Verdict::Answer);
        }
        assert_eq!(limiter.check(Platform::Telegram, "7", now), Verdict::Refuse);
        assert_eq!(limiter.check(Platform::Telegram, "7", now), Verdict::Drop);
        assert_eq!(
            limiter.check(Platform::Telegram, "7", now.plus(1)),
            Verdict::Drop
        );
        // Others are not held up by one user's burst.
        assert_eq!(limiter.check(Platform::Telegram, "8", now), Verdict::Answer);
        assert_eq!(limiter.check(Platform::Discord, "7", now), Verdict::Answer);
        // One command's worth of time later, one more line is answered; the flood goes on
        // and is not refused a second time.
        let later = now.plus(RATE_WINDOW_MS / i64::from(RATE_COMMANDS) + 1);
        assert_eq!(
            limiter.check(Platform::Telegram, "7", later),
            Verdict::Answer
        );
        assert_eq!(limiter.check(Platform::Telegram, "7", later), Verdict::Drop);
        // A whole window later the bucket is full again: the burst is over, and the next
        // one is refused once.
        let much_later = later.plus(RATE_WINDOW_MS);
        for _ in 0..RATE_COMMANDS {
            assert_eq!(
                limiter.check(Platform::Telegram, "7", much_later),
                Verdict::Answer
            );
        }
        assert_eq!(
            limiter.check(Platform::Telegram, "7", much_later),
            Verdict::Refuse
        );
    }

    /// 1,000 lines from one user, one every 2 ms (a flood over 2 s): one refusal in all, and
    /// the lines the refilling bucket allows are answered.
    #[test]
    fn a_long_flood_is_refused_once() {
        let limiter = RateLimiter::default();
        let verdicts: Vec<Verdict> = (0..1000)
            .map(|i| {
                limiter.check(
                    Platform::Telegram,
                    "7",
                    Timestamp::from_millis(1_000_000 + i * 2),
                )
            })
            .collect();
        let count = |v: Verdict| verdicts.iter().filter(|&&x| x == v).count();
        assert_eq!(count(Verdict::Refuse), 1);
        // 30 at once, then one per 333 ms over the 2 s.
        assert_eq!(count(Verdict::Answer), 30 + 5);
    }
}
