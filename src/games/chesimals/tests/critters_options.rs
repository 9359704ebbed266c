//! Critters' advanced options: growth and promotion.

use super::*;

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
