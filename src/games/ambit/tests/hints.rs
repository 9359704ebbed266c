//! Hints against the exact solver: never a placement outside a minimal solution, and while
//! the placed pieces still fit a minimal solution, one that keeps them fitting.

use super::*;

use proptest::prelude::*;

/// Every minimal solution's placements, straight from the solver.
fn in_a_minimal_solution(footprint: Footprint, placement: Placement) -> bool {
    solve(footprint).is_some_and(|s| s.useful.contains(&placement))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random play (any placement the rules accept, traps and all), with a hint asked at
    /// every step: each hint is in a minimal solution, on an empty square, and allowed by
    /// the footprint; while the placed pieces complete to a minimal solution, the hint
    /// keeps them completable.
    #[test]
    fn a_hint_never_points_outside_a_minimal_solution(seed in 0u64..1_000_000, level in 0usize..3, picks in proptest::collection::vec(0usize..1_000, 0..8)) {
        let level = [Level::Easy, Level::Medium, Level::Hard][level];
        let puzzle = generate(seed, level);
        let footprint = puzzle.footprint;
        let minimum = solve(footprint).map(|s| s.min_pieces);
        let mut game = Game::new(footprint);
        for pick in picks {
            if game.status() != GameStatus::Ongoing {
                break;
            }
            if let Some(hint) = hint(&game) {
                prop_assert!(in_a_minimal_solution(footprint, hint), "{hint} for {}", game.text());
                prop_assert!(game.piece_on(hint.square).is_none());
                prop_assert!(footprint.allows(hint));
                if let Some(pieces) = minimum
                    && complete(footprint, game.placements(), 0, pieces).is_some()
                {
                    let mut with_hint = game.placements().to_vec();
                    with_hint.push(hint);
                    prop_assert!(complete(footprint, &with_hint, 0, pieces).is_some(), "{hint} for {}", game.text());
                }
            } else {
                let useful = solve(footprint).map(|s| s.useful).unwrap_or_default();
                prop_assert!(
                    game.is_solved() || useful.iter().all(|p| game.piece_on(p.square).is_some()),
                    "no hint for {}", game.text()
                );
            }
            let options = game.valid_placements();
            if options.is_empty() {
                break;
            }
            let _ = game.place(options[pick % options.len()]);
        }
    }
}

/// Following the hints from an empty board solves every puzzle in its minimum, with every
/// life kept.
#[test]
fn following_the_hints_solves_in_the_fewest_pieces() {
    for seed in 0..40 {
        for level in [Level::Easy, Level::Medium, Level::Hard] {
            let puzzle = generate(seed, level);
            let minimum = solve(puzzle.footprint).unwrap().min_pieces;
            let mut game = Game::new(puzzle.footprint);
            while let Some(hint) = hint(&game) {
                assert!(
                    matches!(
                        game.place(hint),
                        Ok(PlaceOutcome::Placed { .. }) | Ok(PlaceOutcome::Solved { .. })
                    ),
                    "{hint} in {}",
                    game.text()
                );
            }
            assert!(game.is_solved(), "{}", game.text());
            assert_eq!(game.placements().len(), minimum);
            assert_eq!(game.stars(), Some(LIVES));
        }
    }
}

#[test]
fn a_life_is_spent_for_help_but_never_the_last() {
    let mut game = Game::new(generate(7, Level::Easy).footprint);
    assert!(game.spend_life());
    assert!(game.spend_life());
    assert_eq!(game.lives(), 1);
    assert!(!game.spend_life());
    assert_eq!(game.lives(), 1);
}
