//! Knight Fight, by Andy Lewicki: two knights on a 10x10 board of the numbers 00..99
//! (`rules/knight-fight.md`).

use super::geometry::{BoardSize, KNIGHT_JUMPS, Square, knight_jump_apart};
use super::rng::SeededRng;
use super::{EndReason, MoveSquares, Outcome, RulesError, Side, Status, TwoPlayerGame};

pub const SIZE: BoardSize = BoardSize::new(10, 10);
const SQUARES: usize = 100;

/// A move: the landing square and, when it lands on a double with another double free, the
/// double chosen to block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub to: Square,
    pub double: Option<Square>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The number on each square, by square index.
    numbers: [u8; SQUARES],
    /// The square index carrying each number.
    square_of: [u8; SQUARES],
    /// One bit a square index.
    blocked: u128,
    knights: [Option<Square>; 2],
    turn: Side,
    scores: [u32; 2],
}

const fn is_double(number: u8) -> bool {
    number.is_multiple_of(11)
}

const fn mirror(number: u8) -> u8 {
    (number % 10) * 10 + number / 10
}

fn index(square: Square) -> usize {
    SIZE.index(square)
}

impl Position {
    /// The board of `seed`: the numbers 00..99 shuffled uniformly over the squares.
    pub fn from_seed(seed: u64) -> Self {
        let mut numbers: [u8; SQUARES] = std::array::from_fn(|i| i as u8);
        SeededRng::new(seed).shuffle(&mut numbers);
        Self::from_numbers(numbers)
    }

    fn from_numbers(numbers: [u8; SQUARES]) -> Self {
        let mut square_of = [0u8; SQUARES];
        for (square, &number) in numbers.iter().enumerate() {
            square_of[number as usize] = square as u8;
        }
        Self {
            numbers,
            square_of,
            blocked: 0,
            knights: [None, None],
            turn: Side::White,
            scores: [0, 0],
        }
    }

    pub fn number_at(&self, square: Square) -> u8 {
        self.numbers[index(square)]
    }

    pub fn square_of(&self, number: u8) -> Square {
        SIZE.square_at(self.square_of[number as usize % SQUARES] as usize)
    }

    pub fn is_blocked(&self, square: Square) -> bool {
        self.blocked & (1u128 << index(square)) != 0
    }

    /// Every blocked square, one bit a square index (`rank * 10 + file`): a cheap input for a
    /// search's hash and bitboard evaluation.
    pub fn blocked_bits(&self) -> u128 {
        self.blocked
    }

    fn block(&mut self, square: Square) {
        self.blocked |= 1u128 << index(square);
    }

    pub fn knight(&self, side: Side) -> Option<Square> {
        self.knights[side.index()]
    }

    pub fn score(&self, side: Side) -> u32 {
        self.scores[side.index()]
    }

