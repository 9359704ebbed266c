//! Chesimals I, II and Critters (Chesimals III), by Joe Joyce (`rules/chesimals.md`).
//!
//! A side owns several multi-unit creatures, and a turn moves several units one at a time.
//! The trait's move is therefore a **single action**: one unit move, `end` (close the turn once
//! at least one unit moved) or `pass` (only when no unit can move at the start of a turn).
//! `Position::play_turn_text` plays a whole typed turn atomically on top of that.
//!
//! - `units`: how each unit moves, per variant.
//! - `turn`: activation (Chief chains, brain ranges and capacity).
//! - `actions`: move generation; `checks`: a reason for every refusal; `apply`: applying
//!   actions and the end of the game; `typed`: whole turns as typed.
//! - `notation`: the position text (documented there), the setups, move text.

use super::geometry::{BoardSize, Square};
use super::{MoveSquares, RulesError, Side, Status, TwoPlayerGame};
use std::fmt;

mod actions;
mod apply;
mod checks;
mod notation;
mod turn;
mod typed;
mod units;

#[cfg(test)]
mod tests;

pub use typed::turn_tokens;

pub use notation::{
    CHESIMALS_1_SETUP, CHESIMALS_2_SETUP, CRITTERS_SETUP, CRITTERS_SETUP_3_BRAINS,
    CRITTERS_SETUP_4_BRAINS,
};

/// Mailbox size: the largest board of the three variants (Critters, 20 x 20). Fixed-size
/// arrays keep `Clone` free of allocation for search and perft.
const MAX_SQUARES: usize = 400;
const _: () = {
    let mut i = 0;
    while i < Variant::ALL.len() {
        assert!(Variant::ALL[i].board_size().square_count() <= MAX_SQUARES);
        i += 1;
    }
};

/// A Critters brain activates at most this many non-brain units a turn.
pub const BRAIN_CAPACITY: u8 = 24;
/// Player turns in a row without a capture that draw the game (50 full turns).
pub const QUIET_TURN_LIMIT: u16 = 100;
/// Brains a side may have in a Critters position (the rules use at most 4).
const MAX_BRAINS: usize = 8;
/// Unit moves remembered for drawing trails; a longer turn drops the rest of its trail.
const TRAIL_LEN: usize = 64;

/// The three games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    One,
    Two,
    Critters,
}

impl Variant {
    pub const ALL: [Variant; 3] = [Variant::One, Variant::Two, Variant::Critters];

    /// The game's name, as the bot and the position text use it.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::One => "chesimals-1",
            Variant::Two => "chesimals-2",
            Variant::Critters => "critters",
        }
    }

    pub fn parse(text: &str) -> Option<Variant> {
        let text = text.trim().to_ascii_lowercase();
        Self::ALL.into_iter().find(|variant| variant.name() == text)
    }

    pub const fn board_size(self) -> BoardSize {
        match self {
            Variant::One | Variant::Two => BoardSize::new(12, 16),
            Variant::Critters => BoardSize::new(20, 20),
        }
    }

    pub const fn is_critters(self) -> bool {
        matches!(self, Variant::Critters)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The unit types. Critters renames them (brain, lightning warmachine, oliphant, sliding
/// general) but keeps the letters, so one enum serves all three games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Chief,
    Knight,
    Warmachine,
    Elephant,
    Guard,
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::Chief,
        Kind::Knight,
        Kind::Warmachine,
        Kind::Elephant,
        Kind::Guard,
    ];

    pub const fn letter(self) -> char {
        match self {
            Kind::Chief => 'C',
            Kind::Knight => 'N',
            Kind::Warmachine => 'W',
            Kind::Elephant => 'E',
            Kind::Guard => 'G',
        }
    }

    /// Reads a unit letter in either case.
    pub fn from_letter(letter: char) -> Option<Kind> {
        let letter = letter.to_ascii_uppercase();
        Self::ALL.into_iter().find(|kind| kind.letter() == letter)
    }

    /// The English name in `variant`, for message arguments.
    pub const fn name(self, variant: Variant) -> &'static str {
        match (self, variant.is_critters()) {
            (Kind::Chief, false) => "chief",
            (Kind::Chief, true) => "brain",
            (Kind::Knight, _) => "knight",
            (Kind::Warmachine, false) => "warmachine",
            (Kind::Warmachine, true) => "lightning warmachine",
            (Kind::Elephant, false) => "elephant",
            (Kind::Elephant, true) => "oliphant",
            (Kind::Guard, false) => "guard",
            (Kind::Guard, true) => "sliding general",
        }
    }

    const fn index(self) -> usize {
        self as usize
    }

    /// Critters activation range (king distance to a brain); brains need none.
    pub const fn activation_range(self) -> u8 {
        match self {
            Kind::Chief => 0,
            Kind::Knight | Kind::Guard => 3,
            Kind::Warmachine | Kind::Elephant => 5,
        }
    }
}

