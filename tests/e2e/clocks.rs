//! Game clocks through the service, on a test clock: time controls in challenges and
//! captions, the reminder and the loss on time handled exactly once across processes and
//! restarts, a move that comes too late, refusals that change nothing.

use crate::service::{Bot, START_MS, bot, service_on};
use crate::support::{Posted, at};
use kibitz::bot::CLOCK_LEASE_MS;
use kibitz::games::time_control::{DAY_MS, HOUR_MS, SECOND_MS};
use kibitz::store::GameId;
use kibitz::store::GameState;
use kibitz::{Platform, Service};

async fn clock_round(service: &Service, holder: &str, posted: &Posted) -> usize {
    service
        .handle_due_clocks(Platform::Console, holder, posted)
        .await
        .unwrap()
}

async fn a_move(bot: &Bot, id: i64) -> String {
    crate::support::first_move(&bot.service.store(), id).await
}

/// alice (White) and bob (Black) start game 1 of Knight Fight with `time` (if any); alice
/// has made the first move. Returns when bob's turn began.
async fn alice_moved(bot: &Bot, time: &str) -> i64 {
    let reply = bot
        .text(
            "alice",
            &format!("challenge @bob knight-fight seed:5 {time}"),
        )
        .await;
    assert!(reply.contains("alice challenges bob"), "{reply}");
    let reply = bot.text("bob", "accept").await;
    assert!(reply.contains("alice to move"), "{reply}");
    let mv = a_move(bot, 1).await;
    let reply = bot.text("alice", &mv).await;
    assert!(reply.contains("bob to move"), "{reply}");
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    game.clocks.map_or(0, |c| c.turn_since.millis())
}

#[tokio::test]
async fn a_correspondence_clock_reminds_once_and_ends_the_game_once_across_two_processes() {
    let bot = bot().await;
    let second = service_on(&bot.url, bot.clock.clone()).await;
    let reply = bot
        .text("alice", "challenge @bob knight-fight seed:5")
        .await;
    assert!(
        reply.contains("Knight Fight (3 days a move)"),
        "a game between people gets 3 days a move: {reply}"
    );
    let reply = bot.text("bob", "accept").await;
    assert!(
        reply.contains("Game #1 · alice to move · 2 d 23 h left"),
        "{reply}"
    );
    let mv = a_move(&bot, 1).await;
    let reply = bot.text("alice", &mv).await;
    assert!(
        reply.contains("Game #1 · bob to move · 2 d 23 h left"),
        "{reply}"
    );
    let turn_since = bot
        .service
        .store()
        .game(GameId(1))
        .await
        .unwrap()
        .unwrap()
        .clocks
        .unwrap()
        .turn_since
        .millis();
    let posted = Posted::default();
    // Nothing is due before a quarter of bob's three days is left.
    bot.set_time(turn_since + 2 * DAY_MS);
    let (one, two) = tokio::join!(
        clock_round(&bot.service, "a", &posted),
        clock_round(&second, "b", &posted)
    );
    assert_eq!((one, two, posted.texts().len()), (0, 0, 0));
    let reply = bot.text("bob", "board").await;
    assert!(reply.contains("bob to move · 23 h 59 min left"), "{reply}");
    // With 18 hours left bob is reminded, by one of the two processes, once.
    bot.set_time(turn_since + 2 * DAY_MS + 6 * HOUR_MS);
    let (one, two) = tokio::join!(
        clock_round(&bot.service, "a", &posted),
        clock_round(&second, "b", &posted)
    );
    assert_eq!(one + two, 1, "one reminder, sent by one process");
    let texts = posted.texts();
    assert_eq!(texts.len(), 1, "{texts:?}");
    assert!(
        texts[0].contains("Game #1: bob, it is your move, with 17 h 59 min left on your clock."),
        "{texts:?}"
    );
    let reminder = &posted.replies()[0];
    assert_eq!(reminder.mentions.len(), 1, "the reminder mentions bob");
    assert_eq!(&texts[0][reminder.mentions[0].range.clone()], "bob");
    let (one, two) = tokio::join!(
        clock_round(&bot.service, "a", &posted),
        clock_round(&second, "b", &posted)
    );
    assert_eq!(one + two, 0, "the reminder is not sent again");
    // Past the deadline the game ends: lost on time, once, with one picture and the game's
    // replay.
    bot.set_time(turn_since + 3 * DAY_MS + 1);
    let (one, two) = tokio::join!(
        clock_round(&bot.service, "a", &posted),
        clock_round(&second, "b", &posted)
    );
    assert_eq!(one + two, 1, "one timeout, handled by one process");
    let texts = posted.texts();
    assert_eq!(texts.len(), 3, "{texts:?}");
    assert!(texts[2].starts_with("[file kibitz-1.gif]"), "{texts:?}");
    assert!(
        texts[1].contains("Game #1: bob ran out of time. alice wins."),
        "{texts:?}"
    );
    assert!(
        texts[1].contains("Game #1 · alice wins (on time)"),
        "{texts:?}"
    );
    let (one, two) = tokio::join!(
        clock_round(&bot.service, "a", &posted),
        clock_round(&second, "b", &posted)
    );
    assert_eq!((one + two, posted.texts().len()), (0, 3), "nothing after");
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.state, GameState::Finished);
    assert_eq!(
        game.result.map(|o| o.to_string()).as_deref(),
        Some("white wins (time)")
    );
    assert_eq!((game.deadline, game.remind_at), (None, None));
    // The loss on time is rated like any result.
    let board = bot.text("carol", "leaderboard knight-fight").await;
    assert!(
        board.contains("alice") && board.contains("1-0-0"),
        "{board}"
    );
    assert!(board.contains("bob") && board.contains("0-0-1"), "{board}");
    // bob's late move changes nothing.
    let late = bot.text("bob", &a_move(&bot, 1).await).await;
    assert!(!late.contains("[picture]"), "{late}");
}

