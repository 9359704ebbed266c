use std::sync::OnceLock;

use super::*;
use crate::games::knight_fight::{Move, Position};
use crate::games::rng::SeededRng;
use crate::games::{Side, Square, Status, TwoPlayerGame};

/// Preparing the art takes a while in a debug build; every test shares one renderer.
fn renderer() -> &'static Renderer {
    static RENDERER: OnceLock<Renderer> = OnceLock::new();
    RENDERER.get_or_init(|| match Renderer::new() {
        Ok(renderer) => renderer,
        Err(error) => panic!("the renderer could not be prepared: {error}"),
    })
}

/// A view with the players' names and `caption`; [`seen`] adds the rules' facts.
fn view(caption: &str) -> View {
    View {
        white: "alice".into(),
        black: "bob".into(),
        caption: caption.into(),
        ..View::default()
    }
}

/// `view` with the rules' facts about `game`, as the service hands them to the renderer.
fn seen(game: &AnyGame, view: &View) -> View {
    View {
        facts: game.view_facts(),
        ..view.clone()
    }
}

/// Every position of a random game from `seed` to its end, with the move that led to it.
fn random_game(seed: u64) -> Vec<(Position, Option<MoveSquares>)> {
    let mut rng = SeededRng::new(seed);
    let mut position = Position::start(seed);
    let mut out = vec![(position.clone(), None)];
    let mut moves: Vec<Move> = Vec::new();
    loop {
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            return out;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        let squares = position.move_squares(mv);
        position.play_unchecked(mv);
        out.push((position.clone(), Some(squares)));
    }
}

fn render(position: &Position, view: &View) -> Vec<u8> {
    let game = AnyGame::KnightFight(position.clone());
    match renderer().render(&game, &seen(&game, view)) {
        Ok(png) => png,
        Err(error) => panic!("render failed: {error}"),
    }
}

fn rgb(png: &[u8]) -> image::RgbImage {
    match image::load_from_memory(png) {
        Ok(image) => image.to_rgb8(),
        Err(error) => panic!("the PNG does not decode: {error}"),
    }
}

/// The pixels of `square` in a picture of `layout` drawn unflipped.
fn pixels_of_square(
    image: &image::RgbImage,
    layout: &board::Layout,
    square: Square,
) -> Vec<[u8; 3]> {
    let (x0, y0) = layout.square_origin(square, false);
    let side = layout.square as i32;
    (y0..y0 + side)
        .flat_map(|y| (x0..x0 + side).map(move |x| image.get_pixel(x as u32, y as u32).0))
        .collect()
}

/// How many pixels of the board squares of `layout` pass `test`.
fn board_pixels(
    image: &image::RgbImage,
    layout: &board::Layout,
    test: impl Fn([u8; 3]) -> bool,
) -> usize {
    let (x0, y0) = (layout.board_x(), layout.board_y());
    let width = layout.size.files as u32 * layout.square;
    let height = layout.size.ranks as u32 * layout.square;
    (y0..y0 + height)
        .flat_map(|y| (x0..x0 + width).map(move |x| (x, y)))
        .filter(|&(x, y)| test(image.get_pixel(x, y).0))
        .count()
}

/// The pixels of `square` in a Knight Fight picture drawn unflipped.
fn square_pixels(image: &image::RgbImage, square: Square) -> Vec<[u8; 3]> {
    let layout = board::Layout::new(crate::games::knight_fight::SIZE, 68, 30, header::HEIGHT);
    pixels_of_square(image, &layout, square)
}

/// `position` with its KFN ranks (top rank first) edited.
fn kfn(position: &Position, edit: impl Fn(&mut Vec<String>)) -> Position {
    let text = position.position_text();
    let mut parts: Vec<&str> = text.rsplitn(4, ' ').collect();
    parts.reverse();
    let mut ranks: Vec<String> = parts[0].split('/').map(str::to_owned).collect();
    edit(&mut ranks);
    let text = format!("{} {}", ranks.join("/"), parts[1..].join(" "));
    match Position::parse_position(&text) {
        Ok(position) => position,
        Err(error) => panic!("bad test position: {error}"),
    }
}

