//! `daily <game>`: the day's puzzle of a two-player game through the service: the same for
//! every player and process, one answer each (refused moves cost nothing), rated and counted
//! in a streak, the chat's standings. (Knight Fight: a debug build makes its puzzle in
//! seconds; the Glacier week is checked in release by `engine::puzzle`'s tests.)

use crate::service::{START_MS, bot, line, replies_text, service_on};
use crate::support::{PostRecorder, at};
use kibitz::engine::puzzle::Difficulty;
use kibitz::games::ambit::Date;
use kibitz::games::time_control::{DAY_MS, MINUTE_MS};
use kibitz::store::{DailyPuzzle, GameId, GameState};
use kibitz::{Body, GameKind, Platform};
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
    // Forgetting bob deletes his answer and his puzzle rating.
    bot.text("bob", "forgetme confirm").await;
    assert!(
        store
            .puzzle_answer(&day, GameKind::KnightFight, 2)
            .await
            .unwrap()
            .is_none()
    );
    let forgotten = store.puzzle_rating(2, GameKind::KnightFight).await.unwrap();
    assert_eq!(forgotten.rating, 1500.0, "back to a new player's rating");
    let top = bot.text("carol", "daily kf top").await;
    assert!(!top.contains("bob"), "{top}");
}

#[tokio::test]
async fn a_game_without_daily_puzzles_says_so() {
    let bot = bot().await;
    let reply = bot.text("alice", "daily critters").await;
    assert!(reply.contains("has no daily puzzle"), "{reply}");
    let unknown = bot.text("alice", "daily chess").await;
    assert!(unknown.contains("daily"), "{unknown}");
}

#[tokio::test]
async fn a_chat_gets_the_game_puzzle_posted_once_a_day_made_ahead_with_yesterdays_result() {
    let bot = bot().await;
    let store = bot.service.store();
    let poster = PostRecorder::default();
    let day_of = |ms: i64| Date::from_unix_seconds(ms / 1000).unwrap().to_string();
    // Nobody wants a game's puzzle posted: nothing is made ahead.
    assert!(bot.service.make_wanted_puzzles().await.unwrap().is_empty());

    let mut stranger = line("room", "dave", "settings daily kf on");
    stranger.admin = false;
    let refused = replies_text(&bot.service.handle(&stranger).await);
    assert!(refused.contains("Only the chat's admins"), "{refused}");
    let level = bot.text("alice", "settings daily kf hard").await;
    assert!(level.contains("no level to set"), "{level}");
    let chesimals = bot.text("alice", "settings daily critters on").await;
    assert!(chesimals.contains("has no daily puzzle"), "{chesimals}");
    assert!(
        !store
            .daily_puzzle_wanted(DailyPuzzle::Game(GameKind::Critters))
            .await
            .unwrap(),
        "a refused setting is not kept"
    );
    let set = bot.text("alice", "settings daily kf on 10:00").await;
    assert!(
        set.contains("The Knight Fight puzzle is posted here every day at 10:00 UTC"),
        "{set}"
    );
    let shown = bot.text("dave", "settings").await;
    assert!(
        shown.contains("The AMBIT daily is not posted here"),
        "{shown}"
    );
    assert!(
        shown.contains("Knight Fight puzzle is posted here"),
        "{shown}"
    );

    // While another process makes the day's puzzle (it holds the lease), a request is told
    // to come back and the scheduler leaves it to that process.
    let now = bot.clock.load(Ordering::SeqCst);
    let today = day_of(now);
    let lease = format!("game-puzzle:knight-fight:{today}");
    assert!(
        store
            .take_lease(&lease, "elsewhere", at(now), at(now + 60_000))
            .await
            .unwrap()
    );
    let busy = bot.text("carol", "daily kf").await;
    assert!(busy.contains("is being made right now"), "{busy}");
    assert!(bot.service.make_wanted_puzzles().await.unwrap().is_empty());
    store.release_lease(&lease, "elsewhere").await.unwrap();

    // The scheduler makes the day's puzzle before anyone asks, once.
    assert_eq!(
        bot.service.make_wanted_puzzles().await.unwrap(),
        [GameKind::KnightFight]
    );
    let puzzle = store
        .game_puzzle(&today, GameKind::KnightFight)
        .await
        .unwrap()
        .expect("made ahead");
    assert!(bot.service.make_wanted_puzzles().await.unwrap().is_empty());

    // 09:00: not due; 10:01: posted, once.
    let round = bot
        .service
        .post_due_dailies(Platform::Console, "one", &poster)
        .await
        .unwrap();
    assert!(round.posted.is_empty());
    bot.set_time(START_MS + 61 * MINUTE_MS);
    for _ in 0..2 {
        bot.service
            .post_due_dailies(Platform::Console, "one", &poster)
            .await
            .unwrap();
    }
    assert_eq!(poster.count(), 1);
    let caption = poster.caption(0);
    assert!(caption.contains("Knight Fight puzzle #333"), "{caption}");
    assert!(caption.contains("to move and win"), "{caption}");
    assert!(
        caption.contains("Nobody here answered yesterday's #332"),
        "{caption}"
    );
    let post = poster.posts.lock().unwrap()[0].1[0].clone();
    let position = kibitz::AnyGame::parse(GameKind::KnightFight, &puzzle.position).unwrap();
    if position.legal_move_texts().len() <= 20 {
        assert!(
            post.buttons
                .iter()
                .any(|b| b.command == format!("daily knight-fight {}", puzzle.solution)),
            "the post's buttons answer: {:?}",
            post.buttons
        );
    }

    // bob solves it; the next day's post says how the chat did, yesterday's move hidden.
    let right = bot
        .text("bob", &format!("daily kf {}", puzzle.solution))
        .await;
    assert!(right.contains("is right"), "{right}");
    bot.set_time(START_MS + DAY_MS + 61 * MINUTE_MS);
    // Not made ahead this time: two processes race for the post; one makes the puzzle
    // under its lease and posts, the other leaves the post alone meanwhile.
    let first = service_on(&bot.url, bot.clock.clone()).await;
    let second = service_on(&bot.url, bot.clock.clone()).await;
    for _ in 0..2 {
        let (a, b) = tokio::join!(
            first.post_due_dailies(Platform::Console, "first", &poster),
            second.post_due_dailies(Platform::Console, "second", &poster),
        );
        assert!(a.unwrap().failed.is_empty() && b.unwrap().failed.is_empty());
    }
    assert_eq!(poster.count(), 2);
    let caption = poster.caption(1);
    assert!(caption.contains("Knight Fight puzzle #334"), "{caption}");
    assert!(
        caption.contains("Yesterday's #333: 1 of 1 here solved it."),
        "{caption}"
    );
    let line = format!("Yesterday's winning move: {}", puzzle.shown);
    assert!(caption.ends_with(&line), "{caption}");
    let post = poster.posts.lock().unwrap()[1].1[0].clone();
    let (text, spoilers) = post.text_and_spoilers();
    assert_eq!(spoilers.len(), 1);
    assert_eq!(
        &text[spoilers[0].clone()],
        puzzle.shown,
        "only the move hidden"
    );

    // Off: no more posts, and the puzzle is no longer made ahead.
    let off = bot.text("alice", "settings daily kf off").await;
    assert!(
        off.contains("Knight Fight puzzle is not posted here"),
        "{off}"
    );
    bot.set_time(START_MS + 2 * DAY_MS + 61 * MINUTE_MS);
    bot.service
        .post_due_dailies(Platform::Console, "one", &poster)
        .await
        .unwrap();
    assert!(bot.service.make_wanted_puzzles().await.unwrap().is_empty());
    assert_eq!(poster.count(), 2);
    assert!(
        store
            .game_puzzle(
                &day_of(bot.clock.load(Ordering::SeqCst)),
                GameKind::KnightFight
            )
            .await
            .unwrap()
            .is_none()
    );
}

