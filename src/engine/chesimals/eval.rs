//! The static evaluation of a Chesimals or Critters position whose turn is (taken as)
//! closed: the side named `next` moves next.
//!
//! Terms, in hundredths of a Chesimals guard:
//! - **Material**, each unit at its type's value ([`value`]); a unit that cannot start a move
//!   (a Chesimals unit cut off from its Chief, a Critters unit out of every brain's range) at
//!   three quarters, a leaderless Chesimals unit (its Chief is gone: it never moves again) at a
//!   quarter.
//! - **Threats**: the captures each side could make in its coming turn, every capture worth
//!   the victim less the attacker when the victim is guarded (one exchange). A Chesimals turn
//!   moves one AMP, so a side's threat is its best AMP's; a Critters turn may move every unit,
//!   so it is the sum. `next` will make its captures (85 %), the other side's only bite if
//!   `next` ignores them (30 %). A royal Chief (Critters: brain) that `next` can capture and
//!   that is its side's last is a win next turn, a forced result beyond [`WON`].
//! - **Mobility**: 2 per square a mobile unit reaches.
//! - **Hunting**: mobile units other than royal Chiefs earn for standing near the enemy royal
//!   Chiefs (Critters: the enemy brains and green squares, at a third of the weight); in
//!   Chesimals the weight grows with the side's material edge (and then the royal Chiefs
//!   march too), so an engine that is ahead goes for the win instead of shuffling into the
//!   50-turn draw. A Chesimals group moves only while joined to its Chief, so the Chiefs lead
//!   the march.
//! - **Chief safety**: enemy units within two squares of a royal Chief or brain cost, own
//!   units next to it earn; in Chesimals, so does each square it could flee to unattacked.
//! - **The drive** (Chesimals; a lone king's mop-up in chess): once the enemy is ahead, a
//!   royal Chief is worth its room to run and its distance from the board's edge, times the
//!   enemy's hunting weight. A Chief moves two squares a turn and flees single-stepping hunters for ever in
//!   open country; herded to an edge, it is caught.
//! - **Both royal Chiefs at once**: one AMP that could take every enemy royal Chief left in
//!   its coming turn is worth [`ALL_ROYALS`] (the enemy moves one AMP: it saves one Chief at
//!   most).
//! - **Green squares** (Critters): 150 a square held; three held by `next` at the start of its
//!   turn is a win, three held by the other side must be broken up at once.
//! - **Contempt**: a drawn game is worth `-contempt` to the searching side (`me`) and
//!   `+contempt` to its opponent; as the 50-turn draw nears, every score shrinks toward that
//!   draw value, so the searcher would rather capture (the count starts again) than drift
//!   into the draw from an even position.
//!
//! The board is read through the rules core only (`unit_at`, `mobile_units`, `reach`).

use crate::engine::WON;
use crate::games::chesimals::{Kind, Position, QUIET_TURN_LIMIT, Unit, Variant};
use crate::games::geometry::Square;
use crate::games::{Side, Status, TwoPlayerGame};

/// The game is over: won (or lost) on the board.
pub(super) const WIN_NOW: i32 = WON + 3000;
/// `next` wins at the start of its coming turn, or with its first capture: forced.
pub(super) const WIN_NEXT: i32 = WON + 1000;
/// The other side holds three green squares and `next` cannot reach any of them: lost unless
/// a capture opens a way (not proven, so below [`WON`]).
const GREENS_LOST: i32 = 20_000;

