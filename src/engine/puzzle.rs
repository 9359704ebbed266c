//! Daily puzzles for the two-player games: positions from engine self-play where one move
//! wins clearly and no other comes close, found by a quick search, confirmed move by move,
//! and rated by the shallowest search that sees the win. Pure and deterministic: the same
//! seed gives the same puzzle on every process.
//!
//! The margins and budgets (and why) are in `docs/engines.md`, "Daily puzzles".

use super::analysis::win_chance;
use super::{Budget, Level, glacier, knight_fight, random_choice, think};
use crate::games::rng::SeededRng;
use crate::games::{AnyGame, GameKind, Side, Status};

/// How hard a puzzle is: the shallowest search that finds its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
}

impl Difficulty {
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    pub const fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    pub fn parse(text: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.name() == text)
    }

    /// The difficulty of a move first found by a search `depth` plies deep.
    pub const fn of_depth(depth: u32) -> Difficulty {
        match depth {
            0..=2 => Difficulty::Easy,
            3..=4 => Difficulty::Medium,
            _ => Difficulty::Hard,
        }
    }
}

/// A position with one clearly winning move.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub position: AnyGame,
    /// The winning move as typed ([`AnyGame::play_text`]) and as shown (Glacier: SAN).
    pub solution: String,
    pub shown: String,
    pub difficulty: Difficulty,
    /// The shallowest search depth that plays the solution.
    pub depth: u32,
    /// The mover's winning chance (-1..1) after the solution, and after the best other move.
    pub best: f64,
    pub runner_up: f64,
}

/// The mover must stand at least this well after the solution (winning chance, -1..1: 0.6 is
/// an 80 % chance to win) ...
pub const WINNING: f64 = 0.6;
/// ... and every other move must leave it at least this much worse (a quarter of the
/// whole scale: half the way from a win to a draw).
pub const MARGIN: f64 = 0.5;

/// The games a daily puzzle is made for: one move, checkable by a reply. (A Chesimals turn
/// moves many units: a unique winning turn almost never exists; `docs/rulings.md`.)
pub fn has_puzzles(kind: GameKind) -> bool {
    matches!(kind, GameKind::Glacier | GameKind::KnightFight)
}

/// The budget of the move-by-move check when a puzzle is made.
fn check_budget(kind: GameKind) -> Budget {
    match kind {
        GameKind::KnightFight => knight_fight::budget(Level::new(7).unwrap_or(Level::MAX)),
        _ => Budget {
            nodes: 6_000,
            depth: 64,
            noise: 0,
            lapse: 0,
            random: 0,
        },
    }
}

/// A deeper budget than [`check_budget`]: what an independent confirmation searches each
/// move with (`confirm`).
pub fn confirm_budget(kind: GameKind) -> Budget {
    let check = check_budget(kind);
    Budget {
        nodes: check.nodes * 20,
        ..check
    }
}

/// Self-play games a day's puzzle may look through before it gives up.
pub const DAILY_GAMES: u32 = 32;

/// A candidate is a position the mover wins ([`WINNING`]) right after the opponent's move
/// left the opponent no worse than this: the opponent just blundered, and the punishing move
/// is the puzzle (in a game long won, many moves win and none is a puzzle).
const FRESH: f64 = 0.2;

/// Today's puzzle of `kind` at `wanted` difficulty from `seed`: positions of noisy self-play
/// games (level 2 against level 2, from a few random moves), each valued by one search; a
/// position won right after a blunder is checked move by move ([`check`]) and confirmed at
/// twenty times the nodes with [`SLACK`] to spare ([`confirm`]). The first at the wanted difficulty; failing that, the
/// first of any (`None` only when none of `games` games gave one).
pub fn generate(kind: GameKind, seed: u64, wanted: Difficulty, games: u32) -> Option<Puzzle> {
    if !has_puzzles(kind) {
        return None;
    }
    let budget = check_budget(kind);
    let mut fallback = None;
    let mut rng = SeededRng::new(seed);
    for _ in 0..games {
        let game_seed = rng.next_u64();
        let mut position = AnyGame::start(kind, game_seed);
        let mut moves = SeededRng::new(game_seed);
        // The previous mover's winning chance, by the search at its position.
        let mut previous: Option<f64> = None;
        for ply in 0..120u32 {
            if position.status().is_over() {
                break;
            }
            if ply >= 6 {
                let (chance, found) = candidate(&position, previous, &budget);
                if let Some(puzzle) = found {
                    if puzzle.difficulty == wanted {
                        return Some(puzzle);
                    }
                    fallback.get_or_insert(puzzle);
                }
                previous = chance;
            }
            let move_seed = moves.next_u64();
            let choice = if ply < 4 {
                random_choice(&position, move_seed)
            } else {
                think(&position, Level::new(2).unwrap_or(Level::MIN), move_seed)
            };
            let Some(choice) = choice else { break };
            if position.play_text(&choice.text).is_err() {
                break;
            }
        }
    }
    fallback
}

