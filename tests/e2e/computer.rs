//! Games against the computer through the service: the engine's moves exactly once across
//! processes and restarts, a player's racing command, refusals that change nothing, results
//! kept by level and out of the ratings.

use crate::service::{Bot, bot, line, replies_text, service_on};
use crate::support::{Posted, at};
use kibitz::bot::{ENGINE_LEASE_MS, UserInfo};
use kibitz::store::GameId;
use kibitz::store::GameState;
use kibitz::{GameKind, Platform, Service};

async fn engine_round(service: &Service, holder: &str, posted: &Posted) -> usize {
    service
        .play_due_engine_moves(Platform::Console, holder, posted)
        .await
        .unwrap()
}

/// The stored moves of game `id` as (user id, notation).
async fn moves_of(bot: &Bot, id: i64) -> Vec<(i64, String)> {
    let moves = bot.service.store().moves(GameId(id)).await.unwrap();
    moves.into_iter().map(|m| (m.user_id, m.notation)).collect()
}

#[tokio::test]
async fn the_computer_answers_each_move_once_even_with_two_processes_racing() {
    let bot = bot().await;
    let second = service_on(&bot.url, bot.clock.clone()).await;
    let reply = bot
        .text("alice", "play knight-fight computer level:1 seed:5")
        .await;
    assert!(reply.contains("Kibitz · level 1 (Black)"), "{reply}");
    assert!(reply.contains("alice to move"), "{reply}");
    // Nothing is due while it is alice's turn.
    let posted = Posted::default();
    assert_eq!(engine_round(&bot.service, "a", &posted).await, 0);
    for turn in 0..6 {
        let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
        if game.state != GameState::Ongoing {
            break;
        }
        let position = kibitz::AnyGame::parse(GameKind::KnightFight, &game.position).unwrap();
        let Some(mine) = position.legal_move_texts().into_iter().next() else {
            break;
        };
        let reply = bot.text("alice", &mine).await;
        assert!(reply.contains("[picture]"), "turn {turn}: {reply}");
        let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
        if game.state != GameState::Ongoing {
            break;
        }
        assert!(reply.contains("Kibitz · level 1 is thinking"), "{reply}");
        // alice cannot move again while the computer is to move.
        let refused = bot.text("alice", &mine).await;
        assert!(refused.contains("Kibitz · level 1"), "{refused}");
        let (one, two) = tokio::join!(
            engine_round(&bot.service, "a", &posted),
            engine_round(&second, "b", &posted),
        );
        assert_eq!(
            one + two,
            1,
            "turn {turn}: one engine move, made by one process"
        );
        assert_eq!(
            posted.captions().len(),
            turn + 1,
            "one picture per engine move"
        );
        let (one, two) = tokio::join!(
            engine_round(&bot.service, "a", &posted),
            engine_round(&second, "b", &posted),
        );
        assert_eq!(one + two, 0, "nothing is due once the computer moved");
    }
    let moves = moves_of(&bot, 1).await;
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(moves.len() as i64, game.plies);
    // Turns alternate: no player and no engine ever moved twice in a row.
    for pair in moves.windows(2) {
        assert_ne!(pair[0].0, pair[1].0, "{moves:?}");
    }
    let last = posted.captions().pop().unwrap();
    assert!(last.contains("Kibitz · level 1 played"), "{last}");
}

#[tokio::test]
async fn move_buttons_go_to_the_player_not_to_the_computer() {
    let bot = bot().await;
    let posted = Posted::default();
    bot.text("alice", "play knight-fight computer level:1 seed:5")
        .await;
    for turn in 0..4 {
        let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
        let position = kibitz::AnyGame::parse(GameKind::KnightFight, &game.position).unwrap();
        let mine = position.legal_move_texts().into_iter().next().unwrap();
        // After alice's move the computer is to move: no buttons anyone could press.
        let replies = bot.say("alice", &mine).await;
        assert!(
            replies.iter().all(|reply| reply.buttons.is_empty()),
            "turn {turn}: {:?}",
            replies.iter().map(|r| &r.buttons).collect::<Vec<_>>()
        );
        assert_eq!(engine_round(&bot.service, "a", &posted).await, 1);
        // The computer's picture offers alice her legal moves.
        let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
        if game.state != GameState::Ongoing {
            break;
        }
        let position = kibitz::AnyGame::parse(GameKind::KnightFight, &game.position).unwrap();
        let legal: Vec<String> = position
            .legal_move_texts()
            .into_iter()
            .map(|mv| format!("move {mv} #1"))
            .collect();
        let replies = posted.replies();
        let offered: Vec<String> = replies
            .last()
            .unwrap()
            .buttons
            .iter()
            .map(|button| button.command.clone())
            .collect();
        assert!(!offered.is_empty(), "turn {turn}");
        assert_eq!(offered, legal, "turn {turn}");
    }
}

