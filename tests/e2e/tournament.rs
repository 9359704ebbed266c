//! Tournaments from sign-up to podium: a Swiss through the service with its rounds paired by
//! the worker's rounds (byes, a latecomer, a withdrawal, a loss on time), the same round
//! asked of two processes at once, and a round robin typed into the console binary.

use crate::service::{Bot, bot, service_on};
use crate::support::{Posted, run_console};
use kibitz::store::{BoardRecord, TournamentId, TournamentState};
use kibitz::{Platform, Status};
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

/// A console session run in this process on `bot`'s service and clock, typed into line by
/// line.
struct TypedConsole {
    typing: tokio::io::DuplexStream,
    shown: tokio::io::DuplexStream,
    printed: String,
    session: tokio::task::JoinHandle<std::io::Result<kibitz::chat::console::ConsoleSummary>>,
    _images: tempfile::TempDir,
}

impl TypedConsole {
    async fn start(bot: &Bot) -> TypedConsole {
        let images = tempfile::tempdir().unwrap();
        let options = kibitz::chat::console::ConsoleOptions {
            image_dir: images.path().to_path_buf(),
            default_user: "player".to_string(),
        };
        let (typing, input) = tokio::io::duplex(1 << 16);
        let (output, shown) = tokio::io::duplex(1 << 24);
        let service = bot.service.clone();
        let session = tokio::spawn(async move {
            let never = tokio::sync::watch::channel(false).1;
            kibitz::chat::console::run(
                &service,
                tokio::io::BufReader::new(input),
                output,
                &options,
                never,
            )
            .await
        });
        let mut console = TypedConsole {
            typing,
            shown,
            printed: String::new(),
            session,
            _images: images,
        };
        console.wait_for("@alice help", 1).await;
        console
    }

    /// Reads what the session printed until `marker` has been printed `count` times.
    async fn wait_for(&mut self, marker: &str, count: usize) {
        use tokio::io::AsyncReadExt;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
        let mut buffer = vec![0u8; 1 << 16];
        while self.printed.matches(marker).count() < count {
            assert!(
                std::time::Instant::now() < deadline,
                "{marker:?} was not printed {count} times:\n{}",
                self.printed
            );
            if let Ok(Ok(n @ 1..)) = tokio::time::timeout(
                std::time::Duration::from_millis(100),
                self.shown.read(&mut buffer),
            )
            .await
            {
                self.printed
                    .push_str(&String::from_utf8_lossy(&buffer[..n]));
            }
        }
    }

    /// Types `line` and waits until it has been answered (and whatever the computer and the
    /// tournaments' rounds did after it): a line of `help tournament` typed after it is
    /// answered only then.
    async fn type_line(&mut self, line: &str) {
        use tokio::io::AsyncWriteExt;
        const SYNC: &str = "— this chat's tournaments";
        let synced = self.printed.matches(SYNC).count();
        let typed = format!("{line}\n@sync help tournament\n");
        self.typing.write_all(typed.as_bytes()).await.unwrap();
        self.wait_for(SYNC, synced + 1).await;
    }

    async fn end(mut self) -> String {
        use tokio::io::AsyncWriteExt;
        self.typing.shutdown().await.unwrap();
        let summary = tokio::time::timeout(std::time::Duration::from_secs(30), self.session)
            .await
            .expect("the end of the input ends the session")
            .unwrap()
            .unwrap();
        assert!(!summary.stopped);
        self.printed
    }
}

