//! Users, chats and games: created once, saved, read back, and versions that refuse stale
//! or racing writes.

use super::*;

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
                    .user_by_handle(Platform::Console, "nobody")
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
        .upsert_chat(Platform::Console, "room", Some("Room"), None, at(1))
        .await
        .unwrap();
    let b = store
        .upsert_chat(Platform::Console, "room", None, None, at(2))
        .await
        .unwrap();
    assert_eq!(a, b);
    let first = store
        .upsert_user(Platform::Console, "u1", "Old", Some("Handle"), at(1))
        .await
        .unwrap();
    let second = store
        .upsert_user(Platform::Console, "u1", "New", None, at(2))
        .await
        .unwrap();
    assert_eq!(first.id, second.id);
    assert_eq!(second.display_name, "New");
    assert_eq!(second.handle.as_deref(), Some("Handle"));
    let found = store
        .user_by_handle(Platform::Console, "handle")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(found.id, first.id);
    assert!(
        store
            .user_by_handle(Platform::Telegram, "handle")
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
    let saved = store.save_game(&game, Some(&played), at(4)).await.unwrap();
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
    store.save_game(&first, None, at(5)).await.unwrap();
    let mut stale = game.clone();
    stale.position = "stale".into();
    let played = MoveRecord {
        ply: 1,
        side: Side::White,
        user_id: game.white_id.unwrap(),
        notation: "x".into(),
    };
    let error = store
        .save_game(&stale, Some(&played), at(6))
        .await
        .unwrap_err();
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
                store.save_game(&attempt, Some(&played), at(10)).await
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
