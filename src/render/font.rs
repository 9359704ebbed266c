//! The embedded fonts: drawing text into start-up art, and a cache of rasterised glyphs for
//! the words that change with every picture (names, scores, captions).

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use ab_glyph::{Font, FontRef, GlyphId, GlyphImageFormat, PxScale, ScaleFont, point};

use super::RenderError;
use super::canvas::{ArtCanvas, Indexed, Ramp, Rgb};
use super::script;

static REGULAR: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");
/// Chinese, Japanese and Korean: subsets of Noto Sans CJK SC (fonts/README.md says which
/// characters), Regular and Bold, so a CJK name matches the weight of a Latin one beside it.
static CJK: &[u8] = include_bytes!("../../fonts/NotoSansCJKsc-Regular-subset.otf");
static CJK_BOLD: &[u8] = include_bytes!("../../fonts/NotoSansCJKsc-Bold-subset.otf");
/// Emoji in colour: Noto Color Emoji's PNG bitmaps, cut to the monochrome font's emoji and
/// scaled to 24 pixels an em (fonts/README.md), the largest size names are drawn at.
static COLOUR_EMOJI: &[u8] = include_bytes!("../../fonts/NotoColorEmoji-subset.ttf");
/// Emoji in outline (one colour), Noto Emoji: the few the colour font lacks.
static EMOJI: &[u8] = include_bytes!("../../fonts/NotoEmoji-Regular-subset.ttf");

/// The font of the fallback chain a glyph comes from: DejaVu (of the style's face) first,
/// then CJK, then colour emoji, then outline emoji.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Source {
    DejaVu,
    Cjk,
    ColourEmoji,
    Emoji,
}

impl Source {
    const CHAIN: [Source; 4] = [
        Source::DejaVu,
        Source::Cjk,
        Source::ColourEmoji,
        Source::Emoji,
    ];
}

/// One glyph laid out: its font, its id there and its pen position.
#[derive(Clone, Copy, Debug)]
struct Placed {
    source: Source,
    id: GlyphId,
    pen: f32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    Regular,
    Bold,
}

#[derive(Clone, Copy, Debug)]
pub struct TextStyle {
    pub face: Face,
    pub px: f32,
}

impl TextStyle {
    pub const fn new(face: Face, px: f32) -> Self {
        Self { face, px }
    }
}

/// Ink extent of some text relative to its pen origin on the baseline (y grows downwards).
#[derive(Clone, Copy, Debug)]
pub struct Ink {
    pub left: f32,
    pub top: f32,
    pub right: f32,
    pub bottom: f32,
}

#[derive(Clone, Debug)]
pub struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
    cjk: FontRef<'static>,
    cjk_bold: FontRef<'static>,
    colour_emoji: FontRef<'static>,
    emoji: FontRef<'static>,
    /// Scale factors that give the fallback fonts DejaVu's em size (ab_glyph scales a font
    /// by its ascent-to-descent height, which differs between fonts).
    cjk_factor: f32,
    colour_emoji_factor: f32,
    emoji_factor: f32,
    /// DejaVu's height in ems: a style's pixels an em are its `px` over this.
    base: f32,
}

/// Whether `c` is shown as a picture by default (Unicode's Emoji_Presentation, close
/// enough): the emoji planes from U+1F000 but their enclosed letters and digits, and the
/// older symbols that became emoji (☕, ⚽, ⭐, …). Chess pieces and other text symbols
/// (♟, ☺) keep DejaVu's glyphs.
fn emoji_presentation(c: char) -> bool {
    matches!(c as u32,
        0x1F004 | 0x1F0CF | 0x1F18E | 0x1F191..=0x1F19A | 0x1F1E6..=0x1F1FF | 0x1F201
        | 0x1F21A | 0x1F22F | 0x1F232..=0x1F236 | 0x1F238..=0x1F23A | 0x1F250..=0x1F251
        | 0x1F300..=0x1FAFF
        | 0x231A..=0x231B | 0x23E9..=0x23EC | 0x23F0 | 0x23F3 | 0x25FD..=0x25FE
        | 0x2614..=0x2615 | 0x2648..=0x2653 | 0x267F | 0x2693 | 0x26A1 | 0x26AA..=0x26AB
        | 0x26BD..=0x26BE | 0x26C4..=0x26C5 | 0x26CE | 0x26D4 | 0x26EA | 0x26F2..=0x26F3
        | 0x26F5 | 0x26FA | 0x26FD | 0x2705 | 0x270A..=0x270B | 0x2728 | 0x274C | 0x274E
        | 0x2753..=0x2755 | 0x2757 | 0x2795..=0x2797 | 0x27B0 | 0x27BF | 0x2B1B..=0x2B1C
        | 0x2B50 | 0x2B55)
}