#[tokio::test]
async fn a_dead_processs_claim_is_taken_over_and_a_restart_catches_up() {
    let bot = bot().await;
    // alice plays Black: the computer, White, is due at once.
    let reply = bot
        .text("alice", "challenge computer glacier black level:1")
        .await;
    assert!(reply.contains("Kibitz · level 1 is thinking"), "{reply}");
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    assert!(game.engine_due.is_some());
    // A process claims the move and dies before committing it.
    let now = bot.service.now().millis();
    let store = bot.service.store();
    assert!(
        store
            .claim_engine_move(
                GameId(1),
                game.version,
                "dead",
                at(now),
                at(now + ENGINE_LEASE_MS)
            )
            .await
            .unwrap()
    );
    assert!(
        !store
            .claim_engine_move(
                GameId(1),
                game.version,
                "other",
                at(now),
                at(now + ENGINE_LEASE_MS)
            )
            .await
            .unwrap(),
        "a live claim is not taken twice"
    );
    // A restarted process on the same database: the claim holds until its lease runs out.
    let restarted = service_on(&bot.url, bot.clock.clone()).await;
    let posted = Posted::default();
    assert_eq!(engine_round(&restarted, "new", &posted).await, 0);
    bot.set_time(now + ENGINE_LEASE_MS + 1_000);
    assert_eq!(engine_round(&restarted, "new", &posted).await, 1);
    assert_eq!(engine_round(&restarted, "new", &posted).await, 0);
    let game = store.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!((game.plies, game.engine_due), (1, None));
    assert_eq!(moves_of(&bot, 1).await.len(), 1);
    // The dead process's late commit cannot apply: the game moved on from its version.
    let reply = bot.text("alice", "board").await;
    assert!(reply.contains("alice to move"), "{reply}");
}

#[tokio::test]
async fn a_players_command_while_the_engine_holds_its_claim_wins_and_the_engine_lets_go() {
    let bot = bot().await;
    bot.text(
        "alice",
        "challenge computer knight-fight black level:2 seed:3",
    )
    .await;
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    let now = bot.service.now().millis();
    let store = bot.service.store();
    assert!(
        store
            .claim_engine_move(
                GameId(1),
                game.version,
                "slow",
                at(now),
                at(now + ENGINE_LEASE_MS)
            )
            .await
            .unwrap()
    );
    // alice resigns while the engine "thinks": her command commits; the move is due no more.
    let reply = bot.text("alice", "resign confirm").await;
    assert!(reply.contains("resign"), "{reply}");
    let posted = Posted::default();
    bot.set_time(now + 2 * ENGINE_LEASE_MS);
    assert_eq!(engine_round(&bot.service, "slow", &posted).await, 0);
    let game = store.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(
        (game.state, game.plies, game.engine_due),
        (GameState::Finished, 0, None)
    );
    assert!(posted.captions().is_empty());
    // Counted by level for alice, and kept out of the ratings.
    let stats = bot.text("alice", "stats").await;
    assert!(
        stats.contains("Knight Fight against the computer: beat level 2: 0 of 1"),
        "{stats}"
    );
    assert!(
        stats.contains("Knight Fight: no rated games here yet"),
        "{stats}"
    );
}

#[tokio::test]
async fn computer_challenges_that_cannot_be_refuse_clearly_and_change_nothing() {
    let bot = bot().await;
    bot.text("alice", "hello").await;
    let before = bot.snapshot().await;
    bot.assert_refusals(
        &[
            (
                "alice",
                "challenge computer glacier level:9",
                "no computer level \"9\"",
            ),
            (
                "alice",
                "play glacier bot level:zero",
                "no computer level \"zero\"",
            ),
            (
                "alice",
                "challenge glacier level:0",
                "level:1 (a beginner can win)",
            ),
        ],
        &before,
    )
    .await;
    let reply = bot.text("alice", "settings computer off").await;
    assert!(reply.contains("off here"), "{reply}");
    let before = bot.snapshot().await;
    bot.assert_refusals(
        &[("bob", "play glacier computer", "switched off in this chat")],
        &before,
    )
    .await;
    bot.text("alice", "settings computer on").await;
    for n in 0..8 {
        let reply = bot.text("bob", "play knight-fight computer").await;
        assert!(reply.contains("[picture]"), "game {n}: {reply}");
    }
    let before = bot.snapshot().await;
    bot.assert_refusals(
        &[(
            "carol",
            "play knight-fight computer",
            "already has 8 games against the computer",
        )],
        &before,
    )
    .await;
}

