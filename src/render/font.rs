//! The embedded fonts: drawing text into start-up art, and a cache of rasterised glyphs for
//! the words that change with every picture (names, scores, captions).

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};

use super::RenderError;
use super::canvas::{ArtCanvas, Indexed, Ramp, Rgb};
use super::script;

static REGULAR: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");
/// Chinese, Japanese and Korean: subsets of Noto Sans CJK SC (fonts/README.md says which
/// characters), Regular and Bold, so a CJK name matches the weight of a Latin one beside it.
static CJK: &[u8] = include_bytes!("../../fonts/NotoSansCJKsc-Regular-subset.otf");
static CJK_BOLD: &[u8] = include_bytes!("../../fonts/NotoSansCJKsc-Bold-subset.otf");
/// Emoji in outline (one colour), Noto Emoji.
static EMOJI: &[u8] = include_bytes!("../../fonts/NotoEmoji-Regular-subset.ttf");

/// The font of the fallback chain a glyph comes from: DejaVu (of the style's face) first,
/// then CJK, then emoji.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Source {
    DejaVu,
    Cjk,
    Emoji,
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
    emoji: FontRef<'static>,
    /// Scale factors that give the fallback fonts DejaVu's em size (ab_glyph scales a font
    /// by its ascent-to-descent height, which differs between fonts).
    cjk_factor: f32,
    emoji_factor: f32,
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
        let emoji = load(EMOJI, "NotoEmoji-Regular-subset.ttf")?;
        let base = height_in_ems(&regular);
        Ok(Self {
            bold: load(BOLD, "DejaVuSans-Bold.ttf")?,
            cjk_factor: height_in_ems(&cjk) / base,
            emoji_factor: height_in_ems(&emoji) / base,
            regular,
            cjk,
            cjk_bold,
            emoji,
        })
    }

    fn font(&self, face: Face, source: Source) -> &FontRef<'static> {
        match (source, face) {
            (Source::DejaVu, Face::Regular) => &self.regular,
            (Source::DejaVu, Face::Bold) => &self.bold,
            (Source::Cjk, Face::Regular) => &self.cjk,
            (Source::Cjk, Face::Bold) => &self.cjk_bold,
            (Source::Emoji, _) => &self.emoji,
        }
    }

    fn scale(&self, style: TextStyle, source: Source) -> PxScale {
        PxScale::from(match source {
            Source::DejaVu => style.px,
            Source::Cjk => style.px * self.cjk_factor,
            Source::Emoji => style.px * self.emoji_factor,
        })
    }

    /// The first font of the chain that has a glyph for `c` (DejaVu's box when none has).
    fn find(&self, face: Face, c: char) -> (Source, GlyphId) {
        for source in [Source::DejaVu, Source::Cjk, Source::Emoji] {
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
            let font = self.font(style.face, source);
            let scale = self.scale(style, source);
            let Some(outlined) =
                font.outline_glyph(id.with_scale_and_position(scale, point(pen, 0.0)))
            else {
                continue;
            };
            let b = outlined.px_bounds();
            ink = Some(match ink {
                None => Ink {
                    left: b.min.x,
                    top: b.min.y,
                    right: b.max.x,
                    bottom: b.max.y,
                },
                Some(i) => Ink {
                    left: i.left.min(b.min.x),
                    top: i.top.min(b.min.y),
                    right: i.right.max(b.max.x),
                    bottom: i.bottom.max(b.max.y),
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

/// One rasterised glyph: coverage 0..=255 and where it sits relative to the pen on the baseline.
#[derive(Debug)]
struct Bitmap {
    left: i32,
    top: i32,
    width: u32,
    height: u32,
    coverage: Vec<u8>,
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
    /// Paints the run with its pen starting at `x` on `baseline`, through `ramp`.
    pub fn draw(&self, canvas: &mut Indexed, x: i32, baseline: i32, ramp: &Ramp) {
        for (bitmap, pen) in &self.glyphs {
            canvas.blit_coverage(
                &bitmap.coverage,
                (bitmap.width, bitmap.height),
                x + pen + bitmap.left,
                baseline + bitmap.top,
                ramp,
            );
        }
    }
}
