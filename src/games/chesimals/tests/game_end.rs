//! The end of the game: royal Chiefs or brains lost, green squares, passes, quiet turns.

use super::*;

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
