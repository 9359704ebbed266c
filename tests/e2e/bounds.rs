//! What one user may put in and get out (issue #15, items 8 and 9a): replies stay small
//! whatever was typed, stored names and mentions are bounded, open challenges are capped
//! and expire, `games` is paged, and a burst of commands is refused once.

use crate::service::{START_MS, bot, line, replies_text};
use kibitz::bot::UserInfo;
use kibitz::{Body, Catalogue, Outgoing, Platform, Renderer, Service, Store};
use std::sync::Arc;

/// The bytes a user reads of the replies: texts, captions and buttons (not the pictures).
fn reply_bytes(replies: &[Outgoing]) -> usize {
    replies
        .iter()
        .map(|reply| {
            let body = match &reply.body {
                Body::Text(text) => text.len(),
                Body::Image { caption, .. } | Body::File { caption, .. } => caption.len(),
            };
            body + reply
                .buttons
                .iter()
                .map(|b| b.label.len() + b.command.len())
                .sum::<usize>()
        })
        .sum()
}

#[tokio::test]
async fn a_long_argument_to_any_command_is_quoted_back_cut_short() {
    let bot = bot().await;
    // A started game and an open puzzle, so that moves and placements are read as such.
    bot.say("alice", "challenge @bob kf").await;
    bot.say("bob", "accept").await;
    // Under the line limit, so each command reads it; `q` is no move, no game, no level.
    let long = "q".repeat(1_900);
    let commands = [
        "",
        "move",
        "move #1",
        "xyzzy",
        "/xyzzy",
        "help",
        "rules",
        "challenge",
        "challenge kf seed:",
        "challenge critters",
        "challenge kf white",
        "play",
        "accept",
        "accept #",
        "decline",
        "board",
        "board #",
        "resign",
        "draw",
        "games",
        "ambit",
        "play ambit",
        "place",
        "leaderboard",
        "leaderboard kf",
        "stats",
        "lang",
        "settings",
        "settings daily",
        "settings language",
        "forgetme",
    ];
    for speaker in ["alice", "carol"] {
        for command in commands {
            let text = format!("{command}{long}");
            let spaced = format!("{command} {long}");
            for text in [text, spaced] {
                let replies = bot.say(speaker, &text).await;
                let shown = replies_text(&replies);
                assert!(
                    !shown.contains(&"q".repeat(33)),
                    "{command} …: quotes more than 32 characters: {shown}"
                );
                assert!(
                    reply_bytes(&replies) < 4_096,
                    "{command} …: {} bytes",
                    reply_bytes(&replies)
                );
            }
        }
    }
    // The same once a puzzle is open.
    bot.say("carol", "ambit").await;
    for text in [long.clone(), format!("place {long}"), format!("Q{long}")] {
        let shown = bot.text("carol", &text).await;
        assert!(!shown.contains(&"q".repeat(33)), "{shown}");
    }
}

#[tokio::test]
async fn a_line_over_the_limit_gets_one_short_refusal_and_stores_nothing() {
    let bot = bot().await;
    for size in [2_001, 65_536, 10 * 1024 * 1024] {
        let text = format!("challenge @stranger kf {}", "x".repeat(size));
        let replies = bot.say("newcomer", &text).await;
        assert_eq!(replies.len(), 1);
        let shown = replies_text(&replies);
        assert!(shown.contains("too long"), "{shown}");
        assert!(
            reply_bytes(&replies) < 512,
            "{} bytes",
            reply_bytes(&replies)
        );
    }
    let store = bot.service.store();
    for handle in ["newcomer", "stranger"] {
        assert_eq!(
            store
                .user_by_handle(Platform::Console, handle)
                .await
                .unwrap(),
            None
        );
    }
    // 2,000 characters are still read (the reply quotes only the start of the word).
    let text = format!("xyzzy{}", "y".repeat(1_995));
    assert_eq!(text.chars().count(), 2_000);
    assert!(bot.text("newcomer", &text).await.contains("xyzzy"));
}

