//! The Chesimals I, II and Critters picture: a 12 x 16 or 20 x 20 board, every unit a disc in
//! its chesimal's colour (in Critters its side's) with the unit letter, Chiefs and brains
//! ringed, leaderless units greyed, units that moved this turn badged, Critters' green
//! squares tinted, and the last turn's unit moves as trails.
//!
//! As for the other games every square look (ground x unit x state) is a tile prepared at
//! start-up. Trails are the one thing drawn per picture: lines from square centre to square
//! centre, painted only over ground pixels so they pass behind the units.

use crate::games::chesimals::{Colour, Kind, Position, Unit, Variant};
use crate::games::{BoardSize, Side, Square, TwoPlayerGame};
use std::collections::HashMap;

use super::board::{self, Layout};
use super::canvas::{ArtCanvas, Indexed, Palette, Rgb};
use super::font::{Face, Fonts, GlyphCache, TextStyle};
use super::header::{self, Header, Marker, Player};
use super::theme::{ChesimalsTheme, Theme};
use super::{RenderError, View};

pub(super) const MARGIN: u32 = 28;
/// 12 x 16: 680 x 994 pixels.
pub(super) const CHESIMALS_SQUARE: u32 = 52;
/// 20 x 20: 896 x 1002 pixels.
pub(super) const CRITTERS_SQUARE: u32 = 42;
/// Anti-aliasing steps of unit edges.
const LEVELS: usize = 3;

/// Unit states, each a tile of its own.
const STATES: usize = 3;
const NORMAL: usize = 0;
const MOVED: usize = 1;
const LEADERLESS: usize = 2;

/// Square grounds: light, dark, green light, green dark, each plain and trail-tinted.
const GROUNDS: usize = 8;

/// Which units a board shows: the eight chesimals, or the two Critters sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    Chesimals,
    Critters,
}

impl Family {
    fn of(variant: Variant) -> Self {
        if variant.is_critters() {
            Family::Critters
        } else {
            Family::Chesimals
        }
    }

    fn colour_slots(self) -> usize {
        match self {
            Family::Chesimals => Colour::ALL.len(),
            Family::Critters => 2,
        }
    }

    fn board(self) -> (BoardSize, u32) {
        match self {
            Family::Chesimals => (Variant::One.board_size(), CHESIMALS_SQUARE),
            Family::Critters => (Variant::Critters.board_size(), CRITTERS_SQUARE),
        }
    }

    /// The colour slot of a unit: its chesimal, or in Critters its side.
    fn slot(self, unit: Unit) -> usize {
        match (self, unit.colour) {
            (Family::Chesimals, Some(colour)) => colour as usize,
            _ => unit.side.index(),
        }
    }
}

/// Ground index: light/dark, green, trail tint.
fn ground(dark: bool, green: bool, tinted: bool) -> usize {
    (usize::from(green) * 2 + usize::from(dark)) * 2 + usize::from(tinted)
}

/// The prepared art of one board size.
#[derive(Debug)]
struct BoardArt {
    family: Family,
    layout: Layout,
    plte: Vec<u8>,
    /// Unflipped and flipped.
    backgrounds: [Indexed; 2],
    /// By ground, then empty or (colour slot, kind, state): see [`BoardArt::tile_index`].
    tiles: Vec<Indexed>,
    /// Palette indices of the flat ground colours, which trails may paint over.
    ground_index: [bool; 256],
    trail_line: u8,
    trail_edge: u8,
    target: u8,
    header: Header,
}

#[derive(Debug)]
pub struct ChesimalsArt {
    chesimals: BoardArt,
    critters: BoardArt,
}

impl ChesimalsArt {
    pub fn new(theme: &Theme, glyphs: &GlyphCache) -> Result<Self, RenderError> {
        Ok(Self {
            chesimals: BoardArt::new(Family::Chesimals, theme, glyphs)?,
            critters: BoardArt::new(Family::Critters, theme, glyphs)?,
        })
    }

    /// Draws `position` into `frame`; returns the palette of the indices drawn.
    pub fn draw(
        &self,
        position: &Position,
        view: &View,
        glyphs: &GlyphCache,
        frame: &mut Indexed,
    ) -> &[u8] {
        let art = match Family::of(position.variant()) {
            Family::Chesimals => &self.chesimals,
            Family::Critters => &self.critters,
        };
        art.draw(position, view, glyphs, frame);
        &art.plte
    }
}

