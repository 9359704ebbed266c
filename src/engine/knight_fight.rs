//! The search for Knight Fight: negamax alpha-beta with iterative deepening and a small
//! transposition table, that searches to the end of the game whenever its node budget lets it.
//!
//! Why this shape:
//! - The game is short (a knight jump removes two squares, the one left and the mirrored
//!   number) and narrow (at most eight jumps, times the double choices), so a plain
//!   alpha-beta sees far; the endings decide most games, and there the tree is small enough
//!   to search to the end. An iteration that reached only finished games is exact: the search
//!   stops there, and a forced win scores beyond [`WON`].
//! - Finished games are judged by the rules' own [`TwoPlayerGame::status`], never by a copy of
//!   the end rule, so the rule that a player ahead may walk into a dead end on purpose (the
//!   game ends when either side is stuck) is searched exactly as the rules have it.
//! - Between finished games the evaluation is the score difference, a tempo term (the side to
//!   move is about to bank its best landing), the one-jump mobility of both knights and the
//!   size of the region each knight can still reach (a flood fill over free squares with
//!   bitboards), since a knight boxed into a small region is the one the game ends on.
//! - Moves are ordered by what they land on plus what they take from the opponent: a mirror
//!   or a chosen double that blocks a square the other knight could land on next (the
//!   double-blocking tactics) comes early, so alpha-beta cuts the rest.
//!
//! Budgets: `nodes` caps the nodes visited (the search keeps the deepest completed iteration,
//! or the best root move the unfinished one already proved), `depth` caps the iterations
//! (plies), and `noise` (hundredths of a point) is added to every root move's exact score,
//! each counted at most [`NOISE_CLAMP`] either way, before choosing, so the low levels
//! blunder now and then; `random` is the share of moves played at random (level 1: all).
//!
//! Why the levels look as they do: the game is short and its endings are solved within a few
//! thousand nodes, and after the two random placements of a match opening many games are
//! already decided. Measured against level 8 (400 000 nodes, which proves most games won or
//! lost by the fourth ply), a search of only 1 000 nodes still took 19 of 40 games. So node
//! budgets alone hardly separate the levels; what does is how often a level goes wrong: levels
//! 2-7 cap the depth (1-6 plies, a horizon that misses some forced endings) and add noise that
//! shrinks level by level, and only level 8 searches to the end of the game. The ladder comes
//! in two chains (1-3-5-7 and 2-4-6-8, each level against the one two below), so the table
//! was set chain by chain, over six seeds of 40 games a pair: the old table's level 6 beat
//! level 4 in only 57-82 % of a seed's 40 games (three seeds of six under 65 %); this one wins
//! each pair in 70-90 % of every seed's games (`docs/engines.md`).

use super::table::{Bound, Table, TableEntry, from_table, to_table};
use super::{Budget, Level, Thought, WON};
use crate::games::geometry::Square;
use crate::games::knight_fight::{Move, Position, SIZE};
use crate::games::rng::{GOLDEN_GAMMA, SeededRng, mix64};
use crate::games::{Side, Status, TwoPlayerGame};

/// Node budget, deepest iteration (plies), noise and random moves (percent) of each level,
/// weakest first. Level 1 plays at random; see the module comment for why depth and noise,
/// not nodes, part the levels below 8.
const LEVELS: [(u64, u32, i32, u32); 8] = [
    (100, 1, 60_000, 100),
    (300, 1, 60_000, 0),
    (1_000, 2, 6_000, 0),
    (3_000, 2, 5_500, 0),
    (10_000, 3, 1_000, 0),
    (30_000, 3, 250, 0),
    (100_000, 6, 0, 0),
    (400_000, 64, 0, 0),
];

pub fn budget(level: Level) -> Budget {
    let (nodes, depth, noise, random) = LEVELS[level.index()];
    Budget {
        nodes,
        depth,
        noise,
        lapse: 0,
        random,
    }
}

/// A proven win `ply` plies from the root scores `WIN - ply`: beyond [`WON`], sooner better.
const WIN: i32 = WON + 1_000;
const INFINITY: i32 = WIN + 1_000;

/// For the noisy choice every score counts at most this much (30 points) either way, a
/// proven result included: a level with noise beyond it misses a forced win (or walks into a
/// forced loss) now and then, which is what tells the levels apart in this game.
const NOISE_CLAMP: i32 = 3_000;

