use super::*;

#[test]
fn chesimals_names_are_read_forgivingly() {
    for (text, kind) in [
        ("chesimals-1", GameKind::ChesimalsOne),
        ("Chesimals1", GameKind::ChesimalsOne),
        ("chesimals i", GameKind::ChesimalsOne),
        ("chesimals 2", GameKind::ChesimalsTwo),
        ("CHESIMALS II", GameKind::ChesimalsTwo),
        ("critters", GameKind::Critters),
        ("chesimals-3", GameKind::Critters),
        ("chesimals iii", GameKind::Critters),
    ] {
        assert_eq!(GameKind::parse(text), Some(kind), "{text}");
    }
    assert_eq!(GameKind::parse("chesimals 4"), None);
    for kind in GameKind::ALL {
        assert_eq!(GameKind::parse(kind.name()), Some(kind));
    }
}

#[test]
fn a_chesimals_position_belongs_to_its_own_game_only() {
    let text = AnyGame::start(GameKind::ChesimalsTwo, 0).position_text();
    assert_eq!(
        AnyGame::parse(GameKind::ChesimalsTwo, &text).map(|g| g.kind()),
        Ok(GameKind::ChesimalsTwo)
    );
    let refused = AnyGame::parse(GameKind::ChesimalsOne, &text).map(|g| g.kind());
    assert_eq!(refused.map_err(|e| e.key), Err("chesimals-position-field"));
}

#[test]
fn a_turn_is_one_played_move_and_a_single_unit_move_keeps_the_turn_open() {
    let mut whole = AnyGame::start(GameKind::ChesimalsOne, 0);
    let played = whole.play_text("b3-b5 a3-a4");
    let played = played.map(|p| (p.text, p.shown, p.squares.trail().len()));
    assert_eq!(
        played,
        Ok(("b3-b5 a3-a4 end".to_string(), "b3-b5 a3-a4".to_string(), 2))
    );
    assert_eq!(whole.side_to_move(), Side::Black);

    let mut by_unit = AnyGame::start(GameKind::ChesimalsOne, 0);
    assert!(by_unit.play_message("b3-b5").is_ok());
    assert!(by_unit.turn_in_progress());
    assert_eq!(by_unit.side_to_move(), Side::White);
    assert!(by_unit.play_message("a3-a4").is_ok());
    let end = by_unit.play_message("done").map(|p| (p.text, p.shown));
    assert_eq!(end, Ok(("end".to_string(), "end".to_string())));
    assert_eq!(by_unit.position_text(), whole.position_text());
}

#[test]
fn listed_chesimals_captures_are_written_with_a_dash() {
    // A green guard on b4, in reach of the orange warmachine on b3.
    let text = chesimals::CHESIMALS_1_SETUP.replacen(
        "/12/12/12/12/12/12/12/12/12/12/",
        "/12/12/12/12/12/12/12/12/12/1eG10/",
        1,
    );
    let game = AnyGame::parse(GameKind::ChesimalsOne, &text);
    let texts = game.map(|g| g.legal_move_texts()).unwrap_or_default();
    assert!(texts.contains(&"b3-b4".to_string()), "{texts:?}");
    assert!(texts.iter().all(|t| !t.contains('x')), "{texts:?}");
    let mut game = AnyGame::parse(GameKind::ChesimalsOne, &text);
    let played = game.as_mut().map(|g| g.play_text("b3-b4").map(|p| p.text));
    assert_eq!(played, Ok(Ok("b3xb4 end".to_string())));
}

#[test]
fn trails_survive_the_round_trip_through_move_squares() {
    let square = |name: &str| Square::parse(name).unwrap_or(Square::new(0, 0));
    let trail = vec![
        (square("b3"), square("b5")),
        (square("a3"), square("a4")),
        (square("c3"), square("c4")),
    ];
    assert_eq!(MoveSquares::from_trail(&trail).trail(), trail);
    assert!(MoveSquares::from_trail(&[]).trail().is_empty());
    let game = AnyGame::start(GameKind::ChesimalsOne, 0);
    let marks = game.marks_for_last_move("b3-b5 a3xa4 c3-c4@e4 end");
    assert_eq!(marks.map(|m| m.trail()), Some(trail));
    assert_eq!(game.marks_for_last_move("b3-z9"), None);
}

