//! A platform's lease, state and outbox.

use super::*;

#[tokio::test]
async fn a_lease_has_one_holder_until_it_runs_out_or_is_released() {
    let (_dir, store) = temp_store().await;
    assert!(store.take_lease("poll", "a", at(0), at(100)).await.unwrap());
    assert!(
        !store
            .take_lease("poll", "b", at(50), at(150))
            .await
            .unwrap(),
        "a holds it"
    );
    assert!(
        store
            .take_lease("poll", "a", at(90), at(190))
            .await
            .unwrap(),
        "a renews"
    );
    assert!(
        !store
            .take_lease("poll", "b", at(150), at(250))
            .await
            .unwrap(),
        "renewed to 190"
    );
    assert!(
        store
            .take_lease("poll", "b", at(191), at(291))
            .await
            .unwrap(),
        "a ran out"
    );
    assert!(
        !store
            .take_lease("poll", "a", at(200), at(300))
            .await
            .unwrap()
    );
    store.release_lease("poll", "a").await.unwrap();
    assert!(
        !store
            .take_lease("poll", "a", at(200), at(300))
            .await
            .unwrap(),
        "only b may release"
    );
    store.release_lease("poll", "b").await.unwrap();
    assert!(
        store
            .take_lease("poll", "a", at(200), at(300))
            .await
            .unwrap()
    );
    assert!(
        store
            .take_lease("other", "b", at(200), at(300))
            .await
            .unwrap(),
        "leases are by name"
    );
}

#[tokio::test]
async fn platform_state_and_outbox_commit_together_and_drain_in_order() {
    let (_dir, store) = temp_store().await;
    assert_eq!(
        store
            .platform_value(Platform::Telegram, "offset")
            .await
            .unwrap(),
        None
    );
    let items = |names: &[&str]| -> Vec<NewOutboxItem> {
        names
            .iter()
            .map(|name| NewOutboxItem {
                payload: name.to_string(),
                attachment: (*name == "photo").then(|| vec![0x89, b'P', b'N', b'G']),
                chat: None,
            })
            .collect()
    };
    store
        .record_platform_event(
            Platform::Telegram,
            "offset",
            "7",
            &items(&["a", "photo"]),
            at(10),
        )
        .await
        .unwrap();
    store
        .record_platform_event(Platform::Telegram, "offset", "8", &items(&["b"]), at(11))
        .await
        .unwrap();
    store
        .record_platform_event(Platform::Discord, "offset", "x", &items(&["other"]), at(12))
        .await
        .unwrap();
    let value = store
        .platform_value(Platform::Telegram, "offset")
        .await
        .unwrap();
    assert_eq!(
        value,
        Some(PlatformValue {
            value: "8".into(),
            updated_at: at(11)
        })
    );
    let waiting = store.outbox(Platform::Telegram, 10).await.unwrap();
    let payloads: Vec<&str> = waiting.iter().map(|i| i.payload.as_str()).collect();
    assert_eq!(payloads, ["a", "photo", "b"]);
    assert_eq!(
        waiting[1].attachment.as_deref(),
        Some(&[0x89, b'P', b'N', b'G'][..])
    );
    store.remove_outbox_item(waiting[0].id).await.unwrap();
    let rest = store.outbox(Platform::Telegram, 1).await.unwrap();
    assert_eq!(rest.len(), 1);
    assert_eq!(rest[0].payload, "photo");
}

#[tokio::test]
async fn a_pushed_update_is_claimed_once_done_once_and_taken_over_only_when_stale() {
    let (_dir, store) = temp_store().await;
    let reply = |text: &str| NewOutboxItem {
        payload: text.to_string(),
        attachment: None,
        chat: None,
    };
    let claim = |update: i64, holder: &'static str, now: i64| {
        let store = store.clone();
        async move {
            store
                .claim_update(
                    Platform::Telegram,
                    update,
                    "-5",
                    holder,
                    at(now),
                    at(now - 100),
                )
                .await
                .unwrap()
        }
    };
    assert_eq!(claim(7, "a", 1_000).await, UpdateClaim::Mine);
    assert_eq!(claim(7, "b", 1_010).await, UpdateClaim::Busy, "a holds it");
    assert_eq!(
        claim(7, "a", 1_020).await,
        UpdateClaim::Busy,
        "even a asks once"
    );
    assert!(
        store
            .earlier_update_pending(Platform::Telegram, "-5", 8, at(1_020 - 100))
            .await
            .unwrap(),
        "update 8 of the same chat waits for 7"
    );
    assert!(
        !store
            .earlier_update_pending(Platform::Telegram, "-6", 8, at(1_020 - 100))
            .await
            .unwrap(),
        "another chat does not wait"
    );
    // a dies; b takes the stale claim over, and a's late finish writes nothing.
    assert_eq!(claim(7, "b", 1_200).await, UpdateClaim::Mine);
    assert!(
        !store
            .finish_update(Platform::Telegram, 7, "a", &[reply("from a")], at(1_201))
            .await
            .unwrap()
    );
    assert!(
        store
            .finish_update(Platform::Telegram, 7, "b", &[reply("from b")], at(1_202))
            .await
            .unwrap()
    );
    assert!(
        !store
            .finish_update(Platform::Telegram, 7, "b", &[reply("again")], at(1_203))
            .await
            .unwrap(),
        "done once"
    );
    assert_eq!(
        claim(7, "c", 99_999).await,
        UpdateClaim::Done,
        "never stale once done"
    );
    let queued: Vec<String> = store
        .outbox(Platform::Telegram, 10)
        .await
        .unwrap()
        .into_iter()
        .map(|item| item.payload)
        .collect();
    assert_eq!(queued, ["from b"]);
    assert!(
        !store
            .earlier_update_pending(Platform::Telegram, "-5", 8, at(1_300))
            .await
            .unwrap()
    );
    assert_eq!(claim(8, "a", 2_000).await, UpdateClaim::Mine);
    assert_eq!(
        store.forget_updates(at(1_500), 10).await.unwrap(),
        1,
        "only 7"
    );
    assert_eq!(claim(8, "b", 2_001).await, UpdateClaim::Busy, "8 is kept");
}

#[tokio::test]
async fn a_kept_message_is_found_by_platform_and_name_replaced_and_forgotten_when_old() {
    let (_dir, store) = temp_store().await;
    assert_eq!(
        store
            .kept_message(Platform::Telegram, "analysis:1")
            .await
            .unwrap(),
        None
    );
    store
        .keep_message(Platform::Telegram, "analysis:1", "501", at(10))
        .await
        .unwrap();
    store
        .keep_message(Platform::Discord, "analysis:1", "9001", at(10))
        .await
        .unwrap();
    assert_eq!(
        store
            .kept_message(Platform::Telegram, "analysis:1")
            .await
            .unwrap()
            .as_deref(),
        Some("501")
    );
    // Sent again (a review taken over): the newer message is the one edited.
    store
        .keep_message(Platform::Telegram, "analysis:1", "502", at(20))
        .await
        .unwrap();
    assert_eq!(
        store
            .kept_message(Platform::Telegram, "analysis:1")
            .await
            .unwrap()
            .as_deref(),
        Some("502")
    );
    assert_eq!(
        store.forget_kept_messages(at(15)).await.unwrap(),
        1,
        "Discord's, kept at 10"
    );
    assert_eq!(
        store
            .kept_message(Platform::Discord, "analysis:1")
            .await
            .unwrap(),
        None
    );
    assert!(
        store
            .kept_message(Platform::Telegram, "analysis:1")
            .await
            .unwrap()
            .is_some()
    );
}
