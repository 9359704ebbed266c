//! The fallback fonts match the style they stand in for: CJK in the bold face is bold.

use super::*;
use font::{Face, TextStyle};

/// All the ink of `text` in `face`: the sum of its coverage mask.
fn ink(face: Face, text: &str) -> u64 {
    let fonts = renderer().glyphs.fonts();
    let mask = fonts
        .mask(TextStyle::new(face, 24.0), text)
        .unwrap_or_else(|| panic!("{text} draws nothing"));
    mask.coverage.iter().map(|&c| u64::from(c)).sum()
}

#[test]
fn cjk_names_drawn_bold_have_more_ink_than_regular_ones() {
    for name in ["王小明", "山田さくら", "김민준"] {
        let (regular, bold) = (ink(Face::Regular, name), ink(Face::Bold, name));
        // Latin bold (DejaVu) has about 1.4 times the ink of regular: CJK bold should be
        // well on its way there, not the same face twice.
        assert!(
            bold * 100 > regular * 125,
            "{name}: bold {bold}, regular {regular}"
        );
    }
    let (regular, bold) = (ink(Face::Regular, "Alice"), ink(Face::Bold, "Alice"));
    assert!(
        bold * 100 > regular * 125,
        "Latin: bold {bold}, regular {regular}"
    );
}

/// A Glacier start position with `white` as White's name (also in the caption), decoded.
fn board_with(white: &str) -> image::RgbImage {
    let game = AnyGame::start(crate::games::GameKind::Glacier, 0);
    let view = View {
        white: white.into(),
        black: "王小明".into(),
        caption: format!("{white} to move"),
        ..View::default()
    };
    match renderer().render(&game, &seen(&game, &view)) {
        Ok(png) => rgb(&png),
        Err(error) => panic!("render failed: {error}"),
    }
}

/// Pixels of the header band that are clearly yellow: the face of 😀, which neither the
/// text (near white), the panels (grey-blue) nor the turn marker (green) are.
fn yellow_in_header(image: &image::RgbImage) -> usize {
    (0..header::HEIGHT)
        .flat_map(|y| (0..image.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let [r, g, b] = image.get_pixel(x, y).0;
            r > 200 && g > 150 && b < 110 && r > b + 120
        })
        .count()
}

#[test]
fn an_emoji_in_a_name_is_drawn_in_colour() {
    let plain = board_with("Joy");
    let with_emoji = board_with("Joy 😀");
    let _ = with_emoji.save("/tmp/kibitz-emoji-name.png");
    assert_eq!(yellow_in_header(&plain), 0);
    // Twice: the name in its panel and the caption, each face a dozen pixels or more.
    let yellow = yellow_in_header(&with_emoji);
    assert!(yellow > 2 * 12, "only {yellow} yellow pixels");
}
