//! One move through the service: command parse → rules → SQLite commit → render → reply,
//! with the store commit and the render alone measured in the same run as baselines.

use criterion::Criterion;
use kibitz::bot::i18n::Catalogue;
use kibitz::bot::{Body, Incoming, Service, system_clock};
use kibitz::games::{AnyGame, GameKind};
use kibitz::render::Renderer;
use kibitz::store::{MoveRecord, Store};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A console line in the bench's own chat; `@name` mentions resolve to users as they do there.
fn line(speaker: &str, text: &str) -> Incoming {
    let mut incoming = kibitz::chat::console::incoming(&format!("@{speaker} {text}"), "player");
    incoming.chat.id = "bench".into();
    incoming
}

/// A whole game's moves on the board of `seed`, first legal move each time.
fn game_moves(seed: u64) -> Vec<String> {
    let mut game = AnyGame::start(GameKind::KnightFight, seed);
    let mut moves = Vec::new();
    while let Some(first) = game.legal_move_texts().into_iter().next() {
        if game.play_text(&first).is_err() {
            break;
        }
        moves.push(first);
    }
    moves
}

pub fn service(c: &mut Criterion) {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => panic!("no runtime: {error}"),
    };
    let dir = match tempfile::tempdir() {
        Ok(dir) => dir,
        Err(error) => panic!("no temp dir: {error}"),
    };
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let (service, store) = runtime.block_on(async {
        let store = Store::connect(&url).await.expect("store opens");
        let renderer = Arc::new(Renderer::new().expect("renderer prepares"));
        let catalogue = Catalogue::load().expect("catalogue loads");
        let service = Service::new(store.clone(), renderer, catalogue, system_clock());
        (service, store)
    });
    let seed = 11;
    let moves = game_moves(seed);

    let mut group = c.benchmark_group("service");
    // Only the move commands are timed; starting a new game when one ends is not.
    // The game carries on from one sample to the next, so no game is left half played.
    let mut ply = moves.len();
    group.bench_function("knight-fight move (parse, rules, commit, render)", |b| {
        b.iter_custom(|iters| {
            runtime.block_on(async {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    if ply == moves.len() {
                        service
                            .handle(&line("alice", &format!("challenge @bob kf seed:{seed}")))
                            .await;
                        service.handle(&line("bob", "accept")).await;
                        ply = 0;
                    }
                    let speaker = if ply.is_multiple_of(2) {
                        "alice"
                    } else {
                        "bob"
                    };
                    let incoming = line(speaker, &moves[ply]);
                    let started = Instant::now();
                    let replies = service.handle(&incoming).await;
                    total += started.elapsed();
                    assert!(
                        matches!(replies.first().map(|r| &r.body), Some(Body::Image { .. })),
                        "move {} was refused: {replies:?}",
                        moves[ply]
                    );
                    ply += 1;
                }
                total
            })
        })
    });

    // Baseline: the store's commit of one move alone (a version-checked update plus an insert).
    let mut game = runtime.block_on(async {
        service
            .handle(&line("carol", &format!("challenge @dave kf seed:{seed}")))
            .await;
        service.handle(&line("dave", "accept")).await;
        let games = store
            .active_games(
                store
                    .upsert_chat("console", "bench", None, None, 0)
                    .await
                    .expect("chat"),
            )
            .await
            .expect("games");
        games.last().cloned().expect("a game")
    });
    group.bench_function("store commit alone", |b| {
        b.iter(|| {
            runtime.block_on(async {
                game.plies += 1;
                let played = MoveRecord {
                    ply: game.plies,
                    side: kibitz::games::Side::White,
                    user_id: game.white_id.unwrap_or_default(),
                    notation: "c1".into(),
                };
                game = store
                    .save_game(&game, Some(&played), 0)
                    .await
                    .expect("commit");
            })
        })
    });
    group.finish();
}
