use super::footprint::{self, attacks, bit, square_at};
use super::game::parse_state;
use super::generator::{construct, points};
use super::notation::{
    PartialPlacement, footprint_text, parse_footprint, parse_partial_placement, parse_placement,
};
use super::solver::is_solution;
use super::*;
use crate::games::rng::SeededRng;
use std::collections::BTreeSet;

fn sq(text: &str) -> Square {
    Square::parse(text).unwrap()
}

fn pl(text: &str) -> Placement {
    parse_placement(text).unwrap()
}

/// The footprint made of the given squares.
fn squares_fp(squares: &[&str]) -> Footprint {
    Footprint(squares.iter().fold(0, |bits, s| bits | bit(sq(s))))
}

// ---------------------------------------------------------------- footprints

/// The naive reference: does `piece` on `from` attack `to` on an empty board?
fn reaches(piece: Piece, from: Square, to: Square) -> bool {
    let df = (from.file as i32 - to.file as i32).abs();
    let dr = (from.rank as i32 - to.rank as i32).abs();
    if df == 0 && dr == 0 {
        return false;
    }
    let rook = df == 0 || dr == 0;
    let bishop = df == dr;
    match piece {
        Piece::King => df <= 1 && dr <= 1,
        Piece::Queen => rook || bishop,
        Piece::Rook => rook,
        Piece::Bishop => bishop,
        Piece::Knight => (df == 1 && dr == 2) || (df == 2 && dr == 1),
    }
}

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

// ---------------------------------------------------------------- notation

#[test]
fn footprint_text_has_rank_8_first() {
    let fp = squares_fp(&["a8", "h1", "c4"]);
    assert_eq!(
        footprint_text(fp),
        "#......./......../......../......../..#...../......../......../.......#"
    );
    assert_eq!(parse_footprint(&footprint_text(fp)), Ok(fp));
    assert_eq!(fp.to_string().parse::<Footprint>(), Ok(fp));
}

#[test]
fn malformed_footprints_are_refused() {
    let good = footprint_text(squares_fp(&["d4"]));
    for text in [
        "",
        "/",
        "#",
        &good.replace('#', "x"),
        &good[..good.len() - 1],
        &format!("{good}/........"),
        &good.replacen('/', "", 1),
        &good.replacen('.', "é", 1),
    ] {
        let error = parse_footprint(text).unwrap_err();
        assert_eq!(error.key, "ambit-footprint-malformed", "{text}");
    }
    let empty = footprint_text(Footprint(0));
    assert_eq!(
        parse_footprint(&empty).unwrap_err().key,
        "ambit-footprint-empty"
    );
    assert_eq!(
        parse_footprint(&format!("  {} ", good.replace('/', " / "))),
        parse_footprint(&good)
    );
}

#[test]
fn every_placement_round_trips_and_forgiving_forms_are_read() {
    for placement in Placement::all() {
        let text = placement.to_string();
        assert_eq!(parse_placement(&text), Ok(placement));
        assert_eq!(parse_placement(&text.to_lowercase()), Ok(placement));
        let square = placement.square.to_string();
        let letter = placement.piece.letter();
        for form in [
            format!("{letter} {square}"),
            format!("{square}{letter}"),
            format!("{square} {}", letter.to_ascii_lowercase()),
            format!("{letter}@{square}"),
            format!("{} {square}", placement.piece.name()),
            format!(" {}{} ", letter, square.to_uppercase()),
        ] {
            assert_eq!(parse_placement(&form), Ok(placement), "{form}");
        }
    }
    assert_eq!(pl("bb3"), Placement::new(Piece::Bishop, sq("b3")));
    assert_eq!(pl("Knight f3"), Placement::new(Piece::Knight, sq("f3")));
}

#[test]
fn malformed_placements_are_refused() {
    for text in [
        "",
        "f3",
        "N",
        "Pf3",
        "Ni3",
        "Nf9",
        "Nf0",
        "Nf33",
        "NNf3",
        "Nf3N",
        "N f 3 x",
        "kingdom f3",
        "Q a1 b2",
    ] {
        let error = parse_placement(text).unwrap_err();
        assert_eq!(error.key, "ambit-placement-malformed", "{text}");
    }
}

