//! Whole games through the `kibitz run` console, replayed from scripts.

use crate::support::{move_lines, pictures, run_console, score_line, scripted_game};
use kibitz::{Status, TwoPlayerGame};

const SEED: u64 = 77;

fn header() -> Vec<String> {
    vec![
        "# a Knight Fight game between alice and bob".to_string(),
        format!("@alice challenge @bob knight-fight seed:{SEED}"),
        "@bob accept".to_string(),
    ]
}

/// Every picture decodes as a PNG of one size, at least 720 px wide.
fn check_pictures(paths: &[String]) -> (u32, u32) {
    let mut size = None;
    for path in paths {
        let picture = image::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let dimensions = (picture.width(), picture.height());
        assert!(dimensions.0 >= 720, "{path} is {dimensions:?}");
        assert_eq!(*size.get_or_insert(dimensions), dimensions, "{path}");
    }
    size.unwrap_or_default()
}

#[test]
fn a_whole_game_replays_from_a_script_file() {
    let (moves, finale) = scripted_game(SEED);
    assert!(moves.len() > 10, "the scripted game is a real game");
    let Status::Over(outcome) = finale.status() else {
        panic!("the scripted game ended");
    };
    let dir = tempfile::tempdir().unwrap();
    let mut script = header();
    script.extend(move_lines(&moves, 0));
    script.push("@alice board".to_string());
    let script_path = dir.path().join("game.txt");
    std::fs::write(&script_path, script.join("\n")).unwrap();
    let stdout = run_console(
        &dir.path().join("kibitz.db"),
        &dir.path().join("images"),
        &std::fs::read_to_string(&script_path).unwrap(),
    );
    // One picture on accepting, one per move, one for the last `board`.
    let paths = pictures(&stdout);
    assert_eq!(paths.len(), moves.len() + 2, "{stdout}");
    check_pictures(&paths);
    assert!(stdout.contains(&score_line(&finale)), "{stdout}");
    let winner = match outcome.winner {
        Some(kibitz::games::Side::White) => "alice wins (no moves left)",
        Some(kibitz::games::Side::Black) => "bob wins (no moves left)",
        None => "Draw (no moves left)",
    };
    assert!(stdout.contains(winner), "{stdout}");
    assert!(!stdout.contains("is not"), "no move was refused: {stdout}");
}

#[test]
fn a_game_survives_a_restart_on_the_same_database() {
    let (moves, finale) = scripted_game(SEED + 1);
    let half = moves.len() / 2;
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("kibitz.db");
    let images = dir.path().join("images");
    let mut first = header();
    first.extend(move_lines(&moves[..half], 0));
    first[1] = format!("@alice challenge @bob knight-fight seed:{}", SEED + 1);
    let before = run_console(&database, &images, &first.join("\n"));
    assert_eq!(pictures(&before).len(), half + 1, "{before}");

    let mut second = move_lines(&moves[half..], half);
    second.push("@bob board".to_string());
    let after = run_console(&database, &images, &second.join("\n"));
    let later_pictures = pictures(&after);
    assert_eq!(later_pictures.len(), moves.len() - half + 1, "{after}");
    assert!(after.contains(&score_line(&finale)), "{after}");
    assert!(after.contains("wins") || after.contains("Draw"), "{after}");
    // The second process numbers its pictures after the first one's.
    let mut all = pictures(&before);
    all.extend(later_pictures);
    let unique: std::collections::BTreeSet<&String> = all.iter().collect();
    assert_eq!(unique.len(), all.len());
    check_pictures(&all);
}

#[test]
fn end_of_input_ends_the_program_cleanly_with_nothing_typed() {
    let dir = tempfile::tempdir().unwrap();
    let stdout = run_console(&dir.path().join("k.db"), &dir.path().join("i"), "");
    assert!(stdout.is_empty());
}

