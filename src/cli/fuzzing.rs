//! The bodies of the fuzz targets in `fuzz/fuzz_targets/` (one function each), so that the
//! fuzzers (nightly, cargo-fuzz) and the stable test replaying their committed corpus
//! (`tests/e2e/fuzz_corpus.rs`) run the same code. Every function takes arbitrary bytes and
//! must neither panic nor hang; each checks, besides, that what a parser accepts it writes
//! back in a form it reads again to the same text.
//!
//! Input bytes are read as UTF-8, invalid sequences replaced, since every parser a user
//! reaches is given text.

use crate::bot::command;
use crate::games::ambit::{self, notation};
use crate::games::{AnyGame, GameKind};

/// The most moves a target plays from a position it has read.
const MOVES_PLAYED: usize = 4;

fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// A position the parser accepted is written back in a form it reads again, to the same
/// text; a few of its moves play, and the positions they make read back too.
fn check_round_trip(kind: GameKind, mut game: AnyGame) {
    for _ in 0..=MOVES_PLAYED {
        let written = game.position_text();
        match AnyGame::parse(kind, &written) {
            Ok(again) => assert_eq!(again.position_text(), written, "{kind}"),
            Err(error) => panic!("{kind}: {written:?} is written but refused: {error}"),
        }
        let _ = game.status();
        let Some(mv) = game.legal_move_texts().into_iter().next() else {
            return;
        };
        if let Err(error) = game.play_text(&mv) {
            panic!("{kind}: the listed move {mv:?} is refused in {written:?}: {error}");
        }
    }
}

fn position(kind: GameKind, data: &[u8]) {
    if let Ok(game) = AnyGame::parse(kind, &text(data)) {
        check_round_trip(kind, game);
    }
}

/// Plays `text` as a typed move (both as a command argument and as a bare chat message).
fn typed_move(kind: GameKind, game: &AnyGame, text: &str) {
    for message in [false, true] {
        let mut played = game.clone();
        let result = if message {
            played.play_message(text)
        } else {
            played.play_text(text)
        };
        if result.is_ok() {
            let written = played.position_text();
            assert!(
                AnyGame::parse(kind, &written).is_ok(),
                "{kind}: {written:?}"
            );
        }
    }
}

/// Glacier Chess positions (FEN with `*` for ice).
pub fn glacier_fen(data: &[u8]) {
    position(GameKind::Glacier, data);
}

/// Glacier Chess moves as players type them (SAN or UCI), in the start position and in one
/// with castling, en passant, promotions and ice.
pub fn glacier_move(data: &[u8]) {
    const POSITIONS: [&str; 3] = [
        "start",
        "r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/1P4P1/8/2*2*2/3pP3/8/1p4p1/R3K2R b KQkq e3 0 20",
    ];
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let position = POSITIONS[usize::from(choice) % POSITIONS.len()];
    if let Ok(game) = AnyGame::parse(GameKind::Glacier, position) {
        typed_move(GameKind::Glacier, &game, &text(rest));
    }
}

/// Knight Fight positions (KFN).
pub fn kfn(data: &[u8]) {
    position(GameKind::KnightFight, data);
}

/// Knight Fight moves (`c3`, a board number, `c3/d5` with a double's block), from a start
/// position of a seed and from the position after two moves.
pub fn knight_fight_move(data: &[u8]) {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let mut game = AnyGame::start(GameKind::KnightFight, u64::from(choice % 4));
    if choice & 4 != 0 {
        for _ in 0..2 {
            if let Some(mv) = game.legal_move_texts().into_iter().next() {
                let _ = game.play_text(&mv);
            }
        }
    }
    typed_move(GameKind::KnightFight, &game, &text(rest));
}

const CHESIMALS: [GameKind; 3] = [
    GameKind::ChesimalsOne,
    GameKind::ChesimalsTwo,
    GameKind::Critters,
];

/// Chesimals and Critters positions; the first byte picks the kind the text is read as.
pub fn chesimals_position(data: &[u8]) {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    position(CHESIMALS[usize::from(choice) % CHESIMALS.len()], rest);
}

/// Chesimals and Critters turns (`b3-b5 a3xa4 end`, `pass`, …) in a start position; the
/// first byte picks the game and its seed.
pub fn chesimals_turn(data: &[u8]) {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let kind = CHESIMALS[usize::from(choice) % CHESIMALS.len()];
    let game = AnyGame::start(kind, u64::from(choice / 3 % 4));
    typed_move(kind, &game, &text(rest));
}

