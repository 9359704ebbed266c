//! Benchmarks: `cargo bench --bench kibitz` (`-- render` or `-- service` for one group).
//!
//! One function a group; add the next group (e.g. the service round trip) as its own function
//! and list it in `criterion_group!` below.

// A bench target's root is `benches/kibitz.rs`, so its modules are looked up next to it
// unless told otherwise.
#[path = "kibitz/service.rs"]
mod service;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use kibitz::games::{AnyGame, GameKind, MoveSquares};
use kibitz::render::{Renderer, View};

/// A Knight Fight game `plies` moves in, played by a fixed rule so every run draws the same
/// board, with the squares of its last move.
fn knight_fight_after(plies: usize) -> (AnyGame, Option<MoveSquares>) {
    let mut game = AnyGame::start(GameKind::KnightFight, 2024);
    let mut last = None;
    for ply in 0..plies {
        let moves = game.legal_move_texts();
        if moves.is_empty() {
            break;
        }
        let choice = &moves[(ply * 7 + 3) % moves.len()];
        match game.play_text(choice) {
            Ok(played) => last = Some(played.squares),
            Err(error) => panic!("a listed move was refused: {error}"),
        }
    }
    (game, last)
}

fn render(c: &mut Criterion) {
    let renderer = match Renderer::new() {
        Ok(renderer) => renderer,
        Err(error) => panic!("the renderer could not be prepared: {error}"),
    };
    let (start, _) = knight_fight_after(0);
    let (mid, last_move) = knight_fight_after(14);
    let start_view = View {
        white: "alice".into(),
        black: "bob".into(),
        caption: "alice to move".into(),
        detail: String::new(),
        last_move: None,
        flip: false,
        result: None,
    };
    let mid_view = View {
        caption: "alice to move".into(),
        last_move,
        ..start_view.clone()
    };
    for (name, game, view) in [
        ("start", &start, &start_view),
        ("mid-game", &mid, &mid_view),
    ] {
        match renderer.render(game, view) {
            Ok(png) => println!("knight-fight {name}: {} bytes", png.len()),
            Err(error) => panic!("render failed: {error}"),
        }
    }

    let mut group = c.benchmark_group("render");
    group.bench_function("knight-fight start", |b| {
        b.iter(|| renderer.render(black_box(&start), black_box(&start_view)))
    });
    group.bench_function("knight-fight mid-game", |b| {
        b.iter(|| renderer.render(black_box(&mid), black_box(&mid_view)))
    });
    group.finish();
}

criterion_group!(benches, render, service::service);
criterion_main!(benches);
