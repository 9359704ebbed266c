use super::*;
use crate::games::{GameKind, Side, Timestamp};

mod ambit;
mod analyses;
mod fair_play;
mod league;
mod people;
mod platform;
mod records;
mod unit;

/// The instant `ms` after the epoch: the tests' clock readings.
fn at(ms: i64) -> Timestamp {
    Timestamp::from_millis(ms)
}

/// A PostgreSQL server to run this suite against instead of SQLite (`.ci/run` sets it):
/// `postgres://user:password@127.0.0.1:5432/postgres`, a user that may create databases.
fn postgres_url() -> Option<String> {
    std::env::var("KIBITZ_TEST_POSTGRES_URL")
        .ok()
        .filter(|url| !url.is_empty())
}

/// A fresh, empty store: a SQLite file in a temporary folder, or a new PostgreSQL database
/// when `KIBITZ_TEST_POSTGRES_URL` is set.
async fn temp_store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let url = match postgres_url() {
        Some(server) => {
            static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
            let name = format!(
                "kibitz_test_{}_{}",
                std::process::id(),
                NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
            );
            Store::create_postgres_database(&server, &name)
                .await
                .unwrap()
        }
        None => format!("sqlite://{}", dir.path().join("test.db").display()),
    };
    let store = Store::connect(&url).await.unwrap();
    let expected = if postgres_url().is_some() {
        Backend::Postgres
    } else {
        Backend::Sqlite
    };
    assert_eq!(store.backend(), expected);
    (dir, store)
}

async fn started_game(store: &Store) -> GameRecord {
    let chat = store
        .upsert_chat(Platform::Console, "room", None, None, at(1))
        .await
        .unwrap();
    let alice = store
        .upsert_user(Platform::Console, "alice", "Alice", Some("alice"), at(1))
        .await
        .unwrap();
    let bob = store
        .upsert_user(Platform::Console, "bob", "Bob", Some("bob"), at(1))
        .await
        .unwrap();
    let mut game = store
        .create_challenge(
            &NewChallenge {
                chat_id: chat,
                kind: GameKind::KnightFight,
                seed: 9,
                start_position: "start".into(),
                challenger_id: alice.id,
                invitee_id: Some(bob.id),
                challenger_color: crate::games::Color::White,
                computer_level: None,
                time_control: None,
                thread: None,
            },
            at(2),
        )
        .await
        .unwrap();
    game.white_id = Some(alice.id);
    game.black_id = Some(bob.id);
    game.state = GameState::Ongoing;
    store.save_game(&game, None, at(3)).await.unwrap()
}