/// The colour of a Chesimals AMP. Critters units have no colour of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Yellow,
    White,
    Grey,
    Orange,
    Green,
    Blue,
    Red,
    Purple,
}

impl Colour {
    pub const ALL: [Colour; 8] = [
        Colour::Yellow,
        Colour::White,
        Colour::Grey,
        Colour::Orange,
        Colour::Green,
        Colour::Blue,
        Colour::Red,
        Colour::Purple,
    ];

    pub const fn letter(self) -> char {
        match self {
            Colour::Yellow => 'y',
            Colour::White => 'w',
            Colour::Grey => 'g',
            Colour::Orange => 'o',
            Colour::Green => 'e',
            Colour::Blue => 'b',
            Colour::Red => 'r',
            Colour::Purple => 'p',
        }
    }

    pub fn from_letter(letter: char) -> Option<Colour> {
        Self::ALL
            .into_iter()
            .find(|colour| colour.letter() == letter)
    }

    pub const fn name(self) -> &'static str {
        match self {
            Colour::Yellow => "yellow",
            Colour::White => "white",
            Colour::Grey => "grey",
            Colour::Orange => "orange",
            Colour::Green => "green",
            Colour::Blue => "blue",
            Colour::Red => "red",
            Colour::Purple => "purple",
        }
    }

    pub const fn side(self) -> Side {
        if (self as usize) < 4 {
            Side::White
        } else {
            Side::Black
        }
    }

    /// The royal AMPs: capturing both royal Chiefs of a side wins.
    pub const fn is_royal(self) -> bool {
        matches!(
            self,
            Colour::White | Colour::Grey | Colour::Blue | Colour::Red
        )
    }

    /// The four AMP colours of `side`.
    pub const fn of_side(side: Side) -> [Colour; 4] {
        match side {
            Side::White => [Colour::Yellow, Colour::White, Colour::Grey, Colour::Orange],
            Side::Black => [Colour::Green, Colour::Blue, Colour::Red, Colour::Purple],
        }
    }
}

/// A unit on the board. `colour` is `None` in Critters, where a unit's colour is its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    pub side: Side,
    pub colour: Option<Colour>,
    pub kind: Kind,
}

/// The Critters advanced rules, switched on when a game is created (rules: "Advanced options").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CrittersOptions {
    /// A brain that stayed still a whole turn next to an open green square grows a sliding
    /// general there at the end of that turn.
    pub growth: bool,
    /// A still brain next to a still sliding general on a green square may replace it.
    pub promotion: bool,
    /// Brains a side starts with: 2 (standard), 3 or 4 (each with the extra units).
    pub brains: u8,
}

impl Default for CrittersOptions {
    fn default() -> Self {
        Self {
            growth: false,
            promotion: false,
            brains: 2,
        }
    }
}

impl CrittersOptions {
    /// Brains outside 2..=4 are brought into that range.
    const fn normalized(self) -> Self {
        Self {
            growth: self.growth,
            promotion: self.promotion,
            brains: if self.brains <= 2 {
                2
            } else if self.brains >= 4 {
                4
            } else {
                3
            },
        }
    }
}

/// One action of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A unit moves (or captures). In Critters a non-brain unit names the brain it is charged
    /// to; generated moves always carry it, one move per brain that could pay.
    Unit {
        from: Square,
        to: Square,
        brain: Option<Square>,
    },
    /// Ends the turn; in Critters with promotion, optionally promoting the sliding general on
    /// a green square to another unit type.
    End { promote: Option<(Square, Kind)> },
    /// Only when the side to move has no unit move at the start of its turn.
    Pass,
}

