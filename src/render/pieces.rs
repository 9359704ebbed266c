//! Pieces drawn from the chess glyphs of DejaVu Sans, for any game with white and black pieces.

use crate::games::Side;

use super::RenderError;
use super::canvas::{ArtCanvas, Palette, Rgb};
use super::font::{Face, Fonts, TextStyle};
use super::theme::PieceTheme;

/// A piece as its two glyphs: the solid one (♞) and the hollow one (♘).
#[derive(Clone, Copy, Debug)]
pub struct GlyphPiece {
    pub solid: char,
    pub hollow: char,
}

pub const KNIGHT: GlyphPiece = GlyphPiece {
    solid: '\u{265E}',
    hollow: '\u{2658}',
};

/// Registers the colours a piece needs on each of `backgrounds`.
pub fn register(
    palette: &mut Palette,
    pieces: &PieceTheme,
    backgrounds: &[Rgb],
    levels: usize,
) -> Result<(), RenderError> {
    for &background in backgrounds {
        palette.ramp(background, pieces.white_line, levels)?;
        palette.ramp(background, pieces.black_fill, levels)?;
    }
    palette.ramp(pieces.white_line, pieces.white_fill, levels)?;
    Ok(())
}

/// Draws `piece` for `side` with its ink box centred on `centre`, `px` pixels tall as type.
///
/// A white piece is the solid glyph in white under the hollow glyph's dark outline, so it
/// stands out on light and dark squares alike; a black piece is the solid glyph alone.
pub fn draw(
    art: &mut ArtCanvas,
    fonts: &Fonts,
    colours: &PieceTheme,
    piece: GlyphPiece,
    side: Side,
    centre: (f32, f32),
    px: f32,
) {
    let style = TextStyle::new(Face::Regular, px);
    let solid = piece.solid.to_string();
    let Some(ink) = fonts.ink(style, &solid) else {
        return;
    };
    let x = (centre.0 - (ink.left + ink.right) / 2.0).round();
    let y = (centre.1 - (ink.top + ink.bottom) / 2.0).round();
    match side {
        Side::White => {
            fonts.draw(art, style, &solid, (x, y), colours.white_fill, 1.0);
            let hollow = piece.hollow.to_string();
            fonts.draw(art, style, &hollow, (x, y), colours.white_line, 1.0);
        }
        Side::Black => fonts.draw(art, style, &solid, (x, y), colours.black_fill, 1.0),
    }
}
