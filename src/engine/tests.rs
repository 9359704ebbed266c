//! What every engine promises, whatever the game: a legal move (turn) the rules accept as
//! typed, the same one for the same seed.

use super::*;
use crate::games::{AnyGame, GameKind};

/// Plays `plies` random moves from the start of `kind` with `seed`.
fn random_position(kind: GameKind, seed: u64, plies: u32) -> AnyGame {
    let mut game = AnyGame::start(kind, seed);
    for ply in 0..plies {
        match random_choice(&game, seed.wrapping_add(u64::from(ply))) {
            Some(choice) => {
                if game.play_text(&choice.text).is_err() || game.status().is_over() {
                    break;
                }
            }
            None => break,
        }
    }
    game
}

#[test]
fn levels_read_as_players_type_them() {
    assert_eq!(Level::parse("5"), Level::new(5));
    assert_eq!(Level::parse("level:8"), Some(Level::MAX));
    assert_eq!(Level::parse("L1"), Some(Level::MIN));
    assert_eq!(Level::parse("9"), None);
    assert_eq!(Level::parse("0"), None);
    assert_eq!(Level::parse("level:"), None);
    assert_eq!(Level::all().count(), 8);
}

#[test]
fn every_engine_plays_a_legal_move_the_rules_accept_as_typed() {
    for kind in [
        GameKind::KnightFight,
        GameKind::Glacier,
        GameKind::ChesimalsOne,
        GameKind::ChesimalsTwo,
        GameKind::Critters,
    ] {
        for seed in 0..4u64 {
            let game = random_position(kind, seed, (seed * 7) as u32);
            if game.status().is_over() {
                continue;
            }
            let choice = think(&game, Level::MIN, seed).expect("an ongoing game has a move");
            let again = think(&game, Level::MIN, seed).expect("an ongoing game has a move");
            assert_eq!(choice, again, "{kind:?}: same seed, same move");
            let mut after = game.clone();
            after
                .play_text(&choice.text)
                .unwrap_or_else(|e| panic!("{kind:?} seed {seed}: {} refused: {e}", choice.text));
            assert_ne!(
                after.side_to_move(),
                game.side_to_move(),
                "{kind:?}: a whole turn"
            );
        }
    }
}