#[test]
fn forgetting_oneself_after_the_daily_does_not_open_it_again() {
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("kibitz.db");
    let images = dir.path().join("images");
    let shown = run_console(&database, &images, "@alice daily\n@alice giveup\n");
    let solution = shown
        .lines()
        .find_map(|line| line.split("A solution with the fewest pieces: ").nth(1))
        .unwrap_or_else(|| panic!("giveup shows the solution: {shown}"))
        .to_string();
    let mut script = vec![
        "@alice forgetme confirm".to_string(),
        "@alice daily".to_string(),
    ];
    script.extend(
        solution
            .split_whitespace()
            .map(|placement| format!("@alice place {placement}")),
    );
    script.push("@carol leaderboard".to_string());
    let replay = run_console(&database, &images, &(script.join("\n") + "\n"));
    assert!(replay.contains("forgotten you"), "{replay}");
    assert!(replay.contains("before Kibitz forgot you"), "{replay}");
    assert!(!replay.contains("Solved!"), "{replay}");
    assert!(!replay.contains("★★★"), "{replay}");
}

/// A line that is not UTF-8 is answered with a refusal and the session goes on: the lines
/// after it are read and answered (it used to end the session with exit code 1).
#[tokio::test]
async fn a_line_that_is_not_utf8_is_refused_and_the_session_goes_on() {
    let bot = crate::service::bot().await;
    let images = tempfile::tempdir().unwrap();
    let options = kibitz::chat::console::ConsoleOptions {
        image_dir: images.path().to_path_buf(),
        default_user: "player".to_string(),
    };
    let input: &[u8] =
        b"@alice rules glacier\n@alice \xff\xfe board \xc3\n@alice rules knight-fight\n";
    let mut output = Vec::new();
    let summary = kibitz::chat::console::run(&bot.service, input, &mut output, &options)
        .await
        .expect("the session ends with the input, not with the bad line");
    let output = String::from_utf8(output).unwrap();
    assert_eq!(summary.lines, 3, "{output}");
    assert!(output.contains("not UTF-8"), "{output}");
    let refusal_at = output.find("not UTF-8").unwrap_or(0);
    assert!(
        output[refusal_at..].contains("Knight Fight"),
        "the line after the bad one is answered: {output}"
    );
}

/// A console stopped mid-search (Ctrl-C) leaves its claim on the engine's move behind; the
/// next console makes the move before it reads a line, instead of waiting for the claim to
/// run out, and makes it once.
#[tokio::test]
async fn a_restarted_console_makes_the_move_a_stopped_one_was_thinking_about() {
    let bot = crate::service::bot().await;
    let reply = bot
        .text("alice", "challenge computer glacier black level:1")
        .await;
    assert!(reply.contains("is thinking"), "{reply}");
    let store = bot.service.store();
    let game = store.game(1).await.unwrap().unwrap();
    let now = bot.service.now();
    // The stopped process's claim, far from running out.
    let until = now + 100 * kibitz::bot::ENGINE_LEASE_MS;
    assert!(
        store
            .claim_engine_move(1, game.version, "stopped:1", now, until)
            .await
            .unwrap()
    );
    let images = tempfile::tempdir().unwrap();
    let options = kibitz::chat::console::ConsoleOptions {
        image_dir: images.path().to_path_buf(),
        default_user: "player".to_string(),
    };
    let input: &[u8] = b"@alice board\n";
    let mut output = Vec::new();
    kibitz::chat::console::run(&bot.service, input, &mut output, &options)
        .await
        .unwrap();
    let output = String::from_utf8(output).unwrap();
    let played = output.find("Kibitz · level 1 played").expect(&output);
    let board = output.find("alice to move").expect(&output);
    assert!(
        played < board,
        "the move comes before the first line's answer: {output}"
    );
    assert_eq!(
        output.matches("Kibitz · level 1 played").count(),
        1,
        "{output}"
    );
    let game = store.game(1).await.unwrap().unwrap();
    assert_eq!((game.plies, game.engine_due), (1, None));
    assert_eq!(store.moves(1).await.unwrap().len(), 1);
}
