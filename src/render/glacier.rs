//! The Glacier Chess picture: a chess board whose empty squares may hold ice blocks, the
//! pieces, the last move, a king in check and, right after an Ice Age, the squares that froze.
//!
//! As for Knight Fight, every square look (square colour x content x highlight) is a tile
//! prepared at start-up, so a render is 64 tile copies, the header text and the encoder.

use crate::games::glacier::{Cell, Position, Role, SIZE};
use crate::games::{Side, Square, Status, TwoPlayerGame};

use super::board::{Layout, TileInk, TiledArt, Tiling};
use super::canvas::{ArtCanvas, Indexed, Palette, Rgb, rounded_rect_distance};
use super::font::GlyphCache;
use super::header::{Marker, Player};
use super::pieces::{self, BISHOP, GlyphPiece, KING, KNIGHT, PAWN, QUEEN, ROOK};
use super::theme::{GlacierTheme, Theme};
use super::{RenderError, View};

/// 8 x 84 + 2 x 30 = 732 pixels wide: big enough to read on a phone without zooming.
const SQUARE: u32 = 84;
const MARGIN: u32 = 30;
/// Anti-aliasing steps of piece and mark edges; the palette has room for a handful of ramps.
const LEVELS: usize = 5;
const PIECE_PX: f32 = 72.0;

/// Ice blocks come in a few facet patterns, spread over the board so a sheet of ice looks
/// natural rather than stamped.
const ICE_VARIANTS: usize = 3;

/// What stands on a square, as far as its tile is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Content {
    Empty,
    Ice(usize),
    Piece(Side, Role),
}

const CONTENTS: usize = 1 + ICE_VARIANTS + 12;

impl Content {
    fn slot(self) -> usize {
        match self {
            Content::Empty => 0,
            Content::Ice(variant) => 1 + variant % ICE_VARIANTS,
            Content::Piece(side, role) => {
                let role = match role {
                    Role::Pawn => 0,
                    Role::Knight => 1,
                    Role::Bishop => 2,
                    Role::Rook => 3,
                    Role::Queen => 4,
                    Role::King => 5,
                };
                1 + ICE_VARIANTS + side.index() * 6 + role
            }
        }
    }

    fn all() -> Vec<Content> {
        let mut all = vec![Content::Empty];
        all.extend((0..ICE_VARIANTS).map(Content::Ice));
        for side in Side::BOTH {
            for role in [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
                Role::King,
            ] {
                all.push(Content::Piece(side, role));
            }
        }
        all
    }
}

/// A mark on a square besides the last move; a square has at most one (a king in check
/// cannot have frozen in the Ice Age that preceded the check: it would be gone; a check
/// outranks the warning of ice to come).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    None,
    Check,
    NewIce,
    /// The next Ice Age, three Black moves away or nearer, would turn this square to ice
    /// if it came now: a light frost.
    Frost,
}

const MARKS: [Mark; 4] = [Mark::None, Mark::Check, Mark::NewIce, Mark::Frost];

/// How many Black moves before an Ice Age the picture starts to show what it would freeze.
pub const FROST_WARNING_MOVES: u32 = 3;

/// One square's look: what stands there and how it is highlighted.
#[derive(Clone, Copy, Debug)]
struct Look {
    content: Content,
    dark: bool,
    last: bool,
    mark: Mark,
}

impl Look {
    fn index(self) -> usize {
        let mark = MARKS.iter().position(|&m| m == self.mark).unwrap_or(0);
        ((self.content.slot() * 2 + usize::from(self.dark)) * 2 + usize::from(self.last))
            * MARKS.len()
            + mark
    }

    /// Every look, in [`Look::index`] order.
    fn all() -> Vec<Look> {
        let mut looks = Vec::with_capacity(CONTENTS * 2 * 2 * MARKS.len());
        for content in Content::all() {
            for dark in [false, true] {
                for last in [false, true] {
                    for mark in MARKS {
                        looks.push(Look {
                            content,
                            dark,
                            last,
                            mark,
                        });
                    }
                }
            }
        }
        looks
    }
}

