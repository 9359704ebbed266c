//! `/healthz` (the process answers) and `/readyz` (it can do its work: the database answers
//! and every platform it runs is connected).

use crate::chat::shared::PlatformLink;
use crate::store::Store;
use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// How long the database may take to answer the readiness probe's query.
const PING_TIMEOUT: Duration = Duration::from_secs(2);

/// What `/readyz` checks.
#[derive(Clone)]
pub struct Readiness {
    store: Store,
    links: Vec<(&'static str, PlatformLink)>,
    stopping: Option<watch::Receiver<bool>>,
}

impl Readiness {
    pub fn new(store: Store) -> Self {
        Readiness {
            store,
            links: Vec::new(),
            stopping: None,
        }
    }

    /// A process that is stopping is not ready: a load balancer sends it nothing new while it
    /// finishes what it has.
    pub fn stopping(mut self, stop: watch::Receiver<bool>) -> Self {
        self.stopping = Some(stop);
        self
    }

    /// Adds a platform whose link must be up for the process to be ready.
    pub fn platform(mut self, name: &'static str, link: PlatformLink) -> Self {
        self.links.push((name, link));
        self
    }

    /// One line a check (`database ok`, `telegram down`), and whether all passed.
    async fn check(&self) -> (bool, String) {
        let database = matches!(
            tokio::time::timeout(PING_TIMEOUT, self.store.ping()).await,
            Ok(Ok(()))
        );
        let mut ready = database;
        let mut lines = vec![format!("database {}", if database { "ok" } else { "down" })];
        for (name, link) in &self.links {
            let up = link.is_up();
            ready &= up;
            lines.push(format!("{name} {}", if up { "ok" } else { "down" }));
        }
        if let Some(stop) = &self.stopping
            && *stop.borrow()
        {
            ready = false;
            lines.push("stopping".to_string());
        }
        (ready, lines.join("\n") + "\n")
    }
}

/// `/healthz` and `/readyz`.
pub fn health_routes(readiness: Readiness) -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/readyz", get(ready))
        .with_state(Arc::new(readiness))
}

async fn ready(State(readiness): State<Arc<Readiness>>) -> (StatusCode, String) {
    let (ready, report) = readiness.check().await;
    let status = if ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, report)
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn get_path(app: Router, path: &str) -> (u16, String) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });
        let response = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
        let status = response.status().as_u16();
        (status, response.text().await.unwrap())
    }

    #[tokio::test]
    async fn ready_only_when_the_database_answers_and_every_platform_is_up() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("ready.db").display());
        let store = Store::connect(&url).await.unwrap();
        let link = PlatformLink::default();
        let app = health_routes(Readiness::new(store.clone()).platform("telegram", link.clone()));
        assert_eq!(
            get_path(app.clone(), "/healthz").await,
            (200, "ok\n".into())
        );
        assert_eq!(
            get_path(app.clone(), "/readyz").await,
            (503, "database ok\ntelegram down\n".into())
        );
        link.up();
        assert_eq!(
            get_path(app.clone(), "/readyz").await,
            (200, "database ok\ntelegram ok\n".into())
        );
        let (stop, stopping) = watch::channel(false);
        let draining = health_routes(
            Readiness::new(store.clone())
                .platform("telegram", link.clone())
                .stopping(stopping),
        );
        assert_eq!(get_path(draining.clone(), "/readyz").await.0, 200);
        stop.send(true).unwrap();
        assert_eq!(
            get_path(draining, "/readyz").await,
            (503, "database ok\ntelegram ok\nstopping\n".into())
        );
        store.close().await;
        assert_eq!(
            get_path(app, "/readyz").await,
            (503, "database down\ntelegram ok\n".into())
        );
    }
}
