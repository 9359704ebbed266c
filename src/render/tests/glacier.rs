//! Glacier Chess pictures.

use super::{board_pixels, pixels_of_square, renderer, rgb, seen, view};
use crate::games::glacier::{Cell, Position, START_FEN};
use crate::games::rng::SeededRng;
use crate::games::{AnyGame, MoveSquares, Side, Square, Status, TwoPlayerGame};
use crate::render::{View, board, header};

const SQUARE: u32 = 84;
const MARGIN: u32 = 30;

fn fen(text: &str) -> Position {
    match Position::parse_position(text) {
        Ok(position) => position,
        Err(error) => panic!("bad test position {text}: {error}"),
    }
}

fn render(position: &Position, view: &View) -> Vec<u8> {
    let game = AnyGame::Glacier(position.clone());
    match renderer().render(&game, &seen(&game, view)) {
        Ok(png) => png,
        Err(error) => panic!("render failed: {error}"),
    }
}

fn layout() -> board::Layout {
    board::Layout::new(crate::games::glacier::SIZE, SQUARE, MARGIN, header::HEIGHT)
}

/// The pixels of `square` in a picture drawn unflipped.
fn square_pixels(image: &image::RgbImage, square: Square) -> Vec<[u8; 3]> {
    pixels_of_square(image, &layout(), square)
}

/// Pixels of the board area that are clearly the check glow's red.
fn red_pixels(image: &image::RgbImage) -> usize {
    board_pixels(image, &layout(), |[r, g, b]| r > 170 && g < 110 && b < 100)
}

/// A random game from the start, `plies` half-moves long at most (less if it ends), with the
/// squares of the move that led to each position.
fn random_game(seed: u64, plies: usize) -> Vec<(Position, Option<MoveSquares>)> {
    let mut rng = SeededRng::new(seed);
    let mut position = Position::new_start();
    let mut out = vec![(position.clone(), None)];
    let mut moves = Vec::new();
    for _ in 0..plies {
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        let squares = position.move_squares(mv);
        position.play_unchecked(mv);
        out.push((position.clone(), Some(squares)));
    }
    out
}

/// A random game that went through at least one Ice Age which froze something.
fn game_through_an_ice_age() -> Vec<(Position, Option<MoveSquares>)> {
    for seed in 0..50 {
        let game = random_game(seed, 100);
        let froze = game
            .iter()
            .any(|(p, _)| p.last_ice_age().is_some_and(|r| !r.is_empty()));
        if froze {
            return game;
        }
    }
    panic!("no random game reached an Ice Age")
}

#[test]
fn the_png_decodes_at_the_layout_size_and_is_small() {
    let png = render(&Position::new_start(), &view("alice to move"));
    let image = rgb(&png);
    assert!(image.width() >= 720, "width {}", image.width());
    assert_eq!(image.width(), 2 * MARGIN + 8 * SQUARE);
    assert_eq!(image.height(), header::HEIGHT + 2 * MARGIN + 8 * SQUARE);
    assert!(png.len() < 60_000, "{} bytes", png.len());
}

