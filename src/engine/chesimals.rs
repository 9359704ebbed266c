//! The search for Chesimals I, II and Critters.
//!
//! A Chesimals turn is several actions (unit moves, then `End`), so the engine searches
//! **whole turns**:
//!
//! 1. **Candidate turns by beam search** over the actions of one turn. From the beam's
//!    partial turns every legal unit move is tried and the resulting position evaluated as if
//!    the turn ended there (`eval`); the best `width` distinct positions (a Zobrist-style key
//!    merges move orders that reach the same board) form the next beam. `End` is legal after
//!    every unit move, so every position tried is a complete candidate turn; the best few of
//!    all depths are kept. The beam stops when the best score has not improved for two
//!    actions, at the plan's longest turn, or when the node budget is spent.
//! 2. **The opponent's reply and the answer** (levels with `depth` 2 and 3): for the best
//!    candidates, in order, the opponent's own beam search finds its best reply turns; at
//!    depth 2 the candidate is worth what the best reply leaves, at depth 3 the best
//!    `replies` of them are each answered by the mover's own beam turn and the candidate is
//!    worth the worst answered one (a minimax over beams, with alpha-beta cut-offs: a
//!    candidate is dropped as soon as one reply holds it below the best so far). While every
//!    verified candidate still loses by force, more are verified, so a safe turn is found
//!    when one is on offer.
//! 3. **Noise**: uniform noise in `-noise..=noise` on each finalist's score, drawn before it
//!    is searched (so the cut-off knows what the candidate must beat).
//! 4. **Contempt**: a draw is worth [`CONTEMPT`] less than an even game to the searching side.
//! 5. **Lapses and random turns** (the lower levels): in `random` percent of its turns, drawn
//!    from the seed, a level plays a random turn; in `lapse` percent it searches one turn
//!    fewer (a one-turn level: a random turn).
//!
//! A node is one action tried (applied and evaluated). Budgets are nodes, never time, so a
//! seed decides the turn. The plan (beam widths, longest turn) grows with the node budget,
//! see [`Plan`]; the budget also bounds how many candidates get a reply search.

mod eval;

#[cfg(test)]
mod tests;

use super::{Budget, Level, Thought};
use crate::games::TwoPlayerGame;
use crate::games::chesimals::{Move, Position, Unit, Variant};
use crate::games::geometry::Square;
use crate::games::rng::SeededRng;
use eval::{Evaluator, WIN_NEXT};

/// One game's levels 1-8: node budget, depth (whole turns searched), noise, lapses and
/// random turns.
struct Ladder {
    nodes: [u64; 8],
    depth: [u32; 8],
    noise: [i32; 8],
    lapse: [u32; 8],
    random: [u32; 8],
}

/// Chesimals II. The ladder's steps are the turns searched, two levels a step: one turn at
/// levels 1-4 (much noise at 1-2), the opponent's reply from level 5, the mover's answer to
/// it from level 7. Between two levels of the same depth the nodes and the noise make too
/// small a difference for the 65 % the ladder asks (measured: level 8 vs 6 with three turns
/// each won 38-42 %), so each level meets the one two below it a depth apart. Its fast units
/// decide games, and a turn more was a step on seed 7 without lapses (75-88 % a pair), but
/// level 8 beat level 6 in 30, 27 and 25 of 40 on seeds 7, 100 and 200 (68 %), so levels 5-6
/// lapse in 25 and 20 % of turns (see docs/engines.md for the six seeds' figures).
/// Below it, one-turn levels differ only by noise, and level 4 beat level 2 in 60-78 % of a
/// seed's 40 games (69 % over six seeds); random turns at levels 1-2 (a lapse at depth 1)
/// make it 82-92 %.
const CHESIMALS_II: Ladder = Ladder {
    nodes: [150, 400, 1_000, 2_500, 10_000, 25_000, 50_000, 100_000],
    depth: [1, 1, 1, 1, 2, 2, 3, 3],
    noise: [1_500, 1_000, 300, 150, 150, 90, 40, 0],
    lapse: [30, 20, 0, 0, 25, 20, 0, 0],
    random: [0; 8],
};

/// Chesimals I: Chesimals II's searches, and lapses below level 7. Without them a turn more
/// was too small a step (level 7 beat level 5 in 50 % of 40 games, 8 beat 6 in 42 %, most of
/// the rest 50-turn draws) and the one-turn levels were erratic (4 beat 2 in 60 %): slow
/// units let the weaker side hold a draw unless it blunders, and noise does not make it blunder.
/// Levels 5-6 lapse in 30 and 25 % of turns: with 20 and 10 %, level 8 beat level 6 in 23-31
/// of 40 games over three seeds, with 30 and 25 % in 27-36 over six (78 %; `docs/engines.md`).
const CHESIMALS_I: Ladder = Ladder {
    lapse: [40, 25, 15, 8, 30, 25, 0, 0],
    ..CHESIMALS_II
};

