//! Pacing Discord's REST calls from its rate-limit headers, so that a 429 is the exception
//! and not the way the limits are found out.
//!
//! Discord tells each answer's limit in headers: `X-RateLimit-Bucket` names the route's
//! bucket, `X-RateLimit-Remaining` how many calls are left in its window and
//! `X-RateLimit-Reset-After` when the window ends (seconds, fractional). A bucket counts per
//! *major parameter* (the channel, the guild, the webhook with its token): the same bucket
//! for two channels is two windows. Before a call, a window known to be spent holds it until
//! its reset; over every route, at most [`GLOBAL_PER_SECOND`] calls leave in any second (the
//! global limit Discord does not announce in headers), interaction callbacks excepted as
//! Discord excepts them. A 429 with `global: true` (or `X-RateLimit-Global`) holds every call
//! until its `retry_after` has passed.
//!
//! A route whose bucket is not known yet (its first call) is not held: the answer says.

use reqwest::header::HeaderMap;
use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Discord's global limit: calls a second over all routes, per bot.
pub const GLOBAL_PER_SECOND: usize = 50;

const SECOND: Duration = Duration::from_secs(1);

/// Where a call counts: its route (method and path, with every id but the major parameter's
/// replaced) and that major parameter.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RouteKey {
    pub route: String,
    pub major: String,
    /// Interaction callbacks do not count towards the global limit.
    pub global: bool,
}

/// Whether a path segment is an id (a snowflake) or a token, which the route leaves out.
fn is_variable(segment: &str) -> bool {
    (!segment.is_empty() && segment.chars().all(|c| c.is_ascii_digit())) || segment.len() >= 32
}

impl RouteKey {
    /// `POST /channels/123/messages/456` is the route `POST /channels/123/messages/{id}`
    /// with the major parameter `123`; a webhook's (and an interaction's) is its id and
    /// token, a guild's its id.
    pub fn of(method: &str, path: &str) -> RouteKey {
        let path = path.split('?').next().unwrap_or_default();
        let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        let major_len = match segments.first().copied() {
            Some("channels" | "guilds") => 2,
            Some("webhooks" | "interactions") => 3,
            _ => 0,
        };
        let mut route = method.to_ascii_uppercase();
        let mut major = Vec::new();
        for (index, segment) in segments.iter().enumerate() {
            route.push('/');
            if index > 0 && index < major_len {
                major.push(*segment);
                route.push_str("{major}");
            } else if is_variable(segment) {
                route.push_str("{id}");
            } else {
                route.push_str(segment);
            }
        }
        RouteKey {
            route,
            major: major.join("/"),
            global: segments.first() != Some(&"interactions"),
        }
    }
}

/// What one answer said about the limits.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Told {
    pub bucket: Option<String>,
    pub remaining: Option<u32>,
    pub reset_after: Option<Duration>,
    /// A 429's wait, and whether it holds every route (`global`).
    pub limited: Option<(Duration, bool)>,
}

impl Told {
    /// The `X-RateLimit-*` headers of an answer; for a 429, `retry_after` and `global` from
    /// its JSON body (`body_wait`), else from the headers.
    pub fn read(headers: &HeaderMap, limited: bool, body_wait: Option<(f64, bool)>) -> Told {
        let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        let seconds = |value: f64| Duration::from_secs_f64(value.clamp(0.0, 3600.0));
        let reset_after = text("x-ratelimit-reset-after")
            .and_then(|v| v.trim().parse::<f64>().ok())
            .map(seconds);
        let header_global = text("x-ratelimit-global").is_some_and(|v| v == "true")
            || text("x-ratelimit-scope") == Some("global");
        let limited = limited.then(|| {
            let (wait, global) = body_wait.unwrap_or_else(|| {
                let wait = text("retry-after")
                    .and_then(|v| v.trim().parse::<f64>().ok())
                    .unwrap_or(1.0);
                (wait, false)
            });
            (seconds(wait), global || header_global)
        });
        Told {
            bucket: text("x-ratelimit-bucket").map(str::to_string),
            remaining: text("x-ratelimit-remaining").and_then(|v| v.trim().parse().ok()),
            reset_after,
            limited,
        }
    }
}

/// A bucket's window for one major parameter, as last told.
#[derive(Clone, Copy, Debug)]
struct Window {
    remaining: u32,
    reset_at: Instant,
}

