//! Hand-checked move lists of every unit, in the open and in the start positions.

use super::*;

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
