//! `kibitz health [URL]`: asks a running bot's `/healthz`, for container health checks in an
//! image that has no curl (the Dockerfile's `HEALTHCHECK`).

use std::time::Duration;

/// Under Docker's default health-check timeout, so that a hung listener is reported by this
/// command (with a reason) rather than by Docker killing it.
const TIMEOUT: Duration = Duration::from_secs(4);

#[derive(clap::Args, Clone, Debug)]
pub struct HealthArgs {
    /// The URL to ask; by default `/healthz` on the port of KIBITZ_HTTP_ADDR, on loopback when
    /// it listens on every address (`0.0.0.0:8080` is asked at `127.0.0.1:8080`).
    pub url: Option<String>,
}

impl HealthArgs {
    /// One line saying what was asked and what it answered; an error unless it answered 200.
    pub fn run(&self) -> Result<String, String> {
        let url = match &self.url {
            Some(url) => url.trim().to_string(),
            None => {
                let addr = std::env::var("KIBITZ_HTTP_ADDR").unwrap_or_default();
                default_url(&addr).ok_or_else(|| {
                    "KIBITZ_HTTP_ADDR is not set: give the URL to ask (kibitz health URL)"
                        .to_string()
                })?
            }
        };
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| format!("unhealthy: {e}"))?;
        runtime.block_on(probe(&url))
    }
}

/// The `/healthz` URL of a listener on `addr` (`host:port`), or `None` when `addr` is blank.
pub fn default_url(addr: &str) -> Option<String> {
    let addr = addr.trim();
    if addr.is_empty() {
        return None;
    }
    let host_port = match addr.parse::<std::net::SocketAddr>() {
        // A listener on every address is reached on loopback; the unspecified address is no
        // place to connect to on every system.
        Ok(socket) if socket.ip().is_unspecified() => {
            let loopback: std::net::IpAddr = if socket.is_ipv4() {
                std::net::Ipv4Addr::LOCALHOST.into()
            } else {
                std::net::Ipv6Addr::LOCALHOST.into()
            };
            std::net::SocketAddr::new(loopback, socket.port()).to_string()
        }
        Ok(socket) => socket.to_string(),
        // A host name: asked as written.
        Err(_) => addr.to_string(),
    };
    Some(format!("http://{host_port}/healthz"))
}

/// Asks `url`: `Ok` with a line when it answered 200, else `Err` with the reason.
pub async fn probe(url: &str) -> Result<String, String> {
    let client = reqwest::Client::builder()
        .timeout(TIMEOUT)
        .build()
        .map_err(|e| format!("unhealthy: {e}"))?;
    match client.get(url).send().await {
        Ok(response) if response.status() == reqwest::StatusCode::OK => {
            Ok(format!("healthy: {url} answered {}", response.status()))
        }
        Ok(response) => Err(format!("unhealthy: {url} answered {}", response.status())),
        // reqwest's chain of causes ("error sending request" … "Connection refused"), on one line.
        Err(error) => {
            let mut reason = error.to_string();
            let mut source = std::error::Error::source(&error);
            while let Some(cause) = source {
                reason.push_str(": ");
                reason.push_str(&cause.to_string());
                source = cause.source();
            }
            Err(format!("unhealthy: {}", reason.replace('\n', " ")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::default_url;

    #[test]
    fn the_default_url_is_the_listeners_healthz_on_loopback_when_it_listens_everywhere() {
        assert_eq!(
            default_url("0.0.0.0:8080").as_deref(),
            Some("http://127.0.0.1:8080/healthz")
        );
        assert_eq!(
            default_url("[::]:9000").as_deref(),
            Some("http://[::1]:9000/healthz")
        );
        assert_eq!(
            default_url(" 127.0.0.1:3000 ").as_deref(),
            Some("http://127.0.0.1:3000/healthz")
        );
        assert_eq!(
            default_url("bot-a:8080").as_deref(),
            Some("http://bot-a:8080/healthz")
        );
        assert_eq!(default_url("  "), None);
    }
}