/// A font's height (ascent to descent) in ems.
fn height_in_ems(font: &FontRef<'static>) -> f32 {
    font.height_unscaled() / font.units_per_em().unwrap_or(1000.0)
}

impl Fonts {
    pub fn load() -> Result<Self, RenderError> {
        let load = |bytes: &'static [u8], name: &str| {
            FontRef::try_from_slice(bytes).map_err(|_| RenderError::Font(name.to_owned()))
        };
        let regular = load(REGULAR, "DejaVuSans.ttf")?;
        let cjk = load(CJK, "NotoSansCJKsc-Regular-subset.otf")?;
        let cjk_bold = load(CJK_BOLD, "NotoSansCJKsc-Bold-subset.otf")?;
        let colour_emoji = load(COLOUR_EMOJI, "NotoColorEmoji-subset.ttf")?;
        let emoji = load(EMOJI, "NotoEmoji-Regular-subset.ttf")?;
        let base = height_in_ems(&regular);
        Ok(Self {
            bold: load(BOLD, "DejaVuSans-Bold.ttf")?,
            cjk_factor: height_in_ems(&cjk) / base,
            colour_emoji_factor: height_in_ems(&colour_emoji) / base,
            emoji_factor: height_in_ems(&emoji) / base,
            base,
            regular,
            cjk,
            cjk_bold,
            colour_emoji,
            emoji,
        })
    }

    fn font(&self, face: Face, source: Source) -> &FontRef<'static> {
        match (source, face) {
            (Source::DejaVu, Face::Regular) => &self.regular,
            (Source::DejaVu, Face::Bold) => &self.bold,
            (Source::Cjk, Face::Regular) => &self.cjk,
            (Source::Cjk, Face::Bold) => &self.cjk_bold,
            (Source::ColourEmoji, _) => &self.colour_emoji,
            (Source::Emoji, _) => &self.emoji,
        }
    }

    fn scale(&self, style: TextStyle, source: Source) -> PxScale {
        PxScale::from(match source {
            Source::DejaVu => style.px,
            Source::Cjk => style.px * self.cjk_factor,
            Source::ColourEmoji => style.px * self.colour_emoji_factor,
            Source::Emoji => style.px * self.emoji_factor,
        })
    }

    /// The first font of the chain that has a glyph for `c` (DejaVu's box when none has);
    /// emoji that are pictures by default go to the colour font first, as DejaVu has
    /// outlines for some of them (😀).
    fn find(&self, face: Face, c: char) -> (Source, GlyphId) {
        if emoji_presentation(c) {
            let id = self.colour_emoji.glyph_id(c);
            if id.0 != 0 {
                return (Source::ColourEmoji, id);
            }
        }
        for source in Source::CHAIN {
            let id = self.font(face, source).glyph_id(c);
            if id.0 != 0 {
                return (source, id);
            }
        }
        (Source::DejaVu, GlyphId(0))
    }

    /// The characters of `text` that no embedded font can draw (they are drawn as boxes).
    #[cfg(test)]
    pub fn missing(&self, face: Face, text: &str) -> Vec<char> {
        script::visual(text)
            .into_iter()
            .filter(|&c| self.find(face, c).1.0 == 0)
            .collect()
    }

    /// The pen position of each glyph of `text`, in visual order, with kerning, starting at 0.
    fn layout(&self, style: TextStyle, text: &str) -> (Vec<Placed>, f32) {
        let mut pen = 0.0;
        let mut previous: Option<Placed> = None;
        let visual = script::visual(text);
        let mut glyphs = Vec::with_capacity(visual.len());
        for c in visual {
            let (source, id) = self.find(style.face, c);
            let font = self
                .font(style.face, source)
                .as_scaled(self.scale(style, source));
            if let Some(previous) = previous
                && previous.source == source
            {
                pen += font.kern(previous.id, id);
            }
            let placed = Placed { source, id, pen };
            glyphs.push(placed);
            pen += font.h_advance(id);
            previous = Some(placed);
        }
        (glyphs, pen)
    }

    pub fn advance(&self, style: TextStyle, text: &str) -> f32 {
        self.layout(style, text).1
    }

    /// The union of the glyph boxes of `text`, if it has any ink.
    pub fn ink(&self, style: TextStyle, text: &str) -> Option<Ink> {
        let mut ink: Option<Ink> = None;
        for Placed { source, id, pen } in self.layout(style, text).0 {
            let b = if source == Source::ColourEmoji {
                let Some(bitmap) = self.colour_bitmap(style, id) else {
                    continue;
                };
                let left = pen.round() + bitmap.left as f32;
                Ink {
                    left,
                    top: bitmap.top as f32,
                    right: left + bitmap.width as f32,
                    bottom: (bitmap.top + bitmap.height as i32) as f32,
                }
            } else {
                let font = self.font(style.face, source);
                let scale = self.scale(style, source);
                let Some(outlined) =
                    font.outline_glyph(id.with_scale_and_position(scale, point(pen, 0.0)))
                else {
                    continue;
                };
                let b = outlined.px_bounds();
                Ink {
                    left: b.min.x,
                    top: b.min.y,
                    right: b.max.x,
                    bottom: b.max.y,
                }
            };
            ink = Some(match ink {
                None => b,
                Some(i) => Ink {
                    left: i.left.min(b.left),
                    top: i.top.min(b.top),
                    right: i.right.max(b.right),
                    bottom: i.bottom.max(b.bottom),
                },
            });
        }
        ink
    }

    /// Calls `paint(x, y, coverage)` for every pixel of `text` with its pen starting at
    /// (`x`, `baseline`).
    fn for_each_pixel(
        &self,
        style: TextStyle,
        text: &str,
        (x, baseline): (f32, f32),
        mut paint: impl FnMut(i32, i32, f32),
    ) {
        for Placed { source, id, pen } in self.layout(style, text).0 {
            if source == Source::ColourEmoji {
                // Art drawn at start-up is one colour: the emoji's shading stands in.
                if let Some(bitmap) = self.colour_bitmap(style, id) {
                    let left = (x + pen).round() as i32 + bitmap.left;
                    let top = baseline.round() as i32 + bitmap.top;
                    for (i, &c) in bitmap.coverage.iter().enumerate() {
                        let (gx, gy) = (i as u32 % bitmap.width, i as u32 / bitmap.width);
                        paint(left + gx as i32, top + gy as i32, c as f32 / 255.0);
                    }
                }
                continue;
            }
            let font = self.font(style.face, source);
            let glyph =
                id.with_scale_and_position(self.scale(style, source), point(x + pen, baseline));
            if let Some(outlined) = font.outline_glyph(glyph) {
                let b = outlined.px_bounds();
                outlined.draw(|gx, gy, coverage| {
                    paint(
                        b.min.x as i32 + gx as i32,
                        b.min.y as i32 + gy as i32,
                        coverage,
                    );
                });
            }
        }
    }

    /// Draws `text` with its pen starting at (`x`, `baseline`), anti-aliased, with `alpha`.
    pub fn draw(
        &self,
        canvas: &mut ArtCanvas,
        style: TextStyle,
        text: &str,
        origin: (f32, f32),
        colour: Rgb,
        alpha: f32,
    ) {
        self.for_each_pixel(style, text, origin, |x, y, coverage| {
            canvas.blend(x, y, colour, coverage * alpha);
        });
    }

    /// Draws `text` with its ink box centred on (`cx`, `cy`).
    pub fn draw_centred(
        &self,
        canvas: &mut ArtCanvas,
        style: TextStyle,
        text: &str,
        (cx, cy): (f32, f32),
        colour: Rgb,
    ) {
        if let Some(ink) = self.ink(style, text) {
            // Whole pixels keep glyph stems crisp rather than smeared over two columns.
            let x = (cx - (ink.left + ink.right) / 2.0).round();
            let y = (cy - (ink.top + ink.bottom) / 2.0).round();
            self.draw(canvas, style, text, (x, y), colour, 1.0);
        }
    }

    /// `text` rasterised as a coverage mask cropped to its ink, for stamping onto prepared
    /// tiles through a palette ramp.
    pub fn mask(&self, style: TextStyle, text: &str) -> Option<Mask> {
        let ink = self.ink(style, text)?;
        let (x, y) = (-ink.left.floor(), -ink.top.floor());
        let width = (ink.right + x).ceil() as u32;
        let height = (ink.bottom + y).ceil() as u32;
        let mut coverage = vec![0u8; width as usize * height as usize];
        self.for_each_pixel(style, text, (x, y), |px, py, c| {
            if (0..width as i32).contains(&px) && (0..height as i32).contains(&py) {
                let pixel = &mut coverage[py as usize * width as usize + px as usize];
                // Overlapping glyphs add up, as paint would.
                let sum = *pixel as f32 + c.clamp(0.0, 1.0) * 255.0;
                *pixel = sum.min(255.0).round() as u8;
            }
        });
        Some(Mask {
            width,
            height,
            coverage,
        })
    }

    /// Draws `text` horizontally centred on `cx` with its baseline at `baseline`.
    pub fn draw_h_centred(
        &self,
        canvas: &mut ArtCanvas,
        style: TextStyle,
        text: &str,
        (cx, baseline): (f32, f32),
        colour: Rgb,
    ) {
        if let Some(ink) = self.ink(style, text) {
            let x = (cx - (ink.left + ink.right) / 2.0).round();
            self.draw(canvas, style, text, (x, baseline), colour, 1.0);
        }
    }

    /// A colour glyph's picture scaled to `style`, placed relative to the pen on the
    /// baseline: its colours, and as coverage its alpha shaded by lightness (so where it is
    /// drawn in one colour its features still show).
    fn colour_bitmap(&self, style: TextStyle, id: GlyphId) -> Option<Bitmap> {
        // The font has one strike; asking for the largest size gets it.
        let image = self.colour_emoji.glyph_raster_image2(id, u16::MAX)?;
        if !matches!(image.format, GlyphImageFormat::Png) || image.pixels_per_em == 0 {
            return None;
        }
        let decoded = image::load_from_memory_with_format(image.data, image::ImageFormat::Png)
            .ok()?
            .to_rgba8();
        let scale = style.px / self.base / image.pixels_per_em as f32;
        let (source_w, source_h) = decoded.dimensions();
        let width = ((source_w as f32 * scale).round() as u32).max(1);
        let height = ((source_h as f32 * scale).round() as u32).max(1);
        let colour = resample(&decoded, width, height);
        let coverage = colour
            .iter()
            .map(|&[r, g, b, a]| {
                let lightness = (0.299 * r as f32 + 0.587 * g as f32 + 0.114 * b as f32) / 255.0;
                (a as f32 * (0.35 + 0.65 * lightness)).round() as u8
            })
            .collect();
        // CBDT's origin is the image's bottom-left corner, y up from the baseline.
        Some(Bitmap {
            left: (image.origin.x * scale).round() as i32,
            top: (-(image.origin.y + image.height as f32) * scale).round() as i32,
            width,
            height,
            coverage,
            colour: Some(colour),
        })
    }

    /// Distance from the baseline up to the top of a lower-case x.
    pub fn x_height(&self, style: TextStyle) -> f32 {
        self.ink(style, "x").map_or(style.px * 0.55, |ink| -ink.top)
    }

    /// Distance from the baseline up to the top of capitals and digits.
    pub fn cap_height(&self, style: TextStyle) -> f32 {
        self.ink(style, "H0")
            .map_or(style.px * 0.73, |ink| -ink.top)
    }
}