/// A name that would turn the rest of a line around (a right-to-left override) or hide in it
/// (zero-width characters) is stored and shown without them; one that is nothing else shows
/// as the user's platform id; an emoji sequence keeps its joiners.
#[tokio::test]
async fn names_that_turn_a_line_around_are_cleaned() {
    let bot = bot().await;
    let mut challenge = line("room", "alice", "challenge @bob kf");
    challenge.user.name = "\u{202E}gnissim\u{200B}".to_string();
    let shown = replies_text(&bot.service.handle(&challenge).await);
    assert!(shown.contains("gnissim challenges bob"), "{shown}");
    let mut accept = line("room", "bob", "accept");
    accept.user.name = "\u{2067}\u{200D}\u{2069}".to_string();
    let shown = replies_text(&bot.service.handle(&accept).await);
    assert!(
        shown.contains("gnissim (White) against user bob"),
        "{shown}"
    );
    let family = "👨\u{200D}👩\u{200D}👧";
    let mut games = line("room", "carol", "games");
    games.user.name = family.to_string();
    bot.service.handle(&games).await;
    let store = bot.service.store();
    for (handle, name) in [("alice", "gnissim"), ("bob", "user bob"), ("carol", family)] {
        let stored = store
            .user_by_handle(Platform::Console, handle)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(stored.display_name, name);
    }
    let everything = replies_text(&bot.say("alice", "board").await);
    assert!(
        !everything.contains(['\u{202E}', '\u{200B}', '\u{2067}', '\u{2069}']),
        "{everything:?}"
    );
}

#[tokio::test]
async fn a_64_kb_display_name_is_stored_cut_and_replies_stay_small() {
    let bot = bot().await;
    let name = "N".repeat(65_536);
    let mut challenge = line("room", "alice", "challenge @bob kf");
    challenge.user.name = name.clone();
    let replies = bot.service.handle(&challenge).await;
    assert!(reply_bytes(&replies) < 1_024, "{}", reply_bytes(&replies));
    let stored = bot
        .service
        .store()
        .user_by_handle(Platform::Console, "alice")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.display_name.chars().count(), 64);
    assert!(stored.display_name.ends_with('…'));
    for (speaker, text) in [("bob", "accept"), ("alice", "board"), ("bob", "games")] {
        let replies = bot.say(speaker, text).await;
        let shown = replies_text(&replies);
        assert!(!shown.contains(&"N".repeat(64)), "{text}: {shown}");
        assert!(
            reply_bytes(&replies) < 2_048,
            "{text}: {}",
            reply_bytes(&replies)
        );
    }
}

#[tokio::test]
async fn only_the_first_mentions_of_a_line_are_stored() {
    let bot = bot().await;
    let mut incoming = line("room", "alice", "challenge kf");
    incoming.mentions = (0..13_000)
        .map(|i| UserInfo {
            id: format!("m{i}"),
            name: format!("Mentioned {i}"),
            handle: Some(format!("m{i}")),
        })
        .collect();
    let replies = bot.service.handle(&incoming).await;
    // The challenge goes to the first one mentioned.
    assert!(replies_text(&replies).contains("Mentioned 0"));
    let store = bot.service.store();
    for i in 0..5 {
        let handle = format!("m{i}");
        assert!(
            store
                .user_by_handle(Platform::Console, &handle)
                .await
                .unwrap()
                .is_some()
        );
    }
    for i in [5, 6, 12_999] {
        let handle = format!("m{i}");
        assert_eq!(
            store
                .user_by_handle(Platform::Console, &handle)
                .await
                .unwrap(),
            None
        );
    }
}

#[tokio::test]
async fn a_player_has_at_most_five_open_challenges_per_chat() {
    let bot = bot().await;
    for _ in 0..5 {
        assert!(bot.text("alice", "challenge kf").await.contains("open"));
    }
    let before = bot.snapshot().await;
    let refused = bot.text("alice", "challenge @bob glacier").await;
    assert!(refused.contains("5 open challenges"), "{refused}");
    assert!(refused.contains("decline 1"), "{refused}");
    assert_eq!(
        bot.snapshot().await,
        before,
        "the refusal stored a challenge"
    );
    // In another chat, and once one is withdrawn, there is room again.
    let elsewhere = bot
        .service
        .handle(&line("other room", "alice", "challenge kf"))
        .await;
    assert!(replies_text(&elsewhere).contains("open"));
    bot.say("alice", "decline 1").await;
    assert!(bot.text("alice", "challenge kf").await.contains("open"));
    // Accepted challenges are games, not open challenges.
    bot.say("bob", "accept 2").await;
    assert!(bot.text("alice", "challenge kf").await.contains("open"));
}

