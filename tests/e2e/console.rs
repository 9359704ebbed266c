//! Whole games through the `kibitz run` console, replayed from scripts; the console as a
//! chat like the others: what happens without a line is printed when it happens, and a
//! signal stops it cleanly after the line in hand.

use crate::support::{at, move_lines, pictures, run_console, score_line, scripted_game};
use kibitz::store::GameId;
use kibitz::{Status, TwoPlayerGame};
use std::time::{Duration, Instant};

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

/// With nothing typed, the console says how to talk to it, in one line, and ends cleanly at
/// the end of its input.
#[test]
fn end_of_input_ends_the_program_cleanly_with_nothing_typed() {
    let dir = tempfile::tempdir().unwrap();
    let stdout = run_console(&dir.path().join("k.db"), &dir.path().join("i"), "");
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(stdout.starts_with("kibitz: "), "{stdout}");
    assert!(stdout.contains("`@alice help`"), "{stdout}");
}

/// `kibitz run --help` explains the console's lines and names every variable of the
/// README's Configuration table.
#[test]
fn run_help_names_the_console_syntax_and_the_environment() {
    let output = crate::support::kibitz(&["run", "--help"]);
    assert!(output.status.success(), "{output:?}");
    let help = String::from_utf8_lossy(&output.stdout);
    for syntax in [
        "@alice help",
        "# a comment",
        "kibitz run < game.txt",
        "SIGTERM",
    ] {
        assert!(help.contains(syntax), "{syntax} in:\n{help}");
    }
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("the README");
    let table = readme
        .split("## Configuration (environment)")
        .nth(1)
        .expect("the README's Configuration section");
    let variables: Vec<&str> = table
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .filter_map(|line| line.strip_prefix("| `")?.split('`').next())
        .collect();
    assert!(variables.len() > 10, "{variables:?}");
    for variable in variables {
        assert!(help.contains(variable), "{variable} in:\n{help}");
    }
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
    let summary = kibitz::chat::console::run(&bot.service, input, &mut output, &options, no_stop())
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
    let game = store.game(GameId(1)).await.unwrap().unwrap();
    let now = bot.service.now().millis();
    // The stopped process's claim, far from running out.
    let until = now + 100 * kibitz::bot::ENGINE_LEASE_MS;
    assert!(
        store
            .claim_engine_move(GameId(1), game.version, "stopped:1", at(now), at(until))
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
    kibitz::chat::console::run(&bot.service, input, &mut output, &options, no_stop())
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
    let game = store.game(GameId(1)).await.unwrap().unwrap();
    assert_eq!((game.plies, game.engine_due), (1, None));
    assert_eq!(store.moves(GameId(1)).await.unwrap().len(), 1);
}

/// A shutdown nobody asks for: the session ends with its input.
fn no_stop() -> tokio::sync::watch::Receiver<bool> {
    tokio::sync::watch::channel(false).1
}

/// What happens without a line is printed when it happens: a live game's flag falls while
/// nobody types (standard input stays open), and the loss on time is printed at once, not
/// when the next line comes. The end of the input then ends the session.
#[tokio::test]
async fn a_loss_on_time_is_printed_with_no_line_typed() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let bot = crate::service::bot().await;
    let reply = bot
        .text("alice", "challenge @bob knight-fight seed:5 time:1m")
        .await;
    assert!(reply.contains("alice challenges bob"), "{reply}");
    let reply = bot.text("bob", "accept").await;
    assert!(reply.contains("alice to move"), "{reply}");
    let first = crate::support::first_move(&bot.service.store(), 1).await;
    let reply = bot.text("alice", &first).await;
    assert!(reply.contains("bob to move"), "{reply}");
    let images = tempfile::tempdir().unwrap();
    let options = kibitz::chat::console::ConsoleOptions {
        image_dir: images.path().to_path_buf(),
        default_user: "player".to_string(),
    };
    let (mut typing, input) = tokio::io::duplex(1024);
    let (output, mut shown) = tokio::io::duplex(1 << 20);
    let service = bot.service.clone();
    let session = tokio::spawn(async move {
        kibitz::chat::console::run(
            &service,
            tokio::io::BufReader::new(input),
            output,
            &options,
            no_stop(),
        )
        .await
    });
    let mut printed = Vec::new();
    // What the session prints within a tenth of a second, added to `printed`.
    async fn read(shown: &mut tokio::io::DuplexStream, printed: &mut Vec<u8>) {
        let mut buffer = [0u8; 4096];
        if let Ok(Ok(n @ 1..)) =
            tokio::time::timeout(Duration::from_millis(100), shown.read(&mut buffer)).await
        {
            printed.extend_from_slice(&buffer[..n]);
        }
    }
    // The session has started: its first line is out.
    let deadline = Instant::now() + Duration::from_secs(10);
    while !String::from_utf8_lossy(&printed).contains("@alice help") {
        assert!(Instant::now() < deadline, "no start line");
        read(&mut shown, &mut printed).await;
    }
    // bob's minute runs out while nobody types.
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    let turn_since = game.clocks.map_or(0, |c| c.turn_since.millis());
    bot.set_time(turn_since + 2 * 60_000);
    let deadline = Instant::now() + Duration::from_secs(10);
    while !String::from_utf8_lossy(&printed).contains("bob ran out of time") {
        assert!(
            Instant::now() < deadline,
            "the loss on time was not printed: {}",
            String::from_utf8_lossy(&printed)
        );
        read(&mut shown, &mut printed).await;
    }
    typing.shutdown().await.unwrap();
    drop(typing);
    let summary = tokio::time::timeout(Duration::from_secs(10), session)
        .await
        .expect("the end of the input ends the session")
        .unwrap()
        .unwrap();
    assert_eq!(summary.lines, 0);
    assert!(!summary.stopped);
    let game = bot.service.store().game(GameId(1)).await.unwrap().unwrap();
    assert_eq!(
        game.result.map(|o| o.to_string()).as_deref(),
        Some("white wins (time)")
    );
}