fn glyph(role: Role) -> GlyphPiece {
    match role {
        Role::Pawn => PAWN,
        Role::Knight => KNIGHT,
        Role::Bishop => BISHOP,
        Role::Rook => ROOK,
        Role::Queen => QUEEN,
        Role::King => KING,
    }
}

/// The facet pattern of the ice on `square`: scattered by a small hash, so neighbours rarely
/// repeat and the start position's four ranks of ice do not look tiled.
fn ice_variant(square: Square) -> usize {
    let (file, rank) = (square.file as usize, square.rank as usize);
    (file * 7 + rank * 5 + file * rank) % ICE_VARIANTS
}

/// Assembles the picture in `frame` (any previous content is overwritten).
pub fn draw(
    art: &TiledArt,
    position: &Position,
    view: &View,
    glyphs: &GlyphCache,
    frame: &mut Indexed,
) {
    let checked = view.facts.check;
    let (last, new_ice, frost) = marked(position, view);
    let TiledArt {
        layout,
        backgrounds,
        tiles,
        header,
        ..
    } = art;
    frame.copy_from(&backgrounds[usize::from(view.flip)]);
    for square in SIZE.squares() {
        let index = SIZE.index(square);
        let content = match position.cell(square) {
            Cell::Empty => Content::Empty,
            Cell::Ice => Content::Ice(ice_variant(square)),
            Cell::Piece(side, role) => Content::Piece(side, role),
        };
        let mark = if checked == Some(square) {
            Mark::Check
        } else if new_ice[index] {
            Mark::NewIce
        } else if frost[index] {
            Mark::Frost
        } else {
            Mark::None
        };
        let look = Look {
            content,
            dark: Layout::is_dark(square),
            last: last[index],
            mark,
        };
        if let Some(tile) = tiles.get(look.index()) {
            let (x, y) = layout.square_origin(square, view.flip);
            frame.blit(tile, x, y);
        }
    }

    let marker = Marker::of(view.facts.status, position.side_to_move(), view.hide_turn);
    let players = [
        Player {
            name: &view.white,
            score: None,
        },
        Player {
            name: &view.black,
            score: None,
        },
    ];
    let text = (view.caption.as_str(), view.detail.as_str());
    header.draw(frame, glyphs, players, marker, text, view.flip);
}

/// Which squares the last move touched, which froze in the last Ice Age, and which the next
/// one would freeze if it came now (once it is near and the game goes on), by square index.
fn marked(position: &Position, view: &View) -> (Vec<bool>, Vec<bool>, Vec<bool>) {
    let cells = SIZE.files as usize * SIZE.ranks as usize;
    let mut last = vec![false; cells];
    if let Some(squares) = &view.last_move {
        let touched = squares.from.iter().chain(&squares.to).chain(&squares.also);
        for &square in touched {
            if SIZE.contains(square.file as i16, square.rank as i16) {
                last[SIZE.index(square)] = true;
            }
        }
    }
    let mut new_ice = vec![false; cells];
    for square in position
        .last_ice_age()
        .map(|r| r.new_ice())
        .unwrap_or_default()
    {
        if SIZE.contains(square.file as i16, square.rank as i16) {
            new_ice[SIZE.index(square)] = true;
        }
    }
    let mut frost = vec![false; cells];
    let near = position.black_moves_to_ice_age() <= FROST_WARNING_MOVES;
    if near && view.facts.status == Status::Ongoing {
        for square in position.ice_age_preview() {
            frost[SIZE.index(square)] = true;
        }
    }
    (last, new_ice, frost)
}

/// The prepared art of Glacier: its tiles on the shared board.
pub fn art(theme: &Theme, glyphs: &GlyphCache) -> Result<TiledArt, RenderError> {
    TiledArt::on_board(SIZE, SQUARE, MARGIN, theme, glyphs, Tiles)
}

/// Prepares the tiles, with the ink every look is drawn with.
struct Tiles<'a>(TileInk<'a>);

