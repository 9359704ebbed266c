//! Board geometry and the prepared background of any rectangular board: the surround, the
//! header band, the frame line and the coordinates, in both orientations.

use crate::games::{BoardSize, Side, Square};

use super::RenderError;
use super::canvas::{ArtCanvas, Indexed, Palette, Rgb};
use super::font::{Face, Fonts, GlyphCache, TextStyle};
use super::header::Header;
use super::theme::Theme;

const COORDINATES: TextStyle = TextStyle::new(Face::Bold, 15.0);

/// Where everything sits in a picture of a board.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub size: BoardSize,
    /// Side of one square in pixels.
    pub square: u32,
    /// Space around the board, holding the coordinates.
    pub margin: u32,
    /// Height of the header band above the board area.
    pub header: u32,
    pub width: u32,
    pub height: u32,
}

impl Layout {
    pub fn new(size: BoardSize, square: u32, margin: u32, header: u32) -> Self {
        Self {
            size,
            square,
            margin,
            header,
            width: 2 * margin + size.files as u32 * square,
            height: header + 2 * margin + size.ranks as u32 * square,
        }
    }

    pub fn board_x(&self) -> u32 {
        self.margin
    }

    pub fn board_y(&self) -> u32 {
        self.header + self.margin
    }

    /// The column and row (from the top left) `square` is drawn in.
    pub fn cell(&self, square: Square, flip: bool) -> (u32, u32) {
        let (files, ranks) = (self.size.files as u32, self.size.ranks as u32);
        let (file, rank) = (square.file as u32, square.rank as u32);
        if flip {
            (files - 1 - file, rank)
        } else {
            (file, ranks - 1 - rank)
        }
    }

    /// The top-left pixel of `square`.
    pub fn square_origin(&self, square: Square, flip: bool) -> (i32, i32) {
        let (column, row) = self.cell(square, flip);
        (
            (self.board_x() + column * self.square) as i32,
            (self.board_y() + row * self.square) as i32,
        )
    }

    /// Whether `square` takes the dark colour of a checkered board (a1 is dark, as in chess).
    pub fn is_dark(square: Square) -> bool {
        (square.file + square.rank).is_multiple_of(2)
    }
}

/// Registers the colours [`draw_background`] uses.
pub fn register(palette: &mut Palette, theme: &Theme) -> Result<(), RenderError> {
    palette.ramp(theme.frame.background, theme.frame.coordinates, 8)?;
    palette.add(theme.frame.border)?;
    palette.add(theme.header.background)?;
    Ok(())
}

/// The two backgrounds of a two-player board, unflipped and flipped, in `palette` (which
/// must hold the colours [`register`] adds).
pub fn backgrounds(
    layout: &Layout,
    theme: &Theme,
    fonts: &Fonts,
    palette: &Palette,
) -> [Indexed; 2] {
    [false, true].map(|flip| draw_background(layout, theme, fonts, flip).quantise(palette))
}

/// The whole picture without squares, header contents or pieces: the surround, header band,
/// the frame around the squares and the file letters and rank numbers.
pub fn draw_background(layout: &Layout, theme: &Theme, fonts: &Fonts, flip: bool) -> ArtCanvas {
    let mut art = ArtCanvas::new(layout.width, layout.height, theme.frame.background);
    // The band's colour reaches down to the board: the header's detail line sits in the top
    // margin, which holds no coordinates.
    let band = layout.header + layout.margin;
    art.fill_rect(0, 0, layout.width, band, theme.header.background);
    let (bx, by) = (layout.board_x() as i32, layout.board_y() as i32);
    let (bw, bh) = (
        layout.size.files as u32 * layout.square,
        layout.size.ranks as u32 * layout.square,
    );
    art.fill_rect(bx - 2, by - 2, bw + 4, bh + 4, theme.frame.border);

    let square = layout.square as f32;
    let margin = layout.margin as f32;
    let x_height = fonts.x_height(COORDINATES);
    for file in 0..layout.size.files {
        let (column, _) = layout.cell(Square::new(file, 0), flip);
        let cx = bx as f32 + (column as f32 + 0.5) * square;
        // One baseline for all letters, so ascenders and descenders do not make them dance.
        let baseline = ((by + bh as i32) as f32 + (margin + x_height) / 2.0).round();
        let letter = Square::new(file, 0).file_char().to_string();
        fonts.draw_h_centred(
            &mut art,
            COORDINATES,
            &letter,
            (cx, baseline),
            theme.frame.coordinates,
        );
    }
    for rank in 0..layout.size.ranks {
        let (_, row) = layout.cell(Square::new(0, rank), flip);
        let cy = by as f32 + (row as f32 + 0.5) * square;
        let cx = margin / 2.0;
        fonts.draw_centred(
            &mut art,
            COORDINATES,
            &(rank + 1).to_string(),
            (cx, cy),
            theme.frame.coordinates,
        );
    }
    art
}

