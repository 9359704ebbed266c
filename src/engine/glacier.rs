//! The Glacier Chess search: negamax alpha-beta with iterative deepening, a transposition
//! table, quiescence on piece captures and an evaluation that knows the Ice Age is coming.
//!
//! Why this shape:
//! - Glacier is chess with neutral ice, so the chess toolbox fits: principal variation
//!   search, a hash table keyed by Zobrist keys, killer and history ordering, late-move
//!   reductions and a check extension. The rules core makes every move (Ice Age included),
//!   so the search never re-implements a rule: it only clones, plays and asks.
//! - Ice captures are the quiet moves of this game: every first move takes ice, and taking
//!   ice wins no material. Quiescence therefore follows piece captures only, and ordering
//!   puts piece captures (most valuable victim, least valuable attacker) before everything
//!   that takes ice or moves into an empty square.
//! - The Ice Age changes what a position is worth: a lone piece is lost material if the age
//!   comes before its side can give it a neighbour, and a lone king loses the game. The key
//!   includes the Black moves left to the next Ice Age, and the evaluation charges every
//!   piece the rules core says would freeze ([`Position::would_freeze`]) by how many moves
//!   its side still has to save it.
//! - Node budgets, never clocks: the same seed and budget give the same move on any machine.
//!
//! Budget: `nodes` is the node limit (every position the search enters, quiescence
//! included), `depth` the deepest iteration in plies, `noise` the most score units added to
//! or taken from a root move's score (a fixed draw per root move from the seed).

use super::table::{Bound, Table, TableEntry, from_table, to_table};
use super::{Budget, Level, Thought, WON};
use crate::games::glacier::attacks::{
    Bitboard, KING, KNIGHT, PAWN_ATTACKS, bishop_attacks, neighbours, rook_attacks,
};
use crate::games::glacier::{Move, Position, Role};
use crate::games::rng::{SeededRng, splitmix64};
use crate::games::{Side, Status, TwoPlayerGame};

/// Level budgets: nodes grow about ×2.3 a level; levels 1-3 also err on purpose.
pub fn budget(level: Level) -> Budget {
    let (nodes, depth, noise) = match level.number() {
        1 => (400, 1, 300),
        2 => (1_500, 2, 150),
        3 => (4_000, 3, 60),
        4 => (10_000, 64, 0),
        5 => (25_000, 64, 0),
        6 => (60_000, 64, 0),
        7 => (140_000, 64, 0),
        _ => (320_000, 64, 0),
    };
    Budget {
        nodes,
        depth,
        noise,
        lapse: 0,
        random: 0,
    }
}

/// Mate (and a frozen king) `ply` plies from the root scores `MATE - ply` for the winner,
/// so the shortest win scores highest; every such score is beyond [`WON`].
pub const MATE: i32 = 2_000_000;
const INFINITY: i32 = 3_000_000;
/// The deepest ply the search goes (iterations, extensions and quiescence together).
const MAX_PLY: usize = 100;
/// The most entries of the transposition table (24 bytes each: 6 MiB at most). Smaller
/// budgets get a smaller table, so a low level does not pay to clear what it never fills.
const MAX_TABLE_BITS: u32 = 18;
/// The first iteration always completes, within this many nodes, so that even the smallest
/// budget answers with a searched move.
const FIRST_ITERATION_NODES: u64 = 200_000;

/// The engine's move in `position`, or `None` when the game is over.
pub fn search(position: &Position, budget: &Budget, seed: u64) -> Option<Thought<Move>> {
    let mut root_moves = Vec::new();
    position.legal_moves(&mut root_moves);
    if root_moves.is_empty() {
        return None;
    }
    let mut rng = SeededRng::new(seed);
    let noise = budget.noise.max(0);
    let mut root: Vec<RootMove> = root_moves
        .into_iter()
        .map(|mv| RootMove {
            mv,
            noise: if noise > 0 {
                rng.below(2 * noise as u64 + 1) as i32 - noise
            } else {
                0
            },
            score: -INFINITY,
        })
        .collect();
    let mut searcher = Searcher::new(budget.nodes);
    let key = hash(position);
    // Captures first in the first iteration; afterwards the last iteration's order.
    root.sort_by_key(|r| -searcher.order_score(position, r.mv, None, 0));

    let mut best = Thought {
        best: root[0].mv,
        score: 0,
        nodes: 0,
        depth: 0,
    };
    for depth in 1..=budget.depth.clamp(1, MAX_PLY as u32 / 2) {
        searcher.limit = if depth == 1 {
            budget.nodes.max(FIRST_ITERATION_NODES)
        } else {
            budget.nodes
        };
        let found = searcher.root(position, key, &mut root, depth as i32);
        if let Some((mv, score)) = found {
            best.best = mv;
            best.score = score;
        }
        if searcher.stopped {
            break;
        }
        best.depth = depth;
        // A forced result needs no deeper look: the shortest mate is already the best.
        if best.score.abs() > WON && noise == 0 {
            break;
        }
        // Best first, the rest by this iteration's scores (a stable sort keeps ties).
        root.sort_by_key(|r| {
            if r.mv == best.best {
                -INFINITY - 1
            } else {
                -r.score
            }
        });
    }
    best.nodes = searcher.nodes;
    Some(best)
}

