//! Random playouts: the engine and the reference agree move for move, Ice Ages included.

use super::*;

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