/// Critters: the same steps. Its two-turn levels need large budgets (a node costs more on a
/// 20 x 20 board with 28 units a side, and the mover's own beam eats the first thousands):
/// on 7.5k nodes level 5 beat level 3 in 10 of 20 games, on 40k in 16. Past that, more nodes
/// bought nothing even with replies as long as the turns (level 8 on 150k against level 6:
/// 10 / 8 / 2 in 20, as on 90k), and the third turn alone is a small step: level 8 beat
/// level 6 in 40 % of 40 games, half drawn. A Critters side that searches a turn fewer still
/// holds its brains and green squares (lapses, tried, drew more), so levels 1-6 play random
/// turns instead: 10 % at level 6 took 8 vs 6 to 18 of 19 won (see `docs/engines.md`).
const CRITTERS: Ladder = Ladder {
    nodes: [112, 300, 750, 1_875, 30_000, 45_000, 60_000, 90_000],
    depth: [1, 1, 1, 1, 2, 2, 3, 3],
    noise: [1_000, 600, 300, 150, 0, 0, 0, 0],
    lapse: [0; 8],
    random: [45, 35, 25, 20, 15, 10, 0, 0],
};

/// The node budget, depth, noise, lapses and random turns of `level` in `variant`.
pub fn budget(variant: Variant, level: Level) -> Budget {
    let ladder = match variant {
        Variant::One => &CHESIMALS_I,
        Variant::Two => &CHESIMALS_II,
        Variant::Critters => &CRITTERS,
    };
    let index = level.index();
    Budget {
        nodes: ladder.nodes[index],
        depth: ladder.depth[index],
        noise: ladder.noise[index],
        lapse: ladder.lapse[index],
        random: ladder.random[index],
    }
}

/// What a draw costs the searching side (hundredths of a guard), at every level: two engines
/// that each rate the draw a little below an even game trade and attack rather than shuffle
/// into the 50-turn draw (measured with the two-turn search: level 7 vs 5 won 7 of 20 games
/// without contempt, 10 with it; see `docs/engines.md`).
const CONTEMPT: i32 = 200;

/// How a node budget is spent.
#[derive(Clone, Copy, Debug)]
struct Plan {
    /// The beam of our own turn.
    width: usize,
    /// Candidate turns kept for the reply search.
    finalists: usize,
    /// The beam of the opponent's reply.
    reply_width: usize,
    /// The longest turn tried (unit moves), at every ply: a reply cut shorter than the
    /// mover's own turns makes the search an optimist (measured in Critters, replies of 4
    /// unit moves against turns of 8: level 8 beat level 6 in 6 of 20 games and lost 8; with
    /// replies as long as the turns it won 10 and lost 1).
    actions: usize,
    /// Depth 3: the replies answered, and the beam of the mover's answer (its turns as long
    /// as `actions`).
    replies: usize,
    third_width: usize,
}

impl Plan {
    fn new(budget: &Budget, variant: Variant) -> Self {
        let width: usize = match budget.nodes {
            0..600 => 1,
            600..2_000 => 2,
            2_000..6_000 => 3,
            6_000..12_000 => 4,
            _ => 5,
        };
        // A Critters side may move all its 28 units: its turns are cut shorter, its beams
        // narrower, or one turn would eat the whole budget. Its replies get the mover's own
        // beam: level 6 beat level 4 in 15 of 20 games with replies three wide, 12 with two.
        let (width, reply_width, actions) = match variant {
            Variant::One | Variant::Two => (width, width.div_ceil(2), 9),
            Variant::Critters => (width.min(3), width.min(3), 5 + width),
        };
        Self {
            width,
            finalists: 6 + 4 * width,
            reply_width,
            actions,
            // More answered replies make the search more pessimistic, not stronger (each
            // greedy answer may miss the refutation of a reply): with 20 games of level 8 vs
            // 6, 2 replies won 10, 3 won 6, 6 with answers two wide won 4.
            replies: 2,
            third_width: 1,
        }
    }
}

/// A partial turn in the beam.
struct State {
    position: Position,
    captured: bool,
    line: Vec<Move>,
    key: u64,
}

/// An action tried from a beam state.
struct Tried {
    score: i32,
    /// The turn so far captured (the 50-turn count starts again).
    captured: bool,
    parent: usize,
    mv: Move,
    key: u64,
}

