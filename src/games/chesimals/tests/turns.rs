//! Whole typed turns and the forms a move is read in.

use super::*;

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