// ---------------------------------------------------------------- rules

/// A footprint that two knights and a rook solve: Ra1 covers the a-file and rank 1.
fn rook_and_knights() -> (Footprint, Vec<Placement>) {
    let solution = vec![pl("Ra1"), pl("Nd5"), pl("Nh8")];
    (Footprint::union_of(&solution), solution)
}

#[test]
fn a_valid_placement_stands_and_an_exact_cover_solves() {
    let (fp, solution) = rook_and_knights();
    let mut game = Game::new(fp);
    assert_eq!(game.status(), GameStatus::Ongoing);
    for (i, &p) in solution.iter().enumerate() {
        let outcome = game.place(p).unwrap();
        if i + 1 < solution.len() {
            assert_eq!(outcome, PlaceOutcome::Placed { unanchored: vec![] });
        } else {
            assert_eq!(outcome, PlaceOutcome::Solved { stars: 3 });
        }
    }
    assert_eq!(game.status(), GameStatus::Solved);
    assert_eq!(game.stars(), Some(3));
    assert!(game.valid_placements().is_empty());
    let error = game.place(pl("Kh1")).unwrap_err();
    assert_eq!(error.key, "ambit-already-solved");
}

#[test]
fn an_invalid_placement_costs_a_life_and_names_the_offending_squares() {
    let (fp, _) = rook_and_knights();
    let mut game = Game::new(fp);
    let outcome = game.place(pl("Kb2")).unwrap();
    let PlaceOutcome::Invalid { offending, lives } = outcome else {
        panic!("{outcome:?}");
    };
    let expected: Vec<Square> = ["a1", "c2", "b3"].map(sq).to_vec();
    let outside = attacks(Piece::King, sq("b2")) & !fp.0;
    assert_eq!(offending, footprint::squares(outside).collect::<Vec<_>>());
    assert_eq!(offending.len(), expected.len());
    for square in &expected {
        assert!(offending.contains(square), "{square}");
    }
    assert_eq!(lives, 2);
    assert_eq!(game.lives(), 2);
    assert!(
        game.placements().is_empty(),
        "an invalid piece is not placed"
    );
}

#[test]
fn three_invalid_placements_end_the_game() {
    let (fp, _) = rook_and_knights();
    let mut game = Game::new(fp);
    for lives in [2, 1, 0] {
        let outcome = game.place(pl("Qe4")).unwrap();
        assert!(matches!(outcome, PlaceOutcome::Invalid { lives: l, .. } if l == lives));
        assert_eq!(outcome.is_game_over(), lives == 0);
    }
    assert_eq!(game.status(), GameStatus::GameOver);
    assert_eq!(game.stars(), None);
    assert!(game.valid_placements().is_empty());
    assert_eq!(game.place(pl("Ra1")).unwrap_err().key, "ambit-no-lives");
    assert_eq!(game.text(), format!("{fp} 0"));
}

#[test]
fn an_occupied_square_is_refused_without_costing_a_life() {
    let (fp, _) = rook_and_knights();
    let mut game = Game::new(fp);
    game.place(pl("Nd5")).unwrap();
    for text in ["Nd5", "Kd5", "Qd5"] {
        let error = game.place(pl(text)).unwrap_err();
        assert_eq!(error.key, "ambit-occupied");
        assert_eq!(
            error.args,
            vec![("square", "d5".to_string()), ("piece", "N".to_string())]
        );
    }
    assert_eq!(game.lives(), 3);
    assert_eq!(game.placements(), &[pl("Nd5")]);
}

