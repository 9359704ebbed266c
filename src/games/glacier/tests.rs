use super::*;
use crate::games::perft;
use crate::games::rng::SeededRng;
use proptest::prelude::*;

mod reference;
use reference::Board;

fn pos(fen: &str) -> Position {
    Position::parse_position(fen).unwrap()
}

fn move_texts(position: &Position) -> Vec<String> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|&mv| position.move_text(mv)).collect();
    texts.sort();
    texts
}

fn play(position: &mut Position, text: &str) {
    let mv = position.parse_move(text).unwrap();
    position.play(mv).unwrap();
}

fn after(fen: &str, moves: &[&str]) -> Position {
    let mut position = pos(fen);
    for text in moves {
        play(&mut position, text);
    }
    position
}

fn square(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn error_key(position: &Position, text: &str) -> &'static str {
    position.parse_move(text).unwrap_err().key
}

// ---------------------------------------------------------------------------------------
// The standard perft suite: without ice, Glacier is chess until the first Ice Age.

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";

/// Published figures, to the depths of the issue.
const STANDARD: [(&str, [u64; 5]); 5] = [
    (CHESS_START, [20, 400, 8_902, 197_281, 4_865_609]),
    (KIWIPETE, [48, 2_039, 97_862, 4_085_603, 0]),
    (POSITION_3, [14, 191, 2_812, 43_238, 674_624]),
    (POSITION_4, [6, 264, 9_467, 422_333, 0]),
    (POSITION_5, [44, 1_486, 62_379, 2_103_487, 0]),
];

#[test]
fn standard_perft_positions_to_depth_three() {
    for (fen, counts) in STANDARD {
        let position = pos(fen);
        assert_eq!(position.position_text(), fen);
        for depth in 1..=3 {
            assert_eq!(
                perft(&position, depth),
                counts[depth as usize - 1],
                "{fen} {depth}"
            );
            assert_eq!(
                position.perft_bulk(depth),
                counts[depth as usize - 1],
                "{fen} {depth}"
            );
        }
    }
}

/// The full depths of the issue: bulk counting at the last ply keeps this to about two
/// seconds even unoptimised.
#[test]
fn standard_perft_positions_to_the_issue_depths() {
    for (fen, counts) in STANDARD {
        let position = pos(fen);
        let depth = if counts[4] == 0 { 4 } else { 5 };
        let want = counts[depth - 1];
        assert_eq!(perft(&position, depth as u32), want, "{fen}");
        assert_eq!(position.perft_bulk(depth as u32), want, "{fen}");
    }
}

#[test]
fn the_reference_agrees_on_the_standard_positions() {
    for (fen, counts) in STANDARD {
        let board = Board::parse(fen);
        assert_eq!(board.perft(2), counts[1], "{fen}");
    }
}

// ---------------------------------------------------------------------------------------
// Glacier positions counted by hand at depth 1, then checked against the reference deeper.

