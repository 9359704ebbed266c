//! The AMBIT picture: the puzzle footprint on a grey board, the placed pieces each in its own
//! colour with dots of that colour on the squares it covers, a refused attempt in red, a grey
//! badge on an unanchored piece, lives as stars (none lit once given up), a finished daily's
//! time, the rack, a solution in ghost pieces and a little celebration when the puzzle is
//! solved.
//!
//! As for the other games every square look is a tile prepared at start-up (ground x square
//! colour x what stands there), and the marks that combine freely (coverage dots, counts,
//! badges) are small sprites stamped into fixed corners of a square, so a render is tile and
//! sprite copies, a few words from the glyph cache and the encoder.

use crate::games::ambit::footprint;
use crate::games::ambit::{Game, GameStatus, LIVES, Piece, Placement};
use crate::games::{BoardSize, Square};

use super::board::{self, Layout};
use super::canvas::{ArtCanvas, FramePool, Indexed, Palette, Ramp};
use super::font::{Face, GlyphCache, TextStyle};
use super::header::{self, CAPTION, PAD, PANEL_H, PANEL_Y};
use super::pieces::{BISHOP, GlyphPiece, KING, KNIGHT, QUEEN, ROOK};
use super::theme::Theme;
use super::{RenderError, Renderer};

mod art;
mod squares;

use art::Art;
use squares::Board;

/// What an AMBIT picture shows besides the puzzle state; texts localised by the caller.
#[derive(Clone, Debug, Default)]
pub struct AmbitView {
    /// e.g. "AMBIT daily #333" or "AMBIT practice".
    pub title: String,
    /// One line of news, e.g. "Nf3 placed." or "Solved!".
    pub caption: String,
    /// A placement that was refused and the squares it reached outside the footprint.
    pub attempt: Option<(Placement, Vec<Square>)>,
    /// Pieces of a solution to show as ghosts (after giving up or losing, or the one piece a
    /// hint names); empty: none.
    pub solution: Vec<Placement>,
    /// The player gave the puzzle up: it is over and no star is earned, whatever lives the
    /// rules still count.
    pub given_up: bool,
    /// How long a finished daily took, e.g. `2:31`, beside the stars (empty: not shown).
    pub time: String,
}

impl AmbitView {
    /// The stars the header shows lit: the lives left while the puzzle is played, the stars
    /// earned once it is over (so none once given up).
    pub fn stars(&self, game: &Game) -> u8 {
        if self.given_up { 0 } else { game.lives() }
    }
}

impl Renderer {
    /// PNG bytes of an AMBIT puzzle as seen with `view`.
    pub fn render_ambit(&self, game: &Game, view: &AmbitView) -> Result<Vec<u8>, RenderError> {
        super::timed("ambit", || {
            self.ambit_art()?
                .render(game, view, &self.glyphs, &self.frames)
        })
    }
}

const SIZE: BoardSize = BoardSize::new(8, 8);
/// 8 x 84 + 2 x 30 = 732 pixels wide, like the Glacier board.
const SQUARE: u32 = 84;
const MARGIN: u32 = 30;
/// The band under the board holding the rack (or, once solved, the ribbon).
const STRIP: u32 = 74;

/// The header: one wide panel (icon, title, lives) and the caption under it.
const TITLE_INSET: i32 = 66;
const CAPTION_BASELINE: i32 = 97;
const STAR_SPRITE: u32 = 32;
const STAR_STEP: i32 = 36;
/// A finished daily's time, right of the title: a stopwatch and the time in the title's
/// style, at most this wide (a time is a few digits; anything longer is cut).
const STOPWATCH_SPRITE: u32 = 26;
const TIME_MAX: f32 = 120.0;
const TIME_GAP: i32 = 14;
const RIBBON_STAR_SPRITE: u32 = 44;
/// The ribbon's band: its top in the strip and its height.
const RIBBON_TOP: u32 = 2;
const RIBBON_BAND: u32 = 56;

const TITLE: TextStyle = TextStyle::new(Face::Bold, 22.0);

