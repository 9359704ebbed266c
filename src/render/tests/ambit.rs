//! AMBIT pictures.

use super::{board_pixels, pixels_of_square, renderer, rgb};
use crate::games::Square;
use crate::games::ambit::footprint::{self, bit};
use crate::games::ambit::{
    Footprint, Game, GameStatus, Level, PlaceOutcome, Placement, Puzzle, generate,
};
use crate::render::canvas::Rgb;
use crate::render::theme::Theme;
use crate::render::{AmbitView, board, header};
use image::GenericImageView;

const SQUARE: u32 = 84;
const MARGIN: u32 = 30;
const STRIP: u32 = 74;

fn layout() -> board::Layout {
    let size = crate::games::BoardSize::new(8, 8);
    board::Layout::new(size, SQUARE, MARGIN, header::HEIGHT)
}

fn render(game: &Game, view: &AmbitView) -> Vec<u8> {
    match renderer().render_ambit(game, view) {
        Ok(png) => png,
        Err(error) => panic!("render failed: {error}"),
    }
}

fn view(caption: &str) -> AmbitView {
    AmbitView {
        title: "AMBIT practice".into(),
        caption: caption.into(),
        ..AmbitView::default()
    }
}

fn square_pixels(image: &image::RgbImage, square: Square) -> Vec<[u8; 3]> {
    pixels_of_square(image, &layout(), square)
}

/// Pixels of the board squares that are the attempt's clear red.
fn red_pixels(image: &image::RgbImage) -> usize {
    board_pixels(image, &layout(), |[r, g, b]| r > 200 && g < 110 && b < 110)
}

fn place(game: &mut Game, placement: Placement) -> PlaceOutcome {
    match game.place(placement) {
        Ok(outcome) => outcome,
        Err(error) => panic!("{placement} refused: {error}"),
    }
}

fn puzzle(seed: u64) -> Puzzle {
    generate(seed, Level::Medium)
}

/// A placement that reaches outside the footprint, on an empty square.
fn invalid_placement(game: &Game) -> Placement {
    Placement::all()
        .find(|&p| !game.footprint().allows(p) && game.occupied() & bit(p.square) == 0)
        .unwrap_or_else(|| panic!("every placement fits {}", game.footprint()))
}

#[test]
fn the_png_decodes_at_the_expected_size_and_is_small() {
    let puzzle = puzzle(1);
    let png = render(&Game::new(puzzle.footprint), &view("Cover the footprint"));
    let image = rgb(&png);
    assert!(image.width() >= 720);
    assert_eq!(image.width(), 2 * MARGIN + 8 * SQUARE);
    assert_eq!(
        image.height(),
        header::HEIGHT + 2 * MARGIN + 8 * SQUARE + STRIP
    );
    assert!(png.len() < 60_000, "{} bytes", png.len());
}

#[test]
fn footprint_squares_differ_from_the_others() {
    let puzzle = puzzle(2);
    let image = rgb(&render(&Game::new(puzzle.footprint), &view("")));
    let fp = puzzle.footprint.bits();
    // A footprint square and an outside one of the same square colour.
    let pair = (0..64).map(footprint::square_at).find_map(|inside| {
        let outside = (0..64).map(footprint::square_at).find(|&s| {
            fp & bit(s) == 0 && board::Layout::is_dark(s) == board::Layout::is_dark(inside)
        })?;
        (fp & bit(inside) != 0).then_some((inside, outside))
    });
    let Some((inside, outside)) = pair else {
        panic!("no pair of squares in {}", puzzle.footprint);
    };
    assert_ne!(
        square_pixels(&image, inside),
        square_pixels(&image, outside)
    );
}

#[test]
fn a_placed_piece_changes_its_square_and_the_squares_it_covers() {
    let puzzle = puzzle(3);
    let mut game = Game::new(puzzle.footprint);
    let before = rgb(&render(&game, &view("")));
    let first = puzzle.solution[0];
    place(&mut game, first);
    let after = rgb(&render(&game, &view("")));
    assert_ne!(
        square_pixels(&before, first.square),
        square_pixels(&after, first.square)
    );
    for square in footprint::squares(first.attacks()) {
        assert_ne!(
            square_pixels(&before, square),
            square_pixels(&after, square)
        );
    }
}

#[test]
fn red_squares_show_only_with_an_attempt() {
    let puzzle = puzzle(4);
    let mut game = Game::new(puzzle.footprint);
    let plain = rgb(&render(&game, &view("")));
    assert_eq!(red_pixels(&plain), 0);
    let wrong = invalid_placement(&game);
    let PlaceOutcome::Invalid { offending, .. } = place(&mut game, wrong) else {
        panic!("{wrong} was accepted");
    };
    let mut with_attempt = view("refused");
    with_attempt.attempt = Some((wrong, offending.clone()));
    let image = rgb(&render(&game, &with_attempt));
    assert!(
        red_pixels(&image) > 2000 * offending.len().min(3),
        "{}",
        red_pixels(&image)
    );
    // The same game without the attempt in the view: no red.
    assert_eq!(red_pixels(&rgb(&render(&game, &view("")))), 0);
}

