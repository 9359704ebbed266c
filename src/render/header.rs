//! The band above a board: a panel a player (piece icon, name, score, turn marker) and a
//! caption line. The panels follow the board: White's on the left as White plays from the
//! bottom, Black's on the left when the board is flipped. Panels are prepared once per side,
//! end and state; names, scores and the caption are drawn per picture from the glyph cache,
//! so no word is ever baked into an image.

use crate::games::{Side, Status};

use super::RenderError;
use super::canvas::{ArtCanvas, Indexed, Palette, Ramp, Rgb};
use super::font::{Face, Fonts, GlyphCache, TextStyle};
use super::theme::Theme;

/// Height of the band.
pub const HEIGHT: u32 = 106;

/// The panels' geometry, shared with AMBIT's one wide panel so the two headers look alike.
pub(super) const PAD: u32 = 14;
pub(super) const PANEL_Y: u32 = 12;
pub(super) const PANEL_H: u32 = 56;
pub(super) const ICON_RADIUS: f32 = 21.0;
pub(super) const ICON_INSET: f32 = 10.0;
const GAP: u32 = 12;
const RADIUS: f32 = 11.0;
const MARKER_RADIUS: f32 = 5.5;
/// From the panel's outer edge to where the name starts (past the icon and the marker).
const NAME_INSET: i32 = 86;
const SCORE_INSET: i32 = 16;
const CAPTION_BASELINE: i32 = 95;
/// With a detail line the caption moves up and the detail sits under it, in the empty top
/// margin above the board (which has no coordinates and the band's colour).
const CAPTION_OVER_DETAIL_BASELINE: i32 = 90;
const DETAIL_BASELINE: i32 = 114;

const NAME: TextStyle = TextStyle::new(Face::Bold, 21.0);
const SCORE: TextStyle = TextStyle::new(Face::Bold, 28.0);
pub(super) const CAPTION: TextStyle = TextStyle::new(Face::Regular, 18.0);
const DETAIL: TextStyle = TextStyle::new(Face::Bold, 16.0);

/// What one player's panel shows.
#[derive(Clone, Copy, Debug)]
pub struct Player<'a> {
    pub name: &'a str,
    /// `None` for games without points.
    pub score: Option<u32>,
}

/// Which panel is singled out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    None,
    Turn(Side),
    Winner(Side),
}

impl Marker {
    /// The panel a picture of a game in `status` singles out: the winner's once it is over,
    /// else `mover`'s unless `hide_turn`.
    pub fn of(status: Status, mover: Side, hide_turn: bool) -> Marker {
        match status {
            Status::Ongoing if hide_turn => Marker::None,
            Status::Ongoing => Marker::Turn(mover),
            Status::Over(outcome) => outcome.winner.map_or(Marker::None, Marker::Winner),
        }
    }
}

/// Draws a side's piece icon centred on a point at a size; supplied by each game.
pub type IconPainter<'a> = &'a dyn Fn(&mut ArtCanvas, Side, (f32, f32), f32);

/// Draws a panel's icon centred on a point at a size (see [`plate`]).
pub(super) type PlateIcon<'a> = &'a dyn Fn(&mut ArtCanvas, (f32, f32), f32);

#[derive(Debug)]
pub struct Header {
    width: u32,
    panel_width: u32,
    /// By side, then end of the band (left, right: the icon always at the outer end), then
    /// plain / turn / winner.
    panels: [[[Indexed; 3]; 2]; 2],
    name: Ramp,
    score: Ramp,
    caption: Ramp,
    detail: Ramp,
    name_baseline: i32,
    score_baseline: i32,
}