/// Evaluation weights, in hundredths of a point.
/// Share (percent) of the best landing the side to move is about to make.
const TEMPO_PERCENT: i32 = 50;
/// A one-jump target more than the opponent.
const MOBILITY: i32 = 150;
/// A square more in the reachable region (counted up to [`REGION_CAP`]).
const REGION: i32 = 40;
const REGION_CAP: u32 = 12;

const BOARD: u128 = (1u128 << 100) - 1;

const fn file_mask(file: usize) -> u128 {
    let mut mask = 0u128;
    let mut rank = 0;
    while rank < 10 {
        mask |= 1u128 << (rank * 10 + file);
        rank += 1;
    }
    mask
}

const NOT_A: u128 = !file_mask(0);
const NOT_J: u128 = !file_mask(9);
const NOT_AB: u128 = !(file_mask(0) | file_mask(1));
const NOT_IJ: u128 = !(file_mask(8) | file_mask(9));

/// Every square a knight jump away from some square of `from` (bit index `rank * 10 + file`).
fn spread(from: u128) -> u128 {
    (((from & NOT_J) << 21)
        | ((from & NOT_A) << 19)
        | ((from & NOT_IJ) << 12)
        | ((from & NOT_AB) << 8)
        | ((from & NOT_J) >> 19)
        | ((from & NOT_A) >> 21)
        | ((from & NOT_IJ) >> 8)
        | ((from & NOT_AB) >> 12))
        & BOARD
}

fn bit(square: Square) -> u128 {
    1u128 << SIZE.index(square)
}

const fn is_double(number: u8) -> bool {
    number.is_multiple_of(11)
}

const fn mirror(number: u8) -> u8 {
    (number % 10) * 10 + number / 10
}

/// The squares `side` could land on now, as the rules' `targets` has them (a test checks).
fn targets(position: &Position, side: Side, free: u128) -> u128 {
    let other = position.knight(side.opposite()).map_or(0, bit);
    let free = free & !other;
    match position.knight(side) {
        Some(from) => spread(bit(from)) & free & !spread(other),
        None => {
            let rank = u32::from(Position::home_rank(side));
            free & (((1u128 << 10) - 1) << (rank * 10))
        }
    }
}

/// The squares `side` could reach in any number of jumps over free squares, ignoring the
/// other knight's attacks and the mirrors blocked on the way.
fn region(position: &Position, side: Side, free: u128) -> u128 {
    let other = position.knight(side.opposite()).map_or(0, bit);
    let free = free & !other;
    let mut seen = match position.knight(side) {
        Some(from) => bit(from),
        None => targets(position, side, free),
    };
    loop {
        let next = seen | (spread(seen) & free);
        if next == seen {
            return seen;
        }
        seen = next;
    }
}

fn hash(position: &Position) -> u64 {
    let blocked = position.blocked_bits();
    let knight = |side: Side| position.knight(side).map_or(127, |s| SIZE.index(s) as u64);
    let turn = u64::from(position.side_to_move() == Side::Black);
    let places = knight(Side::White) | knight(Side::Black) << 7 | turn << 14;
    let scores =
        u64::from(position.score(Side::White)) << 32 | u64::from(position.score(Side::Black));
    let mut h = mix64(blocked as u64 ^ GOLDEN_GAMMA);
    h = mix64(h ^ (blocked >> 64) as u64);
    h = mix64(h ^ places);
    mix64(h ^ scores)
}

/// What the search stores for a position (the table is `engine/table.rs`); the newest
/// entry always takes the slot.
#[derive(Clone, Copy)]
struct Entry {
    value: i32,
    depth: u32,
    bound: Bound,
    /// Every leaf under this entry was a finished game: the value holds at any depth.
    proven: bool,
    best: Option<Move>,
}

impl TableEntry for Entry {}

struct Searcher {
    numbers: [u8; 100],
    square_of: [u8; 100],
    table: Table<Entry>,
    nodes: u64,
    limit: u64,
    aborted: bool,
    /// Leaves judged by the evaluation (or by a table entry that rests on one): an iteration
    /// that adds none has searched every line to the end of the game.
    guesses: u64,
    /// One ordered move list a ply, reused.
    lists: Vec<Vec<(i32, Move)>>,
    generated: Vec<Move>,
}

