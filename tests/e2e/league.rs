//! Guild life through the service across simulated days: daily streaks and leaderboards,
//! ratings after games, forgetting a user, and the daily post made exactly once.

use crate::service::{Bot, START_MS, bot, line, replies_text, service_on};
use crate::support::{PostRecorder, at};
use kibitz::bot::schedule::POST_LEASE_MS;
use kibitz::{Body, Platform};
use std::sync::atomic::Ordering;

const DAY_MS: i64 = 86_400_000;
const MINUTE_MS: i64 = 60_000;

/// Solves today's daily for `speaker` in `room`, pausing `pause_ms` before the last piece;
/// returns the reply to the last piece.
async fn solve_daily(bot: &Bot, speaker: &str, pause_ms: i64) -> String {
    solve_daily_on(bot, Platform::Console, speaker, pause_ms).await
}

/// As [`solve_daily`], on `platform`.
async fn solve_daily_on(bot: &Bot, platform: Platform, speaker: &str, pause_ms: i64) -> String {
    let reply = replies_text(&bot.say_on(platform, speaker, "daily").await);
    assert!(reply.contains("AMBIT daily #"), "{reply}");
    let store = bot.service.store();
    let user = store
        .user_by_handle(platform, speaker)
        .await
        .unwrap()
        .unwrap();
    let chat = store
        .upsert_chat(platform, "room", None, None, at(0))
        .await
        .unwrap();
    let attempt = store.open_attempts(user.id, chat).await.unwrap().remove(0);
    let pieces: Vec<&str> = attempt.solution.split_whitespace().collect();
    let mut last = String::new();
    for (i, piece) in pieces.iter().enumerate() {
        if i + 1 == pieces.len() {
            bot.clock.fetch_add(pause_ms, Ordering::SeqCst);
        }
        last = replies_text(&bot.say_on(platform, speaker, piece).await);
        if i + 1 == pieces.len() {
            assert!(last.contains("Solved! You keep 3 of 3"), "{last}");
        }
    }
    last
}

/// Seconds of an `m:ss` or `h:mm:ss` time.
fn seconds(time: &str) -> u32 {
    time.split(':')
        .map(|part| {
            part.parse::<u32>()
                .unwrap_or_else(|_| panic!("a time: {time}"))
        })
        .fold(0, |total, part| total * 60 + part)
}

/// The time in a share line `AMBIT #333 ★★★ 0:07 · 3 pieces`.
fn share_time(reply: &str) -> u32 {
    let line = reply
        .lines()
        .find(|l| l.starts_with("AMBIT #"))
        .unwrap_or_else(|| panic!("a share line: {reply}"));
    let time = line.split_whitespace().nth(3).unwrap_or_default();
    seconds(time)
}

#[tokio::test]
async fn the_leaderboards_time_adds_up_the_share_lines() {
    let bot = bot().await;
    // Two days solved in some seconds and six tenths each: cut once each, the tenths add up
    // to no second of their own.
    let first = share_time(&solve_daily(&bot, "alice", 600).await);
    bot.set_time(START_MS + DAY_MS);
    let second = share_time(&solve_daily(&bot, "alice", 600).await);
    let board = bot.text("carol", "leaderboard all").await;
    let row = board
        .lines()
        .find(|l| l.split_whitespace().nth(1) == Some("alice"))
        .unwrap_or_else(|| panic!("alice's row: {board}"));
    let total = row
        .split_whitespace()
        .find(|cell| cell.contains(':'))
        .unwrap_or_else(|| panic!("a time: {row}"));
    assert_eq!(seconds(total), first + second, "{board}");
    // The best time in `stats` is a share line's too.
    let stats = bot.text("alice", "stats").await;
    let best = first.min(second);
    assert!(
        stats.contains(&format!("best time {}:{:02}", best / 60, best % 60)),
        "{stats}"
    );
}

/// The rows of a leaderboard reply that hold `name`, in order of appearance.
fn rank_of(reply: &str, name: &str) -> Option<usize> {
    reply
        .lines()
        .filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .position(|l| l.split_whitespace().nth(1) == Some(name))
}

