use super::*;
use crate::engine::{WON, think};
use crate::games::{AnyGame, GameKind, Side, Status};
use proptest::prelude::*;

/// A position text for `variant` with only `units` (square, two-letter unit: colour and
/// kind, `wC`, `bN`) on the board, `side` to move.
fn position(variant: Variant, side: char, units: &[(&str, &str)]) -> Position {
    let size = variant.board_size();
    let mut ranks = Vec::new();
    for rank in (1..=size.ranks).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for file in 0..size.files {
            let name = format!("{}{rank}", (b'a' + file) as char);
            match units.iter().find(|(square, _)| *square == name) {
                Some((_, unit)) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push_str(unit);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    let options = if variant.is_critters() { " -" } else { "" };
    let text = format!(
        "{} {} {side} - 0 0 1{options}",
        variant.name(),
        ranks.join("/")
    );
    Position::parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

fn level(number: u8) -> Level {
    Level::new(number).expect("a level")
}

/// Plays `turn` action by action, each checked legal first.
fn play_checked(position: &Position, turn: &[Move]) -> Position {
    let mut game = position.clone();
    let side = game.side_to_move();
    for (number, &mv) in turn.iter().enumerate() {
        assert!(
            !game.status().is_over(),
            "action {number} of {turn:?} after the game ended"
        );
        assert!(game.is_legal(mv), "{mv:?} illegal in {game:?}");
        game.play_unchecked(mv);
    }
    assert!(
        game.status().is_over() || game.side_to_move() != side,
        "the turn {turn:?} is not complete"
    );
    game
}

/// The search of `level`, without its lapses and random turns (a random turn may miss what
/// these tests ask the search to find).
fn searching(variant: Variant, number: u8) -> Budget {
    Budget {
        lapse: 0,
        random: 0,
        ..budget(variant, level(number))
    }
}

/// White's Chief e2 with a guard on e3 and, joined to the Chief through it, a knight on d4.
const KNIGHT_ON_D4: [(&str, &str); 3] = [("e2", "wC"), ("e3", "wG"), ("d4", "wN")];

#[test]
fn takes_the_last_royal_chief_on_offer() {
    // White's knight d4 (joined to its Chief e2 through e3) can take Black's only royal
    // Chief on e6.
    let mut units = KNIGHT_ON_D4.to_vec();
    units.extend([
        ("h2", "gC"),
        ("e6", "bC"),
        ("e7", "bG"),
        ("a14", "eC"),
        ("b14", "eW"),
    ]);
    let game = position(Variant::One, 'w', &units);
    for number in [1, 4, 8] {
        let thought = search(&game, &searching(Variant::One, number), 3).expect("a turn");
        let after = play_checked(&game, &thought.best);
        assert_eq!(
            after.status(),
            Status::Over(crate::games::Outcome::win(
                Side::White,
                crate::games::EndReason::RoyalChiefsCaptured
            )),
            "level {number} played {:?}",
            thought.best
        );
        assert!(thought.score > WON, "a won game scores beyond WON");
    }
}

#[test]
fn kills_the_last_brain_in_critters() {
    // White's knight k11, in range of its brain j10, can kill Black's only brain on l13.
    let game = position(
        Variant::Critters,
        'w',
        &[
            ("j10", "wC"),
            ("k11", "wN"),
            ("c3", "wG"),
            ("l13", "bC"),
            ("m14", "bW"),
            ("l14", "bG"),
        ],
    );
    let thought = search(&game, &searching(Variant::Critters, 2), 5).expect("a turn");
    let after = play_checked(&game, &thought.best);
    assert!(
        matches!(after.status(), Status::Over(outcome) if outcome.winner == Some(Side::White)),
        "played {:?}",
        thought.best
    );
}

#[test]
fn does_not_leave_its_last_chief_capturable() {
    // White's only royal Chief e2 is attacked by Black's knight d4 (joined to its Chief e6
    // through the guard e5). White has safe squares to go to.
    let game = position(
        Variant::One,
        'w',
        &[
            ("e2", "wC"),
            ("a1", "wG"),
            ("e6", "bC"),
            ("e5", "bG"),
            ("d4", "bN"),
            ("h14", "rC"),
        ],
    );
    for number in [1, 3, 6] {
        let thought = search(&game, &searching(Variant::One, number), 11).expect("a turn");
        let after = play_checked(&game, &thought.best);
        let mut replies = Vec::new();
        after.legal_moves(&mut replies);
        for reply in replies {
            let mut next = after.clone();
            next.play_unchecked(reply);
            assert!(
                !next.status().is_over(),
                "level {number}: {:?} lets Black win with {reply:?}",
                thought.best
            );
        }
        assert!(
            thought.score > -WON,
            "level {number}: a safe turn is not lost"
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_turn() {
    for kind in [
        GameKind::ChesimalsOne,
        GameKind::ChesimalsTwo,
        GameKind::Critters,
    ] {
        let game = AnyGame::start(kind, 1);
        let a = think(&game, level(2), 42);
        let b = think(&game, level(2), 42);
        assert!(a.is_some());
        assert_eq!(a, b, "{kind:?}");
    }
}

#[test]
fn a_side_without_a_unit_move_passes() {
    // White's Chief a1 is boxed in by leaderless orange guards (no orange Chief): nothing
    // of White's may move, so the turn is the lone pass.
    let game = position(
        Variant::One,
        'w',
        &[
            ("a1", "wC"),
            ("a2", "oG"),
            ("b1", "oG"),
            ("b2", "oG"),
            ("e14", "bC"),
            ("e12", "bG"),
        ],
    );
    let thought = search(&game, &budget(Variant::One, level(5)), 1).expect("a turn");
    assert_eq!(thought.best, vec![Move::Pass]);
    play_checked(&game, &thought.best);
}

/// A position reached by `plies` random whole turns from the start of `variant`.
fn random_position(variant: Variant, seed: u64, plies: u32) -> Position {
    let mut game = crate::games::chesimals::start(variant);
    let mut rng = SeededRng::new(seed);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let side = game.side_to_move();
        loop {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                return game;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            game.play_unchecked(mv);
            if game.status().is_over() {
                return game;
            }
            if game.side_to_move() != side {
                break;
            }
        }
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_turn_is_legal_and_complete(seed in 0u64..10_000, plies in 0u32..40, variant in 0usize..3, depth in 1u32..=3) {
        let variant = Variant::ALL[variant];
        let game = random_position(variant, seed, plies);
        // Every search depth, on a budget a debug build answers quickly.
        // Lapses in one game of four and random turns in another, so those turns are checked too.
        let budget = Budget {
            nodes: 1_500,
            depth,
            noise: 100,
            lapse: if seed % 4 == 0 { 50 } else { 0 },
            random: if seed % 4 == 1 { 50 } else { 0 },
        };
        let thought = search(&game, &budget, seed);
        if game.status().is_over() {
            prop_assert!(thought.is_none());
        } else {
            let thought = thought.expect("an ongoing game has a turn");
            play_checked(&game, &thought.best);
            // The same turn as the player would type it.
            let any = AnyGame::Chesimals(Box::new(game.clone()));
            let choice = think(&any, level(1), seed).expect("a choice");
            let mut typed = any.clone();
            prop_assert!(typed.play_text(&choice.text).is_ok(), "{} refused", choice.text);
            prop_assert!(typed.status().is_over() || typed.side_to_move() != game.side_to_move());
        }
    }
}

#[test]
fn the_side_ahead_drives_a_lone_royal_chief_to_the_edge() {
    // White is far ahead; Black has one royal Chief left. Black is better off in the
    // middle of the board than in a corner, and the gap grows with White's edge.
    let white = [
        ("b2", "wC"),
        ("a2", "wG"),
        ("c2", "wG"),
        ("b1", "wN"),
        ("b3", "wG"),
        ("k2", "gC"),
        ("j2", "gG"),
        ("l2", "gG"),
        ("k1", "gN"),
    ];
    let gap = |extra: &[(&'static str, &'static str)]| {
        let evaluate = |chief: &'static str| {
            let mut units = white.to_vec();
            units.extend_from_slice(extra);
            units.push((chief, "bC"));
            let game = position(Variant::One, 'b', &units);
            Evaluator::new(&game).evaluate(&game, Side::Black, 0)
        };
        evaluate("f9") - evaluate("a16")
    };
    let less_ahead = gap(&[("d15", "bG"), ("e15", "bG"), ("f15", "bN"), ("g15", "bN")]);
    let far_ahead = gap(&[]);
    assert!(
        less_ahead > 0,
        "the corner is not worse for the hunted Chief"
    );
    assert!(
        far_ahead > less_ahead + 200,
        "a bigger edge does not press harder: {far_ahead} vs {less_ahead}"
    );
}

#[test]
fn one_amp_that_takes_both_royal_chiefs_is_worth_more_than_two_that_take_one_each() {
    // White's knight d4 hits Black's blue Chief e6, the guard f4 hits the red Chief g5. In
    // the first position both are units of the white AMP (one turn takes both Chiefs), in
    // the second the guard is grey's (two turns, and Black moves in between).
    let evaluate = |guard: &'static str| {
        let mut units = KNIGHT_ON_D4.to_vec();
        units.extend([
            ("f4", guard),
            ("h3", "gC"),
            ("g3", "gG"),
            ("e6", "bC"),
            ("g5", "rC"),
            ("a14", "eC"),
        ]);
        let game = position(Variant::One, 'w', &units);
        Evaluator::new(&game).evaluate(&game, Side::White, 0)
    };
    let one_amp = evaluate("wG");
    let two_amps = evaluate("gG");
    assert!(
        one_amp > two_amps + 2000,
        "one AMP {one_amp}, two AMPs {two_amps}"
    );
}

/// The value of `position` for its side to move by the same beams as `Searcher::turn_value`,
/// every turn searched (no cut-offs).
fn plain_value(
    searcher: &mut Searcher,
    position: &Position,
    plan: &Plan,
    depth: u32,
    ply: u32,
) -> i32 {
    let turns = match searcher.ply_turns(position, plan, depth, ply) {
        Ok(turns) => turns,
        Err(passed) => return passed,
    };
    if depth <= 1 {
        return turns[0].score;
    }
    turns
        .iter()
        .map(|turn| {
            searcher.after_turn(turn, |searcher, after| {
                plain_value(searcher, after, plan, depth - 1, ply + 1)
            })
        })
        .max()
        .expect("at least one turn")
}

#[test]
fn the_cut_offs_keep_every_value_the_plain_minimax_finds() {
    // Alpha-beta over beams: a candidate searched with no bound gets its exact value, one
    // searched with a bound below that value too, and one bounded at or above it is only
    // reported as not better. The node limit is lifted so both searches see the same beams.
    for (number, variant) in Variant::ALL.into_iter().enumerate() {
        for seed in 0..2u64 {
            let game = random_position(
                variant,
                100 + seed + 10 * number as u64,
                6 + 4 * seed as u32,
            );
            if game.status().is_over() {
                continue;
            }
            let budget = Budget {
                nodes: 3_000,
                depth: 3,
                noise: 0,
                lapse: 0,
                random: 0,
            };
            let plan = Plan::new(&budget, variant);
            let mut searcher = Searcher {
                nodes: 0,
                limit: u64::MAX,
                eval: Evaluator::new(&game),
                moves: Vec::new(),
            };
            let candidates = searcher.beam(&game, plan.width, plan.actions, 2);
            assert!(!candidates.is_empty());
            for candidate in &candidates {
                let exact = searcher.after_turn(candidate, |searcher, after| {
                    plain_value(searcher, after, &plan, 2, 1)
                });
                let free = searcher.candidate_value(candidate, &plan, 3, i32::MIN, i32::MAX);
                assert_eq!(free, exact, "{variant:?} seed {seed}");
                let below = searcher.candidate_value(candidate, &plan, 3, exact - 1, i32::MAX);
                assert_eq!(below, exact, "{variant:?} seed {seed}");
                let above = searcher.candidate_value(candidate, &plan, 3, exact, i32::MAX);
                assert!(above <= exact, "{variant:?} seed {seed}: {above} > {exact}");
            }
        }
    }
}

#[test]
fn a_draw_costs_the_searching_side_its_contempt() {
    // An even position one quiet turn from the 50-turn draw: with contempt the searching
    // side (White) rates it near -CONTEMPT and its opponent near +CONTEMPT, so White would
    // rather capture than let the draw come; without contempt both rate it near 0.
    let mut units: Vec<(String, &str)> = Vec::new();
    for (file, white, black) in [("c", "wC", "bC"), ("j", "gC", "rC")] {
        units.push((format!("{file}2"), white));
        units.push((format!("{file}15"), black));
    }
    let units: Vec<(&str, &str)> = units
        .iter()
        .map(|(square, unit)| (square.as_str(), *unit))
        .collect();
    let game = position(Variant::One, 'w', &units);
    let quiet = crate::games::chesimals::QUIET_TURN_LIMIT - 1;
    let mut eval = Evaluator::new(&game);
    let plain = eval.evaluate(&game, Side::White, quiet);
    assert!(plain.abs() < CONTEMPT / 4, "{plain}");
    eval.contempt = CONTEMPT;
    let for_me = eval.evaluate(&game, Side::White, quiet);
    let for_them = eval.evaluate(&game, Side::Black, quiet);
    assert!(for_me < -CONTEMPT * 3 / 4, "{for_me}");
    assert!(for_them > CONTEMPT * 3 / 4, "{for_them}");
    // Far from the limit the contempt changes nothing.
    let far = eval.evaluate(&game, Side::White, 0);
    eval.contempt = 0;
    assert_eq!(far, eval.evaluate(&game, Side::White, 0));
}

#[test]
fn a_higher_level_never_searches_less_nor_errs_lapses_or_plays_at_random_more() {
    for variant in [Variant::One, Variant::Two, Variant::Critters] {
        let budgets: Vec<Budget> = Level::all().map(|level| budget(variant, level)).collect();
        for pair in budgets.windows(2) {
            let (lower, higher) = (&pair[0], &pair[1]);
            assert!(higher.depth >= lower.depth, "{variant:?}: {pair:?}");
            assert!(higher.nodes > lower.nodes, "{variant:?}: {pair:?}");
            if higher.depth == lower.depth {
                assert!(higher.noise <= lower.noise, "{variant:?}: {pair:?}");
                assert!(
                    higher.lapse < lower.lapse || higher.lapse == 0,
                    "{variant:?}: {pair:?}"
                );
            }
            assert!(
                higher.random < lower.random || higher.random == 0,
                "{variant:?}: {pair:?}"
            );
            assert!(
                higher.lapse < 100 && higher.random < 100,
                "{variant:?}: {pair:?}"
            );
        }
        // Level 1 errs by more than a guard's worth: a beginner can beat it.
        assert!(budgets[0].noise >= 1_000, "{variant:?}");
        assert_eq!(budgets[7].noise, 0, "{variant:?}");
        assert_eq!((budgets[7].lapse, budgets[7].random), (0, 0), "{variant:?}");
    }
}

#[test]
fn lapses_and_random_turns_come_at_their_rate() {
    // (variant, depth, lapse, random): a lapse searches one turn fewer (depth 1: a random
    // turn), a random turn is searched to depth 0 whatever the depth asked.
    for (variant, depth, lapse, random) in [
        (Variant::One, 1, 0, 0),
        (Variant::One, 1, 40, 0),
        (Variant::One, 2, 40, 0),
        (Variant::Critters, 2, 0, 0),
        (Variant::Critters, 2, 0, 40),
        (Variant::Critters, 3, 0, 40),
    ] {
        let game = random_position(variant, 3, 4);
        let budget = Budget {
            nodes: 300,
            depth,
            noise: 0,
            lapse,
            random,
        };
        let shallower: Vec<u32> = (0..100)
            .filter_map(|seed| {
                let thought = search(&game, &budget, seed).expect("a turn");
                play_checked(&game, &thought.best);
                (thought.depth < depth).then_some(thought.depth)
            })
            .collect();
        let case = format!("{variant:?} depth {depth}: {shallower:?}");
        if lapse > 0 {
            assert!(shallower.iter().all(|&d| d == depth - 1), "{case}");
        } else {
            assert!(shallower.iter().all(|&d| d == 0), "{case}");
        }
        // 40 % of 100 seeded draws: a binomial's 99.9 % band is about 25-55.
        match lapse + random {
            0 => assert!(shallower.is_empty(), "{case}"),
            _ => assert!((25..=55).contains(&shallower.len()), "{case}"),
        }
    }
}

/// `position` as if the other side had just passed (one pass in a row).
fn after_a_pass(position: &Position) -> Position {
    let text = position.position_text();
    let passed = text.replacen(" - 0 0 ", " - 1 0 ", 1);
    assert_ne!(text, passed, "{text}");
    Position::parse_position(&passed).unwrap_or_else(|e| panic!("{passed}: {e:?}"))
}

/// The units of a Critters side well ahead: White's brain with a knight, a general and a
/// warmachine near it, Black's brain alone far away.
const WHITE_AHEAD: [(&str, &str); 5] = [
    ("c3", "wC"),
    ("d4", "wN"),
    ("c4", "wG"),
    ("b3", "wW"),
    ("q18", "bC"),
];

#[test]
fn critters_may_pass_but_never_into_a_draw_it_is_winning() {
    let mut searcher = Searcher {
        nodes: 0,
        limit: 100_000,
        eval: Evaluator::new(&crate::games::chesimals::start(Variant::Critters)),
        moves: Vec::new(),
    };
    // At the start the lone pass is one of the turns weighed ("all, some or none").
    let start = crate::games::chesimals::start(Variant::Critters);
    assert!(searcher.pass_candidate(&start).is_some());
    let turns = searcher.beam(&start, 3, 8, 5000);
    assert!(turns.iter().any(|turn| turn.line.is_empty()));
    // Chesimals I and II never weigh it while a unit can move.
    for variant in [Variant::One, Variant::Two] {
        let start = crate::games::chesimals::start(variant);
        searcher.eval = Evaluator::new(&start);
        assert!(searcher.pass_candidate(&start).is_none(), "{variant:?}");
    }
    // After Black's pass, White (ahead) would draw by passing: not offered, and no level
    // passes; Black, far behind, may take the draw.
    let ahead = after_a_pass(&position(Variant::Critters, 'w', &WHITE_AHEAD));
    searcher.eval = Evaluator::new(&ahead);
    searcher.eval.contempt = CONTEMPT;
    assert!(searcher.pass_candidate(&ahead).is_none());
    for number in 1..=8 {
        for seed in 0..4 {
            let thought =
                search(&ahead, &budget(Variant::Critters, level(number)), seed).expect("a turn");
            assert_ne!(thought.best, vec![Move::Pass], "level {number} seed {seed}");
        }
    }
    let behind = after_a_pass(&position(Variant::Critters, 'b', &WHITE_AHEAD));
    searcher.eval = Evaluator::new(&behind);
    searcher.eval.contempt = CONTEMPT;
    assert!(searcher.pass_candidate(&behind).is_some());
}
