//! Pacing sends under a platform's published limits, so that flood control is the exception:
//! at most so many messages a second overall, a second per chat and a minute per group.
//!
//! teloxide's `Throttle` does the same, but when Telegram answers one chat with 429 it freezes
//! every chat until the wait is over; here a chat's flood control is waited out by that chat's
//! sends alone (see `telegram/send.rs`), and this only spaces what goes out.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const SECOND: Duration = Duration::from_secs(1);
const MINUTE: Duration = Duration::from_secs(60);

/// How many messages may go out in a window; Telegram's by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Across all chats, per second (Telegram: about 30).
    pub overall_per_second: u32,
    /// To one chat, per second (Telegram: about 1, short bursts tolerated).
    pub chat_per_second: u32,
    /// To one group, per minute (Telegram: 20).
    pub group_per_minute: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            overall_per_second: 30,
            chat_per_second: 1,
            group_per_minute: 20,
        }
    }
}

#[derive(Default)]
struct History {
    /// When each message of the last second went out, oldest first.
    overall: VecDeque<Instant>,
    /// The same per chat, over the last minute.
    chats: HashMap<i64, VecDeque<Instant>>,
}

pub struct Pacer {
    limits: Limits,
    history: Mutex<History>,
}

/// How many of `times` (oldest first) fall in the `window` before `now`.
fn within(times: &VecDeque<Instant>, now: Instant, window: Duration) -> usize {
    times
        .iter()
        .rev()
        .take_while(|&&t| now.saturating_duration_since(t) < window)
        .count()
}

/// When the oldest of the `limit` latest `times` leaves the `window`: the earliest moment
/// one more fits.
fn room_at(times: &VecDeque<Instant>, window: Duration, limit: usize) -> Option<Instant> {
    let index = times.len().checked_sub(limit.max(1))?;
    times.get(index).map(|&t| t + window)
}

impl Pacer {
    pub fn new(limits: Limits) -> Pacer {
        Pacer {
            limits,
            history: Mutex::new(History::default()),
        }
    }

    /// Takes a place for one message to `chat` at `now` if the limits allow it; else the
    /// moment to ask again. A group is a chat with a negative id.
    pub fn try_take(&self, chat: i64, now: Instant) -> Result<(), Instant> {
        let mut history = self
            .history
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let History { overall, chats } = &mut *history;
        while overall
            .front()
            .is_some_and(|&t| now.saturating_duration_since(t) >= SECOND)
        {
            overall.pop_front();
        }
        chats.retain(|_, times| {
            while times
                .front()
                .is_some_and(|&t| now.saturating_duration_since(t) >= MINUTE)
            {
                times.pop_front();
            }
            !times.is_empty()
        });
        let limits = self.limits;
        let mut wait = None::<Instant>;
        let mut later = |at: Option<Instant>| {
            if let Some(at) = at {
                wait = Some(wait.map_or(at, |w| w.max(at)));
            }
        };
        if overall.len() >= limits.overall_per_second as usize {
            later(room_at(overall, SECOND, limits.overall_per_second as usize));
        }
        let empty = VecDeque::new();
        let times = chats.get(&chat).unwrap_or(&empty);
        let recent = within(times, now, SECOND);
        if recent >= limits.chat_per_second as usize {
            let last_second: VecDeque<Instant> =
                times.iter().skip(times.len() - recent).copied().collect();
            later(room_at(
                &last_second,
                SECOND,
                limits.chat_per_second as usize,
            ));
        }
        if chat < 0 && times.len() >= limits.group_per_minute as usize {
            later(room_at(times, MINUTE, limits.group_per_minute as usize));
        }
        if let Some(at) = wait.filter(|&at| at > now) {
            return Err(at);
        }
        overall.push_back(now);
        chats.entry(chat).or_default().push_back(now);
        Ok(())
    }

    /// Waits until one message to `chat` may go out, and takes its place.
    pub async fn take(&self, chat: i64) {
        loop {
            match self.try_take(chat, Instant::now()) {
                Ok(()) => return,
                Err(at) => tokio::time::sleep_until(at.into()).await,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sends_are_spaced_per_chat_per_group_and_overall() {
        let limits = Limits {
            overall_per_second: 3,
            chat_per_second: 1,
            group_per_minute: 2,
        };
        let pacer = Pacer::new(limits);
        let start = Instant::now();
        let at = |ms: u64| start + Duration::from_millis(ms);
        // One a second to a chat: the second message waits for the first one's second.
        assert_eq!(pacer.try_take(7, at(0)), Ok(()));
        assert_eq!(pacer.try_take(7, at(10)), Err(at(1000)));
        // Other chats go meanwhile, up to the overall limit.
        assert_eq!(pacer.try_take(8, at(20)), Ok(()));
        assert_eq!(pacer.try_take(-9, at(30)), Ok(()));
        assert_eq!(pacer.try_take(10, at(40)), Err(at(1000)));
        assert_eq!(pacer.try_take(7, at(1000)), Ok(()));
        // A group gets two a minute.
        assert_eq!(pacer.try_take(-9, at(1100)), Ok(()));
        assert_eq!(pacer.try_take(-9, at(2200)), Err(at(60_030)));
        // A private chat has no minute limit here.
        assert_eq!(pacer.try_take(8, at(2300)), Ok(()));
        assert_eq!(pacer.try_take(8, at(3300)), Ok(()));
        assert_eq!(pacer.try_take(8, at(4300)), Ok(()));
        assert_eq!(pacer.try_take(-9, at(60_030)), Ok(()));
    }
}