#[test]
fn a_piece_on_the_only_uncovered_square_is_named_unanchored() {
    // The bishop's footprint plus its own square: once placed, everything looks covered.
    let fp = Footprint(attacks(Piece::Bishop, sq("c4")) | bit(sq("c4")));
    let mut game = Game::new(fp);
    let outcome = game.place(pl("Bc4")).unwrap();
    assert_eq!(
        outcome,
        PlaceOutcome::Placed {
            unanchored: vec![pl("Bc4")]
        }
    );
    assert_eq!(game.status(), GameStatus::Ongoing);
    assert_eq!(game.unanchored(), vec![pl("Bc4")]);
    let notes = outcome.notes(pl("Bc4"));
    assert_eq!(notes[0].key, "ambit-unanchored");
    assert_eq!(
        notes[0].args,
        vec![("piece", "B".to_string()), ("square", "c4".to_string())]
    );
    // A knight that covers c4 anchors the bishop and solves, if its footprint fits.
    let anchor = Placement::all()
        .find(|&p| p.square != sq("c4") && fp.allows(p) && p.attacks() & bit(sq("c4")) != 0);
    if let Some(anchor) = anchor {
        let outcome = game.place(anchor).unwrap();
        assert_eq!(outcome, PlaceOutcome::Solved { stars: 3 });
    }
}

#[test]
fn no_note_while_squares_are_plainly_uncovered() {
    let fp = Footprint(attacks(Piece::Bishop, sq("c4")) | bit(sq("c4")) | bit(sq("h1")));
    let mut game = Game::new(fp);
    let outcome = game.place(pl("Bc4")).unwrap();
    assert_eq!(outcome, PlaceOutcome::Placed { unanchored: vec![] });
    assert_eq!(
        game.unanchored(),
        vec![pl("Bc4")],
        "still unanchored, just not news"
    );
}

#[test]
fn solved_means_exact_union_and_anchored_as_the_rules_say() {
    // A piece outside the footprint is anchored by default.
    let fp = Footprint(attacks(Piece::Knight, sq("a1")));
    let mut game = Game::new(fp);
    assert_eq!(
        game.place(pl("Na1")).unwrap(),
        PlaceOutcome::Solved { stars: 3 }
    );
    // Two pieces that anchor each other.
    let pair = [pl("Kd4"), pl("Ke5")];
    let fp = Footprint::union_of(&pair);
    let mut game = Game::new(fp);
    game.place(pair[0]).unwrap();
    assert_eq!(
        game.place(pair[1]).unwrap(),
        PlaceOutcome::Solved { stars: 3 }
    );
}

#[test]
fn stars_are_the_lives_left_at_the_solve() {
    let (fp, solution) = rook_and_knights();
    let mut game = Game::new(fp);
    game.place(pl("Qd4")).unwrap();
    game.place(solution[0]).unwrap();
    game.place(solution[1]).unwrap();
    assert_eq!(
        game.place(solution[2]).unwrap(),
        PlaceOutcome::Solved { stars: 2 }
    );
    assert_eq!(game.stars(), Some(2));
}

#[test]
fn valid_placements_skip_occupied_squares_and_are_sorted() {
    let (fp, _) = rook_and_knights();
    let mut game = Game::new(fp);
    let all = game.valid_placements();
    let texts: Vec<String> = all.iter().map(Placement::to_string).collect();
    let mut sorted = texts.clone();
    sorted.sort();
    assert_eq!(texts, sorted);
    assert!(all.contains(&pl("Ra1")));
    let naive: BTreeSet<Placement> = Placement::all()
        .filter(|p| {
            (0..64)
                .map(square_at)
                .all(|to| !reaches(p.piece, p.square, to) || fp.contains(to))
        })
        .collect();
    assert_eq!(all.iter().copied().collect::<BTreeSet<_>>(), naive);
    game.place(pl("Ra1")).unwrap();
    assert!(game.valid_placements().iter().all(|p| p.square != sq("a1")));
}

// ---------------------------------------------------------------- state text

