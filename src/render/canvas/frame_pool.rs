//! Frame buffers kept between renders, and the pictures and animations drawn into them.

use super::RenderError;
use super::animation::Gif;
use super::indexed::{Indexed, encode_png};
use std::sync::Mutex;

/// Frame buffers kept between renders, so a render does not fault in a fresh 600 KB.
#[derive(Debug, Default)]
pub struct FramePool {
    frames: Mutex<Vec<Indexed>>,
}

impl FramePool {
    /// More than this many idle frames are dropped rather than kept.
    const KEEP: usize = 8;

    fn take(&self) -> Indexed {
        self.lock().pop().unwrap_or_default()
    }

    /// Draws a picture into a pooled frame with `draw`, which returns the palette (PLTE
    /// payload) its indices refer to, and encodes it as a PNG.
    pub fn encode<'p>(
        &self,
        draw: impl FnOnce(&mut Indexed) -> Result<&'p [u8], RenderError>,
    ) -> Result<Vec<u8>, RenderError> {
        let mut frame = self.take();
        let png = draw(&mut frame).and_then(|plte| encode_png(&frame, plte));
        self.give_back(frame);
        png
    }

    /// Draws the `count` pictures of an animation in turn into two pooled frames with
    /// `draw` (picture number, frame; returns the palette) and encodes them as one looping
    /// GIF, each shown for `delay(number)` hundredths of a second. Only what changed since
    /// the picture before is written (see [`super::animation`]).
    pub fn animate<'p>(
        &self,
        count: usize,
        mut draw: impl FnMut(usize, &mut Indexed) -> Result<&'p [u8], RenderError>,
        delay: impl Fn(usize) -> u16,
    ) -> Result<Vec<u8>, RenderError> {
        let (mut current, mut previous) = (self.take(), self.take());
        let mut gif = None;
        let mut made = Ok(());
        for number in 0..count {
            made = draw(number, &mut current).and_then(|plte| {
                let gif = match &mut gif {
                    Some(gif) => gif,
                    None => gif.insert(Gif::new(&current, plte)?),
                };
                let before = (number > 0).then_some(&previous);
                gif.frame(&current, before, plte, delay(number))
            });
            if made.is_err() {
                break;
            }
            std::mem::swap(&mut current, &mut previous);
        }
        self.give_back(current);
        self.give_back(previous);
        made?;
        match gif {
            Some(gif) => gif.finish(),
            None => Err(RenderError::Gif("an animation needs a picture".to_string())),
        }
    }

    fn give_back(&self, frame: Indexed) {
        let mut frames = self.lock();
        if frames.len() < Self::KEEP {
            frames.push(frame);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Indexed>> {
        // A panic elsewhere while holding the lock leaves only idle buffers behind: still fine.
        self.frames
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
