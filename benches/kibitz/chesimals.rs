//! Chesimals I, II and Critters: every legal single action of each start position (target
//! at most 100 µs), and pictures of a 12 x 16 and a 20 x 20 game a few turns in (target at
//! most 2 ms for 12 x 16). Group `chesimals`.

use criterion::Criterion;
use kibitz::games::chesimals::{self, Move, Variant};
use kibitz::render::ArtKind;
use kibitz::{AnyGame, Renderer, TwoPlayerGame, View};
use std::hint::black_box;

/// A game of `variant` `turns` whole turns in, each turn two unit moves chosen by a fixed
/// rule, with the last turn's trail left in the position for the picture.
fn game_after(variant: Variant, turns: usize) -> chesimals::Position {
    let mut position = chesimals::start(variant);
    let mut actions = Vec::new();
    for turn in 0..turns {
        for step in 0..2 {
            position.legal_moves(&mut actions);
            let units: Vec<Move> = actions
                .iter()
                .copied()
                .filter(|mv| matches!(mv, Move::Unit { .. }))
                .collect();
            if units.is_empty() {
                break;
            }
            let choice = units[(turn * 7 + step * 3 + 1) % units.len()];
            if let Err(error) = position.play(choice) {
                panic!("a generated action was refused: {error}");
            }
        }
        if position.turn_in_progress()
            && let Err(error) = position.play(Move::End { promote: None })
        {
            panic!("end was refused: {error}");
        }
    }
    position
}

pub fn chesimals(c: &mut Criterion) {
    let mut group = c.benchmark_group("chesimals");
    for variant in Variant::ALL {
        let start = chesimals::start(variant);
        let mut actions = Vec::with_capacity(1024);
        group.bench_function(format!("legal actions {} start", variant.name()), |b| {
            b.iter(|| {
                black_box(&start).legal_moves(&mut actions);
                actions.len()
            })
        });
    }
    let renderer = match Renderer::new() {
        Ok(renderer) => renderer,
        Err(error) => panic!("the renderer could not be prepared: {error}"),
    };
    if let Err(error) = renderer.prepare(ArtKind::Chesimals) {
        panic!("the art could not be prepared: {error}");
    }
    let view = View {
        white: "alice".into(),
        black: "bob".into(),
        caption: "Game #1 · alice to move".into(),
        ..View::default()
    };
    for (name, variant) in [
        ("render chesimals-1 mid-game", Variant::One),
        ("render critters mid-game", Variant::Critters),
    ] {
        let game = AnyGame::Chesimals(Box::new(game_after(variant, 12)));
        match renderer.render(&game, &view) {
            Ok(png) => println!("{name}: {} bytes", png.len()),
            Err(error) => panic!("render failed: {error}"),
        }
        group.bench_function(name, |b| {
            b.iter(|| renderer.render(black_box(&game), black_box(&view)))
        });
    }
    group.finish();
}
