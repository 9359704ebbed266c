//! The AMBIT picture: the puzzle footprint on a grey board, the placed pieces each in its own
//! colour with dots of that colour on the squares it covers, a refused attempt in red, a grey
//! badge on an unanchored piece, lives as stars, the rack, a solution in ghost pieces and a
//! little celebration when the puzzle is solved.
//!
//! As for the other games every square look is a tile prepared at start-up (ground x square
//! colour x what stands there), and the marks that combine freely (coverage dots, counts,
//! badges) are small sprites stamped into fixed corners of a square, so a render is tile and
//! sprite copies, a few words from the glyph cache and the encoder.

use crate::games::ambit::footprint::{self, bit};
use crate::games::ambit::{Game, GameStatus, LIVES, Piece, Placement};
use crate::games::{BoardSize, Side, Square};

use super::board::{self, Layout};
use super::canvas::{ArtCanvas, FramePool, Indexed, Palette, Ramp, Rgb};
use super::font::{Face, Fonts, GlyphCache, TextStyle};
use super::header;
use super::pieces::{self, BISHOP, GlyphPiece, KING, KNIGHT, QUEEN, ROOK};
use super::theme::{AmbitTheme, PieceTheme, Theme};
use super::{RenderError, Renderer};

/// What an AMBIT picture shows besides the puzzle state; texts localised by the caller.
#[derive(Clone, Debug, Default)]
pub struct AmbitView {
    /// e.g. "AMBIT daily #333" or "AMBIT practice".
    pub title: String,
    /// One line of news, e.g. "Nf3 placed." or "Solved!".
    pub caption: String,
    /// A placement that was refused and the squares it reached outside the footprint.
    pub attempt: Option<(Placement, Vec<Square>)>,
    /// Pieces of a solution to show (after giving up or losing); empty: none.
    pub solution: Vec<Placement>,
}

impl Renderer {
    /// PNG bytes of an AMBIT puzzle as seen with `view`.
    pub fn render_ambit(&self, game: &Game, view: &AmbitView) -> Result<Vec<u8>, RenderError> {
        self.ambit_art()?
            .render(game, view, &self.glyphs, &self.frames)
    }
}

const SIZE: BoardSize = BoardSize::new(8, 8);
/// 8 x 84 + 2 x 30 = 732 pixels wide, like the Glacier board.
const SQUARE: u32 = 84;
const MARGIN: u32 = 30;
/// The band under the board holding the rack (or, once solved, the ribbon).
const STRIP: u32 = 74;
const PIECE_PX: f32 = 62.0;
const MINI_PIECE_PX: f32 = 21.0;
/// Anti-aliasing steps of piece and mark edges: the palette has room for a handful of ramps.
const LEVELS: usize = 4;

/// Colours for placed pieces before they repeat (the theme holds this many).
const MARKERS: usize = 8;

/// The header: one wide panel (icon, title, lives) and the caption under it.
const PAD: u32 = 14;
const PANEL_Y: u32 = 12;
const PANEL_H: u32 = 56;
const PANEL_RADIUS: f32 = 11.0;
const ICON_RADIUS: f32 = 21.0;
const ICON_INSET: f32 = 10.0;
const TITLE_INSET: i32 = 66;
const CAPTION_BASELINE: i32 = 97;
const STAR_SPRITE: u32 = 32;
const STAR_STEP: i32 = 36;
const RIBBON_STAR_SPRITE: u32 = 44;
/// The ribbon's band: its top in the strip and its height.
const RIBBON_TOP: u32 = 2;
const RIBBON_BAND: u32 = 56;