#[test]
fn states_round_trip_through_text_and_serde() {
    let (fp, solution) = rook_and_knights();
    let mut game = Game::new(fp);
    assert_eq!(Game::parse(&fp.to_string()), Ok(game.clone()));
    assert_eq!(game.text(), format!("{fp} 3"));
    game.place(pl("Qd4")).unwrap();
    game.place(solution[1]).unwrap();
    game.place(solution[0]).unwrap();
    assert_eq!(game.text(), format!("{fp} Nd5 Ra1 2"));
    assert_eq!(Game::parse(&game.text()), Ok(game.clone()));
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(json, format!("\"{fp} Nd5 Ra1 2\""));
    assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
    game.place(solution[2]).unwrap();
    assert_eq!(
        Game::parse(&game.text()).unwrap().status(),
        GameStatus::Solved
    );
    assert_eq!(
        serde_json::from_str::<Placement>("\"nf3\"").unwrap(),
        pl("Nf3")
    );
    assert_eq!(serde_json::to_string(&fp).unwrap(), format!("\"{fp}\""));
}

#[test]
fn impossible_states_are_refused() {
    let (fp, solution) = rook_and_knights();
    let extra = fp
        .valid_placements()
        .find(|p| solution.iter().all(|s| s.square != p.square))
        .unwrap();
    let cases = [
        (format!("{fp} Qe4 3"), "ambit-state-invalid-placement"),
        (format!("{fp} Nd5 Nd5 3"), "ambit-occupied"),
        (format!("{fp} Nd5 4"), "ambit-state-malformed"),
        (format!("{fp} Nd5 99999999999999"), "ambit-state-malformed"),
        (format!("{fp} Ra1 Nd5 Nh8 0"), "ambit-state-malformed"),
        (
            format!("{fp} Ra1 Nd5 Nh8 {extra} 3"),
            "ambit-already-solved",
        ),
        (format!("{fp} Zz9 3"), "ambit-placement-malformed"),
        ("".to_string(), "ambit-state-malformed"),
        ("nonsense 3".to_string(), "ambit-footprint-malformed"),
    ];
    for (text, key) in cases {
        assert_eq!(parse_state(&text).unwrap_err().key, key, "{text}");
    }
    let game_over = parse_state(&format!("{fp} {} 0", solution[0])).unwrap();
    assert_eq!(game_over.status(), GameStatus::GameOver);
}

// ---------------------------------------------------------------- solver

/// Every valid placement, by the naive reference.
fn naive_valid(fp: Footprint) -> Vec<Placement> {
    Placement::all()
        .filter(|p| {
            (0..64)
                .map(square_at)
                .all(|to| !reaches(p.piece, p.square, to) || fp.contains(to))
        })
        .collect()
}

/// A naive check of the rules' "solved": distinct squares, union equals the footprint, each
/// piece inside the footprint covered by another.
fn naive_solves(fp: Footprint, set: &[Placement]) -> bool {
    let squares: BTreeSet<Square> = set.iter().map(|p| p.square).collect();
    if squares.len() != set.len() {
        return false;
    }
    let union: BTreeSet<Square> = (0..64)
        .map(square_at)
        .filter(|&to| set.iter().any(|p| reaches(p.piece, p.square, to)))
        .collect();
    let wanted: BTreeSet<Square> = fp.squares().collect();
    union == wanted
        && set.iter().all(|p| {
            !fp.contains(p.square)
                || set
                    .iter()
                    .any(|q| q != p && reaches(q.piece, q.square, p.square))
        })
}

/// Brute force over all sets of up to `most` valid placements: the fewest pieces, the number
/// of such sets and the placements used in any of them.
fn brute_force(fp: Footprint, most: usize) -> Option<(usize, u64, BTreeSet<Placement>)> {
    let valid = naive_valid(fp);
    let n = valid.len();
    for size in 1..=most {
        let mut count = 0;
        let mut used = BTreeSet::new();
        let mut index: Vec<usize> = (0..size).collect();
        if size > n {
            return None;
        }
        loop {
            let set: Vec<Placement> = index.iter().map(|&i| valid[i]).collect();
            if naive_solves(fp, &set) {
                count += 1;
                used.extend(set);
            }
            // The next combination.
            let mut k = size;
            loop {
                if k == 0 {
                    break;
                }
                k -= 1;
                if index[k] < n - size + k {
                    index[k] += 1;
                    for j in k + 1..size {
                        index[j] = index[j - 1] + 1;
                    }
                    break;
                }
                if k == 0 {
                    k = usize::MAX;
                    break;
                }
            }
            if k == usize::MAX {
                break;
            }
        }
        if count > 0 {
            return Some((size, count, used));
        }
    }
    None
}