/// The console run: a five-round Swiss of nine, three of them the computer at
/// different levels, from creation to podium, with byes, a withdrawal and a game lost on
/// time. Games between two computer players play themselves between lines.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_nine_with_the_computer_runs_in_the_console_to_its_podium() {
    let bot = bot().await;
    let mut console = TypedConsole::start(&bot).await;
    console
        .type_line("@h1 tournament create kf swiss rounds:5 time:1d Club Swiss")
        .await;
    for human in ["h1", "h2", "h3", "h4", "h5", "h6"] {
        console
            .type_line(&format!("@{human} tournament join"))
            .await;
    }
    for level in [1, 2, 3] {
        console
            .type_line(&format!("@h1 tournament add computer level:{level}"))
            .await;
    }
    assert!(
        console
            .printed
            .contains("Kibitz · level 3 joined tournament #1 (9 players).")
    );
    console.type_line("@h1 tournament start").await;
    assert!(console.printed.contains("has begun: 9 players, 5 rounds"));
    let store = bot.service.store();
    for round in 1..=5u32 {
        assert!(
            console
                .printed
                .contains(&format!("Club Swiss (#1), round {round} of 5:")),
            "round {round} was not posted:\n{}",
            console.printed
        );
        let entries = store.tournament_entries(TournamentId(1), 20).await.unwrap();
        let name = |user: i64| {
            let entry = entries.iter().find(|e| e.user_id == user).unwrap();
            entry
                .computer_level
                .is_none()
                .then(|| entry.display_name.clone())
        };
        if round == 2 {
            // Withdrawn while round 2 is played: its game there stands, and no later round
            // pairs them.
            console.type_line("@h6 tournament leave").await;
            assert!(console.printed.contains("h6 withdrew from tournament #1"));
        }
        let mut left_to_the_clock = None;
        for board in boards(&bot).await.iter().filter(|b| b.round == round) {
            let (Some(black), Some(game)) = (board.black_id, board.game_id) else {
                continue;
            };
            let stored = store.game(game).await.unwrap().unwrap();
            if stored.state != kibitz::store::GameState::Ongoing {
                continue;
            }
            match (name(board.white_id), name(black)) {
                (Some(white), Some(black)) => {
                    if round == 3 && left_to_the_clock.is_none() {
                        left_to_the_clock = Some(white);
                    } else if board.board % 2 == 0 {
                        console.type_line(&format!("@{white} draw #{game}")).await;
                        console.type_line(&format!("@{black} draw #{game}")).await;
                    } else {
                        console
                            .type_line(&format!("@{black} resign confirm #{game}"))
                            .await;
                    }
                }
                (Some(human), None) | (None, Some(human)) => {
                    console
                        .type_line(&format!("@{human} resign confirm #{game}"))
                        .await;
                }
                (None, None) => panic!("a game of the computer against itself waits"),
            }
        }
        if let Some(white) = left_to_the_clock {
            // Two days later White's day is long gone: the clocks' worker ends the game
            // with nothing typed, and the next round follows.
            let now = bot.clock.load(std::sync::atomic::Ordering::SeqCst);
            bot.set_time(now + 2 * DAY_MS);
            console
                .wait_for(&format!("{white} ran out of time"), 1)
                .await;
            console.type_line("@h1 tournament pairings").await;
        }
    }
    let printed = console.end().await;
    assert!(printed.contains("Club Swiss (#1) is over."), "{printed}");
    assert!(printed.matches("Bye (a point):").count() >= 2, "{printed}");
    let tournament = store.tournament(TournamentId(1)).await.unwrap().unwrap();
    assert_eq!(tournament.state, TournamentState::Finished);
    let all = boards(&bot).await;
    let h6 = store
        .tournament_entries(TournamentId(1), 20)
        .await
        .unwrap()
        .into_iter()
        .find(|e| e.display_name == "h6")
        .unwrap()
        .user_id;
    assert!(
        all.iter()
            .filter(|b| b.round > 2)
            .all(|b| b.white_id != h6 && b.black_id != Some(h6)),
        "h6 was paired after withdrawing"
    );
    // Every game of the tournament ended, the computer's against itself included.
    for board in &all {
        if let Some(game) = board.game_id {
            let game = store.game(game).await.unwrap().unwrap();
            assert_eq!(game.state, kibitz::store::GameState::Finished, "{game:?}");
        }
    }
}

/// Plays game `id` out with the engine on both sides (level 1: fast, and varied by its
/// seed) and stores its end, as a game finished between two players would be.
async fn play_out(bot: &Bot, id: kibitz::store::GameId) {
    let store = bot.service.store();
    let mut game = store.game(id).await.unwrap().unwrap();
    let mut position = game.game().unwrap();
    let level = kibitz::engine::Level::new(1).unwrap();
    let outcome = loop {
        if let Status::Over(outcome) = position.status() {
            break outcome;
        }
        let choice = kibitz::engine::think(&position, level, game.seed ^ game.plies as u64)
            .expect("a move while the game goes on");
        position.play_text(&choice.text).unwrap();
        game.plies += 1;
    };
    game.position = position.position_text();
    game.state = kibitz::store::GameState::Finished;
    game.result = Some(outcome);
    store
        .save_game(&game, None, bot.service.now())
        .await
        .unwrap();
}

