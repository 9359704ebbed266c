//! The RGB canvas art is drawn on at start-up: anti-aliased shapes by coverage, then
//! quantised to the palette.

use super::{Indexed, Palette, Rgb};
use std::collections::HashMap;

/// An opaque RGB picture for drawing art at start-up, with anti-aliased shapes by coverage.
#[derive(Clone, Debug)]
pub struct ArtCanvas {
    pub width: u32,
    pub height: u32,
    pixels: Vec<Rgb>,
}

impl ArtCanvas {
    pub fn new(width: u32, height: u32, fill: Rgb) -> Self {
        Self {
            width,
            height,
            pixels: vec![fill; width as usize * height as usize],
        }
    }

    /// Mixes `colour` into the pixel at (`x`, `y`) by `alpha`; outside pixels are ignored.
    pub fn blend(&mut self, x: i32, y: i32, colour: Rgb, alpha: f32) {
        if x < 0 || y < 0 || x >= self.width as i32 || y >= self.height as i32 || alpha <= 0.0 {
            return;
        }
        let pixel = &mut self.pixels[y as usize * self.width as usize + x as usize];
        *pixel = pixel.mix(colour, alpha);
    }

    pub fn fill_rect(&mut self, x: i32, y: i32, width: u32, height: u32, colour: Rgb) {
        for py in y..y + height as i32 {
            for px in x..x + width as i32 {
                self.blend(px, py, colour, 1.0);
            }
        }
    }

    /// Paints `colour` with a coverage given by a signed distance (negative inside) per pixel
    /// centre, over the box `x0..x1`, `y0..y1`.
    fn fill_by_distance(
        &mut self,
        (x0, y0, x1, y1): (f32, f32, f32, f32),
        colour: Rgb,
        alpha: f32,
        distance: impl Fn(f32, f32) -> f32,
    ) {
        let (x0, y0) = (x0.floor() as i32 - 1, y0.floor() as i32 - 1);
        let (x1, y1) = (x1.ceil() as i32 + 1, y1.ceil() as i32 + 1);
        for py in y0..y1 {
            for px in x0..x1 {
                let d = distance(px as f32 + 0.5, py as f32 + 0.5);
                let coverage = (0.5 - d).clamp(0.0, 1.0);
                self.blend(px, py, colour, coverage * alpha);
            }
        }
    }

    pub fn fill_circle(&mut self, cx: f32, cy: f32, radius: f32, colour: Rgb, alpha: f32) {
        let bounds = (cx - radius, cy - radius, cx + radius, cy + radius);
        self.fill_by_distance(bounds, colour, alpha, |x, y| {
            ((x - cx).powi(2) + (y - cy).powi(2)).sqrt() - radius
        });
    }

    /// A rounded rectangle from (`x`, `y`) of `width` x `height`, corner radius `radius`.
    pub fn fill_rounded_rect(
        &mut self,
        (x, y, width, height): (f32, f32, f32, f32),
        radius: f32,
        colour: Rgb,
    ) {
        let (cx, cy) = (x + width / 2.0, y + height / 2.0);
        let (hx, hy) = (width / 2.0 - radius, height / 2.0 - radius);
        self.fill_by_distance((x, y, x + width, y + height), colour, 1.0, |px, py| {
            let qx = ((px - cx).abs() - hx).max(0.0);
            let qy = ((py - cy).abs() - hy).max(0.0);
            (qx * qx + qy * qy).sqrt() - radius
        });
    }

    /// The outline of a rounded rectangle, `thickness` wide, inside the given box.
    pub fn stroke_rounded_rect(
        &mut self,
        (x, y, width, height): (f32, f32, f32, f32),
        radius: f32,
        thickness: f32,
        colour: Rgb,
    ) {
        let (cx, cy) = (x + width / 2.0, y + height / 2.0);
        let (hx, hy) = (width / 2.0 - radius, height / 2.0 - radius);
        self.fill_by_distance((x, y, x + width, y + height), colour, 1.0, |px, py| {
            let ax = (px - cx).abs() - hx;
            let ay = (py - cy).abs() - hy;
            let outside = (ax.max(0.0).powi(2) + ay.max(0.0).powi(2)).sqrt();
            let signed = outside + ax.max(ay).min(0.0) - radius;
            // Inside the band between the edge and `thickness` in from it.
            (signed + thickness / 2.0).abs() - thickness / 2.0
        });
    }