/// Quiet turns left below which the evaluation shrinks toward the draw.
const QUIET_FREE: i32 = 70;
const MOBILITY: i32 = 2;
/// The hunting weight per square nearer, as level. A Critters unit that walks out of its
/// brains' range stops for good, so it walks less.
const HUNT: i32 = 12;
const HUNT_CRITTERS: i32 = 4;
/// Extra hunting weight per guard of material edge (hundredths), up to [`HUNT_MAX`]: the side
/// ahead marches on, the side behind keeps its shape.
const HUNT_PER_EDGE: i32 = 1;
const HUNT_MAX: i32 = 20;
const HUNT_RANGE: i32 = 20;
/// Per square a royal Chief lacks, below [`ESCAPE_FREE`] squares to flee to.
const ESCAPE: i32 = 25;
const ESCAPE_FREE: i32 = 6;
/// A royal Chief's worth per square of room to run and per rank or file from the edge, times
/// the enemy's hunting weight (its material edge).
const DRIVE_ROOM: i32 = 10;
const DRIVE_EDGE: i32 = 24;
/// One AMP could take every enemy royal Chief left in its coming turn.
const ALL_ROYALS: i32 = 4000;
const GREEN_HELD: i32 = 150;

/// A unit's value in `variant` (Chesimals I's guard = 100). Royal Chiefs and brains carry
/// the weight of the game; the other Chiefs lead eight units each.
pub(super) fn value(variant: Variant, kind: Kind, royal: bool) -> i32 {
    match (variant, kind) {
        (Variant::Critters, Kind::Chief) => 1500,
        (_, Kind::Chief) if royal => 1200,
        (_, Kind::Chief) => 800,
        (_, Kind::Knight) => 300,
        (Variant::One, Kind::Warmachine) => 250,
        (Variant::One, Kind::Elephant) => 200,
        (Variant::One, Kind::Guard) => 100,
        (Variant::Two, Kind::Warmachine) => 350,
        (Variant::Two, Kind::Elephant) => 300,
        (Variant::Two, Kind::Guard) => 200,
        (Variant::Critters, Kind::Warmachine) => 400,
        (Variant::Critters, Kind::Elephant) => 350,
        (Variant::Critters, Kind::Guard) => 250,
    }
}

/// Whether losing every unit like this one loses the game (royal Chiefs, brains).
fn is_royal(variant: Variant, unit: Unit) -> bool {
    unit.kind == Kind::Chief
        && (variant.is_critters() || unit.colour.is_some_and(|colour| colour.is_royal()))
}

#[derive(Clone, Copy)]
struct Piece {
    square: Square,
    unit: Unit,
    /// Full value (for exchanges: what an attacker risks).
    value: i32,
    /// Value as it stands (cut off or leaderless units count less).
    worth: i32,
    mobile: bool,
    /// The AMP (colour index) in Chesimals, 0 in Critters: a turn moves one group.
    group: u8,
}

/// A capture a side could open its turn with.
#[derive(Clone, Copy)]
struct Capture {
    gain: i32,
    side: Side,
    group: u8,
    attacker: u16,
    victim: u16,
    royal: bool,
}

/// Buffers reused across evaluations (the search evaluates every action it tries).
pub(super) struct Evaluator {
    variant: Variant,
    greens: Vec<Square>,
    pieces: Vec<Piece>,
    /// Square index -> index in `pieces` + 1 (0: empty).
    occupant: Vec<u16>,
    mobile: [Vec<bool>; 2],
    guarded: [Vec<bool>; 2],
    /// Squares each side's mobile units reach.
    attacked: [Vec<bool>; 2],
    captures: Vec<Capture>,
    used: Vec<u16>,
    /// Both sides' material in the setup, for trading down when ahead.
    start_material: i32,
    /// The searching side, and what a draw costs it (contempt).
    pub(super) me: Side,
    pub(super) contempt: i32,
}

/// Both sides' material at full value.
fn material(position: &Position) -> i32 {
    let size = position.board_size();
    size.squares()
        .filter_map(|square| position.unit_at(square))
        .map(|unit| {
            value(
                position.variant(),
                unit.kind,
                is_royal(position.variant(), unit),
            )
        })
        .sum()
}

impl Evaluator {
    pub(super) fn new(position: &Position) -> Self {
        let squares = position.board_size().square_count();
        Self {
            variant: position.variant(),
            greens: position.green_squares(),
            pieces: Vec::with_capacity(64),
            occupant: vec![0; squares],
            mobile: [vec![false; squares], vec![false; squares]],
            guarded: [vec![false; squares], vec![false; squares]],
            attacked: [vec![false; squares], vec![false; squares]],
            captures: Vec::with_capacity(64),
            used: Vec::with_capacity(32),
            start_material: material(&Position::new(position.variant(), position.options())),
            me: position.side_to_move(),
            contempt: 0,
        }
    }

