use super::*;
use crate::games::{GameKind, Side};

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
        .upsert_chat("console", "room", None, None, 1)
        .await
        .unwrap();
    let alice = store
        .upsert_user("console", "alice", "Alice", Some("alice"), 1)
        .await
        .unwrap();
    let bob = store
        .upsert_user("console", "bob", "Bob", Some("bob"), 1)
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
                challenger_color: "white".into(),
            },
            2,
        )
        .await
        .unwrap();
    game.white_id = Some(alice.id);
    game.black_id = Some(bob.id);
    game.state = GameState::Ongoing;
    store.save_game(&game, None, 3).await.unwrap()
}

/// Processes started together on a fresh SQLite file (two bot processes, a test starting
/// two) race for its migrations; every one of them must come up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stores_opened_together_on_a_fresh_file_all_come_up() {
    if postgres_url().is_some() {
        return; // PostgreSQL's migrations lock: the race is SQLite's.
    }
    for round in 0..5 {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("race.db").display());
        let opened = futures_util::future::join_all((0..6).map(|_| Store::connect(&url))).await;
        for (opener, store) in opened.into_iter().enumerate() {
            let store = store.unwrap_or_else(|e| panic!("round {round}, store {opener}: {e}"));
            assert!(
                store
                    .user_by_handle("console", "nobody")
                    .await
                    .unwrap()
                    .is_none()
            );
            store.close().await;
        }
    }
}