/// `text` with its counters (Glacier's full-move number, Chesimals' turn number, Knight
/// Fight's scores) set to `value`.
fn with_counters(kind: GameKind, text: &str, value: u64) -> String {
    let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
    let last = fields.len() - 1;
    match kind {
        GameKind::Glacier => fields[last] = value.to_string(),
        GameKind::KnightFight => {
            fields[last] = value.to_string();
            fields[last - 1] = value.to_string();
        }
        _ => fields[6] = value.to_string(),
    }
    fields.join(" ")
}

/// The highest counters the parsers took before they and `play` were made to agree, and
/// the highest they take now.
const COUNTER_LIMITS: [u64; 5] = [9_900, 999_999, 1_000_000, 999_999_999, u32::MAX as u64];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Every position `play` writes is one the parser reads back (and to the same text),
    /// from a random start and from counters at their limits.
    #[test]
    fn every_position_play_writes_is_read_back(
        kind in proptest::sample::select(GameKind::ALL.to_vec()),
        seed in 0u64..1000,
        limit in proptest::sample::select(COUNTER_LIMITS.to_vec()),
        picks in proptest::collection::vec(proptest::prelude::any::<proptest::sample::Index>(), 1..24),
    ) {
        let start = AnyGame::start(kind, seed);
        let text = with_counters(kind, &start.position_text(), limit);
        let Ok(mut game) = AnyGame::parse(kind, &text) else {
            // Only the counters the parser never took (Knight Fight's scores above 9,900
            // were refused before); what `play` writes from them is checked below anyway.
            proptest::prop_assert!(kind == GameKind::KnightFight && limit > 9_900 && limit < u64::from(u32::MAX), "{text}");
            return Ok(());
        };
        for pick in picks {
            let moves = game.legal_move_texts();
            if moves.is_empty() {
                break;
            }
            let mv = pick.get(&moves).clone();
            proptest::prop_assert!(game.play_text(&mv).is_ok(), "{mv} in {}", game.position_text());
            let written = game.position_text();
            let read = AnyGame::parse(kind, &written);
            proptest::prop_assert_eq!(read.map(|g| g.position_text()), Ok(written));
        }
    }
}

#[test]
fn perft_beyond_the_end_of_the_game_allocates_nothing_up_front() {
    // A Knight Fight position whose game is over: a depth of four billion plies must
    // not make four billion move lists before it finds that out.
    let mut game = AnyGame::start(GameKind::KnightFight, 1);
    while let Some(mv) = game.legal_move_texts().first().cloned() {
        game.play_text(&mv).unwrap();
    }
    assert_eq!(game.perft(0), 1);
    assert_eq!(game.perft(u32::MAX), 0);
    // One ply from the end (the half-move limit): no line reaches a second ply.
    let glacier = AnyGame::parse(GameKind::Glacier, "7k/8/8/8/8/8/8/K7 w - - 149 80").unwrap();
    assert_eq!(glacier.perft(1), 3);
    assert_eq!(glacier.perft(2), 0);
    assert_eq!(glacier.perft(MAX_PERFT_DEPTH), 0);
    assert_eq!(glacier.perft(u32::MAX), 0);
}

#[test]
fn quotes_are_short_and_show_control_characters_as_one_character() {
    assert_eq!(quote("  e2e4 "), "e2e4");
    assert_eq!(
        quote("a\u{1}b\u{1b}[31mc\u{202e}d"),
        "a\u{fffd}b\u{fffd}[31mc\u{fffd}d"
    );
    let long = "\u{7}".repeat(10_000);
    let quoted = quote(&long);
    assert_eq!(quoted.chars().count(), QUOTE_LIMIT + 1);
    assert!(quoted.ends_with('…'));
    // A refusal of a move full of control characters is no longer than a few dozen
    // characters of it, not six times the input.
    let game = AnyGame::start(GameKind::Glacier, 0);
    let mut played = game.clone();
    let error = played.play_text(&"\u{1}".repeat(1000)).unwrap_err();
    let echoed: usize = error.args.iter().map(|(_, v)| v.chars().count()).sum();
    assert!(echoed <= QUOTE_LIMIT + 1, "{error}");
    for kind in GameKind::ALL {
        let mut game = AnyGame::start(kind, 0);
        let error = game
            .play_text(&format!("x{}", "\u{1}".repeat(1000)))
            .unwrap_err();
        let longest = error.args.iter().map(|(_, v)| v.chars().count()).max();
        assert!(longest.unwrap_or(0) <= QUOTE_LIMIT + 1, "{kind}: {error}");
        assert!(!error.to_string().contains('\u{1}'), "{kind}: {error}");
    }
}
