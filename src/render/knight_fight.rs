//! The Knight Fight picture: a 10x10 board of numbers, holes where squares were blocked, the
//! two knights, the last move and where the side to move may jump.
//!
//! The numbers are shuffled per game, so every square look is prepared per *number*: each of
//! the 100 numbers in each state (free, jump target, hole, last move ...) on each square
//! colour is a ready tile, and a render is 100 tile copies, the header text and the encoder.

use crate::games::knight_fight::{Position, SIZE};
use crate::games::{Side, Square, TwoPlayerGame};

use super::board::{Layout, TileInk, TiledArt, Tiling};
use super::canvas::{ArtCanvas, Indexed, Palette, Ramp, Rgb};
use super::font::{Face, GlyphCache, Mask, TextStyle};
use super::header::{Marker, Player};
use super::pieces::{self, KNIGHT};
use super::theme::Theme;
use super::{RenderError, View};

const SQUARE: u32 = 68;
const MARGIN: u32 = 30;
/// Anti-aliasing steps of tile edges; the palette has room for a handful of these ramps.
const LEVELS: usize = 6;

const NUMBER: TextStyle = TextStyle::new(Face::Bold, 27.0);
/// The number of a square a knight stands on, tucked into its corner.
const SMALL_NUMBER: TextStyle = TextStyle::new(Face::Bold, 13.0);
const KNIGHT_PX: f32 = 56.0;
const TARGET_RADIUS: f32 = 25.0;

/// What a square shows. The first group sits on the checkered light/dark colours; the second
/// group are holes, one colour whatever the square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Free,
    Target,
    /// The landing square of the last move without a knight (only seen with a `View` that
    /// does not match the position).
    LastTo,
    Knight(Side),
    KnightLastTo(Side),
    Blocked,
    LastFrom,
    LastBlocked,
}

const CHECKERED: [Cell; 7] = [
    Cell::Free,
    Cell::Target,
    Cell::LastTo,
    Cell::Knight(Side::White),
    Cell::Knight(Side::Black),
    Cell::KnightLastTo(Side::White),
    Cell::KnightLastTo(Side::Black),
];
const HOLES: [Cell; 3] = [Cell::Blocked, Cell::LastFrom, Cell::LastBlocked];

impl Cell {
    /// Where the 100 tiles of this cell on this square colour start in `tiles`.
    fn first_tile(self, dark: bool) -> usize {
        if let Some(slot) = CHECKERED.iter().position(|&c| c == self) {
            (slot * 2 + usize::from(dark)) * 100
        } else {
            let slot = HOLES.iter().position(|&c| c == self).unwrap_or(0);
            (CHECKERED.len() * 2 + slot) * 100
        }
    }

    fn is_hole(self) -> bool {
        HOLES.contains(&self)
    }
}

const fn is_double(number: u8) -> bool {
    number.is_multiple_of(11)
}

/// Assembles the picture in `frame` (any previous content is overwritten).
pub fn draw(
    art: &TiledArt,
    position: &Position,
    view: &View,
    glyphs: &GlyphCache,
    frame: &mut Indexed,
) {
    let on_board = |square: &Square| SIZE.contains(square.file as i16, square.rank as i16);
    let status = view.facts.status;
    let mover = position.side_to_move();
    let mut targets = [false; 100];
    for &square in &view.facts.targets {
        if on_board(&square) {
            targets[SIZE.index(square)] = true;
        }
    }
    let last = view.last_move.as_ref();
    let last_to = last.and_then(|m| m.to).filter(on_board);
    let last_from = last.and_then(|m| m.from).filter(on_board);
    let last_also = last.map_or(&[][..], |m| m.also.as_slice());

    let TiledArt {
        layout,
        backgrounds,
        tiles,
        header,
        ..
    } = art;
    frame.copy_from(&backgrounds[usize::from(view.flip)]);
    for square in SIZE.squares() {
        let knight = Side::BOTH
            .into_iter()
            .find(|&side| position.knight(side) == Some(square));
        let is_last_to = last_to == Some(square);
        let cell = match knight {
            Some(side) if is_last_to => Cell::KnightLastTo(side),
            Some(side) => Cell::Knight(side),
            None if is_last_to => Cell::LastTo,
            None if position.is_blocked(square) => {
                if last_from == Some(square) {
                    Cell::LastFrom
                } else if last_also.contains(&square) {
                    Cell::LastBlocked
                } else {
                    Cell::Blocked
                }
            }
            None if targets[SIZE.index(square)] => Cell::Target,
            None => Cell::Free,
        };
        let number = usize::from(position.number_at(square) % 100);
        let dark = Layout::is_dark(square);
        if let Some(tile) = tiles.get(cell.first_tile(dark) + number) {
            let (x, y) = layout.square_origin(square, view.flip);
            frame.blit(tile, x, y);
        }
    }

    let marker = Marker::of(status, mover, view.hide_turn);
    let players = [
        Player {
            name: &view.white,
            score: Some(position.score(Side::White)),
        },
        Player {
            name: &view.black,
            score: Some(position.score(Side::Black)),
        },
    ];
    header.draw(
        frame,
        glyphs,
        players,
        marker,
        (&view.caption, &view.detail),
        view.flip,
    );
}