/// What a game whose every square look is a ready tile (Knight Fight, Glacier) adds to its
/// [`TiledArt`]: the piece of the header's icons, and the tiles.
pub trait Tiling {
    /// Registers the colours of the header's icon on its disc.
    fn register_icon(&self, palette: &mut Palette, disc: Rgb) -> Result<(), RenderError>;
    /// Draws the header's icon of `side`, `px` tall, centred on `centre`.
    fn icon(&self, art: &mut ArtCanvas, side: Side, centre: (f32, f32), px: f32);
    /// Registers every colour the tiles blend, before any art is quantised.
    fn register(&self, palette: &mut Palette) -> Result<(), RenderError>;
    /// Every tile, in the order the game indexes them.
    fn build(&self, palette: &mut Palette) -> Result<Vec<Indexed>, RenderError>;
}

/// The prepared art of a tiled board: its layout, palette, both backgrounds, its tiles and
/// the header.
#[derive(Debug)]
pub struct TiledArt {
    pub layout: Layout,
    pub plte: Vec<u8>,
    /// Unflipped and flipped.
    pub backgrounds: [Indexed; 2],
    pub tiles: Vec<Indexed>,
    pub header: Header,
}

/// What a board's tiles are drawn with: the theme and the fonts.
pub struct TileInk<'a> {
    pub theme: &'a Theme,
    pub fonts: &'a Fonts,
}

impl TiledArt {
    /// Prepares a board of `size` squares of `square` pixels inside `margin`, under the
    /// header, with the tiles that `tiling` makes from the theme's ink.
    pub fn on_board<'a, T: Tiling>(
        size: BoardSize,
        square: u32,
        margin: u32,
        theme: &'a Theme,
        glyphs: &'a GlyphCache,
        tiling: impl FnOnce(TileInk<'a>) -> T,
    ) -> Result<Self, RenderError> {
        let layout = Layout::new(size, square, margin, super::header::HEIGHT);
        let tiling = tiling(TileInk {
            theme,
            fonts: glyphs.fonts(),
        });
        Self::new(layout, theme, glyphs, &tiling)
    }

    /// Prepares the board of `layout` with the tiles of `tiling`. The palette fills in a
    /// fixed order (frame, icon, header, tiles).
    pub fn new(
        layout: Layout,
        theme: &Theme,
        glyphs: &GlyphCache,
        tiling: &impl Tiling,
    ) -> Result<Self, RenderError> {
        let mut palette = Palette::new();
        register(&mut palette, theme)?;
        tiling.register_icon(&mut palette, theme.header.icon_disc)?;
        let icon = |art: &mut ArtCanvas, side: Side, centre: (f32, f32), px: f32| {
            tiling.icon(art, side, centre, px);
        };
        let header = Header::new(&mut palette, theme, glyphs, layout.width, &icon)?;
        tiling.register(&mut palette)?;
        let backgrounds = backgrounds(&layout, theme, glyphs.fonts(), &palette);
        let tiles = tiling.build(&mut palette)?;
        Ok(Self {
            layout,
            plte: palette.png_bytes(),
            backgrounds,
            tiles,
            header,
        })
    }
}