impl Searcher {
    fn new(position: &Position, nodes: u64) -> Self {
        let mut numbers = [0u8; 100];
        let mut square_of = [0u8; 100];
        for (index, number) in numbers.iter_mut().enumerate() {
            *number = position.number_at(SIZE.square_at(index));
            square_of[*number as usize] = index as u8;
        }
        let size = (nodes.clamp(1 << 10, 1 << 17) as usize).next_power_of_two();
        Self {
            numbers,
            square_of,
            table: Table::new(size),
            nodes: 0,
            limit: u64::MAX,
            aborted: false,
            guesses: 0,
            lists: Vec::new(),
            generated: Vec::new(),
        }
    }

    fn number(&self, square: Square) -> i32 {
        i32::from(self.numbers[SIZE.index(square)])
    }

    /// The position's value for the side to move, in hundredths of a point.
    fn evaluate(&self, position: &Position) -> i32 {
        let me = position.side_to_move();
        let them = me.opposite();
        let occupied = position.knight(me).map_or(0, bit) | position.knight(them).map_or(0, bit);
        let free = !position.blocked_bits() & BOARD & !occupied;
        let diff = position.score(me) as i32 - position.score(them) as i32;
        let my_targets = targets(position, me, free);
        let their_targets = targets(position, them, free);
        let mut best_landing = 0;
        let mut rest = my_targets;
        while rest != 0 {
            let index = rest.trailing_zeros() as usize;
            best_landing = best_landing.max(i32::from(self.numbers[index]));
            rest &= rest - 1;
        }
        let reach = |side| (region(position, side, free).count_ones() - 1).min(REGION_CAP) as i32;
        100 * diff
            + TEMPO_PERCENT * best_landing
            + MOBILITY * (my_targets.count_ones() as i32 - their_targets.count_ones() as i32)
            + REGION * (reach(me) - reach(them))
    }

    /// `moves` of `position`, best guess first: the table's move, then by the number landed
    /// on plus half the number taken from the opponent's next landings by the square it
    /// blocks (the mirror, or the chosen double).
    fn order(
        &self,
        position: &Position,
        moves: &[Move],
        first: Option<Move>,
        out: &mut Vec<(i32, Move)>,
    ) {
        out.clear();
        let them = position.side_to_move().opposite();
        let occupied = position.knight(Side::White).map_or(0, bit)
            | position.knight(Side::Black).map_or(0, bit);
        let free = !position.blocked_bits() & BOARD & !occupied;
        let wanted = targets(position, them, free);
        for &mv in moves {
            let landed = self.number(mv.to);
            let blocks = if is_double(landed as u8) {
                mv.double
            } else {
                let square =
                    SIZE.square_at(usize::from(self.square_of[mirror(landed as u8) as usize]));
                Some(square)
            };
            let taken = blocks
                .filter(|&square| wanted & bit(square) != 0)
                .map_or(0, |square| 200 + self.number(square));
            let key = if Some(mv) == first {
                i32::MAX
            } else {
                2 * landed + taken
            };
            out.push((key, mv));
        }
        out.sort_by_key(|entry| std::cmp::Reverse(entry.0));
    }