/// Coverage (0..=255) of some text over its ink box.
#[derive(Clone, Debug)]
pub struct Mask {
    pub width: u32,
    pub height: u32,
    pub coverage: Vec<u8>,
}

/// `image` resized to `width` x `height` by averaging the source pixels each target pixel
/// covers (weighted by overlap and alpha), so downscaled edges stay smooth.
fn resample(image: &image::RgbaImage, width: u32, height: u32) -> Vec<[u8; 4]> {
    let (source_w, source_h) = image.dimensions();
    let (kx, ky) = (
        source_w as f32 / width as f32,
        source_h as f32 / height as f32,
    );
    // The source span [from, to) a target pixel covers, as (source pixel, overlap) pairs.
    let spans = |k: f32, count: u32, limit: u32| -> Vec<Vec<(u32, f32)>> {
        (0..count)
            .map(|t| {
                let (from, to) = (t as f32 * k, (t + 1) as f32 * k);
                (from.floor() as u32..(to.ceil() as u32).min(limit))
                    .map(|s| (s, (to.min(s as f32 + 1.0) - from.max(s as f32)).max(0.0)))
                    .collect()
            })
            .collect()
    };
    let (columns, rows) = (spans(kx, width, source_w), spans(ky, height, source_h));
    let mut out = Vec::with_capacity(width as usize * height as usize);
    for row in &rows {
        for column in &columns {
            let (mut sum, mut alpha, mut area) = ([0f32; 3], 0f32, 0f32);
            for &(sy, wy) in row {
                for &(sx, wx) in column {
                    let [r, g, b, a] = image.get_pixel(sx, sy).0;
                    let w = wx * wy;
                    let wa = w * a as f32;
                    sum[0] += wa * r as f32;
                    sum[1] += wa * g as f32;
                    sum[2] += wa * b as f32;
                    alpha += wa;
                    area += w;
                }
            }
            out.push(if alpha <= 0.0 || area <= 0.0 {
                [0; 4]
            } else {
                let channel = |v: f32| (v / alpha).round().clamp(0.0, 255.0) as u8;
                [
                    channel(sum[0]),
                    channel(sum[1]),
                    channel(sum[2]),
                    (alpha / area).round().clamp(0.0, 255.0) as u8,
                ]
            });
        }
    }
    out
}