#[test]
fn solution_pieces_show_only_when_given() {
    let puzzle = puzzle(5);
    let game = Game::new(puzzle.footprint);
    let plain = rgb(&render(&game, &view("")));
    let mut given = view("");
    given.solution = puzzle.solution.clone();
    let shown = rgb(&render(&game, &given));
    for placement in &puzzle.solution {
        assert_ne!(
            square_pixels(&plain, placement.square),
            square_pixels(&shown, placement.square),
            "{placement}"
        );
    }
    let again = rgb(&render(&game, &view("")));
    assert_eq!(plain, again);
}

#[test]
fn a_solved_puzzle_celebrates() {
    let puzzle = puzzle(6);
    let mut solved = Game::new(puzzle.footprint);
    for &placement in &puzzle.solution {
        place(&mut solved, placement);
    }
    assert_eq!(solved.status(), GameStatus::Solved);
    // The same pieces on a footprint with one square more: not solved.
    let covered = solved.covered() | solved.occupied();
    let Some(extra) = (0..64).find(|i| covered & (1u64 << i) == 0) else {
        panic!("the solution covers the whole board");
    };
    let mut unsolved = Game::new(Footprint(puzzle.footprint.bits() | 1 << extra));
    for &placement in &puzzle.solution {
        place(&mut unsolved, placement);
    }
    assert_eq!(unsolved.status(), GameStatus::Ongoing);
    let (a, b) = (
        rgb(&render(&solved, &view("Solved!"))),
        rgb(&render(&unsolved, &view("Solved!"))),
    );
    let same_board = solved
        .placements()
        .iter()
        .all(|p| square_pixels(&a, p.square) == square_pixels(&b, p.square));
    assert!(same_board, "the pieces should look the same");
    let changed = a.pixels().zip(b.pixels()).filter(|(x, y)| x != y).count();
    assert!(changed > 20_000, "only {changed} pixels changed");
}

#[test]
fn many_generated_puzzles_render_at_every_step() {
    let levels = [Level::Easy, Level::Medium, Level::Hard];
    for seed in 0..24u64 {
        let level = levels[seed as usize % levels.len()];
        let puzzle = generate(seed, level);
        let mut game = Game::new(puzzle.footprint);
        let mut seen = view("");
        seen.attempt = Some((invalid_placement(&game), vec![Square::new(0, 0)]));
        for &placement in &puzzle.solution {
            assert!(renderer().render_ambit(&game, &seen).is_ok());
            place(&mut game, placement);
            seen.attempt = None;
        }
        seen.solution = puzzle.solution.clone();
        assert!(renderer().render_ambit(&game, &seen).is_ok());
    }
}

#[test]
fn hostile_views_do_not_fail() {
    let game = Game::new(puzzle(8).footprint);
    let far = Square::new(200, 200);
    let placement = Placement {
        piece: crate::games::ambit::Piece::Queen,
        square: far,
    };
    let view = AmbitView {
        title: "Ŋøřđ Ωμέγα Жуков 東京 and a very long title that does not fit".into(),
        caption: "x".repeat(500),
        attempt: Some((placement, vec![far, Square::new(9, 0)])),
        solution: vec![placement; 100],
        given_up: true,
        time: "9".repeat(300),
    };
    assert!(renderer().render_ambit(&game, &view).is_ok());
}

/// How many pixels of the header's panel, between `from` and `to` across, are exactly `colour`.
fn panel_pixels(image: &image::RgbImage, (from, to): (u32, u32), colour: Rgb) -> usize {
    let rows = header::PANEL_Y..header::PANEL_Y + header::PANEL_H;
    rows.flat_map(|y| (from..to).map(move |x| (x, y)))
        .filter(|&(x, y)| image.get_pixel(x, y).0 == [colour.0, colour.1, colour.2])
        .count()
}

/// The right end of the panel, where the stars stand.
fn star_band(image: &image::RgbImage) -> (u32, u32) {
    (image.width() - 150, image.width())
}

#[test]
fn a_given_up_puzzle_shows_no_earned_stars() {
    let theme = Theme::DEFAULT;
    let puzzle = puzzle(9);
    let mut game = Game::new(puzzle.footprint);
    place(&mut game, puzzle.solution[0]);
    assert_eq!(game.lives(), 3);
    let playing = rgb(&render(&game, &view("")));
    let lit = panel_pixels(&playing, star_band(&playing), theme.ambit.life);
    assert!(lit > 300, "three lives are lit while playing: {lit}");
    let mut given_up = view("Puzzle ended.");
    given_up.solution = puzzle.solution.clone();
    given_up.given_up = true;
    let image = rgb(&render(&game, &given_up));
    assert_eq!(
        panel_pixels(&image, star_band(&image), theme.ambit.life),
        0,
        "no star is earned by giving up"
    );
    // The panel has the red edge of a puzzle over unsolved, like running out of lives.
    let edge = panel_pixels(&image, (0, image.width()), theme.ambit.lost);
    assert!(edge > 200, "{edge}");
    assert_eq!(
        panel_pixels(&playing, (0, image.width()), theme.ambit.lost),
        0
    );
}

