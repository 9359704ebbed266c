//! Two service instances on one database (two bot processes sharing PostgreSQL in `.ci/run`,
//! one SQLite file otherwise) play many games at once, every move sent to both at the same
//! moment: each move is applied exactly once, none is lost, none doubled; meanwhile both post
//! the dailies of the same channels, and each channel gets each daily once.

use crate::service::{line, service_on};
use crate::support::{PostRecorder, fresh_database, scripted_game, stored_moves};
use kibitz::{Body, Platform, Service};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::time::Instant;

/// Moves played in each game (the start of a scripted Knight Fight game).
const MOVES_PER_GAME: usize = 8;
/// Games in progress at once.
const PARALLEL: usize = 16;

fn games() -> usize {
    std::env::var("KIBITZ_LOAD_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(40)
}

fn is_picture(replies: &[kibitz::bot::Outgoing]) -> bool {
    replies.iter().any(|r| matches!(r.body, Body::Image { .. }))
}

/// Plays game `index` in its own chat: the challenge and acceptance through one service, then
/// every move through both services at once. The number of moves each service applied.
async fn play(
    index: usize,
    seed: u64,
    first: Arc<Service>,
    second: Arc<Service>,
) -> (usize, usize) {
    let chat = format!("load-{index}");
    let (white, black) = (format!("w{index}"), format!("b{index}"));
    first
        .handle(&line(
            &chat,
            &white,
            &format!("challenge @{black} knight-fight seed:{seed}"),
        ))
        .await;
    let accepted = second.handle(&line(&chat, &black, "accept")).await;
    assert!(is_picture(&accepted), "game {index} starts");
    let (moves, _) = scripted_game(seed);
    let mut applied = (0, 0);
    for (ply, mv) in moves.iter().take(MOVES_PER_GAME).enumerate() {
        let player = if ply % 2 == 0 { &white } else { &black };
        let incoming = line(&chat, player, &format!("move {mv}"));
        let (a, b) = tokio::join!(first.handle(&incoming), second.handle(&incoming));
        let (a, b) = (is_picture(&a), is_picture(&b));
        assert!(
            a ^ b,
            "game {index} ply {ply}: exactly one of the racing moves applies"
        );
        applied.0 += usize::from(a);
        applied.1 += usize::from(b);
    }
    applied
}

/// Channels with the daily turned on while the games are played.
const DAILY_CHATS: usize = 12;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_services_on_one_database_apply_each_racing_move_exactly_once() {
    let dir = tempfile::tempdir().unwrap();
    let url = fresh_database(dir.path()).await;
    let clock = Arc::new(AtomicI64::new(crate::service::START_MS));
    let first = Arc::new(service_on(&url, clock.clone()).await);
    let second = Arc::new(service_on(&url, clock).await);
    let total = games();
    // Boards whose scripted games last past the moves played, so every game is still open.
    let seeds: Vec<u64> = (1u64..)
        .filter(|&seed| scripted_game(seed).0.len() > MOVES_PER_GAME)
        .take(total)
        .collect();
    for index in 0..DAILY_CHATS {
        let set = first
            .handle(&line(
                &format!("daily-{index}"),
                "admin",
                "settings daily 00:00 easy",
            ))
            .await;
        assert!(!is_picture(&set), "the daily is set in daily-{index}");
    }
    // Both services post the due dailies, round after round, while the games are played.
    let poster = Arc::new(PostRecorder::default());
    let games_done = Arc::new(AtomicBool::new(false));
    let posting = {
        let (first, second) = (first.clone(), second.clone());
        let (poster, games_done) = (poster.clone(), games_done.clone());
        tokio::spawn(async move {
            let mut rounds = 0;
            while rounds < 2 || !games_done.load(Ordering::SeqCst) {
                let (a, b) = tokio::join!(
                    first.post_due_dailies(Platform::Console, "first", poster.as_ref()),
                    second.post_due_dailies(Platform::Console, "second", poster.as_ref())
                );
                a.expect("the first's posting round");
                b.expect("the second's posting round");
                rounds += 1;
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            rounds
        })
    };
    let started = Instant::now();
    let mut applied = (0, 0);
    for batch in (0..total).collect::<Vec<_>>().chunks(PARALLEL) {
        let tasks: Vec<_> = batch
            .iter()
            .map(|&index| tokio::spawn(play(index, seeds[index], first.clone(), second.clone())))
            .collect();
        for task in tasks {
            let (a, b) = task.await.expect("a game task");
            applied.0 += a;
            applied.1 += b;
        }
    }
    let elapsed = started.elapsed();
    games_done.store(true, Ordering::SeqCst);
    let rounds = posting.await.expect("the posting task");
    // Every channel got today's daily (a long run may reach tomorrow's too), each once: a
    // post's first line names the daily's number.
    let mut posts: BTreeMap<(String, String), usize> = BTreeMap::new();
    for index in 0..poster.count() {
        let chat = poster.posts.lock().unwrap()[index].0.clone();
        let caption = poster.caption(index);
        let daily = caption.lines().next().unwrap_or_default().to_string();
        *posts.entry((chat, daily)).or_default() += 1;
    }
    for index in 0..DAILY_CHATS {
        let chat = format!("daily-{index}");
        let got: Vec<_> = posts.iter().filter(|((c, _), _)| *c == chat).collect();
        assert!(!got.is_empty(), "{chat} got no daily in {rounds} rounds");
        for ((_, daily), &count) in got {
            assert_eq!(count, 1, "{chat} got \"{daily}\" {count} times");
        }
    }
    let store = first.store();
    for (index, &seed) in seeds.iter().enumerate() {
        let (moves, _) = scripted_game(seed);
        let chat = store
            .chat_by_external_id(Platform::Console, &format!("load-{index}"))
            .await
            .unwrap()
            .expect("the game's chat");
        let mut games = store.active_games(chat).await.unwrap();
        assert_eq!(games.len(), 1, "one game in chat load-{index}");
        let game = games.remove(0);
        let stored = stored_moves(&store, game.id.0).await;
        assert_eq!(stored, moves[..MOVES_PER_GAME], "game {}", game.id);
        assert_eq!(game.plies as usize, MOVES_PER_GAME);
    }
    let moves = total * MOVES_PER_GAME;
    assert_eq!(applied.0 + applied.1, moves);
    // Not asserted (timing is for benchmarks): the figure the capacity plan quotes.
    eprintln!(
        "load: {total} games, {moves} moves raced by 2 services on {} in {:.1} s: {:.0} moves/s \
         ({} applied by the first, {} by the second); {rounds} racing daily rounds",
        store.backend_name(),
        elapsed.as_secs_f64(),
        moves as f64 / elapsed.as_secs_f64(),
        applied.0,
        applied.1
    );
}

/// A `kibitz run` console process on the database `url`, its input and output piped.
fn console_process(url: &str, images: &std::path::Path) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .arg("run")
        .env("DATABASE_URL", url)
        .env("KIBITZ_IMAGE_DIR", images)
        .env_remove("DISCORD_TOKEN")
        .env_remove("TELEGRAM_BOT_TOKEN")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("kibitz starts")
}

/// The console lines of game `moves` between `white` and `black`, from ply `from`.
fn game_lines(white: &str, black: &str, moves: &[String], from: usize) -> Vec<String> {
    moves
        .iter()
        .enumerate()
        .skip(from)
        .map(|(ply, mv)| {
            let player = if ply % 2 == 0 { white } else { black };
            format!("@{player} move {mv}")
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_killed_mid_game_loses_nothing_and_the_other_carries_on() {
    use std::io::{BufRead, BufReader, Write};
    let dir = tempfile::tempdir().unwrap();
    let url = fresh_database(dir.path()).await;
    let images = dir.path().join("images");
    // Two boards whose scripted games go on past 20 moves.
    let mut long = (1u64..).filter(|&seed| scripted_game(seed).0.len() > 20);
    let (seed_a, seed_b) = (long.next().unwrap(), long.next().unwrap());
    let (moves_a, _) = scripted_game(seed_a);
    let (moves_b, _) = scripted_game(seed_b);
    let (moves_a, moves_b) = (&moves_a[..20], &moves_b[..20]);
    // Process A: its game, line by line; killed (SIGKILL) after its 8th move was answered.
    let mut a = console_process(&url, &images);
    let mut a_in = a.stdin.take().unwrap();
    let mut a_out = BufReader::new(a.stdout.take().unwrap());
    let mut a_lines = vec![
        format!("@ann challenge @abe knight-fight seed:{seed_a}"),
        "@abe accept".to_string(),
    ];
    a_lines.extend(game_lines("ann", "abe", moves_a, 0));
    // Process B: another game on the same database, all at once, running meanwhile.
    let mut b = console_process(&url, &images);
    let mut b_script = vec![
        format!("@bea challenge @bob knight-fight seed:{seed_b}"),
        "@bob accept".to_string(),
    ];
    b_script.extend(game_lines("bea", "bob", moves_b, 0));
    let mut b_in = b.stdin.take().unwrap();
    // Each of A's lines after the challenge is answered with a picture, printed after the
    // commit: the line is written only when the previous one was answered.
    let mut answered = 0;
    let read_picture = |out: &mut BufReader<std::process::ChildStdout>| {
        let mut reply = String::new();
        loop {
            reply.clear();
            assert!(out.read_line(&mut reply).unwrap() > 0, "A ended early");
            if reply.contains("[picture") {
                return;
            }
        }
    };
    writeln!(a_in, "{}\n{}", a_lines[0], a_lines[1]).unwrap();
    a_in.flush().unwrap();
    read_picture(&mut a_out);
    for line in &a_lines[2..] {
        writeln!(a_in, "{line}").unwrap();
        a_in.flush().unwrap();
        read_picture(&mut a_out);
        answered += 1;
        if answered == 8 {
            break;
        }
    }
    writeln!(b_in, "{}", b_script.join("\n")).unwrap();
    a.kill().expect("SIGKILL");
    a.wait().unwrap();
    drop(b_in);
    let b_out = b.wait_with_output().unwrap();
    assert!(b_out.status.success());
    let store = kibitz::store::Store::connect(&url).await.unwrap();
    let game_of = |white: &'static str| {
        let store = store.clone();
        async move {
            let user = store
                .user_by_handle(Platform::Console, white)
                .await
                .unwrap()
                .unwrap();
            let chat = store
                .chat_by_external_id(Platform::Console, "console")
                .await
                .unwrap()
                .unwrap();
            store
                .active_games(chat)
                .await
                .unwrap()
                .into_iter()
                .find(|g| g.white_id == Some(user.id))
                .expect("the game")
        }
    };
    // B carried on to the end of its script while A lay dead.
    let game_b = game_of("bea").await;
    assert_eq!(store.moves(game_b.id).await.unwrap().len(), 20);
    // Every move A acknowledged is in the database.
    let game_a = game_of("ann").await;
    let kept = store.moves(game_a.id).await.unwrap().len();
    assert_eq!(kept, 8, "A's acknowledged moves, all kept, none more");
    // A restarts and finishes its game from where the database says it stands.
    let mut again = console_process(&url, &images);
    let mut again_in = again.stdin.take().unwrap();
    writeln!(
        again_in,
        "{}",
        game_lines("ann", "abe", moves_a, kept).join("\n")
    )
    .unwrap();
    drop(again_in);
    let out = again.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(stored_moves(&store, game_a.id.0).await, moves_a);
    store.close().await;
}
