//! Animated GIFs from indexed frames: the pictures' own palette indices go straight to the
//! LZW coder (no colour conversion, no quantising), as lila-gif does.
//!
//! Each frame after the first writes only the rectangle that changed since the frame
//! before, drawn over it (disposal "keep"); inside the rectangle a pixel that did not change
//! is the transparent index, which the coder packs into long runs. A game's move changes a
//! few squares and the header's caption, so a frame is a few KB.

use super::{Indexed, RenderError};
use std::borrow::Cow;

/// A GIF being written.
pub(super) struct Gif {
    encoder: gif::Encoder<Vec<u8>>,
    /// The palette of the first frame: the file's global colour table.
    plte: Vec<u8>,
    /// The index no picture uses, for unchanged pixels; `None` when the palette is full.
    transparent: Option<u8>,
    width: u16,
    height: u16,
    /// Indices of the changed rectangle, reused between frames.
    buffer: Vec<u8>,
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
            buffer: Vec::new(),
        })
    }

    /// Writes `current`, shown for `delay` hundredths of a second, as the change from
    /// `previous` (the frame before, `None` for the first).
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
        let width = current.width as usize;
        let (x0, y0, x1, y1) = match previous {
            None => (0, 0, width, current.height as usize),
            Some(previous) => changed(current, previous).unwrap_or((0, 0, 1, 1)),
        };
        self.buffer.clear();
        for row in y0..y1 {
            let at = row * width;
            let now = &current.pixels[at + x0..at + x1];
            match (previous, self.transparent) {
                (Some(previous), Some(clear)) => {
                    let before = &previous.pixels[at + x0..at + x1];
                    self.buffer.extend(
                        now.iter()
                            .zip(before)
                            .map(|(&n, &b)| if n == b { clear } else { n }),
                    );
                }
                _ => self.buffer.extend_from_slice(now),
            }
        }
        let mut frame = gif::Frame {
            left: x0 as u16,
            top: y0 as u16,
            width: (x1 - x0) as u16,
            height: (y1 - y0) as u16,
            delay,
            dispose: gif::DisposalMethod::Keep,
            buffer: Cow::Borrowed(&self.buffer),
            ..gif::Frame::default()
        };
        if previous.is_some() {
            frame.transparent = self.transparent;
        }
        if own_palette {
            frame.palette = Some(plte.to_vec());
        }
        self.encoder.write_frame(&frame)?;
        Ok(())
    }

    pub(super) fn finish(self) -> Result<Vec<u8>, RenderError> {
        Ok(self.encoder.into_inner()?)
    }
}

/// The rectangle (`x0, y0, x1, y1`, ends exclusive) holding every pixel that differs.
fn changed(current: &Indexed, previous: &Indexed) -> Option<(usize, usize, usize, usize)> {
    let width = current.width as usize;
    let rows = current
        .pixels
        .chunks_exact(width)
        .zip(previous.pixels.chunks_exact(width));
    let mut found: Option<(usize, usize, usize, usize)> = None;
    for (y, (now, before)) in rows.enumerate() {
        if now == before {
            continue;
        }
        let first = now.iter().zip(before).position(|(a, b)| a != b)?;
        let last = width
            - now
                .iter()
                .rev()
                .zip(before.iter().rev())
                .position(|(a, b)| a != b)?;
        found = Some(match found {
            None => (first, y, last, y + 1),
            Some((x0, y0, x1, _)) => (x0.min(first), y0, x1.max(last), y + 1),
        });
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(pixels: &[u8], width: u32) -> Indexed {
        Indexed {
            width,
            height: (pixels.len() as u32) / width,
            pixels: pixels.to_vec(),
        }
    }

    #[test]
    fn the_changed_rectangle_holds_every_change_and_no_more() {
        let before = picture(&[0; 16], 4);
        let mut after = before.clone();
        after.pixels[4 + 1] = 1;
        after.pixels[8 + 2] = 1;
        assert_eq!(changed(&after, &before), Some((1, 1, 3, 3)));
        assert_eq!(changed(&before, &before), None);
    }
}