#[test]
fn the_solver_agrees_with_brute_force_on_hundreds_of_puzzles() {
    let mut rng = SeededRng::new(2027);
    let mut compared = 0;
    let mut several = 0;
    for round in 0..300 {
        let count = 1 + round % 3;
        let (fp, made) = construct(&mut rng, count);
        let solution = solver::solve(fp).expect("a constructed footprint is solvable");
        assert!(solution.min_pieces <= made.len());
        assert_eq!(solution.valid_placements, naive_valid(fp).len());
        assert_eq!(solution.example.len(), solution.min_pieces);
        assert!(naive_solves(fp, &solution.example), "{fp}");
        match brute_force(fp, 3) {
            Some((min, solutions, used)) => {
                assert_eq!(solution.min_pieces, min, "{fp}");
                assert_eq!(solution.solutions, solutions, "{fp}");
                let useful: BTreeSet<Placement> = solution.useful.iter().copied().collect();
                assert_eq!(useful, used, "{fp}");
                compared += 1;
                several += usize::from(solutions > 1);
            }
            None => assert!(solution.min_pieces > 3, "{fp}"),
        }
    }
    assert!(compared > 250, "compared {compared}");
    assert!(
        several > 10,
        "few puzzles with several solutions: {several}"
    );
}

#[test]
fn the_solver_agrees_with_brute_force_on_four_piece_puzzles() {
    let mut rng = SeededRng::new(4);
    let mut compared = 0;
    while compared < 12 {
        let (fp, _) = construct(&mut rng, 4);
        if naive_valid(fp).len() > 40 {
            continue;
        }
        let solution = solver::solve(fp).unwrap();
        let (min, solutions, used) = brute_force(fp, 4).unwrap();
        assert_eq!(
            (solution.min_pieces, solution.solutions),
            (min, solutions),
            "{fp}"
        );
        assert_eq!(
            solution.useful.iter().copied().collect::<BTreeSet<_>>(),
            used
        );
        compared += 1;
    }
}

#[test]
fn the_solver_counts_sets_not_orders_and_keeps_squares_distinct() {
    // Knight and rook on the same square: the footprint needs both, but no two pieces may
    // share a square, and nothing else fits: unsolvable, as brute force agrees.
    let fp = Footprint::union_of(&[pl("Nd4"), pl("Rd4")]);
    assert_eq!(brute_force(fp, 4), None);
    assert_eq!(solver::solve(fp), None);
    // Two kings that anchor each other: exactly one minimal solution of two pieces?
    let fp = Footprint::union_of(&[pl("Ka1"), pl("Kb1")]);
    let brute = brute_force(fp, 3).unwrap();
    let solution = solver::solve(fp).unwrap();
    assert_eq!(
        (solution.min_pieces, solution.solutions),
        (brute.0, brute.1)
    );
}

#[test]
fn unsolvable_footprints_are_reported() {
    // A lone square: no piece covers just one square.
    assert_eq!(solver::solve(squares_fp(&["d4"])), None);
    // A square no valid placement covers.
    let fp = Footprint(attacks(Piece::Knight, sq("a1")) | bit(sq("h8")));
    assert_eq!(solver::solve(fp), None);
    // The empty footprint takes no pieces.
    let empty = solver::solve(Footprint(0)).unwrap();
    assert_eq!((empty.min_pieces, empty.solutions), (0, 1));
}

#[test]
fn is_solution_agrees_with_the_naive_check() {
    let mut rng = SeededRng::new(9);
    for _ in 0..200 {
        let (fp, _) = construct(&mut rng, 3);
        let valid = naive_valid(fp);
        for _ in 0..5 {
            let size = 1 + rng.below(4) as usize;
            let set: Vec<Placement> = (0..size)
                .map(|_| valid[rng.below(valid.len() as u64) as usize])
                .collect();
            assert_eq!(
                is_solution(fp, &set),
                naive_solves(fp, &set),
                "{fp} {set:?}"
            );
        }
    }
}