#[tokio::test]
async fn streaks_are_kept_and_broken_and_equal_stars_rank_by_time() {
    let bot = bot().await;
    // Day 1, Sunday 2026-11-29: both solve; bob is two minutes slower.
    solve_daily(&bot, "alice", 0).await;
    solve_daily(&bot, "bob", 2 * MINUTE_MS).await;
    let board = bot.text("carol", "leaderboard all").await;
    assert!(
        board.contains("AMBIT daily leaderboard, all time"),
        "{board}"
    );
    assert_eq!(rank_of(&board, "alice"), Some(0), "{board}");
    assert_eq!(rank_of(&board, "bob"), Some(1), "{board}");
    // Day 2: only alice. Day 3: both again.
    bot.set_time(START_MS + DAY_MS);
    solve_daily(&bot, "alice", 0).await;
    bot.set_time(START_MS + 2 * DAY_MS);
    solve_daily(&bot, "bob", 0).await;
    solve_daily(&bot, "alice", 5 * MINUTE_MS).await;
    let alice = bot.text("alice", "stats").await;
    assert!(alice.contains("3 of 3 solved (100%), 9 stars"), "{alice}");
    assert!(alice.contains("streak 3 (longest 3)"), "{alice}");
    let bob = bot.text("alice", "stats @bob").await;
    assert!(bob.contains("2 of 2 solved"), "{bob}");
    assert!(bob.contains("streak 1 (longest 1)"), "{bob}");
    // More stars first: alice has 9 over all time, bob 6.
    let all = bot.text("carol", "leaderboard all").await;
    assert_eq!(rank_of(&all, "alice"), Some(0), "{all}");
    // This week began on Monday (day 2): alice 6 stars, bob 3.
    let week = bot.text("carol", "leaderboard").await;
    assert!(week.contains("this week"), "{week}");
    assert!(week.contains("2/2"), "{week}");
    assert!(week.contains("1/1"), "{week}");
    // Day 5: nobody played day 4; alice's current streak is gone, her longest stays.
    bot.set_time(START_MS + 4 * DAY_MS);
    let alice = bot.text("alice", "stats").await;
    assert!(alice.contains("streak 0 (longest 3)"), "{alice}");
    let unknown = bot.text("alice", "leaderboard chess960").await;
    assert!(unknown.contains("\"chess960\" is not a game"), "{unknown}");
}

#[tokio::test]
async fn a_finished_game_updates_the_ratings_and_forgetting_a_player_clears_the_boards() {
    let bot = bot().await;
    bot.text("alice", "challenge @bob glacier").await;
    bot.text("bob", "accept").await;
    let empty = bot.text("carol", "leaderboard glacier").await;
    assert!(empty.contains("Nobody yet"), "{empty}");
    let reply = bot.text("alice", "resign").await;
    assert!(reply.contains("resigns"), "{reply}");
    let board = bot.text("carol", "leaderboard glacier").await;
    assert!(board.contains("Glacier Chess ratings, all time"), "{board}");
    assert!(board.contains("1662?"), "{board}");
    assert!(board.contains("1338?"), "{board}");
    assert!(
        board.contains("1-0-0") && board.contains("0-0-1"),
        "{board}"
    );
    assert_eq!(rank_of(&board, "bob"), Some(0), "{board}");
    let stats = bot.text("bob", "stats").await;
    assert!(
        stats.contains("rating 1662? (±290), 1 win, 0 draws, 0 losses"),
        "{stats}"
    );
    // A second game: alice starts one and then forgets herself mid-game.
    solve_daily(&bot, "alice", 0).await;
    bot.text("alice", "challenge @bob knight-fight").await;
    bot.text("bob", "accept").await;
    let ask = bot.say("alice", "forgetme").await;
    assert!(ask[0].private, "the question is for alice alone");
    assert_eq!(ask[0].buttons[0].command, "forgetme confirm");
    let Body::Text(question) = &ask[0].body else {
        panic!("text");
    };
    assert!(
        question.contains("Your open game or challenge ends first"),
        "{question}"
    );
    let done = bot.text("alice", "forgetme confirm").await;
    assert!(done.contains("forgotten you"), "{done}");
    let glacier = bot.text("carol", "leaderboard glacier").await;
    assert!(!glacier.contains("alice"), "{glacier}");
    assert!(glacier.contains("bob"), "{glacier}");
    // bob's Knight Fight game ended as alice's resignation, and was rated.
    let kf = bot.text("carol", "leaderboard knight-fight").await;
    assert!(kf.contains("bob") && kf.contains("1-0-0"), "{kf}");
    assert!(!kf.contains("alice"), "{kf}");
    let ambit = bot.text("carol", "leaderboard all").await;
    assert!(ambit.contains("Nobody yet"), "{ambit}");
    let games = bot.text("bob", "games").await;
    assert!(!games.contains("alice"), "{games}");
}