#[test]
fn an_ice_square_looks_different_from_an_empty_one_and_nothing_else_changes() {
    let iced = fen(START_FEN);
    let open = fen("rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let (d4, e4, d5) = (Square::new(3, 3), Square::new(4, 3), Square::new(3, 4));
    assert_eq!(iced.cell(e4), Cell::Ice);
    assert_eq!(open.cell(e4), Cell::Empty);
    assert_eq!((iced.cell(d4), open.cell(d4)), (Cell::Ice, Cell::Ice));
    let (a, b) = (
        rgb(&render(&iced, &view(""))),
        rgb(&render(&open, &view(""))),
    );
    assert_ne!(square_pixels(&a, e4), square_pixels(&b, e4));
    assert_ne!(square_pixels(&a, d5), square_pixels(&b, d5));
    assert_eq!(square_pixels(&a, d4), square_pixels(&b, d4));
}

#[test]
fn the_check_glow_shows_only_when_in_check() {
    let check = fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1");
    let quiet = fen("4k3/8/8/8/8/8/8/3R2K1 b - - 0 1");
    assert!(check.is_check() && !quiet.is_check());
    let (a, b) = (
        rgb(&render(&check, &view(""))),
        rgb(&render(&quiet, &view(""))),
    );
    assert!(red_pixels(&a) > 500, "{} red pixels", red_pixels(&a));
    assert_eq!(red_pixels(&b), 0);
    let e8 = Square::new(4, 7);
    assert_ne!(square_pixels(&a, e8), square_pixels(&b, e8));
    // The start position is not check either.
    assert_eq!(red_pixels(&rgb(&render(&fen(START_FEN), &view("")))), 0);
}

#[test]
fn flipping_changes_the_picture_but_not_its_size() {
    let (position, last) = random_game(5, 12).pop().unwrap_or_else(|| unreachable!());
    let mut plain = view("bob to move");
    plain.last_move = last;
    let mut flipped = plain.clone();
    flipped.flip = true;
    let (a, b) = (
        rgb(&render(&position, &plain)),
        rgb(&render(&position, &flipped)),
    );
    assert_eq!(a.dimensions(), b.dimensions());
    assert_ne!(a.as_raw(), b.as_raw());
    // Flipped, a1 is drawn where h8 is unflipped.
    let layout = layout();
    assert_eq!(
        layout.square_origin(Square::new(0, 0), true),
        layout.square_origin(Square::new(7, 7), false)
    );
}

#[test]
fn the_last_move_is_marked() {
    let game = random_game(8, 6);
    let (position, last) = game[game.len() - 1].clone();
    let Some(squares) = last.clone() else {
        panic!("no last move")
    };
    let mut marked = view("");
    marked.last_move = last;
    let (a, b) = (
        rgb(&render(&position, &marked)),
        rgb(&render(&position, &view(""))),
    );
    for square in squares.from.iter().chain(&squares.to) {
        assert_ne!(square_pixels(&a, *square), square_pixels(&b, *square));
    }
}

#[test]
fn every_position_of_a_random_game_through_an_ice_age_renders() {
    let game = game_through_an_ice_age();
    for (index, (position, last)) in game.into_iter().enumerate() {
        let mut view = view(&format!("move {index}"));
        view.detail = format!(
            "Ice Age in {} Black moves",
            position.black_moves_to_ice_age()
        );
        view.last_move = last;
        view.flip = index % 2 == 1;
        let png = render(&position, &view);
        assert!(png.len() < 60_000, "{} bytes", png.len());
        assert_eq!(rgb(&png).width(), 2 * MARGIN + 8 * SQUARE);
    }
}

#[test]
fn the_ice_age_picture_marks_the_new_ice() {
    let game = game_through_an_ice_age();
    let Some((after, last)) = game
        .iter()
        .find(|(p, _)| p.last_ice_age().is_some_and(|r| !r.is_empty()))
    else {
        panic!("no Ice Age")
    };
    let Some(report) = after.last_ice_age() else {
        panic!("no report")
    };
    // The same board read from its text carries no report of the move that led to it.
    let fresh = fen(&after.position_text());
    assert!(fresh.last_ice_age().is_none());
    let mut v = view("");
    v.last_move = last.clone();
    let (a, b) = (rgb(&render(after, &v)), rgb(&render(&fresh, &v)));
    for square in report.new_ice() {
        assert_ne!(
            square_pixels(&a, square),
            square_pixels(&b, square),
            "{square}"
        );
    }
    // Squares that did not freeze look the same.
    let new_ice = report.new_ice();
    for square in crate::games::glacier::SIZE.squares() {
        if !new_ice.contains(&square) {
            assert_eq!(
                square_pixels(&a, square),
                square_pixels(&b, square),
                "{square}"
            );
        }
    }
}

#[test]
fn the_detail_line_shows_under_the_caption() {
    let position = Position::new_start();
    let plain = view("alice to move");
    let mut detailed = plain.clone();
    detailed.detail = "Ice Age in 20 Black moves".into();
    let (a, b) = (
        rgb(&render(&position, &plain)),
        rgb(&render(&position, &detailed)),
    );
    assert_eq!(a.dimensions(), b.dimensions());
    assert_ne!(a.as_raw(), b.as_raw());
    // The board itself is untouched.
    for square in crate::games::glacier::SIZE.squares() {
        assert_eq!(square_pixels(&a, square), square_pixels(&b, square));
    }
}

/// Writes a sample picture to /tmp/kibitz-glacier-`name`.png for looking at.
fn write_sample(name: &str, position: &Position, view: &View) {
    write_png(name, &render(position, view));
}

fn write_png(name: &str, png: &[u8]) {
    let path = format!("/tmp/kibitz-glacier-{name}.png");
    if let Err(error) = std::fs::write(&path, png) {
        panic!("{path}: {error}");
    }
    println!("{path}: {} bytes", png.len());
}

/// A view with the players' names, `caption` and `detail`.
fn named(caption: &str, detail: &str) -> View {
    View {
        white: "alice".into(),
        black: "bob".into(),
        caption: caption.into(),
        detail: detail.into(),
        ..View::default()
    }
}

/// Close-ups of the start picture at twice the size, for judging edges and outlines.
fn write_zooms() {
    let zoom = |name: &str, source: &str, (x, y, w, h): (u32, u32, u32, u32)| {
        let Ok(image) = image::open(source) else {
            return;
        };
        let crop = image.crop_imm(x, y, w, h);
        let big = crop.resize(w * 2, h * 2, image::imageops::FilterType::Nearest);
        let path = format!("/tmp/kibitz-glacier-zoom-{name}.png");
        if let Err(error) = big.save(&path) {
            panic!("{path}: {error}");
        }
    };
    zoom(
        "white",
        "/tmp/kibitz-glacier-start.png",
        (282, 640, 340, 170),
    );
    zoom(
        "black",
        "/tmp/kibitz-glacier-start.png",
        (282, 136, 340, 170),
    );
    zoom("ice", "/tmp/kibitz-glacier-start.png", (30, 304, 252, 168));
}

/// A mid-game with the last move and a check, and one through an Ice Age.
fn write_mid_games() {
    let game = random_game(3, 400);
    let checked = game
        .iter()
        .skip(24)
        .find(|(p, _)| p.is_check() && p.status() == Status::Ongoing);
    if let Some((position, last)) = checked {
        let mut v = named("Game #7 · bob to move", "Check! Ice Age in 5 Black moves");
        v.last_move = last.clone();
        write_sample("check", position, &v);
        v.flip = true;
        write_sample("check-flipped", position, &v);
    }
    let (position, last) = &game[30.min(game.len() - 1)];
    let mut v = named("Game #7 · alice to move", "");
    v.last_move = last.clone();
    write_sample("mid", position, &v);

    let ice_game = game_through_an_ice_age();
    if let Some((position, last)) = ice_game
        .iter()
        .find(|(p, _)| p.last_ice_age().is_some_and(|r| !r.is_empty()))
    {
        let mut v = named(
            "Game #7 · alice to move",
            "Ice Age! The board froze over. Next Ice Age in 20 Black moves",
        );
        v.last_move = last.clone();
        write_sample("ice-age", position, &v);
        let fresh = fen(&position.position_text());
        write_sample("ice-age-fresh", &fresh, &v);
    }
}

/// Finished games: Black's king frozen on the open board, and a checkmate.
fn write_finished_games() {
    let over = fen("4k3/8/8/8/8/8/3PPP2/3QKB2 w - - 0 41");
    let game = AnyGame::Glacier(over.clone());
    let mut v = seen(
        &game,
        &named("Game #7 · alice wins: the black king froze", ""),
    );
    if over.status() == Status::Ongoing {
        v.facts = v.facts.ended(crate::games::Outcome::win(
            Side::White,
            crate::games::EndReason::Resignation,
        ));
    }
    match renderer().render(&game, &v) {
        Ok(png) => write_png("over", &png),
        Err(error) => panic!("render failed: {error}"),
    }
    let mate = fen("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
    let mut v = named("Game #7 · alice wins by checkmate", "");
    v.last_move = Some(MoveSquares {
        from: Some(Square::new(7, 4)),
        to: Some(Square::new(5, 6)),
        also: Vec::new(),
    });
    write_sample("mate", &mate, &v);
}

/// Writes sample pictures to /tmp for looking at:
/// `cargo test --lib render::tests::glacier::write_samples -- --ignored --nocapture`.
#[test]
#[ignore]
fn write_samples() {
    write_sample(
        "start",
        &Position::new_start(),
        &named("Game #7 · alice to move", "Ice Age in 20 Black moves"),
    );
    write_zooms();
    write_mid_games();
    write_finished_games();
}

/// Three Black moves before an Ice Age or nearer, the squares it would turn to ice if it
/// came now wear a light frost: the picture differs from the same board far from the Ice
/// Age on exactly those squares, and only while the game goes on.
#[test]
fn the_coming_ice_age_frosts_what_it_would_freeze() {
    // White's lone king on e1 and knight on g5, Black's king and pawns d7 e7.
    let board = "4k3/3pp3/8/6N1/8/8/8/4K3 w - - 0";
    let far = fen(&format!("{board} 10"));
    let near = fen(&format!("{board} 18"));
    assert_eq!(near.black_moves_to_ice_age(), 3);
    let preview = near.ice_age_preview();
    assert!(preview.contains(&Square::parse("e1").unwrap()));
    assert!(preview.contains(&Square::parse("g5").unwrap()));
    assert!(!preview.contains(&Square::parse("d7").unwrap()));
    let far_image = rgb(&render(&far, &view("alice to move")));
    let near_image = rgb(&render(&near, &view("alice to move")));
    for square in crate::games::glacier::SIZE.squares() {
        let differs = square_pixels(&far_image, square) != square_pixels(&near_image, square);
        assert_eq!(differs, preview.contains(&square), "{square}");
    }
    // A game that is over warns of nothing.
    let mut over = view("over");
    over.facts.status = Status::Over(crate::games::Outcome::draw(
        crate::games::EndReason::Agreement,
    ));
    let drawn = |position: &Position| {
        let game = AnyGame::Glacier(position.clone());
        rgb(&renderer().render(&game, &over).expect("a picture"))
    };
    assert_eq!(drawn(&far), drawn(&near));
}
