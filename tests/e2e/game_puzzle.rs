//! `daily <game>`: the day's puzzle of a two-player game through the service: the same for
//! every player and process, one answer each (refused moves cost nothing), rated and counted
//! in a streak, the chat's standings. (Knight Fight: a debug build makes its puzzle in
//! seconds; the Glacier week is checked in release by `engine::puzzle`'s tests.)

use crate::service::{bot, replies_text, service_on};
use kibitz::games::ambit::Date;
use kibitz::{Body, GameKind};
use std::sync::atomic::Ordering;

#[tokio::test]
async fn a_knight_fight_puzzle_is_answered_once_rated_and_ranked() {
    let bot = bot().await;
    let shown = bot.say("alice", "daily kf").await;
    assert_eq!(shown.len(), 1);
    let Body::Image { caption, .. } = &shown[0].body else {
        panic!("the puzzle is a picture: {:?}", shown[0].body);
    };
    assert!(caption.contains("Knight Fight puzzle #"), "{caption}");
    assert!(caption.contains("to move and win"), "{caption}");
    let day = Date::from_unix_seconds(bot.clock.load(Ordering::SeqCst) / 1000)
        .unwrap()
        .to_string();
    let puzzle = bot
        .service
        .store()
        .game_puzzle(&day, GameKind::KnightFight)
        .await
        .unwrap()
        .expect("made and kept by the first request");
    // Each landing square is a button that answers, where they fit under the picture (the
    // puzzle differs from run to run: the deployment's secret is random).
    let position = kibitz::AnyGame::parse(GameKind::KnightFight, &puzzle.position).unwrap();
    let legal = position.legal_move_texts();
    assert!(legal.len() >= 2, "a forced move is no puzzle");
    let buttons: Vec<&str> = shown[0]
        .buttons
        .iter()
        .map(|b| b.command.as_str())
        .collect();
    if legal.len() <= 20 {
        assert_eq!(buttons.len(), legal.len(), "{buttons:?}");
        assert!(
            buttons.contains(&format!("daily knight-fight {}", puzzle.solution).as_str()),
            "{buttons:?}"
        );
    } else {
        assert!(buttons.is_empty(), "{buttons:?}");
    }
    // Another process shows the same puzzle (kept once, not made again).
    let second = service_on(&bot.url, bot.clock.clone()).await;
    let again = second
        .handle(&crate::service::line("room", "bob", "daily knight-fight"))
        .await;
    assert!(replies_text(&again).contains("[picture]"));

    // A move the rules refuse costs nothing.
    let refused = bot.text("carol", "daily kf z99").await;
    assert!(refused.contains("z99"), "{refused}");
    let store = bot.service.store();
    assert!(
        store
            .puzzle_answer(&day, GameKind::KnightFight, 3)
            .await
            .unwrap()
            .is_none()
    );

    let right = bot
        .say("alice", &format!("daily kf {}", puzzle.solution))
        .await;
    assert!(
        right[0].private,
        "the answer names the solution: only for its player"
    );
    let text = replies_text(&right);
    assert!(
        text.contains(&format!("✅ {} is right", puzzle.shown)),
        "{text}"
    );
    assert!(text.contains("streak 1"), "{text}");
    assert!(
        !text.lines().last().unwrap().contains(&puzzle.shown),
        "the share line spoils nothing: {text}"
    );
    // A second answer changes nothing: the first stands.
    let wrong_move = legal
        .iter()
        .find(|m| **m != puzzle.solution)
        .expect("another legal move");
    let again = bot.text("alice", &format!("daily kf {wrong_move}")).await;
    assert!(again.contains("is right"), "{again}");
    let missed = bot.text("bob", &format!("daily kf {wrong_move}")).await;
    assert!(
        missed.contains(&format!("{} wins", puzzle.shown)),
        "{missed}"
    );
    assert!(missed.contains("streak 0"), "{missed}");

    let alice = store.puzzle_rating(1, GameKind::KnightFight).await.unwrap();
    let top = bot.text("carol", "daily kf top").await;
    let lines: Vec<&str> = top.lines().collect();
    assert!(lines[1].starts_with("1. alice: 1 / 1"), "{top}");
    assert!(lines[2].starts_with("2. bob: 0 / 1"), "{top}");
    assert!(
        lines[1].ends_with(&format!("{}", alice.rating.round())),
        "{top} {alice:?}"
    );
    let kept = store
        .game_puzzle(&day, GameKind::KnightFight)
        .await
        .unwrap()
        .unwrap();
    assert_ne!(
        kept.rating, puzzle.rating,
        "the puzzle is rated by its answers"
    );
}

#[tokio::test]
async fn a_game_without_daily_puzzles_says_so() {
    let bot = bot().await;
    let reply = bot.text("alice", "daily critters").await;
    assert!(reply.contains("has no daily puzzle"), "{reply}");
    let unknown = bot.text("alice", "daily chess").await;
    assert!(unknown.contains("daily"), "{unknown}");
}
