//! The picture of a game's review: White's winning chance over the game as a filled graph
//! (White's share light, above the middle line when White is better), the marked turns as
//! dots in their colours, and each player's accuracy, in the header colours of the boards.

use super::RenderError;
use super::canvas::{FramePool, Indexed, Palette, Ramp};
use super::font::{Face, GlyphCache, TextStyle};
use super::theme::Theme;

/// How bad a marked turn was, for its dot's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Inaccuracy,
    Mistake,
    Blunder,
}

/// What the review picture shows, localised by the caller.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReviewView {
    pub title: String,
    /// Each player's line under the title: name and accuracy (White first).
    pub white: String,
    pub black: String,
    /// White's winning chance (-1..1) at each position from the start; `None` where it was
    /// not judged (drawn as the last known value).
    pub chances: Vec<Option<f64>>,
    /// Marked turns: the position the turn led to (1-based index into `chances`) and how
    /// bad it was.
    pub marks: Vec<(usize, Severity)>,
    /// Under the graph: what the colours mean.
    pub legend: String,
}

const WIDTH: u32 = 720;
const PAD: u32 = 22;
const TITLE_BASELINE: i32 = 40;
const LINE_1: i32 = 72;
const LINE_2: i32 = 98;
const GRAPH_TOP: u32 = 116;
const GRAPH_HEIGHT: u32 = 220;
const LEGEND_BASELINE: i32 = (GRAPH_TOP + GRAPH_HEIGHT) as i32 + 30;
const HEIGHT: u32 = GRAPH_TOP + GRAPH_HEIGHT + 46;
const DOT: i32 = 5;

const TITLE: TextStyle = TextStyle::new(Face::Bold, 24.0);
const LINE: TextStyle = TextStyle::new(Face::Regular, 18.0);
const LEGEND: TextStyle = TextStyle::new(Face::Regular, 15.0);

/// The palette and ramps, prepared once.
#[derive(Debug)]
pub struct ReviewArt {
    plte: Vec<u8>,
    background: u8,
    black_area: u8,
    white_area: u8,
    middle: u8,
    curve: u8,
    dots: [u8; 3],
    title: Ramp,
    line: Ramp,
    legend: Ramp,
}

impl ReviewArt {
    pub fn new(theme: &Theme, glyphs: &GlyphCache) -> Result<Self, RenderError> {
        let colours = &theme.header;
        let mut palette = Palette::new();
        let background = palette.add(colours.background)?;
        let black_area = palette.add(colours.panel)?;
        let review = &theme.review;
        let white_area = palette.add(review.white_area)?;
        let middle = palette.add(colours.icon_disc)?;
        let curve = palette.add(colours.winner)?;
        let dots = [
            palette.add(review.inaccuracy)?,
            palette.add(review.mistake)?,
            palette.add(review.blunder)?,
        ];
        let levels = 16;
        let title = palette.ramp(colours.background, colours.name, levels)?;
        let line = palette.ramp(colours.background, colours.caption, levels)?;
        let legend = palette.ramp(colours.background, colours.icon_disc, levels)?;
        let ascii: String = (' '..='~').collect();
        for style in [TITLE, LINE, LEGEND] {
            glyphs.warm(style, &ascii);
        }
        Ok(Self {
            plte: palette.png_bytes(),
            background,
            black_area,
            white_area,
            middle,
            curve,
            dots,
            title,
            line,
            legend,
        })
    }

    pub fn render(
        &self,
        view: &ReviewView,
        glyphs: &GlyphCache,
        frames: &FramePool,
    ) -> Result<Vec<u8>, RenderError> {
        frames.encode(|frame| {
            self.draw(view, glyphs, frame);
            Ok(&self.plte)
        })
    }

