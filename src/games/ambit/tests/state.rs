//! The state text of a puzzle in play.

use super::*;

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
