//! Board pictures: a position plus a [`View`] in, PNG bytes out.
//!
//! Everything that does not change between pictures (fonts, board backgrounds with their
//! coordinates, every square look, piece art, header panels) is drawn once by
//! [`Renderer::new`] and quantised to an 8-bit palette; a render copies prepared palette
//! indices into a reused frame, stamps the few words of the header from a glyph cache and
//! deflates the result (the way lichess' lila-gif stays fast; the project's rendering notes
//! hold the measurements behind this design).
//!
//! Modules: `theme` (every colour), `canvas` (palette, RGB art, indexed frames, PNG), `font`
//! (embedded fonts, glyph cache), `board` (layout and background of any board size),
//! `header` (players, caption and detail line), `pieces` (glyph pieces), `table` (leaderboards),
//! and one module a game.

mod ambit;
mod board;
mod canvas;
mod chesimals;
mod font;
mod glacier;
mod header;
mod knight_fight;
mod pieces;
mod table;
pub mod theme;

pub use ambit::AmbitView;
pub use table::{Align, Column, TableView};

use crate::games::{AnyGame, MoveSquares, Outcome};

use canvas::FramePool;
use chesimals::ChesimalsArt;
use font::{Fonts, GlyphCache};
use glacier::GlacierArt;
use knight_fight::KnightFightArt;
use table::TableArt;
use theme::Theme;

/// What a picture shows besides the position; chosen and localised by the caller.
#[derive(Clone, Debug, Default)]
pub struct View {
    /// White's player name.
    pub white: String,
    /// Black's player name.
    pub black: String,
    /// One line of status text, e.g. "alice to move" or "bob wins 312 : 280".
    pub caption: String,
    /// A second, optional line of the game's own news, localised by the caller, e.g.
    /// "Check! Ice Age in 5 Black moves." (empty: none).
    pub detail: String,
    /// The squares the last move touched, to be marked (Chesimals: the unit moves of the
    /// last turn, or of the turn in progress, as [`MoveSquares::trail`] reads them).
    pub last_move: Option<MoveSquares>,
    /// Draw from Black's side (Black at the bottom).
    pub flip: bool,
    /// How the game ended when that is not in the position itself (resignation, agreement);
    /// it replaces the position's own status in the picture.
    pub result: Option<Outcome>,
}

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("font {0} could not be loaded")]
    Font(String),
    #[error("the theme needs more than 256 colours")]
    PaletteFull,
    #[error("PNG encoding failed: {0}")]
    Png(#[from] png::EncodingError),
}

/// Everything prepared once; shared between threads (it is `Send + Sync`).
#[derive(Debug)]
pub struct Renderer {
    glyphs: GlyphCache,
    frames: FramePool,
    knight_fight: KnightFightArt,
    glacier: GlacierArt,
    ambit: ambit::AmbitArt,
    chesimals: ChesimalsArt,
    table: TableArt,
}

impl Renderer {
    /// Prepares fonts, board backgrounds (with coordinates and the fixed square numbers), and
    /// piece sprites once, with the default theme.
    pub fn new() -> Result<Renderer, RenderError> {
        Self::with_theme(&Theme::DEFAULT)
    }

    pub fn with_theme(theme: &Theme) -> Result<Renderer, RenderError> {
        let glyphs = GlyphCache::new(Fonts::load()?);
        let knight_fight = KnightFightArt::new(theme, &glyphs)?;
        let glacier = GlacierArt::new(theme, &glyphs)?;
        let ambit = ambit::AmbitArt::new(theme, &glyphs)?;
        let chesimals = ChesimalsArt::new(theme, &glyphs)?;
        let table = TableArt::new(theme, &glyphs)?;
        Ok(Renderer {
            glyphs,
            frames: FramePool::default(),
            knight_fight,
            glacier,
            ambit,
            chesimals,
            table,
        })
    }

    /// PNG bytes of a table (a leaderboard page).
    pub fn render_table(&self, table: &TableView) -> Result<Vec<u8>, RenderError> {
        self.table.render(table, &self.glyphs, &self.frames)
    }

    /// PNG bytes of `game` as seen with `view`.
    pub fn render(&self, game: &AnyGame, view: &View) -> Result<Vec<u8>, RenderError> {
        match game {
            AnyGame::KnightFight(position) => {
                self.knight_fight
                    .render(position, view, &self.glyphs, &self.frames)
            }
            AnyGame::Glacier(position) => {
                self.glacier
                    .render(position, view, &self.glyphs, &self.frames)
            }
            AnyGame::Chesimals(position) => {
                self.chesimals
                    .render(position, view, &self.glyphs, &self.frames)
            }
        }
    }
}

#[cfg(test)]
mod tests;
