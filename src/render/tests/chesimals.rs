//! Chesimals I, II and Critters pictures.

use super::{renderer, rgb, seen, view};
use crate::games::chesimals::{self, CHESIMALS_1_SETUP, Position, Variant};
use crate::games::{AnyGame, MoveSquares, Square, TwoPlayerGame};
use crate::render::chesimals::{CHESIMALS_SQUARE, CRITTERS_SQUARE, MARGIN};
use crate::render::theme::{Rgb, Theme};
use crate::render::{View, board, header};

fn layout(variant: Variant) -> board::Layout {
    let square = if variant.is_critters() {
        CRITTERS_SQUARE
    } else {
        CHESIMALS_SQUARE
    };
    board::Layout::new(variant.board_size(), square, MARGIN, header::HEIGHT)
}

fn render(position: &Position, view: &View) -> image::RgbImage {
    let game = AnyGame::Chesimals(Box::new(position.clone()));
    match renderer().render(&game, &seen(&game, view)) {
        Ok(png) => rgb(&png),
        Err(error) => panic!("render failed: {error}"),
    }
}

fn parse(text: &str) -> Position {
    match Position::parse_position(text) {
        Ok(position) => position,
        Err(error) => panic!("bad test position {text}: {error}"),
    }
}

fn square(name: &str) -> Square {
    match Square::parse(name) {
        Some(square) => square,
        None => panic!("bad test square {name}"),
    }
}

/// The pixel of `square` at (`dx`, `dy`) from its top-left corner, as a share of the square.
fn pixel_at(image: &image::RgbImage, variant: Variant, at: &str, (dx, dy): (f32, f32)) -> Rgb {
    let layout = layout(variant);
    let (x, y) = layout.square_origin(square(at), false);
    let size = layout.square as f32;
    let [r, g, b] = image
        .get_pixel((x as f32 + dx * size) as u32, (y as f32 + dy * size) as u32)
        .0;
    Rgb(r, g, b)
}

/// A unit's fill: below its letter, inside its disc (and inside a Chief's ring).
fn fill(image: &image::RgbImage, variant: Variant, at: &str) -> Rgb {
    pixel_at(image, variant, at, (0.5, 0.72))
}

/// A square's ground: its corner, outside any unit's disc.
fn ground(image: &image::RgbImage, variant: Variant, at: &str) -> Rgb {
    pixel_at(image, variant, at, (0.04, 0.04))
}

fn trail_pixels(image: &image::RgbImage) -> usize {
    let line = Theme::DEFAULT.chesimals.trail_line;
    image
        .pixels()
        .filter(|p| p.0 == [line.0, line.1, line.2])
        .count()
}

#[test]
fn boards_are_about_a_thousand_pixels_tall_and_decode() {
    for (variant, size) in [
        (Variant::One, (680, 994)),
        (Variant::Two, (680, 994)),
        (Variant::Critters, (896, 1002)),
    ] {
        let image = render(&chesimals::start(variant), &view("alice to move"));
        assert_eq!(image.dimensions(), size, "{variant}");
        let layout = layout(variant);
        assert_eq!((layout.width, layout.height), size);
        assert!((900..=1010).contains(&size.0.max(size.1)), "{size:?}");
    }
}

#[test]
fn every_chesimal_has_its_own_colour_and_critters_one_a_side() {
    let colours = Theme::DEFAULT.chesimals;
    let image = render(&chesimals::start(Variant::One), &view(""));
    // The Chiefs of yellow, white, grey, orange, then green, blue, red, purple.
    let chiefs = ["k2", "e2", "h2", "b2", "b15", "e15", "h15", "k15"];
    let mut seen = Vec::new();
    for (at, expected) in chiefs.into_iter().zip(colours.units) {
        assert_eq!(fill(&image, Variant::One, at), expected, "{at}");
        seen.push(expected);
    }
    seen.sort_by_key(|c| (c.0, c.1, c.2));
    seen.dedup();
    assert_eq!(seen.len(), 8);
    // Other units, not only Chiefs: an orange warmachine, a purple elephant.
    assert_eq!(fill(&image, Variant::One, "b1"), colours.units[3]);
    assert_eq!(fill(&image, Variant::One, "j16"), colours.units[7]);
    // A Chief is ringed: the ring colour shows between its rim and its fill.
    let ring = pixel_at(&image, Variant::One, "b2", (0.5, 0.5 + 0.41 - 3.5 / 52.0));
    assert_eq!(ring, colours.chief_ring);
    let plain = pixel_at(&image, Variant::One, "b1", (0.5, 0.5 + 0.41 - 3.5 / 52.0));
    assert_eq!(plain, colours.units[3], "a warmachine has no ring");

    let critters = render(&chesimals::start(Variant::Critters), &view(""));
    assert_eq!(
        fill(&critters, Variant::Critters, "e4"),
        colours.critters[0]
    );
    assert_eq!(
        fill(&critters, Variant::Critters, "c3"),
        colours.critters[0]
    );
    assert_eq!(
        fill(&critters, Variant::Critters, "e17"),
        colours.critters[1]
    );
}