    /// A straight stroke with round ends from (`x0`, `y0`) to (`x1`, `y1`).
    pub fn stroke_line(
        &mut self,
        (x0, y0): (f32, f32),
        (x1, y1): (f32, f32),
        thickness: f32,
        colour: Rgb,
    ) {
        let half = thickness / 2.0;
        let bounds = (
            x0.min(x1) - half,
            y0.min(y1) - half,
            x0.max(x1) + half,
            y0.max(y1) + half,
        );
        let (dx, dy) = (x1 - x0, y1 - y0);
        let length2 = (dx * dx + dy * dy).max(f32::EPSILON);
        self.fill_by_distance(bounds, colour, 1.0, |px, py| {
            let t = (((px - x0) * dx + (py - y0) * dy) / length2).clamp(0.0, 1.0);
            let (nx, ny) = (x0 + t * dx, y0 + t * dy);
            ((px - nx).powi(2) + (py - ny).powi(2)).sqrt() - half
        });
    }

    /// The colour at (`x`, `y`), clamped to the canvas.
    pub fn pixel(&self, x: i32, y: i32) -> Rgb {
        let x = x.clamp(0, self.width as i32 - 1) as usize;
        let y = y.clamp(0, self.height as i32 - 1) as usize;
        self.pixels
            .get(y * self.width as usize + x)
            .copied()
            .unwrap_or(Rgb(0, 0, 0))
    }

    /// Fills a polygon (any shape, corners in order), anti-aliased.
    ///
    /// imageproc rasterises it without anti-aliasing at [`SUPERSAMPLE`] times the size into a
    /// coverage mask, and the mask is averaged back down: start-up only, so the extra work is
    /// of no concern.
    pub fn fill_polygon(&mut self, corners: &[(f32, f32)], colour: Rgb, alpha: f32) {
        let Some(mask) = polygon_coverage(corners) else {
            return;
        };
        self.paint_mask(
            &mask.coverage,
            (mask.width, mask.height),
            mask.x,
            mask.y,
            colour,
            alpha,
        );
    }

    /// Paints `colour` through a coverage mask (0..=255) whose top-left corner is at (`x`, `y`).
    pub fn paint_mask(
        &mut self,
        coverage: &[u8],
        (width, height): (u32, u32),
        x: i32,
        y: i32,
        colour: Rgb,
        alpha: f32,
    ) {
        for (index, &c) in coverage.iter().enumerate().take((width * height) as usize) {
            if c != 0 {
                let (px, py) = ((index as u32 % width) as i32, (index as u32 / width) as i32);
                self.blend(x + px, y + py, colour, c as f32 / 255.0 * alpha);
            }
        }
    }

    /// Mixes `layer` (the same size) into this canvas where `distance` (signed, negative
    /// inside, per pixel centre) says it covers: a clip path for art drawn freely on a layer.
    pub fn composite(&mut self, layer: &ArtCanvas, distance: impl Fn(f32, f32) -> f32) {
        for y in 0..self.height.min(layer.height) as i32 {
            for x in 0..self.width.min(layer.width) as i32 {
                let coverage = (0.5 - distance(x as f32 + 0.5, y as f32 + 0.5)).clamp(0.0, 1.0);
                self.blend(x, y, layer.pixel(x, y), coverage);
            }
        }
    }

    /// A soft disc of `colour`, full `strength` at the centre fading to nothing at `radius`.
    pub fn radial_glow(&mut self, (cx, cy): (f32, f32), radius: f32, colour: Rgb, strength: f32) {
        let (x0, y0) = ((cx - radius).floor() as i32, (cy - radius).floor() as i32);
        let (x1, y1) = ((cx + radius).ceil() as i32, (cy + radius).ceil() as i32);
        for y in y0..y1 {
            for x in x0..x1 {
                let d = ((x as f32 + 0.5 - cx).powi(2) + (y as f32 + 0.5 - cy).powi(2)).sqrt();
                let falloff = (1.0 - d / radius).clamp(0.0, 1.0);
                // Flat near the centre and soft at the rim, like light rather than a cone.
                let alpha = strength * (falloff * (2.0 - falloff)).powf(1.4);
                self.blend(x, y, colour, alpha);
            }
        }
    }

