//! Colour glyphs (emoji) in an indexed picture: a fixed set of emoji colours in the palette,
//! and a table from any colour to its nearest palette entry, so a render maps each emoji
//! pixel to an index with one look-up instead of a search.

use super::{Palette, RenderError, Rgb};

/// The colours emoji are drawn with: a median cut (Pillow, 32 colours) of every opaque pixel
/// of `fonts/NotoColorEmoji-subset.ttf`, darkest first. They come from the font's art, not
/// from a theme: a yellow face stays yellow whatever the board looks like.
const EMOJI: [Rgb; 32] = [
    Rgb(0x23, 0x1d, 0x17),
    Rgb(0x4b, 0x43, 0x3b),
    Rgb(0x18, 0x4b, 0x9b),
    Rgb(0xce, 0x22, 0x22),
    Rgb(0x61, 0x62, 0x66),
    Rgb(0x2a, 0x8a, 0x78),
    Rgb(0x9b, 0x65, 0x3f),
    Rgb(0x7a, 0xaa, 0x36),
    Rgb(0xf3, 0x42, 0x33),
    Rgb(0x1b, 0x77, 0xdc),
    Rgb(0xea, 0x72, 0x1d),
    Rgb(0xfb, 0x94, 0x03),
    Rgb(0x68, 0x95, 0xa6),
    Rgb(0xa5, 0x43, 0xbf),
    Rgb(0x9a, 0x8d, 0x83),
    Rgb(0xee, 0xae, 0x17),
    Rgb(0xef, 0x59, 0x79),
    Rgb(0xdd, 0x94, 0x58),
    Rgb(0x97, 0xcc, 0x68),
    Rgb(0xfb, 0xc5, 0x29),
    Rgb(0x3f, 0xbe, 0xec),
    Rgb(0x8a, 0xaf, 0xc1),
    Rgb(0xfb, 0xdb, 0x2d),
    Rgb(0xb1, 0xb1, 0xb0),
    Rgb(0xef, 0xa2, 0xa0),
    Rgb(0xf8, 0xd1, 0x6b),
    Rgb(0x9a, 0xcb, 0xdf),
    Rgb(0xc9, 0xca, 0xd0),
    Rgb(0xf8, 0xdc, 0xa9),
    Rgb(0xbd, 0xe3, 0xf2),
    Rgb(0xe5, 0xe3, 0xe2),
    Rgb(0xfa, 0xfb, 0xfa),
];

/// Bits a channel of the look-up table: 16 levels each, 4,096 entries.
const BITS: u32 = 4;

/// How colour pixels over one background become palette indices.
#[derive(Debug)]
pub struct ColourInk {
    background: Rgb,
    /// The nearest palette index of each colour cell, red, green and blue [`BITS`] each.
    nearest: Box<[u8]>,
}

impl ColourInk {
    /// Adds the emoji colours to `palette` and builds the table from the palette as it then
    /// stands: anti-aliased rims land on the text ramps and theme colours near them.
    pub(super) fn new(palette: &mut Palette, background: Rgb) -> Result<Self, RenderError> {
        for colour in EMOJI {
            palette.add(colour)?;
        }
        let levels = 1usize << BITS;
        // The middle of each cell, so a colour maps to the entry nearest its cell's centre.
        let centre = |level: usize| ((level << (8 - BITS)) + (1 << (7 - BITS))) as u8;
        let nearest = (0..levels * levels * levels)
            .map(|cell| {
                palette.nearest(Rgb(
                    centre(cell / (levels * levels)),
                    centre(cell / levels % levels),
                    centre(cell % levels),
                ))
            })
            .collect();
        Ok(Self {
            background,
            nearest,
        })
    }

    /// The index for a pixel of colour `rgb` with `alpha` (0..=255) over the background.
    #[inline]
    pub fn at(&self, [r, g, b, alpha]: [u8; 4]) -> u8 {
        let Rgb(r, g, b) = self.background.mix(Rgb(r, g, b), alpha as f32 / 255.0);
        let cell = |v: u8| (v >> (8 - BITS)) as usize;
        self.nearest[(cell(r) << (2 * BITS)) | (cell(g) << BITS) | cell(b)]
    }
}
