use super::*;

/// A week of daily puzzles of each game with puzzles (a seed a day, the difficulty of the
/// day), each confirmed unique by searching every move again at forty times the nodes it
/// was made with (twice its own confirmation's). Minutes in a debug build: `.ci/run` runs it in
/// release (`cargo test --release --lib engine::puzzle -- --ignored`).
#[test]
#[ignore = "slow unoptimised; run in release by .ci/run"]
fn a_week_of_puzzles_is_made_and_each_solution_holds_at_a_greater_depth() {
    for kind in [GameKind::KnightFight, GameKind::Glacier] {
        let independent = Budget {
            nodes: confirm_budget(kind).nodes * 2,
            ..confirm_budget(kind)
        };
        for day in 0..7u64 {
            let wanted = Difficulty::ALL[day as usize % 3];
            let seed = crate::games::rng::splitmix64(&mut (day ^ 0x5eed));
            let started = std::time::Instant::now();
            let puzzle = generate(kind, seed, wanted, DAILY_GAMES)
                .unwrap_or_else(|| panic!("{kind} day {day}: no puzzle"));
            println!(
                "{kind} day {day}: {} (wanted {}, depth {}), {} in {}: {:.2} against {:.2}, {} ms",
                puzzle.difficulty.name(),
                wanted.name(),
                puzzle.depth,
                puzzle.shown,
                puzzle.position.position_text(),
                puzzle.best,
                puzzle.runner_up,
                started.elapsed().as_millis()
            );
            assert!(puzzle.best >= WINNING, "{kind} day {day}: {puzzle:?}");
            assert!(puzzle.best - puzzle.runner_up >= MARGIN, "{puzzle:?}");
            assert!(
                confirm(&puzzle, &independent, 0.0),
                "{kind} day {day}: {} in {} does not hold deeper",
                puzzle.solution,
                puzzle.position.position_text()
            );
            let mut after = puzzle.position.clone();
            assert_eq!(
                after.play_text(&puzzle.solution).map(|p| p.shown).ok(),
                Some(puzzle.shown.clone())
            );
        }
    }
}

#[test]
fn the_same_seed_makes_the_same_puzzle() {
    let one = generate(GameKind::KnightFight, 42, Difficulty::Easy, 8).expect("a puzzle");
    let two = generate(GameKind::KnightFight, 42, Difficulty::Easy, 8).expect("a puzzle");
    assert_eq!(one.position.position_text(), two.position.position_text());
    assert_eq!(one.solution, two.solution);
}

#[test]
fn a_position_with_two_winning_moves_is_no_puzzle() {
    // White takes either undefended rook and wins: two winning moves, no puzzle.
    let position =
        AnyGame::parse(GameKind::Glacier, "r3k2r/8/8/8/8/8/8/R2QK3 w - - 0 1").expect("a position");
    let mut budget = check_budget(GameKind::Glacier);
    budget.nodes = 2_000;
    assert!(check(&position, &budget).is_none());
}

#[test]
fn a_mate_in_one_is_an_easy_puzzle() {
    // Back-rank mate: Re8# wins; anything else leaves Black a queen for a rook up.
    let position = AnyGame::parse(GameKind::Glacier, "6k1/5ppp/8/8/8/8/1q3PPP/4R1K1 w - - 0 1")
        .expect("a position");
    let puzzle = check(&position, &check_budget(GameKind::Glacier)).expect("a puzzle");
    assert_eq!(puzzle.shown, "Re8#");
    assert_eq!(puzzle.difficulty, Difficulty::Easy);
    assert_eq!(Difficulty::of_depth(3), Difficulty::Medium);
    assert_eq!(Difficulty::of_depth(7), Difficulty::Hard);
    assert!(!has_puzzles(GameKind::Critters));
}

#[test]
#[ignore = "searches every reply at the confirmation's depth: run in release by .ci/run"]
fn a_blunder_in_a_game_played_here_is_the_puzzle_and_a_quiet_game_gives_none() {
    // Six quiet plies, then White puts its queen where Black's takes it (Qd4?? Qxd4).
    let start = AnyGame::parse(
        GameKind::Glacier,
        "6k1/p4pp1/1q5p/8/8/7P/P4PP1/3Q2K1 w - - 0 1",
    )
    .expect("a position");
    let mut game = vec![start];
    for text in ["a3", "a6", "a4", "a5", "Kh2", "Kh7", "Qd4", "Qxd4"] {
        let mut next = game.last().expect("a start").clone();
        next.play_text(text).expect("a legal test move");
        game.push(next);
    }
    let quiet = game[..7].to_vec();
    assert!(from_games(std::slice::from_ref(&quiet), Difficulty::Easy).is_none());
    let (index, puzzle) =
        from_games(&[quiet, game.clone()], Difficulty::Easy).expect("the blunder's punishment");
    assert_eq!(index, 1, "from the second game");
    assert_eq!(puzzle.position.position_text(), game[7].position_text());
    assert_eq!(puzzle.shown, "Qxd4");
    assert_eq!(puzzle.difficulty, Difficulty::Easy);
}
