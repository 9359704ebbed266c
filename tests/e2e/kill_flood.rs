//! A process killed at random points of a move flood, as `kill -9` would: 30 Knight Fight
//! games in 30 groups, every move pushed at once, the adapter killed five times at random
//! moments and started again on the same database (Telegram then delivers every update
//! whose offset was not recorded again). Counted at the end: replies lost (a stored move
//! without its picture, or a refusal where a move was), and pictures sent twice, which may only
//! be the sends that were on their way at a kill: at most one per chat and kill. Runs on
//! SQLite, and on PostgreSQL when `KIBITZ_TEST_POSTGRES_URL` is set (`.ci/run` does).

use crate::support::{fresh_database, scripted_game};
use crate::telegram::{config, move_text};
use crate::telegram_standin::{BOT_NAME, Call, Person, StandIn, message};
use kibitz::chat::telegram::{self, TelegramError};
use kibitz::games::rng::SeededRng;
use kibitz::store::GameId;
use kibitz::{Catalogue, Renderer, Service, Store, system_clock};
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;

const GAMES: usize = 30;
/// Moves of each game in the flood.
const MOVES: usize = 12;
const KILLS: usize = 5;

struct Process {
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<Result<(), TelegramError>>,
    store: Store,
}

async fn start(standin: &StandIn, database: &str) -> Process {
    let store = Store::connect(database).await.unwrap();
    let service = Arc::new(Service::new(
        store.clone(),
        Arc::new(Renderer::new().unwrap()),
        Catalogue::load().unwrap(),
        system_clock(),
    ));
    let (stop, shutdown) = watch::channel(false);
    let mut config = config(standin);
    // A send that times out is sent again (Telegram may have taken it: a duplicate is
    // preferred to a loss); here the stand-in is slow under 30 lanes of pictures on a debug
    // build, and only a kill may cause a duplicate.
    config.request_timeout = Duration::from_secs(30);
    let task = tokio::spawn(async move { telegram::run(&service, config, shutdown).await });
    Process { stop, task, store }
}

impl Process {
    /// Dies wherever it is: its futures are dropped mid-await and its connections closed, so
    /// an open transaction is rolled back and a commit already on its way may still land.
    async fn kill(self) {
        self.task.abort();
        let _ = self.task.await;
        self.store.close().await;
    }

    async fn stop(self) {
        let _ = self.stop.send(true);
        let ended = tokio::time::timeout(Duration::from_secs(10), self.task).await;
        assert!(matches!(ended, Ok(Ok(Ok(())))), "{ended:?}");
        self.store.close().await;
    }
}

fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

/// Game `index`'s group and its two players (distinct people, so that no one's own rate
/// limit is reached by the flood).
fn table(index: usize) -> (i64, Person, Person) {
    let person = |id: i64, name: String| Person {
        id,
        first_name: leak(name.clone()),
        username: Some(leak(name.to_lowercase())),
    };
    let i = index as i64;
    (
        -1_002_000 - i,
        person(1_000 + 2 * i, format!("White{index}")),
        person(1_001 + 2 * i, format!("Black{index}")),
    )
}