/// Coverage dots on an empty square: the sprite side and the distance between centres.
const DOT_SPRITE: u32 = 22;
const DOT_RADIUS: f32 = 9.0;
const DOT_STEP: i32 = 23;
/// At most this many dots a square; the count badge tells the rest.
const MAX_DOTS: usize = 6;
/// The dots of the pieces anchoring a piece, in a row at the top left of its square.
const MINI_DOT_SPRITE: u32 = 14;
const MINI_DOT_RADIUS: f32 = 5.5;
const MAX_MINI_DOTS: usize = 3;
const BADGE_SPRITE: u32 = 22;
const UNANCHORED_BADGE: u32 = 30;
/// The symbol on the badge of an unanchored piece: a symbol, not a word, so it needs no
/// translation.
const ANCHOR: &str = "\u{2693}";
const MINI_GHOST_SPRITE: u32 = 30;

/// What a square is, for the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ground {
    Outside,
    /// In the footprint, covered by no piece yet.
    Open,
    Covered,
    /// Outside the footprint and reached by the refused attempt.
    Offending,
}

const GROUNDS: [Ground; 4] = [
    Ground::Outside,
    Ground::Open,
    Ground::Covered,
    Ground::Offending,
];

/// Colours for placed pieces before they repeat (the theme holds this many).
const MARKERS: usize = 8;

/// How a piece on a square is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Paint {
    /// A placed piece, in its marker colour.
    Placed(usize),
    /// A piece of the solution shown after the end: a ghost.
    Solution,
    /// The refused placement: a red ghost.
    Attempt,
}

const PAINTS: usize = MARKERS + 2;

impl Paint {
    fn slot(self) -> usize {
        match self {
            Paint::Placed(marker) => marker % MARKERS,
            Paint::Solution => MARKERS,
            Paint::Attempt => MARKERS + 1,
        }
    }

    fn all() -> impl Iterator<Item = Paint> {
        (0..MARKERS)
            .map(Paint::Placed)
            .chain([Paint::Solution, Paint::Attempt])
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Content {
    Empty,
    Piece(Piece, Paint),
}

const CONTENTS: usize = 1 + Piece::ALL.len() * PAINTS;

impl Content {
    fn slot(self) -> usize {
        match self {
            Content::Empty => 0,
            Content::Piece(piece, paint) => 1 + piece as usize * PAINTS + paint.slot(),
        }
    }

    /// Every content, in [`Content::slot`] order.
    fn all() -> Vec<Content> {
        let mut all = vec![Content::Empty];
        for piece in Piece::ALL {
            all.extend(Paint::all().map(|paint| Content::Piece(piece, paint)));
        }
        all
    }
}

fn ground_slot(ground: Ground, dark: bool) -> usize {
    let ground = GROUNDS.iter().position(|&g| g == ground).unwrap_or(0);
    ground * 2 + usize::from(dark)
}

fn tile_index(ground: Ground, dark: bool, content: Content) -> usize {
    ground_slot(ground, dark) * CONTENTS + content.slot()
}

fn glyph(piece: Piece) -> GlyphPiece {
    match piece {
        Piece::King => KING,
        Piece::Queen => QUEEN,
        Piece::Rook => ROOK,
        Piece::Bishop => BISHOP,
        Piece::Knight => KNIGHT,
    }
}

/// Where the dots of `count` pieces sit around the centre of an empty square.
fn dot_offsets(count: usize) -> &'static [(i32, i32)] {
    const S: i32 = DOT_STEP;
    const H: i32 = DOT_STEP / 2;
    match count {
        0 => &[],
        1 => &[(0, 0)],
        2 => &[(-H, 0), (H, 0)],
        3 => &[(-H, -H), (H, -H), (0, H)],
        4 => &[(-H, -H), (H, -H), (-H, H), (H, H)],
        5 => &[(-S, -H), (0, -H), (S, -H), (-H, H), (H, H)],
        _ => &[(-S, -H), (0, -H), (S, -H), (-S, H), (0, H), (S, H)],
    }
}

/// How the picture as a whole looks: it follows the puzzle's state and the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Playing,
    /// Out of lives, or given up (a solution is shown): the rack is put away.
    Finished,
    Solved,
}

