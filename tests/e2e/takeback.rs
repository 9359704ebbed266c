//! Takebacks and aborts through the service: asked and granted by button, declined, against
//! the computer; kept as events with every move still stored; refusals that change nothing.

use crate::service::{Bot, bot};
use kibitz::Body;
use kibitz::store::GameId;
use kibitz::store::GameState;

async fn a_move(bot: &Bot, id: i64) -> String {
    crate::support::first_move(&bot.service.store(), id).await
}

/// alice (White) and bob (Black) in game 1 of `game`, no move made.
async fn started(bot: &Bot, game: &str) {
    let reply = bot
        .text("alice", &format!("challenge @bob {game} seed:5"))
        .await;
    assert!(reply.contains("alice challenges bob"), "{reply}");
    let reply = bot.text("bob", "accept").await;
    assert!(reply.contains("alice to move"), "{reply}");
}

async fn position_of(bot: &Bot, id: i64) -> String {
    bot.service
        .store()
        .game(GameId(id))
        .await
        .unwrap()
        .unwrap()
        .position
}

#[tokio::test]
async fn a_takeback_is_asked_granted_by_the_button_and_kept_as_an_event() {
    let bot = bot().await;
    started(&bot, "glacier").await;
    let start = position_of(&bot, 1).await;
    let first = a_move(&bot, 1).await;
    bot.text("alice", &first).await;
    let after_first = position_of(&bot, 1).await;
    // alice asks; the question carries bob's two buttons.
    let replies = bot.say("alice", "takeback").await;
    let Body::Text(asked) = &replies[0].body else {
        panic!("the question is text");
    };
    assert!(
        asked.contains("alice asks to take back their last move in game #1"),
        "{asked}"
    );
    let buttons: Vec<(&str, &str)> = replies[0]
        .buttons
        .iter()
        .map(|b| (b.label.as_str(), b.command.as_str()))
        .collect();
    assert_eq!(
        buttons,
        [("Allow takeback", "takeback 1"), ("Decline", "decline 1")]
    );
    // bob presses Allow: alice's move is taken back, and it is her turn again.
    let reply = bot.text("bob", "takeback 1").await;
    assert!(reply.contains("[picture]"), "{reply}");
    assert!(
        reply.contains("Game #1: one move taken back, at alice's request."),
        "{reply}"
    );
    assert!(reply.contains("alice to move"), "{reply}");
    assert_eq!(position_of(&bot, 1).await, start);
    assert!(
        bot.service
            .store()
            .moves(GameId(1))
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(bot.service.store().takebacks(GameId(1)).await.unwrap(), 1);
    // Play on: alice, bob; alice asks after bob answered, so both moves go back.
    bot.text("alice", &first).await;
    let bobs = a_move(&bot, 1).await;
    bot.text("bob", &bobs).await;
    bot.text("alice", "takeback").await;
    let reply = bot.text("bob", "decline").await;
    assert!(
        reply.contains("bob declines the takeback in game #1; the move stands."),
        "{reply}"
    );
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.takeback_offer, None);
    bot.text("bob", "hello").await;
    bot.text("alice", "takeback").await;
    let reply = bot.text("bob", "takeback").await;
    assert!(reply.contains("2 moves taken back"), "{reply}");
    assert!(reply.contains("alice to move"), "{reply}");
    assert_eq!(position_of(&bot, 1).await, start);
    // Two takeback events; the moves taken back keep their plies, so a new move is ply 4.
    assert_eq!(bot.service.store().takebacks(GameId(1)).await.unwrap(), 2);
    bot.text("alice", &first).await;
    assert_eq!(position_of(&bot, 1).await, after_first);
    let moves = bot.service.store().moves(GameId(1)).await.unwrap();
    assert_eq!(moves.len(), 1, "{moves:?}");
    assert_eq!(
        moves[0].ply, 4,
        "plies go on counting past the moves taken back"
    );
}

#[tokio::test]
async fn a_move_after_the_question_withdraws_it() {
    let bot = bot().await;
    started(&bot, "knight-fight").await;
    bot.text("alice", &a_move(&bot, 1).await).await;
    bot.text("alice", "takeback").await;
    // bob answers with a move instead: the question lapses.
    bot.text("bob", &a_move(&bot, 1).await).await;
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.takeback_offer, None);
    let reply = bot.text("bob", "takeback 1").await;
    assert!(
        reply.contains("asks to take back"),
        "a question of bob's own: {reply}"
    );
}