#[test]
fn the_renderer_can_be_shared_between_threads() {
    // Compiles only while `Renderer` is `Send + Sync`.
    let _: &(dyn Send + Sync) = renderer();
}

#[test]
fn the_png_decodes_at_the_layout_size_and_is_palette_indexed() {
    let png = render(&Position::start(1), &view("alice to move"));
    let image = rgb(&png);
    assert!(image.width() >= 720, "width {}", image.width());
    assert_eq!(image.width(), 2 * 30 + 10 * 68);
    assert_eq!(image.height(), header::HEIGHT + 2 * 30 + 10 * 68);
    let decoder = png::Decoder::new(std::io::Cursor::new(&png));
    let reader = match decoder.read_info() {
        Ok(reader) => reader,
        Err(error) => panic!("no PNG header: {error}"),
    };
    assert_eq!(reader.info().color_type, png::ColorType::Indexed);
    assert_eq!(reader.info().bit_depth, png::BitDepth::Eight);
}

#[test]
fn a_blocked_square_looks_different_from_a_free_one_and_nothing_else_changes() {
    let free = Position::start(3);
    // Block c5 (row 10 - 5 = 5 of the KFN text, cell 2).
    let blocked = kfn(&free, |ranks| {
        let mut cells: Vec<String> = ranks[5].split(' ').map(str::to_owned).collect();
        cells[2].push('x');
        ranks[5] = cells.join(" ");
    });
    let c5 = Square::new(2, 4);
    assert!(blocked.is_blocked(c5) && !free.is_blocked(c5));
    let (a, b) = (
        rgb(&render(&free, &view(""))),
        rgb(&render(&blocked, &view(""))),
    );
    assert_ne!(square_pixels(&a, c5), square_pixels(&b, c5));
    let d5 = Square::new(3, 4);
    assert_eq!(square_pixels(&a, d5), square_pixels(&b, d5));
}

#[test]
fn the_header_changes_with_the_side_to_move() {
    let game = random_game(11);
    let (position, _) = &game[4];
    assert_eq!(position.status(), Status::Ongoing);
    let other = kfn(position, |_| {});
    let text = position.position_text();
    let swapped = match position.side_to_move() {
        Side::White => text.replacen(" w ", " b ", 1),
        Side::Black => text.replacen(" b ", " w ", 1),
    };
    let swapped = match Position::parse_position(&swapped) {
        Ok(p) => p,
        Err(error) => panic!("{error}"),
    };
    assert_eq!(other, *position);
    assert_ne!(swapped.side_to_move(), position.side_to_move());
    let (a, b) = (
        rgb(&render(position, &view("same caption"))),
        rgb(&render(&swapped, &view("same caption"))),
    );
    let header_rows = |image: &image::RgbImage| -> Vec<[u8; 3]> {
        (0..header::HEIGHT)
            .flat_map(|y| (0..image.width()).map(move |x| (x, y)))
            .map(|(x, y)| image.get_pixel(x, y).0)
            .collect()
    };
    assert_ne!(header_rows(&a), header_rows(&b));
}

#[test]
fn flipping_changes_the_picture_but_not_its_size() {
    let (position, last) = random_game(5)[6].clone();
    let mut plain = view("alice to move");
    plain.last_move = last;
    let mut flipped = plain.clone();
    flipped.flip = true;
    let (a, b) = (
        rgb(&render(&position, &plain)),
        rgb(&render(&position, &flipped)),
    );
    assert_eq!(a.dimensions(), b.dimensions());
    assert_ne!(a.as_raw(), b.as_raw());
}

