//! Tables as pictures (leaderboards): a title, column labels and striped rows, in the boards'
//! header colours so a leaderboard sits well beside a game in the chat.
//!
//! Chat apps on phones wrap a monospace line wider than the screen, which scrambles a
//! table's columns; a picture scales instead. Every word is laid out per picture from the
//! glyph cache, and the columns are as wide as their widest cell.

use super::RenderError;
use super::canvas::{FramePool, Indexed, Palette, Ramp};
use super::font::{Face, GlyphCache, TextStyle};
use super::theme::Theme;

/// How a column's cells line up: names on the left, numbers on the right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    pub label: String,
    pub align: Align,
}

/// What a table picture shows, localised by the caller.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableView {
    pub title: String,
    /// A line under the table (the page, say); empty for none.
    pub footer: String,
    pub columns: Vec<Column>,
    /// Cells by row, then column; a row's missing cells stay empty, extra ones are ignored.
    pub rows: Vec<Vec<String>>,
    /// The rank of the first row: rows ranked 1 to 3 have their first cell in the winner's
    /// colour.
    pub first_rank: usize,
}

const PAD: u32 = 22;
const TITLE_BAND: u32 = 62;
const TITLE_BASELINE: i32 = 41;
const LABEL_ROW: u32 = 34;
const ROW: u32 = 40;
const FOOTER_BAND: u32 = 40;
const BOTTOM: u32 = 14;
/// Between two columns.
const GAP: f32 = 26.0;
/// Inside a row stripe, before the first and after the last cell.
const INSET: f32 = 14.0;
const MIN_WIDTH: u32 = 440;
/// A cell wider than this is shortened with an ellipsis.
const MAX_CELL: f32 = 300.0;
/// More rows than this are left out: a page of a leaderboard holds ten.
const MAX_ROWS: usize = 50;

const TITLE: TextStyle = TextStyle::new(Face::Bold, 24.0);
const LABEL: TextStyle = TextStyle::new(Face::Bold, 15.0);
const CELL: TextStyle = TextStyle::new(Face::Regular, 19.0);
const RANK: TextStyle = TextStyle::new(Face::Bold, 19.0);
const FOOTER: TextStyle = TextStyle::new(Face::Regular, 16.0);

/// The palette and ramps, prepared once.
#[derive(Debug)]
pub struct TableArt {
    plte: Vec<u8>,
    background: u8,
    stripe: u8,
    title: Ramp,
    label: Ramp,
    footer: Ramp,
    /// Cell text over the background and over a stripe.
    cell: [Ramp; 2],
    /// Ranks 1 to 3 over the background and over a stripe.
    podium: [Ramp; 2],
}

impl TableArt {
    pub fn new(theme: &Theme, glyphs: &GlyphCache) -> Result<Self, RenderError> {
        let colours = &theme.header;
        let mut palette = Palette::new();
        let background = palette.add(colours.background)?;
        let stripe = palette.add(colours.panel)?;
        let levels = 16;
        let title = palette.ramp(colours.background, colours.name, levels)?;
        let label = palette.ramp(colours.background, colours.caption, levels)?;
        let footer = palette.ramp(colours.background, colours.caption, levels)?;
        let cell = [
            palette.ramp(colours.background, colours.name, levels)?,
            palette.ramp(colours.panel, colours.name, levels)?,
        ];
        let podium = [
            palette.ramp(colours.background, colours.winner, levels)?,
            palette.ramp(colours.panel, colours.winner, levels)?,
        ];
        let ascii: String = (' '..='~').collect();
        for style in [TITLE, LABEL, CELL, RANK, FOOTER] {
            glyphs.warm(style, &ascii);
        }
        Ok(Self {
            plte: palette.png_bytes(),
            background,
            stripe,
            title,
            label,
            footer,
            cell,
            podium,
        })
    }

    pub fn render(
        &self,
        table: &TableView,
        glyphs: &GlyphCache,
        frames: &FramePool,
    ) -> Result<Vec<u8>, RenderError> {
        frames.encode(|frame| {
            self.draw(table, glyphs, frame);
            Ok(&self.plte)
        })
    }

