//! The referee of the bench's stand-ins: how many requests a key may make in a sliding
//! window, as a platform's flood control counts them.
//!
//! A window of one second is counted over [`window`]`(1 s)` = 0.9 s: the bot paces itself
//! when it takes a place (`chat::pacing`, `discord::buckets`), and the request arrives here
//! some milliseconds later, a little more or less late each time; counted over the full
//! second, a stream paced exactly at the limit would meet 429s from that jitter alone. 100 ms
//! is far more jitter than loopback shows, and far less than Telegram or Discord forgive. No
//! burst beyond the limit is allowed: the bot's pacing sends none.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::time::{Duration, Instant};

/// How much shorter than its nominal length a window is counted (see the module's text).
pub const JITTER: Duration = Duration::from_millis(100);

/// A nominal window as the referee counts it.
pub fn window(nominal: Duration) -> Duration {
    nominal.saturating_sub(JITTER)
}

/// At most `limit` requests per key in any `span`.
pub struct Sliding<K> {
    limit: usize,
    span: Duration,
    times: HashMap<K, VecDeque<Instant>>,
}

impl<K: Eq + Hash + Clone> Sliding<K> {
    pub fn new(limit: usize, nominal: Duration) -> Self {
        Sliding {
            limit,
            span: window(nominal),
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

    /// Counts a request of `key` at `now` (after [`Sliding::wait`] said it may).
    pub fn record(&mut self, key: K, now: Instant) {
        self.times.entry(key).or_default().push_back(now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_gets_its_limit_per_window_less_the_jitter() {
        let mut sliding = Sliding::new(2, Duration::from_secs(1));
        let start = Instant::now();
        let at = |ms: u64| start + Duration::from_millis(ms);
        for ms in [0, 10] {
            assert_eq!(sliding.wait(&7, at(ms)), None);
            sliding.record(7, at(ms));
        }
        assert_eq!(sliding.wait(&7, at(20)), Some(Duration::from_millis(880)));
        assert_eq!(sliding.wait(&8, at(20)), None);
        assert_eq!(sliding.wait(&7, at(900)), None);
    }
}