#[tokio::test]
async fn users_and_chats_are_created_once_and_refreshed() {
    let (_dir, store) = temp_store().await;
    let a = store
        .upsert_chat("console", "room", Some("Room"), None, 1)
        .await
        .unwrap();
    let b = store
        .upsert_chat("console", "room", None, None, 2)
        .await
        .unwrap();
    assert_eq!(a, b);
    let first = store
        .upsert_user("console", "u1", "Old", Some("Handle"), 1)
        .await
        .unwrap();
    let second = store
        .upsert_user("console", "u1", "New", None, 2)
        .await
        .unwrap();
    assert_eq!(first.id, second.id);
    assert_eq!(second.display_name, "New");
    assert_eq!(second.handle.as_deref(), Some("Handle"));
    let found = store
        .user_by_handle("console", "handle")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(found.id, first.id);
    assert!(
        store
            .user_by_handle("telegram", "handle")
            .await
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn a_saved_move_is_read_back_with_the_game() {
    let (_dir, store) = temp_store().await;
    let mut game = started_game(&store).await;
    game.position = "after".into();
    game.plies = 1;
    game.last_move = Some(LastMove {
        text: "c1".into(),
        from: None,
        to: Some("c1".into()),
        also: vec!["a3".into()],
    });
    let played = MoveRecord {
        ply: 1,
        side: Side::White,
        user_id: game.white_id.unwrap(),
        notation: "c1".into(),
    };
    let saved = store.save_game(&game, Some(&played), 4).await.unwrap();
    let read = store.game(game.id).await.unwrap().unwrap();
    assert_eq!(read, saved);
    assert_eq!(read.version, game.version + 1);
    assert_eq!(store.moves(game.id).await.unwrap(), vec![played]);
    assert_eq!(store.active_games(game.chat_id).await.unwrap(), vec![saved]);
}

#[tokio::test]
async fn a_stale_version_is_refused_and_writes_nothing() {
    let (_dir, store) = temp_store().await;
    let game = started_game(&store).await;
    let mut first = game.clone();
    first.position = "first".into();
    store.save_game(&first, None, 5).await.unwrap();
    let mut stale = game.clone();
    stale.position = "stale".into();
    let played = MoveRecord {
        ply: 1,
        side: Side::White,
        user_id: game.white_id.unwrap(),
        notation: "x".into(),
    };
    let error = store.save_game(&stale, Some(&played), 6).await.unwrap_err();
    assert!(matches!(error, StoreError::Conflict));
    assert_eq!(
        store.game(game.id).await.unwrap().unwrap().position,
        "first"
    );
    assert!(store.moves(game.id).await.unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn of_many_racing_moves_on_one_game_exactly_one_commits() {
    let (_dir, store) = temp_store().await;
    for round in 0..5 {
        let game = started_game(&store).await;
        let mut tasks = Vec::new();
        for contender in 0..8 {
            let store = store.clone();
            let mut attempt = game.clone();
            tasks.push(tokio::spawn(async move {
                attempt.position = format!("round {round} contender {contender}");
                attempt.plies += 1;
                let played = MoveRecord {
                    ply: attempt.plies,
                    side: Side::White,
                    user_id: attempt.white_id.unwrap_or_default(),
                    notation: format!("m{contender}"),
                };
                store.save_game(&attempt, Some(&played), 10).await
            }));
        }
        let mut committed = 0;
        for task in tasks {
            match task.await.unwrap() {
                Ok(_) => committed += 1,
                Err(StoreError::Conflict) => {}
                Err(other) => panic!("unexpected error {other}"),
            }
        }
        assert_eq!(committed, 1, "round {round}");
        let moves = store.moves(game.id).await.unwrap();
        assert_eq!(moves.len(), 1);
        let stored = store.game(game.id).await.unwrap().unwrap();
        assert_eq!(stored.version, game.version + 1);
        assert!(stored.position.ends_with(&moves[0].notation[1..]));
    }
}

#[tokio::test]
async fn a_lease_has_one_holder_until_it_runs_out_or_is_released() {
    let (_dir, store) = temp_store().await;
    assert!(store.take_lease("poll", "a", 0, 100).await.unwrap());
    assert!(
        !store.take_lease("poll", "b", 50, 150).await.unwrap(),
        "a holds it"
    );
    assert!(
        store.take_lease("poll", "a", 90, 190).await.unwrap(),
        "a renews"
    );
    assert!(
        !store.take_lease("poll", "b", 150, 250).await.unwrap(),
        "renewed to 190"
    );
    assert!(
        store.take_lease("poll", "b", 191, 291).await.unwrap(),
        "a ran out"
    );
    assert!(!store.take_lease("poll", "a", 200, 300).await.unwrap());
    store.release_lease("poll", "a").await.unwrap();
    assert!(
        !store.take_lease("poll", "a", 200, 300).await.unwrap(),
        "only b may release"
    );
    store.release_lease("poll", "b").await.unwrap();
    assert!(store.take_lease("poll", "a", 200, 300).await.unwrap());
    assert!(
        store.take_lease("other", "b", 200, 300).await.unwrap(),
        "leases are by name"
    );
}

#[tokio::test]
async fn platform_state_and_outbox_commit_together_and_drain_in_order() {
    let (_dir, store) = temp_store().await;
    assert_eq!(
        store.platform_value("telegram", "offset").await.unwrap(),
        None
    );
    let items = |names: &[&str]| -> Vec<NewOutboxItem> {
        names
            .iter()
            .map(|name| NewOutboxItem {
                payload: name.to_string(),
                attachment: (*name == "photo").then(|| vec![0x89, b'P', b'N', b'G']),
            })
            .collect()
    };
    store
        .record_platform_event("telegram", "offset", "7", &items(&["a", "photo"]), 10)
        .await
        .unwrap();
    store
        .record_platform_event("telegram", "offset", "8", &items(&["b"]), 11)
        .await
        .unwrap();
    store
        .record_platform_event("discord", "offset", "x", &items(&["other"]), 12)
        .await
        .unwrap();
    let value = store.platform_value("telegram", "offset").await.unwrap();
    assert_eq!(
        value,
        Some(PlatformValue {
            value: "8".into(),
            updated_at: 11
        })
    );
    let waiting = store.outbox("telegram", 10).await.unwrap();
    let payloads: Vec<&str> = waiting.iter().map(|i| i.payload.as_str()).collect();
    assert_eq!(payloads, ["a", "photo", "b"]);
    assert_eq!(
        waiting[1].attachment.as_deref(),
        Some(&[0x89, b'P', b'N', b'G'][..])
    );
    store.remove_outbox_item(waiting[0].id).await.unwrap();
    let rest = store.outbox("telegram", 1).await.unwrap();
    assert_eq!(rest.len(), 1);
    assert_eq!(rest[0].payload, "photo");
}

mod ambit {
    use super::*;

    fn daily(day: &str, footprint: &str) -> DailyRecord {
        DailyRecord {
            day: day.into(),
            footprint: footprint.into(),
            level: "easy".into(),
            min_pieces: 2,
            solutions: 1,
            solution: "Ka1 Kc3".into(),
        }
    }

    #[tokio::test]
    async fn the_first_daily_of_a_day_is_kept_for_ever() {
        let (_dir, store) = temp_store().await;
        let first = store
            .keep_daily(&daily("2027-01-01", "first"), 1)
            .await
            .unwrap();
        let second = store
            .keep_daily(&daily("2027-01-01", "second"), 2)
            .await
            .unwrap();
        assert_eq!(first.footprint, "first");
        assert_eq!(second, first);
        assert_eq!(store.daily("2027-01-02", "easy").await.unwrap(), None);
        // Another level of the same day is a puzzle of its own.
        let hard = DailyRecord {
            level: "hard".into(),
            ..daily("2027-01-01", "hard one")
        };
        assert_eq!(store.keep_daily(&hard, 3).await.unwrap(), hard);
        assert_eq!(
            store.daily("2027-01-01", "easy").await.unwrap(),
            Some(first)
        );
    }

    #[tokio::test]
    async fn one_daily_attempt_per_user_and_day_and_saves_check_the_version() {
        let (_dir, store) = temp_store().await;
        let chat = store
            .upsert_chat("console", "room", None, None, 1)
            .await
            .unwrap();
        let user = store
            .upsert_user("console", "a", "A", None, 1)
            .await
            .unwrap();
        store
            .keep_daily(&daily("2027-01-01", "fp"), 1)
            .await
            .unwrap();
        let new = NewAttempt {
            user_id: user.id,
            chat_id: chat,
            played_in: chat,
            day: Some("2027-01-01".into()),
            level: "easy".into(),
            state: "state one".into(),
            solution: "Ka1".into(),
        };
        let first = store.start_attempt(&new, 10).await.unwrap();
        let again = store
            .start_attempt(
                &NewAttempt {
                    state: "state two".into(),
                    ..new.clone()
                },
                20,
            )
            .await
            .unwrap();
        assert_eq!(again, first, "the second start returns the first attempt");
        assert_eq!(
            store.open_attempts(user.id, chat).await.unwrap(),
            vec![first.clone()]
        );
        let mut solved = first.clone();
        solved.status = AttemptStatus::Solved;
        solved.stars = Some(3);
        solved.finished_at = Some(30);
        let saved = store.save_attempt(&solved).await.unwrap();
        assert!(matches!(
            store.save_attempt(&solved).await,
            Err(StoreError::Conflict)
        ));
        assert_eq!(
            store.daily_attempt(user.id, "2027-01-01").await.unwrap(),
            Some(saved)
        );
        assert!(store.open_attempts(user.id, chat).await.unwrap().is_empty());
        // Practice attempts are not limited.
        let practice = NewAttempt { day: None, ..new };
        let p1 = store.start_attempt(&practice, 40).await.unwrap();
        let p2 = store.start_attempt(&practice, 50).await.unwrap();
        assert_ne!(p1.id, p2.id);
        assert_eq!(
            store
                .daily_attempts("2027-01-01", chat)
                .await
                .unwrap()
                .len(),
            1
        );
    }
}

mod league {
    use super::*;
    use crate::games::{EndReason, Outcome};

    #[tokio::test]
    async fn a_database_made_before_guild_life_migrates_with_its_puzzles() {
        // SQLite's history only: PostgreSQL started from the schema this migration made.
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("old.db").display());
        {
            let options = <sqlx::sqlite::SqliteConnectOptions as std::str::FromStr>::from_str(&url)
                .unwrap()
                .create_if_missing(true)
                .foreign_keys(true);
            let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
            let mut old = sqlx::migrate!("./migrations/sqlite");
            old.migrations = std::borrow::Cow::Owned(
                old.migrations
                    .iter()
                    .filter(|m| m.version <= 3)
                    .cloned()
                    .collect(),
            );
            old.run(&pool).await.unwrap();
            for statement in [
                "INSERT INTO chats (id, platform, external_id, created_at) VALUES (1, 'console', 'room', 0)",
                "INSERT INTO users (id, platform, external_id, display_name, created_at, updated_at)
                     VALUES (1, 'console', 'a', 'A', 0, 0)",
                "INSERT INTO ambit_dailies VALUES ('2026-11-28', 'fp', 'hard', 3, 1, 'Ka1', 0)",
                "INSERT INTO ambit_attempts (id, user_id, chat_id, day, level, state, status, stars,
                     solution, started_at, finished_at, version)
                     VALUES (7, 1, 1, '2026-11-28', 'hard', 's', 'solved', 2, 'Ka1', 10, 20, 3)",
            ] {
                sqlx::query(statement).execute(&pool).await.unwrap();
            }
            pool.close().await;
        }
        let store = Store::connect(&url).await.unwrap();
        let daily = store.daily("2026-11-28", "hard").await.unwrap().unwrap();
        assert_eq!(daily.footprint, "fp");
        let attempt = store.daily_attempt(1, "2026-11-28").await.unwrap().unwrap();
        assert_eq!((attempt.id, attempt.chat_id, attempt.played_in), (7, 1, 1));
        assert_eq!((attempt.stars, attempt.version), (Some(2), 3));
    }

    #[tokio::test]
    async fn a_post_is_claimed_by_one_holder_and_taken_over_only_after_its_lease() {
        let (_dir, store) = temp_store().await;
        let chat = store
            .upsert_chat("telegram", "-5", None, None, 1)
            .await
            .unwrap();
        let user = store
            .upsert_user("telegram", "1", "A", None, 1)
            .await
            .unwrap();
        let setting = DailySetting {
            chat_id: chat,
            enabled: true,
            minute_of_day: 9 * 60,
            level: "auto".into(),
        };
        store.set_daily_setting(&setting, user.id, 1).await.unwrap();
        let day = "2026-11-29";
        assert!(
            store
                .due_posts("telegram", day, 8 * 60)
                .await
                .unwrap()
                .is_empty()
        );
        assert!(
            store
                .due_posts("discord", day, 10 * 60)
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            store
                .due_posts("telegram", day, 9 * 60)
                .await
                .unwrap()
                .len(),
            1
        );
        let claim = |holder: &'static str, now: i64| {
            let store = store.clone();
            async move {
                store
                    .claim_post(chat, day, holder, now, now + 100)
                    .await
                    .unwrap()
            }
        };
        assert_eq!(claim("a", 1000).await, Claim::Taken);
        assert_eq!(claim("b", 1050).await, Claim::Held, "the lease still runs");
        // The holder died; after its lease another scheduler takes the post over.
        assert_eq!(claim("b", 1101).await, Claim::Taken);
        assert!(!store.finish_post(chat, day, "a", 1102).await.unwrap());
        assert!(store.finish_post(chat, day, "b", 1103).await.unwrap());
        assert_eq!(claim("c", 9999).await, Claim::Held, "made posts stay made");
        assert_eq!(store.posts_made(chat, day).await.unwrap(), 1);
        assert!(
            store
                .due_posts("telegram", day, 23 * 60)
                .await
                .unwrap()
                .is_empty()
        );
    }

    #[tokio::test]
    async fn racing_claims_on_one_post_give_it_to_exactly_one() {
        let (_dir, store) = temp_store().await;
        let chat = store
            .upsert_chat("discord", "9", None, None, 1)
            .await
            .unwrap();
        for round in 0..5 {
            let day = format!("2026-12-0{}", round + 1);
            let mut tasks = Vec::new();
            for holder in 0..8 {
                let store = store.clone();
                let day = day.clone();
                tasks.push(tokio::spawn(async move {
                    store
                        .claim_post(chat, &day, &format!("h{holder}"), 10, 1000)
                        .await
                        .unwrap()
                }));
            }
            let mut taken = 0;
            for task in tasks {
                if task.await.unwrap() == Claim::Taken {
                    taken += 1;
                }
            }
            assert_eq!(taken, 1, "round {round}");
        }
    }

    #[tokio::test]
    async fn a_finished_game_is_rated_once_in_its_community() {
        let (_dir, store) = temp_store().await;
        let mut game = started_game(&store).await;
        assert_eq!(
            store.rate_game(game.id, 5).await.unwrap(),
            None,
            "not finished"
        );
        game.state = GameState::Finished;
        game.result = Some(Outcome::win(Side::White, EndReason::Resignation).to_string());
        let game = store.save_game(&game, None, 4).await.unwrap();
        assert_eq!(store.unrated_games().await.unwrap(), vec![game.id]);
        let (white, black) = store.rate_game(game.id, 5).await.unwrap().unwrap();
        assert_eq!(white.rating.rating.round(), 1662.0);
        assert_eq!(black.rating.rating.round(), 1338.0);
        assert_eq!((white.wins, black.losses), (1, 1));
        assert_eq!(
            store.rate_game(game.id, 6).await.unwrap(),
            None,
            "rated once"
        );
        assert!(store.unrated_games().await.unwrap().is_empty());
        let scope = store.scope(game.chat_id).await.unwrap();
        let table = store
            .ratings(&scope, Some(GameKind::KnightFight), None)
            .await
            .unwrap();
        assert_eq!(table.len(), 2);
        assert_eq!(table[0].name, "Alice");
        // Another community starts from scratch.
        let elsewhere = Scope {
            chat_id: game.chat_id + 100,
            community: Some("discord:1".into()),
        };
        assert!(
            store
                .ratings(&elsewhere, None, None)
                .await
                .unwrap()
                .is_empty()
        );
    }

    #[tokio::test]
    async fn a_forgotten_user_leaves_no_name_results_or_ratings() {
        let (_dir, store) = temp_store().await;
        let mut game = started_game(&store).await;
        game.state = GameState::Finished;
        game.result = Some(Outcome::draw(EndReason::Agreement).to_string());
        let game = store.save_game(&game, None, 4).await.unwrap();
        store.rate_game(game.id, 5).await.unwrap();
        let alice = game.white_id.unwrap();
        store.forget_user(alice, "deleted player").await.unwrap();
        let scope = store.scope(game.chat_id).await.unwrap();
        let table = store.ratings(&scope, None, None).await.unwrap();
        assert_eq!(table.len(), 1);
        assert_eq!(table[0].name, "Bob");
        let forgotten = store.user(alice).await.unwrap().unwrap();
        assert_eq!(forgotten.display_name, "deleted player");
        assert_eq!(forgotten.handle, None);
        assert!(
            store
                .user_by_handle("console", "alice")
                .await
                .unwrap()
                .is_none()
        );
        // Coming back makes a new user.
        let again = store
            .upsert_user("console", "alice", "Alice", None, 9)
            .await
            .unwrap();
        assert_ne!(again.id, alice);
    }
}

mod fair_play {
    use super::*;

    /// A second store on `store`'s database, as a second process would open it.
    async fn second(dir: &tempfile::TempDir, store: &Store) -> Option<Store> {
        // A PostgreSQL test database's name is not kept; the SQLite file is.
        (store.backend() == Backend::Sqlite).then_some(())?;
        let url = format!("sqlite://{}", dir.path().join("test.db").display());
        Some(Store::connect(&url).await.unwrap())
    }

    #[tokio::test]
    async fn processes_starting_together_agree_on_the_deployment_secret() {
        let (dir, one) = temp_store().await;
        let two = second(&dir, &one).await.unwrap_or_else(|| one.clone());
        let (a, b) = tokio::join!(
            one.deployment_secret("daily", "aaaa", 1),
            two.deployment_secret("daily", "bbbb", 1)
        );
        let (a, b) = (a.unwrap(), b.unwrap());
        assert_eq!(a, b, "both read the one stored");
        assert!(a == "aaaa" || a == "bbbb", "{a}");
        // Kept: a later candidate changes nothing.
        assert_eq!(one.deployment_secret("daily", "cccc", 2).await.unwrap(), a);
        assert_eq!(
            one.deployment_secret("other", "dddd", 2).await.unwrap(),
            "dddd",
            "secrets are by name"
        );
    }

    async fn attempt_at(store: &Store, user: i64, chat: i64, day: &str) {
        store
            .keep_daily(
                &DailyRecord {
                    day: day.into(),
                    footprint: "f".into(),
                    level: "easy".into(),
                    min_pieces: 2,
                    solutions: 1,
                    solution: "Ka1".into(),
                },
                1,
            )
            .await
            .unwrap();
        store
            .start_attempt(
                &NewAttempt {
                    user_id: user,
                    chat_id: chat,
                    played_in: chat,
                    day: Some(day.into()),
                    level: "easy".into(),
                    state: "s".into(),
                    solution: "Ka1".into(),
                },
                1,
            )
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn forgetting_keeps_a_played_marker_and_drops_the_private_outbox() {
        let (_dir, store) = temp_store().await;
        let chat = store
            .upsert_chat("telegram", "-100", None, None, 1)
            .await
            .unwrap();
        let alice = store
            .upsert_user("telegram", "11", "Alice", None, 1)
            .await
            .unwrap();
        let bob = store
            .upsert_user("telegram", "22", "Bob", None, 1)
            .await
            .unwrap();
        attempt_at(&store, alice.id, chat, "2026-11-29").await;
        let item = |payload: &str| NewOutboxItem {
            payload: payload.to_string(),
            attachment: None,
        };
        let waiting = [
            item(r#"{"send":"photo","chat":11,"caption":"your board"}"#),
            item(r#"{"send":"text","chat":-100,"text":"in the group"}"#),
            item(r#"{"send":"text","chat":22,"text":"for bob"}"#),
            item(r#"{"send":"text","chat":"11","text":"a string id"}"#),
            item(r#"{"send":"answer","callback":"q1"}"#),
            item("not json"),
        ];
        store.queue_outbox("telegram", &waiting, 2).await.unwrap();
        store
            .queue_outbox("discord", &[item(r#"{"chat":11}"#)], 2)
            .await
            .unwrap();
        // Bob played yesterday's daily and was forgotten then: his marker is kept...
        attempt_at(&store, bob.id, chat, "2026-11-28").await;
        store
            .forget_user_keeping(
                bob.id,
                "deleted player",
                &Forgetting {
                    played: &[("2026-11-28".into(), "m-bob".into())],
                    today: Some("2026-11-28"),
                    private_chat: None,
                },
            )
            .await
            .unwrap();
        assert!(
            store
                .daily_played_marked("2026-11-28", "m-bob")
                .await
                .unwrap()
        );
        let played = [
            ("2026-11-29".to_string(), "m-alice".to_string()),
            ("2026-11-30".to_string(), "m-unplayed".to_string()),
        ];
        store
            .forget_user_keeping(
                alice.id,
                "deleted player",
                &Forgetting {
                    played: &played,
                    today: Some("2026-11-29"),
                    private_chat: Some(("telegram", "11")),
                },
            )
            .await
            .unwrap();
        assert!(
            store
                .daily_played_marked("2026-11-29", "m-alice")
                .await
                .unwrap()
        );
        assert!(
            !store
                .daily_played_marked("2026-11-30", "m-unplayed")
                .await
                .unwrap(),
            "no marker for a daily the user did not start"
        );
        assert!(
            !store
                .daily_played_marked("2026-11-28", "m-bob")
                .await
                .unwrap(),
            "...until a later forgetting drops the markers of days gone by"
        );
        assert!(
            store
                .daily_attempt(alice.id, "2026-11-29")
                .await
                .unwrap()
                .is_none(),
            "the attempt itself is gone"
        );
        let left: Vec<String> = store
            .outbox("telegram", 10)
            .await
            .unwrap()
            .into_iter()
            .map(|i| i.payload)
            .collect();
        assert_eq!(
            left,
            [
                r#"{"send":"text","chat":-100,"text":"in the group"}"#,
                r#"{"send":"text","chat":22,"text":"for bob"}"#,
                r#"{"send":"answer","callback":"q1"}"#,
                "not json",
            ],
            "what waited for alice's private chat is gone, the rest stays"
        );
        assert_eq!(store.outbox("discord", 10).await.unwrap().len(), 1);
    }
}