#[tokio::test]
async fn naming_the_bot_itself_challenges_the_computer() {
    let bot = bot().await;
    bot.service.set_own_identity(
        Platform::Console,
        UserInfo {
            id: "kibitz-bot".to_string(),
            name: "Kibitz".to_string(),
            handle: Some("KibitzBot".to_string()),
        },
    );
    let reply = bot
        .text("alice", "challenge @kibitzbot glacier level:4")
        .await;
    assert!(
        reply.contains("alice (White) against Kibitz · level 4 (Black)"),
        "{reply}"
    );
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(
        (game.computer_level, game.state),
        (Some(4), GameState::Ongoing)
    );
    // The list of games names the level as the header does.
    let games = bot.text("alice", "games").await;
    assert!(
        games.contains("alice (White) against Kibitz · level 4 (Black)"),
        "{games}"
    );
}

#[tokio::test]
async fn the_computer_answers_a_draw_offer_by_its_own_search() {
    let bot = bot().await;
    bot.text("alice", "play glacier computer level:1").await;
    let reply = replies_text(&bot.service.handle(&line("room", "alice", "draw")).await);
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    match game.state {
        GameState::Finished => {
            assert!(reply.contains("draw"), "{reply}");
            assert_eq!(
                game.result.map(|o| o.to_string()).as_deref(),
                Some("draw (agreement)")
            );
        }
        _ => {
            assert!(reply.contains("declines the draw"), "{reply}");
            assert_eq!(game.draw_offer, None, "a declined offer is not left open");
        }
    }
}

/// The rows of a picture below its header: the board, whoever the players are.
fn board_rows(png: &[u8]) -> Vec<u8> {
    let image = image::load_from_memory(png).unwrap().to_rgba8();
    let skip = (kibitz::render::HEADER_HEIGHT * image.width() * 4) as usize;
    image.into_raw()[skip..].to_vec()
}

/// The picture of `replies` (the first image) and its caption.
fn picture_of(replies: &[kibitz::Outgoing]) -> (Vec<u8>, String) {
    replies
        .iter()
        .find_map(|reply| match &reply.body {
            kibitz::bot::Body::Image { png, caption } => Some((png.clone(), caption.clone())),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no picture in {}", replies_text(replies)))
}

/// What `speaker` gets for `text` in the chat "other".
async fn in_other(bot: &Bot, speaker: &str, text: &str) -> Vec<kibitz::Outgoing> {
    bot.service.handle(&line("other", speaker, text)).await
}

/// A move's notes and picture are the move's, not the mover's: each of the computer's Glacier
/// moves, played by bob in a game of his own against alice's same moves, brings the same
/// caption (the names and the game's number aside) and the same board, through the Ice Age
/// after Black's 20th move.
#[tokio::test]
async fn the_computers_moves_tell_what_a_persons_same_moves_would() {
    let bot = bot().await;
    let posted = Posted::default();
    let reply = bot
        .text("alice", "play glacier computer level:1 seed:1")
        .await;
    assert!(reply.contains("Game #1"), "{reply}");
    in_other(&bot, "alice", "challenge @bob glacier time:none").await;
    let reply = replies_text(&in_other(&bot, "bob", "accept").await);
    assert!(reply.contains("Game #2"), "{reply}");
    let mut ice_ages = 0;
    for turn in 0..24 {
        let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
        if game.state != GameState::Ongoing {
            break;
        }
        let position = kibitz::AnyGame::parse(GameKind::Glacier, &game.position).unwrap();
        let legal = position.legal_move_texts();
        let mine = legal[(turn * 7 + 3) % legal.len()].clone();
        let here = bot.text("alice", &mine).await;
        let there = replies_text(&in_other(&bot, "alice", &mine).await);
        assert!(
            here.contains("[picture]") && there.contains("[picture]"),
            "{here}\n{there}"
        );
        if bot
            .service
            .store()
            .game(GameId(1))
            .await
            .unwrap()
            .unwrap()
            .state
            != GameState::Ongoing
        {
            break;
        }
        let before = posted.replies().len();
        assert_eq!(engine_round(&bot.service, "a", &posted).await, 1);
        let (computer_png, computer_caption) = picture_of(&posted.replies()[before..]);
        let (_, theirs) = moves_of(&bot, 1).await.pop().unwrap();
        let (person_png, person_caption) = picture_of(&in_other(&bot, "bob", &theirs).await);
        let expected = person_caption
            .replace("bob", "Kibitz · level 1")
            .replace("#2", "#1");
        assert_eq!(
            computer_caption, expected,
            "turn {turn}: the same move, the same notes"
        );
        assert!(
            board_rows(&computer_png) == board_rows(&person_png),
            "turn {turn}: the same move draws the same board"
        );
        if computer_caption.contains("Ice Age!") {
            ice_ages += 1;
            assert!(computer_caption.contains("froze"), "{computer_caption}");
        }
    }
    assert_eq!(ice_ages, 1, "the Ice Age after Black's 20th move is told");
}