    fn draw(&self, view: &ReviewView, glyphs: &GlyphCache, frame: &mut Indexed) {
        frame.width = WIDTH;
        frame.height = HEIGHT;
        frame.pixels.clear();
        frame
            .pixels
            .resize(WIDTH as usize * HEIGHT as usize, self.background);
        let text_width = (WIDTH - 2 * PAD) as f32;
        let title = glyphs.fit(TITLE, &view.title, text_width);
        glyphs
            .run(TITLE, &title)
            .draw(frame, PAD as i32, TITLE_BASELINE, &self.title);
        for (text, baseline) in [(&view.white, LINE_1), (&view.black, LINE_2)] {
            let text = glyphs.fit(LINE, text, text_width);
            glyphs
                .run(LINE, &text)
                .draw(frame, PAD as i32, baseline, &self.line);
        }
        let legend = glyphs.fit(LEGEND, &view.legend, text_width);
        glyphs
            .run(LEGEND, &legend)
            .draw(frame, PAD as i32, LEGEND_BASELINE, &self.legend);

        let graph = Graph::new(view.chances.len());
        let known = known_values(&view.chances);
        // Each column: White's share from the curve down, Black's above it.
        for column in 0..graph.width {
            let y = graph.y_of(graph.value_at(&known, column));
            let x = graph.left + column;
            frame.fill_rect(x, GRAPH_TOP, 1, y - GRAPH_TOP, self.black_area);
            frame.fill_rect(x, y, 1, GRAPH_TOP + GRAPH_HEIGHT - y, self.white_area);
        }
        frame.fill_rect(
            graph.left,
            GRAPH_TOP + GRAPH_HEIGHT / 2,
            graph.width,
            1,
            self.middle,
        );
        // The curve, two pixels thick, joined column to column.
        let mut previous: Option<u32> = None;
        for column in 0..graph.width {
            let y = graph.y_of(graph.value_at(&known, column));
            let (low, high) = match previous {
                Some(p) => (p.min(y), p.max(y)),
                None => (y, y),
            };
            let top = low.saturating_sub(1).max(GRAPH_TOP);
            let bottom = (high + 1).min(GRAPH_TOP + GRAPH_HEIGHT);
            frame.fill_rect(graph.left + column, top, 1, bottom - top, self.curve);
            previous = Some(y);
        }
        for &(position, severity) in &view.marks {
            let Some(value) = known.get(position).copied() else {
                continue;
            };
            let x = graph.x_of(position) as i32;
            let y = graph.y_of(value) as i32;
            let colour = self.dots[severity as usize];
            disc(frame, x, y, DOT + 2, self.background);
            disc(frame, x, y, DOT, colour);
        }
    }
}

/// The plot area and its scale.
struct Graph {
    left: u32,
    width: u32,
    /// Positions plotted (at least 2, so a one-turn game still spans the width).
    points: usize,
}

impl Graph {
    fn new(points: usize) -> Self {
        Graph {
            left: PAD,
            width: WIDTH - 2 * PAD,
            points: points.max(2),
        }
    }

    fn x_of(&self, position: usize) -> u32 {
        let span = (self.points - 1) as f64;
        self.left + ((position as f64 / span) * f64::from(self.width - 1)).round() as u32
    }

    /// White's chance at pixel column `column`, straight between two positions.
    fn value_at(&self, known: &[f64], column: u32) -> f64 {
        if known.is_empty() {
            return 0.0;
        }
        let at = f64::from(column) / f64::from(self.width - 1) * (self.points - 1) as f64;
        let before = (at.floor() as usize).min(known.len() - 1);
        let after = (before + 1).min(known.len() - 1);
        let share = at - at.floor();
        known[before] * (1.0 - share) + known[after] * share
    }

    /// The row of White's chance `value`: 1 at the top of the plot, -1 at its bottom.
    fn y_of(&self, value: f64) -> u32 {
        let value = value.clamp(-1.0, 1.0);
        let half = f64::from(GRAPH_HEIGHT) / 2.0;
        let y = f64::from(GRAPH_TOP) + half - value * (half - 3.0);
        (y.round() as u32).clamp(GRAPH_TOP, GRAPH_TOP + GRAPH_HEIGHT - 1)
    }
}

/// The chances with every gap filled by the last known value (0 before the first).
fn known_values(chances: &[Option<f64>]) -> Vec<f64> {
    let mut last = 0.0;
    chances
        .iter()
        .map(|chance| {
            if let Some(value) = chance {
                last = *value;
            }
            last
        })
        .collect()
}

/// A filled disc of radius `r` around (`x`, `y`), clipped to the frame.
fn disc(frame: &mut Indexed, x: i32, y: i32, r: i32, index: u8) {
    for dy in -r..=r {
        let half = f64::from(r * r - dy * dy).sqrt().round() as i32;
        let row = y + dy;
        if row < 0 || row >= frame.height as i32 {
            continue;
        }
        let from = (x - half).max(0);
        let to = (x + half).min(frame.width as i32 - 1);
        if from <= to {
            frame.fill_rect(from as u32, row as u32, (to - from + 1) as u32, 1, index);
        }
    }
}