impl Header {
    /// Prepares the panels for a picture `width` pixels wide.
    pub fn new(
        palette: &mut Palette,
        theme: &Theme,
        glyphs: &GlyphCache,
        width: u32,
        icon: IconPainter<'_>,
    ) -> Result<Self, RenderError> {
        let colours = &theme.header;
        let levels = 8;
        palette.ramp(colours.background, colours.panel, levels)?;
        for accent in [colours.turn, colours.winner] {
            palette.ramp(colours.background, accent, levels)?;
            palette.ramp(colours.panel, accent, levels)?;
        }
        palette.ramp(colours.panel, colours.icon_disc, levels)?;
        // Names, and the caption and detail that quote them, draw emoji in colour.
        let name = palette.text_ramp(colours.panel, colours.name, 16)?;
        let score = palette.ramp(colours.panel, colours.score, 16)?;
        let caption = palette.text_ramp(colours.background, colours.caption, 16)?;
        let detail = palette.text_ramp(colours.background, colours.detail, 16)?;

        let panel_width = width.saturating_sub(2 * PAD + GAP) / 2;
        let panel = |side: Side, end: End, accent: Option<Rgb>| {
            panel_art(theme, panel_width, side, end, accent, icon).quantise(palette)
        };
        let panels = [Side::White, Side::Black].map(|side| {
            [End::Left, End::Right].map(|end| {
                [
                    panel(side, end, None),
                    panel(side, end, Some(colours.turn)),
                    panel(side, end, Some(colours.winner)),
                ]
            })
        });

        // Names and scores are mostly ASCII; rasterising it now keeps first renders fast.
        let ascii: String = (' '..='~').collect();
        for style in [NAME, SCORE, CAPTION, DETAIL] {
            glyphs.warm(style, &ascii);
            glyphs.warm(style, "…");
        }
        let centre = (PANEL_Y + PANEL_H / 2) as f32;
        let fonts: &Fonts = glyphs.fonts();
        Ok(Self {
            width,
            panel_width,
            panels,
            name,
            score,
            caption,
            detail,
            name_baseline: (centre + fonts.cap_height(NAME) / 2.0).round() as i32,
            score_baseline: (centre + fonts.cap_height(SCORE) / 2.0).round() as i32,
        })
    }

    /// Which side's panel stands at each end of the band: the side playing from the bottom
    /// of the board on the left, so `flip` (Black at the bottom) puts Black's there.
    pub(super) fn sides(flip: bool) -> [(End, Side); 2] {
        if flip {
            [(End::Left, Side::Black), (End::Right, Side::White)]
        } else {
            [(End::Left, Side::White), (End::Right, Side::Black)]
        }
    }

