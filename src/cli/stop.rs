//! How a running bot stops: the signals it takes, and how long the stop may take.

use std::sync::Arc;
use tokio::sync::watch;

/// How long a stop may take from its signal to the process's end (`docker stop` waits 10 s
/// before it kills); the adapters' drain is bounded below it (`DRAIN_LIMIT`).
pub const STOP_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

/// Turns the first SIGTERM or Ctrl-C into `stop`, which every chat (the console, Telegram,
/// Discord) runs under: the work in hand is finished. A second signal, or `STOP_LIMIT`
/// after the first, ends the process at once.
pub fn stop_on_signals(signalled: Arc<watch::Sender<bool>>) {
    tokio::spawn(async move {
        termination().await;
        tracing::info!("stopping: finishing the work in hand (a second signal stops at once)");
        let _ = signalled.send(true);
        let code = tokio::select! {
            () = termination() => {
                tracing::warn!("a second signal: stopping at once");
                130
            }
            () = tokio::time::sleep(STOP_LIMIT) => {
                tracing::warn!("the work in hand did not finish in time: stopping anyway");
                1
            }
        };
        std::process::exit(code);
    });
}

/// Ctrl-C, or the SIGTERM of `docker stop` and service managers.
async fn termination() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    if tokio::signal::ctrl_c().await.is_err() {
        // No signal can be received: run until killed.
        std::future::pending::<()>().await;
    }
}
