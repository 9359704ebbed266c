//! The deployment secret and forgetting a user.

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
        one.deployment_secret("daily", "aaaa", at(1)),
        two.deployment_secret("daily", "bbbb", at(1))
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a, b, "both read the one stored");
    assert!(a == "aaaa" || a == "bbbb", "{a}");
    // Kept: a later candidate changes nothing.
    assert_eq!(
        one.deployment_secret("daily", "cccc", at(2)).await.unwrap(),
        a
    );
    assert_eq!(
        one.deployment_secret("other", "dddd", at(2)).await.unwrap(),
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
            at(1),
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
            at(1),
        )
        .await
        .unwrap();
}

#[tokio::test]
async fn forgetting_keeps_a_played_marker_and_drops_the_private_outbox() {
    let (_dir, store) = temp_store().await;
    let (chat, alice, bob) = alice_in_a_group_with_mail_waiting(&store).await;
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
                private_chat: Some((Platform::Telegram, "11")),
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
    assert_only_the_private_outbox_is_gone(&store).await;
}

/// A Telegram group (its id), with Alice (private chat 11) in today's daily and Bob (22):
/// Telegram's outbox holds Alice's board and five other items, Discord's one.
async fn alice_in_a_group_with_mail_waiting(store: &Store) -> (i64, UserRecord, UserRecord) {
    let chat = store
        .upsert_chat(Platform::Telegram, "-100", None, None, at(1))
        .await
        .unwrap();
    let alice = store
        .upsert_user(Platform::Telegram, "11", "Alice", None, at(1))
        .await
        .unwrap();
    let bob = store
        .upsert_user(Platform::Telegram, "22", "Bob", None, at(1))
        .await
        .unwrap();
    attempt_at(store, alice.id, chat, "2026-11-29").await;
    // Rows as an adapter queues them: the chat a send goes to beside its payload.
    let item = |payload: &str| NewOutboxItem {
        payload: payload.to_string(),
        attachment: None,
        chat: serde_json::from_str::<serde_json::Value>(payload)
            .ok()
            .and_then(|send| match send.get("chat")? {
                serde_json::Value::String(chat) => Some(chat.clone()),
                chat => Some(chat.to_string()),
            }),
    };
    let waiting = [
        item(r#"{"send":"photo","chat":11,"caption":"your board"}"#),
        item(r#"{"send":"text","chat":-100,"text":"in the group"}"#),
        item(r#"{"send":"text","chat":22,"text":"for bob"}"#),
        item(r#"{"send":"text","chat":"11","text":"a string id"}"#),
        item(r#"{"send":"answer","callback":"q1"}"#),
        item("not json"),
    ];
    store
        .queue_outbox(Platform::Telegram, &waiting, at(2))
        .await
        .unwrap();
    store
        .queue_outbox(Platform::Discord, &[item(r#"{"chat":11}"#)], at(2))
        .await
        .unwrap();
    (chat, alice, bob)
}

/// After Alice was forgotten: what waited for her private chat is gone, the rest stays.
async fn assert_only_the_private_outbox_is_gone(store: &Store) {
    let left: Vec<String> = store
        .outbox(Platform::Telegram, 10)
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
    assert_eq!(store.outbox(Platform::Discord, 10).await.unwrap().len(), 1);
}