/// The prepared art of Knight Fight: its tiles on the shared board.
pub fn art(theme: &Theme, glyphs: &GlyphCache) -> Result<TiledArt, RenderError> {
    TiledArt::on_board(SIZE, SQUARE, MARGIN, theme, glyphs, Tiles)
}

/// Prepares the tiles, with the ink every look is drawn with.
struct Tiles<'a>(TileInk<'a>);

impl Tiles<'_> {
    fn square(&self, dark: bool) -> Rgb {
        let kf = &self.0.theme.knight_fight;
        if dark { kf.dark } else { kf.light }
    }

    /// The colour under the number (or knight) of `cell`.
    fn background(&self, cell: Cell, dark: bool) -> Rgb {
        let kf = &self.0.theme.knight_fight;
        let square = self.square(dark);
        match cell {
            Cell::Free | Cell::Knight(_) => square,
            Cell::Target => square.mix(kf.target, kf.target_strength),
            Cell::LastTo | Cell::KnightLastTo(_) => square.mix(kf.last_move, kf.last_move_strength),
            Cell::Blocked | Cell::LastFrom | Cell::LastBlocked => kf.blocked,
        }
    }

    fn number_colour(&self, cell: Cell, number: u8) -> Rgb {
        let kf = &self.0.theme.knight_fight;
        match (cell.is_hole(), is_double(number)) {
            (false, false) => kf.number,
            (false, true) => kf.double_number,
            (true, false) => kf.blocked_number,
            (true, true) => kf.blocked_double_number,
        }
    }

    /// Every colour pair the tiles blend, registered before any art is quantised so each
    /// anti-aliased edge finds its exact ramp entry.
    fn register_tiles(&self, palette: &mut Palette) -> Result<(), RenderError> {
        let kf = &self.0.theme.knight_fight;
        for dark in [false, true] {
            let square = self.square(dark);
            for cell in CHECKERED {
                let background = self.background(cell, dark);
                palette.ramp(square, background, LEVELS)?;
                for number in [1, 0] {
                    palette.ramp(background, self.number_colour(cell, number), LEVELS)?;
                }
            }
            let knight_grounds = [
                self.background(Cell::Knight(Side::White), dark),
                self.background(Cell::KnightLastTo(Side::White), dark),
            ];
            pieces::register(palette, &self.0.theme.pieces, &knight_grounds, LEVELS)?;
        }
        for number in [1, 0] {
            palette.ramp(
                kf.blocked,
                self.number_colour(Cell::Blocked, number),
                LEVELS,
            )?;
        }
        palette.ramp(kf.blocked, kf.last_from, LEVELS)?;
        palette.ramp(kf.blocked, kf.last_blocked, LEVELS)?;
        Ok(())
    }

    /// The art of a cell without its number.
    fn base(&self, cell: Cell, dark: bool) -> ArtCanvas {
        let kf = &self.0.theme.knight_fight;
        let size = SQUARE as f32;
        let centre = (size / 2.0, size / 2.0);
        let mut art = ArtCanvas::new(SQUARE, SQUARE, self.background(cell, dark));
        let inset = (3.0, 3.0, size - 6.0, size - 6.0);
        match cell {
            Cell::Free | Cell::LastTo | Cell::Blocked => {}
            Cell::Target => {
                // Drawn over the plain square so its rim blends into the square colour.
                art = ArtCanvas::new(SQUARE, SQUARE, self.square(dark));
                let (x, y) = centre;
                art.fill_circle(x, y, TARGET_RADIUS, kf.target, kf.target_strength);
            }
            Cell::Knight(side) | Cell::KnightLastTo(side) => {
                // Knight glyphs sit a little high and left in their em box.
                let at = (centre.0 + 2.0, centre.1 + 3.0);
                let colours = &self.0.theme.pieces;
                pieces::draw(&mut art, self.0.fonts, colours, KNIGHT, side, at, KNIGHT_PX);
            }
            Cell::LastFrom => art.stroke_rounded_rect(inset, 7.0, 3.0, kf.last_from),
            Cell::LastBlocked => {
                art.stroke_rounded_rect(inset, 7.0, 3.0, kf.last_blocked);
                // A cross as well as a colour, so the mark differs from the last move's own
                // frame by shape too, for players who do not tell the colours apart.
                let (x, y, arm) = (size - 15.0, 15.0, 4.5);
                art.stroke_line((x - arm, y - arm), (x + arm, y + arm), 2.5, kf.last_blocked);
                art.stroke_line((x - arm, y + arm), (x + arm, y - arm), 2.5, kf.last_blocked);
            }
        }
        art
    }

    /// All tiles, in the order [`Cell::first_tile`] indexes them: the art of each look, with
    /// each number stamped through the ramp from the look's colour to the number's.
    fn build_tiles(&self, palette: &mut Palette) -> Result<Vec<Indexed>, RenderError> {
        let numbers: Vec<(Mask, Mask)> = (0..100u8)
            .map(|number| {
                let text = format!("{number:02}");
                let big = self.0.fonts.mask(NUMBER, &text);
                let small = self.0.fonts.mask(SMALL_NUMBER, &text);
                big.zip(small)
                    .ok_or(RenderError::Font(format!("no digits for {text}")))
            })
            .collect::<Result<_, _>>()?;
        let looks: Vec<(Cell, bool)> = CHECKERED
            .iter()
            .flat_map(|&cell| [(cell, false), (cell, true)])
            .chain(HOLES.iter().map(|&cell| (cell, false)))
            .collect();
        let mut tiles = Vec::with_capacity(looks.len() * 100);
        for (cell, dark) in looks {
            let base = self.base(cell, dark).quantise(palette);
            let background = self.background(cell, dark);
            for (number, (big, small)) in (0..100u8).zip(&numbers) {
                let ramp: Ramp =
                    palette.ramp(background, self.number_colour(cell, number), LEVELS)?;
                let (mask, x, y) = match cell {
                    Cell::Knight(_) | Cell::KnightLastTo(_) => (small, 5, 4),
                    _ => (
                        big,
                        (SQUARE as i32 - big.width as i32) / 2,
                        (SQUARE as i32 - big.height as i32) / 2,
                    ),
                };
                let mut tile = base.clone();
                tile.blit_coverage(&mask.coverage, (mask.width, mask.height), x, y, &ramp);
                tiles.push(tile);
            }
        }
        Ok(tiles)
    }
}

impl Tiling for Tiles<'_> {
    fn register_icon(&self, palette: &mut Palette, disc: Rgb) -> Result<(), RenderError> {
        pieces::register(palette, &self.0.theme.pieces, &[disc], LEVELS)
    }

    fn icon(&self, art: &mut ArtCanvas, side: Side, centre: (f32, f32), px: f32) {
        pieces::draw(
            art,
            self.0.fonts,
            &self.0.theme.pieces,
            KNIGHT,
            side,
            centre,
            px,
        );
    }

    fn register(&self, palette: &mut Palette) -> Result<(), RenderError> {
        self.register_tiles(palette)
    }

    fn build(&self, palette: &mut Palette) -> Result<Vec<Indexed>, RenderError> {
        self.build_tiles(palette)
    }
}
