//! The engine's reviews in the store: queued once, one open per chat, claimed by one
//! holder, resumed from what was written, done for good.

use super::*;
use crate::engine::analysis::Evaluation;

fn valued(white: i32) -> Evaluation {
    Evaluation {
        white: Some(white),
        best: Some("c3".into()),
        played_best: false,
    }
}

#[tokio::test]
async fn a_review_is_claimed_by_one_holder_resumed_and_kept_once_done() {
    let (_dir, store) = temp_store().await;
    let game = started_game(&store).await;
    let second = started_game(&store).await;
    let user = game.white_id.unwrap();
    assert!(store.analysis(game.id).await.unwrap().is_none());
    assert!(
        store
            .request_analysis(game.id, game.chat_id, user, 3, at(10))
            .await
            .unwrap()
    );
    // Asked again, or another game of the same chat while it is open: nothing queued.
    assert!(
        !store
            .request_analysis(game.id, game.chat_id, user, 3, at(11))
            .await
            .unwrap()
    );
    assert!(
        !store
            .request_analysis(second.id, game.chat_id, user, 3, at(11))
            .await
            .unwrap()
    );
    assert_eq!(
        store.open_analysis_in_chat(game.chat_id).await.unwrap(),
        Some(game.id)
    );

    let due = store
        .due_analyses(Platform::Console, at(20), 5)
        .await
        .unwrap();
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].chat, "room");
    assert!(
        store
            .due_analyses(Platform::Telegram, at(20), 5)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        store
            .claim_analysis(game.id, "a", at(20), at(100))
            .await
            .unwrap()
    );
    assert!(
        !store
            .claim_analysis(game.id, "b", at(21), at(121))
            .await
            .unwrap()
    );
    assert!(
        store
            .due_analyses(Platform::Console, at(21), 5)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        store
            .save_analysis(game.id, "a", &[valued(10)], at(120), None)
            .await
            .unwrap()
    );
    // "a" stops; once its claim runs out "b" takes over and goes on from what was written.
    assert!(
        !store
            .claim_analysis(game.id, "b", at(119), at(200))
            .await
            .unwrap()
    );
    assert!(
        store
            .claim_analysis(game.id, "b", at(121), at(200))
            .await
            .unwrap()
    );
    let found = store.analysis(game.id).await.unwrap().unwrap();
    assert_eq!(found.evaluations, vec![valued(10)]);
    assert!(!found.finished);
    // The old holder's late write is refused: its claim is gone.
    assert!(
        !store
            .save_analysis(game.id, "a", &[valued(99)], at(220), None)
            .await
            .unwrap()
    );
    let all = [valued(10), valued(-5), valued(300)];
    assert!(
        store
            .save_analysis(game.id, "b", &all, at(220), Some(at(130)))
            .await
            .unwrap()
    );
    let done = store.analysis(game.id).await.unwrap().unwrap();
    assert!(done.finished);
    assert_eq!(done.evaluations, all);
    assert_eq!(done.positions, 3);
    assert!(
        store
            .due_analyses(Platform::Console, at(10_000), 5)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        !store
            .claim_analysis(game.id, "c", at(10_000), at(10_100))
            .await
            .unwrap()
    );
    // The chat may now ask for its next review.
    assert_eq!(
        store.open_analysis_in_chat(game.chat_id).await.unwrap(),
        None
    );
    assert!(
        store
            .request_analysis(second.id, game.chat_id, user, 3, at(140))
            .await
            .unwrap()
    );
}

#[tokio::test]
async fn a_released_review_is_due_again_at_once() {
    let (_dir, store) = temp_store().await;
    let game = started_game(&store).await;
    let user = game.white_id.unwrap();
    assert!(
        store
            .request_analysis(game.id, game.chat_id, user, 2, at(10))
            .await
            .unwrap()
    );
    assert!(
        store
            .claim_analysis(game.id, "a", at(20), at(1_000))
            .await
            .unwrap()
    );
    store.release_analysis(game.id, "b").await.unwrap();
    assert!(
        store
            .due_analyses(Platform::Console, at(30), 5)
            .await
            .unwrap()
            .is_empty()
    );
    store.release_analysis(game.id, "a").await.unwrap();
    assert_eq!(
        store
            .due_analyses(Platform::Console, at(30), 5)
            .await
            .unwrap()
            .len(),
        1
    );
}
