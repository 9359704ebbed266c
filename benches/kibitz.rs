//! Benchmarks: `cargo bench --bench kibitz` (`-- render`, `-- replay`, `-- service`,
//! `-- perft`, `-- chesimals`, `-- tournament` or `-- board` for one group).
//!
//! One function a group; add the next group (e.g. the service round trip) as its own function
//! and list it in `criterion_group!` below.

// A bench target's root is `benches/kibitz.rs`, so its modules are looked up next to it
// unless told otherwise.
#[path = "kibitz/ambit.rs"]
mod ambit;
#[path = "kibitz/service.rs"]
mod service;

#[path = "kibitz/board.rs"]
mod board;

#[path = "kibitz/glacier_perft.rs"]
mod glacier_perft;

#[path = "kibitz/chesimals.rs"]
mod chesimals;

#[path = "kibitz/tournament.rs"]
mod tournament;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use kibitz::games::MoveSquares;
use kibitz::render::{Align, ArtKind, Column, TableView};
use kibitz::{AnyGame, GameKind, Renderer, View};

/// A game of `kind` `plies` moves in, played by a fixed rule so every run draws the same
/// board, with the squares of its last move.
fn game_after(kind: GameKind, plies: usize) -> (AnyGame, Option<MoveSquares>) {
    let mut game = AnyGame::start(kind, 2024);
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

/// A medium AMBIT puzzle with three of its solution's pieces placed: overlapping footprints,
/// dots and count badges on many squares.
fn ambit_mid_puzzle() -> (kibitz::games::ambit::Game, kibitz::render::AmbitView) {
    use kibitz::games::ambit::{Game, Level, generate};
    let puzzle = generate(2024, Level::Medium);
    let mut game = Game::new(puzzle.footprint);
    for &placement in puzzle.solution.iter().take(3) {
        if let Err(error) = game.place(placement) {
            panic!("{placement} refused: {error}");
        }
    }
    let view = kibitz::render::AmbitView {
        title: "AMBIT daily #42".into(),
        caption: "Qd4 placed.".into(),
        ..Default::default()
    };
    (game, view)
}

/// A full page of the AMBIT leaderboard: ten players, six columns.
fn leaderboard_page() -> TableView {
    let column = |label: &str, align| Column {
        label: label.into(),
        align,
    };
    TableView {
        title: "AMBIT daily leaderboard, all time".into(),
        footer: "Page 1 of 3".into(),
        columns: vec![
            column("#", Align::Right),
            column("Player", Align::Left),
            column("Stars", Align::Right),
            column("Solved", Align::Right),
            column("Time", Align::Right),
            column("Streak", Align::Right),
        ],
        rows: (0..10)
            .map(|r| {
                vec![
                    (r + 1).to_string(),
                    format!("Player Number {r}"),
                    (40 - 2 * r).to_string(),
                    format!("{}/{}", 14 - r, 15),
                    format!("{}:{:02}", 12 + r, (r * 13) % 60),
                    (9 - r).to_string(),
                ]
            })
            .collect(),
        first_rank: 1,
    }
}

fn render(c: &mut Criterion) {
    let renderer = match Renderer::new() {
        Ok(renderer) => renderer,
        Err(error) => panic!("the renderer could not be prepared: {error}"),
    };
    // Art is prepared on a game's first picture; these benchmarks time renders alone.
    for kind in [ArtKind::KnightFight, ArtKind::Glacier, ArtKind::Table] {
        if let Err(error) = renderer.prepare(kind) {
            panic!("the art could not be prepared: {error}");
        }
    }
    let (start, _) = game_after(GameKind::KnightFight, 0);
    let (mid, last_move) = game_after(GameKind::KnightFight, 14);
    let (glacier_start, _) = game_after(GameKind::Glacier, 0);
    // 36 plies: well into the middle game, with plenty of ice left before the first Ice Age.
    let (glacier_mid, glacier_last) = game_after(GameKind::Glacier, 36);
    // The rules' facts come with each view, as the service hands them over: a render does
    // not ask the rules.
    let start_view = View {
        white: "alice".into(),
        black: "bob".into(),
        caption: "alice to move".into(),
        detail: String::new(),
        last_move: None,
        flip: false,
        hide_turn: false,
        facts: start.view_facts(),
    };
    let mid_view = View {
        caption: "alice to move".into(),
        last_move,
        facts: mid.view_facts(),
        ..start_view.clone()
    };
    let glacier_start_view = View {
        detail: "Ice Age in 20 Black moves".into(),
        facts: glacier_start.view_facts(),
        ..start_view.clone()
    };
    let glacier_mid_view = View {
        detail: "Ice Age in 2 Black moves".into(),
        last_move: glacier_last,
        facts: glacier_mid.view_facts(),
        ..start_view.clone()
    };
    // Names DejaVu lacks: an emoji (drawn in colour) and a CJK name (the bold CJK face), in
    // the panels and the caption.
    let world_names_view = View {
        white: "Joy 😀🎲".into(),
        black: "王小明".into(),
        caption: "Joy 😀🎲 to move".into(),
        ..glacier_mid_view.clone()
    };
    for (name, game, view) in [
        ("knight-fight start", &start, &start_view),
        ("knight-fight mid-game", &mid, &mid_view),
        ("glacier start", &glacier_start, &glacier_start_view),
        ("glacier mid-game", &glacier_mid, &glacier_mid_view),
        (
            "glacier mid-game world names",
            &glacier_mid,
            &world_names_view,
        ),
    ] {
        match renderer.render(game, view) {
            Ok(png) => println!("{name}: {} bytes", png.len()),
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
    group.bench_function("glacier start", |b| {
        b.iter(|| renderer.render(black_box(&glacier_start), black_box(&glacier_start_view)))
    });
    group.bench_function("glacier mid-game", |b| {
        b.iter(|| renderer.render(black_box(&glacier_mid), black_box(&glacier_mid_view)))
    });
    group.bench_function("glacier mid-game world names", |b| {
        b.iter(|| renderer.render(black_box(&glacier_mid), black_box(&world_names_view)))
    });
    let (ambit, ambit_view) = ambit_mid_puzzle();
    match renderer.render_ambit(&ambit, &ambit_view) {
        Ok(png) => println!("ambit mid-puzzle: {} bytes", png.len()),
        Err(error) => panic!("render failed: {error}"),
    }
    group.bench_function("ambit mid-puzzle", |b| {
        b.iter(|| renderer.render_ambit(black_box(&ambit), black_box(&ambit_view)))
    });
    let table = leaderboard_page();
    match renderer.render_table(&table) {
        Ok(png) => println!("leaderboard page: {} bytes", png.len()),
        Err(error) => panic!("render failed: {error}"),
    }
    group.bench_function("leaderboard page", |b| {
        b.iter(|| renderer.render_table(black_box(&table)))
    });
    group.finish();
}

/// A Glacier Chess game of up to `plies` plies by the bench's fixed rule, as a record.
fn glacier_record(plies: usize) -> kibitz::games::records::Record {
    use kibitz::games::records::Record;
    let start = AnyGame::start(GameKind::Glacier, 2024);
    let mut game = start.clone();
    let mut moves = Vec::new();
    for ply in 0..plies {
        let legal = game.legal_move_texts();
        if legal.is_empty() || game.status().is_over() {
            break;
        }
        let side = game.side_to_move();
        match game.play_text(&legal[(ply * 7 + 3) % legal.len()]) {
            Ok(played) => moves.push((side, played.text)),
            Err(error) => panic!("a listed move was refused: {error}"),
        }
    }
    Record {
        kind: GameKind::Glacier,
        start: start.position_text(),
        white: "alice".into(),
        black: "bob".into(),
        result: None,
        date: None,
        event: None,
        turns: Record::turns_of(moves),
    }
}

/// The animated replay of a 60-move (120-ply) Glacier game: every frame drawn from the
/// prepared art and LZW-coded as the rectangle that changed.
fn replay(c: &mut Criterion) {
    let renderer = match Renderer::new() {
        Ok(renderer) => renderer,
        Err(error) => panic!("the renderer could not be prepared: {error}"),
    };
    if let Err(error) = renderer.prepare(ArtKind::Glacier) {
        panic!("the art could not be prepared: {error}");
    }
    let record = glacier_record(120);
    let pictures = match kibitz::bot::replay_pictures(&record, &[]) {
        Ok(pictures) => pictures,
        Err(error) => panic!("the record does not replay: {error}"),
    };
    match renderer.render_replay(&pictures) {
        Ok(gif) => println!(
            "glacier replay: {} plies, {} frames, {} bytes",
            record.turns.len(),
            pictures.len(),
            gif.len()
        ),
        Err(error) => panic!("replay failed: {error}"),
    }
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.bench_function("glacier 60 moves", |b| {
        b.iter(|| renderer.render_replay(black_box(&pictures)))
    });
    group.finish();
}

criterion_group!(
    benches,
    render,
    replay,
    service::service,
    service::stored_games,
    glacier_perft::perft,
    ambit::ambit,
    chesimals::chesimals,
    tournament::tournament,
    board::board
);
criterion_main!(benches);