/// `kibitz run` as a child with standard input kept open: what it prints, as it comes.
struct Console {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    stdout: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
}

impl Console {
    fn start(dir: &std::path::Path) -> Console {
        use std::io::Read;
        use std::process::Stdio;
        let mut child = crate::support::kibitz_in_dir(dir)
            .arg("run")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("kibitz starts");
        let stdin = child.stdin.take();
        let mut pipe = child.stdout.take().expect("piped");
        let stdout = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = stdout.clone();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(read @ 1..) = pipe.read(&mut buffer) {
                sink.lock().unwrap().extend_from_slice(&buffer[..read]);
            }
        });
        Console {
            child,
            stdin,
            stdout,
        }
    }

    fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.stdout.lock().unwrap()).into_owned()
    }

    fn type_line(&mut self, line: &str) {
        use std::io::Write;
        let stdin = self.stdin.as_mut().expect("standard input is open");
        writeln!(stdin, "{line}").expect("the line is written");
        stdin.flush().expect("the line is sent");
    }

    /// Waits (at most 60 s) until standard output shows `marker`.
    fn wait_for(&self, marker: &str) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while !self.stdout().contains(marker) {
            assert!(
                Instant::now() < deadline,
                "no {marker:?} in:\n{}",
                self.stdout()
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn signal(&self, name: &str) {
        let sent = std::process::Command::new("kill")
            .args([name, &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "{name} was not sent");
    }

    /// Waits (at most 15 s; standard input still open) for the end: its status and how
    /// long it took.
    fn ended(&mut self) -> (std::process::ExitStatus, Duration) {
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("kibitz can be waited for") {
                // The reader thread may still hold the last lines.
                std::thread::sleep(Duration::from_millis(50));
                return (status, started.elapsed());
            }
            if started.elapsed() > Duration::from_secs(15) {
                let _ = self.child.kill();
                panic!("kibitz did not end:\n{}", self.stdout());
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// SIGTERM while the console is busy with a line (the computer answering it) finishes that
/// work and prints it, then exits 0, though standard input is still open.
#[test]
fn sigterm_finishes_the_line_in_hand_then_exits_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    console.wait_for("`@alice help`");
    console.type_line("@alice challenge computer glacier black level:3");
    // The line's own reply is out; the computer is thinking about its answer.
    console.wait_for("is thinking");
    console.signal("-TERM");
    let (status, took) = console.ended();
    let stdout = console.stdout();
    assert!(status.success(), "{status}:\n{stdout}");
    assert!(took < Duration::from_secs(10), "took {took:?}");
    assert!(
        stdout.contains("Kibitz · level 3 played"),
        "the answer in hand is printed: {stdout}"
    );
}

/// A second signal stops the console at once, mid-search; the next console makes the move
/// that was being thought about and prints it with no line typed.
#[test]
fn a_second_signal_stops_at_once_and_the_move_comes_after_the_restart() {
    let dir = tempfile::tempdir().unwrap();
    let mut console = Console::start(dir.path());
    console.wait_for("`@alice help`");
    console.type_line("@alice challenge computer critters black level:8");
    console.wait_for("is thinking");
    console.signal("-TERM");
    std::thread::sleep(Duration::from_millis(100));
    console.signal("-INT");
    let (status, took) = console.ended();
    let stdout = console.stdout();
    assert_eq!(status.code(), Some(130), "{stdout}");
    assert!(took < Duration::from_secs(2), "took {took:?}");
    assert!(!stdout.contains("played"), "{stdout}");

    let mut restarted = Console::start(dir.path());
    restarted.wait_for("Kibitz · level 8 played");
    restarted.signal("-TERM");
    let (status, _) = restarted.ended();
    assert!(status.success(), "{status}");
}
