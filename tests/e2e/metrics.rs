//! The real binary's `/metrics` and its logs for operators: `kibitz run` against the Telegram
//! stand-in with `KIBITZ_HTTP_ADDR` set, a few lines played, then `/metrics` scraped and read
//! as Prometheus' text format; `KIBITZ_LOG_FORMAT=json` makes every line of standard error
//! a JSON object.

use crate::support::{closed_port, run_binary_until};
use crate::telegram_standin::{Call, Fault, Person, StandIn, TOKEN, message};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Ids and texts that must never become label values.
const GROUP: i64 = -1_009_876_543;
const SPEAKER: Person = Person {
    id: 7_700_077,
    first_name: "Zq7NameMarker",
    username: Some("zq7marker"),
};
const MOVE_TEXT: &str = "Xk9TextMarker";

/// One sample of the text format: name, labels, value.
type Sample = (String, BTreeMap<String, String>, f64);

/// Reads the text format strictly: `# HELP`/`# TYPE` comments and `name{labels} value`
/// samples, nothing else.
fn parse(text: &str) -> Vec<Sample> {
    let mut samples = Vec::new();
    for line in text.lines().filter(|line| !line.is_empty()) {
        if let Some(comment) = line.strip_prefix("# ") {
            assert!(
                comment.starts_with("HELP kibitz_") || comment.starts_with("TYPE kibitz_"),
                "{line}"
            );
            continue;
        }
        let (series, value) = line.rsplit_once(' ').expect("a value");
        let value: f64 = match value {
            "+Inf" => f64::INFINITY,
            value => value.parse().unwrap_or_else(|_| panic!("{line}")),
        };
        let (name, labels) = match series.split_once('{') {
            None => (series, BTreeMap::new()),
            Some((name, rest)) => {
                let inner = rest.strip_suffix('}').unwrap_or_else(|| panic!("{line}"));
                let labels = inner
                    .split(',')
                    .map(|pair| {
                        let (key, quoted) = pair.split_once('=').expect("key=\"value\"");
                        let value = quoted
                            .strip_prefix('"')
                            .and_then(|v| v.strip_suffix('"'))
                            .unwrap_or_else(|| panic!("{line}"));
                        (key.to_string(), value.to_string())
                    })
                    .collect();
                (name, labels)
            }
        };
        assert!(name.starts_with("kibitz_"), "{line}");
        samples.push((name.to_string(), labels, value));
    }
    samples
}

/// The value of the sample `name` with (at least) `labels`.
fn value(samples: &[Sample], name: &str, labels: &[(&str, &str)]) -> Option<f64> {
    samples
        .iter()
        .find(|(n, l, _)| {
            n == name
                && labels
                    .iter()
                    .all(|(k, v)| l.get(*k).map(String::as_str) == Some(*v))
        })
        .map(|(.., v)| *v)
}

/// `kibitz run` in the background, its standard error collected.
struct Running {
    child: Child,
    stderr: Arc<Mutex<Vec<u8>>>,
    reader: std::thread::JoinHandle<()>,
}

impl Running {
    fn start(env: &[(&str, &str)]) -> Running {
        let mut command = Command::new(env!("CARGO_BIN_EXE_kibitz"));
        command
            .arg("run")
            .env_remove("DISCORD_TOKEN")
            .env_remove("TELEGRAM_BOT_TOKEN")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command.spawn().expect("kibitz starts");
        let mut pipe = child.stderr.take().expect("piped");
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let sink = stderr.clone();
        let reader = std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(read @ 1..) = pipe.read(&mut buffer) {
                sink.lock().unwrap().extend_from_slice(&buffer[..read]);
            }
        });
        Running {
            child,
            stderr,
            reader,
        }
    }

    fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.stderr.lock().unwrap()).into_owned()
    }

    /// Stops it as `docker stop` does (SIGTERM) and waits (bounded); its standard error.
    fn stop(mut self) -> String {
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        let deadline = Instant::now() + Duration::from_secs(20);
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("it can be waited for") {
                break status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("kibitz run did not stop: {}", self.stderr());
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        self.reader.join().expect("stderr is read");
        let stderr = String::from_utf8_lossy(&self.stderr.lock().unwrap()).into_owned();
        assert!(status.success(), "{stderr}");
        stderr
    }
}

