//! The Telegram adapter with teloxide against the Bot API stand-in: whole games by chat, the
//! Accept button, restarts and crashes, platform faults, refusals.

use crate::support::scripted_game;
use crate::telegram_standin::{
    BOT_NAME, Call, Fault, Person, STRANGER, StandIn, TOKEN, button_press, message, photo_press,
    replying_to, with_text_mention,
};
use kibitz::chat::pacing::Limits;
use kibitz::chat::telegram::{self, RetryPolicy, TelegramConfig, TelegramError};
use kibitz::games::knight_fight::Position;
use kibitz::store::GameId;
use kibitz::store::{GameRecord, MoveRecord};
use kibitz::{Catalogue, Renderer, Service, Side, Status, Store, TwoPlayerGame, system_clock};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;

pub(crate) const GROUP: i64 = -1_001_234;

pub(crate) fn alice() -> Person {
    Person {
        id: 11,
        first_name: "Alice",
        username: Some("alice"),
    }
}

pub(crate) fn bob() -> Person {
    Person {
        id: 22,
        first_name: "Bob",
        username: Some("bob"),
    }
}

pub(crate) fn carol() -> Person {
    Person {
        id: 33,
        first_name: "Carol",
        username: Some("carol"),
    }
}

/// The adapter running as a task, as `kibitz run` runs it.
pub(crate) struct Adapter {
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<Result<(), TelegramError>>,
    pub(crate) store: Store,
}

pub(crate) fn config(standin: &StandIn) -> TelegramConfig {
    let mut config = TelegramConfig::new(TOKEN);
    config.api_url = Some(standin.url.clone());
    config.poll_timeout = Duration::from_secs(1);
    config.daily_every = Duration::from_millis(200);
    config.poll_lease = Duration::from_secs(3);
    config.request_timeout = Duration::from_secs(3);
    config.retry = RetryPolicy {
        attempts: 4,
        first_delay: Duration::from_millis(100),
        max_delay: Duration::from_secs(1),
        max_retry_after: Duration::from_secs(2),
    };
    // Telegram's own limits would stretch a test game over minutes; pacing has unit tests.
    config.limits = Limits {
        overall_per_second: 10_000,
        chat_per_second: 10_000,
        group_per_minute: 1_000_000,
    };
    // The stand-in allows what the bot is told it may send, or it would answer 429s that
    // these tests do not look for.
    standin.enforce(config.limits);
    config
}

async fn start(standin: &StandIn, database: &Path) -> Adapter {
    start_with(standin, database, config(standin)).await
}

async fn start_with(standin: &StandIn, database: &Path, config: TelegramConfig) -> Adapter {
    start_on_clock(standin, database, config, system_clock()).await
}

async fn start_on_clock(
    _standin: &StandIn,
    database: &Path,
    config: TelegramConfig,
    clock: kibitz::bot::Clock,
) -> Adapter {
    let store = Store::connect(&format!("sqlite://{}", database.display()))
        .await
        .unwrap();
    let service = Arc::new(Service::new(
        store.clone(),
        Arc::new(Renderer::new().unwrap()),
        Catalogue::load().unwrap(),
        clock,
    ));
    // Every step of a review saved and shown: a test's short game shows its progress.
    service.set_review_save_every(Duration::ZERO);
    let (stop, shutdown) = watch::channel(false);
    let task = tokio::spawn(async move { telegram::run(&service, config, shutdown).await });
    Adapter { stop, task, store }
}

impl Adapter {
    /// Asks it to stop and waits (bounded) until it has.
    pub(crate) async fn stop(self) {
        let _ = self.stop.send(true);
        let result = tokio::time::timeout(Duration::from_secs(10), self.task)
            .await
            .expect("the adapter stops within 10 s")
            .expect("the adapter task does not panic");
        assert!(result.is_ok(), "the adapter ended with {result:?}");
        self.store.close().await;
    }

    /// Kills it wherever it is, as a crash would.
    async fn crash(self) {
        self.task.abort();
        let _ = self.task.await;
        self.store.close().await;
    }
}

pub(crate) struct Setup {
    pub(crate) standin: StandIn,
    dir: tempfile::TempDir,
    /// The test's own look into the database, once an adapter made it.
    probe: tokio::sync::OnceCell<Store>,
}

impl Setup {
    pub(crate) async fn new() -> Setup {
        Setup {
            standin: StandIn::start().await,
            dir: tempfile::tempdir().unwrap(),
            probe: tokio::sync::OnceCell::new(),
        }
    }

