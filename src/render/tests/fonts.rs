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