/// The scale: a Swiss of 64 over 7 rounds, every game played by the computer
/// against itself, paired and finished by the tournaments' worker, and every pairing rule
/// checked over the whole tournament: no rematch, the colour rule, no bye in an even field,
/// and score groups kept (a group floats at most one player a round into the next).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_64_played_by_the_computer_keeps_every_pairing_rule_over_7_rounds() {
    let bot = bot().await;
    let posted = Posted::default();
    bot.text(
        "p0",
        "tournament create kf swiss rounds:7 time:1d Big Swiss",
    )
    .await;
    for player in 0..64 {
        let reply = bot.text(&format!("p{player}"), "tournament join").await;
        assert!(reply.contains("joined"), "{reply}");
    }
    let reply = bot.text("p0", "tournament start").await;
    assert!(reply.contains("64 players, 7 rounds"), "{reply}");
    let mut points: HashMap<i64, u32> = HashMap::new();
    for round in 1..=7u32 {
        assert!(advance(&bot, &posted).await >= 1, "round {round}");
        let this_round: Vec<BoardRecord> = boards(&bot)
            .await
            .into_iter()
            .filter(|board| board.round == round)
            .collect();
        assert_eq!(this_round.len(), 32, "round {round}: 32 games, no bye");
        // Score groups: how many games join two different scores, and how many scores
        // there are; each group sends at most one player down.
        let groups: HashSet<u32> = points.values().copied().collect();
        let floats = this_round
            .iter()
            .filter(|b| {
                let black = b.black_id.unwrap();
                points.get(&b.white_id).copied().unwrap_or(0)
                    != points.get(&black).copied().unwrap_or(0)
            })
            .count();
        assert!(
            floats <= groups.len().max(1),
            "round {round}: {floats} games across {} score groups",
            groups.len()
        );
        for board in &this_round {
            play_out(&bot, board.game_id.unwrap()).await;
        }
        for board in boards(&bot).await.iter().filter(|b| b.round == round) {
            let black = board.black_id.unwrap();
            let winner = board.result.unwrap().winner;
            *points.entry(board.white_id).or_default() += match winner {
                Some(kibitz::Side::White) => 2,
                Some(_) => 0,
                None => 1,
            };
            *points.entry(black).or_default() += match winner {
                Some(kibitz::Side::Black) => 2,
                Some(_) => 0,
                None => 1,
            };
        }
    }
    assert!(advance(&bot, &posted).await >= 1, "the podium");
    assert!(
        posted
            .captions()
            .last()
            .unwrap()
            .contains("Big Swiss (#1) is over.")
    );
    let all = boards(&bot).await;
    assert_eq!(all.len(), 7 * 32);
    let mut met = HashSet::new();
    let mut colours: HashMap<i64, Vec<kibitz::Side>> = HashMap::new();
    for board in &all {
        let black = board.black_id.unwrap();
        let pair = (board.white_id.min(black), board.white_id.max(black));
        assert!(met.insert(pair), "a rematch: {board:?}");
        colours
            .entry(board.white_id)
            .or_default()
            .push(kibitz::Side::White);
        colours.entry(black).or_default().push(kibitz::Side::Black);
    }
    for (player, sides) in &colours {
        assert_eq!(sides.len(), 7);
        let whites = sides.iter().filter(|&&s| s == kibitz::Side::White).count() as i32;
        assert!((2 * whites - 7).abs() <= 2, "{player}: {sides:?}");
        assert!(
            sides.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])),
            "{player}: {sides:?}"
        );
    }
}

/// A tournament made to start by itself starts at its time, by the worker's round, and says
/// so with its first pairings; one that too few joined is cancelled then instead.
#[tokio::test]
async fn a_tournament_starts_by_itself_at_its_time_or_is_cancelled_with_too_few() {
    let bot = bot().await;
    let posted = Posted::default();
    // The test clock starts at 2026-11-29 09:00 UTC, a Sunday.
    let reply = bot
        .text("p1", "tournament create kf start:\"sun 10:00\" Morning Cup")
        .await;
    assert!(
        reply.contains("It starts by itself at 2026-11-29 10:00 UTC."),
        "{reply}"
    );
    let reply = bot.text("p1", "tournament create kf start:noon").await;
    assert!(reply.contains("names no start time"), "{reply}");
    for player in ["p1", "p2", "p3"] {
        bot.text(player, "tournament join").await;
    }
    assert_eq!(advance(&bot, &posted).await, 0, "not yet");
    bot.set_time(crate::service::START_MS + 3_600_000);
    assert!(advance(&bot, &posted).await >= 2, "started, paired, posted");
    let post = posted.captions().pop().unwrap();
    assert!(
        post.contains("“Morning Cup” has begun: 3 players, 2 rounds."),
        "{post}"
    );
    assert!(post.contains("Morning Cup (#1), round 1 of 2:"), "{post}");
    assert_eq!(advance(&bot, &posted).await, 0, "started once");

    let reply = bot
        .text("p1", "tournament create glacier start:12:00 Lonely Cup")
        .await;
    assert!(reply.contains("Tournament #2"), "{reply}");
    bot.text("p1", "tournament join 2").await;
    bot.set_time(crate::service::START_MS + 4 * 3_600_000);
    advance(&bot, &posted).await;
    let post = posted.captions().pop().unwrap();
    assert!(
        post.contains("Tournament #2 “Lonely Cup” was cancelled: fewer than 2 players"),
        "{post}"
    );
    let two = bot
        .service
        .store()
        .tournament(TournamentId(2))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(two.state, TournamentState::Cancelled);
}