// ---------------------------------------------------------------- generator

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

// ---------------------------------------------------------------- daily

#[test]
fn dates_count_days_like_a_naive_calendar() {
    let mut date = Date::new(1970, 1, 1).unwrap();
    for days in 0..(366 * 150) {
        assert_eq!(date.days_since_epoch(), days, "{date}");
        assert_eq!(Date::from_days_since_epoch(days), Some(date));
        // The naive successor.
        let (y, m, d) = (date.year(), date.month(), date.day());
        let next = Date::new(y, m, d + 1)
            .or_else(|| Date::new(y, m + 1, 1))
            .or_else(|| Date::new(y + 1, 1, 1))
            .unwrap();
        assert_eq!(date.succ(), Some(next));
        date = next;
    }
    assert_eq!(Date::new(1969, 12, 31).unwrap().days_since_epoch(), -1);
    assert_eq!(Date::new(2000, 3, 1).unwrap().days_since_epoch(), 11_017);
    assert_eq!(Date::from_unix_seconds(-1), Date::new(1969, 12, 31));
    assert_eq!(
        Date::from_unix_seconds(1_800_000_000),
        Date::new(2027, 1, 15)
    );
}

#[test]
fn weekdays_and_the_level_schedule() {
    assert_eq!(Date::new(1970, 1, 1).unwrap().weekday(), Weekday::Thursday);
    assert_eq!(Date::new(2027, 1, 1).unwrap().weekday(), Weekday::Friday);
    assert_eq!(Date::new(2026, 6, 1).unwrap().weekday(), Weekday::Monday);
    let week: Vec<Level> = (1..=7)
        .map(|d| daily_level(Date::new(2026, 6, d).unwrap()))
        .collect();
    use Level::*;
    assert_eq!(week, [Easy, Easy, Medium, Medium, Hard, Hard, Medium]);
}

#[test]
fn dates_parse_strictly() {
    assert_eq!(
        Date::parse(" 2027-02-28 "),
        Ok(Date::new(2027, 2, 28).unwrap())
    );
    assert_eq!(Date::parse("2028-02-29").unwrap().to_string(), "2028-02-29");
    for text in [
        "",
        "2027-02-29",
        "2027-2-28",
        "27-02-28",
        "2027-13-01",
        "2027-00-10",
        "2027-01-32",
        "0000-01-01",
        "2027/01/01",
        "2027-01-01-01",
        "+027-01-01",
        "２０２７-01-01",
    ] {
        assert_eq!(
            Date::parse(text).unwrap_err().key,
            "ambit-date-malformed",
            "{text}"
        );
    }
}

#[test]
fn the_daily_depends_on_the_date_alone() {
    let date = Date::new(2027, 3, 14).unwrap();
    let puzzle = daily_puzzle(date);
    assert_eq!(daily_puzzle(date), puzzle);
    assert_eq!(puzzle.level, daily_level(date));
    assert_ne!(daily_seed(date), daily_seed(date.succ().unwrap()));
    assert_eq!(daily_puzzle(date).footprint.to_string(), PINNED_DAILY);
}

#[test]
fn a_deployment_secret_makes_its_own_dailies() {
    let date = Date::new(2027, 3, 14).unwrap();
    let level = daily_level(date);
    let one = DailySecret::from_bytes([1; DailySecret::LEN]);
    let two = DailySecret::from_bytes([2; DailySecret::LEN]);
    let puzzle = secret_daily_puzzle(date, level, &one);
    assert_eq!(
        secret_daily_puzzle(date, level, &one),
        puzzle,
        "reproducible"
    );
    assert_eq!(puzzle.level, level);
    assert_ne!(
        puzzle.footprint,
        daily_puzzle(date).footprint,
        "not the public one"
    );
    assert_ne!(
        puzzle.footprint,
        secret_daily_puzzle(date, level, &two).footprint,
        "another secret, another puzzle"
    );
    assert_ne!(
        secret_daily_seed(date, &one),
        secret_daily_seed(date.succ().unwrap(), &one)
    );
    assert!(solver::solve(puzzle.footprint).is_some());
}