/// Waits (bounded) until every update pushed so far is recorded as handled and every reply is
/// sent: the adapter polled past the last update and the outbox is empty.
async fn settle(standin: &StandIn, database: &str, last: i64) {
    let probe = Store::connect(database).await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(240);
    loop {
        let polled_past = standin.calls().iter().any(|c| {
            c.method == "getupdates" && c.params["offset"].as_i64().is_some_and(|o| o > last)
        });
        let queued = probe
            .outbox(kibitz::Platform::Telegram, 1)
            .await
            .unwrap()
            .len();
        if polled_past && queued == 0 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the flood did not settle in 240 s"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    probe.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_at_random_points_of_a_move_flood_loses_no_reply() {
    let dir = tempfile::tempdir().unwrap();
    let database = fresh_database(dir.path()).await;
    let standin = StandIn::start().await;
    let games: Vec<(u64, Vec<String>)> = (0..GAMES)
        .map(|index| {
            let seed = 100 + index as u64;
            let (mut moves, _) = scripted_game(seed);
            moves.truncate(MOVES);
            assert_eq!(moves.len(), MOVES, "game {index} is long enough");
            (seed, moves)
        })
        .collect();

    // The games begin, one after another: game `index` is #index+1.
    let process = start(&standin, &database).await;
    let mut last = 0;
    for (index, (seed, _)) in games.iter().enumerate() {
        let (group, white, black) = table(index);
        standin.push(json!({"message": message(group, &black, 1, "/games")}));
        let challenge = format!(
            "/challenge@{BOT_NAME} @{} knight-fight seed:{seed}",
            black.username.unwrap_or_default()
        );
        standin.push(json!({"message": message(group, &white, 2, &challenge)}));
        last = standin
            .push(json!({"message": message(group, &black, 3, &format!("/accept {}", index + 1))}));
    }
    settle(&standin, &database, last).await;
    let started = standin.calls().len();

    // The flood: every move of every game, round by round, pushed at once.
    for ply in 0..MOVES {
        for (index, (_, moves)) in games.iter().enumerate() {
            let (group, white, black) = table(index);
            let player = if ply % 2 == 0 { &white } else { &black };
            let text = move_text(ply, &moves[ply]);
            last = standin.push(json!({"message": message(group, player, 10 + ply as i64, &text)}));
        }
    }

    // Killed at random moments of the flood (after a random number of its pictures, then a
    // random few milliseconds more), started again each time.
    let mut rng = SeededRng::new(0x00C0_FFEE);
    let mut process = process;
    let mut kills_at = Vec::new();
    for _ in 0..KILLS {
        let until = standin.count_calls("sendphoto") + 10 + rng.below(50) as usize;
        let deadline = Instant::now() + Duration::from_secs(60);
        while standin.count_calls("sendphoto") < until {
            assert!(Instant::now() < deadline, "no pictures for a minute");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        tokio::time::sleep(Duration::from_millis(rng.below(40))).await;
        process.kill().await;
        // Requests the dead process had sent still arrive for a moment, as over a network.
        tokio::time::sleep(Duration::from_millis(200)).await;
        kills_at.push(standin.calls().len());
        process = start(&standin, &database).await;
    }
    settle(&standin, &database, last).await;
    let store = Store::connect(&database).await.unwrap();

    let calls = standin.calls();
    let mut lost = 0;
    let mut duplicates_per_kill = vec![0usize; KILLS];
    for (index, (_, moves)) in games.iter().enumerate() {
        let (group, white, black) = table(index);
        // Every move was applied once.
        let stored: Vec<String> = store
            .moves(GameId(index as i64 + 1))
            .await
            .unwrap()
            .into_iter()
            .map(|m| m.notation)
            .collect();
        assert_eq!(&stored, moves, "game {index}'s moves, each applied once");
        // The flood's sends to this group, in order: the pictures, and nothing else.
        let sent: Vec<(usize, &Call)> = calls
            .iter()
            .enumerate()
            .skip(started)
            .filter(|(_, c)| c.answered() && c.method != "getupdates" && c.chat() == group)
            .collect();
        for (_, call) in &sent {
            assert_eq!(call.method, "sendphoto", "game {index}: {:?}", call.text());
        }
        // A picture sent twice in a row is one that was on its way at a kill.
        let mut pictures: Vec<&str> = Vec::new();
        let mut previous: Option<(usize, &str)> = None;
        let mut twice_at = Vec::new();
        for &(at, call) in &sent {
            let caption = call.text();
            match previous {
                Some((before, same)) if same == caption => {
                    let kill = kills_at
                        .iter()
                        .position(|&k| before < k && k <= at)
                        .unwrap_or_else(|| {
                            panic!("game {index}: {caption:?} sent twice, not across a kill ({before}, {at}, kills at {kills_at:?})")
                        });
                    duplicates_per_kill[kill] += 1;
                    assert!(
                        !twice_at.contains(&kill),
                        "game {index}: two pictures sent twice across kill {kill}"
                    );
                    twice_at.push(kill);
                }
                _ => pictures.push(caption),
            }
            previous = Some((at, caption));
        }
        for (ply, mv) in moves.iter().enumerate() {
            let mover = if ply % 2 == 0 { &white } else { &black };
            let expected = format!("{} played {mv}", mover.first_name);
            if !pictures
                .get(ply)
                .is_some_and(|caption| caption.contains(&expected))
            {
                lost += 1;
            }
        }
        assert!(
            pictures.len() <= moves.len(),
            "game {index}: {} pictures for {} moves",
            pictures.len(),
            moves.len()
        );
    }
    process.stop().await;
    store.close().await;
    eprintln!(
        "kill flood on {}: {} moves in {GAMES} games, {} kills, {lost} replies lost, duplicates per kill {duplicates_per_kill:?}",
        if database.starts_with("sqlite") {
            "SQLite"
        } else {
            "PostgreSQL"
        },
        GAMES * MOVES,
        KILLS,
    );
    assert_eq!(lost, 0, "replies lost");
    for (kill, &duplicates) in duplicates_per_kill.iter().enumerate() {
        assert!(
            duplicates <= GAMES,
            "kill {kill}: {duplicates} pictures sent twice, more than the chats"
        );
    }
}
