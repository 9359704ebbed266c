//! The one retry loop of every adapter: flood control is waited out as the platform says
//! (`retry_after`, up to a bound), network and server errors after a pause that doubles, and
//! a request is given up after a bounded number of tries or when shutdown comes.

use super::{FaultKind, Retryable, Secret, Shutdown};
use std::future::Future;
use std::time::Duration;

/// How often and how patiently a failed request is tried again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Tries of one request before it is given up.
    pub attempts: u32,
    /// The first pause after a network or server error; it doubles up to `max_delay`.
    pub first_delay: Duration,
    pub max_delay: Duration,
    /// The longest `retry_after` obeyed at once; a longer one is cut to this, and the next
    /// try may meet flood control again (so a long wait is served in several turns).
    pub max_retry_after: Duration,
}

/// Why [`RetryPolicy::run`] gave a request up.
#[derive(Debug)]
pub enum GaveUp<F> {
    /// The last try's fault: one trying again cannot help, or the last of `attempts`.
    Fault { fault: F, attempts: u32 },
    /// Shutdown was asked for while waiting to try again.
    Stopping,
}

impl RetryPolicy {
    /// The pause after one of `delay`: twice as long, at most `max_delay`.
    pub fn next_delay(&self, delay: Duration) -> Duration {
        (delay * 2).min(self.max_delay)
    }

    /// The pause before trying again after a fault of `kind`, `delay` being the back-off so
    /// far; `None` when trying again cannot help.
    fn pause_after(&self, kind: FaultKind, delay: &mut Duration) -> Option<Duration> {
        match kind {
            FaultKind::RetryAfter(wait) => Some(wait.min(self.max_retry_after)),
            FaultKind::Transient => {
                let wait = *delay;
                *delay = self.next_delay(*delay);
                Some(wait)
            }
            FaultKind::Final => None,
        }
    }

    /// Makes a request, trying again after flood control and transient faults, at most
    /// `attempts` times. `platform` and `what` name it in log lines, which show no `secret`.
    pub async fn run<T, F, R, Fut>(
        &self,
        (platform, what): (&str, &str),
        secret: &Secret,
        shutdown: &Shutdown,
        mut request: R,
    ) -> Result<T, GaveUp<F>>
    where
        F: Retryable,
        R: FnMut() -> Fut,
        Fut: Future<Output = Result<T, F>>,
    {
        let mut delay = self.first_delay;
        let mut attempt = 1;
        loop {
            let fault = match request().await {
                Ok(value) => return Ok(value),
                Err(fault) => fault,
            };
            let Some(wait) = self.pause_after(fault.kind(), &mut delay) else {
                return Err(GaveUp::Fault {
                    fault,
                    attempts: attempt,
                });
            };
            if attempt >= self.attempts {
                return Err(GaveUp::Fault {
                    fault,
                    attempts: attempt,
                });
            }
            tracing::warn!(request = what, attempt, ?wait, fault = %secret.redact(&fault.to_string()), "{platform} request failed; trying again");
            if !shutdown.pause(wait).await {
                return Err(GaveUp::Stopping);
            }
            attempt += 1;
        }
    }
}

/// What one try of a platform request got back, for the call counter
/// (`kibitz_platform_calls_total`, labels `status` and `class`): an HTTP status where the
/// client tells it, else what kind of non-answer it was. Every label value comes from this
/// closed set, never from the platform's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallStatus {
    /// The platform answered with this HTTP status.
    Http(u16),
    /// No answer: the connection failed, timed out or broke off.
    Network,
    /// An answer that is not the platform's API speaking (a proxy's error page).
    Unreadable,
    /// An API error whose status the client hides and whose description does not tell it;
    /// `server`: it looks like the server's fault (it is tried again).
    Unknown { server: bool },
}

impl CallStatus {
    /// The `status` label: the code's digits, or what kind of non-answer it was.
    fn status(self) -> String {
        match self {
            CallStatus::Http(code @ 100..=599) => code.to_string(),
            CallStatus::Http(_) => "other".to_string(),
            CallStatus::Network => "network".to_string(),
            CallStatus::Unreadable => "unreadable".to_string(),
            CallStatus::Unknown { .. } => "unknown".to_string(),
        }
    }