/// A day's puzzle of the games played here (each a game's positions from its start): their
/// positions after the sixth ply looked at as self-play's are ([`candidate`]): won right
/// after a blunder, checked move by move and confirmed. The first at the wanted difficulty;
/// failing that, the first of any (`None` when no game had one); with the index of its game.
pub fn from_games(games: &[Vec<AnyGame>], wanted: Difficulty) -> Option<(usize, Puzzle)> {
    let mut fallback = None;
    for (index, game) in games.iter().enumerate() {
        let Some(first) = game.first() else {
            continue;
        };
        if !has_puzzles(first.kind()) {
            continue;
        }
        let budget = check_budget(first.kind());
        let mut previous = None;
        for position in game.iter().skip(6) {
            if position.status().is_over() {
                break;
            }
            let (chance, found) = candidate(position, previous, &budget);
            if let Some(puzzle) = found {
                if puzzle.difficulty == wanted {
                    return Some((index, puzzle));
                }
                fallback.get_or_insert((index, puzzle));
            }
            previous = chance;
        }
    }
    fallback
}

/// One position of a game as a puzzle candidate: the mover's winning chance by one search,
/// and the puzzle when the mover wins ([`WINNING`]) right after the opponent stood no worse
/// than [`FRESH`] (`previous`: the opponent's chance one ply before) and [`check`] and
/// [`confirm`] find one move that wins clearly.
fn candidate(
    position: &AnyGame,
    previous: Option<f64>,
    budget: &Budget,
) -> (Option<f64>, Option<Puzzle>) {
    let kind = position.kind();
    let mover = position.side_to_move();
    let chance = value_for_white(position, budget).map(|white| chance_for(mover, kind, white));
    let fresh = previous.is_some_and(|p| p >= -FRESH);
    if fresh && chance.is_some_and(|c| c >= WINNING) {
        let puzzle =
            check(position, budget).filter(|puzzle| confirm(puzzle, &confirm_budget(kind), SLACK));
        return (chance, puzzle);
    }
    (chance, None)
}

/// `position` as a puzzle: every legal move valued by a search of `budget` from the
/// opponent's side; a puzzle when there are two moves or more, the best wins ([`WINNING`])
/// and the next is at least [`MARGIN`] worse.
pub fn check(position: &AnyGame, budget: &Budget) -> Option<Puzzle> {
    let kind = position.kind();
    let mover = position.side_to_move();
    let mut valued: Vec<(f64, String, String)> = Vec::new();
    for text in position.legal_move_texts() {
        let mut child = position.clone();
        let Ok(played) = child.play_text(&text) else {
            continue;
        };
        let chance = chance_for(mover, kind, value_for_white(&child, budget)?);
        valued.push((chance, played.text, played.shown));
    }
    // A forced move is no puzzle: there must be a wrong answer to find the right one among.
    if valued.len() < 2 {
        return None;
    }
    valued.sort_by(|a, b| b.0.total_cmp(&a.0));
    let (best, solution, shown) = valued[0].clone();
    let runner_up = valued[1].0;
    if best < WINNING || best - runner_up < MARGIN {
        return None;
    }
    let depth = shallowest_depth(position, &solution)?;
    Some(Puzzle {
        position: position.clone(),
        solution,
        shown,
        difficulty: Difficulty::of_depth(depth),
        depth,
        best,
        runner_up,
    })
}

/// What a made puzzle must clear beyond [`WINNING`] and [`MARGIN`] at its confirmation, so
/// that a still deeper search, finding a little less, still finds a puzzle.
pub const SLACK: f64 = 0.1;

/// Whether `puzzle` still holds with every move searched at `budget` (deeper than the one it
/// was made with): its solution the best, winning by `slack` more than [`WINNING`], and the
/// next at least [`MARGIN`] and `slack` behind.
pub fn confirm(puzzle: &Puzzle, budget: &Budget, slack: f64) -> bool {
    check(&puzzle.position, budget).is_some_and(|again| {
        again.solution == puzzle.solution
            && again.best >= WINNING + slack
            && again.best - again.runner_up >= MARGIN + slack
    })
}

/// The mover's winning chance for White's value `white`.
fn chance_for(mover: Side, kind: GameKind, white: i32) -> f64 {
    let chance = win_chance(kind, white);
    match mover {
        Side::White => chance,
        Side::Black => -chance,
    }
}

/// White's value of `position` by a search of `budget` (a result the rules decided: beyond
/// every searched value).
fn value_for_white(position: &AnyGame, budget: &Budget) -> Option<i32> {
    if let Status::Over(outcome) = position.status() {
        return Some(super::analysis::result_value(outcome));
    }
    let score = match position {
        AnyGame::Glacier(game) => glacier::search(game, budget, 1)?.score,
        AnyGame::KnightFight(game) => knight_fight::search(game, budget, 1)?.score,
        AnyGame::Chesimals(_) => return None,
    };
    Some(match position.side_to_move() {
        Side::White => score,
        Side::Black => -score,
    })
}

/// The shallowest search (1 to 8 plies, on a large node budget) whose move is `solution`.
fn shallowest_depth(position: &AnyGame, solution: &str) -> Option<u32> {
    (1..=8).find(|&depth| {
        let budget = Budget {
            nodes: 2_000_000,
            depth,
            noise: 0,
            lapse: 0,
            random: 0,
        };
        let best = match position {
            AnyGame::Glacier(game) => glacier::search(game, &budget, 1)
                .map(|t| crate::games::TwoPlayerGame::move_text(game, t.best)),
            AnyGame::KnightFight(game) => knight_fight::search(game, &budget, 1)
                .map(|t| crate::games::TwoPlayerGame::move_text(game, t.best)),
            AnyGame::Chesimals(_) => None,
        };
        best.as_deref() == Some(solution)
    })
}

#[cfg(test)]
mod tests;