impl Tiles<'_> {
    fn colours(&self) -> &GlacierTheme {
        &self.0.theme.glacier
    }

    /// The square's own colour, tinted when the last move touched it.
    fn ground(&self, dark: bool, last: bool) -> Rgb {
        let g = self.colours();
        let square = if dark { g.dark } else { g.light };
        if last {
            square.mix(g.last_move, g.last_move_strength)
        } else {
            square
        }
    }

    /// Every colour pair the tiles blend, registered before any art is quantised so that
    /// anti-aliased edges find their exact ramp entries; what is left over (the inside of
    /// the ice and the glow) snaps to the nearest of these.
    fn register_tiles(&self, palette: &mut Palette) -> Result<(), RenderError> {
        let g = self.colours();
        let grounds: Vec<Rgb> = [(false, false), (true, false), (false, true), (true, true)]
            .into_iter()
            .map(|(dark, last)| self.ground(dark, last))
            .collect();
        pieces::register_outlined(palette, &self.0.theme.pieces, &grounds, LEVELS)?;
        for &ground in &grounds {
            palette.ramp(ground, g.ice_rim, LEVELS)?;
            palette.ramp(ground, g.new_ice, LEVELS)?;
        }
        for dark in [false, true] {
            palette.ramp(self.ground(dark, false), g.check, 10)?;
        }
        palette.ramp(g.ice_rim, g.ice_face, 6)?;
        palette.ramp(g.ice_face, g.ice_shine, 8)?;
        palette.ramp(g.ice_face, g.ice_deep, 5)?;
        palette.ramp(g.ice_rim, g.ice_deep, 4)?;
        palette.ramp(g.ice_rim, g.new_ice, LEVELS)?;
        palette.ramp(g.new_ice, g.new_ice_flake, LEVELS)?;
        for &ground in &grounds {
            palette.ramp(ground, g.frost, LEVELS)?;
        }
        Ok(())
    }

    /// The art of one look.
    fn art(&self, look: Look) -> ArtCanvas {
        let g = self.colours();
        let size = SQUARE as f32;
        let centre = (size / 2.0, size / 2.0);
        let mut art = ArtCanvas::new(SQUARE, SQUARE, self.ground(look.dark, look.last));
        if look.mark == Mark::Check {
            art.radial_glow(centre, size * 0.62, g.check, g.check_strength);
        }
        match look.content {
            Content::Empty => {}
            Content::Ice(variant) => self.ice(&mut art, variant),
            Content::Piece(side, role) => {
                // The glyphs' ink sits a little high in the square without this nudge, since
                // their bases are broad and their tops thin.
                let at = (centre.0, centre.1 + 1.0);
                let colours = &self.0.theme.pieces;
                let piece = glyph(role);
                pieces::draw_outlined(&mut art, self.0.fonts, colours, piece, side, at, PIECE_PX);
            }
        }
        match look.mark {
            Mark::NewIce => self.frost_frame(&mut art),
            Mark::Frost => self.light_frost(&mut art),
            Mark::None | Mark::Check => {}
        }
        art
    }

    /// An ice cube seen from above: a rounded block whose darker sides show to the bottom
    /// right, a top face cut into a lit, a clear and a shaded facet, a crack and a gloss.
    ///
    /// The shapes are mostly straight runs and few diagonals on purpose: the PNG encoder
    /// codes every pixel that its row above does not predict, so each diagonal edge costs
    /// bytes in all 32 ice squares of the start position.
    fn ice(&self, art: &mut ArtCanvas, variant: usize) {
        let g = self.colours();
        let s = SQUARE as f32;
        art.fill_rounded_rect((4.0, 4.0, s - 8.0, s - 8.0), 7.0, g.ice_rim);

        let face_box = (7.0, 7.0, s - 17.0, s - 17.0);
        let (fx, fy, fw, fh) = face_box;
        let at = |(u, v): (f32, f32)| (fx + u * fw, fy + v * fh);
        let mut face = ArtCanvas::new(SQUARE, SQUARE, g.ice_face);
        // Facets: a lit band along the top and a shaded one down the right, cut straight so
        // they cost next to nothing in the PNG (see above).
        face.fill_rect(
            0,
            0,
            SQUARE,
            (fy + fh * 0.3) as u32,
            g.ice_shine.mix(g.ice_face, 0.45),
        );
        let shade_x = (fx + fw * 0.74) as i32;
        let shade_y = (fy + fh * 0.3) as i32;
        face.fill_rect(
            shade_x,
            shade_y,
            SQUARE,
            SQUARE,
            g.ice_face.mix(g.ice_deep, 0.14),
        );
        // A crack through the clear middle, running a different way in each variant.
        let cracks: [&[(f32, f32)]; ICE_VARIANTS] = [
            &[(0.98, 0.3), (0.74, 0.42), (0.6, 0.36), (0.42, 0.58)],
            &[(0.3, 0.98), (0.44, 0.72), (0.36, 0.6), (0.58, 0.4)],
            &[(0.56, 0.98), (0.62, 0.74), (0.8, 0.64), (0.98, 0.7)],
        ];
        let crack = cracks[variant % ICE_VARIANTS];
        for pair in crack.windows(2) {
            face.stroke_line(at(pair[0]), at(pair[1]), 1.4, g.ice_deep);
        }
        art.composite(&face, rounded_rect_distance(face_box, 4.0));

        // The gloss, fixed for every variant since the light comes from one side.
        let streak = [(12.0, 30.0), (30.0, 12.0), (38.0, 12.0), (12.0, 38.0)];
        art.fill_polygon(&streak, g.ice_shine, 0.9);
    }

    /// The mark of a square that froze in this Ice Age: a frosty frame round the square and a
    /// snowflake badge, a shape as well as a colour so it reads without telling blues apart.
    fn frost_frame(&self, art: &mut ArtCanvas) {
        let g = self.colours();
        let s = SQUARE as f32;
        art.stroke_rounded_rect((1.0, 1.0, s - 2.0, s - 2.0), 6.0, 4.0, g.new_ice);
        let (cx, cy, radius) = (s - 17.0, s - 17.0, 11.0);
        art.fill_circle(cx, cy, radius, g.new_ice, 1.0);
        for arm in 0..3 {
            let angle = std::f32::consts::PI / 3.0 * arm as f32 + std::f32::consts::FRAC_PI_2;
            let (dx, dy) = (angle.cos() * 7.0, angle.sin() * 7.0);
            art.stroke_line((cx - dx, cy - dy), (cx + dx, cy + dy), 1.6, g.new_ice_flake);
        }
    }
}

