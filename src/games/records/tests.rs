use super::*;
use crate::games::rng::SeededRng;
use proptest::prelude::*;

/// A random legal game of `kind` as the bot stores it: one message a move (a Chesimals
/// unit move, `end` or `pass` each its own message), at most `plies` messages.
fn random_game(kind: GameKind, seed: u64, plies: usize) -> (AnyGame, Vec<(Side, String)>) {
    let mut rng = SeededRng::new(seed);
    let start = AnyGame::start(kind, seed % 7);
    let mut position = start.clone();
    let mut messages = Vec::new();
    while messages.len() < plies && !position.status().is_over() {
        let moves = position.legal_move_texts();
        if moves.is_empty() {
            break;
        }
        let pick = &moves[rng.below(moves.len() as u64) as usize];
        let side = position.side_to_move();
        let played = position.play_message(pick).expect("a legal move plays");
        messages.push((side, played.text));
    }
    (start, messages)
}

fn record_of(
    kind: GameKind,
    start: &AnyGame,
    messages: &[(Side, String)],
    last: &AnyGame,
) -> Record {
    let result = match last.status() {
        Status::Over(outcome) => Some(outcome),
        Status::Ongoing if messages.len().is_multiple_of(3) => {
            Some(Outcome::win(last.side_to_move(), EndReason::Resignation))
        }
        Status::Ongoing => None,
    };
    Record {
        kind,
        start: start.position_text(),
        white: "Ann \"the\" \\ Bold".to_string(),
        black: "Бьорн".to_string(),
        result,
        date: Some("2026-12-03".to_string()),
        event: Some("Kibitz game #7".to_string()),
        turns: Record::turns_of(messages.iter().cloned()),
    }
}

