//! Board pictures: a position plus a [`View`] in, PNG bytes out.
//!
//! Everything that does not change between pictures (board backgrounds with their
//! coordinates, every square look, piece art, header panels) is drawn once per game, on its
//! first picture, and quantised to an 8-bit palette; a render copies prepared palette
//! indices into a reused frame, stamps the few words of the header from a glyph cache and
//! deflates the result (the way lichess' lila-gif stays fast; `docs/design.md`'s Pictures
//! section and the render benchmarks hold the measurements behind this design).
//!
//! Modules: `theme` (every colour), `canvas` (palette, RGB art, indexed frames, PNG), `font`
//! (embedded fonts, glyph cache), `board` (layout and background of any board size, and the
//! art of a board drawn from ready tiles),
//! `header` (players, caption and detail line), `pieces` (glyph pieces), `table` (leaderboards),
//! and one module a game.

mod ambit;
mod analysis;
mod board;
mod canvas;
mod chesimals;
mod font;
mod glacier;
mod header;
mod knight_fight;
mod pieces;
mod script;
mod table;
pub mod theme;

pub use ambit::AmbitView;
pub use analysis::{ReviewView, Severity};
pub use glacier::FROST_WARNING_MOVES;
/// The height of a two-player board's header (names, caption): the board is drawn below it.
pub use header::HEIGHT as HEADER_HEIGHT;
pub use table::{Align, Column, TableView};

use std::sync::OnceLock;

use crate::games::{AnyGame, MoveSquares, ViewFacts};

use analysis::ReviewArt;
use board::TiledArt;
use canvas::{FramePool, Indexed};
use chesimals::ChesimalsArt;
use font::{Fonts, GlyphCache};
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
    /// Leave the side to move's panel plain (a winner's is still singled out). A replay's
    /// pictures do: the caption names the move, and a header that stays the same keeps
    /// each frame of the GIF to the squares that changed.
    pub hide_turn: bool,
    /// The status (with how the game ended when that is not in the position itself:
    /// resignation, agreement), the king in check and the squares to mark, as the rules
    /// worked them out for this position ([`AnyGame::view_facts`]). The renderer draws them
    /// and asks the rules nothing.
    pub facts: ViewFacts,
}

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("font {0} could not be loaded")]
    Font(String),
    #[error("the theme needs more than 256 colours")]
    PaletteFull,
    #[error("PNG encoding failed: {0}")]
    Png(#[from] png::EncodingError),
    #[error("GIF encoding failed: {0}")]
    Gif(String),
}

/// A game (or the table) whose art the renderer prepares on its first picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArtKind {
    KnightFight,
    Glacier,
    Chesimals,
    Ambit,
    Table,
}

/// Fonts at once, each game's art on its first picture; shared between threads (it is
/// `Send + Sync`). A process that only draws Glacier never prepares the other games, and
/// start-up does not wait for any art.
#[derive(Debug)]
pub struct Renderer {
    theme: Theme,
    glyphs: GlyphCache,
    frames: FramePool,
    knight_fight: OnceLock<TiledArt>,
    glacier: OnceLock<TiledArt>,
    ambit: OnceLock<ambit::AmbitArt>,
    chesimals: OnceLock<ChesimalsArt>,
    table: OnceLock<TableArt>,
    review: OnceLock<ReviewArt>,
}

/// The art in `cell`, prepared by `make` when this is the first call. Two threads asking at
/// once may both prepare it; one result is kept.
fn prepared<T>(
    cell: &OnceLock<T>,
    make: impl FnOnce() -> Result<T, RenderError>,
) -> Result<&T, RenderError> {
    if let Some(art) = cell.get() {
        return Ok(art);
    }
    let art = make()?;
    Ok(cell.get_or_init(|| art))
}

/// Makes one picture and records how long it took (`kibitz_picture_seconds`, label
/// `picture`: the game, or `table`). A game's first picture includes preparing its art,
/// since the player who asked waits for that too.
fn timed(
    picture: &'static str,
    make: impl FnOnce() -> Result<Vec<u8>, RenderError>,
) -> Result<Vec<u8>, RenderError> {
    let started = std::time::Instant::now();
    let made = make();
    metrics::histogram!("kibitz_picture_seconds", "picture" => picture)
        .record(started.elapsed().as_secs_f64());
    made
}

impl Renderer {
    /// Loads the fonts; board backgrounds (with coordinates and the fixed square numbers),
    /// piece sprites and header panels are prepared per game on its first picture.
    pub fn new() -> Result<Renderer, RenderError> {
        Self::with_theme(&Theme::DEFAULT)
    }

    pub fn with_theme(theme: &Theme) -> Result<Renderer, RenderError> {
        Ok(Renderer {
            theme: *theme,
            glyphs: GlyphCache::new(Fonts::load()?),
            frames: FramePool::default(),
            knight_fight: OnceLock::new(),
            glacier: OnceLock::new(),
            ambit: OnceLock::new(),
            chesimals: OnceLock::new(),
            table: OnceLock::new(),
            review: OnceLock::new(),
        })
    }

