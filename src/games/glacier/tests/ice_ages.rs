//! The Ice Age.

use super::*;

#[test]
fn the_ice_age_freezes_a_lone_piece_and_refreezes_empty_squares() {
    let fen = "4k3/3pp3/8/6N1/8/8/3P4/4K3 b - - 0 20";
    let position = after(fen, &["d6"]);
    let report = position.last_ice_age().unwrap();
    assert_eq!(
        report.frozen_pieces(),
        [FrozenPiece {
            square: square("g5"),
            side: Side::White,
            role: Role::Knight
        }]
    );
    assert!(report.frozen_kings().is_empty());
    // Six pieces stood on the board: the 58 empty squares refroze, and the knight froze.
    assert_eq!(report.refrozen().len(), 58);
    assert_eq!(report.new_ice().len(), 59);
    assert_eq!(position.ice_squares().len(), 59);
    assert_eq!(position.full_move_number(), 21);
    assert_eq!(position.black_moves_to_ice_age(), 20);
    assert_eq!(position.status(), Status::Ongoing);
    // White: the king takes ice on d1, e2, f1, f2; the pawn takes c3, e3.
    assert_eq!(
        move_texts(&position),
        ["d2c3", "d2e3", "e1d1", "e1e2", "e1f1", "e1f2"]
    );
    // The next move clears the report: it only tells about the move just played.
    let mut next = position.clone();
    play(&mut next, "Kxd1");
    assert!(next.last_ice_age().is_none());
}

#[test]
fn no_ice_age_before_the_twentieth_black_move() {
    let position = after("4k3/3pp3/8/6N1/8/8/3P4/4K3 b - - 0 19", &["d6"]);
    assert!(position.last_ice_age().is_none());
    assert!(position.ice_squares().is_empty());
    // ... nor after White's move in move 20.
    let position = after("4k3/3pp3/8/6N1/8/8/3P4/4K3 w - - 0 20", &["Ke2"]);
    assert!(position.last_ice_age().is_none());
    assert_eq!(position.black_moves_to_ice_age(), 1);
    // ... but after Black's 40th.
    let position = after("4k3/3pp3/8/6N1/8/8/3P4/4K3 b - - 0 40", &["d6"]);
    assert!(position.last_ice_age().is_some());
}

#[test]
fn a_frozen_white_king_loses() {
    let position = after("4k3/3pp3/8/8/8/8/8/4K3 b - - 0 20", &["d6"]);
    assert_eq!(
        position.last_ice_age().unwrap().frozen_kings(),
        [Side::White]
    );
    assert_eq!(position.king(Side::White), None);
    assert_eq!(
        position.status().to_string(),
        "black wins (white king frozen)"
    );
    assert!(move_texts(&position).is_empty());
    assert_eq!(error_key(&position, "Kd1"), "move-game-over");
    // The position text keeps the verdict: the king is simply not on the board.
    let text = position.position_text();
    assert_eq!(pos(&text).status(), position.status());
}

#[test]
fn a_frozen_black_king_loses_and_two_frozen_kings_draw() {
    let position = after("4k3/8/8/8/8/8/3PK3/8 b - - 0 20", &["Kd8"]);
    assert_eq!(
        position.status().to_string(),
        "white wins (black king frozen)"
    );
    let position = after("4k3/8/8/8/8/8/8/4K3 b - - 0 20", &["Kd7"]);
    assert_eq!(
        position.last_ice_age().unwrap().frozen_kings(),
        [Side::White, Side::Black]
    );
    assert_eq!(position.status().to_string(), "draw (both kings frozen)");
}

#[test]
fn edge_squares_whose_neighbours_are_all_pieces_stay_empty() {
    // The source's example: f1 stays empty with pieces on e1, g1 and f2; so does a1 with b1
    // and a2 (the edge covers the rest).
    let position = after("4k3/4p3/8/8/8/8/P4P2/1R2K1N1 b - - 0 20", &["Kd8"]);
    assert_eq!(position.cell(square("f1")), Cell::Empty);
    assert_eq!(position.cell(square("a1")), Cell::Empty);
    assert_eq!(position.cell(square("c1")), Cell::Ice);
    assert_eq!(position.cell(square("e8")), Cell::Ice);
    assert!(position.last_ice_age().unwrap().frozen_pieces().is_empty());
    assert_eq!(
        position.position_text(),
        "***k****/****p***/********/********/********/********/P****P**/1R**K1N* w - - 1 21"
    );
}

#[test]
fn ice_does_not_shelter_an_empty_square() {
    // d4 is empty with pieces on d5, c4, e4 and ice on d3: the ice does not cover it.
    let position = after("4k3/4pp2/8/3P4/2P1P3/3*4/8/3QK3 b - - 0 20", &["f6"]);
    assert_eq!(position.cell(square("d4")), Cell::Ice);
    // With a pawn on d3 instead, d4 stays empty.
    let position = after("4k3/4pp2/8/3P4/2P1P3/3P4/8/3QK3 b - - 0 20", &["f6"]);
    assert_eq!(position.cell(square("d4")), Cell::Empty);
}

#[test]
fn a_frozen_rook_takes_its_castling_right_with_it() {
    let position = after("4k3/4p3/8/8/8/8/P2P4/R3K2R b KQ - 0 20", &["Kd8"]);
    let frozen = position.last_ice_age().unwrap().frozen_pieces();
    assert_eq!(frozen.len(), 1);
    assert_eq!(frozen[0].square, square("h1"));
    assert!(
        position.position_text().contains(" w Q - "),
        "{}",
        position.position_text()
    );
}

#[test]
fn a_mate_before_the_ice_age_is_judged_after_it() {
    // Without an Ice Age, ...Ra1 mates: the king on h1 is boxed in by its own pawns.
    let mated = after("r5k1/5ppp/8/8/8/8/6PP/7K b - - 0 19", &["Ra1"]);
    assert_eq!(mated.status().to_string(), "black wins (checkmate)");
    // After Black's 20th move the empty rank refreezes between rook and king, and the lone
    // rook freezes: the game goes on, and the king may take the ice on g1.
    let position = after("r5k1/5ppp/8/8/8/8/6PP/7K b - - 0 20", &["Ra1"]);
    assert_eq!(position.status(), Status::Ongoing);
    assert_eq!(position.cell(square("a1")), Cell::Ice);
    assert!(!position.is_check());
    assert!(move_texts(&position).contains(&"h1g1".to_string()));
}

#[test]
fn no_en_passant_survives_an_ice_age() {
    let position = after("4k3/3p1p2/8/4P3/8/8/3P4/4K3 b - - 0 19", &["d5"]);
    assert!(position.position_text().contains(" d6 "));
    assert!(move_texts(&position).contains(&"e5d6".to_string()));
    let position = after("4k3/3p1p2/8/4P3/8/8/3P4/4K3 b - - 0 20", &["d5"]);
    assert_eq!(position.cell(square("d6")), Cell::Ice);
    assert!(position.position_text().contains(" - "));
    // e5 takes the ice on d6 (a capture of ice, not en passant) and stays beside d5.
    let mv = position.parse_move("exd6").unwrap();
    assert!(!mv.is_en_passant());
    assert!(position.move_squares(mv).also.is_empty());
}