fn round_trip(kind: GameKind, seed: u64, plies: usize) {
    let (start, messages) = random_game(kind, seed, plies);
    // The positions after each whole turn, as the game was played.
    let mut played = start.clone();
    let mut after_turns = Vec::new();
    for (index, (side, text)) in messages.iter().enumerate() {
        played.play_message(text).expect("replays");
        if messages.get(index + 1).is_none_or(|(next, _)| next != side) {
            after_turns.push(played.position_text());
        }
    }
    let record = record_of(kind, &start, &messages, &played);
    let written = record.write().expect("writes");
    let read = Record::read(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(read, record, "{written}");
    let steps = read.replay().expect("replays");
    assert_eq!(steps[0].position.position_text(), start.position_text());
    let replayed: Vec<String> = steps[1..]
        .iter()
        .map(|step| step.position.position_text())
        .collect();
    assert_eq!(replayed, after_turns, "{written}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn records_of_random_legal_games_read_back(seed in any::<u64>(), plies in 0usize..90) {
        for kind in GameKind::ALL {
            let plies = match kind {
                GameKind::Glacier | GameKind::KnightFight => plies,
                _ => plies / 3,
            };
            round_trip(kind, seed, plies);
        }
    }
}

#[test]
fn a_long_glacier_game_keeps_its_ice_ages_as_comments() {
    // 120 plies passes two Ice Ages (after Black's 20th and 40th moves) unless it ends.
    for seed in 0..20 {
        let (start, messages) = random_game(GameKind::Glacier, seed, 120);
        let mut last = start.clone();
        for (_, text) in &messages {
            last.play_message(text).expect("replays");
        }
        let record = record_of(GameKind::Glacier, &start, &messages, &last);
        let steps = record.replay().expect("replays");
        let ages = steps.iter().filter(|s| s.ice_age).count();
        let pgn = record.write().expect("writes");
        assert_eq!(pgn.matches("{Ice Age}").count(), ages, "{pgn}");
        if messages.len() >= 40 {
            assert!(ages >= 1, "{pgn}");
            assert!(pgn.contains("[Variant \"Glacier Chess\"]"));
            assert!(pgn.contains("[SetUp \"1\"]"));
            assert!(pgn.contains(&format!("[FEN \"{}\"]", start.position_text())));
            let movetext = pgn.lines().filter(|line| !line.starts_with('['));
            assert!(
                movetext.clone().all(|line| line.chars().count() < 80),
                "{pgn}"
            );
            // After the comment, Black's move carries its number again.
            let ice = steps.iter().position(|s| s.ice_age).expect("an Ice Age");
            if let Some(next) = steps.get(ice + 1) {
                let turn = &record.turns[next.turn.expect("a turn")];
                let movetext = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
                let numbered = match turn.side {
                    Side::Black => format!("{{Ice Age}} {}... {}", next.number, next.written),
                    Side::White => format!("{{Ice Age}} {}. {}", next.number, next.written),
                };
                assert!(movetext.contains(&numbered), "{pgn}");
            }
            return;
        }
    }
    panic!("no random game reached an Ice Age");
}

#[test]
fn bad_records_are_refused_with_their_reason() {
    let start = AnyGame::start(GameKind::Glacier, 0).position_text();
    let pgn = |moves: &str, result: &str| {
        format!(
            "[Variant \"Glacier Chess\"]\n[FEN \"{start}\"]\n[Result \"{result}\"]\n\n{moves} {result}\n"
        )
    };
    // SAN or UCI, comments and marks; kept as the store keeps moves.
    let read = Record::read(&pgn("1. hxg3 {ice} Nxf6!? 2.g1f3 ; rest\n", "*")).expect("reads");
    let texts: Vec<&str> = read.turns.iter().map(|t| t.text.as_str()).collect();
    assert_eq!(texts, ["h2g3", "g8f6", "g1f3"]);
    assert!(matches!(
        Record::read(&pgn("1. hxg3 hxg3", "*")),
        Err(RecordError::Move { number: 2, .. })
    ));
    assert!(matches!(
        Record::read(&pgn("1. hxg3", "1-0")),
        Err(RecordError::Missing(_))
    ));
    assert!(matches!(Record::read(""), Err(RecordError::Empty)));
    assert!(matches!(
        Record::read("[Variant \"Chess\"]\n[FEN \"x\"]\n\n*"),
        Err(RecordError::Syntax { line: 1, .. })
    ));
    assert!(matches!(
        Record::read("Game: knight-fight\nStart: start\n\nwhite: zz9\n"),
        Err(RecordError::Move { number: 1, .. })
    ));
    assert!(matches!(
        Record::read("Game: knight-fight\nStart: start\n\nblack: a1\n"),
        Err(RecordError::Turn { number: 1, .. })
    ));
    assert!(matches!(
        Record::read("Game: knight-fight\nStart: start\nResult: white wins (checkmate)\n"),
        Err(RecordError::Result { .. })
    ));
    assert!(matches!(
        Record::read("hello world\n"),
        Err(RecordError::Syntax { line: 1, .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A review's notes (glyphs, values, mates) in a Glacier PGN read back as the same game,
    /// wherever they fall (before Black's move, beside an Ice Age's comment).
    #[test]
    fn an_annotated_pgn_reads_back_as_the_same_game(seed in 0u64..1_000, plies in 1usize..120) {
        let (start, messages) = random_game(GameKind::Glacier, seed, plies);
        let mut last = start.clone();
        for (_, text) in &messages {
            last.play_message(text).expect("replays");
        }
        let record = record_of(GameKind::Glacier, &start, &messages, &last);
        let notes: Vec<TurnNote> = (0..record.turns.len())
            .map(|i| TurnNote {
                nag: [None, Some(6), Some(2), Some(4)][i % 4],
                eval: [Some("0.35".to_string()), None, Some("#-2".to_string())][i % 3].clone(),
            })
            .collect();
        let written = record.write_annotated(&notes).expect("writes");
        let annotated = written.contains("{[%eval 0.35]}");
        prop_assert!(annotated, "{}", written);
        let read = Record::read(&written).expect("reads back");
        prop_assert_eq!(read.turns, record.turns);
        prop_assert_eq!(read.result, record.result);
    }
}
