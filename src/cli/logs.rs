//! Where the logs go: standard error, filtered by `RUST_LOG` (default `warn,kibitz=info`),
//! as text for a person or (`KIBITZ_LOG_FORMAT=json`) one JSON object a line.

/// Installs the log subscriber; `true` when the logs are JSON lines, so that a failure is
/// reported as one too (a collector reading JSON lines would stumble over a bare text line).
pub fn init() -> bool {
    let json = std::env::var("KIBITZ_LOG_FORMAT").is_ok_and(|format| format.trim() == "json");
    let logs = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,kibitz=info")),
        );
    // JSON lines for a log collector; anything else keeps the text a person reads.
    if json {
        logs.json().init();
    } else {
        logs.init();
    }
    json
}