    fn occupant(&self, square: Square) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|&side| self.knight(side) == Some(square))
    }

    /// The rank a side places its knight on.
    pub const fn home_rank(side: Side) -> u8 {
        match side {
            Side::White => 0,
            Side::Black => 9,
        }
    }

    /// The squares `side` could land on if it were to move now, ignoring doubles.
    pub fn targets(&self, side: Side) -> Vec<Square> {
        let mut out = Vec::new();
        self.for_each_target(side, |square| out.push(square));
        out
    }

    fn for_each_target(&self, side: Side, mut visit: impl FnMut(Square)) {
        let other = self.knight(side.opposite());
        let free = |square: Square| !self.is_blocked(square) && other != Some(square);
        match self.knight(side) {
            None => {
                let rank = Self::home_rank(side);
                for file in 0..SIZE.files {
                    let square = Square::new(file, rank);
                    if free(square) {
                        visit(square);
                    }
                }
            }
            Some(from) => {
                for jump in KNIGHT_JUMPS {
                    if let Some(square) = SIZE.offset(from, jump) {
                        let attacked = other.is_some_and(|o| knight_jump_apart(o, square));
                        if free(square) && !attacked {
                            visit(square);
                        }
                    }
                }
            }
        }
    }

    /// The legal moves of a position whose status is known to be [`Status::Ongoing`]: what
    /// [`TwoPlayerGame::legal_moves`] gives, without working the status out a second time.
    pub fn moves_while_ongoing(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.for_each_target(self.turn, |to| {
            let before = moves.len();
            if is_double(self.number_at(to)) {
                moves.extend(self.double_choices(to).map(|double| Move {
                    to,
                    double: Some(double),
                }));
            }
            if moves.len() == before {
                moves.push(Move { to, double: None });
            }
        });
    }

    fn has_target(&self, side: Side) -> bool {
        let mut any = false;
        self.for_each_target(side, |_| any = true);
        any
    }

    /// The doubles the side to move may block after landing on `to` (a double): every other
    /// double that is neither blocked nor occupied once the knight has left its square.
    fn double_choices(&self, to: Square) -> impl Iterator<Item = Square> + '_ {
        let mover = self.knight(self.turn);
        let other = self.knight(self.turn.opposite());
        (0..10u8)
            .map(|digit| self.square_of(digit * 11))
            .filter(move |&square| {
                square != to
                    && Some(square) != mover
                    && Some(square) != other
                    && !self.is_blocked(square)
            })
    }

    /// Explains why `mv` is not legal here, for the player's error message.
    fn refusal(&self, mv: Move) -> RulesError {
        if let Status::Over(_) = self.status() {
            return RulesError::new("move-game-over");
        }
        let side = self.turn;
        let to = mv.to;
        let other = self.knight(side.opposite());
        let mover = self.knight(side);
        match mover {
            None if to.rank != Self::home_rank(side) => {
                return RulesError::new("kf-place-home-rank")
                    .arg("square", to)
                    .arg("rank", Self::home_rank(side) + 1);
            }
            Some(from) if !knight_jump_apart(from, to) => {
                return RulesError::new("kf-not-a-jump")
                    .arg("from", from)
                    .arg("square", to);
            }
            _ => {}
        }
        if other == Some(to) {
            return RulesError::new("kf-occupied").arg("square", to);
        }
        if self.is_blocked(to) {
            return RulesError::new("kf-blocked").arg("square", to);
        }
        if let Some(other) = other.filter(|&o| mover.is_some() && knight_jump_apart(o, to)) {
            return RulesError::new("kf-attacked")
                .arg("square", to)
                .arg("knight", other);
        }
        let choices: Vec<Square> = if is_double(self.number_at(to)) {
            self.double_choices(to).collect()
        } else {
            Vec::new()
        };
        match (mv.double, choices.is_empty()) {
            (None, false) => RulesError::new("kf-double-required")
                .arg("square", to)
                .arg("number", format!("{:02}", self.number_at(to)))
                .arg("first", choices[0])
                .arg("choices", join_squares(&choices)),
            (Some(_), true) => RulesError::new("kf-double-not-allowed").arg("square", to),
            (Some(double), false) => RulesError::new("kf-double-unavailable")
                .arg("double", double)
                .arg("choices", join_squares(&choices)),
            (None, true) => RulesError::new("move-illegal").arg("move", self.move_text(mv)),
        }
    }

    /// Reads a square by name (`d3`) or by the number it carries (`57`).
    fn parse_square_or_number(&self, text: &str) -> Option<Square> {
        let text = text.trim();
        if text.len() == 2 && text.bytes().all(|b| b.is_ascii_digit()) {
            return text.parse::<u8>().ok().map(|n| self.square_of(n));
        }
        SIZE.parse_square(text)
    }
}

