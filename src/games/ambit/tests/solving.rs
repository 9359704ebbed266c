//! The solver against brute force and a naive check.

use super::*;

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
