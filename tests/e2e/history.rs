//! `history` and `games finished` through the service: each game written its own way
//! (Glacier's Ice Ages marked, Knight Fight's scores, whole Chesimals turns), takebacks left
//! out, finished games listed, refusals that change nothing.

use crate::service::{Bot, bot, line};
use kibitz::store::GameId;
use kibitz::{AnyGame, GameKind, TwoPlayerGame};

/// Plays the first legal move for whoever is to move, `plies` times, in game `id`.
async fn play(bot: &Bot, id: i64, plies: usize) {
    for _ in 0..plies {
        let game = bot.service.store().game(GameId(id)).await.unwrap().unwrap();
        let position = AnyGame::parse(game.kind, &game.position).unwrap();
        let Some(mv) = position.legal_move_texts().into_iter().next() else {
            return;
        };
        let speaker = match position.side_to_move() {
            kibitz::Side::White => "alice",
            kibitz::Side::Black => "bob",
        };
        let reply = bot.text(speaker, &format!("move {mv} #{id}")).await;
        assert!(reply.contains("[picture]"), "{mv}: {reply}");
    }
}

#[tokio::test]
async fn a_glacier_history_numbers_its_moves_and_marks_the_ice_age() {
    let bot = bot().await;
    bot.start_game("glacier").await;
    let reply = bot.text("alice", "history").await;
    assert!(
        reply.contains(
            "Game #1 · Glacier Chess · alice (White) against bob (Black) · alice to move"
        ),
        "{reply}"
    );
    assert!(reply.contains("No moves yet."), "{reply}");
    // 20 moves of each side bring the first Ice Age.
    play(&bot, 1, 40).await;
    let reply = bot.text("bob", "history 1").await;
    // The stored moves (UCI) written in SAN, each on the position it was played on.
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    let mut position =
        kibitz::AnyGame::parse(kibitz::GameKind::Glacier, &game.start_position).unwrap();
    let mut san = Vec::new();
    for played in bot.service.store().moves(GameId(1)).await.unwrap() {
        let kibitz::AnyGame::Glacier(glacier) = &position else {
            panic!("a Glacier game");
        };
        san.push(glacier.san(glacier.parse_move(&played.notation).unwrap()));
        assert_ne!(san.last(), Some(&played.notation), "SAN, not UCI");
        position.play_text(&played.notation).unwrap();
    }
    assert!(
        reply.contains(&format!("1. {} {}", san[0], san[1])),
        "{reply}"
    );
    assert!(
        reply.contains(&format!("20. {} {}❄", san[38], san[39])),
        "the Ice Age came with Black's 20th move: {reply}"
    );
    assert_eq!(
        reply.matches('❄').count(),
        2,
        "the mark and its key: {reply}"
    );
    assert!(reply.contains("an Ice Age came after this move"), "{reply}");
}

#[tokio::test]
async fn a_knight_fight_history_gives_each_movers_score_and_leaves_takebacks_out() {
    let bot = bot().await;
    bot.start_game("knight-fight").await;
    play(&bot, 1, 3).await;
    bot.text("alice", "takeback").await;
    bot.text("bob", "takeback").await;
    let reply = bot.text("alice", "history").await;
    let moves = bot.service.store().moves(GameId(1)).await.unwrap();
    assert_eq!(
        moves.len(),
        2,
        "alice's second move went back (bob had not answered)"
    );
    let mut position = AnyGame::start(GameKind::KnightFight, 5);
    position.play_text(&moves[0].notation).unwrap();
    let (white, _) = position.scores().unwrap();
    position.play_text(&moves[1].notation).unwrap();
    let (_, black) = position.scores().unwrap();
    assert!(
        reply.ends_with(&format!(
            "\n1. {} ({white}) {} ({black})",
            moves[0].notation, moves[1].notation
        )),
        "{reply}"
    );
}

#[tokio::test]
async fn a_chesimals_history_writes_whole_turns() {
    let bot = bot().await;
    bot.start_game("chesimals-1").await;
    // Whole turns: White's first turn (several unit moves, typed one a message), then Black's.
    let mut turns = 0;
    while turns < 2 {
        play(&bot, 1, 1).await;
        let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
        let position = AnyGame::parse(game.kind, &game.position).unwrap();
        if !position.turn_in_progress() {
            turns += 1;
        }
    }
    let reply = bot.text("alice", "history").await;
    let moves = bot.service.store().moves(GameId(1)).await.unwrap();
    let of = |side: kibitz::Side| {
        moves
            .iter()
            .filter(|m| m.side == side)
            .map(|m| m.notation.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(moves.len() > 2, "a turn is several messages: {moves:?}");
    assert!(
        reply.contains(&format!(
            "1. white: {}\n1. black: {}",
            of(kibitz::Side::White),
            of(kibitz::Side::Black)
        )),
        "{reply}"
    );
}

#[tokio::test]
async fn finished_games_are_listed_the_latest_first_and_keep_their_history() {
    let bot = bot().await;
    let reply = bot.text("alice", "games finished").await;
    assert!(reply.contains("No finished games"), "{reply}");
    bot.start_game("knight-fight").await;
    play(&bot, 1, 2).await;
    bot.text("bob", "resign").await;
    bot.start_game("glacier").await;
    bot.text("alice", "draw").await;
    bot.text("bob", "draw").await;
    let reply = bot.text("carol", "games finished").await;
    let glacier =
        reply.find("#2 Glacier Chess: alice (White) against bob (Black), Draw (agreement)");
    let kf =
        reply.find("#1 Knight Fight: alice (White) against bob (Black), alice wins (resignation)");
    assert!(glacier.is_some() && kf.is_some() && glacier < kf, "{reply}");
    // The last finished game is what a bare `history` shows once nothing runs.
    let reply = bot.text("alice", "history").await;
    assert!(reply.contains("Game #2 · Glacier Chess"), "{reply}");
    assert!(reply.contains("Draw (agreement)"), "{reply}");
    let reply = bot.text("alice", "history 1").await;
    assert!(reply.contains("alice wins (resignation)"), "{reply}");
}

#[tokio::test]
async fn histories_that_cannot_be_shown_are_refused_clearly_and_change_nothing() {
    let bot = bot().await;
    bot.text("alice", "challenge @bob knight-fight seed:5")
        .await;
    let before = bot.snapshot().await;
    bot.assert_refusals(
        &[
            ("alice", "history 9", "There is no game #9 in this chat"),
            ("alice", "history 1", "Game #1 has not started"),
            ("carol", "history", "no game running"),
        ],
        &before,
    )
    .await;
    // Another chat's game is not this chat's to show.
    bot.text("bob", "accept").await;
    let elsewhere = bot
        .service
        .handle(&line("another room", "mallory", "history 1"))
        .await;
    let text = crate::service::replies_text(&elsewhere);
    assert!(text.contains("There is no game #1 in this chat"), "{text}");
}