/// `/metrics` of the listener at `addr`, asked until it answers (the binary is starting)
/// and shows `done` (the stand-in sees a request a moment before its sender counts it).
async fn scrape_until(addr: &str, done: impl Fn(&[Sample]) -> bool) -> (String, Vec<Sample>) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Ok(response) = reqwest::get(format!("http://{addr}/metrics")).await
            && response.status().is_success()
        {
            let text = response.text().await.expect("a body");
            let samples = parse(&text);
            if done(&samples) || Instant::now() > deadline {
                return (text, samples);
            }
        }
        assert!(Instant::now() < deadline, "no /metrics at {addr}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn answered_sends(calls: &[Call]) -> usize {
    calls
        .iter()
        .filter(|c| c.method == "sendmessage" && c.answered())
        .count()
}

/// Every line of `stderr` is a JSON object with a level and a message.
fn assert_json_lines(stderr: &str) -> Vec<Value> {
    assert!(!stderr.trim().is_empty());
    stderr
        .lines()
        .map(|line| {
            let event: Value = serde_json::from_str(line)
                .unwrap_or_else(|error| panic!("not JSON ({error}): {line}"));
            assert!(event["level"].is_string(), "{line}");
            assert!(event["fields"].is_object(), "{line}");
            event
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_lines_and_platform_calls_and_name_no_one() {
    let standin = StandIn::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("kibitz.db").display());
    let addr = format!("127.0.0.1:{}", closed_port());
    // The first reply meets flood control once: counted as a 429, then sent.
    standin.fail_next("sendMessage", Fault::TooManyRequests { retry_after: 1 }, 1);
    let running = Running::start(&[
        ("TELEGRAM_BOT_TOKEN", TOKEN),
        ("TELEGRAM_API_URL", &standin.url),
        ("DATABASE_URL", &database),
        ("KIBITZ_HTTP_ADDR", &addr),
        ("KIBITZ_LOG_FORMAT", "json"),
        ("RUST_LOG", "debug"),
    ]);
    standin.push(json_message("/help", 1));
    standin.push(json_message(&format!("/move {MOVE_TEXT}"), 2));
    let deadline = Instant::now() + Duration::from_secs(30);
    while answered_sends(&standin.calls()) < 2 {
        assert!(
            Instant::now() < deadline,
            "the replies were not sent: {:#?}\n{}",
            standin.calls(),
            running.stderr()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let telegram = ("platform", "telegram");
    let sent = |samples: &[Sample]| {
        let labels = [telegram, ("call", "sendMessage"), ("status", "200")];
        value(samples, "kibitz_platform_calls_total", &labels) == Some(2.0)
    };
    let (text, samples) = scrape_until(&addr, sent).await;
    assert_eq!(
        value(
            &samples,
            "kibitz_commands_total",
            &[telegram, ("command", "help"), ("outcome", "ok")]
        ),
        Some(1.0),
        "{text}"
    );
    assert_eq!(
        value(
            &samples,
            "kibitz_commands_total",
            &[telegram, ("command", "move"), ("outcome", "refused")]
        ),
        Some(1.0),
        "{text}"
    );
    for command in ["help", "move"] {
        let labels = [telegram, ("command", command)];
        assert_eq!(
            value(&samples, "kibitz_command_seconds_count", &labels),
            Some(1.0),
            "{text}"
        );
    }
    // Every try of a Bot API request, by its status: the 429 and the sends that went through.
    let calls = |call: &str, status: &str| {
        value(
            &samples,
            "kibitz_platform_calls_total",
            &[telegram, ("call", call), ("status", status)],
        )
        .unwrap_or(0.0)
    };
    assert_eq!(calls("sendMessage", "429"), 1.0, "{text}");
    assert_eq!(calls("sendMessage", "200"), 2.0, "{text}");
    assert!(calls("getMe", "200") >= 1.0, "{text}");
    assert!(calls("getUpdates", "200") >= 1.0, "{text}");
    assert_eq!(
        value(
            &samples,
            "kibitz_platform_calls_total",
            &[telegram, ("call", "sendMessage"), ("class", "4xx")]
        ),
        Some(1.0),
        "{text}"
    );
    assert!(
        value(
            &samples,
            "kibitz_store_seconds_count",
            &[("step", "context")]
        )
        .is_some_and(|count| count >= 2.0),
        "{text}"
    );
    // No chat id, user id, name or typed text in any label value.
    let private = [
        GROUP.to_string(),
        GROUP.unsigned_abs().to_string(),
        SPEAKER.id.to_string(),
        SPEAKER.first_name.to_string(),
        "zq7marker".to_string(),
        MOVE_TEXT.to_string(),
    ];
    for (name, labels, _) in &samples {
        for label in labels.values() {
            for secret in &private {
                assert!(
                    !label.contains(secret.as_str()),
                    "{secret} in {name}{labels:?}"
                );
            }
        }
    }
    // The probes are served beside it.
    let health = reqwest::get(format!("http://{addr}/healthz"))
        .await
        .unwrap();
    assert_eq!(health.text().await.unwrap(), "ok\n");
    let stderr = tokio::task::spawn_blocking(move || running.stop())
        .await
        .unwrap();
    let events = assert_json_lines(&stderr);
    // One event a line handled, in its line's span: platform, chat, command, outcome, time.
    let handled: Vec<&Value> = events
        .iter()
        .filter(|e| e["fields"]["message"] == "line handled")
        .collect();
    assert_eq!(handled.len(), 2, "{stderr}");
    let help = handled
        .iter()
        .find(|e| e["span"]["command"] == "help")
        .unwrap_or_else(|| panic!("{stderr}"));
    assert_eq!(help["span"]["platform"], "telegram", "{help}");
    assert_eq!(help["span"]["chat"], GROUP.to_string(), "{help}");
    assert_eq!(help["fields"]["outcome"], "ok", "{help}");
    assert!(help["fields"]["duration_ms"].is_number(), "{help}");
    // Durations are written to a hundredth of a millisecond, without a float's noise.
    for written in stderr.split("\"duration_ms\":").skip(1) {
        let number: String = written
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        let decimals = number.split_once('.').map_or(0, |(_, after)| after.len());
        assert!(decimals <= 2, "duration_ms {number} in:\n{stderr}");
    }
    assert!(stderr.contains("\"duration_ms\":"), "{stderr}");
    for marker in [SPEAKER.first_name, MOVE_TEXT] {
        assert!(!stderr.contains(marker), "{marker} in the log:\n{stderr}");
    }
}

/// An update with a message of [`SPEAKER`] in [`GROUP`].
fn json_message(text: &str, id: i64) -> Value {
    serde_json::json!({ "message": message(GROUP, &SPEAKER, id, text) })
}

/// `json` is the only word that switches the format; unset or anything else is today's text.
#[test]
fn the_log_format_is_json_only_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("kibitz.db").display());
    let run = |format: Option<&str>| {
        let mut env = vec![("RUST_LOG", "debug")];
        if let Some(format) = format {
            env.push(("KIBITZ_LOG_FORMAT", format));
        }
        let output = run_binary_until(&env, &database, None);
        assert!(output.status.success());
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    let json = run(Some("json"));
    let events = assert_json_lines(&json);
    assert!(
        events
            .iter()
            .any(|e| e["fields"]["message"] == "input ended"),
        "{json}"
    );
    for format in [None, Some("text"), Some("JSONL")] {
        let text = run(format);
        assert!(text.contains("input ended"), "{text}");
        assert!(
            text.lines()
                .all(|line| serde_json::from_str::<Value>(line).is_err()),
            "{format:?}: {text}"
        );
    }
}
