//! AMBIT through the service: practice, the daily (one attempt, private, share line), bare
//! placements, lives and giving up.

use crate::service::{Bot, bot, line, replies_text, service_on};
use crate::support::at;
use kibitz::games::ambit::{
    DailySecret, Date, daily_level, daily_puzzle, notation, secret_daily_puzzle,
};
use kibitz::{Body, Store};

/// The deployment's daily secret as stored (none is made here: the candidate is refused).
async fn stored_secret(store: &Store) -> DailySecret {
    let text = store
        .deployment_secret("daily", "none", at(0))
        .await
        .unwrap();
    DailySecret::from_hex(&text).expect("a secret was made")
}

/// `speaker`'s open puzzle in the room.
async fn open_attempt(bot: &Bot, speaker: &str) -> kibitz::store::AttemptRecord {
    let store = bot.service.store();
    let user = store
        .user_by_handle(kibitz::Platform::Console, speaker)
        .await
        .unwrap()
        .expect("the speaker is known");
    let chat = store
        .upsert_chat(kibitz::Platform::Console, "room", None, None, at(0))
        .await
        .unwrap();
    let attempts = store.open_attempts(user.id, chat).await.unwrap();
    attempts.into_iter().next().expect("an open puzzle")
}

/// The solution stored with `speaker`'s open puzzle.
async fn open_solution(bot: &Bot, speaker: &str) -> Vec<String> {
    open_attempt(bot, speaker)
        .await
        .solution
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

#[tokio::test]
async fn a_practice_puzzle_is_solved_with_bare_placements() {
    let bot = bot().await;
    let reply = bot.text("alice", "ambit easy").await;
    assert!(reply.contains("[picture]"), "{reply}");
    assert!(reply.contains("A new AMBIT puzzle (easy)"), "{reply}");
    assert!(reply.contains("Lives: ★★★"), "{reply}");
    let solution = open_solution(&bot, "alice").await;
    assert!(!solution.is_empty());
    for (i, placement) in solution.iter().enumerate() {
        let reply = bot.text("alice", placement).await;
        if i + 1 < solution.len() {
            assert!(reply.contains(&format!("{placement} placed")), "{reply}");
        } else {
            assert!(reply.contains("Solved! You keep 3 of 3 stars"), "{reply}");
        }
    }
    let reply = bot.text("alice", "place Ka1").await;
    assert!(reply.contains("no AMBIT puzzle open"), "{reply}");
}

#[tokio::test]
async fn a_piece_reaching_outside_costs_a_life_and_three_end_the_puzzle() {
    let bot = bot().await;
    bot.text("bob", "ambit").await;
    let solution = open_solution(&bot, "bob").await;
    // A queen in a corner reaches 21 squares; an easy footprint never holds them all.
    let mut lives_lost = 0;
    for square in ["a1", "h8", "a8", "h1"] {
        let reply = bot.text("bob", &format!("place Q{square}")).await;
        if reply.contains("you lost a life") {
            lives_lost += 1;
            if lives_lost == 3 {
                assert!(reply.contains("Game over"), "{reply}");
                assert!(
                    reply.contains("A solution with the fewest pieces"),
                    "{reply}"
                );
                assert!(reply.contains(&solution.join(" ")), "{reply}");
                break;
            }
        }
    }
    assert_eq!(lives_lost, 3);
    let reply = bot.text("bob", "Ka1").await;
    assert!(reply.contains("There is no command"), "{reply}");
}

#[tokio::test]
async fn the_daily_is_one_puzzle_for_everyone_once_each_and_kept_private() {
    let bot = bot().await;
    let replies = bot.say("alice", "daily").await;
    assert!(replies[0].private, "daily replies stay out of the channel");
    let Body::Image { caption, .. } = &replies[0].body else {
        panic!("a picture");
    };
    assert!(caption.contains("AMBIT daily #"), "{caption}");
    // The service's clock starts at 2026-11-29 09:00 UTC (see service::bot).
    let date = Date::new(2026, 11, 29).unwrap();
    let stored = bot
        .service
        .store()
        .daily("2026-11-29", daily_level(date).name())
        .await
        .unwrap()
        .expect("stored");
    let secret = stored_secret(&bot.service.store()).await;
    assert_eq!(
        stored.footprint,
        notation::footprint_text(secret_daily_puzzle(date, daily_level(date), &secret).footprint)
    );
    bot.text("carol", "daily").await;
    let solution = open_solution(&bot, "carol").await;
    let mut last = String::new();
    for placement in &solution {
        last = bot.text("carol", &format!("place {placement}")).await;
    }
    assert!(last.contains("Solved!"), "{last}");
    let share = last
        .lines()
        .find(|l| l.starts_with("AMBIT #333 ★★★ "))
        .unwrap_or_else(|| panic!("a share line: {last}"));
    assert!(
        solution.iter().all(|p| !share.contains(p.as_str())),
        "the share line spoils nothing: {share}"
    );
    let again = bot.text("carol", "daily").await;
    assert!(again.contains("played today's puzzle already"), "{again}");
    assert!(again.contains("★★★"), "{again}");
    // alice's attempt is still open; giving up shows the solution.
    let reply = bot.text("alice", "giveup").await;
    assert!(reply.contains(&solution.join(" ")), "{reply}");
    let reply = bot.text("alice", "daily").await;
    assert!(reply.contains("played today's puzzle already"), "{reply}");
}

#[tokio::test]
async fn the_daily_cannot_be_made_without_the_deployment_secret_every_process_shares() {
    let bot = bot().await;
    // A second process on the same database, started together with the first.
    let other = service_on(&bot.url, bot.clock.clone()).await;
    let (alice, bob) = (line("room", "alice", "daily"), line("hall", "bob", "daily"));
    let (first, second) = tokio::join!(bot.service.handle(&alice), other.handle(&bob));
    assert!(replies_text(&first).contains("AMBIT daily #333"));
    assert!(replies_text(&second).contains("AMBIT daily #333"));
    let secret = stored_secret(&bot.service.store()).await;
    // The next day's daily is made by the second process alone, with the same secret.
    bot.set_time(crate::service::START_MS + 86_400_000);
    assert!(replies_text(&other.handle(&line("hall", "bob", "daily")).await).contains("#334"));
    for (y, m, d) in [(2026, 11, 29), (2026, 11, 30)] {
        let date = Date::new(y, m, d).unwrap();
        let level = daily_level(date);
        let stored = bot
            .service
            .store()
            .daily(&date.to_string(), level.name())
            .await
            .unwrap()
            .expect("stored");
        assert_eq!(
            stored.footprint,
            notation::footprint_text(secret_daily_puzzle(date, level, &secret).footprint),
            "{date}: the deployment's daily"
        );
        assert_ne!(
            stored.footprint,
            notation::footprint_text(daily_puzzle(date).footprint),
            "{date}: not the public daily anyone can print"
        );
    }
}

#[tokio::test]
async fn forgetting_oneself_after_the_daily_does_not_open_it_again() {
    let bot = bot().await;
    bot.text("alice", "daily").await;
    let solution = open_solution(&bot, "alice").await;
    let shown = bot.text("alice", "giveup").await;
    assert!(shown.contains(&solution.join(" ")), "{shown}");
    let done = bot.text("alice", "forgetme confirm").await;
    assert!(done.contains("forgotten you"), "{done}");
    let again = bot.text("alice", "daily").await;
    assert!(
        again.contains("before Kibitz forgot you"),
        "the day's daily stays played: {again}"
    );
    for placement in &solution {
        let reply = bot.text("alice", &format!("place {placement}")).await;
        assert!(reply.contains("no AMBIT puzzle open"), "{reply}");
    }
    let board = bot.text("carol", "leaderboard").await;
    assert!(!board.contains("★★★"), "no three stars: {board}");
    // The marker names no one else: bob plays today's daily as usual...
    let bob = bot.text("bob", "daily").await;
    assert!(bob.contains("AMBIT daily #333"), "{bob}");
    // ...and alice plays tomorrow's.
    bot.set_time(crate::service::START_MS + 86_400_000);
    let tomorrow = bot.text("alice", "daily").await;
    assert!(tomorrow.contains("AMBIT daily #334"), "{tomorrow}");
}

/// The commands of a reply's buttons.
fn commands(reply: &kibitz::Outgoing) -> Vec<&str> {
    reply.buttons.iter().map(|b| b.command.as_str()).collect()
}

#[tokio::test]
async fn a_puzzle_that_is_over_carries_no_rack() {
    let bot = bot().await;
    let open = bot.say("alice", "ambit").await;
    assert_eq!(commands(&open[0]).len(), 5, "an open puzzle has its rack");
    assert!(commands(&open[0]).contains(&"place N"));
    let given_up = bot.say("alice", "giveup").await;
    assert!(
        given_up[0].buttons.is_empty(),
        "{:?}",
        commands(&given_up[0])
    );
    let text = replies_text(&given_up);
    assert!(text.contains("Puzzle ended"), "{text}");
    // Given up, the lives left are no stars earned: the reply counts none.
    assert!(!text.contains("★"), "{text}");
    let pressed = bot.text("alice", "place N").await;
    assert!(pressed.contains("no AMBIT puzzle open"), "{pressed}");

    // A daily given up, and shown again: no rack either time.
    bot.say("bob", "daily").await;
    let given_up = bot.say("bob", "giveup").await;
    assert!(
        given_up[0].buttons.is_empty(),
        "{:?}",
        commands(&given_up[0])
    );
    assert!(!replies_text(&given_up).contains("★"));
    let again = bot.say("bob", "daily").await;
    let text = replies_text(&again);
    assert!(text.contains("played today's puzzle already"), "{text}");
    assert!(again[0].buttons.is_empty(), "{:?}", commands(&again[0]));

    // A practice puzzle solved: none.
    bot.say("carol", "ambit").await;
    let solution = open_solution(&bot, "carol").await;
    let mut last = Vec::new();
    for placement in &solution {
        last = bot.say("carol", placement).await;
    }
    assert!(replies_text(&last).contains("Solved!"));
    assert!(last[0].buttons.is_empty(), "{:?}", commands(&last[0]));
}

/// Pixels of the title's ink in the picture header's panel between its middle and the
/// stars: where a finished daily's time stands, and nothing else.
fn time_ink(reply: &kibitz::Outgoing) -> usize {
    let Body::Image { png, .. } = &reply.body else {
        panic!("a picture");
    };
    let image = image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a PNG")
        .to_rgb8();
    let ink = kibitz::render::theme::Theme::DEFAULT.header.name;
    let (panel_top, panel_bottom) = (12, 68);
    (panel_top..panel_bottom)
        .flat_map(|y| (image.width() / 2..image.width() - 150).map(move |x| (x, y)))
        .filter(|&(x, y)| image.get_pixel(x, y).0 == [ink.0, ink.1, ink.2])
        .count()
}

#[tokio::test]
async fn a_finished_dailys_picture_tells_its_time() {
    let bot = bot().await;
    let open = bot.say("alice", "daily").await;
    assert_eq!(time_ink(&open[0]), 0, "no time while it is played");
    // 2 minutes 31.6 seconds after the board was first shown, alice gives up.
    bot.set_time(crate::service::START_MS + 151_600);
    let given_up = bot.say("alice", "giveup").await;
    let text = replies_text(&given_up);
    assert!(text.contains("AMBIT #333 ✗ 2:31 ·"), "{text}");
    let shown = time_ink(&given_up[0]);
    assert!(shown > 60, "the time in the picture: {shown} pixels");
    // Shown again later, it still took 2:31.
    bot.set_time(crate::service::START_MS + 3_600_000);
    let again = bot.say("alice", "daily").await;
    assert!(replies_text(&again).contains("✗ 2:31"));
    assert_eq!(time_ink(&again[0]), shown);
    // A practice puzzle is not timed.
    bot.say("bob", "ambit").await;
    let practice = bot.say("bob", "giveup").await;
    assert_eq!(time_ink(&practice[0]), 0);
}

/// The placement a hint reply names ("Hint: Nf3 belongs …").
fn hinted(reply: &str) -> String {
    reply
        .split("Hint: ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("a hint: {reply}"))
        .to_string()
}

/// The picture's bytes of the first reply.
fn picture(replies: &[kibitz::Outgoing]) -> Vec<u8> {
    match &replies[0].body {
        Body::Image { png, .. } => png.clone(),
        other => panic!("a picture, not {other:?}"),
    }
}

/// `speaker`'s open puzzle as the rules core reads it.
async fn open_game(bot: &Bot, speaker: &str) -> kibitz::games::ambit::Game {
    kibitz::games::ambit::Game::parse(&open_attempt(bot, speaker).await.state).unwrap()
}

#[tokio::test]
async fn hints_are_free_in_practice_and_cost_a_star_in_the_daily() {
    let bot = bot().await;
    // Practice: following every hint solves the puzzle with all three stars.
    bot.text("alice", "ambit hard").await;
    let board = picture(&bot.say("alice", "board").await);
    let replies = bot.say("alice", "hint").await;
    let reply = replies_text(&replies);
    assert!(reply.contains("shown faintly on its square"), "{reply}");
    assert!(!reply.contains("cost a star"), "{reply}");
    assert_ne!(
        picture(&replies),
        board,
        "the hinted piece is drawn on its square"
    );
    let mut placement = hinted(&reply);
    let mut hints = 1;
    loop {
        let placed = bot.text("alice", &placement).await;
        assert!(!placed.contains("outside"), "{placed}");
        if placed.contains("Solved!") {
            assert!(placed.contains("You keep 3 of 3 stars"), "{placed}");
            break;
        }
        assert!(hints < 12, "the hints never end the puzzle");
        placement = hinted(&bot.text("alice", "hint").await);
        hints += 1;
    }
    let reply = bot.text("alice", "hint").await;
    assert!(reply.contains("no AMBIT puzzle open"), "{reply}");

    // The daily: a hint costs a star, never the last; the share line shows each one.
    let daily = bot.say("bob", "daily").await;
    assert!(daily[0].private);
    let replies = bot.say("bob", "hint").await;
    assert!(replies[0].private, "a daily's hint stays private");
    let reply = replies_text(&replies);
    assert!(
        reply.contains("The hint cost a star: 2 stars left"),
        "{reply}"
    );
    bot.text("bob", &format!("place {}", hinted(&reply))).await;
    // A piece that reaches outside costs the second star; a hint would cost the last.
    let game = open_game(&bot, "bob").await;
    let outside = "KQRBN"
        .chars()
        .flat_map(|piece| {
            (0..64).map(move |i| format!("{piece}{}{}", char::from(b'a' + i % 8), i / 8 + 1))
        })
        .map(|text| notation::parse_placement(&text).unwrap())
        .find(|p| game.piece_on(p.square).is_none() && !game.footprint().allows(*p))
        .expect("a placement reaching outside");
    let lost = bot.text("bob", &format!("place {outside}")).await;
    assert!(lost.contains("Lives: ★☆☆"), "{lost}");
    let before = open_game(&bot, "bob").await;
    let reply = bot.text("bob", "hint").await;
    assert!(reply.contains("would cost your last star"), "{reply}");
    assert_eq!(
        open_game(&bot, "bob").await,
        before,
        "a refused hint changes nothing"
    );
    // Bob finishes by himself: a minimal solution holding his pieces, from the solver.
    let footprint = before.footprint();
    let minimum = kibitz::games::ambit::solve(footprint).unwrap().min_pieces;
    let rest = kibitz::games::ambit::complete(footprint, before.placements(), 0, minimum)
        .expect("the hinted pieces complete to a minimal solution");
    let mut last = String::new();
    for placement in &rest[before.placements().len()..] {
        last = bot.text("bob", &format!("place {placement}")).await;
    }
    assert!(last.contains("Solved!"), "{last}");
    let share = last
        .lines()
        .find(|l| l.starts_with("AMBIT #333 "))
        .unwrap_or_else(|| panic!("a share line: {last}"));
    assert!(share.starts_with("AMBIT #333 ★☆☆ "), "{share}");
    assert!(share.ends_with(" 💡"), "{share}");
    assert_eq!(share.matches('💡').count(), 1, "{share}");
}
