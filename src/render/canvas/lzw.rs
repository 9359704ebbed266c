//! GIF's LZW coder, for a replay's frames.
//!
//! The `gif` crate's own coder (weezl) walks a tree per input byte and took 60 % of a
//! replay's time; a replay's frames are mostly long runs of the transparent index. This one
//! keeps the dictionary in a small open-addressed hash table (48 KB, in cache), as giflib
//! and Unix `compress` do, with a direct table beside it for a string followed by its own
//! last byte again (a run goes on with one load, no hashing), and is kept between frames so
//! the tables are allocated once. The
//! output is the image data block's payload that `gif::Encoder::write_lzw_pre_encoded_frame`
//! takes: the minimum code size, then the codes, least significant bit first.

/// GIF's widest code.
const MAX_WIDTH: u32 = 12;
/// Codes there can be: when the dictionary is full it is cleared.
const MAX_CODES: u32 = 1 << MAX_WIDTH;
/// Slots of the hash table: twice the codes, so a lookup rarely probes past one slot.
const SLOTS: usize = 2 * MAX_CODES as usize;

/// The dictionary and bit writer, reused from frame to frame.
pub(super) struct LzwCoder {
    /// A string's key (its prefix code and last byte, plus one so that 0 is empty) by slot.
    keys: Vec<u32>,
    /// The code of the string in the same slot of `keys`.
    codes: Vec<u16>,
    /// By code, the code of its string followed by its last byte once more; 0 for none yet
    /// (no string's code is 0: the first codes after the clear and end codes are the
    /// dictionary's). Such strings are never in `keys`.
    repeated: Vec<u16>,
}

impl Default for LzwCoder {
    fn default() -> Self {
        LzwCoder {
            keys: vec![0; SLOTS],
            codes: vec![0; SLOTS],
            repeated: vec![0; MAX_CODES as usize],
        }
    }
}

/// Packs codes into bytes, least significant bit first.
struct Bits<'a> {
    out: &'a mut Vec<u8>,
    pending: u64,
    count: u32,
}

impl Bits<'_> {
    fn put(&mut self, code: u32, width: u32) {
        self.pending |= u64::from(code) << self.count;
        self.count += width;
        while self.count >= 8 {
            self.out.push(self.pending as u8);
            self.pending >>= 8;
            self.count -= 8;
        }
    }

    fn finish(self) {
        if self.count > 0 {
            self.out.push(self.pending as u8);
        }
    }
}

impl LzwCoder {
    /// Appends `pixels` (palette indices) LZW-coded to `out`, after their minimum code size.
    pub(super) fn encode(&mut self, pixels: &[u8], out: &mut Vec<u8>) {
        let largest = pixels.iter().copied().max().unwrap_or(0);
        // GIF's smallest minimum code size is 2.
        let min_width = (u32::from(largest) + 1)
            .next_power_of_two()
            .trailing_zeros()
            .max(2);
        out.push(min_width as u8);
        let clear = 1u32 << min_width;
        let end = clear + 1;
        let mut bits = Bits {
            out,
            pending: 0,
            count: 0,
        };
        let mut width = min_width + 1;
        let mut next = clear + 2;
        self.keys.fill(0);
        self.repeated.fill(0);
        bits.put(clear, width);

        let Some((&first, rest)) = pixels.split_first() else {
            bits.put(end, width);
            bits.finish();
            return;
        };
        let mut prefix = u32::from(first);
        // The last byte of `prefix`'s string: the byte before this one.
        let mut last = first;
        'pixels: for &byte in rest {
            if byte == last {
                let code = self.repeated[prefix as usize];
                if code != 0 {
                    prefix = u32::from(code);
                    continue 'pixels;
                }
                bits.put(prefix, width);
                self.repeated[prefix as usize] = next as u16;
            } else {
                let key = (prefix << 8 | u32::from(byte)) + 1;
                let mut slot = slot_of(key);
                loop {
                    match self.keys[slot] {
                        found if found == key => {
                            prefix = u32::from(self.codes[slot]);
                            last = byte;
                            continue 'pixels;
                        }
                        0 => break,
                        _ => slot = (slot + 1) & (SLOTS - 1),
                    }
                }
                bits.put(prefix, width);
                self.keys[slot] = key;
                self.codes[slot] = next as u16;
            }
            // The decoder adds each code one code later than this side does, so it widens
            // its reads when its count reaches a power of two: here, one past it.
            next += 1;
            if next > 1 << width && width < MAX_WIDTH {
                width += 1;
            }
            if next == MAX_CODES {
                bits.put(clear, width);
                self.keys.fill(0);
                self.repeated.fill(0);
                next = clear + 2;
                width = min_width + 1;
            }
            prefix = u32::from(byte);
            last = byte;
        }
        bits.put(prefix, width);
        // Reading that last code, the decoder adds one more and may widen for the end code.
        if next == 1 << width && width < MAX_WIDTH {
            width += 1;
        }
        bits.put(end, width);
        bits.finish();
    }
}

/// A key's first slot (Fibonacci hashing: the high bits of a multiply spread close keys).
fn slot_of(key: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B1) >> (32 - SLOTS.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::rng::SeededRng;

    /// `pixels` coded here and read back by the `gif` crate's decoder, as one frame.
    fn round_trip(pixels: &[u8]) -> Vec<u8> {
        let width = pixels.len().clamp(1, 64) as u16;
        let height = pixels.len().div_ceil(usize::from(width)) as u16;
        let mut padded = pixels.to_vec();
        padded.resize(usize::from(width) * usize::from(height), 0);
        let mut data = Vec::new();
        LzwCoder::default().encode(&padded, &mut data);
        let palette: Vec<u8> = (0..=255u8).flat_map(|i| [i, i, i]).collect();
        let mut file = Vec::new();
        {
            let mut encoder = gif::Encoder::new(&mut file, width, height, &palette).unwrap();
            let frame = gif::Frame {
                width,
                height,
                buffer: std::borrow::Cow::Owned(data),
                ..gif::Frame::default()
            };
            encoder.write_lzw_pre_encoded_frame(&frame).unwrap();
        }
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(&file[..]).unwrap();
        let frame = decoder.read_next_frame().unwrap().unwrap();
        let mut read = frame.buffer.to_vec();
        read.truncate(pixels.len());
        read
    }

    #[test]
    fn every_kind_of_picture_reads_back_as_written() {
        let mut rng = SeededRng::new(7);
        let mut cases: Vec<Vec<u8>> = vec![
            vec![0],
            vec![255],
            vec![3; 100_000],
            (0..=255u8).cycle().take(70_000).collect(),
        ];
        // Few colours (the smallest code size) and all of them; noise that fills the
        // dictionary many times over; runs of a transparent index between changes.
        for colours in [2u64, 4, 17, 256] {
            cases.push((0..50_000).map(|_| rng.below(colours) as u8).collect());
        }
        let mut runs = Vec::new();
        while runs.len() < 200_000 {
            let run = rng.below(300) as usize;
            runs.extend(std::iter::repeat_n(200u8, run));
            runs.extend((0..rng.below(20)).map(|_| rng.below(200) as u8));
        }
        cases.push(runs);
        for (number, pixels) in cases.iter().enumerate() {
            assert!(round_trip(pixels) == *pixels, "case {number}");
        }
    }

    #[test]
    fn long_runs_take_few_bytes() {
        let mut data = Vec::new();
        LzwCoder::default().encode(&[200; 100_000], &mut data);
        // A run of n takes about sqrt(2n) codes: 447 codes of at most 12 bits.
        assert!(data.len() < 700, "{} bytes", data.len());
    }
}