/// (what it shows, FEN, moves counted by hand, depth to cross-check with the reference)
const GLACIER: [(&str, &str, u64, u32); 14] = [
    // Every pawn takes the ice diagonally in front (a and h pawns one way, the others two:
    // 14) and each knight takes one of two ice squares (4); no pawn can advance: 18.
    ("start", START_FEN, 18, 3),
    // Pawn d2: ice on d3 stops it, it takes c3 and e3 (2). Pawn g2: g3 is free, g4 ice stops
    // the double step (1). King e1: d1, f1, e2, f2 (4). 7.
    (
        "pawns against ice",
        "4k3/1p6/*7/1*6/6*1/2***3/3P2P1/4K3 w - - 0 1",
        7,
        3,
    ),
    // Black's b7 pawn: b6 (b5 ice stops the double step), takes a6 (2); king e8: 5. 7.
    (
        "pawns against ice, Black",
        "4k3/1p6/*7/1*6/6*1/2***3/3P2P1/4K3 b - - 0 1",
        7,
        3,
    ),
    // Ra1: a2..a7, takes a8, takes the ice on b1 (8). Rh1: h2..h7, takes h8, g1, f1 (9).
    // King: d1, f1, d2, e2, f2 (5) and O-O; O-O-O is forbidden by the ice on b1. 23.
    (
        "castling blocked by ice",
        "r3k2r/8/8/8/8/8/8/R*2K2R w KQkq - 0 1",
        23,
        3,
    ),
    // Black: ra8 a7..a2, takes a1, b8..d8 (10); rh8 h7..h2, takes h1, g8, f8 (9); king d8,
    // f8, d7, e7, f7 (5); both castlings (2). 26.
    (
        "castling blocked by ice, Black",
        "r3k2r/8/8/8/8/8/8/R*2K2R b KQkq - 0 1",
        26,
        3,
    ),
    // Queen d3, stopped by ice or taking it: d4, xd5 | d2, d1 | c3, xb3 | e3, f3, xg3 |
    // c4, xb5 | e4, f5, g6, h7 | c2, b1 | e2, xf1 = 19. King e1: d1, xf1, d2, e2, f2 = 5. 24.
    (
        "sliders stopped by ice",
        "4k3/8/8/1*1*4/8/1*1Q2*1/8/4K*2 w - - 0 1",
        24,
        3,
    ),
    // The rook on e8 looks at e1 but the ice on e4 shields: no check and no pin. Bishop e2:
    // d1, f1, d3, c4, b5, a6, f3, g4, h5 (9); king d1, f1, d2, f2 (4). 13.
    (
        "a check blocked by ice",
        "4r2k/8/8/8/4*3/8/4B3/4K3 w - - 0 1",
        13,
        3,
    ),
    // The same without the ice: the bishop is pinned on the e-file and a bishop cannot move
    // along a file, so only the king moves: d1, f1, d2, f2 (4).
    (
        "the same check without ice",
        "4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1",
        4,
        3,
    ),
    // Black to move before the Ice Age. King: d8, f8 (f7 is attacked by Ng5); pawns d6, d5,
    // e6, e5. 6. After ...d6 the lone knight on g5 freezes.
    (
        "a lone piece will freeze",
        "4k3/3pp3/8/6N1/8/8/3P4/4K3 b - - 0 20",
        6,
        3,
    ),
    // King d8, f8, f7; pawns d6, d5, e6, e5: 7, and every one of them freezes the lone white
    // king, so nothing follows.
    (
        "the white king will freeze",
        "4k3/3pp3/8/8/8/8/8/4K3 b - - 0 20",
        7,
        3,
    ),
    // King d8, f8, d7, e7, f7: 5, and both lone kings freeze after each.
    (
        "both kings will freeze",
        "4k3/8/8/8/8/8/8/4K3 b - - 0 20",
        5,
        3,
    ),
    // King d8, f8, d7, f7; pawn e6, e5: 6. After ...Kd8, a1 and f1 stay empty (their
    // neighbours on the board are all pieces) and everything else refreezes.
    (
        "edge squares stay empty",
        "4k3/4p3/8/8/8/8/P4P2/1R2K1N1 b - - 0 20",
        6,
        3,
    ),
    // Rook a8: a7..a1 (7) and b8..f8 (5); king g8: f8, h8 (2); pawns f7, g7, h7 one or two
    // steps each (6). 20.
    (
        "a mate that the Ice Age undoes",
        "r5k1/5ppp/8/8/8/8/6PP/7K b - - 0 20",
        20,
        3,
    ),
    // King d8, f8, e7 (3); pawns d6, d5, f6, f5 (4): 7. After ...d5 no en passant survives
    // the Ice Age.
    (
        "a double step into an Ice Age",
        "4k3/3p1p2/8/4P3/8/8/3P4/4K3 b - - 0 20",
        7,
        3,
    ),
];

#[test]
fn glacier_positions_counted_by_hand() {
    for (what, fen, count, _) in GLACIER {
        let position = pos(fen);
        assert_eq!(position.position_text(), fen, "{what}");
        assert_eq!(
            perft(&position, 1),
            count,
            "{what}: {:?}",
            move_texts(&position)
        );
        assert_eq!(position.perft_bulk(1), count, "{what}");
    }
}

