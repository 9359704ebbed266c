//! The pause between two rounds of a background worker (the clocks, the computer, the daily
//! posts): the round's interval, cut short by a bell, ended by a stop.

use std::future::Future;
use std::time::Duration;
use tokio::sync::watch;

/// Waits `every`, or until `bell` rings; `true` when the process was asked to stop meanwhile
/// (or the stop's sender is gone), so the worker ends.
pub(crate) async fn rest(
    every: Duration,
    bell: impl Future<Output = ()>,
    shutdown: &mut watch::Receiver<bool>,
) -> bool {
    tokio::select! {
        () = bell => false,
        () = tokio::time::sleep(every) => false,
        changed = shutdown.changed() => changed.is_err() || *shutdown.borrow(),
    }
}