#[tokio::test]
async fn leaderboards_page_beyond_the_top_ten() {
    let bot = bot().await;
    for i in 0..12 {
        solve_daily(&bot, &format!("p{i:02}"), i64::from(i) * MINUTE_MS).await;
    }
    let first = bot.say("carol", "leaderboard all").await;
    let Body::Text(text) = &first[0].body else {
        panic!("text");
    };
    assert!(text.contains("Page 1 of 2"), "{text}");
    assert!(text.contains("p09") && !text.contains("p10"), "{text}");
    assert_eq!(first[0].buttons.len(), 1);
    assert_eq!(first[0].buttons[0].command, "leaderboard ambit all 2");
    let second = bot.text("carol", "leaderboard ambit all 2").await;
    assert!(second.contains("p10") && second.contains("p11"), "{second}");
    assert!(second.contains("Page 2 of 2"), "{second}");
    // Where tables read better as pictures, the same pages come as pictures: one taller than
    // the other by the eight rows it has more, the page's leaders named in the caption.
    let mut picture_pages = Vec::new();
    for i in 0..12 {
        let speaker = format!("p{i:02}");
        solve_daily_on(&bot, Platform::Discord, &speaker, i64::from(i) * MINUTE_MS).await;
    }
    for page in ["1", "2"] {
        let command = format!("leaderboard ambit all {page}");
        let mut replies = bot.say_on(Platform::Discord, "carol", &command).await;
        assert_eq!(replies.len(), 1);
        let reply = replies.remove(0);
        let Body::Image { png, caption } = reply.body else {
            panic!("page {page}: a picture, got {:?}", reply.body);
        };
        let picture = image::load_from_memory_with_format(&png, image::ImageFormat::Png).unwrap();
        picture_pages.push((picture.height(), caption, reply.buttons));
    }
    let (first_height, first_caption, first_buttons) = &picture_pages[0];
    let (second_height, second_caption, second_buttons) = &picture_pages[1];
    assert!(
        first_caption.contains("1 p00 · 2 p01 · 3 p02"),
        "{first_caption}"
    );
    assert!(first_caption.contains("Page 1 of 2"), "{first_caption}");
    assert!(
        second_caption.contains("11 p10 · 12 p11"),
        "{second_caption}"
    );
    let row = (first_height - second_height) / 8;
    assert_eq!(first_height - second_height, 8 * row);
    assert!(row >= 30, "a row of {row} px");
    assert_eq!(first_buttons[0].command, "leaderboard ambit all 2");
    assert_eq!(second_buttons[0].command, "leaderboard ambit all 1");
}

