use super::*;
use crate::games::geometry::{BISHOP_DIRECTIONS, KING_STEPS, KNIGHT_JUMPS, ROOK_DIRECTIONS};
use crate::games::rng::SeededRng;
use crate::games::{EndReason, Outcome, perft};
use proptest::prelude::*;

// ----- helpers -----

fn sq(name: &str) -> Square {
    Square::parse(name).expect("test square")
}

/// Builds a position from `(square, cell)` pairs such as `("e4", "oC")` or `("c3", "wN*")`;
/// `rest` is everything after the board (`w - 0 0 1`, plus the options in Critters).
fn build(variant: Variant, units: &[(&str, &str)], rest: &str) -> Position {
    let size = variant.board_size();
    let mut grid = vec![vec![String::new(); size.files as usize]; size.ranks as usize];
    for &(square, cell) in units {
        let square = sq(square);
        grid[square.rank as usize][square.file as usize] = cell.to_string();
    }
    let mut ranks = Vec::new();
    for rank in (0..size.ranks as usize).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for cell in &grid[rank] {
            if cell.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push_str(cell);
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    let text = format!("{} {} {rest}", variant.name(), ranks.join("/"));
    Position::parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Royal Chiefs for both sides far in the corners, so a Chesimals test position is alive.
const ROYALS: [(&str, &str); 4] = [("l1", "wC"), ("l2", "gC"), ("a16", "bC"), ("a15", "rC")];

fn chesimals(variant: Variant, units: &[(&str, &str)], rest: &str) -> Position {
    let mut all: Vec<(&str, &str)> = ROYALS.to_vec();
    all.extend_from_slice(units);
    build(variant, &all, rest)
}

fn squares(list: &str) -> Vec<Square> {
    let mut out: Vec<Square> = list.split_whitespace().map(sq).collect();
    out.sort();
    out
}

/// The distinct target squares of the unit on `from` among the legal actions.
fn targets(position: &Position, from: &str) -> Vec<Square> {
    let from = sq(from);
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut out: Vec<Square> = moves
        .iter()
        .filter_map(|mv| match *mv {
            Move::Unit { from: f, to, .. } if f == from => Some(to),
            _ => None,
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

fn play(position: &mut Position, text: &str) {
    let mv = position
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e} in {position:?}"));
    position.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn refusal(position: &Position, text: &str) -> &'static str {
    match position.parse_move(text) {
        Ok(mv) => panic!("{text} was accepted as {mv:?}"),
        Err(error) => error.key,
    }
}

// ----- setups -----

#[test]
fn setups_match_the_rules() {
    let one = start(Variant::One);
    assert_eq!(one.board_size(), BoardSize::new(12, 16));
    assert_eq!(
        start(Variant::Critters).board_size(),
        BoardSize::new(20, 20)
    );
    // Chesimals: 32 units a side, AMPs of 9, 7, 7, 9 units; Black mirrors White.
    for colour in Colour::ALL {
        let count = one
            .size
            .squares()
            .filter(|&s| one.unit_at(s).is_some_and(|u| u.colour == Some(colour)))
            .count();
        let expected = if colour.is_royal() { 7 } else { 9 };
        assert_eq!(count, expected, "{colour:?}");
    }
    let mirror = |c: Colour| match c {
        Colour::Orange => Colour::Green,
        Colour::White => Colour::Blue,
        Colour::Grey => Colour::Red,
        Colour::Yellow => Colour::Purple,
        Colour::Green => Colour::Orange,
        Colour::Blue => Colour::White,
        Colour::Red => Colour::Grey,
        Colour::Purple => Colour::Yellow,
    };
    for square in one.size.squares() {
        let image = Square::new(square.file, 15 - square.rank);
        let (a, b) = (one.unit_at(square), one.unit_at(image));
        assert_eq!(a.map(|u| u.kind), b.map(|u| u.kind), "{square}");
        if let (Some(a), Some(b)) = (a, b) {
            assert_eq!(a.colour.map(mirror), b.colour, "{square}");
        }
    }
    assert_eq!(
        one.unit_at(sq("b2")).and_then(|u| u.colour),
        Some(Colour::Orange)
    );
    assert_eq!(one.unit_at(sq("k2")).map(|u| u.kind), Some(Kind::Chief));
    assert_eq!(one.unit_at(sq("d3")), None);

    for brains in 2..=4u8 {
        let options = CrittersOptions {
            brains,
            ..CrittersOptions::default()
        };
        let critters = Position::new(Variant::Critters, options);
        let size = critters.size;
        let brain_squares: Vec<Square> = size
            .squares()
            .filter(|&s| critters.unit_at(s).is_some_and(|u| u.kind == Kind::Chief))
            .collect();
        assert_eq!(brain_squares.len(), 2 * brains as usize);
        for side in Side::BOTH {
            let extra = if brains > 2 { 2 } else { 0 };
            assert_eq!(critters.count(side, Kind::Guard), 8);
            assert_eq!(critters.count(side, Kind::Knight), 6 + extra);
            assert_eq!(critters.count(side, Kind::Warmachine), 6 + extra);
            assert_eq!(critters.count(side, Kind::Elephant), 6 + extra);
        }
        for square in size.squares() {
            let Some(unit) = critters.unit_at(square) else {
                continue;
            };
            assert!(!turn::GREEN_SQUARES.contains(&square), "{square}");
            let image = Square::new(square.file, 19 - square.rank);
            assert_eq!(
                critters.unit_at(image),
                Some(Unit {
                    side: unit.side.opposite(),
                    ..unit
                })
            );
            // Every unit within 3 of a brain of its own side.
            assert!(brain_squares.iter().any(|&b| {
                critters.unit_at(b).is_some_and(|u| u.side == unit.side)
                    && turn::king_distance(b, square) <= 3
            }));
        }
    }
    let standard = start(Variant::Critters);
    for brain in ["e4", "p4", "e17", "p17"] {
        assert_eq!(
            standard.unit_at(sq(brain)).map(|u| u.kind),
            Some(Kind::Chief)
        );
    }
    let three = Position::new(
        Variant::Critters,
        CrittersOptions {
            brains: 3,
            ..CrittersOptions::default()
        },
    );
    assert_eq!(three.unit_at(sq("k4")).map(|u| u.kind), Some(Kind::Chief));
    assert_eq!(three.unit_at(sq("k17")).map(|u| u.kind), Some(Kind::Chief));
}

// ----- hand-checked move lists -----

#[test]
fn chesimals_1_units_in_the_open() {
    let v = Variant::One;
    let p = chesimals(v, &[("f8", "oC")], "w - 0 0 1");
    let all = "d6 d7 d8 d9 d10 e6 e7 e8 e9 e10 f6 f7 f9 f10 g6 g7 g8 g9 g10 h6 h7 h8 h9 h10";
    assert_eq!(targets(&p, "f8"), squares(all));
    let p = chesimals(v, &[("f8", "oN"), ("g9", "oC")], "w - 0 0 1");
    assert_eq!(targets(&p, "f8"), squares("d7 d9 e6 e10 g6 g10 h7 h9"));
    let p = chesimals(v, &[("f8", "oW"), ("g9", "oC")], "w - 0 0 1");
    assert_eq!(targets(&p, "f8"), squares("f7 f6 f9 f10 e8 d8 g8 h8"));
    let p = chesimals(v, &[("f8", "oE"), ("f9", "oC")], "w - 0 0 1");
    assert_eq!(targets(&p, "f8"), squares("e7 d6 g7 h6 e9 d10 g9 h10"));
    let p = chesimals(v, &[("f8", "oG"), ("g9", "oC")], "w - 0 0 1");
    assert_eq!(targets(&p, "f8"), squares("e7 e8 e9 f7 f9 g7 g8"));
}

#[test]
fn chesimals_1_units_in_the_start_position() {
    let p = start(Variant::One);
    assert_eq!(targets(&p, "b3"), squares("b4 b5 d3"));
    assert_eq!(targets(&p, "a3"), squares("a4 b4"));
    assert_eq!(targets(&p, "b2"), squares(""));
    assert_eq!(targets(&p, "d1"), squares(""));
    assert_eq!(targets(&p, "e2"), squares("c4 d3 d4 e4 f3 f4 g3 g4"));
    assert_eq!(targets(&p, "e3"), squares("d3 d4 e4 f3 f4"));
    assert_eq!(targets(&p, "j3"), squares("h5 i4 k4 l5"));
    assert_eq!(targets(&p, "h2"), squares("f3 f4 g3 g4 h4 i3 i4 j4"));
    // 11 orange + 17 white + 17 grey + 10 yellow unit moves, counted by hand.
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    assert_eq!(moves.len(), 55);
}

#[test]
fn chesimals_2_units_in_the_open() {
    let v = Variant::Two;
    let p = chesimals(v, &[("f8", "oW"), ("g9", "oC")], "w - 0 0 1");
    assert_eq!(
        targets(&p, "f8"),
        squares("f9 f10 f11 f7 f6 f5 e8 d8 c8 g8 h8 i8")
    );
    let p = chesimals(v, &[("f8", "oE"), ("f9", "oC")], "w - 0 0 1");
    assert_eq!(
        targets(&p, "f8"),
        squares("e7 d6 c5 g7 h6 i5 e9 d10 c11 g9 h10 i11")
    );
    let p = chesimals(v, &[("f8", "oG"), ("g9", "oC")], "w - 0 0 1");
    assert_eq!(
        targets(&p, "f8"),
        squares("e7 d6 f7 f6 g7 h6 e8 d8 g8 h8 e9 d10 f9 f10")
    );
    let p = chesimals(v, &[("f8", "oN"), ("g9", "oC")], "w - 0 0 1");
    assert_eq!(targets(&p, "f8"), squares("d7 d9 e6 e10 g6 g10 h7 h9"));
    // Distance 3 with one of squares 1 and 2 blocked (an enemy may be leapt), and an enemy
    // on the last square captured; both stop-overs blocked shuts distance 3.
    let p = chesimals(
        v,
        &[
            ("f8", "oW"),
            ("g9", "oC"),
            ("f9", "bG"),
            ("f11", "eN"),
            ("e8", "oG"),
            ("d8", "eG"),
        ],
        "w - 0 0 1",
    );
    assert_eq!(
        targets(&p, "f8"),
        squares("f9 f10 f11 f7 f6 f5 d8 g8 h8 i8")
    );
}

#[test]
fn chesimals_2_units_in_the_start_position() {
    let p = Position::new(Variant::Two, CrittersOptions::default());
    assert_eq!(targets(&p, "b3"), squares("b4 b5 b6 d3"));
    assert_eq!(targets(&p, "a2"), squares("a4 a5"));
    assert_eq!(targets(&p, "a3"), squares("a4 a5 b4 c5"));
    assert_eq!(targets(&p, "j3"), squares("g6 h5 i4 k4 l5"));
    assert_eq!(targets(&p, "l3"), squares("i6 j5 k4"));
    assert_eq!(targets(&p, "e3"), squares("c5 d3 d4 e4 e5 f3 f4 g3 g5"));
    assert_eq!(targets(&p, "e2"), squares("c4 d3 d4 e4 f3 f4 g3 g4"));
    assert_eq!(targets(&p, "f1"), squares("g3"));
    assert_eq!(targets(&p, "g1"), squares("f3"));
    assert_eq!(targets(&p, "d1"), squares(""));
}

/// Critters: a white brain on m12 activates the tested unit on j10 (king distance 3) without
/// standing on any of its targets; Black's brain is far away.
fn critters_open(cell: &str) -> Position {
    build(
        Variant::Critters,
        &[("j10", cell), ("m12", "wC"), ("a20", "bC")],
        "w - 0 0 1 -",
    )
}

#[test]
fn critters_units_in_the_open() {
    let p = build(
        Variant::Critters,
        &[("j10", "wC"), ("a20", "bC")],
        "w - 0 0 1 -",
    );
    let all =
        "h8 h9 h10 h11 h12 i8 i9 i10 i11 i12 j8 j9 j11 j12 k8 k9 k10 k11 k12 l8 l9 l10 l11 l12";
    assert_eq!(targets(&p, "j10"), squares(all));
    assert_eq!(
        targets(&critters_open("wN"), "j10"),
        squares("i8 k8 h9 l9 h11 l11 i12 k12")
    );
    assert_eq!(
        targets(&critters_open("wG"), "j10"),
        squares("i9 h8 j9 j8 k9 l8 i10 h10 k10 l10 i11 h12 j11 j12 k11 l12")
    );
    assert_eq!(
        targets(&critters_open("wW"), "j10"),
        squares("j11 j12 j13 j14 j9 j8 j7 j6 i10 h10 g10 f10 k10 l10 m10 n10")
    );
    assert_eq!(
        targets(&critters_open("wE"), "j10"),
        squares("k11 l12 m13 n14 i9 h8 g7 f6 k9 l8 m7 n6 i11 h12 g13 f14")
    );
}

#[test]
fn critters_units_in_the_start_position() {
    let p = start(Variant::Critters);
    assert_eq!(
        targets(&p, "e4"),
        squares("c4 c5 c6 d5 d6 e5 e6 f5 f6 g4 g5 g6")
    );
    assert_eq!(targets(&p, "e3"), squares("c4 d1 d5 f1 f5 g4"));
    assert_eq!(targets(&p, "c2"), squares("a2 b2 c1 c4 c5 c6"));
    assert_eq!(targets(&p, "e1"), squares(""));
    assert_eq!(targets(&p, "d2"), squares("a5 b4 c1"));
    assert_eq!(targets(&p, "d4"), squares("b4 b6 c4 c5 d5 d6 e5 f6"));
    // A lightning warmachine with square 2 blocked reaches 3 over square 1 but not 4.
    let p = build(
        Variant::Critters,
        &[
            ("j10", "wW"),
            ("j12", "bN"),
            ("j13", "bN"),
            ("m12", "wC"),
            ("a20", "bC"),
        ],
        "w - 0 0 1 -",
    );
    assert_eq!(
        targets(&p, "j10"),
        squares("j11 j12 j13 j9 j8 j7 j6 i10 h10 g10 f10 k10 l10 m10 n10")
    );
    // Every move of the e4 critter is charged to e4 and written without `@`.
    let mut moves = Vec::new();
    let s = start(Variant::Critters);
    s.legal_moves(&mut moves);
    for mv in moves {
        if let Move::Unit {
            from,
            brain: Some(brain),
            ..
        } = mv
        {
            let expected = if from.file < 10 { "e4" } else { "p4" };
            assert_eq!(brain, sq(expected));
            assert!(!s.move_text(mv).contains('@'));
        }
    }
}

// ----- activation -----

#[test]
fn a_chain_broken_and_restored_mid_turn() {
    // c3 Chief - d3 guard - e3 knight - f3 guard, and a guard on d2 beside the Chief.
    let mut p = chesimals(
        Variant::One,
        &[
            ("c3", "yC"),
            ("d3", "yG"),
            ("e3", "yN"),
            ("f3", "yG"),
            ("d2", "yG"),
        ],
        "w - 0 0 1",
    );
    assert!(targets(&p, "f3").contains(&sq("f4")));
    play(&mut p, "e3-d5");
    assert_eq!(refusal(&p, "f3-f4"), "chesimals-not-joined");
    assert!(!p.activatable().contains(&sq("f3")));
    assert_eq!(refusal(&p, "d5-e7"), "chesimals-moved-already");
    // The d2 guard steps to e2, touching d3 and f3: the moved guard relinks f3.
    play(&mut p, "d2-e2");
    assert!(p.activatable().contains(&sq("f3")));
    play(&mut p, "f3-f4");
    let mut moved = p.moved_this_turn();
    moved.sort();
    assert_eq!(moved, squares("d5 e2 f4"));
    // Another AMP may not join in.
    assert_eq!(refusal(&p, "l2-k3"), "chesimals-other-amp");
    play(&mut p, "end");
    assert_eq!(
        p.last_turn(),
        &[
            (sq("e3"), sq("d5")),
            (sq("d2"), sq("e2")),
            (sq("f3"), sq("f4"))
        ]
    );
    assert!(!p.turn_in_progress());
    assert_eq!(p.side_to_move(), Side::Black);
}

#[test]
fn a_unit_may_move_into_isolation_and_leaderless_amps_freeze() {
    let mut p = chesimals(
        Variant::One,
        &[("c3", "oC"), ("c4", "oN"), ("d2", "oG"), ("e5", "eC")],
        "w - 0 0 1",
    );
    // The knight leaves into isolation; then the green Chief takes the orange Chief (its
    // stop-over d4 is empty): the orange units stay but never move.
    play(&mut p, "c4-a5");
    assert_eq!(refusal(&p, "l1-k1"), "chesimals-other-amp");
    play(&mut p, "end");
    play(&mut p, "e5xc3");
    play(&mut p, "end");
    assert!(p.leaderless(sq("d2")));
    assert!(p.leaderless(sq("a5")));
    assert!(!p.leaderless(sq("l1")));
    assert_eq!(refusal(&p, "d2-d3"), "chesimals-leaderless");
    assert_eq!(refusal(&p, "c3-c4"), "chesimals-not-yours");
    assert_eq!(refusal(&p, "f5-f6"), "chesimals-no-unit");
    assert_eq!(refusal(&p, "l1-l4"), "chesimals-bad-path");
    assert_eq!(refusal(&p, "l1-m1"), "chesimals-bad-square");
    assert_eq!(refusal(&p, "l1-l2"), "chesimals-own-unit");
    assert_eq!(refusal(&p, "end"), "chesimals-end-before-move");
    assert_eq!(refusal(&p, "pass"), "chesimals-pass-not-allowed");
    assert_eq!(refusal(&p, "hello"), "chesimals-bad-move");
}

#[test]
fn a_blocked_chief_and_stop_overs() {
    // The Chief's two-step needs one empty stop-over; it never returns to its start.
    let p = chesimals(
        Variant::One,
        &[("c3", "oC"), ("d3", "oG"), ("d4", "oG"), ("d2", "eG")],
        "w - 0 0 1",
    );
    // e3 (two files right) goes through d2 (enemy), d3 and d4 (own): all blocked.
    assert_eq!(refusal(&p, "c3-e3"), "chesimals-blocked");
    assert!(targets(&p, "c3").contains(&sq("d2")));
    assert!(!targets(&p, "c3").contains(&sq("e3")));
    // e1 only through d2, where a capture would end the move; c1 through the empty b2.
    assert!(!targets(&p, "c3").contains(&sq("e1")));
    assert!(targets(&p, "c3").contains(&sq("c1")));
}

#[test]
fn critters_capacity_and_brain_naming() {
    // 24 moved guards on ranks 1-2 were all charged to e10; the knight on g10 is 2 from both
    // e10 and i10.
    let mut units: Vec<(String, String)> = Vec::new();
    for file in 0..12u8 {
        for rank in 0..2u8 {
            units.push((Square::new(file, rank).to_string(), "wG*".to_string()));
        }
    }
    units.push(("e10".into(), "wC".into()));
    units.push(("i10".into(), "wC".into()));
    units.push(("g10".into(), "wN".into()));
    units.push(("t20".into(), "bC".into()));
    let refs: Vec<(&str, &str)> = units
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let p = build(Variant::Critters, &refs, "w e10:24 0 0 1 -");
    assert_eq!(p.charges(sq("e10")), 24);
    assert_eq!(refusal(&p, "g10-h12@e10"), "chesimals-brain-full");
    // The default skips the full brain; naming the other one works too.
    let default = p.parse_move("g10-h12").expect("default brain");
    assert_eq!(
        default,
        Move::Unit {
            from: sq("g10"),
            to: sq("h12"),
            brain: Some(sq("i10"))
        }
    );
    assert_eq!(p.parse_move("g10-h12@i10"), Ok(default));
    let mut q = p.clone();
    q.play(default).expect("legal");
    assert_eq!(q.charges(sq("i10")), 1);
    assert_eq!(q.charges(sq("e10")), 24);
    assert!(q.position_text().contains(" e10:24,i10:1 "));
    // Every generated knight move names i10 only.
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    assert!(
        moves
            .iter()
            .all(|mv| !matches!(mv, Move::Unit { brain: Some(b), .. } if *b == sq("e10")))
    );
    assert_eq!(refusal(&p, "g10-h12@g10"), "chesimals-not-a-brain");
    assert_eq!(refusal(&p, "e10-e11@i10"), "chesimals-brain-not-charged");
    // With both brains full, the refusal names capacity.
    let mut full = build(Variant::Critters, &refs, "w e10:24 0 0 1 -");
    let i10 = full.index(sq("i10"));
    full.cells[i10].charges = 24;
    assert_eq!(refusal(&full, "g10-h12"), "chesimals-brain-full");
}

#[test]
fn critters_brain_choice_when_two_can_pay() {
    // A knight on g10 is 2 from e10 and 2 from i10: two actions, the default without `@`.
    let p = build(
        Variant::Critters,
        &[("e10", "wC"), ("i10", "wC"), ("g10", "wN"), ("t20", "bC")],
        "w - 0 0 1 -",
    );
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let texts: Vec<String> = moves
        .iter()
        .filter(|mv| matches!(mv, Move::Unit { from, to, .. } if *from == sq("g10") && *to == sq("h12")))
        .map(|&mv| p.move_text(mv))
        .collect();
    // Same distance and charges: the first brain in board order (e10) is the default.
    assert_eq!(
        texts,
        vec!["g10-h12".to_string(), "g10-h12@i10".to_string()]
    );
}

#[test]
fn critters_activation_range_edges() {
    let p = build(
        Variant::Critters,
        &[
            ("j10", "wC"),
            ("j13", "wN"),
            ("j14", "wN"),
            ("o10", "wE"),
            ("p10", "wE"),
            ("m7", "wG"),
            ("n6", "wG"),
            ("j5", "wW"),
            ("j4", "wW"),
            ("a20", "bC"),
        ],
        "w - 0 0 1 -",
    );
    assert!(!targets(&p, "j13").is_empty()); // knight at 3
    assert!(targets(&p, "j14").is_empty()); // knight at 4
    assert_eq!(refusal(&p, "j14-k16"), "chesimals-no-brain-in-range");
    assert_eq!(refusal(&p, "j14-k16@j10"), "chesimals-out-of-range");
    assert!(!targets(&p, "o10").is_empty()); // oliphant at 5
    assert!(targets(&p, "p10").is_empty()); // oliphant at 6
    assert_eq!(refusal(&p, "p10-q11"), "chesimals-no-brain-in-range");
    assert!(!targets(&p, "m7").is_empty()); // general at 3
    assert!(targets(&p, "n6").is_empty()); // general at 4
    assert!(!targets(&p, "j5").is_empty()); // warmachine at 5
    assert!(targets(&p, "j4").is_empty()); // warmachine at 6
    // A unit may end outside every range.
    let mut q = p.clone();
    play(&mut q, "j13-k15");
    assert_eq!(q.unit_at(sq("k15")).map(|u| u.kind), Some(Kind::Knight));
    // Brains move freely, anywhere.
    play(&mut q, "j10-l12");
    // The brain moved away: o10 is now 3 from it, p10 is 4, both in oliphant range.
    assert!(!targets(&q, "p10").is_empty());
}

// ----- the end of the game -----

#[test]
fn both_royal_chiefs_captured_mid_turn_ends_the_game() {
    let units = [
        ("l1", "wC"),
        ("l2", "gC"),
        ("c8", "oC"),
        ("b8", "oG"),
        ("e8", "oG"),
        ("c9", "bC"),
        ("a9", "rC"),
    ];
    let mut q = build(Variant::One, &units, "w - 0 0 1");
    play(&mut q, "c8xc9");
    assert_eq!(q.status(), Status::Ongoing, "one royal Chief is not enough");
    play(&mut q, "b8xa9");
    assert!(q.status().is_over());
    let mut p = build(Variant::One, &units, "w - 0 0 1");
    let played = p.play_turn_text("c8xc9 b8xa9").expect("legal turn");
    assert_eq!(played.len(), 2, "no automatic end once the game is over");
    assert_eq!(
        played[1].captured.map(|u| u.colour),
        Some(Some(Colour::Red))
    );
    assert_eq!(
        p.status(),
        Status::Over(Outcome::win(Side::White, EndReason::RoyalChiefsCaptured))
    );
    assert!(p.turn_in_progress());
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(refusal(&p, "e8-e9"), "chesimals-game-over");
}

#[test]
fn critters_brains_killed() {
    let mut p = build(
        Variant::Critters,
        &[("e4", "wC"), ("f6", "wN"), ("e8", "bC"), ("t20", "bC")],
        "w - 0 0 1 -",
    );
    play(&mut p, "e4-e6");
    play(&mut p, "f6xe8");
    assert_eq!(p.status(), Status::Ongoing, "Black still has t20");
    play(&mut p, "end");
    play(&mut p, "t20-t19");
    play(&mut p, "end");
    let mut q = build(
        Variant::Critters,
        &[("e4", "wC"), ("f6", "wN"), ("e8", "bC")],
        "w - 0 0 1 -",
    );
    play(&mut q, "f6xe8");
    assert_eq!(
        q.status(),
        Status::Over(Outcome::win(Side::White, EndReason::BrainsKilled))
    );
}

#[test]
fn critters_green_squares_count_at_the_start_of_the_turn() {
    // White already holds e5, p5 and e16 while Black moves: no win yet.
    let mut p = build(
        Variant::Critters,
        &[
            ("e4", "wC"),
            ("e5", "wG"),
            ("p5", "wG"),
            ("e16", "wN"),
            ("p16", "bN"),
            ("p17", "bC"),
        ],
        "b - 0 0 1 -",
    );
    assert_eq!(p.status(), Status::Ongoing);
    play(&mut p, "p17-q18");
    play(&mut p, "end");
    assert_eq!(
        p.status(),
        Status::Over(Outcome::win(Side::White, EndReason::GreenSquares))
    );
    // Two green squares are not enough; Black taking one back in its turn saves it.
    let mut p = build(
        Variant::Critters,
        &[
            ("e4", "wC"),
            ("e5", "wG"),
            ("p5", "wG"),
            ("e16", "wN"),
            ("c18", "bC"),
            ("d17", "bG"),
        ],
        "b - 0 0 1 -",
    );
    play(&mut p, "d17xe16");
    play(&mut p, "end");
    assert_eq!(p.status(), Status::Ongoing);
}

/// White's two royal Chiefs boxed in corners by leaderless orange guards; Black's likewise by
/// leaderless green guards, unless `black_free`.
fn boxed(black_free: bool) -> Position {
    let mut units = vec![
        ("a1", "wC"),
        ("a2", "oG"),
        ("b1", "oG"),
        ("b2", "oG"),
        ("l1", "gC"),
        ("k1", "oG"),
        ("k2", "oG"),
        ("l2", "oG"),
        ("a16", "bC"),
        ("l16", "rC"),
    ];
    if !black_free {
        units.extend([
            ("a15", "eG"),
            ("b15", "eG"),
            ("b16", "eG"),
            ("k15", "eG"),
            ("k16", "eG"),
            ("l15", "eG"),
        ]);
    }
    build(Variant::One, &units, "w - 0 0 1")
}

#[test]
fn passing_and_the_both_pass_draw() {
    let mut p = boxed(true);
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    assert_eq!(moves, vec![Move::Pass]);
    assert_eq!(refusal(&p, "end"), "chesimals-end-before-move");
    play(&mut p, "pass");
    assert_eq!(p.passes(), 1);
    assert_eq!(refusal(&p, "pass"), "chesimals-pass-not-allowed");
    let played = p.play_turn_text("a16-b15").expect("legal");
    assert_eq!(played.last().map(|a| a.text.as_str()), Some("end"));
    assert_eq!(p.passes(), 0);
    assert_eq!(p.status(), Status::Ongoing);

    let mut p = boxed(false);
    p.play_turn_text("pass").expect("white passes");
    assert_eq!(p.status(), Status::Ongoing);
    p.play_turn_text("pass").expect("black passes");
    assert_eq!(
        p.status(),
        Status::Over(Outcome::draw(EndReason::BothPassed))
    );
    assert_eq!(p.position_text().split(' ').nth(4), Some("2"));
}

#[test]
fn fifty_turns_without_capture_draw() {
    let mut p = chesimals(Variant::One, &[("e8", "oC"), ("e10", "eC")], "w - 0 98 40");
    p.play_turn_text("e8-e7").expect("legal");
    assert_eq!(p.quiet_turns(), 99);
    assert_eq!(p.status(), Status::Ongoing);
    let mut q = p.clone();
    q.play_turn_text("e10-e9").expect("legal");
    assert_eq!(
        q.status(),
        Status::Over(Outcome::draw(EndReason::NoCaptureLimit))
    );
    assert_eq!(q.turn_number(), 41);
    // A capture in the 100th turn resets the count instead.
    let mut r = chesimals(Variant::One, &[("e8", "oC"), ("e10", "eC")], "b - 0 99 40");
    r.play_turn_text("e10xe8").expect("legal");
    assert_eq!(r.quiet_turns(), 0);
    assert_eq!(r.status(), Status::Ongoing);
}

// ----- Critters advanced options -----

#[test]
fn growth_adds_a_sliding_general_up_to_the_setup_count() {
    let units = [
        ("e4", "wC"),
        ("j10", "wC"),
        ("j11", "wN"),
        ("p17", "bC"),
        ("c17", "bN"),
    ];
    let mut p = build(Variant::Critters, &units, "w - 0 0 1 g");
    p.play_turn_text("j11-k13").expect("legal");
    assert_eq!(
        p.unit_at(sq("e5")),
        Some(Unit {
            side: Side::White,
            colour: None,
            kind: Kind::Guard
        })
    );
    // The brain moved this turn: no growth.
    let mut q = build(Variant::Critters, &units, "w - 0 0 1 g");
    q.play_turn_text("e4-e3").expect("legal");
    assert_eq!(q.count(Side::White, Kind::Guard), 0);
    // Without the option, nothing grows.
    let mut r = build(Variant::Critters, &units, "w - 0 0 1 -");
    r.play_turn_text("j11-k13").expect("legal");
    assert_eq!(r.unit_at(sq("e5")), None);
    // At the setup count (8 generals), nothing grows.
    let mut s = Position::new(
        Variant::Critters,
        CrittersOptions {
            growth: true,
            ..CrittersOptions::default()
        },
    );
    s.play_turn_text("e3-d5").expect("legal");
    assert_eq!(s.unit_at(sq("e5")), None);
}

#[test]
fn promotion_replaces_a_still_general_on_a_green_square() {
    let units = [
        ("e4", "wC"),
        ("e5", "wG"),
        ("j10", "wC"),
        ("j11", "wN"),
        ("p17", "bC"),
    ];
    let mut p = build(Variant::Critters, &units, "w - 0 0 1 p");
    play(&mut p, "j11-k13");
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let ends: Vec<String> = moves
        .iter()
        .filter(|mv| matches!(mv, Move::End { .. }))
        .map(|&mv| p.move_text(mv))
        .collect();
    assert_eq!(ends, vec!["end", "end e5=N", "end e5=W", "end e5=E"]);
    assert_eq!(refusal(&p, "end e5=G"), "chesimals-promotion-limit");
    assert_eq!(refusal(&p, "end p5=N"), "chesimals-cannot-promote");
    let mut q = p.clone();
    play(&mut q, "end e5 = w");
    assert_eq!(q.unit_at(sq("e5")).map(|u| u.kind), Some(Kind::Warmachine));
    // The general moved: no promotion.
    let mut r = build(Variant::Critters, &units, "w - 0 0 1 p");
    play(&mut r, "e5-e6");
    assert_eq!(refusal(&r, "end e6=N"), "chesimals-cannot-promote");
    let s = build(Variant::Critters, &units, "w - 0 0 1 -");
    let mut s2 = s.clone();
    play(&mut s2, "j11-k13");
    assert_eq!(refusal(&s2, "end e5=N"), "chesimals-promotion-off");
}

// ----- whole turns -----

#[test]
fn play_turn_text_is_all_or_nothing() {
    let mut p = start(Variant::One);
    let before = p.clone();
    let error = p.play_turn_text("b3-b5 e3-e4 a3-a4").expect_err("two AMPs");
    assert_eq!(error.key, "chesimals-other-amp");
    assert!(error.args.contains(&("number", "2".to_string())));
    assert!(error.args.contains(&("move", "e3-e4".to_string())));
    assert_eq!(p, before);
    let error = p.play_turn_text("b3-b5 b5-b6").expect_err("moved twice");
    assert_eq!(error.key, "chesimals-moved-already");
    assert_eq!(p, before);
    assert_eq!(
        p.play_turn_text("   ").map_err(|e| e.key),
        Err("chesimals-empty-turn")
    );
    assert_eq!(
        p.play_turn_text("b3-b5 end a3-a4").map_err(|e| e.key),
        Err("chesimals-after-turn")
    );
    let played = p
        .play_turn_text(" B3 - B5  a3 x A4  end")
        .expect("spaces and case");
    let texts: Vec<&str> = played.iter().map(|a| a.text.as_str()).collect();
    assert_eq!(texts, vec!["b3-b5", "a3-a4", "end"]);
    assert_eq!(p.side_to_move(), Side::Black);
    assert_eq!(p.last_turn(), &[(sq("b3"), sq("b5")), (sq("a3"), sq("a4"))]);
}

#[test]
fn parse_move_forms() {
    let p = start(Variant::One);
    let mv = Move::Unit {
        from: sq("b3"),
        to: sq("b5"),
        brain: None,
    };
    for text in ["b3-b5", "B3-B5", " b3 - b5 ", "b3b5", "b3xb5"] {
        assert_eq!(p.parse_move(text), Ok(mv), "{text}");
    }
    assert_eq!(p.move_text(mv), "b3-b5");
    assert_eq!(p.move_squares(mv).from, Some(sq("b3")));
    assert_eq!(
        p.parse_move("b3-b5@b2").map_err(|e| e.key),
        Err("chesimals-no-brain-naming")
    );
    assert_eq!(
        p.parse_move("b3-").map_err(|e| e.key),
        Err("chesimals-bad-move")
    );
    assert_eq!(
        p.parse_move("b3-z9").map_err(|e| e.key),
        Err("chesimals-bad-square")
    );
    let mut q = p.clone();
    play(&mut q, "b3-b5");
    assert_eq!(q.parse_move("DONE"), Ok(Move::End { promote: None }));
    assert_eq!(
        q.parse_move("end e5=N").map_err(|e| e.key),
        Err("chesimals-promotion-off")
    );
}

// ----- notation -----

fn assert_round_trip(position: &Position) {
    let text = position.position_text();
    let back = Position::parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(back.position_text(), text);
    let mut a = Vec::new();
    let mut b = Vec::new();
    position.legal_moves(&mut a);
    back.legal_moves(&mut b);
    assert_eq!(a, b, "{text}");
    assert_eq!(back.status(), position.status());
}

#[test]
fn start_positions_round_trip() {
    for text in [
        CHESIMALS_1_SETUP,
        CHESIMALS_2_SETUP,
        CRITTERS_SETUP,
        CRITTERS_SETUP_3_BRAINS,
        CRITTERS_SETUP_4_BRAINS,
    ] {
        let p = Position::parse_position(text).expect("setup");
        assert_eq!(p.position_text(), text);
    }
    let options = CrittersOptions {
        growth: true,
        promotion: true,
        brains: 4,
    };
    let p = Position::new(Variant::Critters, options);
    assert!(p.position_text().ends_with(" gp4"));
    assert_eq!(
        Position::parse_position(&p.position_text()).map(|q| q.options()),
        Ok(options)
    );
}

#[test]
fn malformed_positions_are_refused() {
    let good = CHESIMALS_1_SETUP;
    let cases = [
        good.replace(" w - ", " x - "),
        good.replace("chesimals-1", "chesimals-9"),
        good.replace(" 0 0 1", " 0 0 0"),
        good.replace(" 0 0 1", " 0 01 1"),
        good.replace(" 0 0 1", " 3 0 1"),
        good.replace(" 0 0 1", " 0 101 1"),
        good.replace("/12/", "/11/"),
        good.replace("/12/", "/66/"),
        good.replace("/12/", "/12/12/"),
        good.replace("oC", "oC*").replace("wC", "wC*"),
        good.replace("eC", "eC*"),
        good.replace("oWoCoW", "oWoCoC"),
        good.replace("yE", "zE"),
        good.replace(" w - ", " w x "),
        good.replace(" 0 0 1", " 0 0 1 -"),
        CRITTERS_SETUP.replace(" w - ", " w e4:1 "),
        CRITTERS_SETUP.replace(" 1 -", " 1 q"),
        CRITTERS_SETUP.replace(" 1 -", " 1 gg"),
        CRITTERS_SETUP.replace("wN", "oN"),
        String::new(),
    ];
    for text in cases {
        assert!(Position::parse_position(&text).is_err(), "{text}");
    }
    // A turn in progress: marks and charges that agree are fine.
    let mid = CRITTERS_SETUP
        .replace("3wGwCwG8", "3wG*wCwG8")
        .replace(" w - ", " w e4:1 ");
    assert!(Position::parse_position(&mid).is_ok());
    assert!(Position::parse_position(&mid.replace("e4:1", "p4:1")).is_ok());
    assert!(Position::parse_position(&mid.replace("e4:1", "e4:2")).is_err());
}

// ----- a naive reference move generator -----

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
    let own = |s: Square| p.unit_at(s).is_some_and(|u| u.side == me);
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
            if unit.kind == Kind::Chief {
                payers.push(None);
            } else {
                for brain in size.squares() {
                    let is_brain = p
                        .unit_at(brain)
                        .is_some_and(|u| u.side == me && u.kind == Kind::Chief);
                    let distance = brain
                        .file
                        .abs_diff(from.file)
                        .max(brain.rank.abs_diff(from.rank));
                    if is_brain && p.charges(brain) < 24 && distance <= unit.kind.activation_range()
                    {
                        payers.push(Some(brain));
                    }
                }
            }
        } else {
            let colour = unit.colour.expect("chesimals colour");
            if p.amp_in_play().is_some_and(|a| a != colour) {
                continue;
            }
            if let Some((_, joined)) = joined_cache.iter().find(|(c, _)| *c == colour) {
                if joined.contains(&from) {
                    payers.push(None);
                }
            } else {
                let chief = size.squares().find(|&s| {
                    p.unit_at(s)
                        .is_some_and(|u| u.colour == Some(colour) && u.kind == Kind::Chief)
                });
                // Grow the joined set until nothing changes.
                let mut joined: Vec<Square> = chief.into_iter().collect();
                while !joined.is_empty() {
                    let before = joined.len();
                    for s in size.squares() {
                        if joined.contains(&s)
                            || p.unit_at(s).map(|u| u.colour) != Some(Some(colour))
                        {
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
                if joined.contains(&from) {
                    payers.push(None);
                }
                joined_cache.push((colour, joined));
            }
        }
        if payers.is_empty() {
            continue;
        }
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
        for to in tos {
            for &brain in &payers {
                out.push(Move::Unit { from, to, brain });
            }
        }
    }
    if p.turn_in_progress() {
        out.push(Move::End { promote: None });
    } else if out.is_empty() {
        out.push(Move::Pass);
    }
    out
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
        (Variant::Critters, [142, 19882, 2726962]),
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn parse_position_never_panics(text in ".{0,80}") {
        let _ = Position::parse_position(&text);
    }

    #[test]
    fn mutated_setups_never_panic(index in 0usize..500, byte in 0u8..128, which in 0usize..3) {
        let setup = [CHESIMALS_1_SETUP, CRITTERS_SETUP, CRITTERS_SETUP_4_BRAINS][which];
        let mut bytes = setup.as_bytes().to_vec();
        let index = index % bytes.len();
        bytes[index] = byte;
        if let Ok(text) = String::from_utf8(bytes)
            && let Ok(p) = Position::parse_position(&text) {
                let mut moves = Vec::new();
                p.legal_moves(&mut moves);
                let _ = p.status();
                prop_assert_eq!(Position::parse_position(&p.position_text()).map(|q| q.position_text()), Ok(p.position_text()));
            }
    }

    #[test]
    fn parse_move_never_panics(text in ".{0,24}", which in 0usize..3) {
        let p = start(Variant::ALL[which]);
        let _ = p.parse_move(&text);
    }

    #[test]
    fn play_turn_text_never_panics(text in "[a-t0-9xX@= -]{0,40}|.{0,40}", which in 0usize..3) {
        let mut p = start(Variant::ALL[which]);
        let before = p.clone();
        if p.play_turn_text(&text).is_err() {
            prop_assert_eq!(p, before);
        }
    }
}

/// A run of empty squares so long that adding it wraps around must not make a rank fit:
/// `eG18446744073709551615` was read as one unit and then no squares at all.
#[test]
fn a_run_of_empty_squares_that_would_wrap_around_is_refused() {
    let wrapping = CHESIMALS_1_SETUP.replacen(
        "eGeWeGbNbGbNrNrGrNpEpGpE/",
        "eG18446744073709551615eGeWeGbNbGbNrNrGrNpEpGpE/",
        1,
    );
    assert_ne!(wrapping, CHESIMALS_1_SETUP);
    let refused = Position::parse_position(&wrapping).map(|_| ());
    assert_eq!(refused.map_err(|e| e.key), Err("chesimals-position-rank"));
    let critters = CRITTERS_SETUP.replacen("4bE10bE4/", "bE18446744073709551615bE3bE10bE4/", 1);
    assert_ne!(critters, CRITTERS_SETUP);
    let refused = Position::parse_position(&critters).map(|_| ());
    assert_eq!(refused.map_err(|e| e.key), Err("chesimals-position-rank"));
}