#[tokio::test]
async fn a_process_that_was_down_at_the_deadline_handles_it_once_when_it_comes_back() {
    let bot = bot().await;
    let turn_since = alice_moved(&bot, "time:1d").await;
    // Every process is down through the reminder and the deadline; one starts again later.
    bot.set_time(turn_since + 5 * DAY_MS);
    let restarted = service_on(&bot.url, bot.clock.clone()).await;
    let posted = Posted::default();
    assert_eq!(clock_round(&restarted, "restarted", &posted).await, 1);
    let texts = posted.texts();
    assert_eq!(
        texts.len(),
        2,
        "the timeout (and its replay) only: a passed reminder is moot: {texts:?}"
    );
    assert!(texts[0].contains("bob ran out of time"), "{texts:?}");
    assert_eq!(clock_round(&restarted, "restarted", &posted).await, 0);
    assert_eq!(clock_round(&bot.service, "old", &posted).await, 0);
}

#[tokio::test]
async fn a_dead_processs_claim_on_a_deadline_is_taken_over_when_it_runs_out() {
    let bot = bot().await;
    let turn_since = alice_moved(&bot, "time:1d").await;
    bot.set_time(turn_since + DAY_MS + SECOND_MS);
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    let now = turn_since + DAY_MS + 2 * SECOND_MS;
    // A process claimed the deadline and died before ending the game.
    assert!(
        bot.service
            .store()
            .claim_clock(
                GameId(1),
                game.version,
                "dead",
                at(now),
                at(now + CLOCK_LEASE_MS)
            )
            .await
            .unwrap()
    );
    let posted = Posted::default();
    assert_eq!(clock_round(&bot.service, "alive", &posted).await, 0);
    bot.set_time(now + CLOCK_LEASE_MS + SECOND_MS);
    assert_eq!(clock_round(&bot.service, "alive", &posted).await, 1);
    assert_eq!(posted.texts().len(), 2, "the timeout and its replay");
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(
        game.result.map(|o| o.to_string()).as_deref(),
        Some("white wins (time)")
    );
}

#[tokio::test]
async fn a_move_that_comes_after_the_flag_fell_loses_on_time() {
    let bot = bot().await;
    let turn_since = alice_moved(&bot, "time:1m+2s").await;
    let reply = bot.text("alice", "board").await;
    assert!(reply.contains("bob to move · 0:5"), "{reply}");
    bot.set_time(turn_since + 61 * SECOND_MS);
    let reply = bot.text("bob", &a_move(&bot, 1).await).await;
    assert!(
        reply.contains("Game #1: bob ran out of time. alice wins."),
        "{reply}"
    );
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(
        game.result.map(|o| o.to_string()).as_deref(),
        Some("white wins (time)")
    );
    assert_eq!(game.plies, 1, "the late move was not played");
    let posted = Posted::default();
    assert_eq!(clock_round(&bot.service, "a", &posted).await, 0);
}