/// The pixels of the icon disc of the header panel at the band's `end`.
fn icon_disc(image: &image::RgbImage, end: header::End) -> Vec<[u8; 3]> {
    let width = image.width() as i32;
    let centre = header::ICON_INSET as i32 + header::ICON_RADIUS as i32 + header::PAD as i32;
    let x = match end {
        header::End::Left => centre,
        header::End::Right => width - centre,
    };
    let y = (header::PANEL_Y + header::PANEL_H / 2) as i32;
    let r = header::ICON_RADIUS as i32 - 3;
    (y - r..y + r)
        .flat_map(|py| (x - r..x + r).map(move |px| image.get_pixel(px as u32, py as u32).0))
        .collect()
}

#[test]
fn flipped_the_panels_follow_the_board() {
    use header::End::{Left, Right};
    assert_eq!(
        header::Header::sides(false),
        [(Left, Side::White), (Right, Side::Black)]
    );
    assert_eq!(
        header::Header::sides(true),
        [(Left, Side::Black), (Right, Side::White)]
    );
    let position = Position::start(4);
    let plain = view("alice to move");
    let mut flipped = plain.clone();
    flipped.flip = true;
    let (a, b) = (
        rgb(&render(&position, &plain)),
        rgb(&render(&position, &flipped)),
    );
    // Unflipped, White's knight is on the left and Black's on the right; flipped, Black's
    // panel (icon, turn state and all) stands on the left, as Black now plays from the
    // bottom.
    assert_ne!(icon_disc(&a, Left), icon_disc(&a, Right));
    assert_eq!(icon_disc(&b, Left), icon_disc(&a, Right));
    assert_eq!(icon_disc(&b, Right), icon_disc(&a, Left));
}

#[test]
fn every_position_of_random_games_renders() {
    for seed in 0..3 {
        let game = random_game(seed);
        assert!(game.last().is_some_and(|(p, _)| p.status().is_over()));
        for (index, (position, last)) in game.into_iter().enumerate() {
            let mut view = view(&format!("move {index}"));
            view.last_move = last;
            view.flip = index % 2 == 1;
            let image = rgb(&render(&position, &view));
            assert_eq!(image.width(), 740);
        }
    }
}

#[test]
fn hostile_names_and_views_do_not_fail() {
    let position = Position::start(9);
    let long = "x".repeat(10_000);
    let names = [
        "",
        "   ",
        "\u{0}\n\t",
        "🐴🐴🐴",
        "Ḱńïġĥţ ƒïġĥţěř",
        long.as_str(),
    ];
    for name in names {
        let view = View {
            white: name.into(),
            black: name.into(),
            caption: name.into(),
            detail: String::new(),
            last_move: Some(MoveSquares {
                from: Some(Square::new(25, 25)),
                to: Some(Square::new(10, 3)),
                also: vec![Square::new(0, 0), Square::new(200, 200)],
            }),
            flip: true,
            ..View::default()
        };
        let image = rgb(&render(&position, &view));
        assert_eq!(image.width(), 740);
    }
}

#[test]
fn finished_games_show_no_turn_marker() {
    let game = random_game(21);
    let Some((over, _)) = game.last() else {
        panic!("empty game")
    };
    assert!(over.status().is_over());
    // The same finished board with the side to move swapped draws an identical picture,
    // since no one is to move any more and no jump targets are shown.
    let text = over.position_text();
    let swapped = match over.side_to_move() {
        Side::White => text.replacen(" w ", " b ", 1),
        Side::Black => text.replacen(" b ", " w ", 1),
    };
    if let Ok(swapped) = Position::parse_position(&swapped)
        && swapped.status().is_over()
    {
        let v = view("game over");
        assert_eq!(rgb(&render(over, &v)), rgb(&render(&swapped, &v)));
    }
}

