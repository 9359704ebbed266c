//! Who may move: Chief chains in Chesimals, brain range and capacity in Critters.

use super::*;

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