#[tokio::test]
async fn the_daily_is_posted_once_per_channel_and_day_through_restarts_and_races() {
    let bot = bot().await;
    let poster = PostRecorder::default();
    let mut stranger = line("room", "dave", "settings daily on");
    stranger.admin = false;
    let refused = bot.service.handle(&stranger).await;
    let Body::Text(refusal) = &refused[0].body else {
        panic!("text");
    };
    assert!(refusal.contains("Only the chat's admins"), "{refusal}");
    let set = bot.text("alice", "settings daily 09:30 hard").await;
    assert!(set.contains("every day at 09:30 UTC (hard)"), "{set}");
    let shown = bot.text("dave", "settings").await;
    assert!(shown.contains("09:30 UTC (hard)"), "{shown}");
    let bad = bot.text("alice", "settings daily 25:00").await;
    assert!(bad.contains("\"25:00\" is not on, off"), "{bad}");
    // 09:00: not due yet.
    let round = bot
        .service
        .post_due_dailies(Platform::Console, "one", &poster)
        .await
        .unwrap();
    assert!(round.posted.is_empty());
    // 09:31: posted, once.
    bot.set_time(START_MS + 31 * MINUTE_MS);
    for _ in 0..3 {
        bot.service
            .post_due_dailies(Platform::Console, "one", &poster)
            .await
            .unwrap();
    }
    assert_eq!(poster.count(), 1);
    let caption = poster.caption(0);
    assert!(
        caption.contains("AMBIT daily #333 is out (hard)"),
        "{caption}"
    );
    assert!(
        caption.contains("Nobody here played yesterday's #332"),
        "{caption}"
    );
    assert_eq!(
        poster.posts.lock().unwrap()[0].1[0].buttons[0].command,
        "daily"
    );
    // The daily a member opens in that channel is the channel's level.
    let daily = bot.text("alice", "daily").await;
    assert!(daily.contains("(hard)"), "{daily}");
    // A restart after the post: the new process does not post again.
    let restarted = service_on(&bot.url, bot.clock.clone()).await;
    restarted
        .post_due_dailies(Platform::Console, "two", &poster)
        .await
        .unwrap();
    assert_eq!(poster.count(), 1);
    // A restart during a post: "dead" claimed the next day's post and died before sending.
    let store = bot.service.store();
    let room = store
        .upsert_chat(Platform::Console, "room", None, None, at(0))
        .await
        .unwrap();
    let next_day = START_MS + DAY_MS + 31 * MINUTE_MS;
    bot.set_time(next_day);
    store
        .claim_post(
            room,
            kibitz::store::DailyPuzzle::Ambit,
            "2026-11-30",
            "dead",
            at(next_day),
            at(next_day + POST_LEASE_MS),
        )
        .await
        .unwrap();
    restarted
        .post_due_dailies(Platform::Console, "two", &poster)
        .await
        .unwrap();
    assert_eq!(poster.count(), 1, "the dead holder's lease still runs");
    bot.set_time(next_day + POST_LEASE_MS + MINUTE_MS);
    restarted
        .post_due_dailies(Platform::Console, "two", &poster)
        .await
        .unwrap();
    assert_eq!(poster.count(), 2, "taken over once the lease ran out");
    let caption = poster.caption(1);
    assert!(
        caption.contains("Yesterday's #333: 0 of 1 solved"),
        "{caption}"
    );
    let hidden = poster.spoilers(1);
    assert_eq!(hidden.len(), 1, "{caption}");
    assert!(
        caption.contains(&format!("Yesterday's solution: {}", hidden[0])),
        "{caption}"
    );
    // A restart before a post (down all morning): the missed post goes out once on start.
    // START_MS is 09:00: this is 15:00 on day 3.
    bot.set_time(START_MS + 2 * DAY_MS + 6 * 60 * MINUTE_MS);
    let late = service_on(&bot.url, bot.clock.clone()).await;
    late.post_due_dailies(Platform::Console, "three", &poster)
        .await
        .unwrap();
    late.post_due_dailies(Platform::Console, "three", &poster)
        .await
        .unwrap();
    assert_eq!(poster.count(), 3);
    // Two schedulers on one database racing for a new channel's post: one post.
    let mut hall = line("hall", "alice", "settings daily 00:00 easy");
    hall.admin = true;
    bot.service.handle(&hall).await;
    let first = service_on(&bot.url, bot.clock.clone()).await;
    let second = service_on(&bot.url, bot.clock.clone()).await;
    let (a, b) = tokio::join!(
        first.post_due_dailies(Platform::Console, "first", &poster),
        second.post_due_dailies(Platform::Console, "second", &poster),
    );
    assert_eq!(a.unwrap().posted.len() + b.unwrap().posted.len(), 1);
    assert_eq!(poster.count(), 4);
    assert_eq!(poster.posts.lock().unwrap()[3].0, "hall");
    // A platform failure: nothing counted as posted, and the next round posts once.
    bot.set_time(START_MS + 3 * DAY_MS + 10 * MINUTE_MS);
    poster.failing.store(true, Ordering::SeqCst);
    let failed = bot
        .service
        .post_due_dailies(Platform::Console, "one", &poster)
        .await
        .unwrap();
    assert_eq!(failed.failed, vec!["hall".to_string()]);
    poster.failing.store(false, Ordering::SeqCst);
    bot.service
        .post_due_dailies(Platform::Console, "one", &poster)
        .await
        .unwrap();
    bot.service
        .post_due_dailies(Platform::Console, "one", &poster)
        .await
        .unwrap();
    assert_eq!(poster.count(), 5);
    // Turned off: no more posts.
    let off = bot.text("alice", "settings daily off").await;
    assert!(off.contains("not posted here"), "{off}");
    bot.set_time(START_MS + 4 * DAY_MS + 3 * 60 * MINUTE_MS);
    bot.service
        .post_due_dailies(Platform::Console, "one", &poster)
        .await
        .unwrap();
    let posted_to: Vec<String> = poster
        .posts
        .lock()
        .unwrap()
        .iter()
        .map(|p| p.0.clone())
        .collect();
    assert_eq!(posted_to, ["room", "room", "room", "hall", "hall", "hall"]);
}

