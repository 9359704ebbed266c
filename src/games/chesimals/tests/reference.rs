//! A naive reference move generator, written straight from the rules' words, checked against
//! the real one along random playouts; perft pinned.

use super::*;

/// The paths of a unit as lists of landing points (offsets from its square): every point but
/// the last is a stop-over that must be empty. Written straight from the rules' words.
fn naive_paths(variant: Variant, kind: Kind) -> Vec<Vec<(i8, i8)>> {
    let mut paths = Vec::new();
    let add = |a: (i8, i8), b: (i8, i8)| (a.0 + b.0, a.1 + b.1);
    let times = |d: (i8, i8), n: i8| (d.0 * n, d.1 * n);
    match kind {
        Kind::Chief => {
            for a in KING_STEPS {
                paths.push(vec![a]);
                for b in KING_STEPS {
                    paths.push(vec![a, add(a, b)]);
                }
            }
        }
        Kind::Knight => paths.extend(KNIGHT_JUMPS.iter().map(|&j| vec![j])),
        Kind::Warmachine | Kind::Elephant => {
            let dirs = if kind == Kind::Warmachine {
                ROOK_DIRECTIONS
            } else {
                BISHOP_DIRECTIONS
            };
            for d in dirs {
                for first in [d, times(d, 2)] {
                    paths.push(vec![first]);
                    for second in [d, times(d, 2)] {
                        let total = add(first, second);
                        let allowed = match variant {
                            Variant::One => false,
                            Variant::Two => total.0.abs().max(total.1.abs()) == 3,
                            Variant::Critters => true,
                        };
                        if allowed {
                            paths.push(vec![first, total]);
                        }
                    }
                }
            }
        }
        Kind::Guard => {
            for d in KING_STEPS {
                paths.push(vec![d]);
                if variant != Variant::One {
                    paths.push(vec![d, times(d, 2)]);
                }
            }
        }
    }
    paths
}

fn naive_moves(p: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    if p.status().is_over() {
        return out;
    }
    let size = p.board_size();
    let me = p.side_to_move();
    let moved = p.moved_this_turn();
    let mut joined_cache: Vec<(Colour, Vec<Square>)> = Vec::new();
    for from in size.squares() {
        let Some(unit) = p.unit_at(from) else {
            continue;
        };
        if unit.side != me || moved.contains(&from) {
            continue;
        }
        // Who may pay / is the unit joined?
        let mut payers: Vec<Option<Square>> = Vec::new();
        if p.variant().is_critters() {
            payers = naive_paying_brains(p, from, unit);
        } else {
            let colour = unit.colour.expect("chesimals colour");
            if p.amp_in_play().is_some_and(|a| a != colour) {
                continue;
            }
            let index = match joined_cache.iter().position(|(c, _)| *c == colour) {
                Some(index) => index,
                None => {
                    joined_cache.push((colour, naive_joined(p, colour)));
                    joined_cache.len() - 1
                }
            };
            if joined_cache[index].1.contains(&from) {
                payers.push(None);
            }
        }
        if payers.is_empty() {
            continue;
        }
        for to in naive_targets(p, from, unit) {
            for &brain in &payers {
                out.push(Move::Unit { from, to, brain });
            }
        }
    }
    // "A player moves any units (all, some or none)": in Critters a turn may move none. In
    // Chesimals I and II "at least one unit of a chesimal must move", so a pass is left only
    // to a side that cannot move.
    if p.turn_in_progress() {
        out.push(Move::End { promote: None });
    } else if out.is_empty() || p.variant() == Variant::Critters {
        out.push(Move::Pass);
    }
    out
}

/// The leaves `depth` actions deep, counted with the naive generator (promotions are not in
/// it: the default options have none).
fn naive_perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    naive_moves(p)
        .into_iter()
        .map(|mv| {
            let mut child = p.clone();
            child.play_unchecked(mv);
            naive_perft(&child, depth - 1)
        })
        .sum()
}