/// One rasterised glyph: coverage 0..=255 (and, for colour glyphs, straight-alpha RGBA) and
/// where it sits relative to the pen on the baseline.
#[derive(Debug)]
struct Bitmap {
    left: i32,
    top: i32,
    width: u32,
    height: u32,
    coverage: Vec<u8>,
    colour: Option<Vec<[u8; 4]>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    face: Face,
    px_bits: u32,
    source: Source,
    id: GlyphId,
}

/// Glyphs rasterised on first use and kept, shared by all threads.
///
/// Names can hold any character, so the cache cannot be filled completely at start-up; it is
/// warmed with the common ones and grows up to [`GlyphCache::LIMIT`] entries, after which rare
/// glyphs are rasterised per picture and not kept.
#[derive(Debug)]
pub struct GlyphCache {
    fonts: Fonts,
    glyphs: RwLock<HashMap<Key, Arc<Bitmap>>>,
}

/// Text laid out and rasterised, ready to be placed.
pub struct TextRun {
    glyphs: Vec<(Arc<Bitmap>, i32)>,
    pub width: f32,
}

impl GlyphCache {
    const LIMIT: usize = 8192;

    pub fn new(fonts: Fonts) -> Self {
        Self {
            fonts,
            glyphs: RwLock::new(HashMap::new()),
        }
    }