#[test]
fn green_squares_are_tinted_in_critters_only() {
    let colours = Theme::DEFAULT.chesimals;
    let critters = render(&chesimals::start(Variant::Critters), &view(""));
    for at in ["e5", "p5", "e16", "p16"] {
        let ground = ground(&critters, Variant::Critters, at);
        assert!(
            ground == colours.green_light || ground == colours.green_dark,
            "{at}: {ground:?}"
        );
    }
    let plain = ground(&critters, Variant::Critters, "f5");
    assert!(plain == colours.light || plain == colours.dark, "{plain:?}");
    let one = render(&chesimals::start(Variant::One), &view(""));
    let e5 = ground(&one, Variant::One, "e5");
    assert!(e5 == colours.light || e5 == colours.dark, "{e5:?}");
}

#[test]
fn the_last_turn_is_drawn_as_trails() {
    let colours = Theme::DEFAULT.chesimals;
    let start = chesimals::start(Variant::One);
    assert_eq!(trail_pixels(&render(&start, &view(""))), 0);
    let mut played = start.clone();
    if let Err(error) = played.play_turn_text("b3-b5 a3-a4") {
        panic!("a legal turn was refused: {error}");
    }
    // From the position's own memory of the turn, and from the view (as the bot stores it)
    // once the position was read back from text, which forgets trails.
    let from_memory = render(&played, &view(""));
    let reread = parse(&played.position_text());
    assert_eq!(trail_pixels(&render(&reread, &view(""))), 0);
    let marks =
        MoveSquares::from_trail(&[(square("b3"), square("b5")), (square("a3"), square("a4"))]);
    let mut with_marks = view("");
    with_marks.last_move = Some(marks);
    let from_view = render(&reread, &with_marks);
    for image in [&from_memory, &from_view] {
        assert!(trail_pixels(image) > 200, "{}", trail_pixels(image));
        // The squares left and reached are tinted; the line runs through b4, which stays
        // untinted, and the unit on b5 is drawn over the line.
        for at in ["b3", "b5", "a3", "a4"] {
            let ground = ground(image, Variant::One, at);
            let tinted = [colours.light, colours.dark]
                .map(|base| base.mix(colours.trail, colours.trail_strength));
            assert!(tinted.contains(&ground), "{at}: {ground:?}");
        }
        assert_eq!(
            pixel_at(image, Variant::One, "b4", (0.5, 0.5)),
            colours.trail_line
        );
        assert_eq!(fill(image, Variant::One, "b5"), colours.units[3]);
    }
}

#[test]
fn leaderless_units_are_greyed_and_moved_units_badged() {
    let colours = Theme::DEFAULT.chesimals;
    // The orange Chief (b2) captured: its AMP is leaderless.
    let text = CHESIMALS_1_SETUP.replacen("oWoCoW", "oW1oW", 1);
    let leaderless = parse(&text);
    assert!(leaderless.leaderless(square("b1")));
    let image = render(&leaderless, &view(""));
    let greyed = colours.units[3].mix(colours.leaderless, colours.leaderless_strength);
    assert_eq!(fill(&image, Variant::One, "b1"), greyed);
    assert_eq!(
        fill(&image, Variant::One, "e2"),
        colours.units[1],
        "white still leads"
    );

    let mut mid_turn = chesimals::start(Variant::One);
    if let Err(error) = mid_turn.play_message_text("b3-b5") {
        panic!("a legal move was refused: {error}");
    }
    assert!(mid_turn.turn_in_progress());
    let image = render(&mid_turn, &view(""));
    assert_eq!(
        pixel_at(&image, Variant::One, "b5", (0.8, 0.2)),
        colours.moved
    );
    assert_ne!(
        pixel_at(&image, Variant::One, "b1", (0.8, 0.2)),
        colours.moved
    );
    assert!(trail_pixels(&image) > 100, "the turn so far is drawn");
}

#[test]
fn flipped_boards_put_black_at_the_bottom() {
    let colours = Theme::DEFAULT.chesimals;
    let mut flipped = view("");
    flipped.flip = true;
    let image = render(&chesimals::start(Variant::One), &flipped);
    // Flipped, the place where b2 is drawn unflipped shows k15, the purple Chief.
    assert_eq!(fill(&image, Variant::One, "b2"), colours.units[7]);
}