#[tokio::test]
async fn the_computer_grants_a_takeback_at_once() {
    let bot = bot().await;
    let reply = bot
        .text("alice", "play knight-fight computer level:1 seed:5")
        .await;
    assert!(reply.contains("alice to move"), "{reply}");
    let start = position_of(&bot, 1).await;
    bot.text("alice", &a_move(&bot, 1).await).await;
    let posted = crate::support::Posted::default();
    let made = bot
        .service
        .play_due_engine_moves(kibitz::Platform::Console, "a", &posted)
        .await
        .unwrap();
    assert_eq!(made, 1);
    let reply = bot.text("alice", "takeback").await;
    assert!(reply.contains("2 moves taken back"), "{reply}");
    assert!(reply.contains("alice to move"), "{reply}");
    assert_eq!(position_of(&bot, 1).await, start);
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(
        game.engine_due, None,
        "it is alice's move, not the computer's"
    );
}

#[tokio::test]
async fn a_takeback_gives_the_asker_a_fresh_correspondence_move() {
    let bot = bot().await;
    started(&bot, "knight-fight").await;
    bot.text("alice", &a_move(&bot, 1).await).await;
    bot.set_time(crate::service::START_MS + 2 * kibitz::games::time_control::DAY_MS);
    bot.text("alice", "takeback").await;
    let reply = bot.text("bob", "takeback").await;
    assert!(reply.contains("alice to move · 2 d 23 h left"), "{reply}");
}

#[tokio::test]
async fn a_game_is_aborted_before_each_side_moved_twice_and_not_rated() {
    let bot = bot().await;
    started(&bot, "knight-fight").await;
    bot.text("alice", &a_move(&bot, 1).await).await;
    bot.text("bob", &a_move(&bot, 1).await).await;
    bot.text("alice", &a_move(&bot, 1).await).await;
    let reply = bot.text("bob", "abort").await;
    assert!(
        reply.contains("Game #1 was aborted by bob. It is not rated."),
        "{reply}"
    );
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.state, GameState::Aborted);
    assert_eq!((game.deadline, game.remind_at), (None, None));
    let board = bot.text("carol", "leaderboard knight-fight").await;
    assert!(board.contains("Nobody yet"), "{board}");
    let reply = bot.text("alice", "board 1").await;
    assert!(reply.contains("Game #1 · aborted"), "{reply}");
    let reply = bot.text("alice", "move c1 #1").await;
    assert!(reply.contains("Game #1 was aborted."), "{reply}");
    // The players are free for a new game at once.
    let reply = bot.text("alice", "challenge @bob knight-fight").await;
    assert!(reply.contains("(#2)"), "{reply}");
}

#[tokio::test]
async fn takebacks_and_aborts_that_cannot_be_refuse_clearly_and_change_nothing() {
    let bot = bot().await;
    started(&bot, "knight-fight").await;
    bot.text("carol", "hello").await;
    // Nothing to take back yet.
    let before = bot.snapshot().await;
    bot.assert_refusals(
        &[
            ("alice", "takeback", "no move to take back in game #1"),
            ("bob", "takeback", "no move to take back in game #1"),
            ("carol", "takeback 1", "not playing game #1"),
            ("carol", "abort 1", "not playing game #1"),
            ("alice", "takeback 9", "no game #9 in this chat"),
        ],
        &before,
    )
    .await;
    for _ in 0..4 {
        let mover = match bot
            .service
            .store()
            .game(GameId(1))
            .await
            .unwrap()
            .unwrap()
            .plies
            % 2
        {
            0 => "alice",
            _ => "bob",
        };
        bot.text(mover, &a_move(&bot, 1).await).await;
    }
    bot.text("alice", "takeback").await;
    let before = bot.snapshot().await;
    bot.assert_refusals(
        &[
            ("alice", "takeback", "You have asked already in game #1"),
            ("alice", "abort", "past aborting"),
            ("bob", "abort", "past aborting"),
        ],
        &before,
    )
    .await;
    bot.text("alice", "resign").await;
    let before = bot.snapshot().await;
    bot.assert_refusals(
        &[
            ("bob", "takeback 1", "Game #1 is over"),
            ("alice", "abort 1", "Game #1 is over"),
        ],
        &before,
    )
    .await;
}
