use super::*;
use crate::games::GameKind;

fn glacier(fen: &str) -> AnyGame {
    AnyGame::parse(GameKind::Glacier, fen).expect("test position")
}

/// The positions of a game from `start` through `moves`.
fn positions(start: AnyGame, moves: &[&str]) -> Vec<AnyGame> {
    let mut all = vec![start];
    for text in moves {
        let mut next = all.last().expect("a start").clone();
        next.play_text(text).expect("a legal test move");
        all.push(next);
    }
    all
}

fn evaluations(positions: &[AnyGame]) -> Vec<Evaluation> {
    positions
        .iter()
        .enumerate()
        .map(|(index, position)| evaluate(position, positions.get(index + 1)))
        .collect()
}

fn judged(white: i32, played_best: bool) -> Evaluation {
    Evaluation {
        white: Some(white),
        best: Some("best".into()),
        played_best,
    }
}

#[test]
fn a_planted_blunder_is_found_and_the_winning_move_named() {
    // White can take Black's undefended queen (Qxd5, winning); it puts its own queen where
    // Black takes it instead (Qd2?? Qxd2), and is lost.
    let game = positions(
        glacier("4r1k1/5ppp/8/3q4/8/7P/5PP1/3Q2K1 w - - 0 1"),
        &["Qd2", "Qxd2"],
    );
    let evaluations = evaluations(&game);
    assert_eq!(evaluations[0].best.as_deref(), Some("Qxd5"));
    assert!(!evaluations[0].played_best);
    assert!(
        evaluations[1].played_best,
        "Black took the queen, the engine's move"
    );
    let review = review(GameKind::Glacier, &[Side::White, Side::Black], &evaluations);
    let blunder = &review.turns[0];
    assert_eq!(blunder.mark, Some(Mark::Blunder), "{blunder:?}");
    assert!(blunder.before.is_some_and(|v| v > 300), "{blunder:?}");
    assert!(blunder.after.is_some_and(|v| v < -300), "{blunder:?}");
    assert_eq!(blunder.best.as_deref(), Some("Qxd5"));
    assert_eq!(review.turns[1].mark, None);
    assert_eq!(review.turns[1].loss, 0.0);
    assert_eq!(review.worst(), Some(0));
    assert_eq!(review.count(Side::White, Mark::Blunder), 1);
    assert!(review.accuracy(Side::White) < Some(10));
    assert_eq!(review.accuracy(Side::Black), Some(100));
}

