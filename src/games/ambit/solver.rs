//! The exact solver: the fewest pieces that solve a footprint, proven, and every minimal
//! solution counted.
//!
//! A solution is a set of valid placements on distinct squares whose footprints cover the
//! puzzle footprint. Valid placements only ever cover footprint squares, so "the union equals
//! the footprint" is "the union covers it"; and a piece never covers its own square, so in
//! such a cover every piece standing inside the footprint is covered by another one: anchoring
//! comes free (the note in `rules/ambit.md`). The search is therefore a set cover over the
//! valid placements, with the extra rule that no two chosen placements share a square.
//!
//! Method: iterative deepening on the number of pieces `k`, from a lower bound up to the size
//! of a first solution found by a depth-first dive. At each node the uncovered square with the
//! fewest usable placements is branched on (none: dead end). To count *sets* once each, the
//! i-th placement covering that square is tried with the 1st..(i-1)-th forbidden below it, so
//! a solution is found only under its first member covering the square. Pruning uses a lower
//! bound on the pieces still needed: uncovered squares chosen so that no valid placement
//! covers two of them each need their own piece.

use super::footprint;
use super::{Footprint, Placement};

/// The solver's findings for a footprint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The fewest pieces that solve the footprint.
    pub min_pieces: usize,
    /// How many distinct minimal solutions (sets of placements) there are.
    pub solutions: u64,
    /// One minimal solution, the first found, sorted by text.
    pub example: Vec<Placement>,
    /// How many valid placements the footprint has (each piece on each square).
    pub valid_placements: usize,
    /// The valid placements that belong to at least one minimal solution.
    pub useful: Vec<Placement>,
}

impl Solution {
    /// The valid placements that belong to no minimal solution.
    pub fn traps(&self) -> usize {
        self.valid_placements - self.useful.len()
    }
}

/// Candidate sets: one bit per valid placement (at most 5 x 64 = 320).
type Set = [u64; 5];

fn set_has(set: &Set, i: usize) -> bool {
    set[i / 64] & (1 << (i % 64)) != 0
}

fn set_add(set: &mut Set, i: usize) {
    set[i / 64] |= 1 << (i % 64);
}

fn set_remove(set: &mut Set, i: usize) {
    set[i / 64] &= !(1 << (i % 64));
}

fn set_minus(a: &Set, b: &Set) -> Set {
    std::array::from_fn(|w| a[w] & !b[w])
}

/// The valid placements of a footprint and the tables the search reads.
struct Candidates {
    placements: Vec<Placement>,
    masks: Vec<u64>,
    squares: Vec<u8>,
    /// `covering[x]`: the candidates whose footprint holds square `x`, biggest first.
    covering: Vec<Vec<u16>>,
    /// `cover_sets[x]`: the same as a set.
    cover_sets: Vec<Set>,
    /// `on_square[s]`: the candidates standing on square `s`.
    on_square: [Set; 64],
    /// `reach[x]`: every square some candidate covering `x` covers, and `x` itself.
    reach: [u64; 64],
    /// The squares by growing reach, for the lower bound.
    bound_order: Vec<u8>,
}

impl Candidates {
    fn new(footprint: Footprint) -> Self {
        let placements: Vec<Placement> = footprint.valid_placements().collect();
        let masks: Vec<u64> = placements.iter().map(|p| p.attacks()).collect();
        let squares: Vec<u8> = placements
            .iter()
            .map(|p| footprint::index(p.square) as u8)
            .collect();
        let mut covering: Vec<Vec<u16>> = vec![Vec::new(); 64];
        let mut on_square = [[0u64; 5]; 64];
        let mut reach = [0u64; 64];
        for (i, (&mask, &square)) in masks.iter().zip(&squares).enumerate() {
            set_add(&mut on_square[square as usize], i);
            for x in footprint::squares(mask) {
                let x = footprint::index(x);
                covering[x].push(i as u16);
                reach[x] |= mask;
            }
        }
        for (x, list) in covering.iter_mut().enumerate() {
            list.sort_by_key(|&i| std::cmp::Reverse(masks[i as usize].count_ones()));
            reach[x] |= 1 << x;
        }
        let cover_sets = covering
            .iter()
            .map(|list| {
                let mut set = [0u64; 5];
                for &i in list {
                    set_add(&mut set, i as usize);
                }
                set
            })
            .collect();
        let mut bound_order: Vec<u8> = footprint::squares(footprint.0)
            .map(|s| footprint::index(s) as u8)
            .collect();
        bound_order.sort_by_key(|&x| reach[x as usize].count_ones());
        Self {
            placements,
            masks,
            squares,
            covering,
            cover_sets,
            on_square,
            reach,
            bound_order,
        }
    }

    /// Every candidate, as a set.
    fn all(&self) -> Set {
        let mut all: Set = [0; 5];
        for i in 0..self.placements.len() {
            set_add(&mut all, i);
        }
        all
    }

    /// A lower bound on the pieces needed to cover `uncovered`.
    fn lower_bound(&self, uncovered: u64) -> usize {
        let mut left = uncovered;
        let mut bound = 0;
        for &x in &self.bound_order {
            if left == 0 {
                break;
            }
            if left & (1 << x) != 0 {
                left &= !self.reach[x as usize];
                bound += 1;
            }
        }
        bound
    }
}

struct Search<'a> {
    candidates: &'a Candidates,
    /// Stop at the first solution (the dive for an upper bound).
    first_only: bool,
    found: u64,
    first: Option<Vec<u16>>,
    used: Set,
    stack: Vec<u16>,
}

