//! Tournaments from sign-up to podium: a Swiss through the service with its rounds paired by
//! the worker's rounds (byes, a latecomer, a withdrawal, a loss on time), the same round
//! asked of two processes at once, and a round robin typed into the console binary.

use crate::service::{Bot, bot, service_on};
use crate::support::{Posted, run_console};
use kibitz::Platform;
use kibitz::store::{BoardRecord, TournamentId, TournamentState};
use std::collections::{HashMap, HashSet};

const DAY_MS: i64 = 86_400_000;

async fn boards(bot: &Bot) -> Vec<BoardRecord> {
    bot.service
        .store()
        .tournament_boards(TournamentId(1))
        .await
        .unwrap()
}

async fn advance(bot: &Bot, posted: &Posted) -> usize {
    bot.service
        .advance_tournaments(Platform::Console, "test", posted)
        .await
        .unwrap()
}

/// The names of users by id, as the store has them.
async fn names(bot: &Bot) -> HashMap<i64, String> {
    let entries = bot
        .service
        .store()
        .tournament_entries(TournamentId(1), 200)
        .await
        .unwrap();
    entries
        .into_iter()
        .map(|entry| (entry.user_id, entry.display_name))
        .collect()
}

#[tokio::test]
async fn a_swiss_runs_from_sign_up_to_podium_with_byes_a_latecomer_a_withdrawal_and_a_loss_on_time()
{
    let bot = bot().await;
    let posted = Posted::default();
    let reply = bot
        .text(
            "p1",
            "tournament create knight-fight swiss rounds:4 time:1d Night Cup",
        )
        .await;
    assert!(reply.contains("Tournament #1 “Night Cup”"), "{reply}");
    assert!(reply.contains("Swiss of 4 rounds"), "{reply}");
    let reply = bot.text("p1", "tournament start").await;
    assert!(reply.contains("at least 2 players"), "{reply}");
    for player in ["p1", "p2", "p3", "p4", "p5", "p6"] {
        let reply = bot.text(player, "tournament join").await;
        assert!(reply.contains("joined tournament #1"), "{reply}");
    }
    let reply = bot.text("p2", "tournament join").await;
    assert!(reply.contains("already"), "{reply}");
    assert_eq!(
        advance(&bot, &posted).await,
        0,
        "nothing to pair before the start"
    );
    let reply = bot.text("p1", "tournament start").await;
    assert!(reply.contains("has begun: 6 players, 4 rounds"), "{reply}");
    let reply = bot.text("p1", "tournament start").await;
    assert!(reply.contains("cannot be started again"), "{reply}");

    let mut timed_out = None;
    for round in 1..=4u32 {
        assert!(advance(&bot, &posted).await >= 1, "round {round} is paired");
        let post = posted.captions().pop().unwrap();
        assert!(
            post.contains(&format!("round {round} of 4")),
            "round {round}: {post}"
        );
        if round == 1 {
            // A latecomer joins during the first round: paired from the second.
            let reply = bot.text("p7", "tournament join").await;
            assert!(reply.contains("late"), "{reply}");
        }
        let names = names(&bot).await;
        let this_round: Vec<BoardRecord> = boards(&bot)
            .await
            .into_iter()
            .filter(|board| board.round == round)
            .collect();
        for board in &this_round {
            let (Some(black), Some(game)) = (board.black_id, board.game_id) else {
                continue;
            };
            let (white, black) = (&names[&board.white_id], &names[&black]);
            if round == 3 && board.board == 1 {
                timed_out = Some((game, white.clone()));
                continue;
            }
            if board.board % 2 == 0 {
                bot.text(white, &format!("draw #{game}")).await;
                let reply = bot.text(black, &format!("draw #{game}")).await;
                assert!(reply.contains("draw"), "{reply}");
            } else {
                let reply = bot.text(black, &format!("resign confirm #{game}")).await;
                assert!(reply.contains("resigns"), "{reply}");
            }
        }
        if round == 2 {
            let reply = bot.text("p3", "tournament leave").await;
            assert!(reply.contains("withdrew"), "{reply}");
        }
        if round == 3 {
            // White of board 1 is to move and never does: two days later the flag falls.
            let now = bot.clock.load(std::sync::atomic::Ordering::SeqCst);
            bot.set_time(now + 2 * DAY_MS);
            let handled = bot
                .service
                .handle_due_clocks(Platform::Console, "test", &posted)
                .await
                .unwrap();
            assert!(handled >= 1);
            let (game, _) = timed_out.clone().unwrap();
            let lost = bot.service.store().game(game).await.unwrap().unwrap();
            assert_eq!(
                lost.result.map(|r| r.winner),
                Some(Some(kibitz::Side::Black))
            );
        }
    }
    // The last round over: the podium, posted once.
    assert!(advance(&bot, &posted).await >= 1);
    let podium = posted.captions().pop().unwrap();
    assert!(
        podium.contains("Night Cup (#1) is over. The winner:"),
        "{podium}"
    );
    assert_eq!(advance(&bot, &posted).await, 0, "nothing is posted twice");
    let tournament = bot
        .service
        .store()
        .tournament(TournamentId(1))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(tournament.state, TournamentState::Finished);

    // The pairing rules held over the whole tournament.
    let all = boards(&bot).await;
    let names = names(&bot).await;
    let id_of = |name: &str| *names.iter().find(|(_, n)| *n == name).unwrap().0;
    let mut met = HashSet::new();
    let mut byes: HashMap<i64, u32> = HashMap::new();
    for board in &all {
        match board.black_id {
            Some(black) => {
                let pair = (board.white_id.min(black), board.white_id.max(black));
                assert!(met.insert(pair), "a rematch: {board:?}");
            }
            None => *byes.entry(board.white_id).or_default() += 1,
        }
    }
    assert!(byes.values().all(|&count| count == 1), "{byes:?}");
    assert!(!byes.is_empty(), "an odd field had byes");
    let in_round = |round: u32, player: i64| {
        all.iter()
            .any(|b| b.round == round && (b.white_id == player || b.black_id == Some(player)))
    };
    assert!(!in_round(1, id_of("p7")) && in_round(2, id_of("p7")));
    assert!(in_round(2, id_of("p3")) && !in_round(3, id_of("p3")) && !in_round(4, id_of("p3")));

    // The standings, as text and picture; the withdrawn player is marked.
    let replies = bot.say("p2", "tournament standings").await;
    let kibitz::Body::Image { caption, png, .. } = &replies[0].body else {
        panic!("the standings are a picture");
    };
    assert!(
        caption.contains("final standings") || caption.contains("finished"),
        "{caption}"
    );
    assert!(caption.contains("p3 (withdrew)"), "{caption}");
    assert!(png.starts_with(b"\x89PNG"));
    let listing = bot.text("p5", "tournaments").await;
    assert!(listing.contains("#1 Night Cup — Knight Fight"), "{listing}");
    assert!(listing.contains("finished"), "{listing}");
}

