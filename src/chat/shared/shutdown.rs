//! The stop signal an adapter runs under.

use std::time::Duration;
use tokio::sync::watch;

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
