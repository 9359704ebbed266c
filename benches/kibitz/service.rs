//! One move through the service: command parse → rules → SQLite commit → render → reply,
//! with the store commit and the render alone measured in the same run as baselines.

use criterion::Criterion;
use kibitz::games::Timestamp;
use kibitz::store::MoveRecord;
use kibitz::{
    AnyGame, Body, Catalogue, GameKind, Incoming, Renderer, Service, Store, system_clock,
};
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
            play_moves(
                &runtime,
                &service,
                &moves,
                seed,
                &mut ply,
                iters,
                Ends::Timed,
            )
        })
    });
    // The same moves, each game's last one (its end: the rating, the replay GIF) played
    // but not timed: what a move in the middle of a game costs. The game in hand carries on
    // (a second game between the same players would make a bare move ambiguous).
    println!("a game of the service bench: {} moves", moves.len());
    group.bench_function("knight-fight move, game ends not timed", |b| {
        b.iter_custom(|iters| {
            play_moves(
                &runtime,
                &service,
                &moves,
                seed,
                &mut ply,
                iters,
                Ends::Untimed,
            )
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
                    .upsert_chat(
                        kibitz::Platform::Console,
                        "bench",
                        None,
                        None,
                        Timestamp::default(),
                    )
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
                    .save_game(&game, Some(&played), Timestamp::default())
                    .await
                    .expect("commit");
            })
        })
    });
    group.finish();
}

/// A store on a fresh SQLite file whose chat `bench` holds `stored` finished, rated games
/// among 100 players, and a service on it.
fn populated(runtime: &tokio::runtime::Runtime, dir: &std::path::Path, stored: usize) -> Service {
    use kibitz::games::{EndReason, Outcome, Side};
    use kibitz::store::{GameState, NewChallenge};
    let url = format!("sqlite://{}", dir.join(format!("{stored}.db")).display());
    runtime.block_on(async {
        let store = Store::connect(&url).await.expect("store opens");
        let chat = store
            .upsert_chat(
                kibitz::Platform::Console,
                "bench",
                Some("Console"),
                None,
                Timestamp::default(),
            )
            .await
            .expect("chat");
        let mut players = Vec::new();
        for i in 0..100 {
            let name = format!("player{i}");
            let user = store
                .upsert_user(
                    kibitz::Platform::Console,
                    &name,
                    &name,
                    Some(&name),
                    Timestamp::default(),
                )
                .await
                .expect("user");
            players.push(user.id);
        }
        let now = Timestamp::from_millis(kibitz::bot::system_clock()()).minus(3_600_000);
        let start = AnyGame::start(GameKind::KnightFight, 1).position_text();
        for i in 0..stored {
            let (white, black) = (players[i % 100], players[(i * 7 + 1) % 100]);
            let mut game = store
                .create_challenge(
                    &NewChallenge {
                        chat_id: chat,
                        kind: GameKind::KnightFight,
                        seed: 1,
                        start_position: start.clone(),
                        challenger_id: white,
                        invitee_id: Some(black),
                        challenger_color: kibitz::games::Color::White,
                        computer_level: None,
                        time_control: None,
                        thread: None,
                    },
                    now,
                )
                .await
                .expect("challenge");
            game.white_id = Some(white);
            game.black_id = Some(black);
            game.state = GameState::Finished;
            game.result = Some(Outcome::win(Side::White, EndReason::Resignation));
            let game = store.save_game(&game, None, now).await.expect("finish");
            store.rate_game(game.id, now).await.expect("rate");
        }
        let renderer = Arc::new(Renderer::new().expect("renderer prepares"));
        let catalogue = Catalogue::load().expect("catalogue loads");
        Service::new(store, renderer, catalogue, system_clock())
    })
}

/// Command latency with 10 and with 10,000 stored games in one chat, in the same run: each
/// command against both databases, so the ratio shows what stored rows cost a command.
pub fn stored_games(c: &mut Criterion) {
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
    let seed = 11;
    let moves = game_moves(seed);
    let mut group = c.benchmark_group("command latency");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    for stored in [10, 10_000] {
        let service = populated(&runtime, dir.path(), stored);
        // Live rows beside the stored ones: a game being played, open challenges.
        runtime.block_on(async {
            service.handle(&line("player1", "challenge kf")).await;
            service
                .handle(&line("player2", "challenge @player3 glacier"))
                .await;
        });
        for (speaker, command) in [
            ("alice", "games"),
            ("alice", "board"),
            ("carol", "accept"),
            ("alice", "stats"),
            ("alice", "leaderboard kf week"),
            ("alice", "leaderboard kf all"),
        ] {
            group.bench_function(format!("{command} ({stored} stored games)"), |b| {
                b.iter(|| runtime.block_on(service.handle(&line(speaker, command))))
            });
        }
        // Bare moves, as in "one move through the service".
        let mut ply = moves.len();
        group.bench_function(format!("bare move ({stored} stored games)"), |b| {
            b.iter_custom(|iters| {
                play_moves(
                    &runtime,
                    &service,
                    &moves,
                    seed,
                    &mut ply,
                    iters,
                    Ends::Timed,
                )
            })
        });
    }
    group.finish();
}

/// Plays `iters` moves of Knight Fight games of `seed` between alice and bob through the
/// service and times the moves alone: a game that ends is replaced by a new one (not timed),
/// and `ply` carries a game over from one sample to the next, so none is left half played.
/// Whether the move that ends a game is timed with the others.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ends {
    Timed,
    Untimed,
}

fn play_moves(
    runtime: &tokio::runtime::Runtime,
    service: &Service,
    moves: &[String],
    seed: u64,
    ply: &mut usize,
    iters: u64,
    ends: Ends,
) -> Duration {
    runtime.block_on(async {
        let mut total = Duration::ZERO;
        let mut timed = 0;
        while timed < iters {
            if *ply == moves.len() {
                service
                    .handle(&line("alice", &format!("challenge @bob kf seed:{seed}")))
                    .await;
                service.handle(&line("bob", "accept")).await;
                *ply = 0;
            }
            let speaker = if ply.is_multiple_of(2) {
                "alice"
            } else {
                "bob"
            };
            let incoming = line(speaker, &moves[*ply]);
            let started = Instant::now();
            let replies = service.handle(&incoming).await;
            if ends == Ends::Timed || *ply + 1 < moves.len() {
                total += started.elapsed();
                timed += 1;
            }
            assert!(
                matches!(replies.first().map(|r| &r.body), Some(Body::Image { .. })),
                "move {} was refused: {replies:?}",
                moves[*ply]
            );
            *ply += 1;
        }
        total
    })
}