/// An arena: everyone is paired at once, a player who finishes is paired again with
/// whoever is free, three wins in a row score 2 + 2 + 4, a latecomer joins the next wave,
/// and at its end no one is paired again: the games under way finish, then the podium.
#[tokio::test]
async fn an_arena_pairs_players_as_they_come_free_until_its_end() {
    let bot = bot().await;
    let posted = Posted::default();
    let reply = bot
        .text("a", "tournament create kf arena duration:30m Quick Arena")
        .await;
    assert!(
        reply.contains("arena of 30 minutes, 3 min + 2 s"),
        "{reply}"
    );
    let reply = bot.text("a", "tournament create kf arena time:1d").await;
    assert!(reply.contains("live clock"), "{reply}");
    for player in ["a", "b", "c", "d"] {
        bot.text(player, "tournament join").await;
    }
    let reply = bot.text("a", "tournament start").await;
    assert!(reply.contains("has begun with 4 players"), "{reply}");
    let store = bot.service.store();
    let names = |_: ()| async { names(&bot).await };
    // Three times: a's opponent resigns, everyone else's game is resigned by Black.
    for wave in 1..=3 {
        assert!(advance(&bot, &posted).await >= 1, "wave {wave}");
        let names = names(()).await;
        let id_of = |name: &str| *names.iter().find(|(_, n)| *n == name).unwrap().0;
        if wave == 2 {
            // A latecomer: waits for the next wave.
            let reply = bot.text("e", "tournament join").await;
            assert!(reply.contains("joined tournament #1"), "{reply}");
        }
        let open: Vec<BoardRecord> = boards(&bot)
            .await
            .into_iter()
            .filter(|board| !board.done())
            .collect();
        let a = id_of("a");
        let with_a = open
            .iter()
            .find(|b| b.white_id == a || b.black_id == Some(a))
            .expect("a is playing");
        let opponent = if with_a.white_id == a {
            with_a.black_id.unwrap()
        } else {
            with_a.white_id
        };
        let game = with_a.game_id.unwrap();
        if wave == 1 {
            // a goes berserk before the first move: half the clock, a point more for a win.
            let clock = |game: kibitz::store::GameRecord| {
                let side = game.side_of(a).unwrap();
                game.clocks.unwrap().bank(side)
            };
            let before = clock(store.game(game).await.unwrap().unwrap());
            let reply = bot.text("a", "tournament berserk").await;
            assert!(reply.contains("a goes berserk in game"), "{reply}");
            let after = clock(store.game(game).await.unwrap().unwrap());
            assert_eq!(after * 2, before);
            let reply = bot.text("a", &format!("tournament berserk #{game}")).await;
            assert!(reply.contains("Too late for berserk"), "{reply}");
        }
        let reply = bot
            .text(&names[&opponent], &format!("resign confirm #{game}"))
            .await;
        assert!(reply.contains("a wins"), "{reply}");
    }
    let standings = bot.text("a", "tournament standings").await;
    assert!(
        standings.contains("1. a 🔥 9 (Games 3, Wins 3)"),
        "{standings}"
    );
    // Time is up: nobody is paired again; the games under way finish, then the podium.
    bot.set_time(crate::service::START_MS + 31 * 60_000);
    advance(&bot, &posted).await;
    for board in boards(&bot).await.iter().filter(|b| !b.done()) {
        let names = names(()).await;
        let black = &names[&board.black_id.unwrap()];
        bot.text(
            black,
            &format!("resign confirm #{}", board.game_id.unwrap()),
        )
        .await;
    }
    let before = boards(&bot).await.len();
    assert!(advance(&bot, &posted).await >= 1);
    assert_eq!(boards(&bot).await.len(), before, "no game after the end");
    let podium = posted.captions().pop().unwrap();
    assert!(
        podium.contains("Quick Arena (#1) is over. The winner: a (9)!"),
        "{podium}"
    );
    let tournament = store.tournament(TournamentId(1)).await.unwrap().unwrap();
    assert_eq!(tournament.state, TournamentState::Finished);
    let e = names(())
        .await
        .into_iter()
        .find(|(_, n)| n == "e")
        .unwrap()
        .0;
    assert!(
        boards(&bot)
            .await
            .iter()
            .any(|b| b.white_id == e || b.black_id == Some(e))
    );
}
