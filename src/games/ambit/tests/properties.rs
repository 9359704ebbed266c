//! Random texts and random play never break the rules or panic.

use super::*;

use proptest::prelude::*;

proptest! {
    #[test]
    fn footprint_parsing_never_panics(text in ".{0,90}") {
        let _ = parse_footprint(&text);
    }

    #[test]
    fn footprint_like_text_never_panics(text in "[#./ x]{0,80}") {
        if let Ok(fp) = parse_footprint(&text) {
            prop_assert_eq!(parse_footprint(&fp.to_string()), Ok(fp));
        }
    }

    #[test]
    fn footprints_round_trip(bits in 1u64..) {
        let fp = Footprint(bits);
        prop_assert_eq!(parse_footprint(&footprint_text(fp)), Ok(fp));
    }

    #[test]
    fn placement_parsing_never_panics(text in ".{0,24}") {
        let _ = parse_placement(&text);
    }

    #[test]
    fn placement_like_text_reads_back(text in "[ kqrbnKQRBN@]{0,2}[a-jA-J]?[0-9]{0,2}[ kqrbnKQRBN]{0,2}") {
        if let Ok(p) = parse_placement(&text) {
            prop_assert_eq!(parse_placement(&p.to_string()), Ok(p));
        }
    }

    #[test]
    fn state_parsing_never_panics(text in ".{0,120}", tail in "[ 0-9a-hKQRBNkqrbn]{0,30}") {
        let _ = parse_state(&text);
        let fp = footprint_text(Footprint(0x00ff_00ff_00ff_00ff));
        let _ = parse_state(&format!("{fp} {tail}"));
    }

    #[test]
    fn date_parsing_never_panics(text in ".{0,16}", y in 0u32..10000, m in 0u32..14, d in 0u32..33) {
        let _ = Date::parse(&text);
        if let Ok(date) = Date::parse(&format!("{y:04}-{m:02}-{d:02}")) {
            prop_assert_eq!(date.to_string(), format!("{y:04}-{m:02}-{d:02}"));
        }
    }

    #[test]
    fn any_play_keeps_the_rules(seed in 0u64..1000, moves in prop::collection::vec((0usize..5, 0usize..64), 0..20)) {
        let puzzle = generate(seed, Level::Easy);
        let mut game = Game::new(puzzle.footprint);
        for (piece, square) in moves {
            let placement = Placement::new(Piece::ALL[piece], square_at(square));
            let before = game.clone();
            match game.place(placement) {
                Err(_) => prop_assert_eq!(&game, &before),
                Ok(PlaceOutcome::Invalid { lives, .. }) => {
                    prop_assert_eq!(lives + 1, before.lives());
                    prop_assert!(!puzzle.footprint.allows(placement));
                }
                Ok(PlaceOutcome::Solved { stars }) => {
                    prop_assert_eq!(stars, game.lives());
                    prop_assert!(is_solution(puzzle.footprint, game.placements()));
                }
                Ok(PlaceOutcome::Placed { .. }) => {
                    prop_assert!(puzzle.footprint.allows(placement));
                    prop_assert_eq!(game.status(), GameStatus::Ongoing);
                }
            }
            prop_assert_eq!(Game::parse(&game.text()), Ok(game.clone()));
        }
    }
}