impl Tiles<'_> {
    /// The warning of ice to come: frost creeping in from the corners, light enough that
    /// the piece and the square stay as they are, unlike the frame of ice that came.
    fn light_frost(&self, art: &mut ArtCanvas) {
        let g = self.colours();
        let s = SQUARE as f32;
        let arm = s * 0.3;
        for (x, y, dx, dy) in [
            (2.0, 2.0, 1.0, 1.0),
            (s - 2.0, 2.0, -1.0, 1.0),
            (2.0, s - 2.0, 1.0, -1.0),
            (s - 2.0, s - 2.0, -1.0, -1.0),
        ] {
            art.fill_polygon(
                &[(x, y), (x + dx * arm, y), (x, y + dy * arm)],
                g.frost,
                0.8,
            );
        }
    }
}

impl Tiling for Tiles<'_> {
    fn register_icon(&self, palette: &mut Palette, disc: Rgb) -> Result<(), RenderError> {
        pieces::register_outlined(palette, &self.0.theme.pieces, &[disc], LEVELS)
    }

    fn icon(&self, art: &mut ArtCanvas, side: Side, centre: (f32, f32), px: f32) {
        pieces::draw_outlined(
            art,
            self.0.fonts,
            &self.0.theme.pieces,
            KING,
            side,
            centre,
            px,
        );
    }

    fn register(&self, palette: &mut Palette) -> Result<(), RenderError> {
        self.register_tiles(palette)
    }

    fn build(&self, palette: &mut Palette) -> Result<Vec<Indexed>, RenderError> {
        Ok(Look::all()
            .into_iter()
            .map(|look| self.art(look).quantise(palette))
            .collect())
    }
}
