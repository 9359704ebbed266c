//! Pixels: an RGB canvas for preparing art once at start-up, the palette it is quantised to,
//! the indexed canvas every picture is assembled in, and the PNG encoder.
//!
//! The split exists for speed: anti-aliased drawing is done in RGB while the renderer starts,
//! then quantised once to palette indices, so a render only copies bytes and deflates them.

use super::RenderError;
use std::collections::HashMap;
use std::sync::Arc;

mod animation;
mod art;
mod changes;
mod colour_ink;
mod frame_pool;
mod indexed;
mod lzw;

pub use art::{ArtCanvas, rounded_rect_distance};
pub use colour_ink::ColourInk;
pub use frame_pool::FramePool;
pub use indexed::Indexed;

/// A colour. The values themselves live in `theme.rs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// The straight (sRGB-space) mix of `self` towards `other`; `t` = 1 gives `other`.
    ///
    /// Art compositing and palette ramps both use this one formula, so every blend drawn at
    /// start-up lands exactly on a ramp entry.
    pub fn mix(self, other: Rgb, t: f32) -> Rgb {
        let t = t.clamp(0.0, 1.0);
        let channel = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round() as u8;
        Rgb(
            channel(self.0, other.0),
            channel(self.1, other.1),
            channel(self.2, other.2),
        )
    }

    fn distance(self, other: Rgb) -> u32 {
        let d = |a: u8, b: u8| (a as i32 - b as i32).pow(2) as u32;
        2 * d(self.0, other.0) + 4 * d(self.1, other.1) + 3 * d(self.2, other.2)
    }
}

/// Palette indices from a background colour (index 0) to a foreground colour (last index),
/// for anti-aliased edges of one colour over another.
#[derive(Clone, Debug)]
pub struct Ramp {
    indices: Vec<u8>,
    /// For text that may hold colour glyphs (emoji): how their pixels over the same
    /// background become indices ([`Palette::text_ramp`]). Without it they are drawn in
    /// the foreground colour.
    colour: Option<Arc<ColourInk>>,
}

impl Ramp {
    /// The index for `coverage` (0..=255) of the foreground over the background.
    #[inline]
    pub fn at(&self, coverage: u8) -> u8 {
        let steps = self.indices.len() - 1;
        self.indices[(coverage as usize * steps + 127) / 255]
    }

    /// How colour glyphs are drawn over this ramp's background, if they are.
    pub fn colour(&self) -> Option<&ColourInk> {
        self.colour.as_deref()
    }
}

/// Up to 256 colours: the theme's base colours plus the ramps between the pairs that meet.
#[derive(Debug, Default)]
pub struct Palette {
    colours: Vec<Rgb>,
    lookup: HashMap<Rgb, u8>,
}

impl Palette {
    pub fn new() -> Self {
        Self::default()
    }

    /// The index of `colour`, adding it if it is new.
    pub fn add(&mut self, colour: Rgb) -> Result<u8, RenderError> {
        if let Some(&index) = self.lookup.get(&colour) {
            return Ok(index);
        }
        let index = u8::try_from(self.colours.len()).map_err(|_| RenderError::PaletteFull)?;
        self.colours.push(colour);
        self.lookup.insert(colour, index);
        Ok(index)
    }

    /// A ramp of `levels` entries (at least 2) from `background` to `foreground`.
    pub fn ramp(
        &mut self,
        background: Rgb,
        foreground: Rgb,
        levels: usize,
    ) -> Result<Ramp, RenderError> {
        let levels = levels.max(2);
        let indices = (0..levels)
            .map(|step| self.add(background.mix(foreground, step as f32 / (levels - 1) as f32)))
            .collect::<Result<Vec<u8>, RenderError>>()?;
        Ok(Ramp {
            indices,
            colour: None,
        })
    }

    /// A ramp for text that may hold emoji (names, and captions that quote them): as
    /// [`Palette::ramp`], and emoji are drawn in their own colours over `background`
    /// (adding the 32 emoji colours to the palette once).
    pub fn text_ramp(
        &mut self,
        background: Rgb,
        foreground: Rgb,
        levels: usize,
    ) -> Result<Ramp, RenderError> {
        let mut ramp = self.ramp(background, foreground, levels)?;
        ramp.colour = Some(Arc::new(ColourInk::new(self, background)?));
        Ok(ramp)
    }

    fn nearest(&self, colour: Rgb) -> u8 {
        if let Some(&index) = self.lookup.get(&colour) {
            return index;
        }
        let mut best = (u32::MAX, 0u8);
        for (index, &candidate) in self.colours.iter().enumerate() {
            let distance = candidate.distance(colour);
            if distance < best.0 {
                best = (distance, index as u8);
            }
        }
        best.1
    }

    /// The PLTE chunk payload.
    pub fn png_bytes(&self) -> Vec<u8> {
        self.colours.iter().flat_map(|c| [c.0, c.1, c.2]).collect()
    }
}

#[cfg(test)]
mod tests;