/// Writes sample pictures to /tmp for looking at: `cargo test --lib render -- --ignored`.
#[test]
#[ignore]
fn write_samples() {
    let game = random_game(42);
    let write = |name: &str, position: &Position, view: &View| {
        let png = render(position, view);
        let path = format!("/tmp/kibitz-{name}.png");
        if let Err(error) = std::fs::write(&path, &png) {
            panic!("{path}: {error}");
        }
        println!("{path}: {} bytes", png.len());
    };
    write(
        "start",
        &game[0].0,
        &view("alice to move: place your knight on rank 1"),
    );
    let mid = game.len() / 2;
    let (position, last) = &game[mid];
    let to_move = match position.side_to_move() {
        Side::White => "alice",
        Side::Black => "bob",
    };
    let mut mid_view = view(&format!("{to_move} to move"));
    mid_view.last_move = last.clone();
    write("mid", position, &mid_view);
    mid_view.flip = true;
    write("mid-flipped", position, &mid_view);
    let (position, last) = &game[game.len() - 1];
    let mut end_view = view(&format!(
        "game over: {} : {}",
        position.score(Side::White),
        position.score(Side::Black)
    ));
    end_view.last_move = last.clone();
    write("over", position, &end_view);
    let names = View {
        white: "Maximilian Alexandrovich Von Knightsbridge-Smythe".into(),
        black: "Ŋøřđ Ωμέγα Жуков 東京".into(),
        caption: "Ŋøřđ Ωμέγα Жуков 東京 to move. A very long caption that goes on and on and does not stop until it is cut".into(),
        ..View::default()
    };
    write("names", &game[3].0, &names);
    let mut russian = leaderboard(10, 1);
    russian.title = "Таблица задач дня AMBIT, за всё время".into();
    russian.footer = "Страница 1 из 2".into();
    for (column, label) in russian
        .columns
        .iter_mut()
        .zip(["№", "Игрок", "Звёзды", "Время"])
    {
        column.label = label.into();
    }
    russian.rows[0][1] = "Александра Длинноимённая".into();
    for (name, table) in [
        ("table", leaderboard(10, 1)),
        ("table-page-2", leaderboard(10, 11)),
        ("table-ru", russian),
    ] {
        let path = format!("/tmp/kibitz-{name}.png");
        match renderer().render_table(&table) {
            Ok(png) => std::fs::write(&path, png).unwrap_or_else(|e| panic!("{path}: {e}")),
            Err(error) => panic!("table render failed: {error}"),
        }
    }
}

#[test]
fn a_resigned_game_shows_no_turn_and_no_targets() {
    use crate::games::{EndReason, Outcome, Side};
    let renderer = Renderer::new().unwrap();
    let game = AnyGame::start(crate::games::GameKind::KnightFight, 3);
    let ongoing = View {
        white: "alice".into(),
        black: "bob".into(),
        caption: "Game #1".into(),
        facts: game.view_facts(),
        ..View::default()
    };
    let resigned = View {
        facts: ongoing
            .facts
            .clone()
            .ended(Outcome::win(Side::Black, EndReason::Resignation)),
        ..ongoing.clone()
    };
    let a = image::load_from_memory(&renderer.render(&game, &ongoing).unwrap())
        .unwrap()
        .to_rgba8();
    let b = image::load_from_memory(&renderer.render(&game, &resigned).unwrap())
        .unwrap()
        .to_rgba8();
    let changed = a.pixels().zip(b.pixels()).filter(|(x, y)| x != y).count();
    // The rank-1 target discs vanish and the header's marker moves to the winner.
    assert!(changed > 1000, "only {changed} pixels changed");
}