#[test]
fn glacier_positions_agree_with_the_reference_deeper() {
    for (what, fen, _, depth) in GLACIER {
        let position = pos(fen);
        let board = Board::parse(fen);
        for d in 1..=depth {
            let want = board.perft(d);
            assert_eq!(perft(&position, d), want, "{what} depth {d}");
            assert_eq!(position.perft_bulk(d), want, "{what} depth {d}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// The Ice Age.

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

// ---------------------------------------------------------------------------------------
// The end of the game.

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

// ---------------------------------------------------------------------------------------
// Moves as players type them.

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

// ---------------------------------------------------------------------------------------
// Position text.

#[test]
fn fen_round_trips_and_rejects_bad_texts() {
    let start = Position::start(7);
    assert_eq!(start.position_text(), START_FEN);
    assert_eq!(
        pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").position_text(),
        CHESS_START
    );
    let bad = [
        "",
        "8/8/8/8/8/8/8 w - - 0 1",
        "8/8/8/8/8/8/8/9 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
        "4k3/8/8/8/8/8/8/4K3 w - - a 1",
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
        "4k3/8/8/8/8/8/8/4KK2 w - - 0 1",
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w KK - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
        "4k3/8/8/8/8/8/8/4K3 w - h9 0 1",
        "4k3/8/8/8/8/8/8/4K*3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999",
    ];
    for text in bad {
        let error = Position::parse_position(text).unwrap_err();
        assert_eq!(error.key, "position-malformed", "{text}");
    }
}

// ---------------------------------------------------------------------------------------
// Random playouts: the engine and the reference agree move for move, Ice Ages included.

fn playout_agrees(start_fen: &str, seed: u64, max_plies: usize) -> usize {
    let mut position = pos(start_fen);
    let mut board = Board::parse(start_fen);
    let mut rng = SeededRng::new(seed);
    let mut ice_ages = 0;
    for _ in 0..max_plies {
        let expected = board.legal();
        let texts: Vec<String> = expected.iter().map(|(t, _)| t.clone()).collect();
        assert_eq!(move_texts(&position), texts, "{}", position.position_text());
        assert_eq!(
            position.status().to_string(),
            board.status(),
            "{}",
            position.position_text()
        );
        if expected.is_empty() {
            break;
        }
        let (text, next) = &expected[rng.below(expected.len() as u64) as usize];
        let before = position.position_text();
        play(&mut position, text);
        board = next.clone();
        assert_eq!(position.position_text(), board.fen(), "{before} {text}");
        let new_ice = position.last_ice_age().map(|r| {
            r.new_ice()
                .into_iter()
                .map(|s| s.rank as usize * 8 + s.file as usize)
                .collect::<Vec<_>>()
        });
        assert_eq!(new_ice, board.new_ice, "{before} {text}");
        ice_ages += usize::from(new_ice.is_some());
    }
    ice_ages
}

#[test]
fn random_playouts_through_two_ice_ages_agree_with_the_reference() {
    let mut through_two = 0;
    for seed in 0..24 {
        if playout_agrees(START_FEN, seed, 90) >= 2 {
            through_two += 1;
        }
    }
    assert!(
        through_two >= 12,
        "only {through_two} playouts saw two Ice Ages"
    );
}

#[test]
fn random_playouts_from_chess_and_sparse_boards_agree_with_the_reference() {
    let starts = [
        CHESS_START,
        KIWIPETE,
        POSITION_4,
        "r3k2r/8/8/8/8/8/8/R*2K2R w KQkq - 0 18",
        "4k3/3pp3/8/6N1/8/8/3P4/4K3 b - - 0 19",
        "r5k1/5ppp/8/8/8/8/6PP/7K w - - 0 18",
    ];
    let mut ice_ages = 0;
    for (i, fen) in starts.iter().enumerate() {
        for seed in 0..8 {
            ice_ages += playout_agrees(fen, (i as u64) << 8 | seed, 90);
        }
    }
    assert!(ice_ages > 20);
}

// ---------------------------------------------------------------------------------------
// Properties.

/// A position reached by `plies` random moves from one of a few starts.
fn random_position(seed: u64, plies: usize) -> Position {
    let starts = [
        START_FEN,
        CHESS_START,
        KIWIPETE,
        "4k3/3pp3/8/6N1/8/8/3P4/4K3 b - - 0 19",
    ];
    let mut position = pos(starts[(seed % starts.len() as u64) as usize]);
    let mut rng = SeededRng::new(seed);
    let mut moves = Vec::new();
    for _ in 0..plies {
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        position.play(mv).unwrap();
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_legal_move_applies_and_never_leaves_the_king_attacked(seed in any::<u64>(), plies in 0usize..100) {
        let position = random_position(seed, plies);
        let mover = position.side_to_move();
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        for &mv in &moves {
            prop_assert_eq!(position.parse_move(&position.move_text(mv)), Ok(mv));
            let mut child = position.clone();
            prop_assert!(child.play(mv).is_ok());
            let text = child.position_text();
            let board = Board::parse(&text);
            if let Some(king) = child.king(mover) {
                let index = king.rank as usize * 8 + king.file as usize;
                prop_assert!(!board.attacked(index, mover == Side::Black), "{} {}", text, position.move_text(mv));
            }
            prop_assert_eq!(Position::parse_position(&text).map(|p| p.position_text()), Ok(text));
        }
    }

    #[test]
    fn fen_round_trips(seed in any::<u64>(), plies in 0usize..120) {
        let mut position = random_position(seed, plies);
        let text = position.position_text();
        let parsed = Position::parse_position(&text).unwrap();
        position.last_ice_age = None;
        prop_assert_eq!(&parsed, &position);
        prop_assert_eq!(parsed.position_text(), text);
    }

    #[test]
    fn the_position_parser_survives_any_text(text in any::<String>()) {
        let _ = Position::parse_position(&text);
    }

    #[test]
    fn the_position_parser_survives_fen_like_text(
        text in "[KQRBNPkqrbnp1-9*/]{0,72} [wbx] [KQkq-]{1,4} [a-h1-8-]{1,2} [0-9]{1,3} [0-9]{1,3}"
    ) {
        if let Ok(position) = Position::parse_position(&text) {
            let again = Position::parse_position(&position.position_text());
            prop_assert_eq!(again.map(|p| p.position_text()), Ok(position.position_text()));
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            let _ = position.status();
        }
    }

    #[test]
    fn the_move_parser_survives_any_text(seed in any::<u64>(), plies in 0usize..60, text in any::<String>()) {
        let position = random_position(seed, plies);
        let _ = position.parse_move(&text);
    }

    #[test]
    fn the_move_parser_survives_move_like_text(
        seed in any::<u64>(),
        plies in 0usize..60,
        text in "[KQRBNPkqrbnpa-hA-H1-8xX=+#O0o: -]{0,9}"
    ) {
        let position = random_position(seed, plies);
        if let Ok(mv) = position.parse_move(&text) {
            prop_assert!(position.is_legal(mv));
        }
    }
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
