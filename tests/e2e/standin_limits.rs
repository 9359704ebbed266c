//! The platforms' limits as the stand-ins enforce them: counts per key over sliding windows
//! (Telegram's limits, Discord's global one) and Discord's fixed per-route bucket windows.
//!
//! A sliding window of one second is counted over 0.9 s ([`JITTER`]): the bot paces itself
//! when it takes a place (`chat/pacing.rs`, `discord/buckets.rs`), and the request arrives
//! here a few milliseconds later, a little more or less late each time; counted over the full
//! second, a stream paced exactly at the limit would earn 429s from that jitter alone, and a
//! loaded test machine has far more of it than a real network's worth. No burst beyond the
//! limit is forgiven: the bot's pacing sends none (`Pacer` allows `chat_per_second` in any
//! second, and no more). Bucket windows need no such margin: the bot learns a bucket's reset
//! from an answer, after the stand-in set it, so it always waits a little longer.
//!
//! The bench's stand-ins (`src/cli/bench_delivery/`) have their own referee: the tests judge
//! the bot with code it does not ship.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::time::{Duration, Instant};

/// How much shorter than its nominal length a sliding window is counted.
pub const JITTER: Duration = Duration::from_millis(100);

/// At most `limit` requests per key in any window of `nominal` (less [`JITTER`]).
pub struct Sliding<K> {
    pub limit: usize,
    span: Duration,
    times: HashMap<K, VecDeque<Instant>>,
}

impl<K: Eq + Hash> Sliding<K> {
    pub fn new(limit: usize, nominal: Duration) -> Self {
        Sliding {
            limit,
            span: nominal.saturating_sub(JITTER),
            times: HashMap::new(),
        }
    }

    /// How long until `key` may make one more request at `now`; `None` when it may now.
    pub fn wait(&mut self, key: &K, now: Instant) -> Option<Duration> {
        let span = self.span;
        let times = self.times.get_mut(key)?;
        while times
            .front()
            .is_some_and(|&t| now.saturating_duration_since(t) >= span)
        {
            times.pop_front();
        }
        let oldest = times.len().checked_sub(self.limit).map(|i| times[i])?;
        Some((oldest + span).saturating_duration_since(now))
    }

    /// Counts a request of `key` at `now`.
    pub fn record(&mut self, key: K, now: Instant) {
        self.times.entry(key).or_default().push_back(now);
    }
}

/// One bucket window of Discord's: it starts with its first call and resets all at once.
#[derive(Clone, Copy, Debug)]
pub struct Window {
    pub limit: u32,
    pub used: u32,
    pub reset_at: Instant,
}

/// Discord's per-route buckets, each counted per major parameter.
#[derive(Default)]
pub struct Buckets {
    windows: HashMap<(String, String), Window>,
}

impl Buckets {
    /// The window of `bucket` for `major` at `now` (a fresh one when it was over), and
    /// whether one more call fits; the call is counted when it does.
    pub fn take(
        &mut self,
        bucket: &str,
        major: &str,
        (limit, length): (u32, Duration),
        now: Instant,
    ) -> (Window, bool) {
        let fresh = Window {
            limit,
            used: 0,
            reset_at: now + length,
        };
        let window = self
            .windows
            .entry((bucket.to_string(), major.to_string()))
            .or_insert(fresh);
        if window.reset_at <= now {
            *window = fresh;
        }
        let fits = window.used < window.limit;
        if fits {
            window.used += 1;
        }
        (*window, fits)
    }
}