#[tokio::test]
async fn a_challenge_expires_after_a_day() {
    let bot = bot().await;
    bot.say("alice", "challenge @bob kf").await;
    bot.say("alice", "challenge kf").await;
    bot.set_time(START_MS + 24 * 3600 * 1000 + 60_000);
    let before = bot.snapshot().await;
    let expired = bot.text("bob", "accept 1").await;
    assert!(expired.contains("expired"), "{expired}");
    assert!(bot.text("carol", "accept").await.contains("no challenge"));
    assert!(bot.text("bob", "games").await.contains("No games"));
    assert_eq!(bot.snapshot().await, before);
    // They no longer count against the cap either.
    for _ in 0..5 {
        assert!(bot.text("alice", "challenge kf").await.contains("open"));
    }
}

#[tokio::test]
async fn games_lists_ten_a_page_with_previous_and_next_buttons() {
    let bot = bot().await;
    for speaker in ["alice", "bob", "carol"] {
        for _ in 0..4 {
            bot.say(speaker, "challenge kf").await;
        }
    }
    let first = bot.say("dave", "games").await;
    let text = replies_text(&first);
    assert_eq!(text.matches("open challenge by").count(), 10, "{text}");
    let commands: Vec<&str> = first[0]
        .buttons
        .iter()
        .map(|b| b.command.as_str())
        .collect();
    assert_eq!(commands, ["games 2"]);
    let second = bot.say("dave", "games 2").await;
    let text = replies_text(&second);
    assert_eq!(text.matches("open challenge by").count(), 2, "{text}");
    assert!(text.contains("#11") && text.contains("#12"), "{text}");
    let commands: Vec<&str> = second[0]
        .buttons
        .iter()
        .map(|b| b.command.as_str())
        .collect();
    assert_eq!(commands, ["games 1"]);
    assert!(bot.text("dave", "games 3").await.contains("no page 3"));
}

#[tokio::test]
async fn a_new_practice_puzzle_replaces_the_open_one() {
    let bot = bot().await;
    for _ in 0..3 {
        bot.say("alice", "ambit").await;
    }
    let store = bot.service.store();
    let alice = store
        .user_by_handle(Platform::Console, "alice")
        .await
        .unwrap()
        .unwrap();
    let chat = store
        .chat_by_external_id(Platform::Console, "room")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(store.open_attempts(alice.id, chat).await.unwrap().len(), 1);
}

#[tokio::test]
async fn a_burst_of_commands_is_refused_once_then_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let url = crate::support::fresh_database(dir.path()).await;
    // Time stands still: every line is part of one burst.
    let service = Service::new(
        Store::connect(&url).await.unwrap(),
        Arc::new(Renderer::new().unwrap()),
        Catalogue::load().unwrap(),
        Arc::new(|| START_MS),
    );
    let said = |speaker: &str| {
        let mut incoming = line("room", speaker, "rules kf");
        incoming.platform = Platform::Telegram;
        incoming
    };
    for _ in 0..30 {
        assert!(!replies_text(&service.handle(&said("alice")).await).contains("Slow down"));
    }
    let refusal = replies_text(&service.handle(&said("alice")).await);
    assert!(refusal.contains("Slow down"), "{refusal}");
    for _ in 0..100 {
        assert!(service.handle(&said("alice")).await.is_empty());
    }
    // Someone else is answered meanwhile; the console, the operator's terminal, has no limit.
    assert!(!service.handle(&said("bob")).await.is_empty());
    for _ in 0..40 {
        let replies = service.handle(&line("room", "alice", "rules kf")).await;
        assert!(!replies_text(&replies).contains("Slow down"));
    }
}