impl BoardArt {
    fn new(family: Family, theme: &Theme, glyphs: &GlyphCache) -> Result<Self, RenderError> {
        let fonts = glyphs.fonts();
        let (size, square) = family.board();
        let layout = Layout::new(size, square, MARGIN, header::HEIGHT);
        let colours = &theme.chesimals;
        let painter = UnitPainter {
            colours,
            fonts,
            family,
        };
        let mut palette = Palette::new();
        board::register(&mut palette, theme)?;
        let icon = |art: &mut ArtCanvas, side: Side, centre: (f32, f32), px: f32| {
            painter.icon(art, side, centre, px);
        };
        let header = Header::new(&mut palette, theme, glyphs, layout.width, &icon)?;
        let mut ground_index = [false; 256];
        for index in painter.grounds().map(|colour| palette.add(colour)) {
            ground_index[usize::from(index?)] = true;
        }
        let trail_line = palette.add(colours.trail_line)?;
        let trail_edge = palette.add(colours.trail_edge)?;
        let target = palette.add(colours.target)?;
        painter.register(&mut palette)?;

        let backgrounds = board::backgrounds(&layout, theme, fonts, &palette);
        let mut tiles = Vec::with_capacity(GROUNDS * (1 + family.colour_slots() * 5 * STATES));
        let mut matched = HashMap::new();
        for ground in painter.grounds() {
            tiles
                .push(ArtCanvas::new(square, square, ground).quantise_with(&palette, &mut matched));
            for slot in 0..family.colour_slots() {
                for kind in Kind::ALL {
                    let first = tiles.len();
                    for state in 0..STATES {
                        // Critters units are never leaderless: that slot repeats the plain look.
                        if family == Family::Critters && state == LEADERLESS {
                            let plain = tiles.get(first + NORMAL).cloned().unwrap_or_default();
                            tiles.push(plain);
                            continue;
                        }
                        let mut art = ArtCanvas::new(square, square, ground);
                        painter.unit(&mut art, slot, kind, state);
                        tiles.push(art.quantise_with(&palette, &mut matched));
                    }
                }
            }
        }
        Ok(Self {
            family,
            layout,
            plte: palette.png_bytes(),
            backgrounds,
            tiles,
            ground_index,
            trail_line,
            trail_edge,
            target,
            header,
        })
    }

    fn tile_index(&self, ground: usize, unit: Option<(usize, Kind, usize)>) -> usize {
        let per_ground = 1 + self.family.colour_slots() * Kind::ALL.len() * STATES;
        let offset = match unit {
            None => 0,
            Some((slot, kind, state)) => {
                1 + (slot * Kind::ALL.len() + kind as usize) * STATES + state
            }
        };
        ground * per_ground + offset
    }

    fn draw(&self, position: &Position, view: &View, glyphs: &GlyphCache, frame: &mut Indexed) {
        let size = self.layout.size;
        let status = view.facts.status;
        let on_board = |square: Square| size.contains(square.file as i16, square.rank as i16);
        let mut trail: Vec<(Square, Square)> = view
            .last_move
            .as_ref()
            .map(|marks| marks.trail())
            .unwrap_or_default();
        if trail.is_empty() {
            trail = if position.turn_in_progress() {
                position.current_turn().to_vec()
            } else {
                position.last_turn().to_vec()
            };
        }
        trail.retain(|&(from, to)| on_board(from) && on_board(to));
        let square_count = size.square_count();
        let mut tinted = vec![false; square_count];
        for &(from, to) in &trail {
            tinted[size.index(from)] = true;
            tinted[size.index(to)] = true;
        }
        let mut green = vec![false; square_count];
        for square in position
            .green_squares()
            .into_iter()
            .filter(|&s| on_board(s))
        {
            green[size.index(square)] = true;
        }
        let mut moved = vec![false; square_count];
        for square in position.moved_this_turn() {
            moved[size.index(square)] = true;
        }

        frame.copy_from(&self.backgrounds[usize::from(view.flip)]);
        for square in size.squares() {
            let index = size.index(square);
            let ground = ground(Layout::is_dark(square), green[index], tinted[index]);
            let unit = position.unit_at(square).map(|unit| {
                let state = if position.leaderless(square) {
                    LEADERLESS
                } else if moved[index] {
                    MOVED
                } else {
                    NORMAL
                };
                (self.family.slot(unit), unit.kind, state)
            });
            if let Some(tile) = self.tiles.get(self.tile_index(ground, unit)) {
                let (x, y) = self.layout.square_origin(square, view.flip);
                frame.blit(tile, x, y);
            }
        }
        self.draw_trails(frame, &trail, view.flip);
        self.draw_targets(frame, position, &view.facts.targets, view.flip);

        let marker = Marker::of(status, position.side_to_move(), view.hide_turn);
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
        self.header.draw(
            frame,
            glyphs,
            players,
            marker,
            (&view.caption, &view.detail),
            view.flip,
        );
    }

