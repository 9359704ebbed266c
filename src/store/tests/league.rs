//! Leagues, ratings and the migrations they came with.

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
        .upsert_chat(Platform::Telegram, "-5", None, None, at(1))
        .await
        .unwrap();
    let user = store
        .upsert_user(Platform::Telegram, "1", "A", None, at(1))
        .await
        .unwrap();
    let setting = DailySetting {
        chat_id: chat,
        puzzle: DailyPuzzle::Ambit,
        enabled: true,
        minute_of_day: 9 * 60,
        level: "auto".into(),
    };
    store
        .set_daily_setting(&setting, user.id, at(1))
        .await
        .unwrap();
    let day = "2026-11-29";
    assert!(
        store
            .due_posts(Platform::Telegram, day, 8 * 60)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        store
            .due_posts(Platform::Discord, day, 10 * 60)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        store
            .due_posts(Platform::Telegram, day, 9 * 60)
            .await
            .unwrap()
            .len(),
        1
    );
    let claim = |holder: &'static str, now: i64| {
        let store = store.clone();
        async move {
            store
                .claim_post(
                    chat,
                    DailyPuzzle::Ambit,
                    day,
                    holder,
                    at(now),
                    at(now + 100),
                )
                .await
                .unwrap()
        }
    };
    assert_eq!(claim("a", 1000).await, Claim::Taken);
    assert_eq!(claim("b", 1050).await, Claim::Held, "the lease still runs");
    // The holder died; after its lease another scheduler takes the post over.
    assert_eq!(claim("b", 1101).await, Claim::Taken);
    assert!(
        !store
            .finish_post(chat, DailyPuzzle::Ambit, day, "a", at(1102))
            .await
            .unwrap()
    );
    assert!(
        store
            .finish_post(chat, DailyPuzzle::Ambit, day, "b", at(1103))
            .await
            .unwrap()
    );
    assert_eq!(claim("c", 9999).await, Claim::Held, "made posts stay made");
    assert_eq!(
        store
            .posts_made(chat, DailyPuzzle::Ambit, day)
            .await
            .unwrap(),
        1
    );
    assert!(
        store
            .due_posts(Platform::Telegram, day, 23 * 60)
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn each_puzzle_of_a_chat_has_its_own_setting_time_and_claim() {
    let (_dir, store) = temp_store().await;
    let chat = store
        .upsert_chat(Platform::Telegram, "-6", None, None, at(1))
        .await
        .unwrap();
    let user = store
        .upsert_user(Platform::Telegram, "1", "A", None, at(1))
        .await
        .unwrap();
    let glacier = DailyPuzzle::Game(GameKind::Glacier);
    assert!(!store.daily_puzzle_wanted(glacier).await.unwrap());
    for (puzzle, minute) in [(DailyPuzzle::Ambit, 9 * 60), (glacier, 6 * 60)] {
        let setting = DailySetting {
            chat_id: chat,
            puzzle,
            enabled: true,
            minute_of_day: minute,
            level: "auto".into(),
        };
        store
            .set_daily_setting(&setting, user.id, at(1))
            .await
            .unwrap();
    }
    assert!(store.daily_puzzle_wanted(glacier).await.unwrap());
    assert!(
        !store
            .daily_puzzle_wanted(DailyPuzzle::Game(GameKind::KnightFight))
            .await
            .unwrap()
    );
    let settings = store.daily_settings(chat).await.unwrap();
    assert_eq!(
        settings.iter().map(|s| s.puzzle).collect::<Vec<_>>(),
        [DailyPuzzle::Ambit, glacier],
        "AMBIT's first"
    );
    assert_eq!(
        store
            .daily_setting(chat, glacier)
            .await
            .unwrap()
            .map(|s| s.minute_of_day),
        Some(6 * 60)
    );
    let day = "2026-12-07";
    let due = |minute: i64| {
        let store = store.clone();
        async move {
            store
                .due_posts(Platform::Telegram, day, minute)
                .await
                .unwrap()
                .into_iter()
                .map(|d| d.puzzle)
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(due(7 * 60).await, [glacier]);
    assert_eq!(due(10 * 60).await, [glacier, DailyPuzzle::Ambit]);
    assert_eq!(
        store
            .claim_post(chat, glacier, day, "a", at(10), at(1000))
            .await
            .unwrap(),
        Claim::Taken
    );
    assert_eq!(
        store
            .claim_post(chat, DailyPuzzle::Ambit, day, "b", at(10), at(1000))
            .await
            .unwrap(),
        Claim::Taken,
        "one puzzle's claim holds nothing of another's"
    );
    assert!(
        store
            .finish_post(chat, glacier, day, "a", at(20))
            .await
            .unwrap()
    );
    assert_eq!(store.posts_made(chat, glacier, day).await.unwrap(), 1);
    assert_eq!(
        store
            .posts_made(chat, DailyPuzzle::Ambit, day)
            .await
            .unwrap(),
        0
    );
    assert_eq!(due(10 * 60).await, [DailyPuzzle::Ambit]);
    // Off again: no longer wanted, no longer due.
    let off = DailySetting {
        chat_id: chat,
        puzzle: glacier,
        enabled: false,
        minute_of_day: 6 * 60,
        level: "auto".into(),
    };
    store.set_daily_setting(&off, user.id, at(2)).await.unwrap();
    assert!(!store.daily_puzzle_wanted(glacier).await.unwrap());
    assert_eq!(store.daily_settings(chat).await.unwrap().len(), 2);
}

#[tokio::test]
async fn racing_claims_on_one_post_give_it_to_exactly_one() {
    let (_dir, store) = temp_store().await;
    let chat = store
        .upsert_chat(Platform::Discord, "9", None, None, at(1))
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
                    .claim_post(
                        chat,
                        DailyPuzzle::Ambit,
                        &day,
                        &format!("h{holder}"),
                        at(10),
                        at(1000),
                    )
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
        store.rate_game(game.id, at(5)).await.unwrap(),
        None,
        "not finished"
    );
    game.state = GameState::Finished;
    game.result = Some(Outcome::win(Side::White, EndReason::Resignation));
    let game = store.save_game(&game, None, at(4)).await.unwrap();
    assert_eq!(store.unrated_games().await.unwrap(), vec![game.id]);
    let (white, black) = store.rate_game(game.id, at(5)).await.unwrap().unwrap();
    assert_eq!(white.rating.rating.round(), 1662.0);
    assert_eq!(black.rating.rating.round(), 1338.0);
    assert_eq!((white.wins, black.losses), (1, 1));
    assert_eq!(
        store.rate_game(game.id, at(6)).await.unwrap(),
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

/// Finished games between the same two players rated at the same moment, as several processes
/// (or a busy one) do: every rating waits its turn, none fails with "database is locked" (a
/// deferred SQLite transaction that read first could not wait), and none overwrites another's
/// update of the shared ratings.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn games_of_one_pair_rated_at_once_all_count() {
    const GAMES: usize = 24;
    let (_dir, store) = temp_store().await;
    let first = started_game(&store).await;
    let mut games = Vec::new();
    for _ in 0..GAMES {
        let mut game = store
            .create_challenge(
                &NewChallenge {
                    chat_id: first.chat_id,
                    kind: GameKind::KnightFight,
                    seed: 9,
                    start_position: "start".into(),
                    challenger_id: first.white_id.unwrap(),
                    invitee_id: first.black_id,
                    challenger_color: crate::games::Color::White,
                    computer_level: None,
                    time_control: None,
                    thread: None,
                },
                at(2),
            )
            .await
            .unwrap();
        game.white_id = first.white_id;
        game.black_id = first.black_id;
        game.state = GameState::Finished;
        game.result = Some(Outcome::win(Side::White, EndReason::Resignation));
        games.push(store.save_game(&game, None, at(4)).await.unwrap());
    }
    let start = std::sync::Arc::new(tokio::sync::Barrier::new(GAMES));
    let tasks: Vec<_> = games
        .iter()
        .map(|game| {
            let (store, start, id) = (store.clone(), start.clone(), game.id);
            tokio::spawn(async move {
                start.wait().await;
                store.rate_game(id, at(5)).await
            })
        })
        .collect();
    for task in tasks {
        let rated = task.await.unwrap();
        assert!(
            matches!(rated, Ok(Some(_))),
            "every game is rated: {rated:?}"
        );
    }
    let scope = store.scope(first.chat_id).await.unwrap();
    let table = store
        .ratings(&scope, Some(GameKind::KnightFight), None)
        .await
        .unwrap();
    let record = |user| table.iter().find(|r| Some(r.user_id) == user).unwrap();
    assert_eq!(record(first.white_id).wins, GAMES as i64);
    assert_eq!(record(first.black_id).losses, GAMES as i64);
    let week = store
        .period_results(&scope, GameKind::KnightFight, 0)
        .await
        .unwrap();
    assert!(
        week.iter().all(|r| r.wins + r.losses == GAMES as i64),
        "{week:?}"
    );
}

#[tokio::test]
async fn a_forgotten_user_leaves_no_name_results_or_ratings() {
    let (_dir, store) = temp_store().await;
    let mut game = started_game(&store).await;
    game.state = GameState::Finished;
    game.result = Some(Outcome::draw(EndReason::Agreement));
    let game = store.save_game(&game, None, at(4)).await.unwrap();
    store.rate_game(game.id, at(5)).await.unwrap();
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
            .user_by_handle(Platform::Console, "alice")
            .await
            .unwrap()
            .is_none()
    );
    // Coming back makes a new user.
    let again = store
        .upsert_user(Platform::Console, "alice", "Alice", None, at(9))
        .await
        .unwrap();
    assert_ne!(again.id, alice);
}
