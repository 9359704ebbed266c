//! Generated puzzles: their levels, and the generator pinned.

use super::*;

#[test]
fn generated_puzzles_fit_their_level_and_are_solvable() {
    for level in Level::ALL {
        for seed in 0..40 {
            let puzzle = generate(seed, level);
            let fp = puzzle.footprint;
            assert!(
                (generator::MIN_SQUARES..=generator::MAX_SQUARES).contains(&fp.len()),
                "{fp}"
            );
            assert_eq!(puzzle.level, level);
            assert_eq!(puzzle.grade.level(), Some(level));
            assert!(generator::MIN_PIECES.contains(&puzzle.grade.min_pieces));
            assert_eq!(puzzle.solution.len(), puzzle.grade.min_pieces);
            assert!(naive_solves(fp, &puzzle.solution), "{fp}");
            let mut game = Game::new(fp);
            for &p in &puzzle.solution {
                game.place(p).unwrap();
            }
            assert_eq!(game.status(), GameStatus::Solved);
            assert_eq!(generate(seed, level), puzzle, "deterministic");
        }
    }
}

#[test]
fn levels_follow_the_points() {
    let grade = |min_pieces, solutions, valid_placements, traps| Grade {
        min_pieces,
        solutions,
        valid_placements,
        traps,
    };
    assert_eq!(grade(1, 1, 2, 1).level(), None);
    assert_eq!(grade(7, 1, 90, 80).level(), None);
    assert_eq!(points(&grade(2, 3, 10, 0)), 4);
    assert_eq!(grade(2, 3, 10, 0).level(), Some(Level::Easy));
    assert_eq!(points(&grade(2, 1, 7, 0)), 6);
    assert_eq!(grade(2, 1, 7, 0).level(), Some(Level::Easy));
    assert_eq!(points(&grade(3, 1, 20, 15)), 9);
    assert_eq!(grade(3, 1, 20, 15).level(), Some(Level::Medium));
    assert_eq!(points(&grade(3, 1, 11, 2)), 8);
    assert_eq!(grade(4, 2, 30, 10).level(), Some(Level::Medium));
    assert_eq!(points(&grade(4, 1, 30, 10)), 9);
    assert_eq!(points(&grade(4, 1, 30, 20)), 10);
    assert_eq!(grade(4, 1, 30, 20).level(), Some(Level::Hard));
    assert_eq!(grade(5, 9, 30, 3).level(), Some(Level::Hard));
    assert_eq!(Grade::trap_percent(&grade(2, 1, 0, 0)), 0);
}

#[test]
fn levels_parse_forgivingly() {
    assert_eq!(Level::parse(" Hard "), Ok(Level::Hard));
    assert_eq!(Level::parse("e"), Ok(Level::Easy));
    assert_eq!(Level::parse("2"), Ok(Level::Medium));
    assert_eq!(
        Level::parse("extreme").unwrap_err().key,
        "ambit-level-unknown"
    );
    for level in Level::ALL {
        assert_eq!(Level::parse(&level.to_string()), Ok(level));
    }
}

#[test]
fn the_generator_is_fixed_forever() {
    // Practice puzzles are stored by seed: changing these changes every stored practice game.
    assert_eq!(generate(1, Level::Easy).footprint.to_string(), PINNED_EASY);
    assert_eq!(generate(1, Level::Hard).footprint.to_string(), PINNED_HARD);
}

const PINNED_EASY: &str = "....#.#./....###./......../....#.#./...#...#/......../...#...#/....#.#.";
const PINNED_HARD: &str = ".#######/#.##..#./#..#.#../#.###.#./##.#...#/#.##..../##.#..../###.####";