#[derive(Clone, Copy, Debug)]
struct RootMove {
    mv: Move,
    noise: i32,
    /// The last iteration's score (a bound for moves that did not become best).
    score: i32,
}

// ---------------------------------------------------------------------------------------
// Zobrist keys

/// Random keys for every feature that tells two positions apart: pieces, ice, castling
/// corners, the en-passant square, the side to move and the Black moves to the Ice Age.
struct Keys {
    pieces: [[[u64; 64]; 6]; 2],
    ice: [u64; 64],
    castling: [u64; 64],
    en_passant: [u64; 64],
    black: u64,
    ice_age: [u64; 32],
}

const fn make_keys() -> Keys {
    let mut state = 0x6C61_6369_6572_2121;
    let mut keys = Keys {
        pieces: [[[0; 64]; 6]; 2],
        ice: [0; 64],
        castling: [0; 64],
        en_passant: [0; 64],
        black: 0,
        ice_age: [0; 32],
    };
    let mut square = 0;
    while square < 64 {
        let mut side = 0;
        while side < 2 {
            let mut role = 0;
            while role < 6 {
                keys.pieces[side][role][square] = splitmix64(&mut state);
                role += 1;
            }
            side += 1;
        }
        keys.ice[square] = splitmix64(&mut state);
        keys.castling[square] = splitmix64(&mut state);
        keys.en_passant[square] = splitmix64(&mut state);
        square += 1;
    }
    keys.black = splitmix64(&mut state);
    let mut i = 0;
    while i < 32 {
        keys.ice_age[i] = splitmix64(&mut state);
        i += 1;
    }
    keys
}

static KEYS: Keys = make_keys();

fn squares(mut bb: Bitboard) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if bb == 0 {
            None
        } else {
            let square = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            Some(square)
        }
    })
}

fn keys_of(table: &[u64; 64], bb: Bitboard) -> u64 {
    squares(bb).fold(0, |key, square| key ^ table[square])
}

fn ice_age_index(position: &Position) -> usize {
    position.black_moves_to_ice_age() as usize % 32
}

/// The key of a position, computed from scratch (the root; and the tests' check that the
/// incremental keys agree).
fn hash(position: &Position) -> u64 {
    let mut key = 0;
    for side in Side::BOTH {
        for role in Role::ALL {
            key ^= keys_of(
                &KEYS.pieces[side.index()][role as usize],
                position.pieces(side, role),
            );
        }
    }
    key ^= keys_of(&KEYS.ice, position.ice());
    key ^= keys_of(&KEYS.castling, position.castling_corners());
    if let Some(ep) = position.en_passant_index() {
        key ^= KEYS.en_passant[ep as usize];
    }
    if position.side_to_move() == Side::Black {
        key ^= KEYS.black;
    }
    key ^ KEYS.ice_age[ice_age_index(position)]
}

/// The key of `after` from the key of `before`: only what changed is hashed (a move
/// changes two to four squares, an Ice Age more), so the Ice Age needs no special case and
/// the rules core no hook. (Measured: computing every key with [`hash`] instead made no
/// difference above noise to the search's ~700k nodes/s; the diff is kept as the cheaper.)
fn hash_after(key: u64, before: &Position, after: &Position) -> u64 {
    let mut key = key ^ KEYS.black;
    for side in Side::BOTH {
        let changed = before.side_pieces(side) ^ after.side_pieces(side);
        if changed == 0 {
            continue;
        }
        for role in Role::ALL {
            let diff = before.pieces(side, role) ^ after.pieces(side, role);
            key ^= keys_of(&KEYS.pieces[side.index()][role as usize], diff);
        }
    }
    key ^= keys_of(&KEYS.ice, before.ice() ^ after.ice());
    key ^= keys_of(
        &KEYS.castling,
        before.castling_corners() ^ after.castling_corners(),
    );
    if let Some(ep) = before.en_passant_index() {
        key ^= KEYS.en_passant[ep as usize];
    }
    if let Some(ep) = after.en_passant_index() {
        key ^= KEYS.en_passant[ep as usize];
    }
    let (was, is) = (ice_age_index(before), ice_age_index(after));
    if was != is {
        key ^= KEYS.ice_age[was] ^ KEYS.ice_age[is];
    }
    key
}