/// A complete candidate turn: `line` (without its closing `End`) leads to `position`.
struct Candidate {
    score: i32,
    position: Position,
    line: Vec<Move>,
    key: u64,
}

impl Candidate {
    /// The whole turn as played: closed with `End` unless it won the game outright.
    fn turn(&self) -> Vec<Move> {
        let mut turn = self.line.clone();
        if turn.is_empty() {
            turn.push(Move::Pass);
        } else if !self.position.status().is_over() && self.position.turn_in_progress() {
            turn.push(Move::End { promote: None });
        }
        turn
    }

    /// The position once the turn is closed (the opponent to move).
    fn closed(&self) -> Position {
        let mut position = self.position.clone();
        if position.status().is_over() {
            return position;
        }
        if position.turn_in_progress() {
            position.play_unchecked(Move::End { promote: None });
        } else {
            position.play_unchecked(Move::Pass);
        }
        position
    }
}

struct Searcher {
    nodes: u64,
    limit: u64,
    eval: Evaluator,
    moves: Vec<Move>,
}

/// A whole turn: unit moves, then `End` (or a lone `Pass`; a turn that wins outright stops at
/// its winning capture). `None` only when the game is over.
pub fn search(position: &Position, budget: &Budget, seed: u64) -> Option<Thought<Vec<Move>>> {
    if position.status().is_over() {
        return None;
    }
    let plan = Plan::new(budget, position.variant());
    let mut searcher = Searcher {
        nodes: 0,
        limit: budget.nodes.max(1),
        eval: Evaluator::new(position),
        moves: Vec::new(),
    };
    searcher.eval.contempt = CONTEMPT;
    let mut rng = SeededRng::new(seed);
    let mut budget = *budget;
    // Drawn only when the level has them, so the other levels' noise draws stay as they were.
    if budget.random > 0 && rng.below(100) < u64::from(budget.random) {
        return Some(searcher.random_turn(position, &mut rng));
    }
    if budget.lapse > 0 && rng.below(100) < u64::from(budget.lapse) {
        if budget.depth <= 1 {
            return Some(searcher.random_turn(position, &mut rng));
        }
        budget.depth -= 1;
    }
    let budget = &budget;
    let candidates = searcher.beam(position, plan.width, plan.actions, plan.finalists);
    let Some(first) = candidates.first() else {
        // No unit can move: the lone pass.
        let mut after = position.clone();
        after.play_unchecked(Move::Pass);
        let score = -searcher.eval.evaluate(
            &after,
            position.side_to_move().opposite(),
            after.quiet_turns(),
        );
        return Some(Thought {
            best: vec![Move::Pass],
            score,
            nodes: searcher.nodes,
            depth: 1,
        });
    };
    let mut best = (i32::MIN, 0usize, first.score);
    let mut depth = 1;
    let mut verified = i32::MIN;
    for (number, candidate) in candidates.iter().enumerate() {
        let drawn = noise(&mut rng, budget.noise);
        let value = if budget.depth >= 2 {
            // Verify while the budget lasts, and past it (up to twice) while every turn seen
            // loses by force.
            let losing = verified <= -WIN_NEXT + 1000;
            if number > 0
                && searcher.nodes >= searcher.limit
                && (!losing || searcher.nodes >= 2 * searcher.limit)
            {
                break;
            }
            depth = budget.depth;
            // Only a value above the best noisy score so far can change the choice.
            let alpha = best.0.saturating_sub(drawn);
            searcher.candidate_value(candidate, &plan, depth, alpha, i32::MAX)
        } else {
            candidate.score
        };
        verified = verified.max(value);
        let noisy = value.saturating_add(drawn);
        if noisy > best.0 {
            best = (noisy, number, value);
        }
    }
    let chosen = &candidates[best.1];
    Some(Thought {
        best: chosen.turn(),
        score: best.2,
        nodes: searcher.nodes,
        depth,
    })
}

fn noise(rng: &mut SeededRng, noise: i32) -> i32 {
    if noise <= 0 {
        return 0;
    }
    let span = 2 * u64::from(noise.unsigned_abs()) + 1;
    rng.below(span) as i32 - noise
}