    pub fn fonts(&self) -> &Fonts {
        &self.fonts
    }

    /// Rasterises every character of `text` in `style` now, so renders find them cached.
    pub fn warm(&self, style: TextStyle, text: &str) {
        let _ = self.run(style, text);
    }

    /// Lays out `text`: each glyph and the whole pixel its pen starts at.
    pub fn run(&self, style: TextStyle, text: &str) -> TextRun {
        let (layout, width) = self.fonts.layout(style, text);
        let mut glyphs = Vec::with_capacity(layout.len());
        let mut missing = Vec::new();
        {
            let cache = self
                .glyphs
                .read()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            for &Placed { source, id, pen } in &layout {
                let key = Key {
                    face: style.face,
                    px_bits: style.px.to_bits(),
                    source,
                    id,
                };
                match cache.get(&key) {
                    Some(bitmap) => glyphs.push((Arc::clone(bitmap), pen.round() as i32)),
                    None => missing.push((glyphs.len(), key, pen)),
                }
            }
        }
        if !missing.is_empty() {
            let mut cache = self
                .glyphs
                .write()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            // Insert in reverse so earlier positions stay valid.
            for (at, key, pen) in missing.into_iter().rev() {
                let bitmap = match cache.get(&key) {
                    Some(bitmap) => Arc::clone(bitmap),
                    None => {
                        let bitmap = Arc::new(self.rasterise(key, style));
                        if cache.len() < Self::LIMIT {
                            cache.insert(key, Arc::clone(&bitmap));
                        }
                        bitmap
                    }
                };
                glyphs.insert(at, (bitmap, pen.round() as i32));
            }
        }
        TextRun { glyphs, width }
    }

