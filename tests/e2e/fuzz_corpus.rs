//! The fuzzers' committed corpus (`fuzz/corpus/TARGET/`), replayed on the stable toolchain
//! through the very functions the fuzz targets call (`kibitz::cli::fuzzing`): a quick smoke run
//! of every input the fuzzers found interesting, in CI without nightly.

use std::path::Path;

type Target = fn(&[u8]);

const TARGETS: [(&str, Target); 13] = [
    ("glacier_fen", kibitz::cli::fuzzing::glacier_fen),
    ("glacier_move", kibitz::cli::fuzzing::glacier_move),
    ("kfn", kibitz::cli::fuzzing::kfn),
    ("knight_fight_move", kibitz::cli::fuzzing::knight_fight_move),
    (
        "chesimals_position",
        kibitz::cli::fuzzing::chesimals_position,
    ),
    ("chesimals_turn", kibitz::cli::fuzzing::chesimals_turn),
    ("ambit_footprint", kibitz::cli::fuzzing::ambit_footprint),
    ("ambit_placement", kibitz::cli::fuzzing::ambit_placement),
    ("command", kibitz::cli::fuzzing::command),
    ("telegram_update", kibitz::cli::fuzzing::telegram_update),
    (
        "discord_interaction",
        kibitz::cli::fuzzing::discord_interaction,
    ),
    ("record", kibitz::cli::fuzzing::record),
    ("webhook_body", kibitz::cli::fuzzing::webhook_body),
];

#[test]
fn every_committed_fuzz_input_runs_without_a_panic() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    let targets = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/fuzz_targets");
    for (name, run) in TARGETS {
        assert!(
            targets.join(format!("{name}.rs")).is_file(),
            "no fuzz target {name}"
        );
        let dir = corpus.join(name);
        let mut inputs = 0;
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            let data = std::fs::read(&path).unwrap();
            let outcome = std::panic::catch_unwind(|| run(&data));
            assert!(outcome.is_ok(), "{name} panics on {}", path.display());
            inputs += 1;
        }
        assert!(inputs > 0, "{name} has no committed inputs");
    }
    // Every fuzz target is replayed here.
    let listed = std::fs::read_dir(&targets).unwrap().count();
    assert_eq!(
        listed,
        TARGETS.len(),
        "a fuzz target is missing from TARGETS"
    );
}

/// The adapters' translation is reached: committed platform samples become chat lines.
#[test]
fn the_platform_samples_become_chat_lines() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    let inputs = |name: &str| -> Vec<Vec<u8>> {
        std::fs::read_dir(corpus.join(name))
            .unwrap()
            .map(|entry| std::fs::read(entry.unwrap().path()).unwrap())
            .collect()
    };
    let telegram_lines = inputs("telegram_update")
        .iter()
        .filter_map(|data| serde_json::from_slice::<teloxide::types::Update>(data).ok())
        .filter_map(|update| kibitz::chat::telegram::incoming_of_update(&update, "kibitz_bot"))
        .count();
    assert!(
        telegram_lines > 0,
        "no Telegram update in the corpus becomes a line"
    );
    let discord_lines = inputs("discord_interaction")
        .iter()
        .filter_map(|data| serde_json::from_slice::<serenity::all::Interaction>(data).ok())
        .filter_map(|interaction| kibitz::chat::discord::incoming_of_interaction(&interaction))
        .count();
    assert!(
        discord_lines > 0,
        "no Discord interaction in the corpus becomes a line"
    );
}
