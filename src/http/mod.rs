//! The bot's HTTP listener (`KIBITZ_HTTP_ADDR`): the probes an orchestrator asks
//! (`/healthz`, `/readyz`), what a monitoring system scrapes (`/metrics`), and the routes
//! other parts of the bot add to it.

mod guard;
mod health;
mod metrics;
pub mod probe;

pub use guard::Limits;
pub use health::{Readiness, health_routes};
pub use metrics::{install as install_metrics, metrics_routes};
pub use metrics_exporter_prometheus::PrometheusHandle;

use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::watch;

#[derive(Debug, thiserror::Error)]
pub enum HttpError {
    #[error("KIBITZ_HTTP_ADDR {addr:?} cannot be listened on: {reason}")]
    Bind { addr: String, reason: String },
    #[error("the HTTP listener failed: {0}")]
    Serve(String),
    #[error("the metrics recorder cannot be set up: {0}")]
    Metrics(String),
    #[error("{name} must be a whole number above 0, not {value:?}")]
    Limit { name: String, value: String },
}

/// Everything the listener serves: the probes, and `/metrics` from `metrics` (the handle
/// [`install_metrics`] gave).
pub fn router(readiness: Readiness, metrics: PrometheusHandle) -> Router {
    health_routes(readiness).merge(metrics_routes(metrics))
}

/// Listens on `addr` (`host:port`; port 0 picks a free one). Binding happens before the bot
/// starts, so that a taken port is an error at start-up rather than a probe that never answers.
pub async fn bind(addr: &str) -> Result<TcpListener, HttpError> {
    TcpListener::bind(addr.trim())
        .await
        .map_err(|error| HttpError::Bind {
            addr: addr.to_string(),
            reason: error.to_string(),
        })
}

/// Serves `app` on `listener` within `limits` (slow clients are cut off, connections
/// capped: [`guard`]) until `shutdown` turns true; requests already being answered finish
/// first.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    shutdown: watch::Receiver<bool>,
    limits: Limits,
) -> Result<(), HttpError> {
    guard::serve_guarded(listener, app, shutdown, limits).await
}
