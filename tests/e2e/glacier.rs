//! Glacier Chess through the console: SAN and UCI input, the must-capture explanation, an
//! Ice Age announced with what froze, and a picture per move.

use crate::support::{pictures, run_console};
use kibitz::games::glacier::Position;
use kibitz::games::rng::SeededRng;
use kibitz::{Status, TwoPlayerGame};

/// A random Glacier game of at most `plies` moves from the start: UCI texts and the position.
fn random_game(seed: u64, plies: usize) -> (Vec<String>, Position) {
    let mut position = Position::start(0);
    let mut rng = SeededRng::new(seed);
    let mut moves = Vec::new();
    let mut legal = Vec::new();
    while moves.len() < plies {
        position.legal_moves(&mut legal);
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len() as u64) as usize];
        moves.push(position.move_text(mv));
        position.play(mv).expect("a generated move is legal");
    }
    (moves, position)
}

#[test]
fn a_glacier_game_with_an_ice_age_plays_through_the_console() {
    // Find a seed whose random game lasts past Black's 20th move (the first Ice Age).
    let (moves, position) = (1..50)
        .map(|seed| random_game(seed, 44))
        .find(|(moves, position)| moves.len() == 44 && position.status() == Status::Ongoing)
        .expect("some random game lasts 44 plies");
    let mut script = vec![
        "@alice challenge @bob glacier".to_string(),
        "@bob accept".to_string(),
        "@alice e2e4".to_string(),
    ];
    for (ply, mv) in moves.iter().enumerate() {
        let player = if ply.is_multiple_of(2) {
            "alice"
        } else {
            "bob"
        };
        script.push(format!("@{player} move {mv}"));
    }
    script.push("@bob board flip".to_string());
    let dir = tempfile::tempdir().expect("temp dir");
    let stdout = run_console(
        &dir.path().join("k.db"),
        &dir.path().join("images"),
        &script.join("\n"),
    );
    assert!(
        stdout.contains("every move you have is a capture"),
        "{stdout}"
    );
    assert!(stdout.contains("Ice Age in 20 Black moves"), "{stdout}");
    assert!(
        stdout.contains("Ice Age!"),
        "the first Ice Age is announced: {stdout}"
    );
    assert_eq!(stdout.matches("Ice Age!").count(), 1, "{stdout}");
    let paths = pictures(&stdout);
    assert_eq!(paths.len(), moves.len() + 2, "{stdout}");
    for path in &paths {
        let picture = image::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(picture.width() >= 720, "{path}");
    }
    assert!(!stdout.contains("went wrong"), "{stdout}");
    // After 44 plies it is White's move again, as the rules core says.
    assert_eq!(position.side_to_move(), kibitz::games::Side::White);
    assert!(stdout.contains("Game #1 · alice to move"), "{stdout}");
}

#[test]
fn san_and_uci_both_work() {
    let script = [
        "@alice challenge @bob glacier",
        "@bob accept",
        "@alice hxg3",
        "@bob Nxf6",
        "@alice move g1h3",
        "@bob resign",
    ];
    let dir = tempfile::tempdir().expect("temp dir");
    let stdout = run_console(
        &dir.path().join("k.db"),
        &dir.path().join("images"),
        &script.join("\n"),
    );
    // Captions write the moves in SAN, however they were typed.
    assert!(stdout.contains("alice played hxg3."), "{stdout}");
    assert!(stdout.contains("bob played Nxf6."), "{stdout}");
    assert!(stdout.contains("alice played Nxh3."), "{stdout}");
    assert!(stdout.contains("alice wins (resignation)"), "{stdout}");
}
