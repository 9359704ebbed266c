//! AMBIT's dailies and attempts.

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
        .keep_daily(&daily("2027-01-01", "first"), at(1))
        .await
        .unwrap();
    let second = store
        .keep_daily(&daily("2027-01-01", "second"), at(2))
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
    assert_eq!(store.keep_daily(&hard, at(3)).await.unwrap(), hard);
    assert_eq!(
        store.daily("2027-01-01", "easy").await.unwrap(),
        Some(first)
    );
}

#[tokio::test]
async fn one_daily_attempt_per_user_and_day_and_saves_check_the_version() {
    let (_dir, store) = temp_store().await;
    let chat = store
        .upsert_chat(Platform::Console, "room", None, None, at(1))
        .await
        .unwrap();
    let user = store
        .upsert_user(Platform::Console, "a", "A", None, at(1))
        .await
        .unwrap();
    store
        .keep_daily(&daily("2027-01-01", "fp"), at(1))
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
    let first = store.start_attempt(&new, at(10)).await.unwrap();
    let again = store
        .start_attempt(
            &NewAttempt {
                state: "state two".into(),
                ..new.clone()
            },
            at(20),
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
    solved.finished_at = Some(at(30));
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
    let p1 = store.start_attempt(&practice, at(40)).await.unwrap();
    let p2 = store.start_attempt(&practice, at(50)).await.unwrap();
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