    /// Sends one update and waits until it is handled (the adapter polls past it) and every
    /// reply it queued is sent (the outbox is empty again): sending runs beside polling.
    /// The calls other than `getUpdates` made meanwhile.
    async fn exchange(&self, kind: serde_json::Value) -> Vec<Call> {
        let before = self.standin.calls().len();
        self.standin.exchange(kind).await;
        let url = format!("sqlite://{}", self.database().display());
        let store = self
            .probe
            .get_or_init(|| async { Store::connect(&url).await.unwrap() })
            .await;
        let deadline = Instant::now() + Duration::from_secs(30);
        while !store
            .outbox(kibitz::Platform::Telegram, 1)
            .await
            .unwrap()
            .is_empty()
        {
            assert!(Instant::now() < deadline, "replies still queued after 30 s");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        self.standin.calls()[before..]
            .iter()
            .filter(|c| c.method != "getupdates")
            .cloned()
            .collect()
    }

    fn database(&self) -> PathBuf {
        self.dir.path().join("kibitz.db")
    }

    pub(crate) async fn adapter(&self) -> Adapter {
        start(&self.standin, &self.database()).await
    }

    /// `person` writes `text` in the group; the calls the adapter made in answer.
    pub(crate) async fn say(&self, person: &Person, text: &str) -> Vec<Call> {
        self.exchange(json!({"message": message(GROUP, person, 1, text)}))
            .await
    }

    /// Like `say`, expecting one answered text message; its text.
    pub(crate) async fn text_reply(&self, person: &Person, text: &str) -> String {
        let calls = self.say(person, text).await;
        // A daily post (a photo) may go out meanwhile.
        let sent: Vec<&Call> = replies(&calls)
            .into_iter()
            .filter(|c| c.method == "sendmessage")
            .collect();
        assert_eq!(sent.len(), 1, "{text}: one reply expected, got {calls:#?}");
        assert_eq!(sent[0].method, "sendmessage", "{text}");
        assert_eq!(sent[0].chat(), GROUP);
        sent[0].text().to_string()
    }
}

/// Whether the button press `id` was answered among `calls`.
fn answered_press(calls: &[Call], id: &str) -> bool {
    calls.iter().any(|c| {
        c.answered() && c.method == "answercallbackquery" && c.params["callback_query_id"] == id
    })
}

/// The answered sends among `calls`.
pub(crate) fn replies(calls: &[Call]) -> Vec<&Call> {
    calls
        .iter()
        .filter(|c| c.answered() && (c.method == "sendmessage" || c.method == "sendphoto"))
        .collect()
}

/// The one photo among `calls`: its caption, after checking its PNG.
pub(crate) fn photo_caption(calls: &[Call], size: (u32, u32), what: &str) -> String {
    let sent = replies(calls);
    assert_eq!(sent.len(), 1, "{what}: one reply expected, got {calls:#?}");
    let photo = sent[0];
    assert_eq!(photo.method, "sendphoto", "{what}: {calls:#?}");
    assert_eq!(photo.chat(), GROUP);
    let bytes = photo
        .file
        .as_ref()
        .expect("the photo's bytes were uploaded");
    let picture = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .unwrap_or_else(|e| panic!("{what}: not a PNG: {e}"));
    assert_eq!((picture.width(), picture.height()), size, "{what}");
    photo.text().to_string()
}

pub(crate) fn advance(position: &mut Position, mv: &str) {
    let parsed = position.parse_move(mv).unwrap();
    position.play(parsed).unwrap();
}

pub(crate) fn score_line(position: &Position) -> String {
    format!(
        "Alice {} : {} Bob",
        position.score(Side::White),
        position.score(Side::Black)
    )
}

/// The line a move is typed as: `/move@bot X`, `/move X` or a bare `X`, taking turns.
pub(crate) fn move_text(ply: usize, mv: &str) -> String {
    match ply % 3 {
        0 => format!("/move@{BOT_NAME} {mv}"),
        1 => format!("/move {mv}"),
        _ => mv.to_string(),
    }
}

/// Plays `moves[range]` of the game on `seed`, checking every picture and caption.
async fn play_moves(setup: &Setup, seed: u64, moves: &[String], range: std::ops::Range<usize>) {
    let size = crate::support::board_size();
    let mut position = Position::start(seed);
    for mv in &moves[..range.start] {
        advance(&mut position, mv);
    }
    for ply in range {
        let mv = &moves[ply];
        let (player, name) = if ply % 2 == 0 {
            (alice(), "Alice")
        } else {
            (bob(), "Bob")
        };
        advance(&mut position, mv);
        let calls = setup.say(&player, &move_text(ply, mv)).await;
        let caption = photo_caption(&calls, size, mv);
        assert!(
            caption.contains(&format!("{name} played {mv}")),
            "{caption}"
        );
        assert!(caption.contains(&score_line(&position)), "{caption}");
    }
}

/// Alice challenges Bob (who has spoken before) in the group and Bob accepts.
async fn challenge_and_accept(setup: &Setup, seed: u64) {
    let help = setup.text_reply(&bob(), &format!("/help@{BOT_NAME}")).await;
    assert!(help.contains("challenge"), "{help}");
    let calls = setup
        .say(
            &alice(),
            &format!("/challenge@{BOT_NAME} @bob knight-fight seed:{seed}"),
        )
        .await;
    let sent = replies(&calls);
    assert_eq!(sent.len(), 1, "{calls:#?}");
    assert!(
        sent[0].text().contains("Alice challenges Bob"),
        "{}",
        sent[0].text()
    );
    assert_eq!(
        sent[0].buttons(),
        [
            ("Accept".to_string(), "accept 1".to_string()),
            ("Decline".to_string(), "decline 1".to_string())
        ]
    );
    let calls = setup.say(&bob(), &format!("/accept@{BOT_NAME}")).await;
    let caption = photo_caption(&calls, crate::support::board_size(), "accept");
    assert!(
        caption.contains("Game #1 of Knight Fight begins"),
        "{caption}"
    );
}

fn expected_result(finale: &Position) -> &'static str {
    let Status::Over(outcome) = finale.status() else {
        panic!("the scripted game ended");
    };
    match outcome.winner {
        Some(Side::White) => "Alice wins (no moves left)",
        Some(Side::Black) => "Bob wins (no moves left)",
        None => "Draw (no moves left)",
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_is_played_in_a_group() {
    let started = Instant::now();
    let seed = 31;
    let (moves, finale) = scripted_game(seed);
    assert!(moves.len() > 10);
    let setup = Setup::new().await;
    let adapter = setup.adapter().await;
    challenge_and_accept(&setup, seed).await;
    // The command menu was published at start-up, from the catalogue.
    let calls = setup.standin.calls();
    let menu = calls
        .iter()
        .find(|c| c.method == "setmycommands")
        .expect("setMyCommands was called");
    let commands: Vec<&str> = menu.params["commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["command"].as_str().unwrap())
        .collect();
    assert_eq!(commands[..4], ["help", "rules", "play", "challenge"]);
    assert!(
        menu.params["commands"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| !c["description"].as_str().unwrap().is_empty())
    );
    // And once per other language, with the descriptions in it.
    let russian = calls
        .iter()
        .find(|c| c.method == "setmycommands" && c.params["language_code"] == "ru")
        .expect("a Russian menu");
    let first = russian.params["commands"][0]["description"]
        .as_str()
        .unwrap();
    assert!(first.chars().any(|c| ('а'..='я').contains(&c)), "{first}");
    assert_eq!(russian.params["commands"][0]["command"], "help");
    assert!(
        calls
            .iter()
            .any(|c| c.method == "setmycommands" && c.params["language_code"] == "nb")
    );
    play_moves(&setup, seed, &moves, 0..moves.len()).await;
    let calls = setup.say(&alice(), "/board").await;
    let caption = photo_caption(&calls, crate::support::board_size(), "board");
    assert!(caption.contains(expected_result(&finale)), "{caption}");
    assert!(caption.contains(&score_line(&finale)), "{caption}");
    let game = adapter.store.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.plies as usize, moves.len());
    adapter.stop().await;
    // Every call was answered: nothing failed on the way.
    assert!(setup.standin.calls().iter().all(Call::answered));
    eprintln!(
        "telegram: a {}-move game with {} pictures took {:?}",
        moves.len(),
        moves.len() + 2,
        started.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_is_accepted_with_the_button() {
    let setup = Setup::new().await;
    let adapter = setup.adapter().await;
    let calls = setup.say(&alice(), "/challenge knight-fight seed:3").await;
    let sent = replies(&calls);
    assert_eq!(sent.len(), 1);
    assert!(
        sent[0]
            .text()
            .contains("open Knight Fight (3 days a move) challenge")
    );
    let buttons = sent[0].buttons();
    assert_eq!(
        buttons,
        [("Accept".to_string(), "accept 1".to_string())],
        "{calls:#?}"
    );
    // Bob, never seen before, presses Accept.
    let press = button_press(GROUP, &bob(), "press-1", 501, &buttons[0].1);
    let calls = setup.exchange(json!({"callback_query": press})).await;
    // The press is answered (its spinner stops) beside the replies, not behind them.
    assert!(answered_press(&calls, "press-1"), "{calls:#?}");
    let caption = photo_caption(&calls, crate::support::board_size(), "accept by button");
    assert!(
        caption.contains("Alice (White) against Bob (Black)"),
        "{caption}"
    );
    // A second press of the same button is answered too, and explained.
    let press = button_press(GROUP, &carol(), "press-2", 501, "accept 1");
    let calls = setup.exchange(json!({"callback_query": press})).await;
    assert!(answered_press(&calls, "press-2"), "{calls:#?}");
    assert_eq!(replies(&calls).len(), 1, "{calls:#?}");
    adapter.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_opponent_is_named_by_a_reply_or_a_text_mention() {
    let setup = Setup::new().await;
    let adapter = setup.adapter().await;
    // Dave has no username and never spoke: a text mention carries him.
    let dave = Person {
        id: 44,
        first_name: "Dave",
        username: None,
    };
    let line = with_text_mention(
        message(GROUP, &alice(), 7, "/challenge Dave knight-fight"),
        "Dave",
        &dave,
    );
    let calls = setup.exchange(json!({"message": line})).await;
    assert!(replies(&calls)[0].text().contains("Alice challenges Dave"));
    // Erin wrote something; Alice answers it with a challenge.
    let erin = Person {
        id: 55,
        first_name: "Erin",
        username: None,
    };
    let original = message(GROUP, &erin, 8, "anyone for a game?");
    let line = replying_to(
        message(GROUP, &alice(), 9, "/challenge knight-fight"),
        original,
    );
    let calls = setup.exchange(json!({"message": line})).await;
    assert!(
        replies(&calls)[0].text().contains("Alice challenges Erin"),
        "{calls:#?}"
    );
    // A command for another bot in the group is not ours: no reply.
    let calls = setup.say(&alice(), "/help@otherbot").await;
    assert!(replies(&calls).is_empty(), "{calls:#?}");
    adapter.stop().await;
}

/// The `offset` of every `getUpdates` call among `calls`.
fn offsets(calls: &[Call]) -> Vec<Option<i64>> {
    calls
        .iter()
        .filter(|c| c.method == "getupdates")
        .map(|c| c.params["offset"].as_i64())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_and_a_crash_mid_game_lose_and_repeat_nothing() {
    let seed = 8;
    let (moves, finale) = scripted_game(seed);
    assert!(moves.len() > 8);
    let setup = Setup::new().await;
    let first = setup.adapter().await;
    challenge_and_accept(&setup, seed).await;
    play_moves(&setup, seed, &moves, 0..4).await;
    first.stop().await;

    // A new adapter on the same database goes on from the next update.
    let calls_before = setup.standin.calls().len();
    let last_offset = offsets(&setup.standin.calls()).last().copied().flatten();
    let second = setup.adapter().await;
    play_moves(&setup, seed, &moves, 4..6).await;
    let after_restart = setup.standin.calls()[calls_before..].to_vec();
    assert_eq!(
        offsets(&after_restart)[0],
        last_offset,
        "the first poll after the restart goes on from the recorded update"
    );

    // A crash while a reply is on its way: the photo of move 7 is stuck, the adapter dies.
    setup
        .standin
        .fail_next("sendPhoto", Fault::Stall(Duration::from_secs(5)), 1);
    let before = setup.standin.calls().len();
    let id = setup
        .standin
        .push(json!({"message": message(GROUP, &alice(), 1, &moves[6])}));
    setup
        .standin
        .wait_for("the stuck photo", |calls| {
            calls[before..].iter().any(|c| !c.answered())
        })
        .await;
    second.crash().await;
    let third = setup.adapter().await;
    // The owed photo comes first, the update is not handled again, and play goes on.
    let calls = setup
        .standin
        .wait_for("the owed photo", |calls| {
            calls[before..]
                .iter()
                .any(|c| c.answered() && c.method == "sendphoto")
        })
        .await;
    let mut position = Position::start(seed);
    for mv in &moves[..7] {
        advance(&mut position, mv);
    }
    let caption = photo_caption(&calls[before..], crate::support::board_size(), "owed photo");
    assert!(
        caption.contains(&format!("Alice played {}", moves[6])),
        "{caption}"
    );
    assert!(caption.contains(&score_line(&position)));
    setup
        .standin
        .wait_for("a poll past the crashed update", |calls| {
            calls[before..]
                .iter()
                .any(|c| c.method == "getupdates" && c.params["offset"].as_i64() == Some(id + 1))
        })
        .await;
    play_moves(&setup, seed, &moves, 7..moves.len()).await;
    let calls = setup.say(&bob(), "/board").await;
    assert!(
        photo_caption(&calls, crate::support::board_size(), "board")
            .contains(expected_result(&finale))
    );
    // Each move was applied once and pictured once.
    let store = &third.store;
    assert_eq!(store.moves(GameId(1)).await.unwrap().len(), moves.len());
    let photos = setup
        .standin
        .calls()
        .into_iter()
        .filter(|c| c.answered() && c.method == "sendphoto")
        .count();
    assert_eq!(
        photos,
        moves.len() + 2,
        "accept, every move, the last board"
    );
    assert!(
        !setup
            .standin
            .calls()
            .iter()
            .any(|c| c.text().contains("not your turn")),
        "no update was handled twice"
    );
    third.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn flood_control_server_errors_and_timeouts_are_waited_out() {
    let seed = 12;
    let (moves, _) = scripted_game(seed);
    let setup = Setup::new().await;
    let adapter = setup.adapter().await;
    challenge_and_accept(&setup, seed).await;
    let standin = &setup.standin;
    // 429 on a photo: waited out as told, sent once.
    standin.fail_next("sendPhoto", Fault::TooManyRequests { retry_after: 1 }, 1);
    let started = Instant::now();
    let calls = setup.say(&alice(), &moves[0]).await;
    assert!(started.elapsed() >= Duration::from_secs(1));
    assert_eq!(calls.iter().filter(|c| !c.answered()).count(), 1);
    photo_caption(&calls, crate::support::board_size(), "after 429");
    // 500 on a text: teloxide itself pauses 10 s after a server error, then we retry.
    standin.fail_next("sendMessage", Fault::ServerError, 1);
    let calls = setup.say(&alice(), "/games").await;
    assert_eq!(calls.iter().filter(|c| !c.answered()).count(), 1);
    assert_eq!(replies(&calls).len(), 1);
    assert!(replies(&calls)[0].text().contains("Games in this chat"));
    // A request that times out is tried again.
    standin.fail_next("sendMessage", Fault::Stall(Duration::from_secs(5)), 1);
    let calls = setup.say(&bob(), "/games").await;
    assert_eq!(calls.iter().filter(|c| !c.answered()).count(), 1);
    assert_eq!(replies(&calls).len(), 1);
    // 429 on polling itself: the adapter waits and polls again.
    standin.fail_next("getUpdates", Fault::TooManyRequests { retry_after: 1 }, 1);
    let calls = setup.say(&bob(), &moves[1]).await;
    photo_caption(&calls, crate::support::board_size(), "after a refused poll");
    let game: GameRecord = adapter.store.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.plies, 2);
    adapter.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_get_one_clear_reply_and_change_nothing() {
    let setup = Setup::new().await;
    let adapter = setup.adapter().await;
    setup.say(&carol(), "/help").await;
    challenge_and_accept(&setup, 5).await;
    let snapshot = |store: Store| async move {
        let game = store.game(GameId(1)).await.unwrap().unwrap();
        let moves: Vec<MoveRecord> = store.moves(GameId(1)).await.unwrap();
        (game, moves)
    };
    let before = snapshot(adapter.store.clone()).await;
    let cases: [(Person, &str, &str); 6] = [
        (alice(), "/move c2", "not on it"),
        (bob(), "/move c10", "not your turn"),
        (carol(), "/move c1", "no game running"),
        (carol(), "/move c1 #1", "not playing game #1"),
        (alice(), "/frobnicate", "no command"),
        (alice(), "what a lovely board", "no command"),
    ];
    for (person, text, expected) in cases {
        let reply = setup.text_reply(&person, text).await;
        assert!(reply.contains(expected), "{text}: {reply}");
        assert_eq!(
            snapshot(adapter.store.clone()).await,
            before,
            "{text} changed the game"
        );
    }
    // Messages without text (a sticker) are passed over without a word.
    let mut sticker = message(GROUP, &alice(), 3, "");
    sticker.as_object_mut().map(|m| m.remove("text"));
    let calls = setup.exchange(json!({"message": sticker})).await;
    assert!(replies(&calls).is_empty());
    adapter.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_runs_telegram_when_a_token_is_set_and_never_shows_it() {
    use crate::support::{assert_shows_no_secret, closed_port, run_binary_until_off_runtime};
    let setup = Setup::new().await;
    let url = setup.standin.url.clone();
    let sqlite = format!("sqlite://{}", setup.database().display());
    let unreachable = format!("http://127.0.0.1:{}", closed_port());
    // (token, API URL, when to stop it, what it must say): a refused token, a good one (it
    // polls until stopped), an unreachable server (it tries again until stopped), a bad URL.
    let cases = [
        (
            "777:WRONG-SECRET",
            url.as_str(),
            None,
            "Telegram refused the bot token",
        ),
        (
            TOKEN,
            url.as_str(),
            Some("long polling"),
            "Telegram chat stopped",
        ),
        (
            "777:UNREACHABLE-SECRET",
            unreachable.as_str(),
            Some("Telegram request failed"),
            "stopping",
        ),
        ("777:OTHER-SECRET", "not a url", None, "TELEGRAM_API_URL"),
    ];
    for (token, api, stop_at, expected) in cases {
        let env = [("TELEGRAM_BOT_TOKEN", token), ("TELEGRAM_API_URL", api)];
        let output = run_binary_until_off_runtime(&env, &sqlite, stop_at).await;
        let secret = token.split_once(':').map_or(token, |(_, secret)| secret);
        let stderr = assert_shows_no_secret(&output, &[secret]);
        assert!(stderr.contains(expected), "{token}: {stderr}");
        assert_eq!(
            output.status.success(),
            stop_at.is_some(),
            "{token}: {stderr}"
        );
    }
    // It asked Telegram (the stand-in), not the console.
    assert_eq!(setup.standin.calls()[0].method, "getme");
}

/// `DATABASE_URL` is logged as its backend and host only, and no failure to connect shows
/// its password: a SQLite path, a server that is no PostgreSQL, the CI's PostgreSQL.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_never_shows_the_database_url_or_its_password() {
    use crate::support::{assert_shows_no_secret, run_binary_until_off_runtime};
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("PATH-SECRET")).unwrap();
    let sqlite = format!("sqlite://{}/PATH-SECRET/kibitz.db", dir.path().display());
    // Takes connections and hangs up: the driver fails at once, with an error to print.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || listener.incoming().for_each(drop));
    let postgres =
        format!("postgres://kibitz:PG-SECRET%21@127.0.0.1:{port}/kibitz?sslmode=disable");
    let mut cases = vec![
        (
            sqlite,
            "PATH-SECRET".to_string(),
            true,
            "database=sqlite".to_string(),
        ),
        (
            postgres,
            "PG-SECRET".to_string(),
            false,
            format!("database=postgres://127.0.0.1:{port}"),
        ),
    ];
    if let Some(server) = std::env::var("KIBITZ_TEST_POSTGRES_URL")
        .ok()
        .and_then(|url| url::Url::parse(&url).ok())
        .filter(|url| url.password().is_some_and(|password| !password.is_empty()))
    {
        let password = server.password().unwrap_or_default().to_string();
        cases.push((
            server.to_string(),
            password,
            true,
            "database=postgres".to_string(),
        ));
    }
    for (database, secret, succeeds, expected) in cases {
        let output = run_binary_until_off_runtime(&[], &database, None).await;
        let stderr = assert_shows_no_secret(&output, &[&secret]);
        assert_eq!(output.status.success(), succeeds, "{stderr}");
        assert!(stderr.contains(&expected), "{expected}: {stderr}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_is_posted_to_the_group_and_solved_in_private_through_the_deep_link() {
    let setup = Setup::new().await;
    let adapter = setup.adapter().await;
    let refused = setup.text_reply(&bob(), "/settings daily 00:00 easy").await;
    assert!(refused.contains("Only the chat's admins"), "{refused}");
    let set = setup
        .text_reply(&alice(), "/settings daily 00:00 easy")
        .await;
    assert!(set.contains("every day at 00:00 UTC (easy)"), "{set}");
    // 00:00 UTC has always passed: the scheduler posts today's daily within moments.
    let link = format!("https://t.me/{BOT_NAME}?start=daily_{GROUP}");
    let calls = setup
        .standin
        .wait_for("the daily post", |calls| {
            calls
                .iter()
                .any(|c| c.method == "sendphoto" && c.text().contains("is out (easy)"))
        })
        .await;
    let posts: Vec<&Call> = calls
        .iter()
        .filter(|c| c.method == "sendphoto" && c.text().contains("is out"))
        .collect();
    assert_eq!(posts.len(), 1, "one post");
    assert_eq!(posts[0].chat(), GROUP);
    assert_eq!(
        posts[0].buttons(),
        [("Play today's puzzle".to_string(), link.clone())]
    );
    // /daily in the group answers with the same link instead of a board.
    let calls = setup.say(&carol(), "/daily").await;
    let sent = replies(&calls);
    assert_eq!(sent.len(), 1, "{calls:#?}");
    assert_eq!(sent[0].chat(), GROUP);
    assert!(
        sent[0].text().contains("private chat"),
        "{}",
        sent[0].text()
    );
    assert_eq!(sent[0].buttons()[0].1, link);
    // Alice follows the link: Telegram sends `/start daily_<group>` in her private chat.
    let private = alice().id;
    let calls = setup
        .exchange(
            json!({"message": message(private, &alice(), 5, &format!("/start daily_{GROUP}"))}),
        )
        .await;
    let sent = replies(&calls);
    assert_eq!(sent.len(), 1, "{calls:#?}");
    assert_eq!(sent[0].method, "sendphoto");
    assert_eq!(sent[0].chat(), private);
    assert!(
        sent[0].text().contains("AMBIT daily #"),
        "{}",
        sent[0].text()
    );
    let store = &adapter.store;
    let user = store
        .user_by_handle(kibitz::Platform::Telegram, "alice")
        .await
        .unwrap()
        .unwrap();
    let chat = store
        .chat_by_external_id(kibitz::Platform::Telegram, &private.to_string())
        .await
        .unwrap()
        .unwrap();
    let group = store
        .chat_by_external_id(kibitz::Platform::Telegram, &GROUP.to_string())
        .await
        .unwrap()
        .unwrap();
    let attempt = store.open_attempts(user.id, chat).await.unwrap().remove(0);
    assert_eq!(attempt.chat_id, group, "the attempt counts for the group");
    let pieces: Vec<String> = attempt
        .solution
        .split_whitespace()
        .map(String::from)
        .collect();
    // The first piece by the rack's buttons under the board: the piece, its file, its square.
    let rack = sent[0].buttons();
    assert_eq!(rack.len(), 5, "{rack:?}");
    let first = &pieces[0];
    let steps = [
        format!("place {}", &first[..1]),
        format!("place {}", &first[..2]),
        format!("place {first}"),
    ];
    let mut offered = rack;
    for (step, command) in steps.iter().enumerate() {
        assert!(
            offered.iter().any(|(_, data)| data == command),
            "{command} among {offered:?}"
        );
        let id = format!("rack-{step}");
        let press = button_press(private, &alice(), &id, 600 + step as i64, command);
        let calls = setup.exchange(json!({"callback_query": press})).await;
        assert!(answered_press(&calls, &id), "{calls:#?}");
        let sent = replies(&calls);
        assert_eq!(sent.len(), 1, "{calls:#?}");
        assert_eq!(sent[0].chat(), private);
        offered = sent[0].buttons();
        match step {
            0 => assert!(sent[0].text().contains("which file?"), "{}", sent[0].text()),
            1 => assert!(
                sent[0].text().contains("which square?"),
                "{}",
                sent[0].text()
            ),
            _ => assert_eq!(sent[0].method, "sendphoto", "{calls:#?}"),
        }
    }
    for (i, piece) in pieces.iter().enumerate().skip(1) {
        let calls = setup
            .exchange(json!({"message": message(private, &alice(), 10 + i as i64, piece)}))
            .await;
        let sent = replies(&calls);
        assert!(sent.iter().all(|c| c.chat() == private), "{calls:#?}");
        if i + 1 == pieces.len() {
            assert!(sent[0].text().contains("Solved!"), "{}", sent[0].text());
        }
    }
    // The group's leaderboard has her: a table picture, its leaders named in the caption.
    let calls = setup.say(&carol(), "/leaderboard").await;
    let sent = replies(&calls);
    assert_eq!(sent.len(), 1, "{calls:#?}");
    assert_eq!(sent[0].method, "sendphoto", "{calls:#?}");
    let board = sent[0].text();
    assert!(
        board.contains("AMBIT daily leaderboard") && board.contains("1 Alice"),
        "{board}"
    );
    let png = sent[0].file.as_ref().expect("the table picture");
    let table = image::load_from_memory_with_format(png, image::ImageFormat::Png).unwrap();
    assert!(table.width() >= 400, "{} px wide", table.width());
    adapter.stop().await;
}

/// `person` writes `text` in their private chat with the bot; the one reply's call.
async fn private_reply(setup: &Setup, person: &Person, text: &str) -> Call {
    let calls = setup
        .exchange(json!({"message": message(person.id, person, 7, text)}))
        .await;
    let sent = replies(&calls);
    assert_eq!(sent.len(), 1, "{text}: {calls:#?}");
    assert_eq!(sent[0].chat(), person.id, "{text}");
    sent[0].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_link_counts_only_for_members_of_the_group_and_only_in_private() {
    let setup = Setup::new().await;
    let adapter = setup.adapter().await;
    let link = format!("/start daily_{GROUP}");
    // The group is one the bot knows.
    setup.say(&carol(), "/help").await;
    // Typed in the group, the link is refused, and nobody is asked about anybody.
    let refused = setup.text_reply(&carol(), &link).await;
    assert!(refused.contains("does nothing here"), "{refused}");
    // A stranger (Telegram says `left`) is refused and starts nothing.
    let mallory = Person {
        id: STRANGER,
        first_name: "Mallory",
        username: Some("mallory"),
    };
    let reply = private_reply(&setup, &mallory, &link).await;
    assert_eq!(reply.method, "sendmessage");
    assert!(
        reply.text().contains("a group you are not in"),
        "{}",
        reply.text()
    );
    let asked: Vec<Call> = setup
        .standin
        .calls()
        .into_iter()
        .filter(|c| c.method == "getchatmember")
        .collect();
    assert_eq!(
        asked.len(),
        1,
        "only the stranger's link was checked: {asked:#?}"
    );
    assert_eq!(asked[0].params["chat_id"].as_i64(), Some(GROUP));
    assert_eq!(asked[0].params["user_id"].as_i64(), Some(STRANGER));
    // When Telegram cannot say (flood control on every try), nothing counts either, and the
    // reply says why.
    let tries = config(&setup.standin).retry.attempts as usize;
    setup.standin.fail_next(
        "getChatMember",
        Fault::TooManyRequests { retry_after: 1 },
        tries,
    );
    let reply = private_reply(&setup, &carol(), &link).await;
    assert!(reply.text().contains("could not check"), "{}", reply.text());
    // A member is counted for the group.
    let reply = private_reply(&setup, &bob(), &link).await;
    assert_eq!(reply.method, "sendphoto");
    assert!(reply.text().contains("AMBIT daily #"), "{}", reply.text());
    let store = &adapter.store;
    let group = store
        .chat_by_external_id(kibitz::Platform::Telegram, &GROUP.to_string())
        .await
        .unwrap()
        .unwrap();
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let day = kibitz::games::ambit::Date::from_unix_seconds(seconds as i64)
        .unwrap()
        .to_string();
    let players: Vec<i64> = store
        .daily_attempts(&day, group)
        .await
        .unwrap()
        .iter()
        .map(|a| a.user_id)
        .collect();
    let bob_id = store
        .user_by_handle(kibitz::Platform::Telegram, "bob")
        .await
        .unwrap()
        .unwrap()
        .id;
    assert_eq!(players, [bob_id], "only the member counts for the group");
    // Bob gives up: the group's board has him, and not the stranger.
    private_reply(&setup, &bob(), "/giveup").await;
    let calls = setup.say(&carol(), "/leaderboard").await;
    let board = replies(&calls)[0].text().to_string();
    assert!(
        board.contains("Bob") && !board.contains("Mallory"),
        "{board}"
    );
    adapter.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_database_poll_one_at_a_time_and_the_survivor_takes_over() {
    let setup = Setup::new().await;
    let first = setup.adapter().await;
    setup
        .standin
        .wait_for("the first poll", |calls| {
            calls.iter().any(|c| c.method == "getupdates")
        })
        .await;
    let second = setup.adapter().await;
    setup
        .standin
        .wait_for("the second adapter's start", |calls| {
            calls.iter().filter(|c| c.method == "getme").count() == 2
        })
        .await;
    for round in 0..4 {
        let reply = setup.text_reply(&alice(), "/games").await;
        assert!(reply.contains("No games"), "round {round}: {reply}");
    }
    assert_eq!(
        setup.standin.most_concurrent_polls(),
        1,
        "one poller at a time"
    );
    // The polling process dies without a word; the other takes over once the lease runs out.
    first.crash().await;
    let reply = setup.text_reply(&bob(), "/games").await;
    assert!(reply.contains("No games"), "{reply}");
    assert_eq!(setup.standin.most_concurrent_polls(), 1);
    second.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chat_under_flood_control_holds_up_no_other_chat() {
    let setup = Setup::new().await;
    // Flood control is obeyed as Telegram says: a 40 s wait is waited in full.
    let mut patient = config(&setup.standin);
    patient.retry.max_retry_after = Duration::from_secs(60);
    let adapter = start_with(&setup.standin, &setup.database(), patient).await;
    setup
        .standin
        .fail_chat(GROUP, Fault::TooManyRequests { retry_after: 40 }, 1);
    setup
        .standin
        .push(json!({"message": message(GROUP, &alice(), 1, "/help")}));
    setup
        .standin
        .wait_for("the group's 429", |calls| {
            calls.iter().any(|c| !c.answered() && c.chat() == GROUP)
        })
        .await;
    // Meanwhile Bob asks in his private chat: fetched, handled and answered at once.
    let private = bob().id;
    let asked = Instant::now();
    setup
        .standin
        .push(json!({"message": message(private, &bob(), 2, "/help")}));
    setup
        .standin
        .wait_for("Bob's answer", |calls| {
            calls
                .iter()
                .any(|c| c.answered() && c.method == "sendmessage" && c.chat() == private)
        })
        .await;
    let waited = asked.elapsed();
    assert!(
        waited < Duration::from_secs(2),
        "Bob waited {waited:?} for a group's flood control"
    );
    // The group's reply is still owed: the adapter stops in the middle of the wait, and the
    // next one sends it.
    assert!(
        !setup
            .standin
            .calls()
            .iter()
            .any(|c| c.answered() && c.method == "sendmessage" && c.chat() == GROUP)
    );
    adapter.stop().await;
    let again = setup.adapter().await;
    let calls = setup
        .standin
        .wait_for("the group's owed answer", |calls| {
            calls
                .iter()
                .any(|c| c.answered() && c.method == "sendmessage" && c.chat() == GROUP)
        })
        .await;
    let owed: Vec<&Call> = calls
        .iter()
        .filter(|c| c.answered() && c.chat() == GROUP)
        .collect();
    assert_eq!(owed.len(), 1, "sent once: {owed:#?}");
    assert!(owed[0].text().contains("challenge"), "{}", owed[0].text());
    again.stop().await;
    eprintln!("telegram: another chat answered {waited:?} into a group's 40 s flood control");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_adapter_gives_up_its_lease_and_a_new_one_answers_at_once() {
    let setup = Setup::new().await;
    // The default lease: a left-over one would keep the next process deaf for a minute.
    let mut lasting = config(&setup.standin);
    lasting.poll_lease = TelegramConfig::new(TOKEN).poll_lease;
    assert!(lasting.poll_lease >= Duration::from_secs(30));
    let first = start_with(&setup.standin, &setup.database(), lasting.clone()).await;
    let reply = setup.text_reply(&alice(), "/games").await;
    assert!(reply.contains("No games"), "{reply}");
    first.stop().await;
    let store = Store::connect(&format!("sqlite://{}", setup.database().display()))
        .await
        .unwrap();
    assert_eq!(
        store.lease_holder("telegram-poller").await.unwrap(),
        None,
        "the stopped adapter still holds the polling lease"
    );
    store.close().await;
    // Timed from the adapter's start (the service's own set-up, pictures prepared and all,
    // is not what this is about).
    let second = start_with(&setup.standin, &setup.database(), lasting).await;
    let started = Instant::now();
    let reply = setup.text_reply(&bob(), "/games").await;
    assert!(reply.contains("No games"), "{reply}");
    let waited = started.elapsed();
    assert!(
        waited < Duration::from_secs(5),
        "the restarted adapter answered after {waited:?}"
    );
    second.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_stay_literal_and_only_the_dailys_solution_is_a_spoiler() {
    let setup = Setup::new().await;
    let adapter = setup.adapter().await;
    let mallory = Person {
        id: 66,
        first_name: "a||b||c",
        username: Some("mallory"),
    };
    let calls = setup.say(&mallory, "/challenge knight-fight").await;
    let sent = replies(&calls);
    assert_eq!(sent.len(), 1, "{calls:#?}");
    assert!(
        sent[0].text().contains("a||b||c offers"),
        "{}",
        sent[0].text()
    );
    assert!(
        sent[0].params["entities"]
            .as_array()
            .is_none_or(|e| e.is_empty()),
        "a name made an entity: {:#?}",
        sent[0].params
    );
    // The daily post shows yesterday's solution behind a spoiler: exactly the solution.
    let solution = crate::support::yesterdays_daily(&adapter.store).await;
    setup
        .text_reply(&alice(), "/settings daily 00:00 easy")
        .await;
    let calls = setup
        .standin
        .wait_for("the daily post", |calls| {
            calls
                .iter()
                .any(|c| c.method == "sendphoto" && c.text().contains("is out (easy)"))
        })
        .await;
    let post = calls
        .iter()
        .find(|c| c.method == "sendphoto" && c.text().contains("is out (easy)"))
        .unwrap();
    let caption = post.text();
    let line = format!("Yesterday's solution: {solution}");
    let at = caption.find(&line).unwrap_or_else(|| panic!("{caption}"));
    let offset = caption[..at + line.len() - solution.len()]
        .encode_utf16()
        .count();
    assert_eq!(
        post.params["caption_entities"],
        json!([{"type": "spoiler", "offset": offset, "length": solution.encode_utf16().count()}]),
        "{caption}"
    );
    adapter.stop().await;
}

/// Runs on the test's thread (current-thread runtime), so the capture sees every log line.
#[tokio::test]
async fn what_people_write_and_what_the_bot_answers_stay_out_of_the_logs() {
    let logs = crate::support::LogCapture::start();
    let setup = Setup::new().await;
    let adapter = setup.adapter().await;
    let marked = Person {
        id: 77,
        first_name: "Zq7NameMarker",
        username: Some("zq7"),
    };
    // A reply Telegram refuses for good is dropped, and said so in the log.
    setup.standin.fail_next("sendMessage", Fault::BadRequest, 1);
    let calls = setup.say(&marked, "/challenge knight-fight").await;
    assert!(
        calls
            .iter()
            .any(|c| !c.answered() && c.text().contains("Zq7NameMarker")),
        "{calls:#?}"
    );
    setup
        .standin
        .wait_for("the refused reply", |calls| {
            calls.iter().any(|c| c.fault == Some(Fault::BadRequest))
        })
        .await;
    let calls = setup.say(&marked, "/move Xk9TextMarker").await;
    assert_eq!(replies(&calls).len(), 1, "{calls:#?}");
    adapter.stop().await;
    let text = logs.text();
    assert!(text.contains("a reply cannot be delivered"), "{text}");
    for marker in ["Zq7NameMarker", "Xk9TextMarker"] {
        assert!(!text.contains(marker), "{marker} in the log:\n{text}");
    }
}

/// The engine's pictures among `calls`: photos whose caption says the computer played.
fn engine_photos(calls: &[Call]) -> usize {
    calls
        .iter()
        .filter(|c| {
            c.answered() && c.method == "sendphoto" && c.text().contains("Kibitz · level 1 played")
        })
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_computer_named_by_the_bots_handle() {
    let setup = Setup::new().await;
    let adapter = setup.adapter().await;
    // Naming the bot's own @handle challenges the computer: the game starts at once.
    let calls = setup
        .say(
            &alice(),
            &format!("/challenge@{BOT_NAME} @{BOT_NAME} knight-fight level:1 seed:5"),
        )
        .await;
    let caption = photo_caption(&calls, crate::support::board_size(), "start");
    assert!(
        caption.contains("Alice (White) against Kibitz · level 1 (Black)"),
        "{caption}"
    );
    let mut answered = 0;
    for turn in 0..4 {
        let game = adapter.store.game(GameId(1)).await.unwrap().unwrap();
        if game.state != kibitz::store::GameState::Ongoing {
            break;
        }
        let position =
            kibitz::AnyGame::parse(kibitz::GameKind::KnightFight, &game.position).unwrap();
        let mine = position.legal_move_texts().remove(0);
        let calls = setup.say(&alice(), &mine).await;
        // The engine's answer may already be among these calls: it comes by itself.
        let caption = replies(&calls)
            .into_iter()
            .map(|c| c.text().to_string())
            .find(|text| text.starts_with("Alice played"))
            .unwrap_or_else(|| panic!("turn {turn}: no picture of alice's move: {calls:#?}"));
        let game = adapter.store.game(GameId(1)).await.unwrap().unwrap();
        if game.state != kibitz::store::GameState::Ongoing {
            break;
        }
        assert!(
            caption.contains("Kibitz · level 1 is thinking"),
            "turn {turn}: {caption}"
        );
        answered += 1;
        // The engine's move arrives by itself, as its own picture, from the worker.
        setup
            .standin
            .wait_for("the engine's move", |calls| {
                engine_photos(calls) >= answered
            })
            .await;
    }
    assert!(answered >= 2, "the computer answered {answered} moves");
    // Once each: no engine picture twice, and the stored moves alternate.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(engine_photos(&setup.standin.calls()), answered);
    let moves = adapter.store.moves(GameId(1)).await.unwrap();
    for pair in moves.windows(2) {
        assert_ne!(pair[0].user_id, pair[1].user_id);
    }
    adapter.stop().await;
}

/// Photos sent to the group that tell of a loss on time.
fn timeout_photos(calls: &[Call]) -> usize {
    calls
        .iter()
        .filter(|c| c.answered() && c.method == "sendphoto" && c.text().contains("ran out of time"))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_that_runs_out_ends_the_game_once_with_two_processes_on_one_database() {
    let setup = Setup::new().await;
    let (clock, shift) = crate::support::shifted_clock();
    let database = setup.database();
    let start = || {
        start_on_clock(
            &setup.standin,
            &database,
            config(&setup.standin),
            clock.clone(),
        )
    };
    let first = start().await;
    setup
        .standin
        .wait_for("the first poll", |calls| {
            calls.iter().any(|c| c.method == "getupdates")
        })
        .await;
    let second = start().await;
    setup.text_reply(&bob(), "/games").await;
    let reply = setup
        .text_reply(&alice(), "/challenge @bob knight-fight seed:5 time:1d")
        .await;
    assert!(reply.contains("Knight Fight (1 day a move)"), "{reply}");
    let calls = setup.say(&bob(), "/accept").await;
    let caption = photo_caption(&calls, crate::support::board_size(), "accept");
    assert!(
        caption.contains("Alice to move · 23 h 59 min left"),
        "{caption}"
    );
    let game = first.store.game(GameId(1)).await.unwrap().unwrap();
    let position = kibitz::AnyGame::parse(kibitz::GameKind::KnightFight, &game.position).unwrap();
    let calls = setup.say(&alice(), &position.legal_move_texts()[0]).await;
    let caption = photo_caption(&calls, crate::support::board_size(), "alice's move");
    assert!(
        caption.contains("Bob to move · 23 h 59 min left"),
        "{caption}"
    );
    // Two days pass: both processes' clock workers find the deadline; one ends the game.
    shift.store(
        2 * kibitz::games::time_control::DAY_MS,
        std::sync::atomic::Ordering::SeqCst,
    );
    setup
        .standin
        .wait_for("the timeout's picture", |calls| timeout_photos(calls) >= 1)
        .await;
    // Both workers look again (every second) meanwhile: nothing more is sent.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let calls = setup.standin.calls();
    assert_eq!(timeout_photos(&calls), 1, "one timeout message");
    let told = calls
        .iter()
        .find(|c| c.method == "sendphoto" && c.text().contains("ran out of time"))
        .unwrap();
    assert_eq!(told.chat(), GROUP);
    assert!(
        told.text()
            .contains("Game #1: Bob ran out of time. Alice wins."),
        "{}",
        told.text()
    );
    let game = first.store.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(
        game.result.map(|o| o.to_string()).as_deref(),
        Some("white wins (time)")
    );
    first.stop().await;
    second.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_is_granted_with_the_button() {
    let setup = Setup::new().await;
    let adapter = setup.adapter().await;
    setup.text_reply(&bob(), "/games").await;
    setup
        .text_reply(&alice(), "/challenge @bob knight-fight seed:5")
        .await;
    let calls = setup.say(&bob(), "/accept").await;
    photo_caption(&calls, crate::support::board_size(), "accept");
    let game = adapter.store.game(GameId(1)).await.unwrap().unwrap();
    let start = game.position.clone();
    let position = kibitz::AnyGame::parse(kibitz::GameKind::KnightFight, &game.position).unwrap();
    let calls = setup.say(&alice(), &position.legal_move_texts()[0]).await;
    // The picture of alice's move mentions bob, whose move it is: a text mention of his id.
    let caption = photo_caption(&calls, crate::support::board_size(), "alice's move");
    let entities = &replies(&calls)[0].params["caption_entities"];
    let entities: serde_json::Value = match entities.as_str() {
        Some(text) => serde_json::from_str(text).unwrap(),
        None => entities.clone(),
    };
    let at = caption.find("Bob to move").unwrap();
    let offset = caption[..at].encode_utf16().count();
    assert_eq!(
        entities,
        json!([{"type": "text_mention", "offset": offset, "length": 3,
            "user": {"id": 22, "is_bot": false, "first_name": "Bob"}}]),
        "{caption}"
    );
    // `/board` is asked for, not news: it mentions nobody.
    let calls = setup.say(&bob(), "/board").await;
    photo_caption(&calls, crate::support::board_size(), "board");
    assert!(
        replies(&calls)[0].params.get("caption_entities").is_none(),
        "{calls:#?}"
    );
    let calls = setup.say(&alice(), "/takeback").await;
    let sent = replies(&calls);
    assert_eq!(sent.len(), 1, "{calls:#?}");
    assert!(
        sent[0]
            .text()
            .contains("Alice asks to take back their last move"),
        "{}",
        sent[0].text()
    );
    let buttons = sent[0].buttons();
    assert_eq!(
        buttons,
        [
            ("Allow takeback".to_string(), "takeback 1".to_string()),
            ("Decline".to_string(), "decline 1".to_string())
        ]
    );
    // Alice's own press of Allow is her question again: refused, nothing changes.
    let press = button_press(GROUP, &alice(), "press-1", 601, &buttons[0].1);
    let calls = setup.exchange(json!({"callback_query": press})).await;
    assert!(answered_press(&calls, "press-1"), "{calls:#?}");
    assert!(
        replies(&calls)
            .iter()
            .any(|c| c.text().contains("You have asked already")),
        "{calls:#?}"
    );
    let press = button_press(GROUP, &bob(), "press-2", 601, &buttons[0].1);
    let calls = setup.exchange(json!({"callback_query": press})).await;
    assert!(answered_press(&calls, "press-2"), "{calls:#?}");
    // The question's buttons were used: taken off it (a picture cannot take a text's place).
    let cleared: Vec<&Call> = calls
        .iter()
        .filter(|c| c.answered() && c.method == "editmessagereplymarkup")
        .collect();
    assert_eq!(cleared.len(), 1, "{calls:#?}");
    assert_eq!(
        cleared[0].params["message_id"]
            .to_string()
            .trim_matches('"'),
        "601"
    );
    assert!(cleared[0].buttons().is_empty());
    let caption = photo_caption(&calls, crate::support::board_size(), "takeback granted");
    assert!(
        caption.contains("Game #1: one move taken back, at Alice's request."),
        "{caption}"
    );
    assert!(caption.contains("Alice to move"), "{caption}");
    assert_eq!(
        adapter
            .store
            .game(GameId(1))
            .await
            .unwrap()
            .unwrap()
            .position,
        start
    );
    adapter.stop().await;
}

/// `message` as written in forum topic `topic` of a forum group.
fn in_topic(mut message: serde_json::Value, topic: i64) -> serde_json::Value {
    message["is_topic_message"] = json!(true);
    message["message_thread_id"] = json!(topic);
    message["chat"]["is_forum"] = json!(true);
    message
}

/// The topic a send went to (`message_thread_id`, a number or, multipart, a string).
fn topic_of(call: &Call) -> Option<i64> {
    match &call.params["message_thread_id"] {
        serde_json::Value::Number(n) => n.as_i64(),
        serde_json::Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replies_and_a_games_own_posts_stay_in_the_forum_topic_it_was_started_in() {
    let setup = Setup::new().await;
    let adapter = setup.adapter().await;
    let topic = 77;
    let say = |person: Person, text: &str, id: i64| json!({"message": in_topic(message(GROUP, &person, id, text), topic)});
    let calls = setup
        .exchange(say(
            alice(),
            "/challenge computer knight-fight level:1 seed:5",
            1,
        ))
        .await;
    let sent = replies(&calls);
    assert_eq!(sent.len(), 1, "{calls:#?}");
    assert_eq!((sent[0].chat(), topic_of(sent[0])), (GROUP, Some(topic)));
    let game = adapter.store.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.thread.as_deref(), Some("77"));
    let position = kibitz::AnyGame::parse(kibitz::GameKind::KnightFight, &game.position).unwrap();
    let calls = setup
        .exchange(say(alice(), &position.legal_move_texts()[0], 2))
        .await;
    for call in replies(&calls) {
        assert_eq!(topic_of(call), Some(topic), "{call:#?}");
    }
    // The computer's answer is background work: it goes to the game's topic too.
    setup
        .standin
        .wait_for("the engine's move", |calls| engine_photos(calls) >= 1)
        .await;
    let calls = setup.standin.calls();
    let engine = calls
        .iter()
        .find(|c| c.method == "sendphoto" && c.text().contains("Kibitz · level 1 played"))
        .unwrap();
    assert_eq!((engine.chat(), topic_of(engine)), (GROUP, Some(topic)));
    // A line in the group's general chat is answered there, with no topic.
    let calls = setup.say(&bob(), "/games").await;
    assert_eq!(topic_of(replies(&calls)[0]), None);
    adapter.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leaderboard_page_is_turned_by_editing_its_message() {
    let setup = Setup::new().await;
    let url = format!("sqlite://{}", setup.database().display());
    let group = kibitz::bot::ChatInfo {
        id: GROUP.to_string(),
        title: None,
        private: false,
        community: None,
        thread: None,
    };
    crate::support::two_pages_of_ratings(&url, kibitz::Platform::Telegram, group).await;
    let adapter = setup.adapter().await;
    let calls = setup.say(&carol(), "/leaderboard knight-fight").await;
    let sent = replies(&calls);
    assert_eq!(sent.len(), 1, "{calls:#?}");
    assert_eq!(sent[0].method, "sendphoto");
    assert!(sent[0].text().contains("Page 1 of 2"), "{}", sent[0].text());
    let next = sent[0].buttons();
    assert_eq!(next.len(), 1, "{next:?}");
    // Anyone may turn the page: the picture is edited, nothing new is posted.
    let press = photo_press(GROUP, &bob(), "press-1", 701, &next[0].1);
    let calls = setup.exchange(json!({"callback_query": press})).await;
    assert!(answered_press(&calls, "press-1"), "{calls:#?}");
    assert!(replies(&calls).is_empty(), "no new message: {calls:#?}");
    let edits: Vec<&Call> = calls
        .iter()
        .filter(|c| c.answered() && c.method == "editmessagemedia")
        .collect();
    assert_eq!(edits.len(), 1, "{calls:#?}");
    let edit = edits[0];
    assert_eq!(edit.chat(), GROUP);
    assert_eq!(
        edit.params["message_id"].to_string().trim_matches('"'),
        "701"
    );
    let caption = edit.params["media"]["caption"].as_str().unwrap_or_default();
    assert!(caption.contains("Page 2 of 2"), "{:#?}", edit.params);
    let png = edit.file.as_ref().expect("the second page's picture");
    image::load_from_memory_with_format(png, image::ImageFormat::Png).unwrap();
    let back = edit.buttons();
    assert_eq!(back.len(), 1, "{back:?}");
    assert!(back[0].1.ends_with(" 1"), "the way back: {back:?}");
    adapter.stop().await;
}

/// A running adapter and a game of the scripted board of seed 31 four moves in (alice
/// against bob in the group), with the script's moves.
async fn four_moves_in() -> (Setup, Adapter, Vec<String>) {
    let seed = 31;
    let (moves, _) = scripted_game(seed);
    let setup = Setup::new().await;
    let adapter = setup.adapter().await;
    challenge_and_accept(&setup, seed).await;
    play_moves(&setup, seed, &moves, 0..4).await;
    (setup, adapter, moves)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_replay_and_its_record_arrive_as_files() {
    let (setup, adapter, moves) = four_moves_in().await;
    // The resignation's news: the picture, then the replay, played as an animation.
    let calls = setup.say(&bob(), "/resign").await;
    let methods: Vec<&str> = calls
        .iter()
        .filter(|c| c.answered())
        .map(|c| c.method.as_str())
        .collect();
    assert_eq!(methods, ["sendphoto", "sendanimation"]);
    let animation = &calls[1];
    assert_eq!(animation.chat(), GROUP);
    let gif = animation.file.as_ref().expect("the GIF was uploaded");
    assert!(gif.starts_with(b"GIF89a"), "a GIF");
    assert!(
        animation.text().contains("the replay"),
        "{}",
        animation.text()
    );
    // Its pictures: the start and the four moves.
    assert_eq!(crate::support::gif_pictures(gif), 5);
    // The record, as a document.
    let calls = setup.say(&alice(), "/export").await;
    let sent: Vec<&Call> = calls.iter().filter(|c| c.answered()).collect();
    assert_eq!(sent.len(), 1, "{calls:#?}");
    assert_eq!(sent[0].method, "senddocument");
    let text = String::from_utf8(sent[0].file.clone().expect("the record was uploaded")).unwrap();
    assert!(text.starts_with("Game: knight-fight\n"), "{text}");
    assert!(text.contains("Result: white wins (resignation)"), "{text}");
    for mv in &moves[..4] {
        assert!(text.contains(&format!(": {mv}\n")), "{mv}: {text}");
    }
    adapter.stop().await;
}

/// A Bot API without `sendAnimation` (a proxy answering 404 "Not Found") does not end the
/// bot: the token is asked about with `getMe` alone, the replay goes as a document, a record
/// with no `sendDocument` as its caption; the next command is answered as ever.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_method_falls_back_and_never_ends_the_bot() {
    let (setup, adapter, _) = four_moves_in().await;
    setup.standin.fail_next("sendAnimation", Fault::NotFound, 1);
    let calls = setup.say(&bob(), "/resign").await;
    let methods: Vec<(&str, bool)> = calls
        .iter()
        .filter(|c| c.method != "getme")
        .map(|c| (c.method.as_str(), c.answered()))
        .collect();
    assert_eq!(
        methods,
        [
            ("sendphoto", true),
            ("sendanimation", false),
            ("senddocument", true)
        ]
    );
    let document = calls.iter().find(|c| c.method == "senddocument").unwrap();
    assert!(document.file.as_ref().unwrap().starts_with(b"GIF89a"));
    // A record with no sendDocument either: its caption comes as text.
    setup.standin.fail_next("sendDocument", Fault::NotFound, 1);
    let calls = setup.say(&alice(), "/export").await;
    let methods: Vec<(&str, bool)> = calls
        .iter()
        .filter(|c| c.method != "getme")
        .map(|c| (c.method.as_str(), c.answered()))
        .collect();
    assert_eq!(methods, [("senddocument", false), ("sendmessage", true)]);
    assert!(calls[calls.len() - 1].text().contains("#1"), "{calls:#?}");
    // The bot goes on.
    let calls = setup.say(&alice(), "/help").await;
    assert!(
        calls
            .iter()
            .any(|c| c.answered() && c.method == "sendmessage")
    );
    adapter.stop().await;
}

/// One member floods a group with 300 commands in about 2.4 s under Telegram's real pace
/// (1 a second per chat, 20 a minute per group): their share is answered, one refusal
/// follows, the rest is dropped, and another member's command is answered seconds later,
/// not after the whole burst.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_members_burst_in_a_group_holds_up_no_other_member() {
    let setup = Setup::new().await;
    let mut paced = config(&setup.standin);
    paced.limits = Limits::default();
    setup.standin.enforce(Limits::default());
    let adapter = start_with(&setup.standin, &setup.database(), paced).await;
    for _ in 0..300 {
        setup
            .standin
            .push(json!({"message": message(GROUP, &alice(), 1, "/help")}));
        tokio::time::sleep(Duration::from_millis(8)).await;
    }
    let asked = Instant::now();
    setup
        .standin
        .push(json!({"message": message(GROUP, &bob(), 2, "/games")}));
    let calls = setup
        .standin
        .wait_for("Bob's answer", |calls| {
            calls
                .iter()
                .any(|c| c.answered() && c.chat() == GROUP && c.text().contains("No games"))
        })
        .await;
    let waited = asked.elapsed();
    let to_alice: Vec<&Call> = calls
        .iter()
        .filter(|c| c.answered() && c.chat() == GROUP && !c.text().contains("No games"))
        .collect();
    let refusals = to_alice
        .iter()
        .filter(|c| c.text().contains("Slow down"))
        .count();
    assert_eq!(refusals, 1, "one refusal for the burst");
    assert!(
        to_alice.len() <= 5 + 1,
        "{} messages answered the burst",
        to_alice.len()
    );
    assert!(
        waited < Duration::from_secs(15),
        "Bob waited {waited:?} behind Alice's burst"
    );
    assert_eq!(
        setup.standin.limit_refusals(),
        0,
        "429s for going past Telegram's limits"
    );
    adapter.stop().await;
    eprintln!(
        "telegram: {} replies to a 300-command burst, another member answered {waited:?} after it",
        to_alice.len()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reviews_progress_is_one_message_edited_in_place_before_the_picture() {
    let seed = 31;
    let (moves, _) = scripted_game(seed);
    let setup = Setup::new().await;
    let adapter = setup.adapter().await;
    challenge_and_accept(&setup, seed).await;
    play_moves(&setup, seed, &moves, 0..6).await;
    setup.say(&bob(), "/resign").await;
    let queued = setup.text_reply(&alice(), "/analysis").await;
    assert!(queued.contains("Reviewing game #1"), "{queued}");
    let calls = setup
        .standin
        .wait_for("the review's picture", |calls| {
            calls.iter().any(|c| {
                c.answered() && c.method == "sendphoto" && c.text().contains("Review of game #1")
            })
        })
        .await;
    let sends = |c: &Call| {
        c.answered()
            && matches!(
                c.method.as_str(),
                "sendmessage" | "sendphoto" | "senddocument" | "sendanimation"
            )
    };
    let progress: Vec<usize> = calls
        .iter()
        .enumerate()
        .filter(|(_, c)| sends(c) && c.text().contains("Analysing game #1"))
        .map(|(at, _)| at)
        .collect();
    assert_eq!(progress.len(), 1, "one progress message: {calls:#?}");
    // The stand-in numbers the messages it is sent, from 501.
    let message_id = 500 + calls[..=progress[0]].iter().filter(|c| sends(c)).count() as i64;
    let edits: Vec<(usize, &Call)> = calls
        .iter()
        .enumerate()
        .filter(|(_, c)| c.answered() && c.method == "editmessagetext")
        .collect();
    assert!(edits.len() >= 2, "a step and the end: {edits:#?}");
    let percents: Vec<u32> = edits
        .iter()
        .filter_map(|(_, c)| {
            let text = c.text();
            text.strip_suffix(" %")?.rsplit(' ').next()?.parse().ok()
        })
        .collect();
    assert!(!percents.is_empty(), "{edits:#?}");
    assert!(percents.windows(2).all(|w| w[0] < w[1]), "{percents:?}");
    for (_, edit) in &edits {
        assert_eq!(
            edit.params["message_id"].as_i64(),
            Some(message_id),
            "{edit:?}"
        );
        assert_eq!(edit.chat(), GROUP);
    }
    let (last_at, last) = edits[edits.len() - 1];
    assert!(
        last.text().contains("Analysis of game #1 done"),
        "{}",
        last.text()
    );
    let picture_at = calls
        .iter()
        .position(|c| c.method == "sendphoto" && c.text().contains("Review of game #1"))
        .unwrap();
    assert!(progress[0] < last_at && last_at < picture_at);
    adapter.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_glacier_puzzle_is_answered_in_private_through_the_groups_link_and_counts_there() {
    let setup = Setup::new().await;
    let adapter = setup.adapter().await;
    // Today's Glacier puzzle, kept as the engine would have made it: a back-rank mate.
    let day = kibitz::games::ambit::Date::from_unix_seconds(system_clock()() / 1000)
        .unwrap()
        .to_string();
    let puzzle = kibitz::store::GamePuzzleRecord {
        day: day.clone(),
        kind: kibitz::GameKind::Glacier,
        position: "6k1/5ppp/8/8/8/8/1q3PPP/4R1K1 w - - 0 1".into(),
        solution: "e1e8".into(),
        shown: "Re8#".into(),
        difficulty: "easy".into(),
        rating: kibitz::games::standings::Rating::default(),
        source_game: None,
    };
    adapter
        .store
        .keep_game_puzzle(&puzzle, kibitz::games::Timestamp::from_millis(0))
        .await
        .unwrap();
    let link = format!("https://t.me/{BOT_NAME}?start=puzzle-glacier_{GROUP}");

    // In the group: the puzzle with a button into the private chat, no answer buttons.
    let calls = setup.say(&alice(), "/daily glacier").await;
    let shown = replies(&calls);
    assert_eq!(shown.len(), 1, "{calls:#?}");
    assert_eq!(shown[0].method, "sendphoto");
    assert_eq!(
        shown[0].buttons(),
        [("🔒 Answer privately".to_string(), link.clone())]
    );
    // A move typed in the group is not judged: where to answer unseen, and nothing kept.
    let calls = setup.say(&alice(), "/daily glacier Re8#").await;
    let refused = replies(&calls);
    assert_eq!(refused.len(), 1, "{calls:#?}");
    assert!(
        refused[0].text().contains("would show to everyone"),
        "{}",
        refused[0].text()
    );
    assert_eq!(refused[0].buttons()[0].1, link);
    let store = &adapter.store;
    assert!(
        store
            .puzzle_answer(&day, kibitz::GameKind::Glacier, 1)
            .await
            .unwrap()
            .is_none()
    );

    // Through the link in private: the puzzle, counted for the group; the answer there.
    let opened = private_reply(&setup, &alice(), &format!("/start puzzle-glacier_{GROUP}")).await;
    assert_eq!(opened.method, "sendphoto");
    assert!(
        opened.text().contains("counts for the group you came from"),
        "{}",
        opened.text()
    );
    let answered = private_reply(&setup, &alice(), "daily glacier Re8").await;
    assert!(
        answered.text().contains("✅ Re8# is right"),
        "{}",
        answered.text()
    );
    let top = setup.text_reply(&bob(), "/daily glacier top").await;
    assert!(
        top.contains("1. Alice: 1 / 1"),
        "counted in the group: {top}"
    );
    adapter.stop().await;
}
