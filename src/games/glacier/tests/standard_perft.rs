//! The standard perft suite: without ice, Glacier is chess until the first Ice Age.

use super::*;

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