#[test]
fn a_picture_prepares_the_art_of_its_own_game_only() {
    use ArtKind::*;
    let renderer = Renderer::new().unwrap();
    let all = [KnightFight, Glacier, Chesimals, Ambit, Table];
    let prepared = |renderer: &Renderer| -> Vec<ArtKind> {
        all.into_iter()
            .filter(|&kind| renderer.is_prepared(kind))
            .collect()
    };
    assert_eq!(prepared(&renderer), [], "start-up prepares no art");
    let glacier = AnyGame::start(crate::games::GameKind::Glacier, 0);
    let first = renderer.render(&glacier, &view("alice to move")).unwrap();
    assert_eq!(prepared(&renderer), [Glacier]);
    // The art is kept: the second picture is the same and prepares nothing more.
    let second = renderer.render(&glacier, &view("alice to move")).unwrap();
    assert_eq!(first, second);
    assert_eq!(prepared(&renderer), [Glacier]);
    renderer.render_table(&leaderboard(3, 1)).unwrap();
    assert_eq!(prepared(&renderer), [Glacier, Table]);
    // A lazily prepared renderer draws what one prepared up front draws.
    let eager = Renderer::new().unwrap();
    for kind in all {
        eager.prepare(kind).unwrap();
    }
    assert_eq!(
        eager.render(&glacier, &view("alice to move")).unwrap(),
        first
    );
}

/// Names in scripts DejaVu lacks (Chinese, Japanese, Korean, emoji) and right-to-left ones.
const WORLD_NAMES: [&str; 7] = [
    "王小明",
    "山田さくら",
    "김민준",
    "Joy 😀🎲♟",
    "שרה כהן",
    "محمد سلام",
    "رضا پارسا",
];

#[test]
fn names_in_any_script_find_a_glyph_that_draws_ink() {
    use font::{Face, TextStyle};
    let fonts = renderer().glyphs.fonts();
    for face in [Face::Regular, Face::Bold] {
        let style = TextStyle::new(face, 24.0);
        // A private-use character no font has: the box every missing glyph is drawn as.
        let notdef = fonts.mask(style, "\u{E000}").expect("the box has ink");
        for name in WORLD_NAMES {
            assert_eq!(fonts.missing(face, name), Vec::<char>::new(), "{name}");
            for c in script::visual(name)
                .into_iter()
                .filter(|c| !c.is_whitespace())
            {
                let mask = fonts
                    .mask(style, &c.to_string())
                    .unwrap_or_else(|| panic!("{c:?} of {name} draws nothing"));
                assert!(mask.coverage.iter().any(|&c| c > 128), "{c:?}");
                assert_ne!(mask.coverage, notdef.coverage, "{c:?} of {name} is a box");
            }
        }
    }
}

/// The board header and the leaderboard with such names, written to /tmp to look at; each
/// name's cell has ink where an empty name leaves it blank.
#[test]
fn names_in_any_script_are_drawn_in_the_header_and_the_table() {
    let game = AnyGame::start(crate::games::GameKind::Glacier, 0);
    let board = |white: &str, black: &str| {
        let view = View {
            white: white.into(),
            black: black.into(),
            caption: format!("{white} to move"),
            ..view("")
        };
        let png = renderer().render(&game, &view).unwrap();
        image::load_from_memory(&png).unwrap().to_rgba8()
    };
    let table = |names: &[&str]| {
        let mut table = leaderboard(names.len(), 1);
        for (row, name) in table.rows.iter_mut().zip(names) {
            row[1] = (*name).to_string();
        }
        table.title = "王小明 · 김민준 · שרה · محمد · 😀".into();
        let png = renderer().render_table(&table).unwrap();
        image::load_from_memory(&png).unwrap().to_rgba8()
    };
    let pairs = [(0, 1), (2, 3), (4, 5), (6, 0)];
    for (n, (white, black)) in pairs.into_iter().enumerate() {
        let (white, black) = (WORLD_NAMES[white], WORLD_NAMES[black]);
        let picture = board(white, black);
        picture
            .save(format!("/tmp/kibitz-world-names-{n}.png"))
            .unwrap();
        let blank = board("", "");
        let changed = picture
            .pixels()
            .zip(blank.pixels())
            .filter(|(a, b)| a != b)
            .count();
        assert!(changed > 500, "{white} / {black}: only {changed} pixels");
    }
    let picture = table(&WORLD_NAMES);
    picture.save("/tmp/kibitz-world-names-table.png").unwrap();
    // Row by row: the row's name drawn against the same table with that one name empty.
    for (row, name) in WORLD_NAMES.iter().enumerate() {
        let mut names = WORLD_NAMES;
        names[row] = "";
        let without = table(&names);
        let changed = picture
            .pixels()
            .zip(without.pixels())
            .filter(|(a, b)| a != b)
            .count();
        assert!(changed > 100, "{name}: only {changed} pixels");
    }
}