    /// Converts to palette indices, each pixel to its nearest palette colour.
    pub fn quantise(&self, palette: &Palette) -> Indexed {
        self.quantise_with(palette, &mut HashMap::new())
    }

    /// As [`ArtCanvas::quantise`], remembering colours already matched in `cache` across
    /// calls: many tiles of one palette share their anti-aliased colours.
    pub fn quantise_with(&self, palette: &Palette, cache: &mut HashMap<Rgb, u8>) -> Indexed {
        let pixels = self
            .pixels
            .iter()
            .map(|&colour| {
                *cache
                    .entry(colour)
                    .or_insert_with(|| palette.nearest(colour))
            })
            .collect();
        Indexed {
            width: self.width,
            height: self.height,
            pixels,
        }
    }
}

/// The signed distance to a rounded rectangle `(x, y, width, height)` with corner `radius`
/// (negative inside), for [`ArtCanvas::composite`].
pub fn rounded_rect_distance(
    (x, y, width, height): (f32, f32, f32, f32),
    radius: f32,
) -> impl Fn(f32, f32) -> f32 {
    let (cx, cy) = (x + width / 2.0, y + height / 2.0);
    let (hx, hy) = (width / 2.0 - radius, height / 2.0 - radius);
    move |px, py| {
        let ax = (px - cx).abs() - hx;
        let ay = (py - cy).abs() - hy;
        (ax.max(0.0).powi(2) + ay.max(0.0).powi(2)).sqrt() + ax.max(ay).min(0.0) - radius
    }
}

/// Sub-pixels a side when polygons are rasterised for [`ArtCanvas::fill_polygon`].
const SUPERSAMPLE: u32 = 4;

struct PolygonMask {
    x: i32,
    y: i32,
    width: u32,
    height: u32,
    coverage: Vec<u8>,
}

fn polygon_coverage(corners: &[(f32, f32)]) -> Option<PolygonMask> {
    use imageproc::drawing::draw_polygon_mut;
    use imageproc::point::Point;

    let finite = corners.iter().all(|(x, y)| x.is_finite() && y.is_finite());
    if corners.len() < 3 || !finite {
        return None;
    }
    let x0 = corners.iter().map(|c| c.0).fold(f32::MAX, f32::min).floor() as i32;
    let y0 = corners.iter().map(|c| c.1).fold(f32::MAX, f32::min).floor() as i32;
    let x1 = corners.iter().map(|c| c.0).fold(f32::MIN, f32::max).ceil() as i32;
    let y1 = corners.iter().map(|c| c.1).fold(f32::MIN, f32::max).ceil() as i32;
    let (width, height) = ((x1 - x0).max(1) as u32, (y1 - y0).max(1) as u32);
    let n = SUPERSAMPLE as f32;
    let mut points: Vec<Point<i32>> = corners
        .iter()
        .map(|&(x, y)| {
            Point::new(
                ((x - x0 as f32) * n).round() as i32,
                ((y - y0 as f32) * n).round() as i32,
            )
        })
        .collect();
    // imageproc refuses (panics on) a polygon that repeats its first corner at the end.
    points.dedup();
    while points.len() > 1 && points.first() == points.last() {
        points.pop();
    }
    if points.len() < 3 {
        return None;
    }
    let mut fine = image::GrayImage::new(width * SUPERSAMPLE, height * SUPERSAMPLE);
    draw_polygon_mut(&mut fine, &points, image::Luma([1u8]));
    let mut coverage = vec![0u8; (width * height) as usize];
    for (index, cell) in coverage.iter_mut().enumerate() {
        let (cx, cy) = (index as u32 % width, index as u32 / width);
        let mut inside = 0u32;
        for sy in 0..SUPERSAMPLE {
            for sx in 0..SUPERSAMPLE {
                let (fx, fy) = (cx * SUPERSAMPLE + sx, cy * SUPERSAMPLE + sy);
                inside += u32::from(fine.get_pixel(fx, fy).0[0]);
            }
        }
        *cell = (inside * 255 / (SUPERSAMPLE * SUPERSAMPLE)) as u8;
    }
    Some(PolygonMask {
        x: x0,
        y: y0,
        width,
        height,
        coverage,
    })
}