/// AMBIT footprints and puzzle states (footprint, placements, lives).
pub fn ambit_footprint(data: &[u8]) {
    let text = text(data);
    if let Ok(footprint) = notation::parse_footprint(&text) {
        let written = notation::footprint_text(footprint);
        assert_eq!(
            notation::parse_footprint(&written).map(notation::footprint_text),
            Ok(written)
        );
    }
    if let Ok(game) = ambit::Game::parse(&text) {
        let written = game.text();
        assert_eq!(ambit::Game::parse(&written).map(|g| g.text()), Ok(written));
    }
}

/// AMBIT placements (`Nf3`), placed on a puzzle; dates (`--date`) and levels too.
pub fn ambit_placement(data: &[u8]) {
    const FOOTPRINT: &str =
        "........\n..####..\n.######.\n.##..##.\n.##..##.\n.######.\n..####..\n........";
    let text = text(data);
    let _ = ambit::Date::parse(&text);
    let _ = ambit::Level::parse(&text);
    let Ok(placement) = notation::parse_placement(&text) else {
        return;
    };
    let written = placement.to_string();
    assert_eq!(
        notation::parse_placement(&written).map(|p| p.to_string()),
        Ok(written)
    );
    let footprint = FOOTPRINT.replace('\n', "/");
    if let Ok(mut game) = ambit::Game::parse(&footprint) {
        let _ = game.place(placement);
        let _ = game.status();
    }
}

/// The command grammar of every chat line.
pub fn command(data: &[u8]) {
    let _ = command::parse(&text(data));
}

/// A Telegram update (JSON, as `getUpdates` gives it) turned into a chat line, and that line
/// read as a command.
pub fn telegram_update(data: &[u8]) {
    let Ok(update) = serde_json::from_slice::<teloxide::types::Update>(data) else {
        return;
    };
    if let Some(incoming) = crate::chat::telegram::incoming_of_update(&update, "kibitz_bot") {
        let _ = command::parse(&incoming.text);
    }
}

/// A Discord interaction (JSON, as the gateway gives it: a slash command or a button press)
/// turned into a chat line, and that line read as a command.
pub fn discord_interaction(data: &[u8]) {
    let Ok(interaction) = serde_json::from_slice::<serenity::all::Interaction>(data) else {
        return;
    };
    if let Some(incoming) = crate::chat::discord::incoming_of_interaction(&interaction) {
        let _ = command::parse(&incoming.text);
    }
}

/// A game's record (PGN for Glacier Chess, Kibitz's text format for the others), as
/// `kibitz record FILE` reads it: it replays without a panic, and what reads is written
/// back to a text that reads again to the same moves and positions and writes the same
/// text (the writer may tidy what it cannot carry, a control character in a header, but
/// only once).
pub fn record(data: &[u8]) {
    use crate::games::records::Record;
    let Ok(record) = Record::read(&text(data)) else {
        return;
    };
    let _ = record.replay();
    if let Ok(written) = record.write() {
        let again = match Record::read(&written) {
            Ok(again) => again,
            Err(error) => panic!("{written:?} is written but refused: {error}"),
        };
        assert_eq!(again.turns, record.turns, "{written}");
        assert_eq!(again.result, record.result, "{written}");
        // The start may be tidied (its spacing), never changed as a position.
        let positions = |r: &Record| {
            r.replay().map(|steps| {
                steps
                    .iter()
                    .map(|step| step.position.position_text())
                    .collect::<Vec<_>>()
            })
        };
        if let Ok(played) = positions(&record) {
            assert_eq!(positions(&again).ok(), Some(played), "{written}");
        }
        assert_eq!(again.write().ok().as_deref(), Some(written.as_str()));
    }
}

/// A push to the Telegram webhook, as the HTTP listener hands it to the webhook's route:
/// the right secret, the fuzzed bytes as the body. No adapter takes the update, so the
/// route reads and judges the body and answers (503 for an update it could read).
pub fn webhook_body(data: &[u8]) {
    use hyper::service::Service;
    const URL: &str = "https://bot.example.org/telegram/hook";
    const SECRET: &str = "fuzz-secret";
    thread_local! {
        static RUNTIME: Option<tokio::runtime::Runtime> = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .ok();
    }
    let Ok((config, route)) = crate::chat::telegram::webhook(URL, SECRET) else {
        return;
    };
    // No adapter: the route finds nobody to take the update and answers at once.
    drop(config);
    let request = axum::http::Request::post("/telegram/hook")
        .header("X-Telegram-Bot-Api-Secret-Token", SECRET)
        .header("Content-Type", "application/json")
        .body(axum::body::Body::from(data.to_vec()));
    let Ok(request) = request else {
        return;
    };
    let service = hyper_util::service::TowerToHyperService::new(route);
    RUNTIME.with(|runtime| {
        if let Some(runtime) = runtime {
            let Ok(answer) = runtime.block_on(service.call(request));
            let status = answer.status().as_u16();
            assert!(matches!(status, 200 | 413 | 503), "status {status}");
        }
    });
}
