//! Pieces drawn from the chess glyphs of DejaVu Sans, for any game with white and black pieces.

use crate::games::Side;

use super::RenderError;
use super::canvas::{ArtCanvas, Palette, Rgb};
use super::font::{Face, Fonts, Mask, TextStyle};
use super::theme::PieceTheme;

/// A piece as its two glyphs: the solid one (♞) and the hollow one (♘).
#[derive(Clone, Copy, Debug)]
pub struct GlyphPiece {
    pub solid: char,
    pub hollow: char,
}

pub const KING: GlyphPiece = GlyphPiece {
    solid: '\u{265A}',
    hollow: '\u{2654}',
};
pub const QUEEN: GlyphPiece = GlyphPiece {
    solid: '\u{265B}',
    hollow: '\u{2655}',
};
pub const ROOK: GlyphPiece = GlyphPiece {
    solid: '\u{265C}',
    hollow: '\u{2656}',
};
pub const BISHOP: GlyphPiece = GlyphPiece {
    solid: '\u{265D}',
    hollow: '\u{2657}',
};
pub const KNIGHT: GlyphPiece = GlyphPiece {
    solid: '\u{265E}',
    hollow: '\u{2658}',
};
pub const PAWN: GlyphPiece = GlyphPiece {
    solid: '\u{265F}',
    hollow: '\u{2659}',
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

/// Registers the colours [`draw_outlined`] needs on each of `backgrounds`.
pub fn register_outlined(
    palette: &mut Palette,
    pieces: &PieceTheme,
    backgrounds: &[Rgb],
    levels: usize,
) -> Result<(), RenderError> {
    for &background in backgrounds {
        palette.ramp(background, pieces.white_line, levels)?;
        palette.ramp(background, pieces.black_line, levels)?;
    }
    palette.ramp(pieces.white_line, pieces.white_fill, levels)?;
    palette.ramp(pieces.black_line, pieces.black_fill, levels)?;
    Ok(())
}

/// Width of the rim around a piece drawn by [`draw_outlined`], as a share of the type size:
/// dark around white pieces, thinner and light around black ones (a light line reads at a
/// smaller width than a dark one).
const WHITE_RIM: f32 = 0.03;
const BLACK_RIM: f32 = 0.022;

/// Draws `piece` for `side` so it reads on any ground, light, dark or tinted: the solid glyph
/// over a rim of its silhouette, white on a dark rim or black on a light rim. The glyph's
/// inner gaps show the rim colour, so both sides get the same detail lines (the font's
/// hollow glyphs differ from the solid ones in places, e.g. the bishop's head).
pub fn draw_outlined(
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
    let (Some(ink), Some(mask)) = (fonts.ink(style, &solid), fonts.mask(style, &solid)) else {
        return;
    };
    let x = (centre.0 - (ink.left + ink.right) / 2.0).round();
    let y = (centre.1 - (ink.top + ink.bottom) / 2.0).round();
    // Where `Fonts::mask` puts the pen origin inside the mask.
    let (mask_x, mask_y) = (x + ink.left.floor(), y + ink.top.floor());
    let (fill, line, rim) = match side {
        Side::White => (colours.white_fill, colours.white_line, WHITE_RIM),
        Side::Black => (colours.black_fill, colours.black_line, BLACK_RIM),
    };
    let rim = (px * rim).max(1.0);
    let pad = rim.ceil() as u32 + 1;
    let halo = dilate(&silhouette(&mask, pad), rim);
    let at = (mask_x as i32 - pad as i32, mask_y as i32 - pad as i32);
    art.paint_mask(
        &halo.coverage,
        (halo.width, halo.height),
        at.0,
        at.1,
        line,
        1.0,
    );
    fonts.draw(art, style, &solid, (x, y), fill, 1.0);
}

/// The glyph's outer shape with its inner gaps filled, padded by `pad` pixels on every side:
/// every pixel the outside cannot reach without crossing ink is inside.
fn silhouette(mask: &Mask, pad: u32) -> Mask {
    let (width, height) = (mask.width + 2 * pad, mask.height + 2 * pad);
    let (w, h) = (width as usize, height as usize);
    let mut coverage = vec![0u8; w * h];
    for y in 0..mask.height as usize {
        let src = y * mask.width as usize;
        let dst = (y + pad as usize) * w + pad as usize;
        coverage[dst..dst + mask.width as usize]
            .copy_from_slice(&mask.coverage[src..src + mask.width as usize]);
    }
    // Half-covered pixels count as walls so that thin strokes close their gaps.
    let wall = |c: u8| c >= 128;
    let mut outside = vec![false; w * h];
    let mut stack = vec![0usize];
    outside[0] = true;
    while let Some(index) = stack.pop() {
        let (x, y) = (index % w, index / w);
        let neighbours = [
            (x > 0).then(|| index - 1),
            (x + 1 < w).then(|| index + 1),
            (y > 0).then(|| index - w),
            (y + 1 < h).then(|| index + w),
        ];
        for next in neighbours.into_iter().flatten() {
            if !outside[next] && !wall(coverage[next]) {
                outside[next] = true;
                stack.push(next);
            }
        }
    }
    for (c, &out) in coverage.iter_mut().zip(&outside) {
        if !out {
            *c = 255;
        }
    }
    Mask {
        width,
        height,
        coverage,
    }
}

/// `shape` grown by `radius` pixels, with a soft edge.
fn dilate(shape: &Mask, radius: f32) -> Mask {
    let (w, h) = (shape.width as i32, shape.height as i32);
    let reach = radius.ceil() as i32 + 1;
    let mut offsets = Vec::new();
    for dy in -reach..=reach {
        for dx in -reach..=reach {
            let weight = (radius + 0.5 - ((dx * dx + dy * dy) as f32).sqrt()).clamp(0.0, 1.0);
            if weight > 0.0 {
                offsets.push((dx, dy, weight));
            }
        }
    }
    let mut coverage = vec![0u8; shape.coverage.len()];
    for y in 0..h {
        for x in 0..w {
            let mut best = 0.0f32;
            for &(dx, dy, weight) in &offsets {
                let (sx, sy) = (x + dx, y + dy);
                if (0..w).contains(&sx) && (0..h).contains(&sy) {
                    let c = shape.coverage[(sy * w + sx) as usize] as f32 * weight;
                    best = best.max(c);
                }
            }
            coverage[(y * w + x) as usize] = best.round() as u8;
        }
    }
    Mask {
        width: shape.width,
        height: shape.height,
        coverage,
    }
}