mod ambit;
mod chesimals;
mod fonts;
mod glacier;

fn leaderboard(rows: usize, first_rank: usize) -> TableView {
    let right = |label: &str| Column {
        label: label.into(),
        align: Align::Right,
    };
    TableView {
        title: "AMBIT daily leaderboard, all time".into(),
        footer: "Page 1 of 2".into(),
        columns: vec![
            right("#"),
            Column {
                label: "Player".into(),
                align: Align::Left,
            },
            right("Stars"),
            right("Time"),
        ],
        rows: (0..rows)
            .map(|r| {
                vec![
                    (first_rank + r).to_string(),
                    format!("player {r}"),
                    (30 - r).to_string(),
                    format!("{}:{:02}", r + 1, r * 7 % 60),
                ]
            })
            .collect(),
        first_rank,
    }
}

fn render_table(table: &TableView) -> image::RgbImage {
    match renderer().render_table(table) {
        Ok(png) => rgb(&png),
        Err(error) => panic!("table render failed: {error}"),
    }
}

/// The rows of `image` (y) that hold a pixel of `colour`.
fn rows_with(image: &image::RgbImage, colour: theme::Rgb) -> Vec<u32> {
    (0..image.height())
        .filter(|&y| {
            (0..image.width()).any(|x| image.get_pixel(x, y).0 == [colour.0, colour.1, colour.2])
        })
        .collect()
}

#[test]
fn a_table_grows_a_row_at_a_time_and_every_row_has_text() {
    let colours = theme::Theme::DEFAULT.header;
    let three = render_table(&leaderboard(3, 1));
    let ten = render_table(&leaderboard(10, 1));
    assert_eq!(three.width(), ten.width());
    let row = (ten.height() - three.height()) / 7;
    assert!(row >= 30, "a row is {row} px");
    assert_eq!(ten.height() - three.height(), 7 * row);
    // Each of the ten row bands has ink in the cell colour (ranks 4 to 10) or the podium's.
    let name_rows = rows_with(&ten, colours.name);
    let podium_rows = rows_with(&ten, colours.winner);
    let first_row_top = ten.height() - 10 * row - 54;
    for r in 0..10 {
        let band = first_row_top + r * row..first_row_top + (r + 1) * row;
        assert!(
            name_rows.iter().any(|y| band.contains(y)),
            "row {r} has no text"
        );
        // The top three ranks are in the winner's colour, the rest are not.
        assert_eq!(
            podium_rows.iter().any(|y| band.contains(y)),
            r < 3,
            "row {r}"
        );
    }
}

#[test]
fn a_second_page_has_no_podium_and_long_or_hostile_cells_are_cut() {
    let colours = theme::Theme::DEFAULT.header;
    let page_two = render_table(&leaderboard(10, 11));
    assert!(rows_with(&page_two, colours.winner).is_empty());
    let plain = render_table(&leaderboard(4, 1));
    let mut hostile = leaderboard(4, 1);
    hostile.rows[1][1] = "Ŋøřđ Ωμέγα Жуков 東京 \u{202e}".repeat(200);
    hostile.rows[2] = vec!["only one cell".into()];
    hostile.rows[3].extend(["surplus".to_string(), "cells".to_string()]);
    hostile.title = "x".repeat(5000);
    let cut = render_table(&hostile);
    assert!(cut.width() > plain.width());
    assert!(cut.width() <= 1000, "{} px wide", cut.width());
    assert_eq!(cut.height(), plain.height());
    let empty = render_table(&TableView::default());
    assert!(empty.width() >= 400 && empty.height() > 0);
}

