//! Matches between players (levels or the random mover), for measuring strength: the match
//! runner of `kibitz match` and the ladder in the benchmarks.
//!
//! Games come in pairs that share a short random opening, with colours swapped, so two
//! deterministic engines still meet in many different games and neither colour's edge
//! decides the count.

use super::{Level, random_choice, think};
use crate::games::rng::SeededRng;
use crate::games::{AnyGame, EndReason, GameKind, Outcome, Side, Status};
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// Moves (Chesimals: turns) of each game's opening played at random before the players take
/// over; the same opening is played twice, colours swapped.
pub const OPENING_PLIES: u32 = 2;

/// Moves after which a game is called a draw, should the rules not have ended it (the rules'
/// own quiet-move limits end every game far sooner in practice).
pub const MOVE_LIMIT: u32 = 1000;

/// A side of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Level(Level),
    Random,
}

impl FromStr for Player {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.eq_ignore_ascii_case("random") {
            return Ok(Player::Random);
        }
        Level::parse(text)
            .map(Player::Level)
            .ok_or_else(|| format!("a player is a level 1-8 or `random`, not `{text}`"))
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Level(level) => write!(f, "level {level}"),
            Player::Random => f.write_str("random"),
        }
    }
}

impl Player {
    fn choose(self, position: &AnyGame, seed: u64) -> Option<String> {
        match self {
            Player::Level(level) => think(position, level, seed).map(|c| c.text),
            Player::Random => random_choice(position, seed).map(|c| c.text),
        }
    }
}

/// One game of a match, as player A saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub a_side: Side,
    /// The rules' outcome; `None` for a game stopped at [`MOVE_LIMIT`] (a draw).
    pub outcome: Option<Outcome>,
    pub moves: u32,
    /// Time A and B spent choosing, and how many moves each chose.
    pub a_time: Duration,
    pub a_moves: u32,
    pub b_time: Duration,
    pub b_moves: u32,
    /// The start position's text and each move as played (its side and text), so the game
    /// can be written as a record (`kibitz match --records`).
    pub start: String,
    pub played: Vec<(Side, String)>,
}

impl GameResult {
    /// 1 for A's win, 0 for a draw, -1 for A's loss.
    pub fn for_a(&self) -> i32 {
        match self.outcome.and_then(|o| o.winner) {
            Some(winner) if winner == self.a_side => 1,
            Some(_) => -1,
            None => 0,
        }
    }
}

/// A whole match, counted for player A.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchReport {
    pub games: Vec<GameResult>,
}

impl MatchReport {
    pub fn wins(&self) -> usize {
        self.games.iter().filter(|g| g.for_a() > 0).count()
    }
    pub fn draws(&self) -> usize {
        self.games.iter().filter(|g| g.for_a() == 0).count()
    }
    pub fn losses(&self) -> usize {
        self.games.iter().filter(|g| g.for_a() < 0).count()
    }
    /// Average time per move of A and of B.
    pub fn average_move_time(&self) -> (Duration, Duration) {
        let per = |time: Duration, moves: u32| time.checked_div(moves.max(1)).unwrap_or_default();
        let (a_time, a_moves, b_time, b_moves) = self.games.iter().fold(
            (Duration::ZERO, 0, Duration::ZERO, 0),
            |(at, am, bt, bm), g| (at + g.a_time, am + g.a_moves, bt + g.b_time, bm + g.b_moves),
        );
        (per(a_time, a_moves), per(b_time, b_moves))
    }
    /// `<W> wins, <D> draws, <L> losses`, for player A.
    pub fn summary(&self) -> String {
        format!(
            "{} wins, {} draws, {} losses",
            self.wins(),
            self.draws(),
            self.losses()
        )
    }
}

/// Plays `games` games of `kind` between `a` and `b`; A has White in even games. `each`
/// sees every finished game (for progress lines).
pub fn play_match(
    kind: GameKind,
    a: Player,
    b: Player,
    games: u32,
    seed: u64,
    mut each: impl FnMut(u32, &GameResult),
) -> MatchReport {
    let mut report = MatchReport::default();
    for number in 0..games {
        let pair_seed = SeededRng::new(seed ^ u64::from(number / 2)).next_u64();
        let a_side = if number % 2 == 0 {
            Side::White
        } else {
            Side::Black
        };
        let result = play_game(kind, a, b, a_side, pair_seed);
        each(number, &result);
        report.games.push(result);
    }
    report
}

/// One game from the opening of `seed`, A playing `a_side`.
pub fn play_game(kind: GameKind, a: Player, b: Player, a_side: Side, seed: u64) -> GameResult {
    let mut position = AnyGame::start(kind, seed);
    let mut rng = SeededRng::new(seed);
    let mut result = GameResult {
        a_side,
        outcome: None,
        moves: 0,
        a_time: Duration::ZERO,
        a_moves: 0,
        b_time: Duration::ZERO,
        b_moves: 0,
        start: position.position_text(),
        played: Vec::new(),
    };
    while result.moves < MOVE_LIMIT {
        if let Status::Over(outcome) = position.status() {
            result.outcome = Some(outcome);
            break;
        }
        let move_seed = rng.next_u64();
        let a_to_move = position.side_to_move() == a_side;
        let started = Instant::now();
        let text = if result.moves < OPENING_PLIES {
            random_choice(&position, move_seed).map(|c| c.text)
        } else if a_to_move {
            a.choose(&position, move_seed)
        } else {
            b.choose(&position, move_seed)
        };
        let spent = started.elapsed();
        if result.moves >= OPENING_PLIES {
            if a_to_move {
                result.a_time += spent;
                result.a_moves += 1;
            } else {
                result.b_time += spent;
                result.b_moves += 1;
            }
        }
        // An engine that finds no move in an ongoing game, or one the rules refuse, is a bug
        // the match must not hide: the game is scored as that side's loss.
        let side = position.side_to_move();
        let played = text.is_some_and(|text| {
            let ok = position.play_text(&text).is_ok();
            if ok {
                result.played.push((side, text));
            }
            ok
        });
        if !played {
            let loser = position.side_to_move();
            result.outcome = Some(Outcome::win(loser.opposite(), EndReason::Resignation));
            break;
        }
        result.moves += 1;
    }
    result
}
