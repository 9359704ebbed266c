//! Chesimals I, II and Critters end to end: the command line (single actions for perft and
//! moves, whole turns for play) and the service (whole turns and unit-by-unit turns in chat,
//! refusals that name the move and change nothing, Critters options).

use crate::service::{Bot, bot};
use kibitz::store::GameId;
use kibitz::{AnyGame, Body, GameKind, Renderer, View};
use std::sync::OnceLock;

use crate::support::{kibitz, stdout_lines};

#[test]
fn perft_counts_single_actions_of_every_variant() {
    for (game, counts) in [
        ("chesimals-1", ["55", "735"]),
        ("chesimals-2", ["82", "1572"]),
        ("critters", ["143", "20025"]),
    ] {
        for (depth, expected) in ["1", "2"].into_iter().zip(counts) {
            let lines = stdout_lines(&kibitz(&["perft", game, "start", depth]));
            assert_eq!(lines.last().map(String::as_str), Some(expected), "{game}");
        }
    }
}

#[test]
fn moves_lists_unit_moves_and_end_mid_turn() {
    let start = stdout_lines(&kibitz(&["moves", "chesimals-1", "start"]));
    assert_eq!(start.len(), 55);
    let mut sorted = start.clone();
    sorted.sort();
    assert_eq!(start, sorted);
    assert!(start.contains(&"b3-b5".to_string()), "{start:?}");
    assert!(!start.contains(&"end".to_string()), "{start:?}");
    // One orange unit moved: only orange units may follow, and `end` is possible.
    let mut game = AnyGame::start(GameKind::ChesimalsOne, 0);
    game.play_message("b3-b5").expect("a legal unit move");
    let mid_turn_text = game.position_text();
    assert!(mid_turn_text.contains("oW*"), "{mid_turn_text}");
    let mid_turn = stdout_lines(&kibitz(&["moves", "chesimals-1", &mid_turn_text]));
    assert!(mid_turn.contains(&"end".to_string()), "{mid_turn:?}");
    let orange = ["a1", "c1", "b1", "a2", "b2", "c2", "a3", "c3", "b5"];
    for mv in mid_turn.iter().filter(|mv| *mv != "end") {
        let from = mv.split(['-', 'x']).next().unwrap_or_default();
        assert!(orange.contains(&from), "{mv} is not an orange unit's move");
        assert_ne!(from, "b5", "the moved warmachine cannot move again");
    }
    let perft = stdout_lines(&kibitz(&["perft", "chesimals-1", &mid_turn_text, "1"]));
    assert_eq!(perft.last(), Some(&mid_turn.len().to_string()));
}

#[test]
fn play_takes_whole_turns_and_prints_position_then_status() {
    let lines = stdout_lines(&kibitz(&[
        "play",
        "chesimals-1",
        "start",
        "b3-b5 a3-a4 c3-c4",
        "b14-b12 a14-a13",
    ]));
    let position = &lines[lines.len() - 2];
    assert!(position.starts_with("chesimals-1 "), "{position}");
    assert!(
        position.contains(" w - 0 2 2"),
        "White's second turn: {position}"
    );
    assert_eq!(lines.last().map(String::as_str), Some("ongoing"));
    // The printed position plays on.
    let again = stdout_lines(&kibitz(&["moves", "chesimals-1", position]));
    assert!(again.contains(&"b2-b3".to_string()), "{again:?}");
    assert!(
        !again.contains(&"b5-b6".to_string()),
        "b5 is cut off from its Chief: {again:?}"
    );
    // A bad move in a turn names the turn and the move, on stderr.
    let refused = kibitz(&["play", "chesimals-1", "start", "b3-b5 b2-b6"]);
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("move 1 (b3-b5 b2-b6)"), "{stderr}");
    assert!(
        stderr.contains("Move 2 (b2-b6) of your turn: A chief cannot move from b2 to b6."),
        "{stderr}"
    );
    // Critters positions carry their options.
    let lines = stdout_lines(&kibitz(&["play", "critters", "start", "d4-d5 f4-f5"]));
    assert!(
        lines[lines.len() - 2].ends_with(" b - 0 1 1 -"),
        "{lines:?}"
    );
}

