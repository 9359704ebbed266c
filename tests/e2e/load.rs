//! Two service instances on one database (two bot processes sharing PostgreSQL in `.ci/run`,
//! one SQLite file otherwise) play many games at once, every move sent to both at the same
//! moment: each move is applied exactly once, none is lost, none doubled.

use crate::service::{line, service_on};
use crate::support::{fresh_database, scripted_game};
use kibitz::bot::{Body, Service};
use std::sync::Arc;
use std::sync::atomic::AtomicI64;
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
async fn play(index: usize, first: Arc<Service>, second: Arc<Service>) -> (usize, usize) {
    let chat = format!("load-{index}");
    let (white, black) = (format!("w{index}"), format!("b{index}"));
    let seed = index as u64 + 1;
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_services_on_one_database_apply_each_racing_move_exactly_once() {
    let dir = tempfile::tempdir().unwrap();
    let url = fresh_database(dir.path()).await;
    let clock = Arc::new(AtomicI64::new(crate::service::START_MS));
    let first = Arc::new(service_on(&url, clock.clone()).await);
    let second = Arc::new(service_on(&url, clock).await);
    let total = games();
    let started = Instant::now();
    let mut applied = (0, 0);
    for batch in (0..total).collect::<Vec<_>>().chunks(PARALLEL) {
        let tasks: Vec<_> = batch
            .iter()
            .map(|&index| tokio::spawn(play(index, first.clone(), second.clone())))
            .collect();
        for task in tasks {
            let (a, b) = task.await.expect("a game task");
            applied.0 += a;
            applied.1 += b;
        }
    }
    let elapsed = started.elapsed();
    let store = first.store();
    for index in 0..total {
        let (moves, _) = scripted_game(index as u64 + 1);
        let chat = store
            .chat_by_external_id("console", &format!("load-{index}"))
            .await
            .unwrap()
            .expect("the game's chat");
        let mut games = store.active_games(chat).await.unwrap();
        assert_eq!(games.len(), 1, "one game in chat load-{index}");
        let game = games.remove(0);
        let stored: Vec<String> = store
            .moves(game.id)
            .await
            .unwrap()
            .into_iter()
            .map(|m| m.notation)
            .collect();
        assert_eq!(stored, moves[..MOVES_PER_GAME], "game {}", game.id);
        assert_eq!(game.plies as usize, MOVES_PER_GAME);
    }
    let moves = total * MOVES_PER_GAME;
    assert_eq!(applied.0 + applied.1, moves);
    // Not asserted (timing is for benchmarks): the figure the capacity plan quotes.
    eprintln!(
        "load: {total} games, {moves} moves raced by 2 services on {} in {:.1} s: {:.0} moves/s \
         ({} applied by the first, {} by the second)",
        store.backend_name(),
        elapsed.as_secs_f64(),
        moves as f64 / elapsed.as_secs_f64(),
        applied.0,
        applied.1
    );
}
