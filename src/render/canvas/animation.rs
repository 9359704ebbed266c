//! Animated GIFs from indexed frames: the pictures' own palette indices go straight to the
//! LZW coder (no colour conversion, no quantising), as lila-gif does.
//!
//! Each picture after the first writes only the parts that changed since the picture
//! before ([`super::changes`]), drawn over it (disposal "keep"); inside a part a pixel that
//! did not change is the transparent index, which the coder packs into long runs. A GIF frame
//! holds one rectangle, so a picture of several parts is several frames: all but the last
//! shown for [`PART_DELAY`], the last for the rest of the picture's time. A picture the same
//! as the one before writes nothing: the frame before is shown longer.

use super::changes::{Rect, changed_parts};
use super::lzw::LzwCoder;
use super::{Indexed, RenderError};
use std::borrow::Cow;

/// How long a part before a picture's last is shown, in hundredths of a second: the
/// shortest delay browsers honour (Chromium, Firefox and WebKit show a frame of 0 or 1 for
/// a tenth of a second), so a picture's parts appear 20 ms apart and its time is unchanged.
const PART_DELAY: u16 = 2;

/// The most parts a picture is written in: a move's changes are the players' cards, the
/// caption and the squares of the last move and of this one.
const MOST_PARTS: usize = 4;

/// A GIF being written.
pub(super) struct Gif {
    encoder: gif::Encoder<Vec<u8>>,
    /// The palette of the first frame: the file's global colour table.
    plte: Vec<u8>,
    /// The index no picture uses, for unchanged pixels; `None` when the palette is full.
    transparent: Option<u8>,
    width: u16,
    height: u16,
    /// The last frame, held back until the next picture says whether it changes anything
    /// (if not, this frame is shown longer).
    held: Option<gif::Frame<'static>>,
    coder: LzwCoder,
    /// A part's indices, reused between parts.
    pixels: Vec<u8>,
}

impl From<gif::EncodingError> for RenderError {
    fn from(error: gif::EncodingError) -> Self {
        RenderError::Gif(error.to_string())
    }
}

impl Gif {
    /// A looping GIF the size of `first`, with `plte` as its colour table.
    pub(super) fn new(first: &Indexed, plte: &[u8]) -> Result<Gif, RenderError> {
        let too_large = || RenderError::Gif("a picture is too large for a GIF".to_string());
        let width = u16::try_from(first.width).map_err(|_| too_large())?;
        let height = u16::try_from(first.height).map_err(|_| too_large())?;
        let colours = plte.len() / 3;
        // A free index after the palette's colours stands for "unchanged".
        let transparent = u8::try_from(colours).ok();
        let mut table = plte[..colours * 3].to_vec();
        if transparent.is_some() {
            table.extend_from_slice(&[0, 0, 0]);
        }
        let mut encoder = gif::Encoder::new(Vec::with_capacity(256 * 1024), width, height, &table)?;
        encoder.set_repeat(gif::Repeat::Infinite)?;
        Ok(Gif {
            encoder,
            plte: plte.to_vec(),
            transparent,
            width,
            height,
            held: None,
            coder: LzwCoder::default(),
            pixels: Vec::new(),
        })
    }

    /// Writes `current`, shown for `delay` hundredths of a second, as the change from
    /// `previous` (the picture before, `None` for the first).
    pub(super) fn frame(
        &mut self,
        current: &Indexed,
        previous: Option<&Indexed>,
        plte: &[u8],
        delay: u16,
    ) -> Result<(), RenderError> {
        if (current.width, current.height) != (u32::from(self.width), u32::from(self.height)) {
            return Err(RenderError::Gif(
                "an animation's pictures differ in size".to_string(),
            ));
        }
        // A frame in another palette (never within one game) is written whole with its own.
        let own_palette = plte != self.plte.as_slice();
        let previous = previous.filter(|_| !own_palette);
        let mut parts = match previous {
            None => vec![Rect::all_of(current)],
            Some(previous) => changed_parts(current, previous, MOST_PARTS),
        };
        if parts.is_empty()
            && let Some(held) = &mut self.held
        {
            held.delay = held.delay.saturating_add(delay);
            return Ok(());
        }
        let parts_time = PART_DELAY.saturating_mul(parts.len().saturating_sub(1) as u16);
        if parts.is_empty() || delay <= parts_time {
            // Too short a picture to show in steps (or nothing held to lengthen): one part.
            let whole = parts
                .iter()
                .copied()
                .reduce(|a, b| a.union(&b))
                .unwrap_or_else(|| Rect::all_of(current));
            parts = vec![whole];
        }
        if let Some(held) = self.held.take() {
            self.encoder.write_lzw_pre_encoded_frame(&held)?;
        }
        let last = parts.len() - 1;
        for (number, part) in parts.iter().enumerate() {
            let shown = if number == last {
                delay - PART_DELAY * last as u16
            } else {
                PART_DELAY
            };
            let mut frame = gif::Frame {
                left: part.x0 as u16,
                top: part.y0 as u16,
                width: (part.x1 - part.x0) as u16,
                height: (part.y1 - part.y0) as u16,
                delay: shown,
                dispose: gif::DisposalMethod::Keep,
                buffer: Cow::Owned(self.coded(current, previous, part)),
                ..gif::Frame::default()
            };
            if previous.is_some() {
                frame.transparent = self.transparent;
            }
            if own_palette {
                frame.palette = Some(plte.to_vec());
            }
            if number == last {
                self.held = Some(frame);
            } else {
                self.encoder.write_lzw_pre_encoded_frame(&frame)?;
            }
        }
        Ok(())
    }

    /// The indices of `part` of `current`, LZW-coded, with the transparent index where
    /// `previous` is the same (when there is a previous picture and a free index).
    fn coded(&mut self, current: &Indexed, previous: Option<&Indexed>, part: &Rect) -> Vec<u8> {
        let width = current.width as usize;
        let pixels = &mut self.pixels;
        pixels.clear();
        for row in part.y0..part.y1 {
            let at = row * width;
            let now = &current.pixels[at + part.x0..at + part.x1];
            match (previous, self.transparent) {
                (Some(previous), Some(clear)) => {
                    let before = &previous.pixels[at + part.x0..at + part.x1];
                    pixels.extend(
                        now.iter()
                            .zip(before)
                            .map(|(&n, &b)| if n == b { clear } else { n }),
                    );
                }
                _ => pixels.extend_from_slice(now),
            }
        }
        let mut coded = Vec::with_capacity(pixels.len() / 4);
        self.coder.encode(pixels, &mut coded);
        coded
    }

    pub(super) fn finish(mut self) -> Result<Vec<u8>, RenderError> {
        if let Some(held) = self.held.take() {
            self.encoder.write_lzw_pre_encoded_frame(&held)?;
        }
        Ok(self.encoder.into_inner()?)
    }
}