#[test]
fn a_daily_secret_reads_its_own_text_and_shows_nothing() {
    let secret = DailySecret::random().unwrap();
    let text = secret.to_hex();
    assert_eq!(text.len(), 64);
    assert_eq!(
        DailySecret::from_hex(&format!(" {text}\n")),
        Some(secret.clone())
    );
    assert_ne!(DailySecret::random().unwrap(), secret, "random");
    assert_eq!(format!("{secret:?}"), "DailySecret(..)");
    for bad in [
        "",
        "abc",
        &text[1..],
        &format!("{}g", &text[1..]),
        "é".repeat(32).as_str(),
    ] {
        assert_eq!(DailySecret::from_hex(bad), None, "{bad}");
    }
}

const PINNED_DAILY: &str =
    "..####../...#.#../..####../########/###.####/...#.#.#/...#.#../...#.#..";

#[test]
fn every_daily_of_2027_is_solvable_and_fits_its_level() {
    let mut date = Date::new(2027, 1, 1).unwrap();
    let mut seen = BTreeSet::new();
    while date.year() == 2027 {
        let puzzle = daily_puzzle(date);
        assert!(puzzle.footprint.len() <= generator::MAX_SQUARES);
        let solution = solver::solve(puzzle.footprint).expect("solvable");
        assert_eq!(Grade::of(&solution), puzzle.grade);
        assert_eq!(puzzle.grade.level(), Some(daily_level(date)));
        assert!(is_solution(puzzle.footprint, &solution.example));
        seen.insert(puzzle.footprint);
        date = date.succ().unwrap();
    }
    assert_eq!(seen.len(), 365, "no two dailies of a year alike");
}

// ---------------------------------------------------------------- no panics

mod properties {
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
}

#[test]
fn russian_and_norwegian_piece_names_and_letters_are_read() {
    for (typed, expected) in [
        ("Крe1", "Ke1"),
        ("кр e1", "Ke1"),
        ("Фd1", "Qd1"),
        ("ладья a1", "Ra1"),
        ("Сc4", "Bc4"),
        ("Кf3", "Nf3"),
        ("конь f3", "Nf3"),
        ("Ke1", "Ke1"),
        ("Dd1", "Qd1"),
        ("Ta1", "Ra1"),
        ("Lc4", "Bc4"),
        ("Sf3", "Nf3"),
        ("springer f3", "Nf3"),
        ("tårn a1", "Ra1"),
        ("løper c4", "Bc4"),
    ] {
        assert_eq!(parse_placement(typed), Ok(pl(expected)), "{typed}");
    }
    assert!(parse_placement("Жf3").is_err());
}

#[test]
fn a_piece_or_a_piece_and_file_is_a_partial_placement() {
    use PartialPlacement::{Piece as Only, PieceOnFile as OnFile};
    for (text, expected) in [
        ("N", Some(Only(Piece::Knight))),
        ("knight", Some(Only(Piece::Knight))),
        ("конь", Some(Only(Piece::Knight))),
        ("S", Some(Only(Piece::Knight))),
        ("Кр", Some(Only(Piece::King))),
        ("Nf", Some(OnFile(Piece::Knight, 5))),
        ("q a", Some(OnFile(Piece::Queen, 0))),
        ("Dh", Some(OnFile(Piece::Queen, 7))),
        ("Kb", Some(OnFile(Piece::King, 1))),
        ("Nf3", None),
        ("Ni", None),
        ("Nfg", None),
        ("", None),
        ("x", None),
    ] {
        assert_eq!(parse_partial_placement(text), expected, "{text:?}");
    }
    // Every whole placement stays whole.
    for piece in Piece::ALL {
        for index in 0..64 {
            let placement = Placement::new(piece, footprint::square_at(index));
            assert_eq!(parse_partial_placement(&placement.to_string()), None);
        }
    }
}
