//! The AMBIT picture's pieces of art, drawn once at start-up: tiles, sprites, backgrounds
//! and the header panels, from masks of the pieces.

use super::{
    ANCHOR, BADGE_SPRITE, Content, GROUNDS, Ground, MARGIN, MARKERS, MINI_GHOST_SPRITE, PAD, Paint,
    RIBBON_BAND, RIBBON_TOP, SQUARE, STRIP, Stage, glyph,
};
use crate::games::Side;
use crate::games::ambit::Piece;
use crate::render::RenderError;
use crate::render::board::{self, Layout};
use crate::render::canvas::{ArtCanvas, Palette, Ramp, Rgb};
use crate::render::font::{Face, Fonts, TextStyle};
use crate::render::header::{self, ICON_INSET, ICON_RADIUS};
use crate::render::pieces::{self, QUEEN};
use crate::render::theme::{AmbitTheme, PieceTheme, Theme};

/// The pieces' size on a square and on a mini ghost.
const PIECE_PX: f32 = 62.0;
const MINI_PIECE_PX: f32 = 21.0;
/// Anti-aliasing steps of piece and mark edges: the palette has room for a handful of ramps.
const LEVELS: usize = 4;

/// The words drawn into art: the rack's letters, the count badges, the unanchored badge.
const RACK_LETTER: TextStyle = TextStyle::new(Face::Bold, 26.0);
const COUNT: TextStyle = TextStyle::new(Face::Bold, 13.0);
const BADGE_SYMBOL: TextStyle = TextStyle::new(Face::Regular, 21.0);

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
pub(super) struct Art<'a> {
    theme: &'a Theme,
    fonts: &'a Fonts,
    layout: Layout,
    pieces: Vec<PieceMasks>,
    mini_pieces: Vec<PieceMasks>,
}

impl<'a> Art<'a> {
    pub(super) fn new(theme: &'a Theme, fonts: &'a Fonts, layout: Layout) -> Self {
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

    pub(super) fn ground(&self, ground: Ground, dark: bool) -> Rgb {
        let a = self.colours();
        let light_and_dark = match ground {
            Ground::Outside => a.outside,
            Ground::Open => a.open,
            Ground::Covered => a.covered,
            Ground::Offending => a.offending,
        };
        light_and_dark[usize::from(dark)]
    }

    /// Every colour pair the art blends, registered before anything is quantised so that
    /// anti-aliased edges find their exact ramp entries; the ramps for the header's words
    /// (title, caption, solved caption) are returned.
    pub(super) fn register(
        &self,
        palette: &mut Palette,
    ) -> Result<(Ramp, Ramp, Ramp), RenderError> {
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

    pub(super) fn tile(&self, ground: Ground, dark: bool, content: Content) -> ArtCanvas {
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

    /// Every tile, in [`super::tile_index`] order: by ground, square colour, then content.
    pub(super) fn tiles(&self) -> impl Iterator<Item = ArtCanvas> + '_ {
        GROUNDS.into_iter().flat_map(move |ground| {
            [false, true].into_iter().flat_map(move |dark| {
                Content::all()
                    .into_iter()
                    .map(move |content| self.tile(ground, dark, content))
            })
        })
    }

    /// A coverage dot of each marker colour, on a covered square of colour `ground`.
    pub(super) fn dots(&self, ground: Rgb, size: u32, radius: f32) -> Vec<ArtCanvas> {
        let markers = &self.colours().markers;
        markers
            .iter()
            .map(|&colour| self.dot(ground, colour, size, radius))
            .collect()
    }

    /// The count badges 2 to 9 and "+", on a covered square of colour `ground`.
    pub(super) fn counts(&self, ground: Rgb) -> Vec<ArtCanvas> {
        let ink = self.colours().ink;
        ["2", "3", "4", "5", "6", "7", "8", "9", "+"]
            .iter()
            .map(|text| self.badge(ground, ink, text, BADGE_SPRITE))
            .collect()
    }

    /// A small ghost of every piece, by ground slot (ground, square colour) then piece.
    pub(super) fn mini_ghosts(&self) -> Vec<ArtCanvas> {
        let mut ghosts = Vec::with_capacity(GROUNDS.len() * 2 * Piece::ALL.len());
        for ground in GROUNDS {
            for dark in [false, true] {
                for piece in Piece::ALL {
                    ghosts.push(self.mini_ghost(self.ground(ground, dark), piece));
                }
            }
        }
        ghosts
    }

    /// A coverage dot in `colour` with a dark rim, on a square of colour `ground`.
    pub(super) fn dot(&self, ground: Rgb, colour: Rgb, size: u32, radius: f32) -> ArtCanvas {
        let mut art = ArtCanvas::new(size, size, ground);
        let c = size as f32 / 2.0;
        art.fill_circle(c, c, radius, self.colours().ink, 1.0);
        art.fill_circle(c, c, radius - 1.6, colour, 1.0);
        art
    }

    /// A round badge of `colour` holding `text`.
    pub(super) fn badge(&self, ground: Rgb, colour: Rgb, text: &str, size: u32) -> ArtCanvas {
        let mut art = ArtCanvas::new(size, size, ground);
        let c = size as f32 / 2.0;
        art.fill_circle(c, c, c - 1.0, colour, 1.0);
        let style = if text == ANCHOR { BADGE_SYMBOL } else { COUNT };
        let ink = self.colours().badge_text;
        self.fonts.draw_centred(&mut art, style, text, (c, c), ink);
        art
    }

    /// A solution piece in miniature, in a corner of a square that holds another piece.
    pub(super) fn mini_ghost(&self, ground: Rgb, piece: Piece) -> ArtCanvas {
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
    pub(super) fn star(&self, ground: Rgb, size: u32, fill: Rgb, edge: Option<Rgb>) -> ArtCanvas {
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

    /// A stopwatch in `colour` on `ground`, `size` square: a ring with a crown and a hand,
    /// drawn rather than a glyph, so that no font needs the symbol.
    pub(super) fn stopwatch(&self, ground: Rgb, colour: Rgb, size: u32) -> ArtCanvas {
        let mut art = ArtCanvas::new(size, size, ground);
        let s = size as f32;
        let (cx, cy) = (s / 2.0, s / 2.0 + 2.0);
        let radius = s / 2.0 - 3.0;
        art.fill_circle(cx, cy, radius, colour, 1.0);
        art.fill_circle(cx, cy, radius - 2.5, ground, 1.0);
        // The crown on top and the hand at ten past.
        art.fill_rect((cx - 2.0) as i32, 0, 4, 3, colour);
        art.stroke_line((cx, 3.0), (cx, cy - radius + 1.0), 2.0, colour);
        let hand = (cx + radius * 0.45, cy - radius * 0.45);
        art.stroke_line((cx, cy), hand, 2.2, colour);
        art.fill_circle(cx, cy, 1.8, colour, 1.0);
        art
    }

    /// The header panel: a plate with the icon, and an accent edge when the puzzle is over.
    pub(super) fn panel(&self, accent: Option<Rgb>) -> ArtCanvas {
        let width = self.layout.width - 2 * PAD;
        let colours = &self.theme.pieces;
        let icon_x = ICON_INSET + ICON_RADIUS;
        header::plate(self.theme, width, icon_x, accent, &|art, (x, y), px| {
            pieces::draw_outlined(
                art,
                self.fonts,
                colours,
                QUEEN,
                Side::White,
                (x, y + 1.0),
                px,
            );
        })
    }

    /// The picture without squares, header contents or marks, for `stage`.
    pub(super) fn background(&self, stage: Stage) -> ArtCanvas {
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
