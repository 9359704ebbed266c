//! `/metrics`: what the bot counts and times, in Prometheus' text format.
//!
//! The bot records through the `metrics` crate's macros where things happen (the service's
//! entry point, the renderer, the store calls of a command, each platform request, the
//! Telegram sender, the daily scheduler); `kibitz run` installs the one recorder, here,
//! when it serves HTTP. Without a recorder (tests, the command line tools) recording does
//! nothing. Every label value comes from a closed set: platforms, command words, outcomes,
//! request names, HTTP statuses, picture kinds, steps. No id and nothing anyone wrote is
//! ever a label value, since each value becomes a time series kept for ever.

use super::HttpError;
use axum::Router;
use axum::http::header;
use axum::routing::get;
use metrics::Unit;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle, PrometheusRecorder};
use std::time::Duration;

/// Histogram buckets (seconds) for everything timed: from a millisecond (a cached
/// command) to a minute (a daily post made at start-up, hours late, lands in `+Inf`).
const BUCKETS: [f64; 14] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 60.0,
];

/// How often histograms are folded when nobody scrapes: without it a process nobody
/// scrapes would keep every sample it records.
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// Every metric the bot records, with its type, unit and help line.
const METRICS: [(&str, Kind, Unit, &str); 9] = [
    (
        "kibitz_commands_total",
        Kind::Counter,
        Unit::Count,
        "Lines handled by the service, by platform, command word and outcome.",
    ),
    (
        "kibitz_command_seconds",
        Kind::Histogram,
        Unit::Seconds,
        "Time from a line reaching the service to its replies being ready.",
    ),
    (
        "kibitz_picture_seconds",
        Kind::Histogram,
        Unit::Seconds,
        "Time to draw and encode one PNG, by picture kind.",
    ),
    (
        "kibitz_store_seconds",
        Kind::Histogram,
        Unit::Seconds,
        "Database time of a command: the reads every command starts with (context) and the commit of a game (save_game).",
    ),
    (
        "kibitz_platform_calls_total",
        Kind::Counter,
        Unit::Count,
        "Tries of platform API requests, by platform, request, HTTP status and its class.",
    ),
    (
        "kibitz_outbox_depth",
        Kind::Gauge,
        Unit::Count,
        "Telegram replies this process's sender has read from the outbox and not yet delivered.",
    ),
    (
        "kibitz_daily_posts_total",
        Kind::Counter,
        Unit::Count,
        "Daily puzzle posts made or failed, by platform.",
    ),
    (
        "kibitz_daily_post_lag_seconds",
        Kind::Histogram,
        Unit::Seconds,
        "How late a daily post went out against the time its chat set.",
    ),
    (
        "kibitz_webhook_updates_total",
        Kind::Counter,
        Unit::Count,
        "Telegram webhook pushes, by outcome: handled, repeated (handled before), busy (another process has it: 503), failed, refused (wrong secret), unreadable, stopping.",
    ),
];

#[derive(Clone, Copy)]
enum Kind {
    Counter,
    Gauge,
    Histogram,
}

/// The recorder, not installed: its handle renders what was recorded through it. Tests use
/// it with `metrics::with_local_recorder`.
pub fn recorder() -> Result<PrometheusRecorder, HttpError> {
    let recorder = PrometheusBuilder::new()
        .set_buckets(&BUCKETS)
        .map_err(|error| HttpError::Metrics(error.to_string()))?
        .build_recorder();
    // Descriptions go to the recorder they are given to: the local one in tests.
    metrics::with_local_recorder(&recorder, describe);
    Ok(recorder)
}

/// Installs the process's recorder (once: a second call is an error) and keeps its
/// histograms folded; the handle renders `/metrics`. Call it inside the runtime.
pub fn install() -> Result<PrometheusHandle, HttpError> {
    let recorder = recorder()?;
    let handle = recorder.handle();
    metrics::set_global_recorder(recorder)
        .map_err(|error| HttpError::Metrics(error.to_string()))?;
    let upkeep = handle.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(UPKEEP_EVERY);
        loop {
            every.tick().await;
            upkeep.run_upkeep();
        }
    });
    Ok(handle)
}

fn describe() {
    for (name, kind, unit, help) in METRICS {
        match kind {
            Kind::Counter => metrics::describe_counter!(name, unit, help),
            Kind::Gauge => metrics::describe_gauge!(name, unit, help),
            Kind::Histogram => metrics::describe_histogram!(name, unit, help),
        }
    }
}