#[derive(Debug)]
pub struct AmbitArt {
    layout: Layout,
    plte: Vec<u8>,
    /// The whole picture without squares or header text, by [`Stage`]: with the rack, with
    /// the rack dimmed, and with the gold frame, confetti and ribbon.
    backgrounds: [Indexed; 3],
    /// The header panel: plain, solved (gold edge), out of lives (red edge).
    panels: [Indexed; 3],
    tiles: Vec<Indexed>,
    /// By covered-square colour (light, dark), then marker.
    dots: [Vec<Indexed>; 2],
    mini_dots: [Vec<Indexed>; 2],
    /// Counts 2 to 9 and "+", by covered-square colour.
    counts: [Vec<Indexed>; 2],
    /// The grey badge of an unanchored piece, by open-square colour.
    unanchored: [Indexed; 2],
    /// A small ghost of a solution piece whose square holds another piece, by ground slot
    /// then piece.
    mini_ghosts: Vec<Indexed>,
    /// Lives in the header: left and lost.
    lives: [Indexed; 2],
    /// Beside a finished daily's time.
    stopwatch: Indexed,
    /// Stars on the ribbon of a solved puzzle: earned and not.
    ribbon_stars: [Indexed; 2],
    title: Ramp,
    caption: Ramp,
    solved_caption: Ramp,
    title_baseline: i32,
}

impl AmbitArt {
    pub fn new(theme: &Theme, glyphs: &GlyphCache) -> Result<Self, RenderError> {
        let fonts = glyphs.fonts();
        let base = Layout::new(SIZE, SQUARE, MARGIN, header::HEIGHT);
        let layout = Layout {
            height: base.height + STRIP,
            ..base
        };
        let art = Art::new(theme, fonts, layout);
        let mut palette = Palette::new();
        board::register(&mut palette, theme)?;
        let (title, caption, solved_caption) = art.register(&mut palette)?;

        let backgrounds = [Stage::Playing, Stage::Finished, Stage::Solved]
            .map(|stage| art.background(stage).quantise(&palette));
        let a = &theme.ambit;
        let panels =
            [None, Some(a.gold), Some(a.lost)].map(|accent| art.panel(accent).quantise(&palette));
        let tiles = art.tiles().map(|tile| tile.quantise(&palette)).collect();
        let covered = [false, true].map(|dark| art.ground(Ground::Covered, dark));
        let open = [false, true].map(|dark| art.ground(Ground::Open, dark));
        let quantised = |sprites: Vec<ArtCanvas>| -> Vec<Indexed> {
            sprites
                .iter()
                .map(|sprite| sprite.quantise(&palette))
                .collect()
        };
        let dots = covered.map(|ground| quantised(art.dots(ground, DOT_SPRITE, DOT_RADIUS)));
        let mini_dots =
            covered.map(|ground| quantised(art.dots(ground, MINI_DOT_SPRITE, MINI_DOT_RADIUS)));
        let counts = covered.map(|ground| quantised(art.counts(ground)));
        let unanchored = open.map(|ground| {
            art.badge(ground, a.unanchored, ANCHOR, UNANCHORED_BADGE)
                .quantise(&palette)
        });
        let mini_ghosts = quantised(art.mini_ghosts());
        let panel = theme.header.panel;
        let lives = [
            art.star(panel, STAR_SPRITE, a.life, None),
            art.star(panel, STAR_SPRITE, panel, Some(a.life_lost)),
        ]
        .map(|star| star.quantise(&palette));
        let stopwatch = art
            .stopwatch(panel, theme.header.name, STOPWATCH_SPRITE)
            .quantise(&palette);
        let ribbon_stars = [
            art.star(a.gold, RIBBON_STAR_SPRITE, a.gold_star, Some(a.gold_shade)),
            art.star(a.gold, RIBBON_STAR_SPRITE, a.gold, Some(a.gold_shade)),
        ]
        .map(|star| star.quantise(&palette));

        // The title and caption are mostly ASCII; rasterising it now keeps first renders fast.
        let ascii: String = (' '..='~').collect();
        for style in [TITLE, CAPTION] {
            glyphs.warm(style, &ascii);
            glyphs.warm(style, "…");
        }
        let centre = (PANEL_Y + PANEL_H / 2) as f32;
        Ok(Self {
            layout,
            plte: palette.png_bytes(),
            backgrounds,
            panels,
            tiles,
            dots,
            mini_dots,
            counts,
            unanchored,
            mini_ghosts,
            lives,
            stopwatch,
            ribbon_stars,
            title,
            caption,
            solved_caption,
            title_baseline: (centre + fonts.cap_height(TITLE) / 2.0).round() as i32,
        })
    }