impl Searcher {
    /// A random turn (a lapse at depth 1): random actions until the turn ends, as the
    /// `random` player plays.
    fn random_turn(&mut self, root: &Position, rng: &mut SeededRng) -> Thought<Vec<Move>> {
        let side = root.side_to_move();
        let mut position = root.clone();
        let mut line = Vec::new();
        loop {
            position.legal_moves(&mut self.moves);
            if position.passes() > 0 && self.moves.len() > 1 {
                // Even a random turn does not pass into the both-pass draw while it may move.
                self.moves.retain(|mv| *mv != Move::Pass);
            }
            if self.moves.is_empty() {
                break;
            }
            let mv = self.moves[rng.below(self.moves.len() as u64) as usize];
            position.play_unchecked(mv);
            line.push(mv);
            if position.side_to_move() != side || position.status().is_over() {
                break;
            }
        }
        let score = -self
            .eval
            .evaluate(&position, side.opposite(), position.quiet_turns());
        Thought {
            best: line,
            score,
            nodes: 0,
            depth: 0,
        }
    }

    /// The best complete turns from `root` for its side to move, best first, at most `keep`,
    /// each scored by the evaluation after it.
    fn beam(
        &mut self,
        root: &Position,
        width: usize,
        actions: usize,
        keep: usize,
    ) -> Vec<Candidate> {
        let me = root.side_to_move();
        let quiet_after = root.quiet_turns().saturating_add(1);
        let mut beam = vec![State {
            position: root.clone(),
            captured: false,
            line: Vec::new(),
            key: 0,
        }];
        let mut pool: Vec<Candidate> = self.pass_candidate(root).into_iter().collect();
        let mut tried: Vec<Tried> = Vec::new();
        let mut best = i32::MIN;
        let mut stale = 0;
        for _ in 0..actions {
            tried.clear();
            for (parent, state) in beam.iter().enumerate() {
                state.position.legal_moves(&mut self.moves);
                let moves = unit_moves(&state.position, &self.moves);
                for mv in moves {
                    let mut child = state.position.clone();
                    child.play_unchecked(mv);
                    let captured = state.captured || is_capture(&state.position, mv);
                    let quiet = if captured { 0 } else { quiet_after };
                    let score = -self.eval.evaluate(&child, me.opposite(), quiet);
                    self.nodes += 1;
                    tried.push(Tried {
                        score,
                        parent,
                        mv,
                        captured,
                        key: state.key ^ move_key(&state.position, mv),
                    });
                }
            }
            if tried.is_empty() {
                break;
            }
            // Stable: equal scores keep the generation order, so the search is deterministic.
            tried.sort_by_key(|entry| std::cmp::Reverse(entry.score));
            let mut next: Vec<State> = Vec::new();
            let mut taken = 0;
            let mut seen: Vec<u64> = Vec::new();
            for entry in &tried {
                if taken >= width.max(keep) {
                    break;
                }
                if seen.contains(&entry.key) || pool.iter().any(|c| c.key == entry.key) {
                    continue;
                }
                seen.push(entry.key);
                taken += 1;
                let parent = &beam[entry.parent];
                let mut position = parent.position.clone();
                position.play_unchecked(entry.mv);
                let mut line = parent.line.clone();
                line.push(entry.mv);
                let over = position.status().is_over();
                if taken <= width && !over {
                    next.push(State {
                        position: position.clone(),
                        captured: entry.captured,
                        line: line.clone(),
                        key: entry.key,
                    });
                }
                if taken <= keep {
                    pool.push(Candidate {
                        score: entry.score,
                        position,
                        line,
                        key: entry.key,
                    });
                }
            }
            let top = tried[0].score;
            if top > best {
                best = top;
                stale = 0;
            } else {
                stale += 1;
            }
            if stale >= 2 || top >= WIN_NEXT || next.is_empty() || self.nodes >= self.limit {
                break;
            }
            beam = next;
        }
        pool.sort_by_key(|candidate| std::cmp::Reverse(candidate.score));
        pool.truncate(keep);
        pool
    }

    /// The turn that moves no unit, where the rules leave it as a choice (Critters, at a
    /// turn's start, though units could move), scored like any candidate. Left out when it
    /// would complete the both-pass draw while the position as it stands is worth more to
    /// the mover than that draw: a side never passes a won game away.
    fn pass_candidate(&mut self, root: &Position) -> Option<Candidate> {
        if !root.variant().is_critters() || root.turn_in_progress() || !root.is_legal(Move::Pass) {
            return None;
        }
        let me = root.side_to_move();
        let mut position = root.clone();
        position.play_unchecked(Move::Pass);
        self.nodes += 1;
        let score = -self
            .eval
            .evaluate(&position, me.opposite(), position.quiet_turns());
        if position.status().is_over() && score < self.eval.evaluate(root, me, root.quiet_turns()) {
            return None;
        }
        Some(Candidate {
            score,
            position: root.clone(),
            line: Vec::new(),
            key: 0,
        })
    }

