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

/// Runs a background worker's rounds until `shutdown`: one at once (what came due while the
/// process was down), the next straight after a round that says more may be waiting
/// (`Ok(true)`), else after `every` or when `bell` rings. A round that fails (the database
/// unavailable) is logged as `what`'s and tried again after the rest.
pub(crate) async fn run_rounds<Bell, Round>(
    what: &'static str,
    every: Duration,
    bell: impl Fn() -> Bell,
    mut round: impl FnMut() -> Round,
    mut shutdown: watch::Receiver<bool>,
) where
    Bell: Future<Output = ()>,
    Round: Future<Output = Result<bool, crate::store::StoreError>>,
{
    loop {
        match round().await {
            Ok(true) => continue,
            Ok(false) => {}
            Err(error) => tracing::warn!(%error, "{what}: database unavailable; trying again"),
        }
        if rest(every, bell(), &mut shutdown).await {
            break;
        }
    }
}