    pub fn render(
        &self,
        game: &Game,
        view: &AmbitView,
        glyphs: &GlyphCache,
        frames: &FramePool,
    ) -> Result<Vec<u8>, RenderError> {
        frames.encode(|frame| {
            self.draw(game, view, glyphs, frame);
            Ok(&self.plte)
        })
    }

    /// Assembles the picture in `frame` (any previous content is overwritten).
    fn draw(&self, game: &Game, view: &AmbitView, glyphs: &GlyphCache, frame: &mut Indexed) {
        let status = game.status();
        let stage = match status {
            GameStatus::Solved => Stage::Solved,
            GameStatus::GameOver => Stage::Finished,
            GameStatus::Ongoing if view.given_up => Stage::Finished,
            GameStatus::Ongoing => Stage::Playing,
        };
        let board = Board::new(game, view);
        let background = match stage {
            Stage::Playing => &self.backgrounds[0],
            Stage::Finished => &self.backgrounds[1],
            Stage::Solved => &self.backgrounds[2],
        };
        frame.copy_from(background);
        for index in 0..64 {
            self.draw_square(frame, &board, index);
        }

        // Over unsolved, out of lives or given up, the panel has the red edge.
        let panel = match stage {
            Stage::Playing => &self.panels[0],
            Stage::Solved => &self.panels[1],
            Stage::Finished => &self.panels[2],
        };
        let panel_x = PAD as i32;
        frame.blit(panel, panel_x, PANEL_Y as i32);
        let star_y = (PANEL_Y + (PANEL_H - STAR_SPRITE) / 2) as i32;
        let stars_right = panel_x + panel.width as i32 - 14;
        let lit = view.stars(game);
        for life in 0..LIVES {
            let star = &self.lives[usize::from(life >= lit)];
            let x = stars_right - (LIVES - life) as i32 * STAR_STEP + (STAR_STEP - 32);
            frame.blit(star, x, star_y);
        }
        let stars_left = stars_right - LIVES as i32 * STAR_STEP;
        let title_right = self.draw_time(frame, glyphs, &view.time, stars_left);
        let title_room = title_right - panel_x - TITLE_INSET - 8;
        let title = glyphs.fit(TITLE, &view.title, title_room.max(0) as f32);
        glyphs.run(TITLE, &title).draw(
            frame,
            panel_x + TITLE_INSET,
            self.title_baseline,
            &self.title,
        );
        let width = self.layout.width;
        let caption = glyphs.fit(CAPTION, &view.caption, width.saturating_sub(2 * PAD) as f32);
        let run = glyphs.run(CAPTION, &caption);
        let x = ((width as f32 - run.width) / 2.0).round() as i32;
        let ramp = match stage {
            Stage::Solved => &self.solved_caption,
            _ => &self.caption,
        };
        run.draw(frame, x, CAPTION_BASELINE, ramp);

        if stage == Stage::Solved {
            let stars = game.stars().unwrap_or(0);
            let y = (self.layout.height - STRIP) as i32 + ribbon_star_y();
            for (slot, x) in ribbon_star_xs(width).into_iter().enumerate() {
                let star = &self.ribbon_stars[usize::from(slot as u8 >= stars)];
                frame.blit(star, x, y);
            }
        }
    }

