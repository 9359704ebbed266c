//! The stop signal an adapter runs under.

use std::time::Duration;
use tokio::sync::watch;

/// How long a stopping adapter waits for the work in hand: a process stops within 10 s of
/// its signal (`docker stop` kills after 10), and closing the store comes after this.
pub const DRAIN_LIMIT: Duration = Duration::from_secs(8);

/// A watch that turns true when the adapter must stop. Once nobody can give the signal any
/// more (its sender is gone), it never comes: the adapter runs until the process ends.
#[derive(Clone, Debug)]
pub struct Shutdown(watch::Receiver<bool>);

impl Shutdown {
    pub fn new(receiver: watch::Receiver<bool>) -> Self {
        Shutdown(receiver)
    }

    /// A signal nobody can give: waits under it are never cut short.
    pub fn never() -> Self {
        let (_, receiver) = watch::channel(false);
        Shutdown(receiver)
    }

    /// Whether shutdown has been asked for.
    pub fn asked(&self) -> bool {
        *self.0.borrow()
    }

    /// The watch itself, for what takes one (the daily scheduler).
    pub fn receiver(&self) -> watch::Receiver<bool> {
        self.0.clone()
    }

    /// Resolves when shutdown is asked for; never when nobody can ask any more.
    pub async fn stopped(&self) {
        let mut receiver = self.0.clone();
        if receiver.wait_for(|stop| *stop).await.is_err() {
            std::future::pending::<()>().await;
        }
    }

    /// Waits `duration`; false when shutdown came first.
    pub async fn pause(&self, duration: Duration) -> bool {
        tokio::select! {
            () = tokio::time::sleep(duration) => true,
            () = self.stopped() => false,
        }
    }
}

/// Work an adapter has taken on and not finished (an interaction being answered): a stop
/// waits for it, so that nothing a user was told is coming is dropped with the process.
#[derive(Clone, Debug, Default)]
pub struct InFlight(std::sync::Arc<InFlightState>);

#[derive(Debug, Default)]
struct InFlightState {
    count: std::sync::atomic::AtomicUsize,
    idle: tokio::sync::Notify,
}

/// One piece of work in flight, until dropped.
#[derive(Debug)]
pub struct Working(InFlight);

impl Drop for Working {
    fn drop(&mut self) {
        let state = &(self.0).0;
        if state
            .count
            .fetch_sub(1, std::sync::atomic::Ordering::AcqRel)
            == 1
        {
            state.idle.notify_waiters();
        }
    }
}

impl InFlight {
    /// Marks a piece of work begun; it ends when the returned guard is dropped.
    pub fn begin(&self) -> Working {
        self.0
            .count
            .fetch_add(1, std::sync::atomic::Ordering::AcqRel);
        Working(self.clone())
    }

    pub fn count(&self) -> usize {
        self.0.count.load(std::sync::atomic::Ordering::Acquire)
    }

    /// Waits until nothing is in flight, or `limit` has passed; whether it got idle.
    pub async fn idle_within(&self, limit: Duration) -> bool {
        let wait = async {
            loop {
                let idle = self.0.idle.notified();
                tokio::pin!(idle);
                idle.as_mut().enable();
                if self.count() == 0 {
                    return;
                }
                idle.await;
            }
        };
        tokio::time::timeout(limit, wait).await.is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_stop_waits_for_the_work_in_flight_and_no_longer() {
        let work = InFlight::default();
        assert!(work.idle_within(Duration::from_millis(1)).await);
        let first = work.begin();
        let second = work.begin();
        assert!(!work.idle_within(Duration::from_millis(20)).await);
        drop(first);
        assert_eq!(work.count(), 1);
        let ending = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(30)).await;
            drop(second);
        });
        assert!(work.idle_within(Duration::from_secs(5)).await);
        assert_eq!(work.count(), 0);
        ending.await.unwrap();
    }
}
