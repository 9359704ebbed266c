//! Telegram's webhook mode: several processes on one database behind a load balancer that
//! duplicates deliveries, Telegram retrying, and the switch back to long polling. Runs on
//! SQLite, and on PostgreSQL when `KIBITZ_TEST_POSTGRES_URL` is set (`.ci/run` does).

use crate::support::{fresh_database, scripted_game};
use crate::telegram::{
    GROUP, advance, alice, bob, config, move_text, photo_caption, replies, score_line,
};
use crate::telegram_standin::{BOT_NAME, Call, StandIn, button_press, message};
use kibitz::chat::telegram::{self, TelegramError};
use kibitz::games::knight_fight::Position;
use kibitz::http::{self, Readiness};
use kibitz::store::GameId;
use kibitz::{Catalogue, Renderer, Service, Store, TwoPlayerGame, system_clock};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;

const URL: &str = "https://bot.example.org/telegram/hook";
const SECRET: &str = "kibitz-test-secret_0";

/// One bot process in webhook mode: the adapter and its HTTP listener.
struct Process {
    stop: watch::Sender<bool>,
    adapter: tokio::task::JoinHandle<Result<(), TelegramError>>,
    listener: tokio::task::JoinHandle<Result<(), http::HttpError>>,
    addr: String,
    store: Store,
}

async fn process(standin: &StandIn, database: &str, webhook: bool) -> Process {
    let store = Store::connect(database).await.unwrap();
    let service = Arc::new(Service::new(
        store.clone(),
        Arc::new(Renderer::new().unwrap()),
        Catalogue::load().unwrap(),
        system_clock(),
    ));
    let mut config = config(standin);
    let (stop, stopped) = watch::channel(false);
    let mut app = http::health_routes(
        Readiness::new(store.clone()).platform("telegram", config.link.clone()),
    );
    if webhook {
        let (webhook, route) = telegram::webhook(URL, SECRET).unwrap();
        config.webhook = Some(webhook);
        app = app.merge(route);
    }
    let bound = http::bind("127.0.0.1:0").await.unwrap();
    let addr = bound.local_addr().unwrap().to_string();
    let listener = tokio::spawn(http::serve(
        bound,
        app,
        stopped.clone(),
        http::Limits::default(),
    ));
    let adapter = tokio::spawn(async move { telegram::run(&service, config, stopped).await });
    Process {
        stop,
        adapter,
        listener,
        addr,
        store,
    }
}

impl Process {
    async fn stop(self) {
        let _ = self.stop.send(true);
        let ended = tokio::time::timeout(Duration::from_secs(10), self.adapter)
            .await
            .expect("the adapter stops within 10 s")
            .expect("the adapter task does not panic");
        assert!(ended.is_ok(), "the adapter ended with {ended:?}");
        let served = tokio::time::timeout(Duration::from_secs(10), self.listener)
            .await
            .expect("the listener stops within 10 s")
            .expect("the listener task does not panic");
        assert!(served.is_ok(), "the listener ended with {served:?}");
        self.store.close().await;
    }

    async fn ready(&self) -> bool {
        let answer = reqwest::get(format!("http://{}/readyz", self.addr)).await;
        answer.is_ok_and(|answer| answer.status() == 200)
    }
}

/// The stand-in and the processes behind the load balancer.
struct Balancer {
    standin: StandIn,
    processes: Vec<Process>,
}