    /// A finished daily's time (if `time` is not empty) and its stopwatch, ending
    /// [`TIME_GAP`] left of `right`; returns where the title must end.
    fn draw_time(&self, frame: &mut Indexed, glyphs: &GlyphCache, time: &str, right: i32) -> i32 {
        if time.is_empty() {
            return right;
        }
        let time = glyphs.fit(TITLE, time, TIME_MAX);
        let run = glyphs.run(TITLE, &time);
        let x = right - TIME_GAP - run.width.round() as i32;
        run.draw(frame, x, self.title_baseline, &self.title);
        let icon_x = x - 6 - STOPWATCH_SPRITE as i32;
        let icon_y = (PANEL_Y + (PANEL_H - STOPWATCH_SPRITE) / 2) as i32;
        frame.blit(&self.stopwatch, icon_x, icon_y);
        icon_x - TIME_GAP
    }

    fn draw_square(&self, frame: &mut Indexed, board: &Board, index: usize) {
        let square = footprint::square_at(index);
        let dark = Layout::is_dark(square);
        let ground = board.ground(index);
        let content = board.content(index);
        let Some(tile) = self.tiles.get(tile_index(ground, dark, content)) else {
            return;
        };
        let (x, y) = self.layout.square_origin(square, false);
        frame.blit(tile, x, y);
        let side = SQUARE as i32;
        let shade = usize::from(dark);

        let count = board.count[index] as usize;
        if ground == Ground::Covered && count > 0 {
            let covering = &board.covering[index][..count.min(MAX_DOTS)];
            if content == Content::Empty {
                let (cx, cy) = (x + side / 2, y + side / 2);
                let half = DOT_SPRITE as i32 / 2;
                for (&marker, &(dx, dy)) in covering.iter().zip(dot_offsets(covering.len())) {
                    if let Some(dot) = self.dots[shade].get(marker as usize % MARKERS) {
                        frame.blit(dot, cx + dx - half, cy + dy - half);
                    }
                }
                if count >= 2 {
                    self.draw_count(frame, shade, count, (x + side - BADGE_SPRITE as i32, y));
                }
            } else {
                // A piece fills the middle: its anchors go in a row along the top.
                let step = MINI_DOT_SPRITE as i32 - 1;
                for (slot, &marker) in covering.iter().take(MAX_MINI_DOTS).enumerate() {
                    if let Some(dot) = self.mini_dots[shade].get(marker as usize % MARKERS) {
                        frame.blit(dot, x + 2 + slot as i32 * step, y + 2);
                    }
                }
                if count > MAX_MINI_DOTS {
                    let at = (x + 2 + MAX_MINI_DOTS as i32 * step, y);
                    self.draw_count(frame, shade, count, at);
                }
            }
        }
        if board.unanchored & (1 << index) != 0 && ground == Ground::Open {
            let badge = &self.unanchored[shade];
            frame.blit(badge, x + side - UNANCHORED_BADGE as i32 - 2, y + 2);
        }
        if let Some(piece) = board.solution[index]
            && content != Content::Piece(piece, Paint::Solution)
        {
            let slot = ground_slot(ground, dark) * Piece::ALL.len() + piece as usize;
            if let Some(ghost) = self.mini_ghosts.get(slot) {
                let at = side - MINI_GHOST_SPRITE as i32 - 1;
                frame.blit(ghost, x + at, y + at);
            }
        }
    }

    fn draw_count(&self, frame: &mut Indexed, shade: usize, count: usize, (x, y): (i32, i32)) {
        let slot = count.saturating_sub(2).min(8);
        if let Some(badge) = self.counts[shade].get(slot) {
            frame.blit(badge, x, y);
        }
    }
}

/// The top of the ribbon stars in the strip: centred on the ribbon's band.
fn ribbon_star_y() -> i32 {
    RIBBON_TOP as i32 + (RIBBON_BAND as i32 - RIBBON_STAR_SPRITE as i32) / 2
}

/// The left edges of the three ribbon stars.
fn ribbon_star_xs(width: u32) -> [i32; 3] {
    let centre = width as i32 / 2 - RIBBON_STAR_SPRITE as i32 / 2;
    let step = RIBBON_STAR_SPRITE as i32 + 12;
    [centre - step, centre, centre + step]
}