#[tokio::test]
async fn a_live_bank_keeps_its_rest_and_gains_the_increment() {
    let bot = bot().await;
    let turn_since = alice_moved(&bot, "time:1m+2s").await;
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    let clocks = game.clocks.unwrap();
    // alice used a few seconds (each reading of the test clock is one) and gained 2.
    assert!(
        (55 * SECOND_MS..62 * SECOND_MS).contains(&clocks.white_ms),
        "{clocks:?}"
    );
    assert_eq!(clocks.black_ms, 60 * SECOND_MS);
    bot.set_time(turn_since + 20 * SECOND_MS);
    let reply = bot.text("bob", &a_move(&bot, 1).await).await;
    assert!(reply.contains("alice to move"), "{reply}");
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    let black = game.clocks.unwrap().black_ms;
    assert!(
        (40 * SECOND_MS..43 * SECOND_MS).contains(&black),
        "bob's 60 s less about 20 used plus 2: {black}"
    );
}

#[tokio::test]
async fn a_game_without_a_clock_shows_no_time_and_never_ends_by_it() {
    let bot = bot().await;
    let reply = bot
        .text("alice", "challenge @bob knight-fight seed:5 time:none")
        .await;
    assert!(reply.contains("Knight Fight (no clock)"), "{reply}");
    bot.text("bob", "accept").await;
    let reply = bot.text("alice", &a_move(&bot, 1).await).await;
    assert!(reply.contains("Game #1 · bob to move\n"), "{reply}");
    assert!(!reply.contains("left"), "{reply}");
    bot.set_time(START_MS + 400 * DAY_MS);
    let posted = Posted::default();
    assert_eq!(clock_round(&bot.service, "a", &posted).await, 0);
}

#[tokio::test]
async fn bad_time_controls_are_refused_clearly_and_change_nothing() {
    let bot = bot().await;
    bot.text("bob", "hello").await;
    let before = bot.snapshot().await;
    bot.assert_refusals(
        &[
            (
                "alice",
                "challenge @bob knight-fight time:0d",
                "1 to 14 days a move",
            ),
            (
                "alice",
                "challenge @bob knight-fight time:30d",
                "1 to 14 days a move",
            ),
            (
                "alice",
                "challenge @bob glacier time:500m",
                "1 to 180 minutes",
            ),
            (
                "alice",
                "challenge @bob glacier time:5m+90s",
                "0 to 60 seconds",
            ),
            (
                "alice",
                "challenge @bob glacier time:soon",
                "\"soon\" is not a time control",
            ),
            (
                "alice",
                "challenge @bob glacier time:5",
                "\"5\" is not a time control",
            ),
            (
                "alice",
                "play glacier computer time:3d",
                "Games against the computer have no clock",
            ),
        ],
        &before,
    )
    .await;
}