/// `/metrics`, rendered from `handle`.
pub fn metrics_routes(handle: PrometheusHandle) -> Router {
    Router::new().route(
        "/metrics",
        get(move || {
            let handle = handle.clone();
            async move {
                (
                    [(
                        header::CONTENT_TYPE,
                        "text/plain; version=0.0.4; charset=utf-8",
                    )],
                    handle.render(),
                )
            }
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::{ChatInfo, Incoming, Platform, UserInfo};
    use crate::{Catalogue, Renderer, Service, Store};
    use std::collections::BTreeMap;
    use std::sync::Arc;

    /// One sample line of the text format: `name{label="value",…} value`.
    #[derive(Debug)]
    struct Sample {
        name: String,
        labels: BTreeMap<String, String>,
        value: f64,
    }

    /// Reads Prometheus' text format strictly: `# HELP name text`, `# TYPE name kind` and
    /// sample lines, nothing else; the types by name.
    fn parse(text: &str) -> (Vec<Sample>, BTreeMap<String, String>) {
        let mut samples = Vec::new();
        let mut types = BTreeMap::new();
        for line in text.lines().filter(|line| !line.is_empty()) {
            if let Some(comment) = line.strip_prefix("# ") {
                let mut words = comment.splitn(3, ' ');
                let (what, name, rest) = (words.next(), words.next(), words.next());
                match (what, name, rest) {
                    (Some("HELP"), Some(_), Some(help)) => assert!(!help.is_empty(), "{line}"),
                    (Some("TYPE"), Some(name), Some(kind)) => {
                        assert!(
                            ["counter", "gauge", "histogram", "summary"].contains(&kind),
                            "{line}"
                        );
                        types.insert(name.to_string(), kind.to_string());
                    }
                    _ => panic!("not a HELP or TYPE line: {line}"),
                }
                continue;
            }
            samples.push(sample(line));
        }
        (samples, types)
    }

    fn sample(line: &str) -> Sample {
        let (series, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("{line}"));
        let value = match value {
            "+Inf" => f64::INFINITY,
            value => value.parse().unwrap_or_else(|_| panic!("value of {line}")),
        };
        let (name, labels) = match series.split_once('{') {
            None => (series, BTreeMap::new()),
            Some((name, rest)) => {
                let inner = rest.strip_suffix('}').unwrap_or_else(|| panic!("{line}"));
                let labels = inner
                    .split(',')
                    .map(|pair| {
                        let (key, quoted) =
                            pair.split_once('=').unwrap_or_else(|| panic!("{line}"));
                        let value = quoted
                            .strip_prefix('"')
                            .and_then(|v| v.strip_suffix('"'))
                            .unwrap_or_else(|| panic!("unquoted label in {line}"));
                        (key.to_string(), value.to_string())
                    })
                    .collect();
                (name, labels)
            }
        };
        assert!(
            name.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':'),
            "metric name of {line}"
        );
        Sample {
            name: name.to_string(),
            labels,
            value,
        }
    }

    fn value(samples: &[Sample], name: &str, labels: &[(&str, &str)]) -> Option<f64> {
        samples
            .iter()
            .find(|s| {
                s.name == name
                    && labels
                        .iter()
                        .all(|(k, v)| s.labels.get(*k).map(String::as_str) == Some(*v))
            })
            .map(|s| s.value)
    }

    fn line(text: &str) -> Incoming {
        Incoming {
            platform: Platform::Telegram,
            chat: ChatInfo {
                id: "-100777".to_string(),
                title: None,
                private: false,
                community: None,
                thread: None,
            },
            user: UserInfo {
                id: "4711".to_string(),
                name: "Zq7Name".to_string(),
                handle: None,
            },
            text: text.to_string(),
            locale: None,
            mentions: Vec::new(),
            admin: false,
            membership: None,
            pressed: false,
        }
    }

    /// A platform that takes every post.
    struct Accepting;

    impl crate::bot::schedule::Poster for Accepting {
        async fn post(
            &self,
            _chat: &str,
            _replies: Vec<crate::bot::Outgoing>,
        ) -> Result<(), String> {
            Ok(())
        }
    }

    /// The real service answers lines under a local recorder (a current-thread runtime, so
    /// every task records on this thread); `/metrics` then serves what they recorded, in the
    /// text format, every series under its name with the right count.
    #[test]
    fn metrics_serves_what_the_service_recorded_in_the_text_format() {
        let recorder = recorder().unwrap();
        let handle = recorder.handle();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("metrics.db").display());
        let body = metrics::with_local_recorder(&recorder, || {
            runtime.block_on(async {
                let store = Store::connect(&url).await.unwrap();
                let service = Service::new(
                    store.clone(),
                    Arc::new(Renderer::new().unwrap()),
                    Catalogue::load().unwrap(),
                    crate::system_clock(),
                );
                for text in [
                    "/help",
                    "/help",
                    "/rules glacier",
                    "/move Xk9Move",
                    "/board #x",
                ] {
                    assert!(!service.handle(&line(text)).await.is_empty(), "{text}");
                }
                // A daily post due at midnight UTC, made now: counted, and late by the time
                // since midnight.
                let mut admin = line("/settings daily 00:00");
                admin.admin = true;
                assert!(!service.handle(&admin).await.is_empty());
                let round = service
                    .post_due_dailies(Platform::Telegram, "holder", &Accepting)
                    .await
                    .unwrap();
                assert_eq!(round.posted, ["-100777"]);
                // The same route the listener serves.
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                let addr = listener.local_addr().unwrap();
                tokio::spawn(async move { axum::serve(listener, metrics_routes(handle)).await });
                let response = reqwest::get(format!("http://{addr}/metrics"))
                    .await
                    .unwrap();
                assert_eq!(response.status().as_u16(), 200);
                assert!(
                    response.headers()[header::CONTENT_TYPE]
                        .to_str()
                        .unwrap()
                        .starts_with("text/plain; version=0.0.4")
                );
                let body = response.text().await.unwrap();
                store.close().await;
                body
            })
        });
        let (samples, types) = parse(&body);
        let commands = |command: &str, outcome: &str| {
            let labels = [
                ("platform", "telegram"),
                ("command", command),
                ("outcome", outcome),
            ];
            value(&samples, "kibitz_commands_total", &labels)
        };
        assert_eq!(commands("help", "ok"), Some(2.0), "{body}");
        assert_eq!(commands("rules", "ok"), Some(1.0), "{body}");
        // No game to move in: refused, counted under the word, not the move typed.
        assert_eq!(commands("move", "refused"), Some(1.0), "{body}");
        // `#x` is no game number and the error does not say whose: `unknown`.
        assert_eq!(commands("unknown", "refused"), Some(1.0), "{body}");
        assert_eq!(commands("settings", "ok"), Some(1.0), "{body}");
        let posted = [("platform", "telegram"), ("outcome", "posted")];
        assert_eq!(
            value(&samples, "kibitz_daily_posts_total", &posted),
            Some(1.0),
            "{body}"
        );
        let seconds_today =
            (crate::system_clock()() % crate::games::time_control::DAY_MS) as f64 / 1000.0;
        let lag = value(
            &samples,
            "kibitz_daily_post_lag_seconds_sum",
            &[("platform", "telegram")],
        )
        .unwrap_or_else(|| panic!("{body}"));
        assert!(lag <= seconds_today && lag > seconds_today - 60.0, "{lag}");
        let latency = [("platform", "telegram"), ("command", "help")];
        assert_eq!(
            value(&samples, "kibitz_command_seconds_count", &latency),
            Some(2.0),
            "{body}"
        );
        let inf = [
            ("platform", "telegram"),
            ("command", "help"),
            ("le", "+Inf"),
        ];
        assert_eq!(
            value(&samples, "kibitz_command_seconds_bucket", &inf),
            Some(2.0),
            "{body}"
        );
        // `rules` draws a picture; every line read its context from the store.
        let glacier = [("picture", "glacier")];
        assert_eq!(
            value(&samples, "kibitz_picture_seconds_count", &glacier),
            Some(1.0),
            "{body}"
        );
        let context = [("step", "context")];
        assert_eq!(
            value(&samples, "kibitz_store_seconds_count", &context),
            Some(6.0),
            "{body}"
        );
        for (name, kind) in [
            ("kibitz_commands_total", "counter"),
            ("kibitz_command_seconds", "histogram"),
            ("kibitz_picture_seconds", "histogram"),
            ("kibitz_store_seconds", "histogram"),
            ("kibitz_daily_posts_total", "counter"),
            ("kibitz_daily_post_lag_seconds", "histogram"),
        ] {
            assert_eq!(types.get(name).map(String::as_str), Some(kind), "{body}");
            assert!(body.contains(&format!("# HELP {name} ")), "{body}");
        }
        // Ids and what was typed are no label values.
        for sample in &samples {
            for value in sample.labels.values() {
                for private in ["-100777", "4711", "Zq7Name", "Xk9Move", "#x"] {
                    assert!(!value.contains(private), "{private} in {sample:?}");
                }
            }
        }
    }

    #[test]
    fn every_metric_is_described_once() {
        let mut names: Vec<&str> = METRICS.iter().map(|(name, ..)| *name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), METRICS.len());
        assert!(names.iter().all(|name| name.starts_with("kibitz_")));
    }
}