    /// The `class` label: `2xx` … `5xx`, or `none` where no status came back.
    fn class(self) -> &'static str {
        match self {
            CallStatus::Http(100..=199) => "1xx",
            CallStatus::Http(200..=299) => "2xx",
            CallStatus::Http(300..=399) => "3xx",
            CallStatus::Http(400..=499) | CallStatus::Unknown { server: false } => "4xx",
            CallStatus::Http(500..=599) | CallStatus::Unknown { server: true } => "5xx",
            CallStatus::Http(_) | CallStatus::Network | CallStatus::Unreadable => "none",
        }
    }
}

/// Counts one try of a platform request. `call` names the request as the code does (a Bot
/// API method, a Discord route's name: a closed set of literals), never by its URL, which
/// may hold ids or an interaction token.
pub fn count_call(platform: &'static str, call: &'static str, status: CallStatus) {
    metrics::counter!(
        "kibitz_platform_calls_total",
        "platform" => platform,
        "call" => call,
        "status" => status.status(),
        "class" => status.class(),
    )
    .increment(1);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    #[derive(Debug, PartialEq)]
    struct Said(FaultKind);

    impl std::fmt::Display for Said {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "{:?}", self.0)
        }
    }

    impl Retryable for Said {
        fn kind(&self) -> FaultKind {
            self.0
        }
    }

    fn policy(ms: u64) -> RetryPolicy {
        RetryPolicy {
            attempts: 4,
            first_delay: Duration::from_millis(ms),
            max_delay: Duration::from_millis(ms * 5 / 2),
            max_retry_after: Duration::from_millis(ms * 20),
        }
    }

    #[test]
    fn flood_control_is_obeyed_and_other_faults_back_off() {
        let ms = Duration::from_millis;
        let policy = policy(100);
        let mut delay = policy.first_delay;
        let pauses = [
            FaultKind::Transient,
            FaultKind::RetryAfter(ms(1500)),
            FaultKind::Transient,
            FaultKind::RetryAfter(ms(60_000)),
            FaultKind::Transient,
            FaultKind::Final,
        ]
        .map(|kind| policy.pause_after(kind, &mut delay));
        // The back-off doubles over transient faults only, up to its bound; `retry_after` is
        // the platform's word, cut to its bound.
        assert_eq!(
            pauses,
            [
                Some(ms(100)),
                Some(ms(1500)),
                Some(ms(200)),
                Some(ms(2000)),
                Some(ms(250)),
                None
            ]
        );
    }

    /// Runs a request that always fails with `kind` under `shutdown`, pausing from `ms`
    /// milliseconds on: the outcome and the number of tries.
    async fn tries(
        kind: FaultKind,
        shutdown: &Shutdown,
        ms: u64,
    ) -> (Result<(), GaveUp<Said>>, u32) {
        let count = AtomicU32::new(0);
        let outcome = policy(ms)
            .run(("Test", "call"), &Secret::new("t"), shutdown, || {
                count.fetch_add(1, Ordering::Relaxed);
                async move { Err(Said(kind)) }
            })
            .await;
        (outcome, count.into_inner())
    }

    #[tokio::test]
    async fn a_request_is_given_up_after_its_tries_or_at_once() {
        let never = Shutdown::never();
        let (outcome, count) = tries(FaultKind::Transient, &never, 1).await;
        assert!(matches!(outcome, Err(GaveUp::Fault { attempts: 4, .. })));
        assert_eq!(count, 4);
        let (outcome, count) = tries(FaultKind::Final, &never, 1).await;
        assert!(matches!(
            outcome,
            Err(GaveUp::Fault {
                fault: Said(FaultKind::Final),
                attempts: 1
            })
        ));
        assert_eq!(count, 1);
        let (_stop, stopped) = tokio::sync::watch::channel(true);
        let (outcome, count) = tries(FaultKind::Transient, &Shutdown::new(stopped), 60_000).await;
        assert!(matches!(outcome, Err(GaveUp::Stopping)), "{outcome:?}");
        assert_eq!(count, 1, "no try after shutdown");
    }
}
