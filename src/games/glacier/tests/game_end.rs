//! The end of the game.

use super::*;

#[test]
fn checkmate_and_stalemate() {
    let mated = pos("7k/6Q1/6K1/8/8/8/8/8 b - - 0 30");
    assert_eq!(mated.status().to_string(), "white wins (checkmate)");
    let stalemate = pos("7k/8/6QK/8/8/8/8/8 b - - 0 30");
    assert_eq!(stalemate.status().to_string(), "draw (stalemate)");
    // Ice can stalemate too: a king boxed in by ice it may take is not stalemated...
    let boxed = pos("7k/6**/8/8/8/8/8/K7 b - - 0 30");
    assert_eq!(boxed.status(), Status::Ongoing);
    // ... but ice it cannot take safely leaves it without moves.
    let stuck = pos("R5*k/6**/8/8/8/8/8/K5RR b - - 0 30");
    assert_eq!(stuck.status().to_string(), "draw (stalemate)");
}

#[test]
fn the_150_half_move_draw_counts_ice_captures_as_captures() {
    let mut position = pos("4k3/8/8/8/8/8/8/*3K3 w - - 149 60");
    assert_eq!(position.status(), Status::Ongoing);
    play(&mut position, "Ke2");
    assert_eq!(position.half_move_clock(), 150);
    assert_eq!(position.status().to_string(), "draw (150 half-moves)");
    assert!(move_texts(&position).is_empty());
    // Taking ice resets the clock.
    let position = after("4k3/8/8/8/8/8/8/3*K3 w - - 149 60", &["Kxd1"]);
    assert_eq!(position.half_move_clock(), 0);
    assert_eq!(position.status(), Status::Ongoing);
    // A mate on the 150th half-move still wins.
    let position = after("7k/8/6K1/8/8/8/8/5Q2 w - - 149 60", &["Qf8"]);
    assert_eq!(position.status().to_string(), "white wins (checkmate)");
}

#[test]
fn no_repetition_draw() {
    let mut position = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 2");
    for _ in 0..4 {
        for text in ["Kd1", "Kd8", "Ke1", "Ke8"] {
            play(&mut position, text);
        }
    }
    assert_eq!(position.status(), Status::Ongoing);
}

#[test]
fn end_reasons_have_stable_texts() {
    for reason in EndReason::ALL {
        assert_eq!(EndReason::parse(reason.as_str()), Some(reason));
    }
    assert_eq!(EndReason::HalfMoveLimit.as_str(), "150 half-moves");
}
