//! Moves as players type them, and the squares a move marks.

use super::*;

#[test]
fn uci_and_san_are_read_forgivingly() {
    let start = Position::new_start();
    let hxg3 = start.parse_move("h2g3").unwrap();
    for text in [
        "hxg3", "hg3", "h2xg3", "H2G3", "hxg3+", "h2-g3", " hxg3 ", "hxg3!?",
    ] {
        assert_eq!(start.parse_move(text).unwrap(), hxg3, "{text}");
    }
    let nf3 = start.parse_move("g1f3").unwrap();
    for text in [
        "Nf3", "Nxf3", "nf3", "NF3", "Ngf3", "Ng1f3", "N1f3", "ng1xf3",
    ] {
        assert_eq!(start.parse_move(text).unwrap(), nf3, "{text}");
    }
    assert_eq!(start.move_text(nf3), "g1f3");
    assert_eq!(start.move_squares(nf3).from, Some(square("g1")));
}

#[test]
fn castling_in_every_spelling() {
    let position = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = position.parse_move("e1g1").unwrap();
    assert!(short.is_castle());
    for text in ["O-O", "0-0", "o-o", "OO", "O-O+", "e1h1", "Kg1"] {
        assert_eq!(position.parse_move(text).unwrap(), short, "{text}");
    }
    let long = position.parse_move("O-O-O").unwrap();
    assert_eq!(position.move_text(long), "e1c1");
    assert_eq!(position.parse_move("0-0-0").unwrap(), long);
    assert_eq!(position.parse_move("e1a1").unwrap(), long);
    let squares = position.move_squares(long);
    assert_eq!(squares.also, [square("a1"), square("d1")]);
    let castled = after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &["O-O-O"]);
    assert_eq!(
        castled.position_text(),
        "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"
    );
    // Ice between king and rook forbids castling, and the refusal says where.
    let blocked = pos("r3k2r/8/8/8/8/8/8/R*2K2R w KQkq - 0 1");
    let error = blocked.parse_move("O-O-O").unwrap_err();
    assert_eq!(error.key, "glacier-blocked-by-ice");
    assert_eq!(error.args[0], ("square", "b1".to_string()));
}

#[test]
fn promotions_and_en_passant() {
    let position = pos("4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 30");
    let promotion = position.parse_move("b8=Q").unwrap();
    assert_eq!(position.move_text(promotion), "b7b8q");
    for text in ["b8q", "b8Q", "b7b8q", "B7B8Q", "b8=q"] {
        assert_eq!(position.parse_move(text).unwrap(), promotion, "{text}");
    }
    assert_eq!(
        position.move_text(position.parse_move("b8=N").unwrap()),
        "b7b8n"
    );
    assert_eq!(error_key(&position, "b8"), "glacier-promotion-needed");
    assert_eq!(error_key(&position, "b7b8k"), "glacier-move-malformed");
    let ep = position.parse_move("exd6").unwrap();
    assert!(ep.is_en_passant());
    assert_eq!(position.parse_move("exd6 e.p.").unwrap(), ep);
    assert_eq!(position.move_squares(ep).also, [square("d5")]);
    let taken = after("4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 30", &["exd6"]);
    assert_eq!(taken.position_text(), "4k3/1P6/3P4/8/8/8/8/4K3 b - - 0 30");
}

#[test]
fn a_quiet_move_at_the_start_is_explained() {
    let start = Position::new_start();
    for text in ["e4", "e2e4", "e3", "d2d3"] {
        assert_eq!(error_key(&start, text), "glacier-must-capture", "{text}");
    }
    // Later, a pawn stopped by ice is told so, with the square.
    let position = pos("4k3/1p6/*7/1*6/6*1/2***3/3P2P1/4K3 w - - 0 1");
    let error = position.parse_move("g4").unwrap_err();
    assert_eq!(error.key, "glacier-blocked-by-ice");
    assert_eq!(error.args[0], ("square", "g4".to_string()));
    let position = pos("4k3/8/8/1*1*4/8/1*1Q2*1/8/4K*2 w - - 0 1");
    let error = position.parse_move("Qd7").unwrap_err();
    assert_eq!(error.key, "glacier-blocked-by-ice");
    assert_eq!(error.args[0], ("square", "d5".to_string()));
}

#[test]
fn refusals_name_the_reason() {
    // In check from the rook on e8: a move that ignores it.
    let position = pos("4r2k/8/8/8/8/8/1P6/4K3 w - - 0 1");
    assert_eq!(error_key(&position, "b3"), "glacier-in-check");
    // A bishop pinned by the same rook.
    let position = pos("4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1");
    assert_eq!(error_key(&position, "Bd3"), "glacier-king-exposed");
    // Castling through an attacked square.
    let position = pos("5r1k/7p/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(
        error_key(&position, "O-O"),
        "glacier-castling-through-check"
    );
    let start = Position::new_start();
    assert_eq!(error_key(&start, "Qxd3"), "move-illegal");
    assert_eq!(error_key(&start, "e5e6"), "glacier-no-piece-on");
    assert_eq!(error_key(&start, "z9"), "glacier-move-malformed");
    assert_eq!(error_key(&start, ""), "glacier-move-malformed");
    let lone = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(error_key(&lone, "Nf3"), "glacier-no-such-piece");
    // play() explains too.
    let mut position = Position::new_start();
    let quiet = Position::parse_position(CHESS_START)
        .unwrap()
        .parse_move("e4")
        .unwrap();
    assert_eq!(
        position.play(quiet).unwrap_err().key,
        "glacier-must-capture"
    );
}

#[test]
fn ambiguous_moves_list_the_candidates() {
    let position = pos("4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1");
    let error = position.parse_move("Nb3").unwrap_err();
    assert_eq!(error.key, "glacier-ambiguous");
    assert!(
        error
            .args
            .contains(&("candidates", "a1b3, c1b3".to_string())),
        "{error}"
    );
    assert_eq!(
        position.move_text(position.parse_move("Nab3").unwrap()),
        "a1b3"
    );
    // A lower-case `b` is a pawn's file in strict SAN; as a bishop it needs the capital.
    let position = pos("4k3/8/8/4B3/8/2*5/1P6/4K3 w - - 0 1");
    assert_eq!(
        position.move_text(position.parse_move("bc3").unwrap()),
        "b2c3"
    );
    assert_eq!(
        position.move_text(position.parse_move("Bc3").unwrap()),
        "e5c3"
    );
    // Without the pawn's capture, a lower-case `b` can only mean the bishop.
    let position = pos("4k3/8/8/4B3/8/2*5/8/4K3 w - - 0 1");
    assert_eq!(
        position.move_text(position.parse_move("bc3").unwrap()),
        "e5c3"
    );
}

#[test]
fn marks_for_the_last_move_include_the_castling_rook() {
    let castled = after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &["O-O"]);
    let marks = castled.marks_for_last_move("e1g1").unwrap();
    assert_eq!(
        (marks.from, marks.to),
        (Some(square("e1")), Some(square("g1")))
    );
    assert_eq!(marks.also, [square("h1"), square("f1")]);
    assert!(castled.marks_for_last_move("e1").is_none());
    assert!(castled.marks_for_last_move("é1g1").is_none());
}