/// Critters: who may pay for the unit on `from` (`None` for a brain, which pays itself).
fn naive_paying_brains(p: &Position, from: Square, unit: Unit) -> Vec<Option<Square>> {
    let mut payers = Vec::new();
    if unit.kind == Kind::Chief {
        payers.push(None);
        return payers;
    }
    for brain in p.board_size().squares() {
        let is_brain = p
            .unit_at(brain)
            .is_some_and(|u| u.side == unit.side && u.kind == Kind::Chief);
        let distance = brain
            .file
            .abs_diff(from.file)
            .max(brain.rank.abs_diff(from.rank));
        if is_brain && p.charges(brain) < 24 && distance <= unit.kind.activation_range() {
            payers.push(Some(brain));
        }
    }
    payers
}

/// Chesimals: the units of `colour` joined to its Chief.
fn naive_joined(p: &Position, colour: Colour) -> Vec<Square> {
    let size = p.board_size();
    let chief = size.squares().find(|&s| {
        p.unit_at(s)
            .is_some_and(|u| u.colour == Some(colour) && u.kind == Kind::Chief)
    });
    // Grow the joined set until nothing changes.
    let mut joined: Vec<Square> = chief.into_iter().collect();
    while !joined.is_empty() {
        let before = joined.len();
        for s in size.squares() {
            if joined.contains(&s) || p.unit_at(s).map(|u| u.colour) != Some(Some(colour)) {
                continue;
            }
            let touches = joined
                .iter()
                .any(|j| j.file.abs_diff(s.file) <= 1 && j.rank.abs_diff(s.rank) <= 1);
            if touches {
                joined.push(s);
            }
        }
        if joined.len() == before {
            break;
        }
    }
    joined
}

/// Where the unit on `from` may land: the ends of its paths whose stop-overs are empty.
fn naive_targets(p: &Position, from: Square, unit: Unit) -> Vec<Square> {
    let size = p.board_size();
    let own = |s: Square| p.unit_at(s).is_some_and(|u| u.side == unit.side);
    let mut tos: Vec<Square> = Vec::new();
    for path in naive_paths(p.variant(), unit.kind) {
        let points: Option<Vec<Square>> = path.iter().map(|&o| size.offset(from, o)).collect();
        let Some(points) = points else { continue };
        let (last, stops) = points.split_last().expect("non-empty path");
        if stops.iter().any(|&s| p.unit_at(s).is_some()) || own(*last) || *last == from {
            continue;
        }
        if !tos.contains(last) {
            tos.push(*last);
        }
    }
    tos
}

fn sorted(moves: &[Move]) -> Vec<String> {
    let mut out: Vec<String> = moves.iter().map(|mv| format!("{mv:?}")).collect();
    out.sort();
    out
}

/// A random legal action, ending the turn one time in three when it may.
fn random_action(p: &Position, rng: &mut SeededRng, moves: &mut Vec<Move>) -> Option<Move> {
    p.legal_moves(moves);
    if moves.is_empty() {
        return None;
    }
    if moves.contains(&Move::End { promote: None }) && rng.below(3) == 0 {
        return Some(Move::End { promote: None });
    }
    Some(moves[rng.below(moves.len() as u64) as usize])
}

#[test]
fn the_naive_generator_agrees_along_random_playouts() {
    let mut rng = SeededRng::new(2015);
    let mut moves = Vec::new();
    for variant in Variant::ALL {
        for game in 0..10 {
            let mut p = start(variant);
            for step in 0..1500 {
                p.legal_moves(&mut moves);
                assert_eq!(sorted(&moves), sorted(&naive_moves(&p)), "{p:?}");
                if step % 7 == game {
                    assert_round_trip(&p);
                    // Every listed action passes the reasoned check, with its text.
                    for &mv in &moves {
                        assert_eq!(p.check(mv), Ok(mv), "{mv:?}");
                        assert_eq!(p.parse_move(&p.move_text(mv)), Ok(mv), "{mv:?}");
                    }
                    // And some random unit moves not listed are refused.
                    for _ in 0..20 {
                        let from = p
                            .size
                            .square_at(rng.below(p.size.square_count() as u64) as usize);
                        let to = p
                            .size
                            .square_at(rng.below(p.size.square_count() as u64) as usize);
                        let mv = p.parse_move(&format!("{from}-{to}"));
                        if let Ok(mv) = mv {
                            assert!(moves.contains(&mv), "{mv:?} accepted but not listed");
                        }
                    }
                }
                let Some(mv) = random_action(&p, &mut rng, &mut moves) else {
                    break;
                };
                p.play_unchecked(mv);
            }
        }
    }
}