    fn negamax(
        &mut self,
        position: &Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: u32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
            return 0;
        }
        if let Status::Over(outcome) = position.status() {
            return match outcome.winner {
                Some(winner) if winner == position.side_to_move() => WIN - ply as i32,
                Some(_) => -(WIN - ply as i32),
                None => 0,
            };
        }
        if depth == 0 {
            self.guesses += 1;
            return self.evaluate(position);
        }
        let key = hash(position);
        let mut first = None;
        if let Some(entry) = self.table.probe(key) {
            first = entry.best;
            if entry.proven || entry.depth >= depth {
                let value = from_table(entry.value, ply as i32);
                if entry.bound.settles(value, alpha, beta) {
                    if !entry.proven {
                        self.guesses += 1;
                    }
                    return value;
                }
            }
        }
        let guesses_before = self.guesses;
        let alpha_before = alpha;
        let mut generated = std::mem::take(&mut self.generated);
        position.moves_while_ongoing(&mut generated);
        let mut list = self
            .lists
            .get_mut(ply as usize)
            .map(std::mem::take)
            .unwrap_or_default();
        self.order(position, &generated, first, &mut list);
        self.generated = generated;
        let mut best = -INFINITY;
        let mut best_move = None;
        for &(_, mv) in &list {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let ply_index = ply as usize;
        if self.lists.len() <= ply_index {
            self.lists.resize_with(ply_index + 1, Vec::new);
        }
        self.lists[ply_index] = list;
        if self.aborted {
            return 0;
        }
        let bound = if best <= alpha_before {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(
            key,
            Entry {
                value: to_table(best, ply as i32),
                depth,
                bound,
                proven: self.guesses == guesses_before,
                best: best_move,
            },
        );
        best
    }
}

/// The best move of `position` within `budget`, or `None` when the game is over.
pub fn search(position: &Position, budget: &Budget, seed: u64) -> Option<Thought<Move>> {
    if position.status().is_over() {
        return None;
    }
    let mut generated = Vec::new();
    position.moves_while_ongoing(&mut generated);
    if generated.is_empty() {
        return None;
    }
    let mut searcher = Searcher::new(position, budget.nodes);
    let mut ordered = Vec::new();
    searcher.order(position, &generated, None, &mut ordered);
    let mut rng = SeededRng::new(seed);
    // Drawn only when the level has random moves, so the other levels' noise stays as it was.
    if budget.random > 0 && rng.below(100) < u64::from(budget.random) {
        let best = generated[rng.below(generated.len() as u64) as usize];
        return Some(Thought {
            best,
            score: 0,
            nodes: 0,
            depth: 0,
        });
    }
    let noise = budget.noise.max(0);
    // (move, score of the last completed iteration, noise)
    let mut root: Vec<(Move, i32, i32)> = ordered
        .iter()
        .map(|&(_, mv)| {
            let jitter = if noise > 0 {
                rng.below(2 * noise as u64 + 1) as i32 - noise
            } else {
                0
            };
            (mv, 0, jitter)
        })
        .collect();
    let mut best = (root[0].0, 0);
    let mut completed = 0;
    let mut scores = Vec::with_capacity(root.len());
    for depth in 1..=budget.depth.max(1) {
        // The first iteration always completes (a few dozen nodes), so there is a move.
        searcher.limit = if depth == 1 { u64::MAX } else { budget.nodes };
        let guesses_before = searcher.guesses;
        let mut alpha = -INFINITY;
        let mut iteration_best: Option<(Move, i32)> = None;
        scores.clear();
        for &(mv, _, _) in &root {
            let mut child = position.clone();
            child.play_unchecked(mv);
            // With noise every root score must be exact, so each gets the full window.
            let floor = if noise > 0 { -INFINITY } else { alpha };
            let score = -searcher.negamax(&child, depth - 1, -INFINITY, -floor, 1);
            if searcher.aborted {
                break;
            }
            scores.push(score);
            if iteration_best.is_none_or(|(_, s)| score > s) {
                iteration_best = Some((mv, score));
            }
            alpha = alpha.max(score);
        }
        if searcher.aborted {
            // A root move the unfinished iteration searched fully is still a sound choice
            // without noise (the previous best is searched first).
            if noise == 0
                && let Some(found) = iteration_best
            {
                best = found;
            }
            break;
        }
        completed = depth;
        for (entry, &score) in root.iter_mut().zip(&scores) {
            entry.1 = score;
        }
        if let Some(found) = iteration_best {
            best = found;
        }
        root.sort_by_key(|entry| std::cmp::Reverse(entry.1));
        let proven = searcher.guesses == guesses_before;
        if proven || best.1.abs() > WON {
            break;
        }
    }
    if noise > 0
        && let Some(&(mv, score, _)) = root
            .iter()
            .max_by_key(|&&(_, score, jitter)| score.clamp(-NOISE_CLAMP, NOISE_CLAMP) + jitter)
    {
        best = (mv, score);
    }
    Some(Thought {
        best: best.0,
        score: best.1,
        nodes: searcher.nodes,
        depth: completed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Outcome;

    /// A position on the board whose square at zero-based (file, rank) carries `10 * rank +
    /// file` (mirrors are reflections in the a1-j10 diagonal), with every square blocked but
    /// the `free` ones and the two knights'.
    fn endgame(
        free: &[&str],
        white: &str,
        black: &str,
        turn: char,
        scores: (u32, u32),
    ) -> Position {
        let name = |text: &str| Square::parse(text).unwrap_or_else(|| panic!("square {text}"));
        let free: Vec<Square> = free.iter().map(|s| name(s)).collect();
        let (white, black) = (name(white), name(black));
        let mut ranks = Vec::new();
        for rank in (0..10u8).rev() {
            let cells: Vec<String> = (0..10u8)
                .map(|file| {
                    let square = Square::new(file, rank);
                    let mut cell = format!("{rank}{file}");
                    if square == white {
                        cell.push('W');
                    } else if square == black {
                        cell.push('B');
                    } else if !free.contains(&square) {
                        cell.push('x');
                    }
                    cell
                })
                .collect();
            ranks.push(cells.join(" "));
        }
        let text = format!("{} {turn} {} {}", ranks.join("/"), scores.0, scores.1);
        Position::parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
    }

    fn budget_of(nodes: u64) -> Budget {
        Budget {
            nodes,
            depth: 64,
            noise: 0,
            lapse: 0,
            random: 0,
        }
    }

    fn after(position: &Position, text: &str) -> Position {
        let mut next = position.clone();
        next.play(
            next.parse_move(text)
                .unwrap_or_else(|e| panic!("{text}: {e:?}")),
        )
        .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        next
    }

    fn white_wins(position: &Position) -> bool {
        matches!(
            position.status(),
            Status::Over(Outcome {
                winner: Some(Side::White),
                ..
            })
        )
    }

    fn black_wins(position: &Position) -> bool {
        matches!(
            position.status(),
            Status::Over(Outcome {
                winner: Some(Side::Black),
                ..
            })
        )
    }

    /// The exact value for the side to move (1 win, 0 draw, -1 loss), by plain minimax over
    /// the rules core: the reference the search must agree with.
    fn exact(position: &Position) -> i32 {
        if let Status::Over(outcome) = position.status() {
            return match outcome.winner {
                Some(w) if w == position.side_to_move() => 1,
                Some(_) => -1,
                None => 0,
            };
        }
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        moves
            .iter()
            .map(|&mv| {
                let mut child = position.clone();
                child.play_unchecked(mv);
                -exact(&child)
            })
            .max()
            .unwrap_or(0)
    }

    /// Whether the whole game tree under `position` has at most `*left` nodes (spends them).
    fn tree_within(position: &Position, left: &mut u64) -> bool {
        if *left == 0 {
            return false;
        }
        *left -= 1;
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        moves.iter().all(|&mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            tree_within(&child, left)
        })
    }

    /// Plays seeded random moves until the whole game tree is small enough for [`exact`].
    fn small_ending(seed: u64) -> Option<Position> {
        let mut position = Position::from_seed(seed);
        let mut rng = SeededRng::new(seed ^ 0x5EED);
        let mut moves = Vec::new();
        loop {
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                return None;
            }
            let free = (!position.blocked_bits() & BOARD).count_ones();
            if free < 40 && tree_within(&position, &mut 3_000) {
                return Some(position);
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            position.play_unchecked(mv);
        }
    }

    #[test]
    fn bitboard_targets_agree_with_the_rules() {
        for seed in 0..20u64 {
            let mut position = Position::from_seed(seed);
            let mut rng = SeededRng::new(seed);
            let mut moves = Vec::new();
            loop {
                for side in Side::BOTH {
                    let occupied = position.knight(Side::White).map_or(0, bit)
                        | position.knight(Side::Black).map_or(0, bit);
                    let free = !position.blocked_bits() & BOARD & !occupied;
                    let rules: u128 = position
                        .targets(side)
                        .into_iter()
                        .map(bit)
                        .fold(0, |a, b| a | b);
                    assert_eq!(targets(&position, side, free), rules, "seed {seed}");
                }
                position.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                position.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
            }
        }
    }

    /// White leads 100 to 50 but Black's corner is worth far more: c2 (12) is a dead end that
    /// ends the game at once, won; b3 (21, the greedy move) lets Black take h9 (87) and end it.
    #[test]
    fn walks_into_a_dead_end_on_purpose_while_ahead() {
        let position = endgame(&["b3", "c2", "a5", "h9", "i8"], "a1", "j10", 'w', (100, 50));
        assert!(white_wins(&after(&position, "c2")), "c2 ends the game won");
        let greedy = after(&position, "b3");
        assert!(
            black_wins(&after(&greedy, "h9")),
            "after b3, h9 ends it for Black"
        );
        let thought = search(&position, &budget_of(2_000), 1).expect("a move");
        assert_eq!(position.move_text(thought.best), "c2");
        assert!(
            thought.score > WON,
            "a proven win scores beyond WON: {}",
            thought.score
        );
    }

    /// White trails 0 to 100. h9 (87, greedy) is a dead end that ends the game lost; i8 (78)
    /// leaves g9 (86) for the next move, and whatever Black answers, g9 ends the game won.
    #[test]
    fn avoids_the_move_that_loses_by_force() {
        let free = ["h9", "i8", "g9", "b3", "c2", "d4", "e3"];
        let position = endgame(&free, "j10", "a1", 'w', (0, 100));
        assert!(black_wins(&after(&position, "h9")), "h9 loses at once");
        for answer in ["b3", "c2"] {
            let line = after(&after(&position, "i8"), answer);
            assert!(white_wins(&after(&line, "g9")), "i8 {answer} g9 wins");
        }
        let thought = search(&position, &budget_of(5_000), 7).expect("a move");
        assert_eq!(position.move_text(thought.best), "i8");
        assert!(thought.score > WON, "{}", thought.score);
        // Black, to move after i8, is lost whatever it does: the search says so.
        let lost = search(&after(&position, "i8"), &budget_of(5_000), 7).expect("a move");
        assert!(lost.score < -WON, "{}", lost.score);
    }

    #[test]
    fn solved_endings_agree_with_plain_minimax() {
        let mut checked = 0;
        for seed in 0..80u64 {
            let Some(position) = small_ending(seed) else {
                continue;
            };
            let value = exact(&position);
            let thought = search(&position, &budget_of(50_000), seed).expect("a move");
            let expected = match value {
                1 => thought.score > WON,
                -1 => thought.score < -WON,
                _ => thought.score == 0,
            };
            assert!(
                expected,
                "seed {seed}: exact {value}, search {}",
                thought.score
            );
            let mut child = position.clone();
            child.play_unchecked(thought.best);
            assert_eq!(
                -exact(&child),
                value,
                "seed {seed}: the move keeps the value"
            );
            checked += 1;
        }
        assert!(checked >= 20, "only {checked} endings");
    }

    #[test]
    fn the_same_seed_gives_the_same_thought() {
        for seed in 0..6u64 {
            let mut position = Position::from_seed(seed);
            let mut moves = Vec::new();
            let mut rng = SeededRng::new(seed);
            for _ in 0..(seed * 3) {
                position.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                position.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
            }
            for level in [1, 4] {
                let budget = budget(Level::new(level).expect("a level"));
                assert_eq!(
                    search(&position, &budget, seed),
                    search(&position, &budget, seed)
                );
            }
        }
    }

    #[test]
    fn the_lowest_level_varies_with_the_seed() {
        let position = Position::from_seed(3);
        let budget = budget(Level::MIN);
        let moves: std::collections::BTreeSet<String> = (0..16u64)
            .filter_map(|seed| search(&position, &budget, seed))
            .map(|thought| position.move_text(thought.best))
            .collect();
        assert!(moves.len() > 1, "{moves:?}");
    }

    #[test]
    fn a_finished_game_has_no_move() {
        let position = endgame(&[], "a1", "j10", 'w', (3, 4));
        assert!(position.status().is_over());
        assert_eq!(search(&position, &budget_of(100), 0), None);
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(24))]
            #[test]
            fn only_legal_moves(seed in 0u64..1_000, plies in 0usize..40, level in 1u8..=3) {
                let mut position = Position::from_seed(seed);
                let mut rng = SeededRng::new(seed);
                let mut moves = Vec::new();
                for _ in 0..plies {
                    position.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    position.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
                }
                let budget = budget(Level::new(level).expect("a level"));
                position.legal_moves(&mut moves);
                match search(&position, &budget, seed) {
                    Some(thought) => prop_assert!(moves.contains(&thought.best)),
                    None => prop_assert!(moves.is_empty()),
                }
            }
        }
    }
}