#[tokio::test]
async fn a_vacation_stands_the_clock_still_for_the_move_in_hand_and_for_one_begun_during_it() {
    let bot = bot().await;
    let turn_since = alice_moved(&bot, "time:2d").await;
    // bob is to move, and takes three days off.
    bot.set_time(turn_since + HOUR_MS);
    let replies = bot.say("bob", "vacation 3").await;
    assert!(replies[0].private);
    let text = crate::service::replies_text(&replies);
    assert!(
        text.contains("You are on vacation until 2026-12-02 10:00 UTC")
            && text.contains("(one game where it is your move)")
            && text.contains("4 vacation days are left this month"),
        "{text}"
    );
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.deadline, Some(at(turn_since + 5 * DAY_MS)));
    let posted = Posted::default();
    bot.set_time(turn_since + 5 * DAY_MS - HOUR_MS);
    assert_eq!(
        clock_round(&bot.service, "a", &posted).await,
        1,
        "the reminder"
    );
    assert!(
        posted.texts()[0].contains("bob, it is your move"),
        "{:?}",
        posted.texts()
    );
    let reply = bot.text("bob", "board").await;
    assert!(reply.contains("bob to move · 59:5"), "{reply}");
    // alice goes away before her turn comes; bob moves half an hour later, in time.
    let away = bot.service.now().millis();
    bot.text("alice", "vacation 2").await;
    let until = away + 2 * DAY_MS;
    bot.set_time(away + HOUR_MS / 2);
    bot.text("bob", &a_move(&bot, 1).await).await;
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    let alice_since = game.clocks.unwrap().turn_since.millis();
    assert!((away..until).contains(&alice_since));
    // When her reminder would come, the scheduler stands her clock still instead: her turn
    // counts from the end of her vacation.
    bot.set_time(alice_since + DAY_MS + 12 * HOUR_MS);
    assert_eq!(clock_round(&bot.service, "a", &posted).await, 0);
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    let (deadline, remind_at) = (
        game.deadline.unwrap().millis(),
        game.remind_at.unwrap().millis(),
    );
    let back = until + SECOND_MS; // alice's line read the clock a second after `away`
    assert!(
        (until..=back).contains(&(deadline - 2 * DAY_MS)),
        "{deadline}"
    );
    assert_eq!(remind_at, deadline - DAY_MS / 2);
    assert_eq!(clock_round(&bot.service, "a", &posted).await, 0, "once");
    assert_eq!(posted.texts().len(), 1);
    bot.set_time(deadline + SECOND_MS);
    assert_eq!(clock_round(&bot.service, "a", &posted).await, 1);
    assert!(
        posted.texts()[1].contains("alice ran out of time"),
        "{:?}",
        posted.texts()
    );
}

#[tokio::test]
async fn vacation_days_are_bounded_a_month() {
    let bot = bot().await;
    let text = bot.text("alice", "vacation").await;
    assert!(
        text.contains("You are not on vacation. 7 vacation days"),
        "{text}"
    );
    bot.text("bob", "hello").await;
    let before = bot.snapshot().await;
    bot.assert_refusals(
        &[
            (
                "alice",
                "vacation 8",
                "You have 7 vacation days left this month",
            ),
            ("alice", "vacation 0", "vacation 1 to vacation 7"),
            ("alice", "vacation soon", "vacation [days]"),
        ],
        &before,
    )
    .await;
    bot.text("alice", "vacation 5").await;
    let text = bot.text("alice", "vacation 3").await;
    assert!(text.contains("You have 2 vacation days left"), "{text}");
    let text = bot.text("alice", "vacation 2d").await;
    assert!(text.contains("until 2026-12-06 09:00 UTC"), "{text}");
}

#[tokio::test]
async fn a_timeout_in_a_discord_thread_is_told_in_the_thread_and_to_its_channel() {
    let bot = bot().await;
    let say =
        |speaker: &'static str, text: &'static str| bot.say_on(Platform::Discord, speaker, text);
    say("alice", "challenge @bob knight-fight seed:5").await;
    let accepted = say("bob", "accept").await;
    // The accept asks for a thread; the adapter opened one, `thread-9`.
    let asked = accepted[0]
        .opens_thread
        .clone()
        .expect("a thread is asked for");
    assert_eq!(
        (asked.game, asked.name.as_str()),
        (1, "Knight Fight #1: alice vs bob")
    );
    let opened = bot.service.open_thread(1, "9").await;
    assert_eq!(opened.len(), 1);
    assert!(
        crate::service::replies_text(&opened).contains("Game #1 is played in this thread"),
        "{opened:?}"
    );
    assert!(
        bot.service.open_thread(1, "10").await.is_empty(),
        "opened once"
    );
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(game.thread.as_deref(), Some("9"));
    bot.set_time(game.clocks.unwrap().turn_since.plus(4 * DAY_MS).millis());
    let posted = Posted::default();
    let handled = bot
        .service
        .handle_due_clocks(Platform::Discord, "a", &posted)
        .await
        .unwrap();
    assert_eq!(handled, 1);
    let posts = posted.addressed();
    // The picture in the thread (no move was made: no replay), the result for the channel.
    assert_eq!(posts.len(), 2, "{posts:?}");
    assert!(posts.iter().all(|(to, _)| to == "room/9"), "{posts:?}");
    let in_parent: Vec<bool> = posts.iter().map(|(_, post)| post.in_parent).collect();
    assert_eq!(in_parent, [false, true]);
    assert_eq!(
        posts[1].1.text_and_spoilers().0,
        "Game #1 of Knight Fight is over: bob wins (on time)."
    );
}