#[test]
fn a_finished_dailys_time_stands_beside_the_stars() {
    let theme = Theme::DEFAULT;
    let puzzle = puzzle(10);
    let mut game = Game::new(puzzle.footprint);
    for &placement in &puzzle.solution {
        place(&mut game, placement);
    }
    let mut untimed = view("Solved!");
    untimed.title = "AMBIT daily #333".into();
    let mut timed = untimed.clone();
    timed.time = "2:31".into();
    let (plain, shown) = (rgb(&render(&game, &untimed)), rgb(&render(&game, &timed)));
    // Between the title's end and the stars: nothing without a time, the time's ink with it.
    let width = plain.width();
    let room = (width / 2, width - 150);
    let ink = theme.header.name;
    assert_eq!(panel_pixels(&plain, room, ink), 0);
    let drawn = panel_pixels(&shown, room, ink);
    assert!(drawn > 60, "the time and its stopwatch: {drawn} pixels");
    // Nothing else moves: the board, the stars and the title are as they were.
    let below = header::PANEL_Y + header::PANEL_H;
    let same = |image: &image::RgbImage| {
        image
            .view(0, below, width, image.height() - below)
            .to_image()
    };
    assert_eq!(same(&plain), same(&shown));
    let stars = star_band(&plain);
    let lit = panel_pixels(&plain, stars, theme.ambit.life);
    assert!(lit > 300, "{lit}");
    assert_eq!(lit, panel_pixels(&shown, stars, theme.ambit.life));
}

/// Writes sample pictures for looking at: `cargo test --lib render::tests::ambit -- --ignored`.
#[test]
#[ignore]
fn write_samples() {
    let write = |name: &str, game: &Game, view: &AmbitView| {
        let png = render(game, view);
        let path = format!("/tmp/kibitz-ambit-{name}.png");
        if let Err(error) = std::fs::write(&path, &png) {
            panic!("{path}: {error}");
        }
        println!("{path}: {} bytes", png.len());
    };
    let puzzle = generate(11, Level::Medium);
    println!("solution: {:?}", puzzle.solution);
    let mut game = Game::new(puzzle.footprint);
    write("fresh", &game, &view("Cover the yellow squares exactly."));

    let mut mid = game.clone();
    let count = puzzle.solution.len().saturating_sub(1).clamp(1, 3);
    for &placement in &puzzle.solution[..count] {
        place(&mut mid, placement);
    }
    write("mid", &mid, &view("Bd3 placed."));

    let mut refused = mid.clone();
    let wrong = invalid_placement(&refused);
    if let PlaceOutcome::Invalid { offending, .. } = place(&mut refused, wrong) {
        let mut v = view(&format!(
            "{wrong} reaches outside the footprint: a life lost."
        ));
        v.attempt = Some((wrong, offending));
        write("refused", &refused, &v);
    }

    // An unanchored piece: a valid placement on a footprint square nothing covers.
    let mut lonely = game.clone();
    let free = lonely
        .valid_placements()
        .into_iter()
        .find(|p| puzzle.footprint.contains(p.square));
    if let Some(placement) = free {
        place(&mut lonely, placement);
        write(
            "unanchored",
            &lonely,
            &view(&format!("{placement} is not anchored yet.")),
        );
    }

    for &placement in &puzzle.solution {
        place(&mut game, placement);
    }
    let mut solved_view = view("Solved with 2 lives left!");
    solved_view.title = "AMBIT daily #42".into();
    solved_view.time = "2:31".into();
    write("solved", &game, &solved_view);

    let mut gave_up = mid.clone();
    let extra = gave_up
        .valid_placements()
        .into_iter()
        .find(|p| !puzzle.solution.contains(p));
    if let Some(placement) = extra {
        place(&mut gave_up, placement);
    }
    let mut v = view("You gave up. A solution:");
    v.solution = puzzle.solution.clone();
    v.given_up = true;
    write("gaveup", &gave_up, &v);
    v.title = "AMBIT daily #42".into();
    v.time = "12:07".into();
    write("gaveup-daily", &gave_up, &v);

    let mut over = Game::new(puzzle.footprint);
    place(&mut over, puzzle.solution[0]);
    let mut last = None;
    for _ in 0..3 {
        let wrong = invalid_placement(&over);
        if let PlaceOutcome::Invalid { offending, .. } = place(&mut over, wrong) {
            last = Some((wrong, offending));
        }
    }
    let mut v = view("Out of lives. A solution:");
    v.attempt = last;
    v.solution = puzzle.solution.clone();
    write("over", &over, &v);
}