/// An action as `play_turn_text` played it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedAction {
    pub mv: Move,
    pub text: String,
    pub squares: MoveSquares,
    pub captured: Option<Unit>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Cell {
    unit: Option<Unit>,
    /// The unit here already moved this turn.
    moved: bool,
    /// Critters: units this brain activated this turn.
    charges: u8,
}

/// The unit moves of one turn, oldest first.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Trail {
    len: u8,
    moves: [(Square, Square); TRAIL_LEN],
}

impl Trail {
    const EMPTY: Trail = Trail {
        len: 0,
        moves: [(Square::new(0, 0), Square::new(0, 0)); TRAIL_LEN],
    };

    fn push(&mut self, from: Square, to: Square) {
        if let Some(slot) = self.moves.get_mut(self.len as usize) {
            *slot = (from, to);
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[(Square, Square)] {
        &self.moves[..self.len as usize]
    }
}

/// A Chesimals or Critters position, possibly in the middle of a turn.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    variant: Variant,
    /// Normalized; the default for Chesimals I and II.
    options: CrittersOptions,
    size: BoardSize,
    cells: [Cell; MAX_SQUARES],
    to_move: Side,
    /// Chesimals: the AMP moving this turn, fixed by its first unit move.
    amp: Option<Colour>,
    /// Unit moves made so far this turn.
    moved_count: u16,
    captured_this_turn: bool,
    /// Passes in a row just before this turn (2 ends the game).
    passes: u8,
    /// Completed player turns in a row without a capture.
    quiet: u16,
    /// Full turns, from 1; grows after Black's turn.
    turn_number: u32,
    /// Critters growth and promotion: the most units of each kind a side may have (its
    /// count in the setup), by side and `Kind::index`.
    caps: [[u8; 5]; 2],
    this_turn: Trail,
    last_turn: Trail,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", notation::format(self))
    }
}

/// The start position of `variant` with the default options.
pub fn start(variant: Variant) -> Position {
    Position::new(variant, CrittersOptions::default())
}