    fn rasterise(&self, key: Key, style: TextStyle) -> Bitmap {
        if key.source == Source::ColourEmoji
            && let Some(bitmap) = self.fonts.colour_bitmap(style, key.id)
        {
            return bitmap;
        }
        let font = self.fonts.font(key.face, key.source);
        let glyph = key
            .id
            .with_scale_and_position(self.fonts.scale(style, key.source), point(0.0, 0.0));
        let Some(outlined) = font.outline_glyph(glyph) else {
            return Bitmap {
                left: 0,
                top: 0,
                width: 0,
                height: 0,
                coverage: Vec::new(),
                colour: None,
            };
        };
        let b = outlined.px_bounds();
        let (width, height) = (b.width() as u32, b.height() as u32);
        let mut coverage = vec![0u8; width as usize * height as usize];
        outlined.draw(|x, y, c| {
            if x < width && y < height {
                coverage[(y * width + x) as usize] = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
            }
        });
        Bitmap {
            left: b.min.x as i32,
            top: b.min.y as i32,
            width,
            height,
            coverage,
            colour: None,
        }
    }

    /// Shortens `text` with an ellipsis until it is at most `max_width` wide.
    pub fn fit(&self, style: TextStyle, text: &str, max_width: f32) -> String {
        let text: String = text.chars().filter(|c| !c.is_control()).collect();
        let text = text.trim();
        if self.fonts.advance(style, text) <= max_width {
            return text.to_owned();
        }
        // No name needs more than this many characters to fill a panel; capping them keeps
        // the shortening loop short for hostile input.
        let mut chars: Vec<char> = text.chars().take(80).collect();
        while !chars.is_empty() {
            chars.pop();
            let candidate: String = chars.iter().collect::<String>().trim_end().to_owned() + "…";
            if self.fonts.advance(style, &candidate) <= max_width {
                return candidate;
            }
        }
        String::new()
    }
}

impl TextRun {
    /// Paints the run with its pen starting at `x` on `baseline`, through `ramp`: colour
    /// glyphs in their colours where the ramp has a [`Ramp::colour`], else in its colour.
    pub fn draw(&self, canvas: &mut Indexed, x: i32, baseline: i32, ramp: &Ramp) {
        for (bitmap, pen) in &self.glyphs {
            let size = (bitmap.width, bitmap.height);
            let (left, top) = (x + pen + bitmap.left, baseline + bitmap.top);
            match (&bitmap.colour, ramp.colour()) {
                (Some(rgba), Some(ink)) => canvas.blit_colour(rgba, size, left, top, ink),
                _ => canvas.blit_coverage(&bitmap.coverage, size, left, top, ramp),
            }
        }
    }
}