    /// Lays out and paints `table` into `frame` (any previous content is overwritten).
    pub fn draw(&self, table: &TableView, glyphs: &GlyphCache, frame: &mut Indexed) {
        let laid = TableLayout::new(table, glyphs);
        let (width, height) = (laid.width, laid.height);
        frame.width = width;
        frame.height = height;
        frame.pixels.clear();
        frame
            .pixels
            .resize(width as usize * height as usize, self.background);

        glyphs
            .run(TITLE, &laid.title)
            .draw(frame, PAD as i32, TITLE_BASELINE, &self.title);
        let label_baseline = (TITLE_BAND + LABEL_ROW) as i32 - 11;
        for (c, column) in table.columns.iter().enumerate() {
            let run = glyphs.run(LABEL, &column.label);
            run.draw(
                frame,
                laid.place(table, run.width, c),
                label_baseline,
                &self.label,
            );
        }
        for (r, row) in laid.rows.iter().enumerate() {
            let top = TITLE_BAND + LABEL_ROW + ROW * r as u32;
            let striped = r % 2 == 0;
            if striped {
                frame.fill_rect(PAD, top, width - 2 * PAD, ROW, self.stripe);
            }
            let shade = usize::from(striped);
            let baseline = (top + ROW) as i32 - 13;
            let rank = table.first_rank + r;
            for (c, text) in row.iter().enumerate() {
                let (style, ramp) = if c == 0 && (1..=3).contains(&rank) {
                    (RANK, &self.podium[shade])
                } else {
                    (CELL, &self.cell[shade])
                };
                let run = glyphs.run(style, text);
                run.draw(frame, laid.place(table, run.width, c), baseline, ramp);
            }
        }
        if !laid.footer.is_empty() {
            let baseline = (height - BOTTOM) as i32 - 12;
            glyphs
                .run(FOOTER, &laid.footer)
                .draw(frame, PAD as i32, baseline, &self.footer);
        }
    }
}

/// Where everything of one table picture goes: its cells cut to fit, the columns' widths and
/// left edges, and the picture's size.
struct TableLayout {
    rows: Vec<Vec<String>>,
    widths: Vec<f32>,
    starts: Vec<f32>,
    title: String,
    footer: String,
    width: u32,
    height: u32,
}

impl TableLayout {
    fn new(table: &TableView, glyphs: &GlyphCache) -> Self {
        let rows = &table.rows[..table.rows.len().min(MAX_ROWS)];
        let cell_text = |row: &[String], column: usize| {
            let text = row.get(column).map_or("", String::as_str);
            glyphs.fit(CELL, text, MAX_CELL)
        };
        let rows: Vec<Vec<String>> = rows
            .iter()
            .map(|row| {
                (0..table.columns.len())
                    .map(|c| cell_text(row, c))
                    .collect()
            })
            .collect();
        let mut widths: Vec<f32> = table
            .columns
            .iter()
            .enumerate()
            .map(|(c, column)| {
                let cells = rows.iter().map(|row| glyphs.fonts().advance(RANK, &row[c]));
                cells.fold(glyphs.fonts().advance(LABEL, &column.label), f32::max)
            })
            .collect();
        let columns_width =
            widths.iter().sum::<f32>() + GAP * widths.len().saturating_sub(1) as f32 + 2.0 * INSET;
        let title = glyphs.fit(TITLE, &table.title, 900.0);
        let title_width = glyphs.fonts().advance(TITLE, &title);
        let footer = glyphs.fit(FOOTER, &table.footer, 900.0);
        let footer_width = glyphs.fonts().advance(FOOTER, &footer);
        let inner = columns_width.max(title_width).max(footer_width).ceil() as u32;
        let width = (inner + 2 * PAD).max(MIN_WIDTH);
        // The rows span the picture; the room the title leaves goes to the first column
        // that lines up on the left (the names).
        let spare = (width - 2 * PAD) as f32 - columns_width;
        let wide = table.columns.iter().position(|c| c.align == Align::Left);
        if let Some(w) = wide.and_then(|c| widths.get_mut(c)) {
            *w += spare.max(0.0);
        }
        let footer_band = if footer.is_empty() { 0 } else { FOOTER_BAND };
        let height = TITLE_BAND + LABEL_ROW + ROW * rows.len() as u32 + footer_band + BOTTOM;

        let mut starts = Vec::with_capacity(widths.len());
        let mut x = PAD as f32 + INSET;
        for w in &widths {
            starts.push(x);
            x += w + GAP;
        }
        Self {
            rows,
            widths,
            starts,
            title,
            footer,
            width,
            height,
        }
    }

    /// The left edge of a text `text_width` wide in `column`, as the column lines up.
    fn place(&self, table: &TableView, text_width: f32, column: usize) -> i32 {
        let start = self.starts[column];
        match table.columns[column].align {
            Align::Left => start.round() as i32,
            Align::Right => (start + self.widths[column] - text_width).round() as i32,
        }
    }
}