/// A replay of every game decodes, frame by frame, to the pictures of its positions, each
/// shown for its time: the GIF writer's changed parts, their short delays and transparency
/// lose nothing, whatever the palette, and a picture shown twice in a row is one frame shown
/// for both times.
#[test]
fn every_games_replay_decodes_to_its_pictures() {
    use crate::games::GameKind;
    for kind in [
        GameKind::KnightFight,
        GameKind::Critters,
        GameKind::ChesimalsOne,
        GameKind::Glacier,
    ] {
        let mut game = AnyGame::start(kind, 3);
        let mut pictures = vec![(game.clone(), seen(&game, &view("")))];
        for ply in 0..4 {
            let legal = game.legal_move_texts();
            let played = game.play_text(&legal[(ply * 5 + 1) % legal.len()]).unwrap();
            let mut shown = seen(&game, &view(&format!("{ply}. {}", played.text)));
            shown.last_move = Some(played.squares);
            pictures.push((game.clone(), shown));
            if ply == 1 {
                // The same picture again, as a replay may show it.
                pictures.push(pictures[pictures.len() - 1].clone());
            }
        }
        let last = pictures.len() - 1;
        // What each picture should look like, and how long: repeats are one showing.
        let mut expected: Vec<(Vec<u8>, u16)> = Vec::new();
        for (number, (game, view)) in pictures.iter().enumerate() {
            let png = renderer().render(game, view).unwrap();
            let rgba = image::load_from_memory_with_format(&png, image::ImageFormat::Png)
                .unwrap()
                .to_rgba8()
                .into_raw();
            let delay = match number {
                0 => REPLAY_FIRST_DELAY,
                n if n == last => REPLAY_LAST_DELAY,
                _ => REPLAY_DELAY,
            };
            match expected.last_mut() {
                Some((before, time)) if *before == rgba => *time += delay,
                _ => expected.push((rgba, delay)),
            }
        }
        let gif = renderer().render_replay(&pictures).unwrap();
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(&gif[..]).unwrap();
        let width = usize::from(decoder.width());
        let mut canvas = vec![0u8; width * usize::from(decoder.height()) * 4];
        let mut shown: Vec<(Vec<u8>, u16)> = Vec::new();
        let mut time = 0;
        let mut frames = 0;
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            frames += 1;
            for row in 0..usize::from(frame.height) {
                for column in 0..usize::from(frame.width) {
                    let from = (row * usize::from(frame.width) + column) * 4;
                    if frame.buffer[from + 3] == 0 {
                        continue;
                    }
                    let at =
                        ((usize::from(frame.top) + row) * width + usize::from(frame.left) + column)
                            * 4;
                    canvas[at..at + 4].copy_from_slice(&frame.buffer[from..from + 4]);
                }
            }
            // A part shown for the shortest time is a step within one picture: browsers
            // show no delay under 2 hundredths as given.
            assert!(
                frame.delay >= 2,
                "{kind}: a frame shown for {}",
                frame.delay
            );
            time += frame.delay;
            if frame.delay > 2 {
                shown.push((canvas.clone(), time));
                time = 0;
            }
        }
        assert_eq!(time, 0, "{kind}: the GIF ends on a step");
        assert_eq!(shown.len(), expected.len(), "{kind}: pictures shown");
        for (number, ((got, got_time), (want, want_time))) in
            shown.iter().zip(&expected).enumerate()
        {
            assert!(got == want, "{kind} picture {number}");
            assert_eq!(got_time, want_time, "{kind} picture {number}'s time");
        }
        // Moves change places far apart (the cards, the caption, the squares): some picture
        // is written in more than one part.
        assert!(frames > shown.len(), "{kind}: {frames} frames");
    }
}
