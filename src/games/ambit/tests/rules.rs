//! The rules of a puzzle in play: placements, lives, anchoring, solving, stars.

use super::*;

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