#[test]
fn random_playouts_always_end() {
    let mut rng = SeededRng::new(1);
    let mut moves = Vec::new();
    let mut reasons = Vec::new();
    for variant in Variant::ALL {
        for options in [
            CrittersOptions::default(),
            CrittersOptions {
                growth: true,
                promotion: true,
                brains: 3,
            },
        ] {
            for _ in 0..20 {
                let mut p = Position::new(variant, options);
                let mut actions = 0;
                while let Some(mv) = random_action(&p, &mut rng, &mut moves) {
                    assert!(p.is_legal(mv));
                    p.play(mv).expect("listed actions are legal");
                    actions += 1;
                    assert!(actions < 200_000, "{p:?}");
                }
                let Status::Over(outcome) = p.status() else {
                    panic!("no moves but not over: {p:?}");
                };
                assert_round_trip(&p);
                reasons.push(outcome.reason);
            }
        }
    }
    println!("{reasons:?}");
}

#[test]
fn perft_is_pinned() {
    let expected: [(Variant, [u64; 3]); 3] = [
        (Variant::One, [55, 735, 10945]),
        (Variant::Two, [82, 1572, 31005]),
        (Variant::Critters, [143, 20025, 2746986]),
    ];
    for (variant, numbers) in expected {
        let p = start(variant);
        for (depth, &n) in numbers.iter().enumerate() {
            let depth = depth as u32 + 1;
            let count = perft(&p, depth);
            println!("{} perft {depth} = {count}", variant.name());
            assert_eq!(count, n, "{} depth {depth}", variant.name());
        }
    }
}

/// Critters' turn may move none of its units: `pass` is an action at every turn start, so
/// the start has its 142 unit moves and the pass, and the naive reading counts the same.
#[test]
fn critters_perft_counts_the_pass_and_agrees_with_the_naive_reading() {
    let p = start(Variant::Critters);
    assert_eq!(perft(&p, 1), 143);
    assert_eq!(naive_perft(&p, 1), 143);
    assert_eq!(perft(&p, 2), naive_perft(&p, 2));
    let options = CrittersOptions {
        growth: true,
        promotion: true,
        brains: 2,
    };
    let grown = Position::new(Variant::Critters, options);
    assert_eq!(perft(&grown, 1), 143);
    assert_eq!(perft(&grown, 2), 20_025);
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    assert_eq!(moves.last(), Some(&Move::Pass));
    // Mid-turn the pass is gone, and Chesimals I and II never offer it while a unit can move.
    let mut mid = p.clone();
    mid.play_unchecked(moves[0]);
    mid.legal_moves(&mut moves);
    assert!(!moves.contains(&Move::Pass));
    assert!(mid.check(Move::Pass).is_err());
    for variant in [Variant::One, Variant::Two] {
        let p = start(variant);
        p.legal_moves(&mut moves);
        assert!(!moves.contains(&Move::Pass), "{variant:?}");
        assert!(p.check(Move::Pass).is_err(), "{variant:?}");
    }
}

#[test]
#[ignore = "timing; run with --release -- --ignored"]
fn legal_moves_are_fast() {
    for variant in Variant::ALL {
        let p = start(variant);
        let mut moves = Vec::with_capacity(1024);
        let clock = std::time::Instant::now();
        for _ in 0..10_000 {
            p.legal_moves(&mut moves);
        }
        let micros = clock.elapsed().as_secs_f64() * 1e6 / 10_000.0;
        println!("{}: {micros:.2} us", variant.name());
        assert!(micros < 100.0);
    }
}
