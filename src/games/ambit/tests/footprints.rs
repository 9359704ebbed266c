//! The pieces' footprints against a naive reference, and their textbook sizes.

use super::*;

#[test]
fn footprints_match_the_naive_reference_on_every_square() {
    for piece in Piece::ALL {
        for from in 0..64 {
            let from = square_at(from);
            let expected = (0..64)
                .map(square_at)
                .filter(|&to| reaches(piece, from, to))
                .fold(0u64, |bits, to| bits | bit(to));
            assert_eq!(attacks(piece, from), expected, "{piece}{from}");
            assert_eq!(attacks(piece, from) & bit(from), 0);
        }
    }
}

#[test]
fn footprint_sizes_are_the_textbook_ones() {
    assert_eq!(attacks(Piece::Queen, sq("d4")).count_ones(), 27);
    assert_eq!(attacks(Piece::Queen, sq("a1")).count_ones(), 21);
    assert_eq!(attacks(Piece::Rook, sq("e5")).count_ones(), 14);
    assert_eq!(attacks(Piece::Bishop, sq("a1")).count_ones(), 7);
    assert_eq!(attacks(Piece::Knight, sq("a1")).count_ones(), 2);
    assert_eq!(attacks(Piece::King, sq("h8")).count_ones(), 3);
    let squares: Vec<String> = footprint::squares(attacks(Piece::Knight, sq("a1")))
        .map(|s| s.to_string())
        .collect();
    assert_eq!(squares, ["c2", "b3"]);
}