impl Balancer {
    /// Delivers `update` as Telegram through a load balancer that hands it to every process
    /// at once; Telegram tries again (after a pause) until some delivery is answered 200.
    /// Every HTTP status answered, in order.
    async fn deliver(&self, update: &Value) -> Vec<u16> {
        let mut statuses = Vec::new();
        for _ in 0..20 {
            let pushes = self
                .processes
                .iter()
                .map(|p| self.standin.push_to(&p.addr, SECRET, update));
            let answered = futures_util::future::join_all(pushes).await;
            statuses.extend(&answered);
            if answered.contains(&200) {
                return statuses;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        panic!("update never taken: {statuses:?}");
    }

    /// Waits (bounded) until the shared outbox is empty: every queued reply was sent.
    async fn drained(&self) {
        let store = &self.processes[0].store;
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
    }

    /// Delivers one update (duplicated to every process) and waits until its replies are
    /// sent; the sends and answers made meanwhile.
    async fn exchange(&self, kind: Value) -> Vec<Call> {
        let before = self.standin.calls().len();
        let update = self.standin.numbered(kind);
        let statuses = self.deliver(&update).await;
        assert!(
            statuses.iter().all(|s| *s == 200 || *s == 503),
            "{statuses:?}"
        );
        self.drained().await;
        self.standin.calls()[before..].to_vec()
    }

    async fn say(&self, person: &crate::telegram_standin::Person, text: &str) -> Vec<Call> {
        self.exchange(json!({"message": message(GROUP, person, 1, text)}))
            .await
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_behind_a_duplicating_balancer_answer_every_update_once() {
    let dir = tempfile::tempdir().unwrap();
    let database = fresh_database(dir.path()).await;
    let standin = StandIn::start().await;
    let processes = vec![
        process(&standin, &database, true).await,
        process(&standin, &database, true).await,
    ];
    let balancer = Balancer { standin, processes };
    let set = balancer
        .standin
        .wait_for("both processes to set the webhook", |calls| {
            calls.iter().filter(|c| c.method == "setwebhook").count() == 2
        })
        .await;
    let webhook = set.iter().find(|c| c.method == "setwebhook").unwrap();
    assert_eq!(webhook.params["url"], URL);
    assert_eq!(webhook.params["secret_token"], SECRET);
    assert!(
        set.iter().all(|c| c.method != "getupdates"),
        "no polling in webhook mode"
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    for process in &balancer.processes {
        while !process.ready().await {
            assert!(Instant::now() < deadline, "a process never got ready");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    // Without the secret, or with another one, nothing is handled.
    let before = balancer.standin.calls().len();
    let forged = balancer
        .standin
        .numbered(json!({"message": message(GROUP, &alice(), 1, "/games")}));
    let addr = &balancer.processes[0].addr;
    assert_eq!(balancer.standin.push_to(addr, "wrong", &forged).await, 401);
    assert_eq!(balancer.standin.push_to(addr, "", &forged).await, 401);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        balancer.standin.calls().len(),
        before,
        "a refused push is not handled"
    );

    let seed = 31;
    let (moves, finale) = scripted_game(seed);
    let help = balancer.say(&bob(), "/help").await;
    assert_eq!(replies(&help).len(), 1, "{help:#?}");
    let challenge = balancer
        .say(
            &alice(),
            &format!("/challenge@{BOT_NAME} @bob knight-fight seed:{seed}"),
        )
        .await;
    let sent = replies(&challenge);
    assert_eq!(sent.len(), 1, "one challenge, not two: {challenge:#?}");
    assert!(sent[0].text().contains("Alice challenges Bob"));
    // Bob accepts with the button: one answer to the press, one board.
    let press = balancer
        .exchange(
            json!({"callback_query": button_press(GROUP, &bob(), "press-1", 700, "accept 1")}),
        )
        .await;
    let answers = press
        .iter()
        .filter(|c| c.method == "answercallbackquery")
        .count();
    assert_eq!(answers, 1, "{press:#?}");
    let caption = photo_caption(&press, crate::support::board_size(), "accept");
    assert!(
        caption.contains("Game #1 of Knight Fight begins"),
        "{caption}"
    );

    let size = crate::support::board_size();
    let mut position = Position::start(seed);
    for (ply, mv) in moves.iter().enumerate() {
        let (player, name) = if ply % 2 == 0 {
            (alice(), "Alice")
        } else {
            (bob(), "Bob")
        };
        advance(&mut position, mv);
        let before = balancer.standin.calls().len();
        let update = balancer
            .standin
            .numbered(json!({"message": message(GROUP, &player, 1, &move_text(ply, mv))}));
        balancer.deliver(&update).await;
        if ply % 3 == 0 {
            // Telegram did not hear the 200 and pushes the update again, to one process.
            let again = balancer
                .standin
                .push_to(&balancer.processes[ply % 2].addr, SECRET, &update)
                .await;
            assert_eq!(again, 200, "a repeated update is acknowledged");
        }
        balancer.drained().await;
        let calls = balancer.standin.calls()[before..].to_vec();
        let caption = photo_caption(&calls, size, mv);
        assert!(
            caption.contains(&format!("{name} played {mv}")),
            "{caption}"
        );
        assert!(caption.contains(&score_line(&position)), "{caption}");
    }
    assert_eq!(position.status(), finale.status());
    let game = balancer.processes[1]
        .store
        .game(GameId(1))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(game.plies as usize, moves.len(), "every move applied once");
    let photos = balancer
        .standin
        .calls()
        .iter()
        .filter(|c| c.method == "sendphoto")
        .count();
    assert_eq!(photos, moves.len() + 1, "one picture a move, and the start");
    for process in balancer.processes {
        process.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_webhook_process_refuses_new_pushes_and_polling_takes_the_webhook_down() {
    let dir = tempfile::tempdir().unwrap();
    let database = fresh_database(dir.path()).await;
    let standin = StandIn::start().await;
    let first = process(&standin, &database, true).await;
    standin
        .wait_for("the webhook", |calls| {
            calls.iter().any(|c| c.method == "setwebhook")
        })
        .await;
    let addr = first.addr.clone();
    let balancer = Balancer {
        standin,
        processes: vec![first],
    };
    let before = balancer.standin.calls().len();
    let handled = balancer
        .standin
        .numbered(json!({"message": message(GROUP, &alice(), 1, "/games")}));
    assert_eq!(balancer.deliver(&handled).await, [200]);
    balancer.drained().await;
    let games = balancer.standin.calls()[before..].to_vec();
    assert!(replies(&games)[0].text().contains("No games"));
    let Balancer {
        standin,
        mut processes,
    } = balancer;
    processes.pop().unwrap().stop().await;
    // Stopped: the listener is closed, so the balancer sends the push elsewhere.
    let late = standin.numbered(json!({"message": message(GROUP, &alice(), 1, "/games")}));
    assert_ne!(standin.push_to(&addr, SECRET, &late).await, 200);

    // Back to long polling: the webhook is deleted, then updates come by getUpdates.
    assert!(standin.webhook().is_some());
    let poller = process(&standin, &database, false).await;
    standin
        .wait_for("the webhook deleted and polling begun", |calls| {
            calls.iter().any(|c| c.method == "deletewebhook")
                && calls
                    .iter()
                    .any(|c| c.method == "getupdates" && c.answered())
        })
        .await;
    assert!(standin.webhook().is_none());
    // Telegram never heard the 200 for the update handled above, so polling brings it again:
    // it is not answered twice.
    standin.requeue(handled);
    let before = standin.calls().len();
    let bobs = standin.push(json!({"message": message(GROUP, &bob(), 2, "/games")}));
    standin
        .wait_for("both updates polled past", |calls| {
            calls.iter().any(|c| {
                c.method == "getupdates" && c.params["offset"].as_i64().is_some_and(|o| o > bobs)
            })
        })
        .await;
    let deadline = Instant::now() + Duration::from_secs(30);
    while !poller
        .store
        .outbox(kibitz::Platform::Telegram, 1)
        .await
        .unwrap()
        .is_empty()
    {
        assert!(Instant::now() < deadline, "replies still queued");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let answers: Vec<Call> = standin.calls()[before..]
        .iter()
        .filter(|c| c.method == "sendmessage")
        .cloned()
        .collect();
    assert_eq!(
        answers.len(),
        1,
        "only Bob's update is answered: {answers:#?}"
    );
    assert!(
        answers[0].text().contains("No games"),
        "{}",
        answers[0].text()
    );
    poller.stop().await;
}