#[tokio::test]
async fn refusals_change_nothing_and_a_tournament_game_cannot_be_aborted() {
    let bot = bot().await;
    let posted = Posted::default();
    for (line, expected) in [
        ("tournament join", "no tournament here"),
        ("tournament create chess960", "no game for a tournament"),
        ("tournament create glacier rounds:99", "1 to 15 rounds"),
        ("tournament create glacier rr rounds:3", "leave out rounds:"),
        ("tournament create glacier time:none", "need a clock"),
        ("tournament dance", "tournament [create <game>"),
        ("tournament #7", "no tournament #7"),
    ] {
        let reply = bot.text("alice", line).await;
        assert!(reply.contains(expected), "{line}: {reply}");
    }
    assert!(
        bot.service
            .store()
            .tournament(TournamentId(1))
            .await
            .unwrap()
            .is_none()
    );
    bot.text("alice", "tournament create glacier rr").await;
    bot.text("alice", "tournament join").await;
    bot.text("bob", "tournament join").await;
    bot.text("alice", "tournament start").await;
    assert!(advance(&bot, &posted).await >= 1);
    let reply = bot.text("bob", "abort #1").await;
    assert!(reply.contains("cannot be aborted"), "{reply}");
    let reply = bot.text("carol", "tournament join").await;
    assert!(reply.contains("has begun"), "{reply}");
    assert_eq!(boards(&bot).await.len(), 1);
}

/// Two processes on one database look at a round at once: it is paired once and posted
/// once.
#[tokio::test]
async fn two_processes_pair_and_post_a_round_exactly_once() {
    let bot = bot().await;
    bot.text("p1", "tournament create knight-fight swiss rounds:3")
        .await;
    for player in ["p1", "p2", "p3", "p4", "p5"] {
        bot.text(player, "tournament join").await;
    }
    bot.text("p1", "tournament start").await;
    let other = service_on(&bot.url, bot.clock.clone()).await;
    let (first, second) = (Posted::default(), Posted::default());
    for _ in 0..3 {
        let (a, b) = tokio::join!(
            bot.service
                .advance_tournaments(Platform::Console, "one", &first),
            other.advance_tournaments(Platform::Console, "two", &second),
        );
        a.unwrap();
        b.unwrap();
    }
    let round_one = boards(&bot).await;
    assert_eq!(round_one.len(), 3, "two games and a bye: {round_one:?}");
    let posts = first.captions().len() + second.captions().len();
    assert_eq!(posts, 1, "{:?} {:?}", first.captions(), second.captions());
}

/// The console, as a player types: a round robin of four, every game drawn by agreement,
/// from creation to podium.
#[test]
fn a_round_robin_is_played_through_in_the_console() {
    let dir = tempfile::tempdir().unwrap();
    let mut script = String::from("@ann tournament create glacier rr time:1d Club Robin\n");
    for player in ["ann", "ben", "cat", "dan"] {
        script.push_str(&format!("@{player} tournament join\n"));
    }
    script.push_str("@ann tournament start\n");
    for _round in 0..3 {
        // Each offers a draw in their one game; the second of each pair accepts it.
        for player in ["ann", "ben", "cat", "dan"] {
            script.push_str(&format!("@{player} draw\n"));
        }
    }
    script.push_str("@ben tournament #1\n");
    let out = run_console(&dir.path().join("k.db"), &dir.path().join("img"), &script);
    for round in 1..=3 {
        assert!(
            out.contains(&format!("Club Robin (#1), round {round} of 3:")),
            "{out}"
        );
    }
    assert!(
        out.contains("Club Robin (#1) is over. First place is shared, equal on every tie-break: ann, ben, cat, dan!"),
        "{out}"
    );
    // Every game drawn: everyone has 1½ points.
    for player in ["ann", "ben", "cat", "dan"] {
        assert!(
            out.lines()
                .any(|line| line.contains(&format!(". {player} 1½ "))),
            "{player}: {out}"
        );
    }
}
