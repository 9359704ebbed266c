//! The indexed canvas every picture is assembled in, and its PNG encoding.

use super::{ColourInk, Ramp, RenderError};

/// A picture as palette indices: what every render is assembled in.
#[derive(Clone, Debug, Default)]
pub struct Indexed {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

impl Indexed {
    /// Makes this a copy of `source`, reusing the allocation.
    pub fn copy_from(&mut self, source: &Indexed) {
        self.width = source.width;
        self.height = source.height;
        self.pixels.clear();
        self.pixels.extend_from_slice(&source.pixels);
    }

    /// Sets the rectangle with its top-left corner at (`x`, `y`) to `index`, clipped.
    pub fn fill_rect(&mut self, x: u32, y: u32, width: u32, height: u32, index: u8) {
        let x0 = (x as usize).min(self.width as usize);
        let x1 = (x as usize + width as usize).min(self.width as usize);
        let rows = (y as usize).min(self.height as usize)
            ..(y as usize + height as usize).min(self.height as usize);
        for row in rows {
            let start = row * self.width as usize;
            self.pixels[start + x0..start + x1].fill(index);
        }
    }

    /// Copies `sprite` with its top-left corner at (`x`, `y`), clipped to this canvas.
    pub fn blit(&mut self, sprite: &Indexed, x: i32, y: i32) {
        let Some(clip) = self.clip(x, y, sprite.width, sprite.height) else {
            return;
        };
        let (width, dst_w, src_w) = (clip.width, self.width as usize, sprite.width as usize);
        for row in 0..clip.height {
            let src = (clip.src_y + row) * src_w + clip.src_x;
            let dst = (clip.dst_y + row) * dst_w + clip.dst_x;
            self.pixels[dst..dst + width].copy_from_slice(&sprite.pixels[src..src + width]);
        }
    }

    /// Paints a coverage mask (0 = untouched, 255 = full foreground) through `ramp`.
    ///
    /// The ramp's background must be the colour already under the mask: text is only drawn
    /// on flat areas whose colour the caller knows.
    pub fn blit_coverage(
        &mut self,
        coverage: &[u8],
        (mask_w, mask_h): (u32, u32),
        x: i32,
        y: i32,
        ramp: &Ramp,
    ) {
        let Some(clip) = self.clip(x, y, mask_w, mask_h) else {
            return;
        };
        let dst_w = self.width as usize;
        for row in 0..clip.height {
            let src = (clip.src_y + row) * mask_w as usize + clip.src_x;
            let dst = (clip.dst_y + row) * dst_w + clip.dst_x;
            let source = &coverage[src..src + clip.width];
            let target = &mut self.pixels[dst..dst + clip.width];
            for (pixel, &c) in target.iter_mut().zip(source) {
                if c != 0 {
                    *pixel = ramp.at(c);
                }
            }
        }
    }

    /// Paints a colour glyph (straight-alpha RGBA, alpha 0 = untouched) through `ink`, whose
    /// background must be the colour already under it, as for [`Indexed::blit_coverage`].
    pub fn blit_colour(
        &mut self,
        rgba: &[[u8; 4]],
        (image_w, image_h): (u32, u32),
        x: i32,
        y: i32,
        ink: &ColourInk,
    ) {
        let Some(clip) = self.clip(x, y, image_w, image_h) else {
            return;
        };
        let dst_w = self.width as usize;
        for row in 0..clip.height {
            let src = (clip.src_y + row) * image_w as usize + clip.src_x;
            let dst = (clip.dst_y + row) * dst_w + clip.dst_x;
            let source = &rgba[src..src + clip.width];
            let target = &mut self.pixels[dst..dst + clip.width];
            for (pixel, &colour) in target.iter_mut().zip(source) {
                if colour[3] != 0 {
                    *pixel = ink.at(colour);
                }
            }
        }
    }

    fn clip(&self, x: i32, y: i32, width: u32, height: u32) -> Option<Clip> {
        let x0 = x.max(0) as i64;
        let y0 = y.max(0) as i64;
        let x1 = (x as i64 + width as i64).min(self.width as i64);
        let y1 = (y as i64 + height as i64).min(self.height as i64);
        if x1 <= x0 || y1 <= y0 {
            return None;
        }
        Some(Clip {
            src_x: (x0 - x as i64) as usize,
            src_y: (y0 - y as i64) as usize,
            dst_x: x0 as usize,
            dst_y: y0 as usize,
            width: (x1 - x0) as usize,
            height: (y1 - y0) as usize,
        })
    }
}

struct Clip {
    src_x: usize,
    src_y: usize,
    dst_x: usize,
    dst_y: usize,
    width: usize,
    height: usize,
}

/// Encodes an 8-bit palette PNG.
///
/// `Compression::Fast` (fdeflate) is 10x faster than the default level for a few KB more. It
/// codes bytes with one fixed Huffman table tuned for filtered PNG rows (mostly zeros), so raw
/// palette indices must be filtered first: measured on a mid-game board, unfiltered rows do
/// not compress at all (627 KB), Sub 64 KB, Up 50 KB, Paeth 33 KB, Adaptive 32 KB but slower.
pub(super) fn encode_png(image: &Indexed, plte: &[u8]) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(64 * 1024);
    let mut encoder = png::Encoder::new(&mut out, image.width, image.height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(plte);
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(PNG_FILTER);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&image.pixels)?;
    writer.finish()?;
    Ok(out)
}

const PNG_FILTER: png::Filter = png::Filter::Paeth;
