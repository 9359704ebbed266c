//! Glacier positions counted by hand at depth 1, then checked against the reference deeper.

use super::*;

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