impl<'a> Search<'a> {
    /// A search over `candidates` that stops at its first solution when `first_only`.
    fn new(candidates: &'a Candidates, first_only: bool, depth: usize) -> Self {
        Search {
            candidates,
            first_only,
            found: 0,
            first: None,
            used: [0; 5],
            stack: Vec::with_capacity(depth),
        }
    }

    /// Notes the placements on the stack as a solution.
    fn record(&mut self) {
        self.found += 1;
        if self.first.is_none() {
            self.first = Some(self.stack.clone());
        }
        for &i in &self.stack {
            set_add(&mut self.used, i as usize);
        }
    }

    fn dive(&mut self, uncovered: u64, allowed: Set, left: usize) {
        if uncovered == 0 {
            self.record();
            return;
        }
        if left == 0 {
            return;
        }
        let candidates = self.candidates;
        if left == 1 {
            // The last piece must cover everything left: no need to choose a square.
            let x = uncovered.trailing_zeros() as usize;
            for &i in &candidates.covering[x] {
                let i = i as usize;
                if set_has(&allowed, i) && candidates.masks[i] & uncovered == uncovered {
                    self.stack.push(i as u16);
                    self.record();
                    self.stack.pop();
                    if self.first_only {
                        return;
                    }
                }
            }
            return;
        }
        if candidates.lower_bound(uncovered) > left {
            return;
        }
        // The uncovered square with the fewest usable candidates.
        let mut best: Option<(usize, u32)> = None;
        let mut rest = uncovered;
        while rest != 0 {
            let x = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let cover = &candidates.cover_sets[x];
            let options: u32 = (0..5).map(|w| (allowed[w] & cover[w]).count_ones()).sum();
            if options == 0 {
                return;
            }
            if best.is_none_or(|(_, fewest)| options < fewest) {
                best = Some((x, options));
            }
        }
        let Some((x, _)) = best else { return };
        let mut siblings = allowed;
        for &i in &candidates.covering[x] {
            let i = i as usize;
            if !set_has(&siblings, i) {
                continue;
            }
            let square = candidates.squares[i] as usize;
            let below = set_minus(&siblings, &candidates.on_square[square]);
            self.stack.push(i as u16);
            self.dive(uncovered & !candidates.masks[i], below, left - 1);
            self.stack.pop();
            if self.first_only && self.found > 0 {
                return;
            }
            set_remove(&mut siblings, i);
        }
    }
}

/// Solves `footprint`: `None` when no set of pieces does. The empty footprint is solved by
/// no pieces at all.
pub fn solve(footprint: Footprint) -> Option<Solution> {
    let candidates = Candidates::new(footprint);
    let all = candidates.all();
    let mut search = Search::new(&candidates, true, 0);
    search.dive(footprint.0, all, 64);
    let upper = search.first.as_ref()?.len();
    let lower = candidates.lower_bound(footprint.0);
    for k in lower..=upper {
        let mut search = Search::new(&candidates, false, k);
        search.dive(footprint.0, all, k);
        if let Some(first) = search.first {
            let mut example: Vec<Placement> = first
                .iter()
                .map(|&i| candidates.placements[i as usize])
                .collect();
            example.sort_by_key(|p| p.to_string());
            let useful = (0..candidates.placements.len())
                .filter(|&i| set_has(&search.used, i))
                .map(|i| candidates.placements[i])
                .collect();
            return Some(Solution {
                min_pieces: k,
                solutions: search.found,
                example,
                valid_placements: candidates.placements.len(),
                useful,
            });
        }
    }
    // The dive found a solution of `upper` pieces, so the loop has returned.
    None
}

/// A set of `pieces` placements in all that solves `footprint` and includes every one of
/// `forced` (the further placements on squares of their own, none on a square of
/// `blocked`), if there is one. With
/// `pieces` the footprint's minimum, this completes `forced` to a minimal solution.
pub fn complete(
    footprint: Footprint,
    forced: &[Placement],
    blocked: u64,
    pieces: usize,
) -> Option<Vec<Placement>> {
    let candidates = Candidates::new(footprint);
    let mut allowed = candidates.all();
    for square in footprint::squares(blocked) {
        allowed = set_minus(&allowed, &candidates.on_square[footprint::index(square)]);
    }
    standing_apart(footprint, forced)?;
    let mut uncovered = footprint.0;
    for placement in forced {
        uncovered &= !placement.attacks();
        allowed = set_minus(
            &allowed,
            &candidates.on_square[footprint::index(placement.square)],
        );
    }
    let left = pieces.checked_sub(forced.len())?;
    let mut search = Search::new(&candidates, true, left);
    search.dive(uncovered, allowed, left);
    let further = search.first?;
    let mut all = forced.to_vec();
    all.extend(further.iter().map(|&i| candidates.placements[i as usize]));
    Some(all)
}

/// The squares `placements` stand on, if each is valid in `footprint` and no two share a
/// square.
fn standing_apart(footprint: Footprint, placements: &[Placement]) -> Option<u64> {
    let mut squares = 0u64;
    for p in placements {
        let bit = footprint::bit(p.square);
        if !footprint.allows(*p) || squares & bit != 0 {
            return None;
        }
        squares |= bit;
    }
    Some(squares)
}

/// Whether `placements` solve `footprint` (valid, distinct squares, exact union, anchored).
pub fn is_solution(footprint: Footprint, placements: &[Placement]) -> bool {
    if standing_apart(footprint, placements).is_none() {
        return false;
    }
    let covered = Footprint::union_of(placements).0;
    covered == footprint.0
        && placements.iter().all(|p| {
            !footprint.contains(p.square)
                || placements
                    .iter()
                    .any(|q| q != p && q.attacks() & footprint::bit(p.square) != 0)
        })
}