impl Position {
    /// The start position of `variant`; `options` matter only for Critters.
    pub fn new(variant: Variant, options: CrittersOptions) -> Self {
        let options = options.normalized();
        let setup = notation::setup_text(variant, options.brains);
        // The setups are constants checked by the tests, not user input.
        let mut position =
            notation::parse(setup).expect("the built-in setup position text is valid");
        if variant.is_critters() {
            position.options = options;
        }
        position
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn options(&self) -> CrittersOptions {
        self.options
    }

    fn index(&self, square: Square) -> usize {
        self.size.index(square)
    }

    fn cell(&self, square: Square) -> &Cell {
        &self.cells[self.size.index(square)]
    }

    pub fn unit_at(&self, square: Square) -> Option<Unit> {
        if !self.size.contains(square.file as i16, square.rank as i16) {
            return None;
        }
        self.cell(square).unit
    }

    /// Whether at least one unit has moved this turn (so `end` is available).
    pub fn turn_in_progress(&self) -> bool {
        self.moved_count > 0
    }

    /// Chesimals: the AMP moving this turn, once its first unit moved.
    pub fn amp_in_play(&self) -> Option<Colour> {
        self.amp
    }

    /// Where the units that already moved this turn now stand.
    pub fn moved_this_turn(&self) -> Vec<Square> {
        self.size
            .squares()
            .filter(|&square| self.cell(square).moved)
            .collect()
    }

    /// The unit moves of the turn in progress, oldest first.
    pub fn current_turn(&self) -> &[(Square, Square)] {
        self.this_turn.as_slice()
    }

    /// The unit moves of the previous completed turn, for drawing trails (empty after a pass
    /// or when the position was read from text).
    pub fn last_turn(&self) -> &[(Square, Square)] {
        self.last_turn.as_slice()
    }

    /// Critters: units the brain on `square` has activated this turn.
    pub fn charges(&self, square: Square) -> u8 {
        if !self.size.contains(square.file as i16, square.rank as i16) {
            return 0;
        }
        self.cell(square).charges
    }

    /// Consecutive passes just before this turn.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Completed player turns in a row without a capture.
    pub fn quiet_turns(&self) -> u16 {
        self.quiet
    }

    pub fn turn_number(&self) -> u32 {
        self.turn_number
    }

    /// Chesimals: the unit on `square` belongs to an AMP whose Chief was captured, so it can
    /// never move again. Always false in Critters and on empty squares.
    pub fn leaderless(&self, square: Square) -> bool {
        let Some(unit) = self.unit_at(square) else {
            return false;
        };
        match unit.colour {
            Some(colour) if !self.variant.is_critters() => self.chief_of(colour).is_none(),
            _ => false,
        }
    }

    /// Critters: the green squares (empty for Chesimals).
    pub fn green_squares(&self) -> Vec<Square> {
        if self.variant.is_critters() {
            turn::GREEN_SQUARES.to_vec()
        } else {
            Vec::new()
        }
    }

    /// For the engine's evaluation: calls `visit` for every square `unit` standing on `from`
    /// could move to now, as if it were the only unit moving and activation did not matter.
    /// A square of the other side's unit is a capture; pass the unit with its side flipped to
    /// see which friendly units it guards.
    pub fn reach(&self, from: Square, unit: Unit, mut visit: impl FnMut(Square)) {
        self.for_each_target(from, unit, &mut visit);
    }

    /// For the engine's evaluation: calls `visit` for every unit of `side` that may start a
    /// move when `side`'s next turn begins, the board as it stands: in Chesimals the units
    /// joined to a living Chief (the Chief too), in Critters the brains and the units within
    /// activation range of one. Whether a unit has a legal target is not asked.
    pub fn mobile_units(&self, side: Side, mut visit: impl FnMut(Square)) {
        if self.variant.is_critters() {
            let brains = self.brains(side);
            for (index, cell) in self.cells[..self.size.square_count()].iter().enumerate() {
                let Some(unit) = cell.unit else { continue };
                let square = self.size.square_at(index);
                if unit.side == side
                    && (unit.kind == Kind::Chief
                        || brains.as_slice().iter().any(|&(brain, _)| {
                            turn::king_distance(brain, square) <= unit.kind.activation_range()
                        }))
                {
                    visit(square);
                }
            }
            return;
        }
        let chiefs = self.chiefs(side);
        for (slot, colour) in Colour::of_side(side).into_iter().enumerate() {
            if let Some(chief) = chiefs[slot] {
                for index in self.joined(chief, colour).iter() {
                    visit(self.size.square_at(index));
                }
            }
        }
    }

    /// The squares of the units that may move right now (each has at least one legal move).
    pub fn activatable(&self) -> Vec<Square> {
        let mut moves = Vec::new();
        self.generate(&mut moves);
        let mut squares: Vec<Square> = moves
            .iter()
            .filter_map(|mv| match mv {
                Move::Unit { from, .. } => Some(*from),
                _ => None,
            })
            .collect();
        squares.sort();
        squares.dedup();
        squares
    }
}

impl TwoPlayerGame for Position {
    type Move = Move;

    /// Chesimals I; use `Position::new` or `start` for the other games.
    fn start(_seed: u64) -> Self {
        start(Variant::One)
    }

    fn parse_position(text: &str) -> Result<Self, RulesError> {
        notation::parse(text)
    }

    fn position_text(&self) -> String {
        notation::format(self)
    }

    fn board_size(&self) -> BoardSize {
        self.size
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        self.generate(moves);
    }

    fn status(&self) -> Status {
        self.compute_status()
    }

    fn move_text(&self, mv: Move) -> String {
        notation::move_text(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, RulesError> {
        notation::parse_move(self, text)
    }

    fn move_squares(&self, mv: Move) -> MoveSquares {
        match mv {
            Move::Unit { from, to, .. } => MoveSquares {
                from: Some(from),
                to: Some(to),
                also: Vec::new(),
            },
            Move::End {
                promote: Some((square, _)),
            } => MoveSquares {
                from: None,
                to: Some(square),
                also: Vec::new(),
            },
            Move::End { promote: None } | Move::Pass => MoveSquares::default(),
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok_and(|canonical| canonical == mv)
    }

    /// Refuses with the specific reason (`chesimals-…`) instead of the generic key.
    fn play(&mut self, mv: Move) -> Result<(), RulesError> {
        let canonical = self.check(mv)?;
        if canonical != mv {
            return Err(RulesError::new("move-illegal").arg("move", self.move_text(mv)));
        }
        self.apply(mv);
        Ok(())
    }
}