    /// Each unit move as a line from the centre of the square left to the centre of the
    /// square reached, with a dot where it started, painted only over ground pixels.
    fn draw_trails(&self, frame: &mut Indexed, trail: &[(Square, Square)], flip: bool) {
        let square = self.layout.square as f32;
        let centre = |at: Square| {
            let (x, y) = self.layout.square_origin(at, flip);
            (x as f32 + square / 2.0, y as f32 + square / 2.0)
        };
        let half = square * 0.07;
        let edge = 1.6;
        let dot = square * 0.15;
        // Edges first, then the lines, so crossing trails join cleanly.
        for core in [false, true] {
            let widen = if core { 0.0 } else { edge };
            let colour = if core {
                self.trail_line
            } else {
                self.trail_edge
            };
            for &(from, to) in trail {
                let (a, b) = (centre(from), centre(to));
                self.paint(frame, a, b, half + widen, colour);
                self.paint(frame, a, a, dot + widen, colour);
            }
        }
    }

    /// The squares a unit asked about may reach, as Knight Fight marks its landings: a dot
    /// on an empty square, and the corners of a square whose unit it would take (ground
    /// pixels only, so the unit and the trails stay whole; nothing outside the square).
    fn draw_targets(
        &self,
        frame: &mut Indexed,
        position: &Position,
        targets: &[Square],
        flip: bool,
    ) {
        let size = self.layout.size;
        let side = self.layout.square as usize;
        let half = side as f32 / 2.0;
        let width = frame.width as usize;
        for &to in targets {
            if !size.contains(to.file as i16, to.rank as i16) {
                continue;
            }
            let capture = position.unit_at(to).is_some();
            let (x0, y0) = self.layout.square_origin(to, flip);
            let (x0, y0) = (x0 as usize, y0 as usize);
            for dy in 0..side {
                for dx in 0..side {
                    let (px, py) = (dx as f32 + 0.5 - half, dy as f32 + 0.5 - half);
                    let distance = (px * px + py * py).sqrt() / side as f32;
                    let marked = match capture {
                        true => distance > 0.5,
                        false => distance < 0.17,
                    };
                    let Some(pixel) = frame.pixels.get_mut((y0 + dy) * width + x0 + dx) else {
                        continue;
                    };
                    if marked && self.ground_index[usize::from(*pixel)] {
                        *pixel = self.target;
                    }
                }
            }
        }
    }

    /// Paints the pixels within `radius` of the segment `a`-`b` that show ground or trail.
    fn paint(&self, frame: &mut Indexed, a: (f32, f32), b: (f32, f32), radius: f32, colour: u8) {
        let (width, height) = (frame.width as i32, frame.height as i32);
        let x0 = ((a.0.min(b.0) - radius).floor() as i32).max(0);
        let y0 = ((a.1.min(b.1) - radius).floor() as i32).max(0);
        let x1 = ((a.0.max(b.0) + radius).ceil() as i32).min(width - 1);
        let y1 = ((a.1.max(b.1) + radius).ceil() as i32).min(height - 1);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let length2 = (dx * dx + dy * dy).max(f32::EPSILON);
        let radius2 = radius * radius;
        for y in y0..=y1 {
            for x in x0..=x1 {
                let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
                let t = (((px - a.0) * dx + (py - a.1) * dy) / length2).clamp(0.0, 1.0);
                let (nx, ny) = (a.0 + t * dx - px, a.1 + t * dy - py);
                if nx * nx + ny * ny > radius2 {
                    continue;
                }
                let Some(pixel) = frame
                    .pixels
                    .get_mut(y as usize * width as usize + x as usize)
                else {
                    continue;
                };
                let paintable = self.ground_index[usize::from(*pixel)]
                    || *pixel == self.trail_edge
                    || (*pixel == self.trail_line && colour == self.trail_line);
                if paintable {
                    *pixel = colour;
                }
            }
        }
    }
}

/// Draws units (and the header icons) in the theme's colours.
struct UnitPainter<'a> {
    colours: &'a ChesimalsTheme,
    fonts: &'a Fonts,
    family: Family,
}