/// Two processes on one SQLite file: the other one holds the database when a game ends, so
/// the rating fails after the game is saved. The running process rates it on a later
/// scheduler round, without a restart. (The other process's lock is stood in for by a
/// trigger that refuses rating writes with SQLite's "database is locked", so the failure
/// falls exactly between the game's save and its rating.)
#[tokio::test]
async fn a_rating_refused_by_a_locked_database_lands_without_a_restart() {
    let bot = bot().await;
    if !bot.url.starts_with("sqlite:") {
        return; // The stand-in lock is SQLite's.
    }
    // This process runs: its scheduler has made its start-up round (`catch_up`, with
    // nothing to rate) by the time the game below ends.
    let (stop, shutdown) = tokio::sync::watch::channel(false);
    let scheduler = {
        let service = bot.service.clone();
        tokio::spawn(async move {
            kibitz::bot::schedule::run_scheduler(
                &service,
                Platform::Console,
                "this-process".to_string(),
                PostRecorder::default(),
                std::time::Duration::from_millis(20),
                shutdown,
            )
            .await;
        })
    };
    bot.text("alice", "challenge @bob glacier").await;
    bot.text("bob", "accept").await;
    let other = sqlx::sqlite::SqlitePoolOptions::new()
        .max_connections(1)
        .connect(&bot.url)
        .await
        .unwrap();
    for event in ["INSERT", "UPDATE"] {
        sqlx::query(&format!(
            "CREATE TRIGGER locked_{event} BEFORE {event} ON ratings \
             BEGIN SELECT RAISE(ABORT, 'database is locked'); END"
        ))
        .execute(&other)
        .await
        .unwrap();
    }
    let reply = bot.text("alice", "resign").await;
    assert!(
        reply.contains("resigns"),
        "the game ends all the same: {reply}"
    );
    let unrated = bot.text("carol", "leaderboard glacier").await;
    assert!(unrated.contains("Nobody yet"), "{unrated}");
    // The other process lets go; the scheduler of this one retries on its next round.
    for event in ["INSERT", "UPDATE"] {
        sqlx::query(&format!("DROP TRIGGER locked_{event}"))
            .execute(&other)
            .await
            .unwrap();
    }
    let mut board = String::new();
    for _ in 0..500 {
        board = bot.text("carol", "leaderboard glacier").await;
        if !board.contains("Nobody yet") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    stop.send(true).unwrap();
    scheduler.await.unwrap();
    assert!(
        board.contains("1662?") && board.contains("1338?"),
        "{board}"
    );
}

/// A period's table counts the games finished in it, from the per-day results kept when each
/// game is rated: Sunday's game is in the month but not in the week that began on Monday.
#[tokio::test]
async fn a_weeks_game_table_counts_only_the_games_finished_that_week() {
    let bot = bot().await;
    // Sunday 2026-11-29: bob wins.
    bot.text("alice", "challenge @bob glacier").await;
    bot.text("bob", "accept").await;
    bot.text("alice", "resign").await;
    // Monday 2026-11-30, a new week: alice wins twice.
    bot.clock.fetch_add(DAY_MS, Ordering::SeqCst);
    for _ in 0..2 {
        bot.text("alice", "challenge @bob glacier").await;
        bot.text("bob", "accept").await;
        bot.text("bob", "resign").await;
    }
    let week = bot.text("carol", "leaderboard glacier week").await;
    let row = |board: &str, name: &str| {
        board
            .lines()
            .find(|l| l.split_whitespace().nth(1) == Some(name))
            .map(str::to_string)
            .unwrap_or_default()
    };
    assert!(row(&week, "alice").contains("2-0-0"), "{week}");
    assert!(row(&week, "bob").contains("0-0-2"), "{week}");
    let month = bot.text("carol", "leaderboard glacier month").await;
    assert!(row(&month, "alice").contains("2-0-1"), "{month}");
    assert!(row(&month, "bob").contains("1-0-2"), "{month}");
    let all = bot.text("carol", "leaderboard glacier all").await;
    assert!(row(&all, "alice").contains("2-0-1"), "{all}");
}
