//! Chats and users are written when first seen or renamed, and only read otherwise.

use super::*;
use sqlx::Row;

/// A user's `updated_at`, read directly.
async fn updated_at(store: &Store, id: i64) -> i64 {
    let row = sqlx::query("SELECT updated_at FROM users WHERE id = $1")
        .bind(id)
        .fetch_one(&store.pool)
        .await
        .unwrap();
    row.try_get("updated_at").unwrap()
}

#[tokio::test]
async fn a_known_user_and_chat_are_read_and_a_renamed_one_is_written() {
    let (_dir, store) = temp_store().await;
    let first = store
        .enter_chat(Platform::Telegram, "-5", Some("Club"), None, at(1))
        .await
        .unwrap();
    assert_eq!(first.language, None);
    store.set_chat_language(first.id, Some("nb")).await.unwrap();
    // The same names again: the same chat, with the language set meanwhile.
    let again = store
        .enter_chat(Platform::Telegram, "-5", Some("Club"), None, at(2))
        .await
        .unwrap();
    assert_eq!(again.id, first.id);
    assert_eq!(again.language.as_deref(), Some("nb"));
    // A platform that sends no title keeps the stored one; a new title is stored.
    let untitled = store
        .enter_chat(Platform::Telegram, "-5", None, Some("telegram:9"), at(3))
        .await
        .unwrap();
    assert_eq!(untitled, again);
    store
        .enter_chat(Platform::Telegram, "-5", Some("Chess Club"), None, at(4))
        .await
        .unwrap();
    let row = sqlx::query("SELECT title, community FROM chats WHERE id = $1")
        .bind(first.id)
        .fetch_one(&store.pool)
        .await
        .unwrap();
    assert_eq!(row.try_get::<String, _>("title").unwrap(), "Chess Club");
    assert_eq!(row.try_get::<String, _>("community").unwrap(), "telegram:9");

    let alice = store
        .upsert_user(Platform::Telegram, "11", "Alice", Some("alice"), at(1))
        .await
        .unwrap();
    let same = store
        .upsert_user(Platform::Telegram, "11", "Alice", None, at(5))
        .await
        .unwrap();
    assert_eq!(same.id, alice.id);
    assert_eq!(same.handle.as_deref(), Some("alice"));
    assert_eq!(
        updated_at(&store, alice.id).await,
        1,
        "an unchanged user is not written"
    );
    let renamed = store
        .upsert_user(Platform::Telegram, "11", "Alice B", Some("alice"), at(6))
        .await
        .unwrap();
    assert_eq!(renamed.display_name, "Alice B");
    assert_eq!(updated_at(&store, alice.id).await, 6);
    // A handle that passed to someone else finds its newest holder.
    store
        .upsert_user(Platform::Telegram, "22", "Bob", Some("alice"), at(7))
        .await
        .unwrap();
    let holder = store
        .user_by_handle(Platform::Telegram, "ALICE")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(holder.external_id, "22");
}