    /// What `candidate` is worth to its mover, searched `depth` turns deep in all (its own
    /// turn the first): the opponent's best beam replies, each answered, and so on, the last
    /// turn scored by the evaluation. Alpha-beta over beams: `alpha` and `beta` bound the
    /// value for the candidate's mover.
    fn candidate_value(
        &mut self,
        candidate: &Candidate,
        plan: &Plan,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if depth <= 1 {
            let after = candidate.closed();
            let mover = candidate.position.side_to_move();
            return self.eval.evaluate(&after, mover, after.quiet_turns());
        }
        let bound = -alpha.max(-i32::MAX);
        self.after_turn(candidate, |searcher, after| {
            searcher.turn_value(after, plan, depth - 1, 1, -beta, bound)
        })
    }

    /// The turns searched at `ply` (1: the opponent's reply to the root's turn, 2: the root
    /// side's answer, and so on), best first by the evaluation; or, when no unit can move,
    /// the value of the lone pass for the side to move.
    fn ply_turns(
        &mut self,
        position: &Position,
        plan: &Plan,
        depth: u32,
        ply: u32,
    ) -> Result<Vec<Candidate>, i32> {
        let width = if ply % 2 == 1 {
            plan.reply_width
        } else {
            plan.third_width
        };
        let keep = if depth <= 1 { 1 } else { plan.replies };
        let turns = self.beam(position, width, plan.actions, keep);
        if !turns.is_empty() {
            return Ok(turns);
        }
        let mut passed = position.clone();
        passed.play_unchecked(Move::Pass);
        let next = position.side_to_move().opposite();
        Err(-self.eval.evaluate(&passed, next, passed.quiet_turns()))
    }

    /// What `turn` (a candidate at some ply) is worth to its mover, the rest of the search
    /// done by `deeper` on the position after it (the opponent to move).
    fn after_turn(
        &mut self,
        turn: &Candidate,
        deeper: impl FnOnce(&mut Self, &Position) -> i32,
    ) -> i32 {
        let mover = turn.position.side_to_move();
        let after = turn.closed();
        if after.status().is_over() {
            self.eval.evaluate(&after, mover, after.quiet_turns())
        } else {
            -deeper(self, &after)
        }
    }

    /// The value of `position` for its side to move, `depth` turns searched from `ply` (see
    /// [`Searcher::ply_turns`]), with alpha-beta cut-offs.
    fn turn_value(
        &mut self,
        position: &Position,
        plan: &Plan,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let turns = match self.ply_turns(position, plan, depth, ply) {
            Ok(turns) => turns,
            Err(passed) => return passed,
        };
        if depth <= 1 {
            return turns[0].score;
        }
        let mut best = i32::MIN + 1;
        for turn in &turns {
            let bound = -alpha.max(best);
            let value = self.after_turn(turn, |searcher, after| {
                searcher.turn_value(after, plan, depth - 1, ply + 1, -beta, bound)
            });
            best = best.max(value);
            alpha = alpha.max(best);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// The unit moves among `moves`, one per (from, to): in Critters a move some brains could
/// pay for is listed once per brain; the search keeps the brain with the most capacity left.
fn unit_moves(position: &Position, moves: &[Move]) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::with_capacity(moves.len());
    for &mv in moves {
        let Move::Unit { from, to, brain } = mv else {
            continue;
        };
        if let Some(Move::Unit {
            from: last_from,
            to: last_to,
            brain: last_brain,
        }) = out.last_mut()
            && *last_from == from
            && *last_to == to
        {
            let charges = |brain: Option<Square>| brain.map_or(0, |b| position.charges(b));
            if charges(brain) < charges(*last_brain) {
                *last_brain = brain;
            }
            continue;
        }
        out.push(mv);
    }
    out
}

fn is_capture(position: &Position, mv: Move) -> bool {
    matches!(mv, Move::Unit { to, .. } if position.unit_at(to).is_some())
}

/// The change a unit move makes to the board's key (units leave and arrive): two turns that
/// reach the same board by different orders get the same key.
fn move_key(position: &Position, mv: Move) -> u64 {
    let Move::Unit { from, to, .. } = mv else {
        return 0;
    };
    let Some(unit) = position.unit_at(from) else {
        return 0;
    };
    let mut key = square_key(from, unit) ^ square_key(to, unit);
    if let Some(victim) = position.unit_at(to) {
        key ^= square_key(to, victim);
    }
    key
}

fn square_key(square: Square, unit: Unit) -> u64 {
    let code = (u64::from(square.file) << 24)
        | (u64::from(square.rank) << 16)
        | ((unit.side.index() as u64) << 8)
        | (unit.colour.map_or(15, |colour| colour as u64) << 4)
        | unit.kind as u64;
    SeededRng::new(code).next_u64()
}