    /// Draws the header into the band at the top of `frame`: the panels (White's on the
    /// left, Black's when `flip`), the caption and, if `detail` is not empty, a second line
    /// under it. `players` are White and Black.
    pub fn draw(
        &self,
        frame: &mut Indexed,
        glyphs: &GlyphCache,
        players: [Player<'_>; 2],
        marker: Marker,
        (caption, detail): (&str, &str),
        flip: bool,
    ) {
        for (end, side) in Self::sides(flip) {
            let state = match marker {
                Marker::Turn(s) if s == side => 1,
                Marker::Winner(s) if s == side => 2,
                _ => 0,
            };
            let x = match end {
                End::Left => PAD,
                End::Right => PAD + self.panel_width + GAP,
            } as i32;
            let panel = &self.panels[side.index()][end as usize][state];
            frame.blit(panel, x, PANEL_Y as i32);
            self.draw_player(frame, glyphs, end, x, players[side.index()]);
        }
        let detail = glyphs.fit(DETAIL, detail, self.text_width());
        let baseline = if detail.is_empty() {
            CAPTION_BASELINE
        } else {
            self.draw_centred(
                frame,
                glyphs,
                DETAIL,
                &detail,
                DETAIL_BASELINE,
                &self.detail,
            );
            CAPTION_OVER_DETAIL_BASELINE
        };
        let caption = glyphs.fit(CAPTION, caption, self.text_width());
        self.draw_centred(frame, glyphs, CAPTION, &caption, baseline, &self.caption);
    }

    fn text_width(&self) -> f32 {
        self.width.saturating_sub(2 * PAD) as f32
    }

    fn draw_centred(
        &self,
        frame: &mut Indexed,
        glyphs: &GlyphCache,
        style: TextStyle,
        text: &str,
        baseline: i32,
        ramp: &Ramp,
    ) {
        let run = glyphs.run(style, text);
        let x = ((self.width as f32 - run.width) / 2.0).round() as i32;
        run.draw(frame, x, baseline, ramp);
    }

    fn draw_player(
        &self,
        frame: &mut Indexed,
        glyphs: &GlyphCache,
        end: End,
        x: i32,
        player: Player<'_>,
    ) {
        let right = x + self.panel_width as i32;
        let score = player.score.map(|s| glyphs.run(SCORE, &s.to_string()));
        let score_width = score.as_ref().map_or(0, |run| run.width.ceil() as i32 + 14);
        // The name gets what the icon, marker and score leave of the panel.
        let room = (self.panel_width as i32 - NAME_INSET - SCORE_INSET - score_width).max(0);
        let name = glyphs.fit(NAME, player.name, room as f32);
        let name = glyphs.run(NAME, &name);
        match end {
            End::Left => {
                name.draw(frame, x + NAME_INSET, self.name_baseline, &self.name);
                if let Some(run) = score {
                    let at = right - SCORE_INSET - run.width.round() as i32;
                    run.draw(frame, at, self.score_baseline, &self.score);
                }
            }
            End::Right => {
                let at = right - NAME_INSET - name.width.round() as i32;
                name.draw(frame, at, self.name_baseline, &self.name);
                if let Some(run) = score {
                    run.draw(frame, x + SCORE_INSET, self.score_baseline, &self.score);
                }
            }
        }
    }
}

/// An end of the band, where a panel stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum End {
    Left = 0,
    Right = 1,
}

/// One panel: rounded plate, `side`'s piece icon on a disc at the outer end (which is on the
/// left for the panel at the band's left `end`), and, when singled out, an accent edge and a
/// marker dot between icon and name.
fn panel_art(
    theme: &Theme,
    width: u32,
    side: Side,
    end: End,
    accent: Option<Rgb>,
    icon: IconPainter<'_>,
) -> ArtCanvas {
    let icon_x = match end {
        End::Left => ICON_INSET + ICON_RADIUS,
        End::Right => width as f32 - ICON_INSET - ICON_RADIUS,
    };
    let mut art = plate(theme, width, icon_x, accent, &|art, at, px| {
        icon(art, side, at, px)
    });
    if let Some(accent) = accent {
        let marker_x = match end {
            End::Left => icon_x + ICON_RADIUS + 14.0,
            End::Right => icon_x - ICON_RADIUS - 14.0,
        };
        art.fill_circle(marker_x, PANEL_H as f32 / 2.0, MARKER_RADIUS, accent, 1.0);
    }
    art
}

/// A panel's plate, `width` wide: rounded, an icon drawn by `icon` (given its centre and
/// size) on a disc centred `icon_x` from the left, and an `accent` edge if any.
pub(super) fn plate(
    theme: &Theme,
    width: u32,
    icon_x: f32,
    accent: Option<Rgb>,
    icon: PlateIcon<'_>,
) -> ArtCanvas {
    let colours = &theme.header;
    let mut art = ArtCanvas::new(width, PANEL_H, colours.background);
    let plate = (0.0, 0.0, width as f32, PANEL_H as f32);
    art.fill_rounded_rect(plate, RADIUS, colours.panel);
    let mid = PANEL_H as f32 / 2.0;
    art.fill_circle(icon_x, mid, ICON_RADIUS, colours.icon_disc, 1.0);
    icon(&mut art, (icon_x, mid), ICON_RADIUS * 1.6);
    if let Some(accent) = accent {
        art.stroke_rounded_rect(plate, RADIUS, 2.5, accent);
    }
    art
}