// ---------------------------------------------------------------------------------------
// Transposition table

/// What the search stores for a position (the table is `engine/table.rs`).
#[derive(Clone, Copy, Debug)]
struct Entry {
    best: Option<Move>,
    score: i32,
    depth: i16,
    bound: Bound,
}

impl TableEntry for Entry {
    /// A deeper (or as deep) result, or an exact one, takes the slot.
    fn replaces(&self, held: &Self) -> bool {
        self.depth >= held.depth || self.bound == Bound::Exact
    }
}

// ---------------------------------------------------------------------------------------
// The search

struct Searcher {
    table: Table<Entry>,
    nodes: u64,
    limit: u64,
    stopped: bool,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Quiet-move (and ice-capture) successes, by from and to square.
    history: Vec<[i32; 64]>,
    /// One move list per ply, reused.
    lists: Vec<Vec<Move>>,
}

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 24;
const KILLER: i32 = 1 << 22;
const HISTORY_MAX: i32 = 1 << 20;

impl Searcher {
    fn new(nodes: u64) -> Self {
        let bits = (64 - (nodes / 2).max(1).leading_zeros()).clamp(10, MAX_TABLE_BITS);
        let size = 1usize << bits;
        Self {
            table: Table::new(size),
            nodes: 0,
            limit: nodes,
            stopped: false,
            killers: [[None; 2]; MAX_PLY],
            history: vec![[0; 64]; 64],
            lists: (0..MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
        }
    }

    /// Counts a node; `true` once the budget is spent (and from then on).
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.stopped = true;
        }
        self.stopped
    }

    /// One iteration at the root. Each root move's score plus its noise competes; a move is
    /// searched with a null window at the score it must beat, and again in full only if it
    /// beats it. Returns the best move and its score (without noise) if at least the first
    /// move was searched before the budget ran out.
    fn root(
        &mut self,
        position: &Position,
        key: u64,
        root: &mut [RootMove],
        depth: i32,
    ) -> Option<(Move, i32)> {
        let mut best: Option<(Move, i32)> = None;
        let mut best_noisy = -INFINITY;
        for (index, entry) in root.iter_mut().enumerate() {
            let mut child = position.clone();
            child.play_unchecked(entry.mv);
            let child_key = hash_after(key, position, &child);
            let extension = i32::from(child.is_check());
            let score = if index == 0 {
                -self.negamax(
                    &child,
                    child_key,
                    depth - 1 + extension,
                    -INFINITY,
                    INFINITY,
                    1,
                )
            } else {
                // It becomes best when score + noise > best_noisy.
                let bar = (best_noisy - entry.noise).clamp(-INFINITY + 1, INFINITY - 1);
                let probe =
                    -self.negamax(&child, child_key, depth - 1 + extension, -bar - 1, -bar, 1);
                if probe > bar && !self.stopped {
                    -self.negamax(&child, child_key, depth - 1 + extension, -INFINITY, -bar, 1)
                } else {
                    probe
                }
            };
            if self.stopped {
                break;
            }
            entry.score = score;
            let noisy = if score.abs() > WON {
                score
            } else {
                score + entry.noise
            };
            if best.is_none() || noisy > best_noisy {
                best_noisy = noisy;
                best = Some((entry.mv, score));
            }
        }
        if let Some((mv, score)) = best {
            self.table.store(
                key,
                Entry {
                    best: Some(mv),
                    score: to_table(score, 0),
                    depth: depth as i16,
                    bound: Bound::Exact,
                },
            );
        }
        best
    }

    fn negamax(
        &mut self,
        position: &Position,
        key: u64,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if let Some(score) = lost_king(position, ply) {
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiescence(position, key, alpha, beta, ply);
        }
        if self.tick() {
            return 0;
        }
        let entry = self.table.probe(key);
        if let Some(entry) = entry
            && i32::from(entry.depth) >= depth
        {
            let score = from_table(entry.score, ply as i32);
            if entry.bound.settles(score, alpha, beta) {
                return score;
            }
        }
        let tt_move = entry.and_then(|e| e.best);

        let mut moves = std::mem::take(&mut self.lists[ply]);
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            self.lists[ply] = moves;
            return game_over_score(position, ply);
        }
        let in_check = position.is_check();
        let mut scores: Vec<i32> = moves
            .iter()
            .map(|&mv| self.order_score(position, mv, tt_move, ply))
            .collect();

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for index in 0..moves.len() {
            let pick = pick_best(&mut moves, &mut scores, index);
            let mv = moves[index];
            let mut child = position.clone();
            child.play_unchecked(mv);
            let child_key = hash_after(key, position, &child);
            let gives_check = child.is_check();
            let extension = i32::from(gives_check && ply < MAX_PLY / 2);
            // Neither a piece capture nor a promotion: ice captures count as quiet.
            let quiet = child.side_pieces(child.side_to_move())
                == position.side_pieces(position.side_to_move().opposite())
                && mv.promotion().is_none();
            let late = quiet && pick < KILLER;
            let new_depth = depth - 1 + extension;
            let score = if index == 0 {
                -self.negamax(&child, child_key, new_depth, -beta, -alpha, ply + 1)
            } else {
                // Late quiet moves are searched shallower first, then at full depth if they
                // surprise.
                let reduction = if depth >= 3 && index >= 3 && late && !in_check && !gives_check {
                    if index >= 10 && depth >= 5 { 2 } else { 1 }
                } else {
                    0
                };
                let mut score = -self.negamax(
                    &child,
                    child_key,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                );
                if score > alpha && reduction > 0 && !self.stopped {
                    score =
                        -self.negamax(&child, child_key, new_depth, -alpha - 1, -alpha, ply + 1);
                }
                if score > alpha && score < beta && !self.stopped {
                    score = -self.negamax(&child, child_key, new_depth, -beta, -alpha, ply + 1);
                }
                score
            };
            if self.stopped {
                self.lists[ply] = moves;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if quiet {
                    self.reward(mv, depth, ply);
                }
                break;
            }
        }
        self.lists[ply] = moves;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(
            key,
            Entry {
                best: best_move,
                score: to_table(best_score, ply as i32),
                depth: depth as i16,
                bound,
            },
        );
        best_score
    }

    /// A quiet move (or ice capture) that cut off: a killer at this ply, and history.
    fn reward(&mut self, mv: Move, depth: i32, ply: usize) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let cell = &mut self.history[mv.from_index() as usize][mv.to_index() as usize];
        *cell += depth * depth;
        if *cell > HISTORY_MAX {
            for row in self.history.iter_mut() {
                for value in row.iter_mut() {
                    *value /= 2;
                }
            }
        }
    }

    /// Piece captures (and promotions) until the position is quiet, standing pat on the
    /// evaluation; all evasions when in check. Ice captures are quiet moves here.
    fn quiescence(
        &mut self,
        position: &Position,
        key: u64,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let in_check = position.is_check();
        let stand_pat = evaluate(position);
        if ply >= MAX_PLY - 1 {
            return stand_pat;
        }
        if !in_check {
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
        }
        let mut moves = std::mem::take(&mut self.lists[ply]);
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            self.lists[ply] = moves;
            return game_over_score(position, ply);
        }
        let them = position.side_pieces(position.side_to_move().opposite());
        let mut scores: Vec<i32> = Vec::with_capacity(moves.len());
        let mut kept = 0;
        for i in 0..moves.len() {
            let mv = moves[i];
            let takes_piece = them & (1 << mv.to_index()) != 0 || mv.is_en_passant();
            let promotes = mv.promotion() == Some(Role::Queen);
            if in_check || takes_piece || promotes {
                let victim = if takes_piece {
                    value(victim_role(position, mv))
                } else {
                    0
                };
                // Delta pruning: a capture that cannot lift the score to alpha is skipped.
                if !in_check && !promotes && stand_pat + victim + 200 <= alpha {
                    continue;
                }
                moves[kept] = mv;
                scores.push(self.order_score(position, mv, None, ply));
                kept += 1;
            }
        }
        moves.truncate(kept);
        let mut best = if in_check { -INFINITY } else { stand_pat };
        for index in 0..moves.len() {
            pick_best(&mut moves, &mut scores, index);
            let mv = moves[index];
            let mut child = position.clone();
            child.play_unchecked(mv);
            let score = match lost_king(&child, ply + 1) {
                Some(score) => -score,
                None => {
                    let child_key = hash_after(key, position, &child);
                    -self.quiescence(&child, child_key, -beta, -alpha, ply + 1)
                }
            };
            if self.stopped {
                self.lists[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        self.lists[ply] = moves;
        best
    }

    /// The order moves are tried in: the table's move, piece captures by most valuable
    /// victim then least valuable attacker, promotions, killers, then the rest (ice captures
    /// and moves to empty squares alike) by history.
    fn order_score(&self, position: &Position, mv: Move, tt_move: Option<Move>, ply: usize) -> i32 {
        if Some(mv) == tt_move {
            return TT_MOVE;
        }
        let them = position.side_pieces(position.side_to_move().opposite());
        let to = mv.to_index();
        if them & (1 << to) != 0 || mv.is_en_passant() {
            let victim = value(victim_role(position, mv));
            let attacker = value(role_on(position, mv.from_index()));
            return CAPTURE + victim * 16 - attacker / 16;
        }
        if let Some(role) = mv.promotion() {
            return CAPTURE + value(role) - 1_000;
        }
        let killers = &self.killers[ply.min(MAX_PLY - 1)];
        if killers[0] == Some(mv) {
            return KILLER + 1;
        }
        if killers[1] == Some(mv) {
            return KILLER;
        }
        self.history[mv.from_index() as usize][to as usize]
    }
}

/// Moves the best-scored remaining move to `index` and returns its order score.
fn pick_best(moves: &mut [Move], scores: &mut [i32], index: usize) -> i32 {
    let mut best = index;
    for i in index + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves.swap(index, best);
    scores.swap(index, best);
    scores[index]
}

/// The score of a side to move whose king froze (or whose opponent's did).
fn lost_king(position: &Position, ply: usize) -> Option<i32> {
    let us = position.side_to_move();
    let ours = position.pieces(us, Role::King) != 0;
    let theirs = position.pieces(us.opposite(), Role::King) != 0;
    match (ours, theirs) {
        (true, true) => None,
        (false, false) => Some(0),
        (false, true) => Some(-(MATE - ply as i32)),
        (true, false) => Some(MATE - ply as i32),
    }
}

/// The score of a position without legal moves, for the side to move: mate, a frozen king,
/// stalemate or the half-move limit, as the rules judge it.
fn game_over_score(position: &Position, ply: usize) -> i32 {
    match position.status() {
        Status::Over(outcome) => match outcome.winner {
            Some(winner) if winner == position.side_to_move() => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
            None => 0,
        },
        // Unreachable for a position without legal moves; a draw is the safe reading.
        Status::Ongoing => 0,
    }
}

fn role_on(position: &Position, square: u8) -> Role {
    let b = 1u64 << square;
    Role::ALL
        .into_iter()
        .find(|&role| {
            Side::BOTH
                .into_iter()
                .any(|side| position.pieces(side, role) & b != 0)
        })
        .unwrap_or(Role::Pawn)
}

fn victim_role(position: &Position, mv: Move) -> Role {
    if mv.is_en_passant() {
        Role::Pawn
    } else {
        role_on(position, mv.to_index())
    }
}

// ---------------------------------------------------------------------------------------
// Evaluation

const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

fn value(role: Role) -> i32 {
    VALUES[role as usize]
}

/// What the king is worth when it would freeze with no move left to save it: the game is
/// all but lost (the search sees the real loss once the Ice Age is within its depth).
const KING_FREEZE: i32 = 20_000;

/// The share (per 64) of a lone piece's value counted as lost, by the moves its side still
/// plays before the Ice Age: none left means it freezes; one lets the side save a piece.
const FREEZE_SHARE: [i32; 6] = [64, 26, 12, 6, 3, 1];

/// Centralisation: 0 on the rim to 6 in the four centre squares.
const fn centre(square: usize) -> i32 {
    let file = (square % 8) as i32;
    let rank = (square / 8) as i32;
    let df = if file < 4 { 3 - file } else { file - 4 };
    let dr = if rank < 4 { 3 - rank } else { rank - 4 };
    6 - df - dr
}

/// A pawn's bonus by ranks advanced from its start.
const PAWN_ADVANCE: [i32; 8] = [0, 0, 4, 10, 20, 35, 60, 0];

/// Pull toward the enemy king, per role and square of distance saved. Ice walls positions
/// off, and with no repetition draw a side far ahead could shuffle behind its ice until the
/// opponent's ice captures keep the half-move clock from ever ending the game (seen against
/// the random mover): the pull gives every plan a direction. Tripled for the side ahead.
const TROPISM: [i32; 6] = [0, 3, 2, 2, 3, 0];

/// A material lead (centipawns) that makes a side "ahead": it presses on the enemy king.
const WINNING_LEAD: i32 = 300;

/// King steps between two squares.
fn distance(a: usize, b: usize) -> i32 {
    let files = (a % 8).abs_diff(b % 8);
    let ranks = (a / 8).abs_diff(b / 8);
    files.max(ranks) as i32
}

/// King-zone attack weight by attacking role.
const ATTACK_WEIGHT: [i32; 6] = [1, 2, 2, 3, 5, 0];

/// The position's value for the side to move: material, piece placement, mobility, king
/// safety and what the next Ice Age would freeze.
fn evaluate(position: &Position) -> i32 {
    let us = position.side_to_move();
    let occupied =
        position.side_pieces(Side::White) | position.side_pieces(Side::Black) | position.ice();
    // Game phase: 24 with all minor and major pieces on, 0 with none.
    let phase = Side::BOTH
        .into_iter()
        .map(|side| {
            position.pieces(side, Role::Knight).count_ones()
                + position.pieces(side, Role::Bishop).count_ones()
                + 2 * position.pieces(side, Role::Rook).count_ones()
                + 4 * position.pieces(side, Role::Queen).count_ones()
        })
        .sum::<u32>()
        .min(24) as i32;

    let material = |side: Side| -> i32 {
        Role::ALL
            .into_iter()
            .map(|role| value(role) * position.pieces(side, role).count_ones() as i32)
            .sum()
    };
    let lead = material(Side::White) - material(Side::Black);
    let mut total = 0;
    for side in Side::BOTH {
        let sign = if side == us { 1 } else { -1 };
        let ahead = match side {
            Side::White => lead >= WINNING_LEAD,
            Side::Black => -lead >= WINNING_LEAD,
        };
        total += sign * side_score(position, side, occupied, phase, ahead);
    }
    total + ice_age_threat(position) + 10
}

fn side_score(position: &Position, side: Side, occupied: Bitboard, phase: i32, ahead: bool) -> i32 {
    let own = position.side_pieces(side);
    let them = side.opposite();
    let enemy_king = squares(position.pieces(them, Role::King)).next();
    let pull = if ahead { 3 } else { 1 };
    let relative_rank = |square: usize| match side {
        Side::White => square / 8,
        Side::Black => 7 - square / 8,
    };
    let mut score = 0;
    let mut mobility = 0;
    for role in Role::ALL {
        for square in squares(position.pieces(side, role)) {
            score += value(role);
            if let Some(king) = enemy_king {
                score += pull * TROPISM[role as usize] * (7 - distance(square, king));
            }
            let attacks = match role {
                Role::Pawn => {
                    score += PAWN_ADVANCE[relative_rank(square)] + centre(square) / 2;
                    0
                }
                Role::Knight => {
                    score += 4 * centre(square);
                    KNIGHT[square]
                }
                Role::Bishop => {
                    score += 2 * centre(square);
                    bishop_attacks(square as u8, occupied)
                }
                Role::Rook => rook_attacks(square as u8, occupied),
                Role::Queen => {
                    score += centre(square);
                    bishop_attacks(square as u8, occupied) | rook_attacks(square as u8, occupied)
                }
                Role::King => 0,
            };
            let reach = (attacks & !own).count_ones() as i32;
            mobility += match role {
                Role::Knight | Role::Bishop => 4 * reach,
                Role::Rook => 2 * reach,
                Role::Queen => reach,
                _ => 0,
            };
        }
    }
    score += mobility;

    if let Some(king) = squares(position.pieces(side, Role::King)).next() {
        // Middle game: home rank and a pawn shield; end game: the centre.
        let home = 8 - 8 * relative_rank(king).min(3) as i32;
        let shield = (KING[king] & position.pieces(side, Role::Pawn)).count_ones() as i32;
        let middle = home + 8 * shield.min(3);
        let end = 6 * centre(king);
        // The side ahead also brings its king to the enemy king in the end game.
        let end = match (ahead, enemy_king) {
            (true, Some(enemy)) => end + 4 * (7 - distance(king, enemy)),
            _ => end,
        };
        score += (middle * phase + end * (24 - phase)) / 24;
        score -= king_danger(position, them, king, occupied) * phase / 24;
    }
    score
}

/// How hard `attacker`'s pieces press on the king at `king`: weighted attacks on the
/// king's neighbourhood, growing with the square of the pressure.
fn king_danger(position: &Position, attacker: Side, king: usize, occupied: Bitboard) -> i32 {
    let zone = KING[king] | (1 << king);
    let mut units = 0;
    let mut pieces = 0;
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for square in squares(position.pieces(attacker, role)) {
            let attacks = match role {
                Role::Knight => KNIGHT[square],
                Role::Bishop => bishop_attacks(square as u8, occupied),
                Role::Rook => rook_attacks(square as u8, occupied),
                _ => bishop_attacks(square as u8, occupied) | rook_attacks(square as u8, occupied),
            };
            let hits = (attacks & zone).count_ones() as i32;
            if hits > 0 {
                units += ATTACK_WEIGHT[role as usize] * hits;
                pieces += 1;
            }
        }
    }
    let pawns = position.pieces(attacker, Role::Pawn);
    units += squares(pawns)
        .filter(|&square| PAWN_ATTACKS[attacker.index()][square] & zone != 0)
        .count() as i32;
    if pieces < 2 {
        return units * 3;
    }
    (units * units * 2).min(600)
}