#[test]
fn render_draws_a_turn_given_with_last() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("c.png");
    let out_text = out.to_string_lossy().to_string();
    let lines = stdout_lines(&kibitz(&["play", "chesimals-2", "start", "b3-b5 b1-b3"]));
    let position = &lines[lines.len() - 2];
    let output = kibitz(&[
        "render",
        "chesimals-2",
        position,
        "-o",
        &out_text,
        "--last",
        "b3-b5 b1-b3",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let picture = image::open(&out).expect("a PNG");
    assert_eq!(picture.height(), expected_size(GameKind::ChesimalsTwo).1);
    let bad = kibitz(&[
        "render",
        "chesimals-2",
        position,
        "-o",
        &out_text,
        "--last",
        "zz",
    ]);
    assert!(!bad.status.success());
}

/// The size of a board picture of `kind`, from the renderer itself (prepared once).
fn expected_size(kind: GameKind) -> (u32, u32) {
    static RENDERER: OnceLock<Renderer> = OnceLock::new();
    let png = RENDERER
        .get_or_init(|| Renderer::new().expect("the renderer prepares"))
        .render(&AnyGame::start(kind, 0), &View::default())
        .expect("a start board renders");
    let picture = image::load_from_memory(&png).expect("a PNG");
    (picture.width(), picture.height())
}

/// Says `text` as `speaker` and checks the one reply is a board picture of `size`; returns
/// its caption.
async fn picture_reply(bot: &Bot, speaker: &str, text: &str, size: (u32, u32)) -> String {
    let replies = bot.say(speaker, text).await;
    assert_eq!(replies.len(), 1, "{text}");
    let Body::Image { png, caption } = &replies[0].body else {
        panic!("{text}: a picture, not {:?}", replies[0].body);
    };
    let picture = image::load_from_memory(png).expect("a PNG");
    assert_eq!((picture.width(), picture.height()), size, "{text}");
    caption.clone()
}

/// alice (White) and bob (Black) in a Chesimals I game.
async fn started(bot: &Bot, size: (u32, u32)) {
    let reply = bot.text("alice", "challenge @bob chesimals i").await;
    assert!(
        reply.contains("alice challenges bob to Chesimals I"),
        "{reply}"
    );
    let caption = picture_reply(bot, "bob", "accept", size).await;
    assert!(caption.contains("alice to move"), "{caption}");
}

#[tokio::test]
async fn whole_turns_are_played_in_chat_each_with_a_picture() {
    let bot = bot().await;
    let size = expected_size(GameKind::ChesimalsOne);
    assert!((900..=1010).contains(&size.0.max(size.1)), "{size:?}");
    started(&bot, size).await;
    let turns = [
        // Longer than a quote of the player's words may be: the caption shows all of it.
        (
            "alice",
            "move b3-b5 a3-a4 c3-c4 a2-a3 c2-c3 b2-b4 done",
            "bob to move",
        ),
        ("bob", "b14-b12 a14-a13 c14-c13 done", "alice to move"),
        ("alice", "move e3-e4 d2-d3 end", "bob to move"),
        ("bob", "move e14 - e13 d15-d14 done", "alice to move"),
    ];
    for (player, text, next) in turns {
        let caption = picture_reply(&bot, player, text, size).await;
        assert!(caption.contains(next), "{text}: {caption}");
        assert!(caption.contains(&format!("{player} played")), "{caption}");
        if text.contains("b2-b4") {
            assert!(
                caption.contains("alice played b3-b5 a3-a4 c3-c4 a2-a3 c2-c3 b2-b4."),
                "{caption}"
            );
        }
    }
    let store = bot.service.store();
    let game = store.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.plies, 4);
    let moves = crate::support::stored_moves(&store, 1).await;
    assert_eq!(
        moves,
        [
            "b3-b5 a3-a4 c3-c4 a2-a3 c2-c3 b2-b4 end",
            "b14-b12 a14-a13 c14-c13 end",
            "e3-e4 d2-d3 end",
            "e14-e13 d15-d14 end",
        ]
    );
    // The last turn's trail is kept for the picture.
    let last = game.last_move.expect("a last move");
    assert_eq!(last.squares().trail().len(), 2, "{last:?}");
}

#[tokio::test]
async fn one_bad_move_rejects_the_whole_message_and_changes_nothing() {
    let bot = bot().await;
    started(&bot, expected_size(GameKind::ChesimalsOne)).await;
    bot.text("carol", "hello").await; // carol is known from now on
    let before = bot.snapshot().await;
    let cases = [
        (
            "alice",
            "move h3-h4 h2-h5",
            "Move 2 (h2-h5) of your turn: A chief cannot move from h2 to h5.",
        ),
        (
            "alice",
            "h3-h4 e3-e4",
            "Move 2 (e3-e4) of your turn: The white unit on e3 cannot move: the grey chesimal is moving this turn.",
        ),
        (
            "alice",
            "move h3-h4 end g2-g3",
            "Move 3 (g2-g3) comes after your turn has ended.",
        ),
        ("alice", "move b14-b13", "is not yours"),
        ("alice", "move end", "Move at least one unit"),
        ("alice", "move h3-h4 zz9", "“zz9” is not a move"),
        ("bob", "move b14-b13", "not your turn"),
        ("carol", "move b3-b4", "no game running"),
        ("carol", "move b3-b4 #1", "not playing game #1"),
    ];
    bot.assert_refusals(&cases, &before).await;
    let reply = bot.text("alice", "move h3-h4 h2-h5").await;
    assert!(reply.contains("Nothing was played."), "{reply}");
    assert!(reply.contains("Usage: move <unit moves"), "{reply}");
    // A bare line that is no move at all is not taken for one.
    let reply = bot.text("alice", "good luck").await;
    assert!(reply.contains("no command"), "{reply}");
    assert_eq!(bot.snapshot().await, before);
}

