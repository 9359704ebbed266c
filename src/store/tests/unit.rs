//! A unit of work: everything done through a store bound to it commits together or not at all.

use super::*;

fn reply(payload: &str) -> NewOutboxItem {
    NewOutboxItem {
        payload: payload.into(),
        attachment: None,
        chat: Some("room".into()),
    }
}

/// A move made through a unit, and the update's offset and replies recorded in it, are seen
/// by nobody else until the unit commits; then all of them are.
#[tokio::test]
async fn a_units_move_offset_and_replies_appear_together_at_its_commit() {
    let (_dir, store) = temp_store().await;
    let game = started_game(&store).await;
    let unit = store.begin_unit().await.unwrap();
    let mut moved = unit.game(game.id).await.unwrap().unwrap();
    moved.plies += 1;
    moved.position = "after".into();
    let played = MoveRecord {
        ply: 1,
        side: Side::White,
        user_id: moved.white_id.unwrap(),
        notation: "c3".into(),
    };
    unit.save_game(&moved, Some(&played), at(4)).await.unwrap();
    unit.record_platform_event(
        Platform::Telegram,
        "offset",
        "7",
        &[reply("picture")],
        at(4),
    )
    .await
    .unwrap();
    // Inside the unit its own writes are read back.
    assert_eq!(unit.moves(game.id).await.unwrap().len(), 1);
    // Outside, nothing yet.
    assert!(store.moves(game.id).await.unwrap().is_empty());
    assert!(
        store
            .outbox(Platform::Telegram, 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        store
            .platform_value(Platform::Telegram, "offset")
            .await
            .unwrap(),
        None
    );
    unit.commit_unit().await.unwrap();
    assert_eq!(store.moves(game.id).await.unwrap().len(), 1);
    assert_eq!(
        store.game(game.id).await.unwrap().unwrap().position,
        "after"
    );
    assert_eq!(store.outbox(Platform::Telegram, 10).await.unwrap().len(), 1);
    assert_eq!(
        store
            .platform_value(Platform::Telegram, "offset")
            .await
            .unwrap()
            .map(|v| v.value),
        Some("7".into())
    );
    // A unit that has ended takes no more statements.
    assert!(matches!(
        unit.game(game.id).await,
        Err(StoreError::UnitEnded)
    ));
    assert!(matches!(
        unit.commit_unit().await,
        Err(StoreError::UnitEnded)
    ));
}

/// A unit rolled back (or dropped, as by a crash) leaves nothing; a method's own transaction
/// that fails inside a unit (a conflict) undoes only itself.
#[tokio::test]
async fn a_unit_rolled_back_or_dropped_leaves_nothing_and_a_conflict_only_undoes_itself() {
    let (_dir, store) = temp_store().await;
    let game = started_game(&store).await;
    let unit = store.begin_unit().await.unwrap();
    unit.queue_outbox(Platform::Telegram, &[reply("first")], at(4))
        .await
        .unwrap();
    unit.rollback_unit().await.unwrap();
    let dropped = store.begin_unit().await.unwrap();
    dropped
        .queue_outbox(Platform::Telegram, &[reply("dropped")], at(4))
        .await
        .unwrap();
    drop(dropped);
    assert!(
        store
            .outbox(Platform::Telegram, 10)
            .await
            .unwrap()
            .is_empty()
    );

    let unit = store.begin_unit().await.unwrap();
    unit.queue_outbox(Platform::Telegram, &[reply("kept")], at(5))
        .await
        .unwrap();
    let mut stale = game.clone();
    stale.version -= 1;
    stale.position = "stale".into();
    assert!(matches!(
        unit.save_game(&stale, None, at(5)).await,
        Err(StoreError::Conflict)
    ));
    unit.commit_unit().await.unwrap();
    let queued = store.outbox(Platform::Telegram, 10).await.unwrap();
    assert_eq!(queued.len(), 1);
    assert_eq!(queued[0].payload, "kept");
    assert_eq!(
        store.game(game.id).await.unwrap().unwrap().position,
        game.position
    );
}

/// A unit's statements run one at a time: a second one while the first holds the unit (a
/// bug in the caller) fails at once rather than wait on it for ever.
#[tokio::test]
async fn a_second_statement_while_the_unit_is_held_fails_instead_of_waiting() {
    let (_dir, store) = temp_store().await;
    let game = started_game(&store).await;
    let unit = store.begin_unit().await.unwrap();
    let held = unit.conn().await.unwrap();
    assert!(matches!(
        unit.game(game.id).await,
        Err(StoreError::UnitInUse)
    ));
    drop(held);
    assert!(unit.game(game.id).await.is_ok());
    unit.rollback_unit().await.unwrap();
}