    /// Whether `kind`'s art has been prepared (by a picture of it, or [`Renderer::prepare`]).
    pub fn is_prepared(&self, kind: ArtKind) -> bool {
        match kind {
            ArtKind::KnightFight => self.knight_fight.get().is_some(),
            ArtKind::Glacier => self.glacier.get().is_some(),
            ArtKind::Chesimals => self.chesimals.get().is_some(),
            ArtKind::Ambit => self.ambit.get().is_some(),
            ArtKind::Table => self.table.get().is_some(),
        }
    }

    /// Prepares `kind`'s art now rather than on its first picture (benchmarks that time
    /// renders alone call this first).
    pub fn prepare(&self, kind: ArtKind) -> Result<(), RenderError> {
        match kind {
            ArtKind::KnightFight => self.knight_fight_art().map(drop),
            ArtKind::Glacier => self.glacier_art().map(drop),
            ArtKind::Chesimals => self.chesimals_art().map(drop),
            ArtKind::Ambit => self.ambit_art().map(drop),
            ArtKind::Table => self.table_art().map(drop),
        }
    }

    fn knight_fight_art(&self) -> Result<&TiledArt, RenderError> {
        prepared(&self.knight_fight, || {
            knight_fight::art(&self.theme, &self.glyphs)
        })
    }

    fn glacier_art(&self) -> Result<&TiledArt, RenderError> {
        prepared(&self.glacier, || glacier::art(&self.theme, &self.glyphs))
    }

    fn chesimals_art(&self) -> Result<&ChesimalsArt, RenderError> {
        prepared(&self.chesimals, || {
            ChesimalsArt::new(&self.theme, &self.glyphs)
        })
    }

    fn ambit_art(&self) -> Result<&ambit::AmbitArt, RenderError> {
        prepared(&self.ambit, || {
            ambit::AmbitArt::new(&self.theme, &self.glyphs)
        })
    }

    fn table_art(&self) -> Result<&TableArt, RenderError> {
        prepared(&self.table, || TableArt::new(&self.theme, &self.glyphs))
    }

    /// PNG bytes of a game's review: its winning-chance graph with the marked turns.
    pub fn render_review(&self, view: &ReviewView) -> Result<Vec<u8>, RenderError> {
        timed("review", || {
            prepared(&self.review, || ReviewArt::new(&self.theme, &self.glyphs))?.render(
                view,
                &self.glyphs,
                &self.frames,
            )
        })
    }

    /// PNG bytes of a table (a leaderboard page).
    pub fn render_table(&self, table: &TableView) -> Result<Vec<u8>, RenderError> {
        timed("table", || {
            self.table_art()?.render(table, &self.glyphs, &self.frames)
        })
    }

    /// PNG bytes of `game` as seen with `view`.
    pub fn render(&self, game: &AnyGame, view: &View) -> Result<Vec<u8>, RenderError> {
        let picture = match game {
            AnyGame::KnightFight(_) => "knight_fight",
            AnyGame::Glacier(_) => "glacier",
            AnyGame::Chesimals(_) => "chesimals",
        };
        timed(picture, || self.render_untimed(game, view))
    }

    fn render_untimed(&self, game: &AnyGame, view: &View) -> Result<Vec<u8>, RenderError> {
        self.frames.encode(|frame| self.draw(game, view, frame))
    }

    /// Draws `game` as seen with `view` into `frame`; returns the palette of its indices.
    /// Pictures and replays are both drawn here.
    fn draw(&self, game: &AnyGame, view: &View, frame: &mut Indexed) -> Result<&[u8], RenderError> {
        Ok(match game {
            AnyGame::KnightFight(position) => {
                let art = self.knight_fight_art()?;
                knight_fight::draw(art, position, view, &self.glyphs, frame);
                &art.plte
            }
            AnyGame::Glacier(position) => {
                let art = self.glacier_art()?;
                glacier::draw(art, position, view, &self.glyphs, frame);
                &art.plte
            }
            AnyGame::Chesimals(position) => {
                self.chesimals_art()?
                    .draw(position, view, &self.glyphs, frame)
            }
        })
    }

    /// An animated GIF of a game's `pictures` (its start, then the position after each move,
    /// each with its view), one frame a picture: the first shown for
    /// [`REPLAY_FIRST_DELAY`], the last for [`REPLAY_LAST_DELAY`], the others for
    /// [`REPLAY_DELAY`] (hundredths of a second). Measured as the picture `replay`.
    pub fn render_replay(&self, pictures: &[(AnyGame, View)]) -> Result<Vec<u8>, RenderError> {
        let last = pictures.len().saturating_sub(1);
        timed("replay", || {
            self.frames.animate(
                pictures.len(),
                |number, frame| {
                    let (game, view) = &pictures[number];
                    self.draw(game, view, frame)
                },
                |number| match number {
                    0 if last > 0 => REPLAY_FIRST_DELAY,
                    n if n == last => REPLAY_LAST_DELAY,
                    _ => REPLAY_DELAY,
                },
            )
        })
    }
}

/// How long a replay shows its start position, each move, and its last position, in
/// hundredths of a second (GIF's unit).
pub const REPLAY_FIRST_DELAY: u16 = 150;
pub const REPLAY_DELAY: u16 = 100;
pub const REPLAY_LAST_DELAY: u16 = 400;

#[cfg(test)]
mod tests;
