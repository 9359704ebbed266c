//! What keeps slow or greedy clients from holding the listener: a connection must send its
//! request head within a time limit (also the wait for the next request on a kept-alive
//! connection), a request (its body included) must be answered within another, and
//! connections are capped in all and per client address. Past a cap a new connection is
//! closed at once, so the process never runs out of file descriptors and `/healthz` and the
//! webhook keep answering while others hold their share.

use super::HttpError;
use crate::chat::shared::Shutdown;
use axum::Router;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};

/// The listener's limits, each configurable (`KIBITZ_HTTP_*`, README).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Time to send a request's head once the connection waits for one: a half-sent header
    /// and an idle kept-alive connection are closed after it.
    pub header_timeout: Duration,
    /// Time to read a request's body and answer it; past it the answer is 408.
    pub request_timeout: Duration,
    /// Connections open at once, in all.
    pub max_connections: usize,
    /// Connections open at once from one client address.
    pub max_per_address: usize,
}

impl Default for Limits {
    /// A header in 5 s is generous for any real client (Telegram's pushes, a probe); a
    /// request in 30 s leaves room for the slowest command a webhook push carries; 512
    /// connections stay well under the usual 1,024 open files; 64 from one address is more
    /// than a proxy in front of a small bot or a monitor needs.
    fn default() -> Self {
        Limits {
            header_timeout: Duration::from_secs(5),
            request_timeout: Duration::from_secs(30),
            max_connections: 512,
            max_per_address: 64,
        }
    }
}

impl Limits {
    /// The limits from the environment as `read` gives it, the defaults for what is unset.
    pub fn from_env(read: impl Fn(&str) -> Option<String>) -> Result<Limits, HttpError> {
        let defaults = Limits::default();
        let number = |name: &str, default: u64| -> Result<u64, HttpError> {
            match read(name) {
                None => Ok(default),
                Some(text) => text
                    .trim()
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| HttpError::Limit {
                        name: name.to_string(),
                        value: text,
                    }),
            }
        };
        let seconds = |name: &str, default: Duration| {
            number(name, default.as_secs()).map(Duration::from_secs)
        };
        Ok(Limits {
            header_timeout: seconds("KIBITZ_HTTP_HEADER_TIMEOUT", defaults.header_timeout)?,
            request_timeout: seconds("KIBITZ_HTTP_REQUEST_TIMEOUT", defaults.request_timeout)?,
            max_connections: number(
                "KIBITZ_HTTP_MAX_CONNECTIONS",
                defaults.max_connections as u64,
            )? as usize,
            max_per_address: number(
                "KIBITZ_HTTP_MAX_PER_ADDRESS",
                defaults.max_per_address as u64,
            )? as usize,
        })
    }
}

/// The connections open per client address, each released when its connection ends.
#[derive(Clone, Default)]
struct PerAddress(Arc<Mutex<HashMap<IpAddr, usize>>>);

/// One connection's place in [`PerAddress`]; gives it back when dropped.
struct AddressSlot {
    table: PerAddress,
    address: IpAddr,
}

impl PerAddress {
    fn take(&self, address: IpAddr, max: usize) -> Option<AddressSlot> {
        let mut table = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let open = table.entry(address).or_insert(0);
        if *open >= max {
            return None;
        }
        *open += 1;
        Some(AddressSlot {
            table: self.clone(),
            address,
        })
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut table = self.table.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(open) = table.get_mut(&self.address) {
            *open = open.saturating_sub(1);
            if *open == 0 {
                table.remove(&self.address);
            }
        }
    }
}

/// Answers 408 when a request (its body read included) is not answered within `limit`.
async fn answered_within(limit: Duration, request: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => StatusCode::REQUEST_TIMEOUT.into_response(),
    }
}

/// `kibitz_http_connections_refused_total`: connections closed at accept by a cap.
fn count_refused(cap: &'static str) {
    metrics::counter!("kibitz_http_connections_refused_total", "cap" => cap).increment(1);
}

/// Serves `app` on `listener` within `limits` until `shutdown` turns true; connections
/// being answered then finish first (each within its own time limits).
pub async fn serve_guarded(
    listener: TcpListener,
    app: Router,
    shutdown: watch::Receiver<bool>,
    limits: Limits,
) -> Result<(), HttpError> {
    let shutdown = Shutdown::new(shutdown);
    let request_timeout = limits.request_timeout;
    let app = app.layer(middleware::from_fn(move |request, next| {
        answered_within(request_timeout, request, next)
    }));
    let open = Arc::new(Semaphore::new(limits.max_connections));
    let per_address = PerAddress::default();
    let (closing, closed) = watch::channel(false);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = shutdown.stopped() => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of file descriptors or a connection reset before it was taken: wait
                // a moment rather than spin.
                tracing::debug!(%error, "cannot accept a connection");
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            count_refused("all");
            continue;
        };
        let Some(slot) = per_address.take(peer.ip(), limits.max_per_address) else {
            count_refused("address");
            continue;
        };
        let service = TowerToHyperService::new(app.clone());
        let mut closed = closed.clone();
        let header_timeout = limits.header_timeout;
        tokio::spawn(async move {
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout);
            let connection = builder.serve_connection(TokioIo::new(stream), service);
            tokio::pin!(connection);
            tokio::select! {
                served = connection.as_mut() => {
                    if let Err(error) = served {
                        tracing::debug!(%error, "an HTTP connection ended in error");
                    }
                }
                () = async { drop(closed.wait_for(|closed| *closed).await) } => {
                    connection.as_mut().graceful_shutdown();
                    if let Err(error) = connection.await {
                        tracing::debug!(%error, "an HTTP connection ended in error");
                    }
                }
            }
            drop((permit, slot));
        });
    }
    drop(listener);
    let _ = closing.send(true);
    // Every connection gives its permit back when it ends: wait for all of them, bounded by
    // the longest a request may take.
    let all = u32::try_from(limits.max_connections).unwrap_or(u32::MAX);
    let drained = tokio::time::timeout(
        limits.request_timeout + limits.header_timeout,
        open.acquire_many(all),
    )
    .await;
    if drained.is_err() {
        tracing::warn!("HTTP connections still open at the end of the stop");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_come_from_the_environment_or_the_defaults() {
        let none = Limits::from_env(|_| None);
        assert_eq!(none.ok(), Some(Limits::default()));
        let set = Limits::from_env(|name| match name {
            "KIBITZ_HTTP_HEADER_TIMEOUT" => Some("2".into()),
            "KIBITZ_HTTP_MAX_PER_ADDRESS" => Some(" 8 ".into()),
            _ => None,
        });
        let set = set.ok();
        assert_eq!(set.map(|l| l.header_timeout), Some(Duration::from_secs(2)));
        assert_eq!(set.map(|l| l.max_per_address), Some(8));
        for bad in ["0", "-1", "x", ""] {
            let read = Limits::from_env(|name| {
                (name == "KIBITZ_HTTP_MAX_CONNECTIONS").then(|| bad.to_string())
            });
            assert!(read.is_err(), "{bad:?}");
        }
    }

    #[test]
    fn an_address_holds_at_most_its_share_and_gets_it_back() {
        let table = PerAddress::default();
        let address: IpAddr = [127, 0, 0, 2].into();
        let first = table.take(address, 2);
        let second = table.take(address, 2);
        assert!(first.is_some() && second.is_some());
        assert!(table.take(address, 2).is_none());
        assert!(table.take([127, 0, 0, 3].into(), 2).is_some());
        drop(first);
        assert!(table.take(address, 2).is_some());
    }
}