    /// The value of `position` for `next`, who moves next (the turn in progress, if any, is
    /// taken as ended), `quiet` turns without a capture counted once it ends.
    pub(super) fn evaluate(&mut self, position: &Position, next: Side, quiet: u16) -> i32 {
        let draw = if next == self.me {
            -self.contempt
        } else {
            self.contempt
        };
        if let Status::Over(outcome) = position.status()
            && outcome.winner.is_none()
        {
            return draw;
        }
        let score = self.evaluate_board(position, next);
        if score.abs() >= GREENS_LOST {
            return score;
        }
        // The 50-turn draw comes closer: the side ahead is worth less and less unless it
        // captures (which is also why it trades down), the side behind hopes for the draw;
        // the scores shrink toward the draw's value with contempt, not toward 0.
        let left = i32::from(QUIET_TURN_LIMIT.saturating_sub(quiet));
        if left < QUIET_FREE {
            draw + (score - draw) * left / QUIET_FREE
        } else {
            score
        }
    }

    fn evaluate_board(&mut self, position: &Position, next: Side) -> i32 {
        if let Status::Over(outcome) = position.status() {
            return match outcome.winner {
                Some(winner) if winner == next => WIN_NOW,
                Some(_) => -WIN_NOW,
                None => 0,
            };
        }
        let variant = self.variant;
        let size = position.board_size();
        let other = next.opposite();

        let mut held = [0usize; 2];
        for &green in &self.greens {
            if let Some(unit) = position.unit_at(green) {
                held[unit.side.index()] += 1;
            }
        }
        if held[next.index()] >= 3 {
            return WIN_NEXT;
        }

        // The units, and who may move.
        self.pieces.clear();
        self.occupant.fill(0);
        for side in Side::BOTH {
            let mobile = &mut self.mobile[side.index()];
            mobile.fill(false);
            position.mobile_units(side, |square| mobile[size.index(square)] = true);
            self.guarded[side.index()].fill(false);
            self.attacked[side.index()].fill(false);
        }
        let mut royals = [0usize; 2];
        // Chesimals: the colours whose Chief lives (bit per `Colour`).
        let mut chiefs = 0u8;
        let mut targets: [Vec<Square>; 2] = [Vec::new(), Vec::new()];
        for index in 0..size.square_count() {
            let square = size.square_at(index);
            let Some(unit) = position.unit_at(square) else {
                continue;
            };
            let royal = is_royal(variant, unit);
            let full = value(variant, unit.kind, royal);
            let mobile = self.mobile[unit.side.index()][index];
            if unit.kind == Kind::Chief
                && let Some(colour) = unit.colour
            {
                chiefs |= 1 << colour as u8;
            }
            if royal {
                royals[unit.side.index()] += 1;
                targets[unit.side.opposite().index()].push(square);
            }
            self.occupant[index] = self.pieces.len() as u16 + 1;
            self.pieces.push(Piece {
                square,
                unit,
                value: full,
                worth: full,
                mobile,
                group: unit.colour.map_or(0, |colour| colour as u8),
            });
        }
        for piece in &mut self.pieces {
            if !piece.mobile && piece.unit.kind != Kind::Chief {
                let leaderless = piece
                    .unit
                    .colour
                    .is_some_and(|colour| chiefs & (1 << colour as u8) == 0);
                piece.worth = if leaderless {
                    piece.value / 4
                } else {
                    piece.value * 3 / 4
                };
            }
        }
        if variant.is_critters() {
            for &green in &self.greens {
                // A side aims at the green squares on the other half of the board.
                let half = if usize::from(green.rank) < usize::from(size.ranks) / 2 {
                    Side::White
                } else {
                    Side::Black
                };
                targets[half.opposite().index()].push(green);
            }
        }

        // Which units each side guards (its units' reach, as if they were the enemy's).
        for piece in &self.pieces {
            if !piece.mobile {
                continue;
            }
            let flipped = Unit {
                side: piece.unit.side.opposite(),
                ..piece.unit
            };
            let (occupant, pieces, guarded) = (&self.occupant, &self.pieces, &mut self.guarded);
            let own = piece.unit.side;
            position.reach(piece.square, flipped, |to| {
                let index = size.index(to);
                let at = occupant[index];
                if at > 0 && pieces[usize::from(at) - 1].unit.side == own {
                    guarded[own.index()][index] = true;
                }
            });
        }

        // Mobility, captures on offer, hunting and Chief safety.
        let mut score = [0i32; 2];
        let mut material = [0i32; 2];
        let mut win_capture = [false; 2];
        // Per side: how near its mobile units stand to their targets, summed.
        let mut hunt = [0i32; 2];
        let mut royal_hunt = [0i32; 2];
        self.captures.clear();
        for (number, piece) in self.pieces.iter().enumerate() {
            let side = piece.unit.side;
            material[side.index()] += piece.worth;
            if !piece.mobile {
                continue;
            }
            let mut reached = 0;
            let (occupant, pieces, guarded, captures) = (
                &self.occupant,
                &self.pieces,
                &self.guarded,
                &mut self.captures,
            );
            let attacked = &mut self.attacked[side.index()];
            position.reach(piece.square, piece.unit, |to| {
                reached += 1;
                let index = size.index(to);
                attacked[index] = true;
                let at = occupant[index];
                if at == 0 {
                    return;
                }
                let victim = &pieces[usize::from(at) - 1];
                if victim.unit.side == side {
                    return;
                }
                let royal = is_royal(variant, victim.unit);
                let gain = if victim.unit.kind == Kind::Chief {
                    if royal && royals[victim.unit.side.index()] == 1 {
                        win_capture[side.index()] = true;
                    }
                    victim.value + 400
                } else if guarded[victim.unit.side.index()][index] {
                    victim.worth - piece.value
                } else {
                    victim.worth
                };
                if gain > 0 {
                    captures.push(Capture {
                        gain,
                        side,
                        group: piece.group,
                        attacker: number as u16,
                        victim: at - 1,
                        royal,
                    });
                }
            });
            score[side.index()] += MOBILITY * reached;
            let nearest = targets[side.index()]
                .iter()
                .map(|&target| king_distance(piece.square, target))
                .min()
                .unwrap_or(HUNT_RANGE);
            let near = (HUNT_RANGE - nearest).max(0);
            // A Chesimals group moves only while joined to its Chief: the Chief leads the
            // march, a royal Chief only when its side is ahead. A Critters brain stays with
            // the units it activates.
            if is_royal(variant, piece.unit) {
                if !variant.is_critters() {
                    royal_hunt[side.index()] += near;
                }
            } else {
                hunt[side.index()] += near;
            }
        }
        if win_capture[next.index()] {
            return WIN_NEXT;
        }
        for piece in &self.pieces {
            if !is_royal(variant, piece.unit) {
                continue;
            }
            let side = piece.unit.side;
            let mut friends = 0;
            for other_piece in &self.pieces {
                let distance = king_distance(piece.square, other_piece.square);
                if distance == 0 || distance > 2 {
                    continue;
                }
                if other_piece.unit.side == side {
                    if distance == 1 {
                        friends += 1;
                    }
                } else if other_piece.mobile {
                    score[side.index()] -= 20;
                }
            }
            score[side.index()] += 8 * friends.min(4);
            if variant.is_critters() {
                // Brains stay among the units they activate: neither the flight squares nor
                // the drive below helped a Critters engine (measured: both made its games
                // drawn at the 50-turn limit, and the drive lost a game to the random mover).
                continue;
            }
            // A royal Chief with few squares to flee to is one attack from being caught.
            let mut safe = 0;
            let enemy = &self.attacked[side.opposite().index()];
            position.reach(piece.square, piece.unit, |to| {
                if !enemy[size.index(to)] {
                    safe += 1;
                }
            });
            score[side.index()] -= ESCAPE * (ESCAPE_FREE - safe).max(0);
            // Driven like a lone king: once the enemy is ahead, a royal Chief is worth its
            // room to run and its distance from the edge, and the hunter works on both.
            let enemy_edge = material[side.opposite().index()] - material[side.index()];
            let pressed = hunting_weight(enemy_edge);
            let from_edge = i32::from(
                piece
                    .square
                    .file
                    .min(size.files - 1 - piece.square.file)
                    .min(piece.square.rank)
                    .min(size.ranks - 1 - piece.square.rank),
            );
            score[side.index()] += pressed * (DRIVE_ROOM * safe + DRIVE_EDGE * from_edge);
        }

        for side in Side::BOTH {
            let edge = material[side.index()] - material[side.opposite().index()];
            let ahead = if variant.is_critters() {
                0
            } else {
                hunting_weight(edge)
            };
            let base = if variant.is_critters() {
                HUNT_CRITTERS
            } else {
                HUNT
            };
            score[side.index()] += (base + ahead) * hunt[side.index()];
            score[side.index()] += ahead / 2 * royal_hunt[side.index()];
        }

        // Material, and trading down when ahead: an edge counts up to half as much again as
        // the board empties.
        let edge = material[next.index()] - material[other.index()];
        let gone = (self.start_material - material[0] - material[1]).max(0);
        let mut total = edge + edge * gone / (2 * self.start_material.max(1));
        total += score[next.index()] - score[other.index()];
        let (threat_next, all_next) = self.threat(next, royals[other.index()]);
        let (threat_other, all_other) = self.threat(other, royals[next.index()]);
        total += (85 * threat_next - 30 * threat_other) / 100;
        if all_next {
            total += ALL_ROYALS;
        }
        if all_other {
            total -= ALL_ROYALS / 4;
        }

        if variant.is_critters() {
            total += GREEN_HELD * (held[next.index()] as i32 - held[other.index()] as i32);
            if held[other.index()] >= 3 {
                let can_break = self.captures.iter().any(|capture| {
                    capture.side == next
                        && self
                            .greens
                            .contains(&self.pieces[usize::from(capture.victim)].square)
                });
                if !can_break {
                    return -GREENS_LOST;
                }
                total -= 600;
            }
        }
        total
    }