#[tokio::test]
async fn a_turn_can_be_played_unit_by_unit_and_closed_with_done() {
    let bot = bot().await;
    let size = expected_size(GameKind::ChesimalsOne);
    started(&bot, size).await;
    let caption = picture_reply(&bot, "alice", "move h3-h4", size).await;
    assert!(caption.contains("alice to move"), "{caption}");
    assert!(caption.contains("The grey chesimal is moving"), "{caption}");
    let reply = bot.text("bob", "move b14-b13").await;
    assert!(reply.contains("not your turn"), "{reply}");
    let reply = bot.text("alice", "move e3-e4").await;
    assert!(reply.contains("the grey chesimal is moving"), "{reply}");
    let caption = picture_reply(&bot, "alice", "g2-g3", size).await;
    assert!(caption.contains("alice played g2-g3"), "{caption}");
    let caption = picture_reply(&bot, "alice", "move done", size).await;
    assert!(caption.contains("bob to move"), "{caption}");
    // The caption tells the whole turn, not the closing word.
    assert!(caption.contains("alice played h3-h4 g2-g3."), "{caption}");
    let store = bot.service.store();
    let moves = crate::support::stored_moves(&store, 1).await;
    assert_eq!(moves, ["h3-h4", "g2-g3", "end"]);
    let game = store.game(GameId(1)).await.unwrap().unwrap();
    let last = game.last_move.expect("a last move");
    assert_eq!(last.text, "h3-h4 g2-g3 end");
    assert_eq!(last.squares().trail().len(), 2, "the whole turn's trail");
    // Black's next turn starts a fresh trail.
    picture_reply(&bot, "bob", "b14-b12 a14-a13 done", size).await;
    let game = store.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(
        game.last_move.map(|m| m.text),
        Some("b14-b12 a14-a13 end".to_string())
    );
}

#[tokio::test]
async fn a_critters_game_is_created_with_its_options() {
    let bot = bot().await;
    let size = expected_size(GameKind::Critters);
    assert!((900..=1010).contains(&size.0.max(size.1)), "{size:?}");
    let reply = bot
        .text("alice", "challenge @bob critters growth promotion brains:3")
        .await;
    assert!(
        reply.contains("Critters (growth, promotion, brains:3, 3 days a move)"),
        "{reply}"
    );
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    assert!(
        game.start_position.ends_with(" gp3"),
        "{}",
        game.start_position
    );
    picture_reply(&bot, "bob", "accept", size).await;
    let caption = picture_reply(&bot, "alice", "move k4-k5 d4-d5 done", size).await;
    assert!(caption.contains("bob to move"), "{caption}");
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    assert!(game.position.ends_with(" gp3"), "{}", game.position);
    // Options belong to Critters only, and must be known ones.
    let reply = bot.text("alice", "challenge @bob chesimals-2 growth").await;
    assert!(reply.contains("only Critters has game options"), "{reply}");
    let reply = bot.text("alice", "challenge @bob critters brains:7").await;
    assert!(reply.contains("not a Critters option"), "{reply}");
    let reply = bot.text("carol", "rules critters").await;
    assert!(reply.contains("[picture]"), "{reply}");
    assert!(reply.contains("growth"), "{reply}");
}

/// The buttons under the one reply `speaker` gets for `text`, as (label, command).
async fn buttons_after(bot: &Bot, speaker: &str, text: &str) -> Vec<(String, String)> {
    let replies = bot.say(speaker, text).await;
    assert_eq!(replies.len(), 1, "{text}");
    replies[0]
        .buttons
        .iter()
        .map(|b| (b.label.clone(), b.command.clone()))
        .collect()
}