#[test]
fn a_position_the_rules_ended_is_valued_as_its_result_without_a_search() {
    // Fool's mate: White is mated.
    let game = positions(
        glacier("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        &["f3", "e5", "g4", "Qh4#"],
    );
    let last = evaluate(&game[4], None);
    assert_eq!(last.best, None);
    assert!(last.white.is_some_and(|v| v <= -WON));
    assert_eq!(win_chance(GameKind::Glacier, last.white.unwrap_or(0)), -1.0);
}

#[test]
fn the_marks_follow_the_thresholds_of_lost_winning_chance() {
    assert_eq!(Mark::of(0.0), None);
    assert_eq!(Mark::of(INACCURACY - 1e-9), None);
    assert_eq!(Mark::of(INACCURACY), Some(Mark::Inaccuracy));
    assert_eq!(Mark::of(MISTAKE), Some(Mark::Mistake));
    assert_eq!(Mark::of(BLUNDER), Some(Mark::Blunder));
    assert_eq!(Mark::of(2.0), Some(Mark::Blunder));
    assert_eq!(
        [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder].map(|m| (m.symbol(), m.nag())),
        [("?!", 6), ("?", 2), ("??", 4)]
    );
}

#[test]
fn winning_chance_is_odd_monotone_and_bounded_in_every_game() {
    for kind in GameKind::ALL {
        let mut previous = -1.0;
        for white in (-5_000..=5_000).step_by(50) {
            let chance = win_chance(kind, white);
            assert!((chance + win_chance(kind, -white)).abs() < 1e-12);
            assert!(chance >= previous && (-1.0..=1.0).contains(&chance));
            previous = chance;
        }
        assert_eq!(win_chance(kind, WON), 1.0);
        assert_eq!(win_chance(kind, -WON - 5), -1.0);
    }
}

#[test]
fn the_engines_own_move_loses_nothing_and_a_side_is_judged_from_its_own_view() {
    // White's value falls from +200 to -200 over Black's turn: good for Black, no loss.
    let review = review(
        GameKind::Glacier,
        &[Side::Black, Side::White],
        &[judged(200, false), judged(-200, true), judged(-900, false)],
    );
    assert_eq!(review.turns[0].loss, 0.0);
    assert_eq!(review.turns[0].mark, None);
    assert_eq!(review.turns[0].accuracy.map(f64::round), Some(100.0));
    // White's turn was the engine's own: whatever the next search says, it lost nothing.
    assert_eq!(review.turns[1].loss, 0.0);
    assert_eq!(review.turns[1].best, None);
}

#[test]
fn turns_without_both_values_are_not_judged() {
    let open = Evaluation {
        white: None,
        best: None,
        played_best: false,
    };
    let review = review(
        GameKind::Critters,
        &[Side::White, Side::Black, Side::White],
        &[judged(0, false), open, judged(5_000, false)],
    );
    assert!(
        review
            .turns
            .iter()
            .all(|t| t.mark.is_none() && t.accuracy.is_none())
    );
    assert_eq!(review.accuracy(Side::White), None);
}

#[test]
fn pgn_evals_are_pawns_or_mates_for_white() {
    assert_eq!(pgn_eval(35).as_deref(), Some("0.35"));
    assert_eq!(pgn_eval(-120).as_deref(), Some("-1.20"));
    assert_eq!(pgn_eval(glacier::MATE - 5).as_deref(), Some("#3"));
    assert_eq!(pgn_eval(-(glacier::MATE - 2)).as_deref(), Some("#-1"));
    assert_eq!(pgn_eval(FORCED), None);
}

#[test]
fn a_sides_accuracy_is_pulled_down_by_its_worst_turns() {
    let turn = |accuracy: f64| TurnReview {
        side: Side::White,
        before: Some(0),
        after: Some(0),
        best: None,
        loss: 0.0,
        mark: None,
        accuracy: Some(accuracy),
    };
    let mut turns = vec![turn(100.0); 58];
    turns.extend([turn(35.0), turn(35.0)]);
    let review = Review {
        kind: GameKind::Glacier,
        turns,
    };
    // Arithmetic mean 97.8, harmonic 94.2: their mean.
    assert_eq!(review.accuracy(Side::White), Some(96));
    assert_eq!(review.accuracy(Side::Black), None);
}

#[test]
fn accuracy_falls_with_the_loss() {
    let mut last = 101.0;
    for step in 0..=20 {
        let accuracy = move_accuracy(f64::from(step) / 10.0);
        assert!(accuracy <= last && (0.0..=100.0).contains(&accuracy));
        last = accuracy;
    }
    assert!((move_accuracy(0.0) - 100.0).abs() < 0.01);
}

#[test]
fn a_review_of_a_real_knight_fight_game_judges_every_turn() {
    let mut game = vec![AnyGame::start(GameKind::KnightFight, 7)];
    let mut sides = Vec::new();
    for ply in 0..6 {
        let position = game.last().expect("a start").clone();
        if position.status().is_over() {
            break;
        }
        let choice = crate::engine::random_choice(&position, ply).expect("a move");
        sides.push(position.side_to_move());
        let mut next = position;
        next.play_text(&choice.text).expect("its own move");
        game.push(next);
    }
    let review = review(GameKind::KnightFight, &sides, &evaluations(&game));
    assert_eq!(review.turns.len(), sides.len());
    assert!(review.turns.iter().all(|t| t.accuracy.is_some()));
}

/// How each family's [`win_chance`] steepness was fitted (`docs/engines.md`, "Analysis"):
/// level-5 self-play from two random moves, every searched position's value for White
/// against the game's result, the steepness of greatest likelihood on a grid. Slow: run with
/// `cargo test --release --lib fit_win_chance -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, minutes long; prints the fitted steepness"]
fn fit_win_chance_steepness_from_self_play() {
    use crate::engine::{Level, think};
    let level = Level::new(5).expect("level 5");
    for kind in GameKind::ALL {
        let mut samples: Vec<(f64, f64)> = Vec::new();
        for game_seed in 0..24u64 {
            let mut position = AnyGame::start(kind, game_seed);
            let mut values = Vec::new();
            for ply in 0..400u64 {
                if position.status().is_over() {
                    break;
                }
                let seed = game_seed * 1_000 + ply;
                let choice = if ply < 2 {
                    crate::engine::random_choice(&position, seed)
                } else {
                    think(&position, level, seed)
                };
                let Some(choice) = choice else { break };
                if ply >= 2 && choice.score.abs() < WON {
                    let white = match position.side_to_move() {
                        Side::White => choice.score,
                        Side::Black => -choice.score,
                    };
                    values.push(f64::from(white));
                }
                if position.play_text(&choice.text).is_err() {
                    break;
                }
            }
            let result = match position.status() {
                Status::Over(outcome) => match outcome.winner {
                    Some(Side::White) => 1.0,
                    Some(Side::Black) => 0.0,
                    None => 0.5,
                },
                Status::Ongoing => continue,
            };
            samples.extend(values.into_iter().map(|v| (v, result)));
        }
        let likelihood = |k: f64| -> f64 {
            samples
                .iter()
                .map(|&(v, r)| {
                    let p = (1.0 / (1.0 + (-k * v).exp())).clamp(1e-9, 1.0 - 1e-9);
                    r * p.ln() + (1.0 - r) * (1.0 - p).ln()
                })
                .sum()
        };
        let best = (1..=400)
            .map(|i| f64::from(i) * 0.000_05)
            .max_by(|a, b| likelihood(*a).total_cmp(&likelihood(*b)))
            .unwrap_or(0.0);
        println!(
            "{}: {} samples, steepness {best:.5} (log-likelihood {:.1})",
            kind.name(),
            samples.len(),
            likelihood(best)
        );
    }
}