/// What the next Ice Age threatens, for the side to move: every piece that would freeze
/// (no piece on its eight neighbours) costs its side a share of its value by how many moves
/// that side still plays before the age; a king that would freeze costs nearly the game.
/// Even far from the age a lone king pays a little, since it must find company in time.
fn ice_age_threat(position: &Position) -> i32 {
    let us = position.side_to_move();
    // Plies until the Ice Age: it follows a Black move.
    let black_moves = position.black_moves_to_ice_age() as i32;
    let plies = match us {
        Side::Black => 2 * black_moves - 1,
        Side::White => 2 * black_moves,
    };
    let lonely = position.would_freeze();
    let mut total = 0;
    for side in Side::BOTH {
        // The side to move plays first: it has the odd ply when `plies` is odd.
        let moves_left = if side == us {
            (plies + 1) / 2
        } else {
            plies / 2
        };
        let share = FREEZE_SHARE.get(moves_left as usize).copied().unwrap_or(0);
        let own = position.side_pieces(side);
        let mut loss = 0;
        for role in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ] {
            loss += value(role) * (position.pieces(side, role) & lonely).count_ones() as i32;
        }
        loss = loss * share / 64;
        if position.pieces(side, Role::King) & lonely != 0 {
            loss += KING_FREEZE * share / 64;
            // The nearer the king's company, the easier to reach in time.
            let near = neighbours(neighbours(position.pieces(side, Role::King))) & own;
            if near == 0 {
                loss += 30;
            }
            loss += 20;
        }
        total += if side == us { -loss } else { loss };
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::glacier::START_FEN;
    use proptest::prelude::*;

    fn pos(fen: &str) -> Position {
        Position::parse_position(fen).unwrap()
    }

    fn budget_of(nodes: u64, depth: u32) -> Budget {
        Budget {
            nodes,
            depth,
            noise: 0,
            lapse: 0,
            random: 0,
        }
    }

    fn best_uci(fen: &str, nodes: u64, depth: u32) -> (String, Thought<Move>) {
        let thought = search(&pos(fen), &budget_of(nodes, depth), 1).unwrap();
        (thought.best.uci(), thought)
    }

    /// Paul Morphy's mate in two (composed c. 1846, in every problem collection): 1.Ra6!
    /// bxa6 2.b7#. Without ice, a Glacier position is a chess position (`8` = empty).
    #[test]
    fn finds_morphys_mate_in_two() {
        let (mv, thought) = best_uci("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 50_000, 6);
        assert_eq!(mv, "a1a6");
        assert_eq!(thought.score, MATE - 3, "mate in two is three plies");
    }

    /// Philidor's legacy, the classic smothered mate (Lucena 1497, Greco, Philidor):
    /// 1.Nh6+ (double check) Kh8 2.Qg8+ Rxg8 3.Nf7#.
    #[test]
    fn finds_the_smothered_mate_in_three() {
        let fen = "r1b2rk1/pp3Npp/8/2p5/3Pp1P1/1Q6/PP4KP/8 w - - 0 1";
        let (mv, thought) = best_uci(fen, 60_000, 8);
        assert_eq!(mv, "f7h6");
        assert_eq!(thought.score, MATE - 5, "mate in three is five plies");
    }

    /// The same smothered mate with colours swapped: Black mates, and the score is still
    /// from the side to move's view.
    #[test]
    fn finds_the_smothered_mate_in_three_for_black() {
        let fen = "8/pp4kp/1q6/3pP1p1/2P5/8/PP3nPP/R1B2RK1 b - - 0 1";
        let (mv, thought) = best_uci(fen, 60_000, 8);
        assert_eq!(mv, "f2h3");
        assert_eq!(thought.score, MATE - 5);
    }

    /// The mated side sees its loss as a forced result too.
    #[test]
    fn the_mated_side_knows_it() {
        // After 1.Ra6 in Morphy's problem: whatever Black plays, 2.b7# or 2.Rxa7#.
        let (_, thought) = best_uci("kbK5/pp6/RP6/8/8/8/8/8 b - - 1 1", 20_000, 6);
        assert_eq!(thought.score, -(MATE - 2));
    }

    /// White to move in full-move 20: Black's next move brings the Ice Age. Taking the
    /// knight on f2 would leave the king with no piece around it, and a frozen king loses.
    /// The king must stay next to its pawn (d1 or e2), even with the shallowest search.
    #[test]
    fn the_king_does_not_walk_into_a_freeze() {
        let fen = "k7/p7/8/8/8/8/3P1n2/4K3 w - - 0 20";
        for depth in [1, 2, 4] {
            let (mv, thought) = best_uci(fen, 20_000, depth);
            assert!(
                mv == "e1d1" || mv == "e1e2",
                "depth {depth}: {mv} leaves the king alone"
            );
            assert!(thought.score > -WON, "depth {depth}: {}", thought.score);
        }
    }

    /// Two White moves before the Ice Age, the lone king on h1 must reach its pawns (f3 is
    /// the only square next to them it can reach in time). The engine plays both sides
    /// through the Ice Age and White's king must not freeze.
    #[test]
    fn a_lone_king_finds_company_before_the_ice_age() {
        let mut position = pos("k7/pp6/8/8/3PP3/8/8/7K w - - 0 19");
        let budget = budget_of(20_000, 64);
        for ply in 0..4 {
            assert!(!position.status().is_over(), "ply {ply}");
            let thought = search(&position, &budget, 7).unwrap();
            position.play_unchecked(thought.best);
        }
        assert!(position.last_ice_age().is_some(), "the Ice Age came");
        assert!(position.king(Side::White).is_some(), "the White king froze");
        assert_eq!(position.status(), Status::Ongoing);
    }

    /// Incremental keys agree with keys computed from scratch along random games that pass
    /// through an Ice Age.
    #[test]
    fn incremental_keys_match_full_keys() {
        for seed in 0..6u64 {
            let mut rng = SeededRng::new(seed);
            let mut position = Position::new_start();
            let mut key = hash(&position);
            let mut moves = Vec::new();
            for _ in 0..90 {
                position.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u64) as usize];
                let mut child = position.clone();
                child.play_unchecked(mv);
                key = hash_after(key, &position, &child);
                position = child;
                assert_eq!(key, hash(&position), "seed {seed}");
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_thought() {
        let position = pos(START_FEN);
        for level in [1, 3, 5] {
            let budget = budget(Level::new(level).unwrap());
            let small = Budget {
                nodes: budget.nodes.min(3_000),
                ..budget
            };
            let a = search(&position, &small, 42);
            let b = search(&position, &small, 42);
            assert_eq!(a, b, "level {level}");
        }
    }

    #[test]
    fn a_finished_game_has_no_move() {
        // White is mated (the fool's mate; empty squares, no ice).
        let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        assert!(search(&pos(fen), &budget_of(1_000, 4), 0).is_none());
    }

    #[test]
    fn budgets_grow_with_the_level() {
        let budgets: Vec<Budget> = Level::all().map(budget).collect();
        for pair in budgets.windows(2) {
            assert!(pair[1].nodes > pair[0].nodes);
            assert!(pair[1].noise <= pair[0].noise);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// Whatever the position a random game reaches (Ice Ages included), the engine
        /// answers with one of the rules' legal moves, and with none once the game is over.
        #[test]
        fn the_engine_only_plays_legal_moves(seed in any::<u64>(), plies in 0u32..90) {
            let mut rng = SeededRng::new(seed);
            let mut position = Position::new_start();
            let mut moves = Vec::new();
            for _ in 0..plies {
                position.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                position.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
            }
            position.legal_moves(&mut moves);
            let budget = Budget { nodes: 300, depth: 3, noise: (seed % 3) as i32 * 50, lapse: 0, random: 0 };
            match search(&position, &budget, seed) {
                Some(thought) => prop_assert!(moves.contains(&thought.best)),
                None => prop_assert!(moves.is_empty()),
            }
        }
    }
}