fn join_squares(squares: &[Square]) -> String {
    squares
        .iter()
        .map(Square::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl TwoPlayerGame for Position {
    type Move = Move;

    fn start(seed: u64) -> Self {
        Self::from_seed(seed)
    }

    fn parse_position(text: &str) -> Result<Self, RulesError> {
        parse_kfn(text)
    }

    fn position_text(&self) -> String {
        let mut out = String::with_capacity(420);
        for rank in (0..SIZE.ranks).rev() {
            for file in 0..SIZE.files {
                let square = Square::new(file, rank);
                if file > 0 {
                    out.push(' ');
                }
                out.push_str(&format!("{:02}", self.number_at(square)));
                if self.is_blocked(square) {
                    out.push('x');
                }
                match self.occupant(square) {
                    Some(Side::White) => out.push('W'),
                    Some(Side::Black) => out.push('B'),
                    None => {}
                }
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let turn = match self.turn {
            Side::White => 'w',
            Side::Black => 'b',
        };
        out.push_str(&format!(" {turn} {} {}", self.scores[0], self.scores[1]));
        out
    }

    fn board_size(&self) -> BoardSize {
        SIZE
    }

    fn side_to_move(&self) -> Side {
        self.turn
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.status().is_over() {
            return;
        }
        self.moves_while_ongoing(moves);
    }

    fn status(&self) -> Status {
        let both_placed = self.knights.iter().all(Option::is_some);
        let stuck = if both_placed {
            !self.has_target(Side::White) || !self.has_target(Side::Black)
        } else {
            !self.has_target(self.turn)
        };
        if !stuck {
            return Status::Ongoing;
        }
        let [white, black] = self.scores;
        Status::Over(match white.cmp(&black) {
            std::cmp::Ordering::Greater => Outcome::win(Side::White, EndReason::NoMoves),
            std::cmp::Ordering::Less => Outcome::win(Side::Black, EndReason::NoMoves),
            std::cmp::Ordering::Equal => Outcome::draw(EndReason::NoMoves),
        })
    }

    fn move_text(&self, mv: Move) -> String {
        match mv.double {
            Some(double) => format!("{}/{}", mv.to, double),
            None => mv.to.to_string(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, RulesError> {
        let malformed =
            || RulesError::new("kf-move-malformed").arg("move", crate::games::quote(text));
        let mut parts = text
            .split(|c: char| c == '/' || c.is_whitespace())
            .filter(|part| !part.is_empty());
        let to = parts
            .next()
            .and_then(|part| self.parse_square_or_number(part))
            .ok_or_else(malformed)?;
        let double = match parts.next() {
            Some(part) => Some(self.parse_square_or_number(part).ok_or_else(malformed)?),
            None => None,
        };
        if parts.next().is_some() {
            return Err(malformed());
        }
        let mv = Move { to, double };
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(self.refusal(mv))
        }
    }

    fn move_squares(&self, mv: Move) -> MoveSquares {
        let number = self.number_at(mv.to);
        let also = if is_double(number) {
            mv.double.into_iter().collect()
        } else {
            vec![self.square_of(mirror(number))]
        };
        MoveSquares {
            from: self.knight(self.turn),
            to: Some(mv.to),
            also,
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        let side = self.turn;
        if let Some(from) = self.knight(side) {
            self.block(from);
        }
        self.knights[side.index()] = Some(mv.to);
        let number = self.number_at(mv.to);
        self.scores[side.index()] = self.scores[side.index()].saturating_add(u32::from(number));
        if is_double(number) {
            if let Some(double) = mv.double {
                self.block(double);
            }
        } else {
            let mirrored = self.square_of(mirror(number));
            self.block(mirrored);
        }
        self.turn = side.opposite();
    }

    fn play(&mut self, mv: Move) -> Result<(), RulesError> {
        if !self.is_legal(mv) {
            return Err(self.refusal(mv));
        }
        self.play_unchecked(mv);
        Ok(())
    }
}

fn parse_kfn(text: &str) -> Result<Position, RulesError> {
    let bad = |what: &str| RulesError::new("position-malformed").arg("reason", what);
    let text = text.trim();
    let mut tail = text.rsplitn(4, char::is_whitespace);
    let black_score = tail.next().ok_or_else(|| bad("missing scores"))?;
    let white_score = tail.next().ok_or_else(|| bad("missing scores"))?;
    let turn = tail.next().ok_or_else(|| bad("missing side to move"))?;
    let board = tail.next().ok_or_else(|| bad("missing board"))?;
    // Any `u32`: playing on adds to a score saturating, so whatever `play` writes reads back.
    let score = |s: &str| s.parse::<u32>().map_err(|_| bad("a score is not a number"));
    let scores = [score(white_score)?, score(black_score)?];
    let turn = match turn {
        "w" | "W" => Side::White,
        "b" | "B" => Side::Black,
        _ => return Err(bad("the side to move must be w or b")),
    };
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != SIZE.ranks as usize {
        return Err(bad("there must be ten ranks separated by /"));
    }
    let mut numbers = [0u8; SQUARES];
    let mut seen = [false; SQUARES];
    let mut blocked = 0u128;
    let mut knights = [None, None];
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = SIZE.ranks - 1 - row as u8;
        let cells: Vec<&str> = rank_text.split_whitespace().collect();
        if cells.len() != SIZE.files as usize {
            return Err(bad("every rank must have ten cells"));
        }
        for (file, cell) in cells.iter().enumerate() {
            let square = Square::new(file as u8, rank);
            let (Some(digits), Some(marks)) = (cell.get(..2), cell.get(2..)) else {
                return Err(bad("a cell must start with two digits"));
            };
            if !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad("a cell must start with two digits"));
            }
            let number: u8 = digits.parse().map_err(|_| bad("bad number"))?;
            if std::mem::replace(&mut seen[number as usize], true) {
                return Err(bad("every number 00..99 must appear exactly once"));
            }
            numbers[index(square)] = number;
            for mark in marks.chars() {
                match mark {
                    'x' | 'X' => blocked |= 1u128 << index(square),
                    'W' | 'B' => {
                        let side = if mark == 'W' {
                            Side::White
                        } else {
                            Side::Black
                        };
                        if knights[side.index()].replace(square).is_some() {
                            return Err(bad("a knight stands on two squares"));
                        }
                    }
                    _ => return Err(bad("a cell mark must be x, W or B")),
                }
            }
        }
    }
    if knights[0].is_some() && knights[0] == knights[1] {
        return Err(bad("both knights stand on one square"));
    }
    let mut position = Position::from_numbers(numbers);
    position.blocked = blocked;
    position.knights = knights;
    position.turn = turn;
    position.scores = scores;
    Ok(position)
}

#[cfg(test)]
mod tests;
