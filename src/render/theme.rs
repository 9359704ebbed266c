//! Every colour of every picture. Nothing else in the renderer names a colour, so a new theme
//! (or a colour-blind-friendly one) is a new value of [`Theme`] and nothing more.

pub use super::canvas::Rgb;

#[derive(Clone, Copy, Debug)]
pub struct Theme {
    pub frame: FrameTheme,
    pub header: HeaderTheme,
    pub pieces: PieceTheme,
    pub knight_fight: KnightFightTheme,
    pub glacier: GlacierTheme,
    pub ambit: AmbitTheme,
    pub chesimals: ChesimalsTheme,
    pub review: ReviewTheme,
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
    /// The second line under the caption: the game's own news.
    pub detail: Rgb,
    /// The disc behind a player's piece icon.
    pub icon_disc: Rgb,
}

/// Piece colours shared by the games with white and black pieces.
#[derive(Clone, Copy, Debug)]
pub struct PieceTheme {
    pub white_fill: Rgb,
    pub white_line: Rgb,
    pub black_fill: Rgb,
    /// The light rim that keeps black pieces readable on dark squares (games drawn with
    /// `pieces::draw_outlined`).
    pub black_line: Rgb,
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

#[derive(Clone, Copy, Debug)]
pub struct GlacierTheme {
    pub light: Rgb,
    pub dark: Rgb,
    /// An ice block: the sides and shadow of the cube, its top face, the shine of its facets
    /// and highlight, and the deep blue of its cracks.
    pub ice_rim: Rgb,
    pub ice_face: Rgb,
    pub ice_shine: Rgb,
    pub ice_deep: Rgb,
    /// The tint of the squares the last move touched, and how strongly it shows.
    pub last_move: Rgb,
    pub last_move_strength: f32,
    /// The glow under a king in check, and how strong it is at its centre.
    pub check: Rgb,
    pub check_strength: f32,
    /// The frame and badge of a square that froze in the Ice Age just played, and the
    /// snowflake on the badge.
    pub new_ice: Rgb,
    pub new_ice_flake: Rgb,
    /// The light frost over a square the next Ice Age would turn to ice if it came now.
    pub frost: Rgb,
}

/// The AMBIT puzzle: a quiet grey board under the yellow and orange footprint, one colour a
/// placed piece.
#[derive(Clone, Copy, Debug)]
pub struct AmbitTheme {
    /// Squares outside the puzzle footprint: light and dark.
    pub outside: [Rgb; 2],
    /// Footprint squares no piece covers yet, light and dark: what is left to do stands out
    /// most.
    pub open: [Rgb; 2],
    /// Footprint squares already covered, light and dark, calmer than the open ones.
    pub covered: [Rgb; 2],
    /// Squares a refused placement reached outside the footprint (light and dark), and the
    /// cross on them.
    pub offending: [Rgb; 2],
    pub offending_cross: Rgb,
    /// The rim of placed pieces and coverage dots, and the disc of count badges.
    pub ink: Rgb,
    /// One colour a placed piece, in the order placed (repeating after the last): the
    /// piece's fill and the dots it leaves on the squares it covers.
    pub markers: [Rgb; 8],
    /// Digits and symbols on badges.
    pub badge_text: Rgb,
    /// The badge of an unanchored piece.
    pub unanchored: Rgb,
    /// Ghost pieces of a shown solution: body and outline.
    pub solution_fill: Rgb,
    pub solution_line: Rgb,
    /// The ghost of a refused placement: body and outline.
    pub attempt_fill: Rgb,
    pub attempt_line: Rgb,
    /// Lives in the header: left and lost.
    pub life: Rgb,
    pub life_lost: Rgb,
    /// The header's edge when all lives are lost.
    pub lost: Rgb,
    /// A solved puzzle: the frame, ribbon and caption, the ribbon's shade and its stars.
    pub gold: Rgb,
    pub gold_shade: Rgb,
    pub gold_star: Rgb,
    pub confetti: [Rgb; 4],
    /// The rack under the board.
    pub rack_plate: Rgb,
    pub rack_letter: Rgb,
}

/// A game's review graph (the rest is the header's colours): White's share of the winning
/// chance, and the dots of the marked turns in lichess's colours, which players know.
#[derive(Clone, Copy, Debug)]
pub struct ReviewTheme {
    pub white_area: Rgb,
    pub inaccuracy: Rgb,
    pub mistake: Rgb,
    pub blunder: Rgb,
}

/// Chesimals I, II and Critters: a calm board under units drawn as discs in their chesimal's
/// colour, with a letter for the unit type.
#[derive(Clone, Copy, Debug)]
pub struct ChesimalsTheme {
    pub light: Rgb,
    pub dark: Rgb,
    /// Critters' green squares, on light and dark.
    pub green_light: Rgb,
    pub green_dark: Rgb,
    /// The last turn's trails: the tint of the squares the units left and reached (and how
    /// strongly it shows), the line between them and its edge.
    pub trail: Rgb,
    pub trail_strength: f32,
    pub trail_line: Rgb,
    pub trail_edge: Rgb,
    /// The rim of every unit.
    pub outline: Rgb,
    /// Unit fills by chesimal, in `Colour::ALL` order: yellow, white, grey, orange (White),
    /// green, blue, red, purple (Black).
    pub units: [Rgb; 8],
    /// Critters unit fills: White, Black.
    pub critters: [Rgb; 2],
    /// Unit letters on White's (light) and Black's (dark) fills.
    pub letter_on_light: Rgb,
    pub letter_on_dark: Rgb,
    /// The ring that marks a Chief or brain.
    pub chief_ring: Rgb,
    /// A leaderless unit: its fill mixed towards `leaderless` by `leaderless_strength`, with
    /// a faded letter.
    pub leaderless: Rgb,
    pub leaderless_strength: f32,
    pub leaderless_letter: Rgb,
    /// The badge on a unit that already moved this turn.
    pub moved: Rgb,
    /// Where a unit asked about (`moves e14`) may go: a dot on an empty square, the ground
    /// round a unit it would take.
    pub target: Rgb,
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
            detail: Rgb(0x8c, 0xc8, 0xf0),
            icon_disc: Rgb(0x8e, 0x98, 0xa8),
        },
        pieces: PieceTheme {
            white_fill: Rgb(0xfb, 0xfb, 0xf8),
            white_line: Rgb(0x17, 0x1a, 0x20),
            black_fill: Rgb(0x17, 0x1a, 0x20),
            black_line: Rgb(0xf3, 0xef, 0xe6),
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
        glacier: GlacierTheme {
            light: Rgb(0xec, 0xda, 0xb9),
            dark: Rgb(0xb5, 0x88, 0x63),
            ice_rim: Rgb(0x7f, 0xb4, 0xd8),
            ice_face: Rgb(0xcf, 0xea, 0xf8),
            ice_shine: Rgb(0xfb, 0xfe, 0xff),
            ice_deep: Rgb(0x4a, 0x8c, 0xbf),
            last_move: Rgb(0xf2, 0xc9, 0x2e),
            last_move_strength: 0.5,
            check: Rgb(0xe8, 0x24, 0x1c),
            check_strength: 0.95,
            new_ice: Rgb(0x1a, 0x78, 0xe6),
            new_ice_flake: Rgb(0xff, 0xff, 0xff),
            frost: Rgb(0xd8, 0xf0, 0xff),
        },
        ambit: AmbitTheme {
            outside: [Rgb(0xe9, 0xe8, 0xe4), Rgb(0xcc, 0xca, 0xc4)],
            open: [Rgb(0xff, 0xd4, 0x5c), Rgb(0xf7, 0xb2, 0x3b)],
            covered: [Rgb(0xfb, 0xe4, 0xae), Rgb(0xf0, 0xcc, 0x8c)],
            offending: [Rgb(0xef, 0x5b, 0x55), Rgb(0xd9, 0x40, 0x3d)],
            offending_cross: Rgb(0xff, 0xe8, 0xe4),
            ink: Rgb(0x1d, 0x21, 0x29),
            markers: [
                Rgb(0x2f, 0x6f, 0xe0),
                Rgb(0xe0, 0x45, 0x7f),
                Rgb(0x10, 0x9e, 0x8a),
                Rgb(0x9b, 0x4f, 0xd0),
                Rgb(0x5a, 0xa8, 0x2c),
                Rgb(0x22, 0xb0, 0xe6),
                Rgb(0x8d, 0x5b, 0x2c),
                Rgb(0x6b, 0x72, 0x80),
            ],
            badge_text: Rgb(0xff, 0xff, 0xff),
            unanchored: Rgb(0x7d, 0x83, 0x8f),
            solution_fill: Rgb(0xec, 0xe7, 0xff),
            solution_line: Rgb(0x4b, 0x3c, 0xb0),
            attempt_fill: Rgb(0xff, 0xe5, 0xe2),
            attempt_line: Rgb(0xd3, 0x2f, 0x2f),
            life: Rgb(0x5c, 0xc8, 0x8b),
            life_lost: Rgb(0x5f, 0x67, 0x75),
            lost: Rgb(0xe0, 0x56, 0x4f),
            gold: Rgb(0xf0, 0xc0, 0x4a),
            gold_shade: Rgb(0xc2, 0x8a, 0x22),
            gold_star: Rgb(0xff, 0xfb, 0xea),
            confetti: [
                Rgb(0xf0, 0xc0, 0x4a),
                Rgb(0xe0, 0x45, 0x7f),
                Rgb(0x3a, 0x9b, 0xe8),
                Rgb(0x5c, 0xc8, 0x8b),
            ],
            rack_plate: Rgb(0x30, 0x36, 0x41),
            rack_letter: Rgb(0xf1, 0xf3, 0xf6),
        },
        chesimals: ChesimalsTheme {
            light: Rgb(0xdf, 0xdb, 0xd0),
            dark: Rgb(0xbd, 0xb6, 0xa6),
            green_light: Rgb(0x9c, 0xd6, 0x8e),
            green_dark: Rgb(0x7c, 0xbd, 0x6e),
            trail: Rgb(0xf2, 0xc9, 0x2e),
            trail_strength: 0.5,
            trail_line: Rgb(0xe8, 0x9a, 0x10),
            trail_edge: Rgb(0x6b, 0x45, 0x05),
            outline: Rgb(0x1d, 0x21, 0x29),
            units: [
                Rgb(0xf7, 0xd3, 0x2c),
                Rgb(0xfb, 0xfb, 0xf8),
                Rgb(0xa3, 0xa9, 0xb3),
                Rgb(0xf3, 0x8b, 0x22),
                Rgb(0x2e, 0x9e, 0x48),
                Rgb(0x2f, 0x6c, 0xd9),
                Rgb(0xd3, 0x33, 0x33),
                Rgb(0x8b, 0x4c, 0xc8),
            ],
            critters: [Rgb(0xf6, 0xf3, 0xea), Rgb(0x2b, 0x2f, 0x38)],
            letter_on_light: Rgb(0x1d, 0x21, 0x29),
            letter_on_dark: Rgb(0xff, 0xff, 0xff),
            chief_ring: Rgb(0xf0, 0xc0, 0x4a),
            leaderless: Rgb(0x8a, 0x8f, 0x98),
            leaderless_strength: 0.8,
            leaderless_letter: Rgb(0x5c, 0x61, 0x6b),
            moved: Rgb(0x22, 0xb0, 0xe6),
            target: Rgb(0x3f, 0xa8, 0x6b),
        },
        review: ReviewTheme {
            white_area: Rgb(0xd9, 0xdd, 0xe3),
            inaccuracy: Rgb(0x56, 0xb4, 0xe9),
            mistake: Rgb(0xe6, 0x9f, 0x00),
            blunder: Rgb(0xdf, 0x53, 0x53),
        },
    };
}

impl Default for Theme {
    fn default() -> Self {
        Self::DEFAULT
    }
}
