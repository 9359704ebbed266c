//! Position text.

use super::*;

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