impl UnitPainter<'_> {
    /// The grounds in [`ground`] order.
    fn grounds(&self) -> impl Iterator<Item = Rgb> + '_ {
        let c = self.colours;
        (0..GROUNDS).map(move |index| {
            let tinted = index % 2 == 1;
            let dark = (index / 2) % 2 == 1;
            let green = index / 4 == 1;
            let base = match (green, dark) {
                (false, false) => c.light,
                (false, true) => c.dark,
                (true, false) => c.green_light,
                (true, true) => c.green_dark,
            };
            if tinted {
                base.mix(c.trail, c.trail_strength)
            } else {
                base
            }
        })
    }

    fn side_of_slot(&self, slot: usize) -> Side {
        match self.family {
            Family::Chesimals => Colour::ALL
                .get(slot)
                .map_or(Side::White, |colour| colour.side()),
            Family::Critters if slot == 0 => Side::White,
            Family::Critters => Side::Black,
        }
    }

    /// The fill and letter colours of a unit in `state`.
    fn fill_and_letter(&self, slot: usize, state: usize) -> (Rgb, Rgb) {
        let c = self.colours;
        let fill = match self.family {
            Family::Chesimals => c.units.get(slot).copied().unwrap_or(c.leaderless),
            Family::Critters => c.critters.get(slot).copied().unwrap_or(c.leaderless),
        };
        let letter = match self.side_of_slot(slot) {
            Side::White => c.letter_on_light,
            Side::Black => c.letter_on_dark,
        };
        if state == LEADERLESS {
            (
                fill.mix(c.leaderless, c.leaderless_strength),
                c.leaderless_letter,
            )
        } else {
            (fill, letter)
        }
    }

    /// Registers the colours units are drawn with, and the ramps between those that meet.
    fn register(&self, palette: &mut Palette) -> Result<(), RenderError> {
        let c = self.colours;
        for ground in self.grounds().collect::<Vec<_>>() {
            palette.ramp(ground, c.outline, LEVELS)?;
        }
        palette.add(c.chief_ring)?;
        palette.add(c.moved)?;
        for slot in 0..self.family.colour_slots() {
            for state in [NORMAL, LEADERLESS] {
                if self.family == Family::Critters && state == LEADERLESS {
                    continue;
                }
                let (fill, letter) = self.fill_and_letter(slot, state);
                palette.ramp(c.outline, fill, LEVELS)?;
                palette.ramp(fill, letter, LEVELS)?;
            }
        }
        Ok(())
    }

    /// A unit centred in a square tile.
    fn unit(&self, art: &mut ArtCanvas, slot: usize, kind: Kind, state: usize) {
        let c = self.colours;
        let size = art.width as f32;
        let (cx, cy) = (size / 2.0, size / 2.0);
        let radius = size * 0.41;
        let (fill, letter) = self.fill_and_letter(slot, state);
        art.fill_circle(cx, cy, radius, c.outline, 1.0);
        if kind == Kind::Chief {
            // A Chief or brain: a gold ring inside the rim, then a smaller disc.
            art.fill_circle(cx, cy, radius - 2.0, c.chief_ring, 1.0);
            art.fill_circle(cx, cy, radius - 5.5, c.outline, 1.0);
            art.fill_circle(cx, cy, radius - 7.0, fill, 1.0);
        } else {
            art.fill_circle(cx, cy, radius - 2.0, fill, 1.0);
        }
        let style = TextStyle::new(Face::Bold, size * 0.46);
        let text = kind.letter().to_string();
        self.fonts
            .draw_centred(art, style, &text, (cx, cy + 0.5), letter);
        if state == MOVED {
            let (bx, by, r) = (size * 0.8, size * 0.2, size * 0.13);
            art.fill_circle(bx, by, r, c.outline, 1.0);
            art.fill_circle(bx, by, r - 1.5, c.moved, 1.0);
        }
    }

    /// A side's icon in the header: a Chief disc in the side's colour.
    fn icon(&self, art: &mut ArtCanvas, side: Side, (cx, cy): (f32, f32), px: f32) {
        let c = self.colours;
        let fill = c.critters[side.index()];
        let radius = px * 0.5;
        art.fill_circle(cx, cy, radius, c.outline, 1.0);
        art.fill_circle(cx, cy, radius - 2.0, c.chief_ring, 1.0);
        art.fill_circle(cx, cy, radius - 5.0, c.outline, 1.0);
        art.fill_circle(cx, cy, radius - 6.5, fill, 1.0);
    }
}
