//! Every colour of every picture. Nothing else in the renderer names a colour, so a new theme
//! (or a colour-blind-friendly one) is a new value of [`Theme`] and nothing more.

pub use super::canvas::Rgb;

#[derive(Clone, Copy, Debug)]
pub struct Theme {
    pub frame: FrameTheme,
    pub header: HeaderTheme,
    pub pieces: PieceTheme,
    pub knight_fight: KnightFightTheme,
}

/// Around the board: the surround and the coordinates.
#[derive(Clone, Copy, Debug)]
pub struct FrameTheme {
    pub background: Rgb,
    /// A thin line framing the board squares.
    pub border: Rgb,
    pub coordinates: Rgb,
}

/// The band above the board: one panel a player, and the caption.
#[derive(Clone, Copy, Debug)]
pub struct HeaderTheme {
    pub background: Rgb,
    pub panel: Rgb,
    /// The panel edge of a player who is not to move.
    pub panel_edge: Rgb,
    /// The edge and marker of the player to move.
    pub turn: Rgb,
    /// The edge and marker of the winner of a finished game.
    pub winner: Rgb,
    pub name: Rgb,
    pub score: Rgb,
    pub caption: Rgb,
    /// The disc behind a player's piece icon.
    pub icon_disc: Rgb,
}

/// Piece colours shared by the games with white and black pieces.
#[derive(Clone, Copy, Debug)]
pub struct PieceTheme {
    pub white_fill: Rgb,
    pub white_line: Rgb,
    pub black_fill: Rgb,
}

#[derive(Clone, Copy, Debug)]
pub struct KnightFightTheme {
    pub light: Rgb,
    pub dark: Rgb,
    pub number: Rgb,
    /// Numbers of the doubles 00, 11, ..., 99, which block a chosen double when landed on.
    pub double_number: Rgb,
    /// A blocked square: a hole in the board, the colour of the surround but a shade lighter.
    pub blocked: Rgb,
    pub blocked_number: Rgb,
    pub blocked_double_number: Rgb,
    /// The disc behind a square the side to move may jump to, and how strongly it shows.
    pub target: Rgb,
    pub target_strength: f32,
    /// The tint of the square the last move landed on, and how strongly it shows.
    pub last_move: Rgb,
    pub last_move_strength: f32,
    /// The frame of the square the last move left (now a hole).
    pub last_from: Rgb,
    /// The mark on the square the last move blocked (mirror number or chosen double).
    pub last_blocked: Rgb,
}

impl Theme {
    pub const DEFAULT: Theme = Theme {
        frame: FrameTheme {
            background: Rgb(0x23, 0x27, 0x2f),
            border: Rgb(0x14, 0x17, 0x1c),
            coordinates: Rgb(0x9a, 0xa4, 0xb4),
        },
        header: HeaderTheme {
            background: Rgb(0x23, 0x27, 0x2f),
            panel: Rgb(0x30, 0x36, 0x41),
            panel_edge: Rgb(0x3b, 0x42, 0x4f),
            turn: Rgb(0x5c, 0xc8, 0x8b),
            winner: Rgb(0xf0, 0xc0, 0x4a),
            name: Rgb(0xf1, 0xf3, 0xf6),
            score: Rgb(0xf1, 0xf3, 0xf6),
            caption: Rgb(0xc6, 0xcd, 0xd8),
            icon_disc: Rgb(0x8e, 0x98, 0xa8),
        },
        pieces: PieceTheme {
            white_fill: Rgb(0xfb, 0xfb, 0xf8),
            white_line: Rgb(0x17, 0x1a, 0x20),
            black_fill: Rgb(0x17, 0x1a, 0x20),
        },
        knight_fight: KnightFightTheme {
            light: Rgb(0xee, 0xe3, 0xcc),
            dark: Rgb(0xcf, 0xb2, 0x8a),
            number: Rgb(0x2a, 0x22, 0x1a),
            double_number: Rgb(0x9c, 0x2f, 0x2a),
            blocked: Rgb(0x33, 0x38, 0x42),
            blocked_number: Rgb(0x5f, 0x67, 0x75),
            blocked_double_number: Rgb(0x7a, 0x5a, 0x5e),
            target: Rgb(0x3f, 0xa8, 0x6b),
            target_strength: 0.42,
            last_move: Rgb(0xf2, 0xc9, 0x2e),
            last_move_strength: 0.55,
            last_from: Rgb(0xd9, 0xb8, 0x3a),
            last_blocked: Rgb(0xe0, 0x6a, 0x55),
        },
    };
}

impl Default for Theme {
    fn default() -> Self {
        Self::DEFAULT
    }
}