#[derive(Default)]
struct State {
    /// Route → the bucket Discord named for it.
    buckets: HashMap<String, String>,
    /// (bucket, major parameter) → its window.
    windows: HashMap<(String, String), Window>,
    /// When each counted call of the last second left, oldest first.
    recent: VecDeque<Instant>,
    /// A global 429 holds every call until then.
    held_until: Option<Instant>,
}

/// The limits as Discord told them, shared by every call of one client.
pub struct Buckets {
    global_per_second: usize,
    state: Mutex<State>,
}

impl Default for Buckets {
    fn default() -> Self {
        Buckets::new(GLOBAL_PER_SECOND)
    }
}

impl Buckets {
    pub fn new(global_per_second: usize) -> Buckets {
        Buckets {
            global_per_second: global_per_second.max(1),
            state: Mutex::new(State::default()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Takes a place for one call on `key` at `now` if the limits allow it; else the moment
    /// to ask again.
    pub fn try_take(&self, key: &RouteKey, now: Instant) -> Result<(), Instant> {
        let mut state = self.lock();
        let State {
            buckets,
            windows,
            recent,
            held_until,
        } = &mut *state;
        if let Some(until) = held_until.filter(|&until| until > now) {
            return Err(until);
        }
        while recent
            .front()
            .is_some_and(|&t| now.saturating_duration_since(t) >= SECOND)
        {
            recent.pop_front();
        }
        if key.global
            && recent.len() >= self.global_per_second
            && let Some(&oldest) = recent.get(recent.len() - self.global_per_second)
        {
            return Err(oldest + SECOND);
        }
        let window = buckets
            .get(&key.route)
            .and_then(|bucket| windows.get_mut(&(bucket.clone(), key.major.clone())))
            .filter(|window| window.reset_at > now);
        if let Some(window) = window {
            if window.remaining == 0 {
                return Err(window.reset_at);
            }
            // Counted at once: calls on their way spend the window before their answers say.
            window.remaining -= 1;
        }
        if key.global {
            recent.push_back(now);
        }
        Ok(())
    }

    /// Waits until one call on `key` may leave, and takes its place.
    pub async fn take(&self, key: &RouteKey) {
        loop {
            match self.try_take(key, Instant::now()) {
                Ok(()) => return,
                Err(at) => tokio::time::sleep_until(at.into()).await,
            }
        }
    }

    /// Learns what an answer on `key`, received at `now`, told. Within a window already
    /// known the lower count and the later reset stand: answers of calls sent together can
    /// come back in any order, and an older one must not give back spent calls.
    pub fn learn(&self, key: &RouteKey, told: &Told, now: Instant) {
        let mut state = self.lock();
        if let Some((wait, true)) = told.limited {
            let until = now + wait;
            state.held_until = Some(state.held_until.map_or(until, |held| held.max(until)));
            return;
        }
        let Some(bucket) = &told.bucket else {
            return;
        };
        state.buckets.insert(key.route.clone(), bucket.clone());
        let told_window = match (told.limited, told.remaining, told.reset_after) {
            (Some((wait, _)), _, _) => Window {
                remaining: 0,
                reset_at: now + wait,
            },
            (None, Some(remaining), Some(reset_after)) => Window {
                remaining,
                reset_at: now + reset_after,
            },
            _ => return,
        };
        let slot = (bucket.clone(), key.major.clone());
        let window = match state.windows.get(&slot) {
            Some(known) if known.reset_at > now => Window {
                remaining: known.remaining.min(told_window.remaining),
                reset_at: known.reset_at.max(told_window.reset_at),
            },
            _ => told_window,
        };
        state.windows.insert(slot, window);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    fn told(bucket: &str, remaining: u32, reset_after_ms: u64) -> Told {
        Told {
            bucket: Some(bucket.to_string()),
            remaining: Some(remaining),
            reset_after: Some(Duration::from_millis(reset_after_ms)),
            limited: None,
        }
    }

    #[test]
    fn a_route_keeps_its_major_parameter_and_drops_other_ids() {
        let key = RouteKey::of("post", "/channels/123/messages/456/threads");
        assert_eq!(key.route, "POST/channels/{major}/messages/{id}/threads");
        assert_eq!(key.major, "123");
        assert!(key.global);
        let token = "a".repeat(40);
        let key = RouteKey::of("PATCH", &format!("/webhooks/42/{token}/messages/@original"));
        assert_eq!(
            key.route,
            "PATCH/webhooks/{major}/{major}/messages/@original"
        );
        assert_eq!(key.major, format!("42/{token}"));
        let key = RouteKey::of("POST", &format!("/interactions/77/{token}/callback"));
        assert!(
            !key.global,
            "interaction callbacks are outside the global limit"
        );
        let key = RouteKey::of("PUT", "/applications/42/commands");
        assert_eq!(key.route, "PUT/applications/{id}/commands");
        assert_eq!(key.major, "");
    }

    #[test]
    fn a_spent_window_holds_its_channel_until_the_reset_and_no_other() {
        let buckets = Buckets::new(50);
        let start = Instant::now();
        let at = |ms: u64| start + Duration::from_millis(ms);
        let seven = RouteKey::of("POST", "/channels/7/messages");
        let eight = RouteKey::of("POST", "/channels/8/messages");
        // Unknown: the first call goes; its answer says one call is left for 5 s.
        assert_eq!(buckets.try_take(&seven, at(0)), Ok(()));
        buckets.learn(&seven, &told("b1", 1, 5000), at(10));
        assert_eq!(buckets.try_take(&seven, at(20)), Ok(()));
        assert_eq!(buckets.try_take(&seven, at(30)), Err(at(5010)));
        // The same bucket for another channel is another window.
        assert_eq!(buckets.try_take(&eight, at(40)), Ok(()));
        // A late answer of the first window gives nothing back.
        buckets.learn(&seven, &told("b1", 1, 4990), at(50));
        assert_eq!(buckets.try_take(&seven, at(60)), Err(at(5040)));
        // After the reset the route goes again.
        assert_eq!(buckets.try_take(&seven, at(5040)), Ok(()));
    }

    #[test]
    fn at_most_the_global_limit_leaves_in_any_second() {
        let buckets = Buckets::new(3);
        let start = Instant::now();
        let at = |ms: u64| start + Duration::from_millis(ms);
        for (channel, ms) in [(1, 0), (2, 100), (3, 200)] {
            let key = RouteKey::of("POST", &format!("/channels/{channel}/messages"));
            assert_eq!(buckets.try_take(&key, at(ms)), Ok(()));
        }
        let fourth = RouteKey::of("POST", "/channels/4/messages");
        assert_eq!(buckets.try_take(&fourth, at(300)), Err(at(1000)));
        // Interaction callbacks are not counted, nor held.
        let callback = RouteKey::of(
            "POST",
            &format!("/interactions/9/{}/callback", "t".repeat(40)),
        );
        assert_eq!(buckets.try_take(&callback, at(300)), Ok(()));
        assert_eq!(buckets.try_take(&fourth, at(1000)), Ok(()));
        assert_eq!(buckets.try_take(&fourth, at(1001)), Err(at(1100)));
    }

    #[test]
    fn a_global_429_holds_every_route_and_a_route_429_its_window() {
        let buckets = Buckets::new(50);
        let start = Instant::now();
        let at = |ms: u64| start + Duration::from_millis(ms);
        let key = RouteKey::of("POST", "/channels/7/messages");
        let other = RouteKey::of("GET", "/users/@me");
        let mut headers = HeaderMap::new();
        headers.insert("x-ratelimit-global", HeaderValue::from_static("true"));
        let global = Told::read(&headers, true, Some((0.5, false)));
        assert_eq!(global.limited, Some((Duration::from_millis(500), true)));
        buckets.learn(&key, &global, at(0));
        assert_eq!(buckets.try_take(&other, at(10)), Err(at(500)));
        assert_eq!(buckets.try_take(&other, at(500)), Ok(()));
        let mut headers = HeaderMap::new();
        headers.insert("x-ratelimit-bucket", HeaderValue::from_static("b1"));
        let route = Told::read(&headers, true, Some((2.0, false)));
        buckets.learn(&key, &route, at(600));
        assert_eq!(buckets.try_take(&key, at(700)), Err(at(2600)));
        assert_eq!(buckets.try_take(&other, at(700)), Ok(()));
    }

    #[test]
    fn the_headers_are_read_as_discord_writes_them() {
        let mut headers = HeaderMap::new();
        for (name, value) in [
            ("x-ratelimit-limit", "5"),
            ("x-ratelimit-remaining", "3"),
            ("x-ratelimit-reset", "1470173023.123"),
            ("x-ratelimit-reset-after", "4.250"),
            ("x-ratelimit-bucket", "abcd1234"),
        ] {
            headers.insert(name, HeaderValue::from_static(value));
        }
        let told = Told::read(&headers, false, None);
        assert_eq!(told.bucket.as_deref(), Some("abcd1234"));
        assert_eq!(told.remaining, Some(3));
        assert_eq!(told.reset_after, Some(Duration::from_millis(4250)));
        assert_eq!(told.limited, None);
    }
}