    /// What `side` could capture in one turn: greedy, each attacker and victim once, within
    /// one AMP in Chesimals (the best AMP's), all units in Critters; and whether one such turn
    /// takes all the `royals` the enemy has left.
    fn threat(&mut self, side: Side, royals: usize) -> (i32, bool) {
        self.captures
            .sort_by_key(|capture| std::cmp::Reverse(capture.gain));
        let mut best = 0;
        let mut all = false;
        let groups: u8 = if self.variant.is_critters() { 1 } else { 8 };
        for group in 0..groups {
            self.used.clear();
            let mut sum = 0;
            let mut royal_victims = 0;
            for capture in &self.captures {
                if capture.side != side || capture.group != group {
                    continue;
                }
                let attacker = capture.attacker | 0x8000;
                if self.used.contains(&attacker) || self.used.contains(&capture.victim) {
                    continue;
                }
                self.used.push(attacker);
                self.used.push(capture.victim);
                sum += capture.gain;
                royal_victims += usize::from(capture.royal);
            }
            best = best.max(sum);
            all |= royals > 0 && royal_victims >= royals;
        }
        (best, all)
    }
}

/// The extra hunting weight of a side `edge` ahead in material (none when behind).
fn hunting_weight(edge: i32) -> i32 {
    (edge * HUNT_PER_EDGE / 100).clamp(0, HUNT_MAX)
}

fn king_distance(a: Square, b: Square) -> i32 {
    i32::from(a.file.abs_diff(b.file).max(a.rank.abs_diff(b.rank)))
}
