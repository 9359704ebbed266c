//! Properties.

use super::*;

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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The preview of an Ice Age is what an Ice Age on the same board does: the squares it
    /// names are exactly the new ice, and a king it says would freeze does.
    #[test]
    fn the_ice_age_preview_is_what_the_ice_age_does(seed in any::<u64>(), plies in 0usize..80) {
        let position = random_position(seed, plies);
        let mut frozen = position.clone();
        frozen.ice_age();
        let report = frozen.last_ice_age().expect("a report");
        prop_assert_eq!(position.ice_age_preview(), report.new_ice());
        for side in Side::BOTH {
            let king = position.king(side);
            let froze = report.frozen_kings().contains(&side);
            prop_assert_eq!(position.king_would_freeze(side).is_some(), froze);
            if froze {
                prop_assert_eq!(position.king_would_freeze(side), king);
            }
        }
    }
}
