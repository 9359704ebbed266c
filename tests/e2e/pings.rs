//! Turn pings through the service: the player to move is mentioned in the reply to the
//! move before theirs and in a clock's reminder, not in a `board` they asked for, and not
//! at all once they turn pings off.

use crate::service::{Bot, bot};
use kibitz::{Body, Outgoing};

async fn a_move(bot: &Bot, id: i64) -> String {
    crate::support::first_move(&bot.service.store(), id).await
}

/// The names a reply mentions, as (the text at the mention, the user's platform id).
fn mentioned(reply: &Outgoing) -> Vec<(String, String)> {
    let text = match &reply.body {
        Body::Text(text) => text,
        Body::Image { caption, .. } | Body::File { caption, .. } => caption,
    };
    reply
        .mentions
        .iter()
        .map(|m| (text[m.range.clone()].to_string(), m.user.clone()))
        .collect()
}

async fn platform_id(bot: &Bot, name: &str) -> String {
    let store = bot.service.store();
    let user = store
        .user_by_handle(kibitz::Platform::Console, name)
        .await
        .unwrap()
        .unwrap();
    user.external_id
}

#[tokio::test]
async fn the_player_to_move_is_mentioned_until_they_turn_pings_off() {
    let bot = bot().await;
    bot.text("alice", "challenge @bob knight-fight seed:5")
        .await;
    let accepted = bot.say("bob", "accept").await;
    let (alice, bob) = (
        platform_id(&bot, "alice").await,
        platform_id(&bot, "bob").await,
    );
    assert_eq!(
        mentioned(&accepted[0]),
        [("alice".to_string(), alice.clone())]
    );
    let moved = bot.say("alice", &a_move(&bot, 1).await).await;
    assert_eq!(mentioned(&moved[0]), [("bob".to_string(), bob.clone())]);
    let board = bot.say("bob", "board").await;
    assert!(
        mentioned(&board[0]).is_empty(),
        "a board asked for pings nobody"
    );
    // bob turns pings off, privately; his turns are still named, not mentioned.
    let off = bot.say("bob", "pings off").await;
    assert!(off[0].private);
    let Body::Text(text) = &off[0].body else {
        panic!("text");
    };
    assert!(text.contains("will not be mentioned"), "{text}");
    let shown = bot.text("bob", "pings").await;
    assert!(shown.contains("You are not mentioned"), "{shown}");
    let moved = bot.say("bob", &a_move(&bot, 1).await).await;
    assert_eq!(mentioned(&moved[0]), [("alice".to_string(), alice)]);
    let moved = bot.say("alice", &a_move(&bot, 1).await).await;
    assert!(mentioned(&moved[0]).is_empty());
    let Body::Image { caption, .. } = &moved[0].body else {
        panic!("a picture");
    };
    assert!(caption.contains("bob to move"), "{caption}");
    bot.text("bob", "pings on").await;
    let refused = bot.text("bob", "pings maybe").await;
    assert!(refused.contains("pings [on|off]"), "{refused}");
}

#[tokio::test]
async fn the_computer_is_never_mentioned_and_its_move_mentions_the_player() {
    let bot = bot().await;
    bot.text("alice", "play knight-fight computer level:1 seed:5")
        .await;
    let alice = platform_id(&bot, "alice").await;
    let moved = bot.say("alice", &a_move(&bot, 1).await).await;
    assert!(
        mentioned(&moved[0]).is_empty(),
        "the computer is not pinged"
    );
    let posted = crate::support::Posted::default();
    bot.service
        .play_due_engine_moves(kibitz::Platform::Console, "a", &posted)
        .await
        .unwrap();
    let replies = posted.replies();
    assert_eq!(mentioned(&replies[0]), [("alice".to_string(), alice)]);
}
