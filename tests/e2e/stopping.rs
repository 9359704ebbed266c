//! Clean stops of the real binary: SIGTERM mid-game on each platform finishes the work in
//! hand (a reply on its way, an interaction being answered) and exits within 10 s; after the
//! restart nothing was lost and nothing is answered twice. A second signal stops at once.

use crate::support::{board_size, scripted_game};
use crate::telegram::{alice, bob, photo_caption};
use crate::{discord_standin, telegram_standin};
use serde_json::json;
use std::io::Read;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// `kibitz run` as a child process, its standard error collected as it comes.
struct Bot {
    child: Child,
    stderr: Arc<Mutex<Vec<u8>>>,
}

impl Bot {
    fn start(env: &[(&str, &str)], database: &Path) -> Bot {
        let mut command = Command::new(env!("CARGO_BIN_EXE_kibitz"));
        command
            .arg("run")
            .env("DATABASE_URL", format!("sqlite://{}", database.display()))
            .env("RUST_LOG", "warn,kibitz=debug")
            .env_remove("DISCORD_TOKEN")
            .env_remove("TELEGRAM_BOT_TOKEN")
            .env_remove("KIBITZ_HTTP_ADDR")
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
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(read @ 1..) = pipe.read(&mut buffer) {
                sink.lock().unwrap().extend_from_slice(&buffer[..read]);
            }
        });
        Bot { child, stderr }
    }

    fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.stderr.lock().unwrap()).into_owned()
    }

    async fn wait_for_log(&self, marker: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while !self.stderr().contains(marker) {
            if Instant::now() > deadline {
                let log = self.stderr();
                let tail = &log[log.len().saturating_sub(4000)..];
                panic!("no {marker:?} in the log:\n…{tail}");
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    fn signal(&self, name: &str) {
        let sent = Command::new("kill")
            .args([name, &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "{name} was not sent");
    }

    /// Waits (at most 15 s) for the process to end; its exit status and how long it took.
    async fn ended(mut self) -> (ExitStatus, Duration, String) {
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("kibitz can be waited for") {
                // The reader thread may still hold the last lines.
                tokio::time::sleep(Duration::from_millis(50)).await;
                return (status, started.elapsed(), self.stderr());
            }
            if started.elapsed() > Duration::from_secs(15) {
                let _ = self.child.kill();
                panic!("kibitz did not end:\n{}", self.stderr());
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// SIGTERM, then the end: it must be clean and within 10 s.
    async fn terminate(self) -> String {
        self.signal("-TERM");
        let (status, took, stderr) = self.ended().await;
        assert!(status.success(), "{status}:\n{stderr}");
        assert!(took < Duration::from_secs(10), "took {took:?}:\n{stderr}");
        stderr
    }
}

const GROUP: i64 = crate::telegram::GROUP;

/// The Telegram stand-in's calls since `before` that sent a photo captioned with `what`.
fn photos_of(standin: &telegram_standin::StandIn, what: &str) -> usize {
    standin
        .calls()
        .iter()
        .filter(|c| c.method == "sendphoto" && c.answered() && c.text().contains(what))
        .count()
}

async fn telegram_say(
    standin: &telegram_standin::StandIn,
    person: &telegram_standin::Person,
    text: &str,
    expect: &str,
) -> Vec<telegram_standin::Call> {
    let before = standin.calls().len();
    standin.push(json!({"message": telegram_standin::message(GROUP, person, 1, text)}));
    let calls = standin
        .wait_for(&format!("the answer to {text:?}"), |calls| {
            calls[before..]
                .iter()
                .any(|c| c.answered() && c.method.starts_with("send") && c.text().contains(expect))
        })
        .await;
    calls[before..].to_vec()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_mid_game_on_telegram_loses_nothing_and_repeats_nothing() {
    let standin = telegram_standin::StandIn::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("kibitz.db");
    let env = [
        ("TELEGRAM_BOT_TOKEN", telegram_standin::TOKEN),
        ("TELEGRAM_API_URL", standin.url.as_str()),
    ];
    let seed = 31;
    let (moves, _) = scripted_game(seed);
    let bot = Bot::start(&env, &database);
    bot.wait_for_log("this process polls Telegram").await;
    telegram_say(&standin, &bob(), "/help", "challenge").await;
    let challenge = format!("/challenge @bob knight-fight seed:{seed}");
    telegram_say(&standin, &alice(), &challenge, "Alice challenges Bob").await;
    telegram_say(&standin, &bob(), "/accept", "begins").await;
    let first = format!("Alice played {}", moves[0]);
    telegram_say(&standin, &alice(), &moves[0], &first).await;

    // Bob's move is handled and its picture is on its way (Telegram is slow to take it) when
    // the stop comes: the send is finished, not dropped.
    standin.slow_next("sendPhoto", Duration::from_millis(1500), 1);
    standin.push(json!({"message": telegram_standin::message(GROUP, &bob(), 2, &moves[1])}));
    let deadline = Instant::now() + Duration::from_secs(30);
    while standin.slow_arrivals() == 0 {
        assert!(Instant::now() < deadline, "the picture never went out");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let stderr = bot.terminate().await;
    assert!(stderr.contains("Telegram chat stopped"), "{stderr}");
    let second = format!("Bob played {}", moves[1]);
    assert_eq!(photos_of(&standin, &second), 1, "delivered before the end");

    // Restarted: the game goes on where it was, and nothing is sent again.
    let bot = Bot::start(&env, &database);
    let third = format!("Alice played {}", moves[2]);
    let calls = telegram_say(&standin, &alice(), &moves[2], &third).await;
    let caption = photo_caption(&calls, board_size(), &moves[2]);
    assert!(caption.contains(&third), "{caption}");
    bot.terminate().await;
    assert_eq!(photos_of(&standin, &second), 1, "not sent again");
    assert_eq!(photos_of(&standin, &first), 1);
    assert_eq!(photos_of(&standin, &third), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_mid_interaction_on_discord_answers_it_before_the_end() {
    use discord_standin::{StandIn, TOKEN, text};
    let standin = StandIn::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("kibitz.db");
    let env = [
        ("DISCORD_TOKEN", TOKEN),
        ("DISCORD_API_BASE", standin.url.as_str()),
    ];
    let bot = Bot::start(&env, &database);
    standin.ready().await;
    let alice = crate::discord::alice();
    // The answer to the command is slow to be taken; the stop comes while it is on its way.
    standin.slow_next("/callback", Duration::from_millis(1500), 1);
    let id = standin.send_command(&alice, "ambit", &[text("level", "easy")]);
    bot.wait_for_log(&format!("interaction={id}")).await;
    let stderr = bot.terminate().await;
    assert!(stderr.contains("Discord chat stopped"), "{stderr}");
    let answers: Vec<_> = standin
        .calls()
        .into_iter()
        .filter(|c| c.path.contains(&format!("/interactions/{id}/")) && c.answered())
        .collect();
    assert_eq!(
        answers.len(),
        1,
        "answered once before the end: {answers:#?}"
    );

    // Restarted: the puzzle it started is there, and the old interaction is not answered again.
    let bot = Bot::start(&env, &database);
    standin
        .wait_for("the restarted bot's commands", |calls| {
            let registered =
                |c: &&discord_standin::Call| c.answered() && c.path.ends_with("/commands");
            calls.iter().filter(registered).count() == 2
        })
        .await;
    let calls = standin.command(&alice, "giveup", &[], &[]).await;
    assert!(
        calls
            .iter()
            .any(|c| c.body.to_string().contains("Puzzle ended")),
        "the puzzle survived the stop: {calls:#?}"
    );
    bot.terminate().await;
    let again = standin
        .calls()
        .into_iter()
        .filter(|c| c.path.contains(&format!("/interactions/{id}/")))
        .count();
    assert_eq!(again, 1, "the first interaction was answered once in all");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_signal_stops_at_once() {
    let standin = telegram_standin::StandIn::start().await;
    let dir = tempfile::tempdir().unwrap();
    let env = [
        ("TELEGRAM_BOT_TOKEN", telegram_standin::TOKEN),
        ("TELEGRAM_API_URL", standin.url.as_str()),
    ];
    let bot = Bot::start(&env, &dir.path().join("kibitz.db"));
    bot.wait_for_log("this process polls Telegram").await;
    telegram_say(&standin, &bob(), "/help", "challenge").await;
    // A reply that Telegram holds for 20 s would keep a clean stop waiting past its limit.
    standin.slow_next("sendMessage", Duration::from_secs(20), 1);
    standin.push(json!({"message": telegram_standin::message(GROUP, &bob(), 3, "/games")}));
    while standin.slow_arrivals() == 0 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    bot.signal("-TERM");
    bot.wait_for_log("a second signal stops at once").await;
    bot.signal("-INT");
    let (status, took, stderr) = bot.ended().await;
    assert_eq!(status.code(), Some(130), "{stderr}");
    assert!(took < Duration::from_secs(2), "took {took:?}");
    assert!(stderr.contains("stopping at once"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_in_webhook_mode_answers_pushes_until_sigterm_then_refuses_them() {
    let standin = telegram_standin::StandIn::start().await;
    let dir = tempfile::tempdir().unwrap();
    let addr = format!("127.0.0.1:{}", crate::support::closed_port());
    let secret = "binary-webhook-secret";
    let env = [
        ("TELEGRAM_BOT_TOKEN", telegram_standin::TOKEN),
        ("TELEGRAM_API_URL", standin.url.as_str()),
        ("TELEGRAM_WEBHOOK_URL", "https://bot.example.org/tg"),
        ("TELEGRAM_WEBHOOK_SECRET", secret),
        ("KIBITZ_HTTP_ADDR", addr.as_str()),
    ];
    let bot = Bot::start(&env, &dir.path().join("kibitz.db"));
    bot.wait_for_log("Telegram chat: webhook").await;
    standin
        .wait_for("the webhook set", |calls| {
            calls
                .iter()
                .any(|c| c.method == "setwebhook" && c.answered())
        })
        .await;
    // The link is up once the adapter has read Telegram's answer to setWebhook, a moment
    // after the stand-in sent it: ready within 10 s, not at the first probe.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let ready = reqwest::get(format!("http://{addr}/readyz")).await.unwrap();
        if ready.status() == 200 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "not ready 10 s after the webhook was set: {}",
            ready.text().await.unwrap_or_default()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let update =
        standin.numbered(json!({"message": telegram_standin::message(GROUP, &bob(), 1, "/games")}));
    assert_eq!(standin.push_to(&addr, secret, &update).await, 200);
    standin
        .wait_for("the pushed update's reply", |calls| {
            calls
                .iter()
                .any(|c| c.method == "sendmessage" && c.text().contains("No games"))
        })
        .await;
    assert!(
        standin.calls().iter().all(|c| c.method != "getupdates"),
        "no polling in webhook mode"
    );
    // Telegram pushes it again (it missed the 200), and someone without the secret tries.
    assert_eq!(standin.push_to(&addr, secret, &update).await, 200);
    assert_eq!(standin.push_to(&addr, "guess", &update).await, 401);
    let metrics = reqwest::get(format!("http://{addr}/metrics"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    for outcome in ["handled", "repeated", "refused"] {
        let line = format!("kibitz_webhook_updates_total{{outcome=\"{outcome}\"}} 1");
        assert!(metrics.lines().any(|l| l == line), "{line} in:\n{metrics}");
    }
    let stderr = bot.terminate().await;
    assert!(!stderr.contains(secret), "the webhook secret was logged");
    assert!(stderr.contains("Telegram chat stopped"), "{stderr}");
    assert_eq!(
        standin.push_to(&addr, secret, &update).await,
        0,
        "the listener is closed after the stop"
    );
}