/// One rule for every line: a line of unit moves, whatever its length, leaves the turn open
/// (the reply says so and counts the units, with a Done button); a third unit can be added;
/// `done` ends it and the caption repeats the whole turn.
#[tokio::test]
async fn every_line_leaves_the_turn_open_until_done() {
    let bot = bot().await;
    let size = expected_size(GameKind::ChesimalsOne);
    started(&bot, size).await;
    let caption = picture_reply(&bot, "alice", "move h3-h4 g2-g3", size).await;
    assert!(caption.contains("alice to move"), "{caption}");
    assert!(caption.contains("2 units so far"), "{caption}");
    assert!(caption.contains("still open"), "{caption}");
    let buttons = buttons_after(&bot, "alice", "board").await;
    assert_eq!(
        buttons,
        [("✔ Done (end turn)".to_string(), "move done #1".to_string())]
    );
    // A third unit of the same chesimal joins the turn.
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    let position = AnyGame::parse(GameKind::ChesimalsOne, &game.position).unwrap();
    let third = position
        .legal_move_texts()
        .into_iter()
        .find(|mv| mv != "end")
        .expect("another unit of the chesimal may move");
    let caption = picture_reply(&bot, "alice", &third, size).await;
    assert!(caption.contains("3 units so far"), "{caption}");
    let caption = picture_reply(&bot, "alice", "done", size).await;
    assert!(
        caption.contains(&format!("alice played h3-h4 g2-g3 {third}.")),
        "{caption}"
    );
    assert!(caption.contains("bob to move"), "{caption}");
    // Chesimals I offers no Pass: Black's chesimals can move.
    let buttons = buttons_after(&bot, "bob", "board").await;
    assert!(buttons.is_empty(), "{buttons:?}");
    let stored = crate::support::stored_moves(&bot.service.store(), 1).await;
    assert_eq!(stored, ["h3-h4 g2-g3", third.as_str(), "end"]);
}

/// Critters: a player may move none of their units. The picture at a turn's start offers
/// Pass; two passes in a row draw the game.
#[tokio::test]
async fn a_critters_player_may_pass_at_any_turn() {
    let bot = bot().await;
    let size = expected_size(GameKind::Critters);
    bot.text("alice", "challenge @bob critters").await;
    bot.text("bob", "accept").await;
    let buttons = buttons_after(&bot, "alice", "board").await;
    assert_eq!(
        buttons,
        [(
            "Pass (move nothing)".to_string(),
            "move pass #1".to_string()
        )]
    );
    let caption = picture_reply(&bot, "alice", "move pass", size).await;
    assert!(caption.contains("alice played pass."), "{caption}");
    assert!(caption.contains("bob to move"), "{caption}");
    // Mid-turn the pass is gone.
    picture_reply(&bot, "bob", "d17-d16", size).await;
    let reply = bot.text("bob", "pass").await;
    assert!(reply.contains("only at the start of a turn"), "{reply}");
    picture_reply(&bot, "bob", "done", size).await;
    bot.text("alice", "pass").await;
    let reply = bot.text("bob", "pass").await;
    assert!(reply.contains("Draw"), "{reply}");
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.state, kibitz::store::GameState::Finished);
}

/// `moves e3`: where the unit on a square may go, listed and marked on the board.
#[tokio::test]
async fn moves_shows_where_a_unit_may_go() {
    let bot = bot().await;
    let size = expected_size(GameKind::ChesimalsOne);
    started(&bot, size).await;
    let caption = picture_reply(&bot, "bob", "moves b3", size).await;
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    let position = AnyGame::parse(GameKind::ChesimalsOne, &game.position).unwrap();
    let (_, targets) = position.moves_from("b3").unwrap();
    assert!(!targets.is_empty());
    let list: Vec<String> = targets.iter().map(|(to, _)| to.to_string()).collect();
    assert!(caption.contains(&list.join(", ")), "{caption}");
    assert!(caption.contains("move b3-"), "{caption}");
    // The picture marks them: it differs from the board exactly where the targets are.
    let marked = bot.say("bob", "moves b3").await;
    let plain = bot.say("bob", "board").await;
    let (Body::Image { png: marked, .. }, Body::Image { png: plain, .. }) =
        (&marked[0].body, &plain[0].body)
    else {
        panic!("pictures");
    };
    assert_ne!(
        image::load_from_memory(marked)
            .unwrap()
            .to_rgb8()
            .into_raw(),
        image::load_from_memory(plain).unwrap().to_rgb8().into_raw()
    );
    let cases = [
        ("bob", "moves z99", "is not a square"),
        ("bob", "moves e8", "can move now"),
    ];
    let before = bot.snapshot().await;
    bot.assert_refusals(&cases, &before).await;
}

/// `help GAME` explains how that game's moves and turns are typed, whole.
#[tokio::test]
async fn help_names_how_a_games_moves_are_typed() {
    let bot = bot().await;
    let reply = bot.text("alice", "help critters").await;
    assert!(reply.contains("How Critters moves are typed:"), "{reply}");
    assert!(
        reply.contains("move pass moves none of your units"),
        "{reply}"
    );
    assert!(
        reply.contains("moves d4 shows where the unit on d4 may go."),
        "{reply}"
    );
    assert!(reply.contains("rules critters"), "{reply}");
    let reply = bot.text("alice", "help chesimals-2").await;
    assert!(reply.contains("your turn stays open"), "{reply}");
    let reply = bot.text("alice", "help glacier").await;
    assert!(reply.contains("UCI or SAN"), "{reply}");
}