/// A Knight Fight game between alice and bob, each playing the engine's level-2 move (a
/// noisy level that blunders now and then, as the self-play games the puzzles come from),
/// until it ends or bob resigns after 30 plies. Returns its positions from the start.
async fn play_a_noisy_game(bot: &crate::service::Bot) -> Vec<kibitz::AnyGame> {
    use kibitz::engine::{Level, think};
    bot.start_game("kf").await;
    let store = bot.service.store();
    for ply in 0..30u64 {
        let game = store.game(GameId(1)).await.unwrap().unwrap();
        if game.state != GameState::Ongoing {
            break;
        }
        let position = kibitz::AnyGame::parse(GameKind::KnightFight, &game.position).unwrap();
        let speaker = if ply % 2 == 0 { "alice" } else { "bob" };
        let text = think(&position, Level::new(2).unwrap(), ply).unwrap().text;
        let reply = bot.text(speaker, &text).await;
        assert!(reply.contains("[picture]"), "{text}: {reply}");
    }
    if store.game(GameId(1)).await.unwrap().unwrap().state == GameState::Ongoing {
        bot.say("bob", "resign").await;
    }
    let game = store.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.state, GameState::Finished);
    let start = kibitz::AnyGame::parse(GameKind::KnightFight, &game.start_position).unwrap();
    let mut positions = vec![start];
    for played in store.moves(GameId(1)).await.unwrap() {
        let mut next = positions.last().unwrap().clone();
        next.play_text(&played.notation).unwrap();
        positions.push(next);
    }
    positions
}

#[tokio::test]
async fn a_blunder_in_a_game_played_here_is_the_next_days_puzzle() {
    let bot = bot().await;
    let positions = play_a_noisy_game(&bot).await;
    // Monday 2026-11-30: an easy day. What the engine finds in the game on its own:
    let expected = kibitz::engine::puzzle::from_games(&[positions], Difficulty::Easy);
    let (_, expected) = expected.expect("a blunder in the game leaves one winning move");
    assert_eq!(expected.difficulty, Difficulty::Easy, "{expected:?}");
    bot.set_time(START_MS + DAY_MS);
    let shown = bot.text("carol", "daily kf").await;
    assert!(shown.contains("Knight Fight puzzle #334 (easy)"), "{shown}");
    let kept = bot
        .service
        .store()
        .game_puzzle("2026-11-30", GameKind::KnightFight)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        kept.source_game,
        Some(GameId(1)),
        "taken from the game played here"
    );
    assert_eq!(kept.position, expected.position.position_text());
    assert_eq!(kept.solution, expected.solution);
    // The day the game was played, its own puzzle came from self-play: only games finished
    // before the day count.
    bot.set_time(START_MS);
    let same_day = bot
        .service
        .store()
        .game_puzzle("2026-11-29", GameKind::KnightFight)
        .await
        .unwrap();
    assert!(same_day.is_none());
    bot.text("carol", "daily kf").await;
    let own_day = bot
        .service
        .store()
        .game_puzzle("2026-11-29", GameKind::KnightFight)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(own_day.source_game, None);
}