const TITLE: TextStyle = TextStyle::new(Face::Bold, 22.0);
const CAPTION: TextStyle = TextStyle::new(Face::Regular, 18.0);
const RACK_LETTER: TextStyle = TextStyle::new(Face::Bold, 26.0);
const COUNT: TextStyle = TextStyle::new(Face::Bold, 13.0);
const BADGE_SYMBOL: TextStyle = TextStyle::new(Face::Regular, 21.0);

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
        let panels = [None, Some(a.gold), Some(a.lost)].map(|accent| {
            art.panel(accent, theme.header.background)
                .quantise(&palette)
        });
        let mut tiles = Vec::with_capacity(GROUNDS.len() * 2 * CONTENTS);
        for ground in GROUNDS {
            for dark in [false, true] {
                for content in Content::all() {
                    tiles.push(art.tile(ground, dark, content).quantise(&palette));
                }
            }
        }
        let covered = [false, true].map(|dark| art.ground(Ground::Covered, dark));
        let open = [false, true].map(|dark| art.ground(Ground::Open, dark));
        let dots = covered.map(|ground| {
            a.markers
                .iter()
                .map(|&colour| {
                    art.dot(ground, colour, DOT_SPRITE, DOT_RADIUS)
                        .quantise(&palette)
                })
                .collect()
        });
        let mini_dots = covered.map(|ground| {
            a.markers
                .iter()
                .map(|&colour| {
                    art.dot(ground, colour, MINI_DOT_SPRITE, MINI_DOT_RADIUS)
                        .quantise(&palette)
                })
                .collect()
        });
        let counts = covered.map(|ground| {
            ["2", "3", "4", "5", "6", "7", "8", "9", "+"]
                .iter()
                .map(|text| {
                    art.badge(ground, a.ink, text, BADGE_SPRITE)
                        .quantise(&palette)
                })
                .collect()
        });
        let unanchored = open.map(|ground| {
            art.badge(ground, a.unanchored, ANCHOR, UNANCHORED_BADGE)
                .quantise(&palette)
        });
        let mut mini_ghosts = Vec::with_capacity(GROUNDS.len() * 2 * Piece::ALL.len());
        for ground in GROUNDS {
            for dark in [false, true] {
                for piece in Piece::ALL {
                    let colour = art.ground(ground, dark);
                    mini_ghosts.push(art.mini_ghost(colour, piece).quantise(&palette));
                }
            }
        }
        let panel = theme.header.panel;
        let lives = [
            art.star(panel, STAR_SPRITE, a.life, None),
            art.star(panel, STAR_SPRITE, panel, Some(a.life_lost)),
        ]
        .map(|star| star.quantise(&palette));
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
        frames.encode(&self.plte, |frame| self.draw(game, view, glyphs, frame))
    }

    /// Assembles the picture in `frame` (any previous content is overwritten).
    fn draw(&self, game: &Game, view: &AmbitView, glyphs: &GlyphCache, frame: &mut Indexed) {
        let status = game.status();
        let stage = match status {
            GameStatus::Solved => Stage::Solved,
            GameStatus::GameOver => Stage::Finished,
            GameStatus::Ongoing if !view.solution.is_empty() => Stage::Finished,
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

        let panel = match status {
            GameStatus::Ongoing => &self.panels[0],
            GameStatus::Solved => &self.panels[1],
            GameStatus::GameOver => &self.panels[2],
        };
        let panel_x = PAD as i32;
        frame.blit(panel, panel_x, PANEL_Y as i32);
        let star_y = (PANEL_Y + (PANEL_H - STAR_SPRITE) / 2) as i32;
        let stars_right = panel_x + panel.width as i32 - 14;
        for life in 0..LIVES {
            let star = &self.lives[usize::from(life >= game.lives())];
            let x = stars_right - (LIVES - life) as i32 * STAR_STEP + (STAR_STEP - 32);
            frame.blit(star, x, star_y);
        }
        let title_room = stars_right - LIVES as i32 * STAR_STEP - panel_x - TITLE_INSET - 8;
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

/// The state of every square, worked out once a render.
struct Board {
    footprint: u64,
    covered: u64,
    offending: u64,
    unanchored: u64,
    /// The placed piece on a square and its marker.
    placed: [Option<(Piece, usize)>; 64],
    solution: [Option<Piece>; 64],
    attempt: Option<(Piece, usize)>,
    /// How many placed pieces cover a square, and the markers of the first few.
    count: [u8; 64],
    covering: [[u8; MAX_DOTS]; 64],
}

/// The bit index of `square`, if it lies on the board (a view may hold anything).
fn on_board(square: Square) -> Option<usize> {
    SIZE.contains(square.file as i16, square.rank as i16)
        .then(|| footprint::index(square))
}

impl Board {
    fn new(game: &Game, view: &AmbitView) -> Self {
        let mut board = Board {
            footprint: game.footprint().bits(),
            covered: game.covered(),
            offending: 0,
            unanchored: 0,
            placed: [None; 64],
            solution: [None; 64],
            attempt: None,
            count: [0; 64],
            covering: [[0; MAX_DOTS]; 64],
        };
        for (marker, placement) in game.placements().iter().enumerate() {
            let Some(index) = on_board(placement.square) else {
                continue;
            };
            board.placed[index] = Some((placement.piece, marker % MARKERS));
            for square in footprint::squares(placement.attacks()) {
                let covered = footprint::index(square) & 63;
                let count = &mut board.count[covered];
                if let Some(slot) = board.covering[covered].get_mut(*count as usize) {
                    *slot = (marker % MARKERS) as u8;
                }
                *count = count.saturating_add(1);
            }
        }
        for placement in game.unanchored() {
            board.unanchored |= bit(placement.square);
        }
        for placement in &view.solution {
            if let Some(index) = on_board(placement.square) {
                board.solution[index] = Some(placement.piece);
            }
        }
        if let Some((placement, squares)) = &view.attempt {
            board.attempt = on_board(placement.square).map(|index| (placement.piece, index));
            for &square in squares {
                if let Some(index) = on_board(square) {
                    board.offending |= 1 << index;
                }
            }
        }
        board
    }

    fn ground(&self, index: usize) -> Ground {
        let square = 1u64 << index;
        if self.offending & square != 0 {
            Ground::Offending
        } else if self.footprint & square == 0 {
            Ground::Outside
        } else if self.covered & square != 0 {
            Ground::Covered
        } else {
            Ground::Open
        }
    }

    /// A placed piece wins the square; else the refused attempt (the news of the moment);
    /// else a solution piece.
    fn content(&self, index: usize) -> Content {
        if let Some((piece, marker)) = self.placed[index] {
            Content::Piece(piece, Paint::Placed(marker))
        } else if let Some((piece, _)) = self.attempt.filter(|&(_, at)| at == index) {
            Content::Piece(piece, Paint::Attempt)
        } else if let Some(piece) = self.solution[index] {
            Content::Piece(piece, Paint::Solution)
        } else {
            Content::Empty
        }
    }
}

/// Coverage masks of a piece in a square-sized box: its outlined body (the glyph's
/// silhouette grown by a rim), the solid glyph and the hollow glyph.
struct PieceMasks {
    body: Vec<u8>,
    solid: Vec<u8>,
    hollow: Vec<u8>,
    size: u32,
}

const WHITE: Rgb = Rgb(255, 255, 255);
const BLACK: Rgb = Rgb(0, 0, 0);

impl PieceMasks {
    /// The masks are read back from white drawn on black, so every paint of a piece (any
    /// colour, ghost or solid) reuses one rasterisation and the rim of `pieces.rs`.
    fn new(fonts: &Fonts, piece: Piece, size: u32, px: f32) -> Self {
        let glyph = glyph(piece);
        let centre = (size as f32 / 2.0, size as f32 / 2.0 + 1.0);
        let white = PieceTheme {
            white_fill: WHITE,
            white_line: WHITE,
            black_fill: WHITE,
            black_line: WHITE,
        };
        let coverage = |draw: &dyn Fn(&mut ArtCanvas)| {
            let mut art = ArtCanvas::new(size, size, BLACK);
            draw(&mut art);
            (0..size * size)
                .map(|i| art.pixel((i % size) as i32, (i / size) as i32).0)
                .collect::<Vec<u8>>()
        };
        let body = coverage(&|art| {
            pieces::draw_outlined(art, fonts, &white, glyph, Side::White, centre, px);
        });
        let style = TextStyle::new(Face::Regular, px);
        let solid_text = glyph.solid.to_string();
        let origin = fonts.ink(style, &solid_text).map_or(centre, |ink| {
            (
                (centre.0 - (ink.left + ink.right) / 2.0).round(),
                (centre.1 - (ink.top + ink.bottom) / 2.0).round(),
            )
        });
        let text = |c: char| {
            let text = c.to_string();
            coverage(&|art| fonts.draw(art, style, &text, origin, WHITE, 1.0))
        };
        Self {
            body,
            solid: text(glyph.solid),
            hollow: text(glyph.hollow),
            size,
        }
    }

    fn paint(&self, art: &mut ArtCanvas, mask: &[u8], at: (i32, i32), colour: Rgb) {
        art.paint_mask(mask, (self.size, self.size), at.0, at.1, colour, 1.0);
    }
}

/// Draws every prepared piece of art.
struct Art<'a> {
    theme: &'a Theme,
    fonts: &'a Fonts,
    layout: Layout,
    pieces: Vec<PieceMasks>,
    mini_pieces: Vec<PieceMasks>,
}

impl<'a> Art<'a> {
    fn new(theme: &'a Theme, fonts: &'a Fonts, layout: Layout) -> Self {
        let masks = |size, px| {
            Piece::ALL
                .iter()
                .map(|&piece| PieceMasks::new(fonts, piece, size, px))
                .collect()
        };
        Self {
            theme,
            fonts,
            layout,
            pieces: masks(SQUARE, PIECE_PX),
            mini_pieces: masks(MINI_GHOST_SPRITE, MINI_PIECE_PX),
        }
    }

    fn colours(&self) -> &AmbitTheme {
        &self.theme.ambit
    }

    fn ground(&self, ground: Ground, dark: bool) -> Rgb {
        let a = self.colours();
        match (ground, dark) {
            (Ground::Outside, false) => a.outside_light,
            (Ground::Outside, true) => a.outside_dark,
            (Ground::Open, false) => a.open_light,
            (Ground::Open, true) => a.open_dark,
            (Ground::Covered, false) => a.covered_light,
            (Ground::Covered, true) => a.covered_dark,
            (Ground::Offending, false) => a.offending_light,
            (Ground::Offending, true) => a.offending_dark,
        }
    }

    /// Every colour pair the art blends, registered before anything is quantised so that
    /// anti-aliased edges find their exact ramp entries; the ramps for the header's words
    /// (title, caption, solved caption) are returned.
    fn register(&self, palette: &mut Palette) -> Result<(Ramp, Ramp, Ramp), RenderError> {
        let a = self.colours();
        let h = &self.theme.header;
        let bg = h.background;
        palette.ramp(bg, h.panel, 6)?;
        for accent in [a.gold, a.lost] {
            palette.ramp(bg, accent, 5)?;
            palette.ramp(h.panel, accent, 5)?;
        }
        palette.ramp(h.panel, h.icon_disc, 5)?;
        pieces::register_outlined(palette, &self.theme.pieces, &[h.icon_disc], LEVELS)?;
        let title = palette.ramp(h.panel, h.name, 12)?;
        let caption = palette.ramp(bg, h.caption, 12)?;
        let solved_caption = palette.ramp(bg, a.gold, 10)?;
        palette.ramp(h.panel, a.life, LEVELS)?;
        palette.ramp(h.panel, a.life_lost, LEVELS)?;

        let grounds: Vec<Rgb> = GROUNDS
            .iter()
            .flat_map(|&g| [self.ground(g, false), self.ground(g, true)])
            .collect();
        for &ground in &grounds {
            palette.ramp(ground, a.ink, LEVELS)?;
            palette.ramp(ground, a.solution_fill, 3)?;
        }
        for &marker in &a.markers {
            palette.ramp(a.ink, marker, LEVELS)?;
        }
        for ground in [Ground::Outside, Ground::Open, Ground::Covered] {
            for dark in [false, true] {
                palette.ramp(self.ground(ground, dark), a.attempt_fill, 3)?;
            }
        }
        palette.ramp(a.solution_fill, a.solution_line, LEVELS)?;
        palette.ramp(a.attempt_fill, a.attempt_line, LEVELS)?;
        for dark in [false, true] {
            let offending = self.ground(Ground::Offending, dark);
            palette.ramp(offending, a.offending_cross, LEVELS)?;
            palette.ramp(self.ground(Ground::Open, dark), a.unanchored, LEVELS)?;
        }
        palette.ramp(a.ink, a.badge_text, LEVELS)?;
        palette.ramp(a.unanchored, a.badge_text, LEVELS)?;

        // The strip under the board: rack plates (and their dimmed look), the ribbon.
        palette.ramp(bg, a.rack_plate, LEVELS)?;
        palette.ramp(a.rack_plate, a.rack_letter, 8)?;
        pieces::register_outlined(palette, &self.theme.pieces, &[a.rack_plate], LEVELS)?;
        let dim_plate = self.dim(a.rack_plate);
        palette.ramp(bg, dim_plate, 3)?;
        palette.ramp(dim_plate, self.dim(a.rack_letter), 4)?;
        palette.ramp(dim_plate, self.dim(self.theme.pieces.white_fill), 3)?;
        palette.ramp(bg, a.gold_shade, LEVELS)?;
        palette.ramp(a.gold, a.gold_star, LEVELS)?;
        palette.ramp(a.gold, a.gold_shade, LEVELS)?;
        for &colour in &a.confetti {
            palette.ramp(bg, colour, 3)?;
        }
        Ok((title, caption, solved_caption))
    }

    /// A colour of the rack put away: most of the way to the surround.
    fn dim(&self, colour: Rgb) -> Rgb {
        colour.mix(self.theme.frame.background, 0.6)
    }

    fn tile(&self, ground: Ground, dark: bool, content: Content) -> ArtCanvas {
        let a = self.colours();
        let side = SQUARE as f32;
        let mut art = ArtCanvas::new(SQUARE, SQUARE, self.ground(ground, dark));
        if ground == Ground::Offending {
            // A cross as well as the red, for players who do not tell the colours apart.
            let (near, far) = (side * 0.3, side * 0.7);
            art.stroke_line((near, near), (far, far), 3.0, a.offending_cross);
            art.stroke_line((near, far), (far, near), 3.0, a.offending_cross);
        }
        if let Content::Piece(piece, paint) = content
            && let Some(masks) = self.pieces.get(piece as usize)
        {
            let (body, line, line_mask) = match paint {
                Paint::Placed(marker) => (a.ink, a.markers[marker % MARKERS], &masks.solid),
                Paint::Solution => (a.solution_fill, a.solution_line, &masks.hollow),
                Paint::Attempt => (a.attempt_fill, a.attempt_line, &masks.hollow),
            };
            masks.paint(&mut art, &masks.body, (0, 0), body);
            masks.paint(&mut art, line_mask, (0, 0), line);
        }
        art
    }

    /// A coverage dot in `colour` with a dark rim, on a square of colour `ground`.
    fn dot(&self, ground: Rgb, colour: Rgb, size: u32, radius: f32) -> ArtCanvas {
        let mut art = ArtCanvas::new(size, size, ground);
        let c = size as f32 / 2.0;
        art.fill_circle(c, c, radius, self.colours().ink, 1.0);
        art.fill_circle(c, c, radius - 1.6, colour, 1.0);
        art
    }

    /// A round badge of `colour` holding `text`.
    fn badge(&self, ground: Rgb, colour: Rgb, text: &str, size: u32) -> ArtCanvas {
        let mut art = ArtCanvas::new(size, size, ground);
        let c = size as f32 / 2.0;
        art.fill_circle(c, c, c - 1.0, colour, 1.0);
        let style = if text == ANCHOR { BADGE_SYMBOL } else { COUNT };
        let ink = self.colours().badge_text;
        self.fonts.draw_centred(&mut art, style, text, (c, c), ink);
        art
    }

    /// A solution piece in miniature, in a corner of a square that holds another piece.
    fn mini_ghost(&self, ground: Rgb, piece: Piece) -> ArtCanvas {
        let a = self.colours();
        let mut art = ArtCanvas::new(MINI_GHOST_SPRITE, MINI_GHOST_SPRITE, ground);
        let c = MINI_GHOST_SPRITE as f32 / 2.0;
        art.fill_circle(c, c, c - 0.5, a.solution_line, 1.0);
        art.fill_circle(c, c, c - 2.0, a.solution_fill, 1.0);
        if let Some(masks) = self.mini_pieces.get(piece as usize) {
            masks.paint(&mut art, &masks.solid, (0, 0), a.solution_line);
        }
        art
    }

    /// A five-pointed star in a square sprite: filled with `fill`, edged with `edge`.
    fn star(&self, ground: Rgb, size: u32, fill: Rgb, edge: Option<Rgb>) -> ArtCanvas {
        let mut art = ArtCanvas::new(size, size, ground);
        let c = size as f32 / 2.0;
        let outer = c - 1.0;
        let points = |outer: f32| -> Vec<(f32, f32)> {
            (0..10)
                .map(|i| {
                    let angle = std::f32::consts::PI / 5.0 * i as f32 - std::f32::consts::FRAC_PI_2;
                    let r = if i % 2 == 0 { outer } else { outer * 0.45 };
                    (c + r * angle.cos(), c + 1.0 + r * angle.sin())
                })
                .collect()
        };
        match edge {
            Some(edge) => {
                art.fill_polygon(&points(outer), edge, 1.0);
                art.fill_polygon(&points(outer - 4.0), fill, 1.0);
            }
            None => art.fill_polygon(&points(outer), fill, 1.0),
        }
        art
    }

    /// The header panel: a plate with the icon, and an accent edge when the puzzle is over.
    fn panel(&self, accent: Option<Rgb>, surround: Rgb) -> ArtCanvas {
        let h = &self.theme.header;
        let width = self.layout.width - 2 * PAD;
        let mut art = ArtCanvas::new(width, PANEL_H, surround);
        let plate = (0.0, 0.0, width as f32, PANEL_H as f32);
        art.fill_rounded_rect(plate, PANEL_RADIUS, h.panel);
        let mid = PANEL_H as f32 / 2.0;
        let icon_x = ICON_INSET + ICON_RADIUS;
        art.fill_circle(icon_x, mid, ICON_RADIUS, h.icon_disc, 1.0);
        let colours = &self.theme.pieces;
        let at = (icon_x, mid + 1.0);
        let px = ICON_RADIUS * 1.6;
        pieces::draw_outlined(&mut art, self.fonts, colours, QUEEN, Side::White, at, px);
        if let Some(accent) = accent {
            art.stroke_rounded_rect(plate, PANEL_RADIUS, 2.5, accent);
        }
        art
    }

    /// The picture without squares, header contents or marks, for `stage`.
    fn background(&self, stage: Stage) -> ArtCanvas {
        let a = self.colours();
        let layout = &self.layout;
        let mut art = board::draw_background(layout, self.theme, self.fonts, false);
        let strip_y = (layout.height - STRIP) as f32;
        match stage {
            Stage::Playing => self.rack(&mut art, strip_y, false),
            Stage::Finished => self.rack(&mut art, strip_y, true),
            Stage::Solved => {
                let (bx, by) = (layout.board_x() as f32, layout.board_y() as f32);
                let side = 8.0 * SQUARE as f32;
                let frame = (bx - 8.0, by - 8.0, side + 16.0, side + 16.0);
                art.fill_rounded_rect(frame, 4.0, a.gold);
                let border = self.theme.frame.border;
                let (x, y) = (bx as i32 - 2, by as i32 - 2);
                art.fill_rect(x, y, 8 * SQUARE + 4, 8 * SQUARE + 4, border);
                self.ribbon(&mut art, strip_y);
                self.confetti(&mut art);
            }
        }
        art
    }

    /// The rack: one plate a piece, with its notation letter. Put away (dimmed) once the
    /// puzzle is over.
    fn rack(&self, art: &mut ArtCanvas, strip_y: f32, dimmed: bool) {
        let a = self.colours();
        let (plate, letter) = if dimmed {
            (self.dim(a.rack_plate), self.dim(a.rack_letter))
        } else {
            (a.rack_plate, a.rack_letter)
        };
        let pieces = if dimmed {
            let fill = self.dim(self.theme.pieces.white_fill);
            PieceTheme {
                white_fill: fill,
                white_line: plate,
                ..self.theme.pieces
            }
        } else {
            self.theme.pieces
        };
        let bx = self.layout.board_x() as f32;
        let slot = 8.0 * SQUARE as f32 / Piece::ALL.len() as f32;
        let (width, height) = (112.0, 54.0);
        let y = strip_y + 4.0;
        for (i, piece) in Piece::ALL.into_iter().enumerate() {
            let x = (bx + slot * i as f32 + (slot - width) / 2.0).round();
            art.fill_rounded_rect((x, y, width, height), 10.0, plate);
            let centre = (x + 36.0, y + height / 2.0 + 1.0);
            pieces::draw_outlined(
                art,
                self.fonts,
                &pieces,
                glyph(piece),
                Side::White,
                centre,
                44.0,
            );
            let text = piece.letter().to_string();
            let at = (x + 82.0, y + height / 2.0);
            self.fonts.draw_centred(art, RACK_LETTER, &text, at, letter);
        }
    }

    /// The ribbon of a solved puzzle: a gold band with folded tails, for the stars earned.
    fn ribbon(&self, art: &mut ArtCanvas, strip_y: f32) {
        let a = self.colours();
        let mid = self.layout.width as f32 / 2.0;
        let (half, height) = (104.0, RIBBON_BAND as f32);
        let (top, bottom) = (
            strip_y + RIBBON_TOP as f32,
            strip_y + RIBBON_TOP as f32 + height,
        );
        for dir in [-1.0f32, 1.0] {
            let inner = mid + dir * (half - 10.0);
            let outer = mid + dir * (half + 34.0);
            let tail = [
                (inner, top + 8.0),
                (outer, top + 8.0),
                (outer - dir * 14.0, (top + bottom) / 2.0 + 4.0),
                (outer, bottom + 6.0),
                (inner, bottom + 6.0),
            ];
            art.fill_polygon(&tail, a.gold_shade, 1.0);
        }
        art.fill_rounded_rect((mid - half, top, 2.0 * half, height), 6.0, a.gold);
    }

    /// Confetti in the surround: the top margin, the sides and the strip around the ribbon,
    /// never over squares, coordinates or words.
    fn confetti(&self, art: &mut ArtCanvas) {
        let a = self.colours();
        let layout = &self.layout;
        let (width, height) = (layout.width as f32, layout.height as f32);
        let board_top = layout.board_y() as f32;
        let side = 8.0 * SQUARE as f32;
        let (bx, margin) = (layout.board_x() as f32, MARGIN as f32);
        let strip_y = height - STRIP as f32;
        let mid = width / 2.0;
        let free = |x: f32, y: f32| -> bool {
            let top_band = y > board_top - margin + 3.0 && y < board_top - 12.0;
            let strip = y > strip_y + 4.0 && y < height - 4.0 && (x - mid).abs() > 150.0;
            // The side margins between the rank numbers.
            let in_side = (x < bx - 12.0 && x > 3.0) || (x > bx + side + 12.0 && x < width - 3.0);
            let row = (y - board_top) / SQUARE as f32;
            let between = (row.fract() - 0.5).abs() > 0.22;
            let sides = in_side && y > board_top && y < board_top + side && between;
            top_band || strip || sides
        };
        // A fixed little generator: the same confetti every start.
        let mut state: u32 = 0x9e37_79b9;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            (state >> 8) as f32 / (1u32 << 24) as f32
        };
        let mut placed = 0;
        for _ in 0..4000 {
            if placed >= 70 {
                break;
            }
            let (x, y) = (next() * width, next() * height);
            if !free(x, y) {
                continue;
            }
            let colour = a.confetti[(next() * a.confetti.len() as f32) as usize % a.confetti.len()];
            let angle = next() * std::f32::consts::PI;
            if next() < 0.35 {
                art.fill_circle(x, y, 2.6, colour, 1.0);
            } else {
                let (c, s) = (angle.cos(), angle.sin());
                let (l, w) = (5.0, 2.0);
                let corner = |u: f32, v: f32| (x + u * c - v * s, y + u * s + v * c);
                let quad = [corner(-l, -w), corner(l, -w), corner(l, w), corner(-l, w)];
                art.fill_polygon(&quad, colour, 1.0);
            }
            placed += 1;
        }
    }
}
