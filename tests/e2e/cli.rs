//! The command-line contract of DESIGN.md, which scripts rely on.

use crate::support::{at, kibitz, stdout_lines};

#[test]
fn perft_prints_the_leaf_count_last() {
    let lines = stdout_lines(&kibitz(&["perft", "knight-fight", "start:1", "4"]));
    assert_eq!(lines.last().map(String::as_str), Some("6579"));
    let lines = stdout_lines(&kibitz(&["perft", "glacier", "start", "3"]));
    assert_eq!(lines.last().map(String::as_str), Some("6264"));
}

#[test]
fn moves_are_listed_sorted_one_a_line() {
    let lines = stdout_lines(&kibitz(&["moves", "knight-fight", "start:1"]));
    assert_eq!(lines.len(), 10);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    let glacier = stdout_lines(&kibitz(&["moves", "glacier", "start"]));
    assert!(glacier.contains(&"h2g3".to_string()), "{glacier:?}");
    assert!(glacier.contains(&"g1f3".to_string()), "{glacier:?}");
}

#[test]
fn play_prints_the_position_then_the_status() {
    let lines = stdout_lines(&kibitz(&["play", "knight-fight", "start:1", "a1", "a10"]));
    let position = &lines[lines.len() - 2];
    assert!(position.ends_with(" w 32 18"), "{position}");
    assert_eq!(lines.last().map(String::as_str), Some("ongoing"));
    // The printed position plays on from where it stopped.
    let again = stdout_lines(&kibitz(&["moves", "knight-fight", position]));
    assert!(!again.is_empty());
    let lines = stdout_lines(&kibitz(&["play", "glacier", "start", "hxg3", "Nxf6"]));
    assert_eq!(lines.last().map(String::as_str), Some("ongoing"));
}

#[test]
fn errors_go_to_stderr_with_a_non_zero_exit() {
    for args in [
        vec!["perft", "chess", "start", "1"],
        vec!["play", "knight-fight", "start:1", "a2"],
        vec!["moves", "knight-fight", "not a position"],
        vec!["play", "glacier", "start", "e2e4"],
        vec!["render", "knight-fight", "start:x", "-o", "/tmp/never.png"],
    ] {
        let output = kibitz(&args);
        assert!(!output.status.success(), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with("kibitz: "), "{args:?}: {stderr}");
    }
}

#[test]
fn render_writes_a_png() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("board.png");
    let path_text = path.to_string_lossy().into_owned();
    let played = stdout_lines(&kibitz(&["play", "knight-fight", "start:3", "c1"]));
    let position = &played[played.len() - 2];
    let output = kibitz(&[
        "render",
        "knight-fight",
        position,
        "-o",
        &path_text,
        "--last",
        "c1",
        "--flip",
    ]);
    assert!(output.status.success(), "{output:?}");
    let picture = image::open(&path).expect("a PNG");
    assert!(picture.width() >= 720);
}

/// `--last` names the move that led to the position; one the position contradicts (nothing
/// of the mover's stands where it ends, or something still stands where it began) is
/// refused with exit code 1 and no picture, instead of being drawn without complaint.
#[test]
fn render_refuses_a_last_move_that_cannot_have_led_to_the_position() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("board.png");
    let path_text = path.to_string_lossy().into_owned();
    let after = |args: &[&str]| {
        let lines = stdout_lines(&kibitz(args));
        lines[lines.len() - 2].clone()
    };
    let glacier = after(&["play", "glacier", "start", "hxg3"]);
    let knight_fight = after(&["play", "knight-fight", "start:3", "c1"]);
    let chesimals = after(&["play", "chesimals-1", "start", "b3-b5 a3-a4"]);
    let render = |game: &str, position: &str, last: &str| {
        let _ = std::fs::remove_file(&path);
        kibitz(&["render", game, position, "-o", &path_text, "--last", last])
    };
    for (game, position, last, why) in [
        ("glacier", "start", "e2e4", "no piece stands on e4"),
        (
            "glacier",
            glacier.as_str(),
            "g2g3",
            "a piece still stands on g2",
        ),
        (
            "glacier",
            glacier.as_str(),
            "c6b8",
            "b8 holds a piece of black, not of white",
        ),
        (
            "glacier",
            glacier.as_str(),
            "h2g3q",
            "is not the Q it promoted to",
        ),
        (
            "knight-fight",
            "start:3",
            "c1",
            "knight does not stand on c1",
        ),
        (
            "knight-fight",
            knight_fight.as_str(),
            "d1",
            "knight does not stand on d1",
        ),
        (
            "chesimals-1",
            chesimals.as_str(),
            "b3-b6",
            "no unit of white stands on b6",
        ),
    ] {
        let output = render(game, position, last);
        assert_eq!(output.status.code(), Some(1), "{game} {last}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("cannot have led to this position"),
            "{stderr}"
        );
        assert!(stderr.contains(why), "{game} {last}: {stderr}");
        assert!(!path.exists(), "{game} {last}: no picture is written");
    }
    // The moves that did lead there are drawn.
    for (game, position, last) in [
        ("glacier", glacier.as_str(), "h2g3"),
        ("knight-fight", knight_fight.as_str(), "c1"),
        ("chesimals-1", chesimals.as_str(), "b3-b5 a3-a4"),
    ] {
        let output = render(game, position, last);
        assert!(output.status.success(), "{game} {last}: {output:?}");
        assert!(image::open(&path).is_ok(), "{game} {last}");
    }
}

/// `kibitz render ambit` draws the puzzle with the renderer the chat uses (it used to refuse:
/// "the AMBIT pictures are still to come").
#[test]
fn render_draws_an_ambit_board() {
    let dir = tempfile::tempdir().expect("temp dir");
    let daily = stdout_lines(&kibitz(&["ambit", "daily", "--date", "2027-03-14"]));
    let footprint = daily.last().expect("a footprint");
    let path = dir.path().join("ambit.png");
    let path_text = path.to_string_lossy().into_owned();
    let output = kibitz(&["render", "ambit", footprint, "-o", &path_text]);
    assert!(output.status.success(), "{output:?}");
    let picture = image::open(&path).expect("a PNG");
    // Eight squares of 84 pixels and two margins of 30; in height the header band (106)
    // and the rack's strip (74) besides.
    assert_eq!(picture.width(), 2 * 30 + 8 * 84);
    assert_eq!(picture.height(), 106 + 2 * 30 + 8 * 84 + 74);
}

#[test]
fn an_ambit_daily_is_the_same_in_every_process_and_solvable() {
    let first = stdout_lines(&kibitz(&["ambit", "daily", "--date", "2027-03-14"]));
    let second = stdout_lines(&kibitz(&["ambit", "daily", "--date", "2027-03-14"]));
    assert_eq!(first, second);
    let other = stdout_lines(&kibitz(&["ambit", "daily", "--date", "2027-03-15"]));
    assert_ne!(first.last(), other.last());
    let footprint = first.last().expect("a footprint").clone();
    let solved = stdout_lines(&kibitz(&["ambit", "solve", &footprint]));
    let summary = solved.last().expect("a summary");
    assert!(summary.starts_with("min="), "{summary}");
    // Playing the printed solution solves the puzzle.
    let placements: Vec<&str> = solved[solved.len() - 2].split_whitespace().collect();
    let mut args = vec!["play", "ambit", footprint.as_str()];
    args.extend(placements);
    let played = stdout_lines(&kibitz(&args));
    assert_eq!(played.last().map(String::as_str), Some("solved"));
}

#[test]
fn the_command_line_makes_the_bots_daily_only_with_the_deployment_secret() {
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("kibitz.db");
    crate::support::run_console(&database, &dir.path().join("images"), "@alice daily\n");
    let (secret, stored, date) = tokio::runtime::Runtime::new().unwrap().block_on(async {
        let store = kibitz::store::Store::connect(&format!("sqlite://{}", database.display()))
            .await
            .unwrap();
        let secret = store
            .deployment_secret("daily", "none", at(0))
            .await
            .unwrap();
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs();
        let date = kibitz::games::ambit::Date::from_unix_seconds(seconds as i64).unwrap();
        let level = kibitz::games::ambit::daily_level(date);
        let stored = store
            .daily(&date.to_string(), level.name())
            .await
            .unwrap()
            .expect("the bot made today's daily");
        store.close().await;
        (secret, stored.footprint, date.to_string())
    });
    let daily = |secret: Option<&str>| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_kibitz"));
        command.args(["ambit", "daily", "--date", &date]);
        match secret {
            Some(value) => command.env("KIBITZ_DAILY_SECRET", value),
            None => command.env_remove("KIBITZ_DAILY_SECRET"),
        };
        command.output().expect("kibitz runs")
    };
    let with = stdout_lines(&daily(Some(&secret)));
    assert_eq!(
        with.last(),
        Some(&stored),
        "the secret reproduces the bot's daily"
    );
    let without = stdout_lines(&daily(None));
    assert_ne!(
        without.last(),
        Some(&stored),
        "without it, the public daily"
    );
    // A malformed secret is refused without being repeated.
    let output = daily(Some("SECRETVALUE"));
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("KIBITZ_DAILY_SECRET"), "{stderr}");
    assert!(!stderr.contains("SECRETVALUE"), "{stderr}");
}

/// A depth far beyond any game used to make one move list per ply up front (a 51 GB
/// allocation, SIGABRT); now it is refused with a clear error, and any allowed depth runs.
#[test]
fn perft_refuses_a_depth_no_count_could_reach_and_never_aborts() {
    let output = kibitz(&["perft", "knight-fight", "start:1", "2147483648"]);
    assert_eq!(output.status.code(), Some(2), "a usage error, not a crash");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("2147483648") && stderr.contains("100"),
        "{stderr}"
    );
    // A finished game counts no leaves at the deepest depth allowed, at once.
    let mut position = "start:1".to_string();
    loop {
        let moves = stdout_lines(&kibitz(&["moves", "knight-fight", &position]));
        let Some(first) = moves.first() else {
            break;
        };
        let lines = stdout_lines(&kibitz(&["play", "knight-fight", &position, first]));
        position = lines[lines.len() - 2].clone();
    }
    let lines = stdout_lines(&kibitz(&["perft", "knight-fight", &position, "100"]));
    assert_eq!(lines.last().map(String::as_str), Some("0"));
}

/// What `play` prints, `moves` reads: Glacier's full-move number and a Chesimals turn
/// number at the old limits of the parsers play on past them.
#[test]
fn play_never_prints_a_position_that_moves_refuses() {
    let glacier = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1000000";
    let lines = stdout_lines(&kibitz(&["play", "glacier", glacier, "e7e6"]));
    let position = &lines[lines.len() - 2];
    assert!(position.ends_with(" 1000001"), "{position}");
    assert!(!stdout_lines(&kibitz(&["moves", "glacier", position])).is_empty());
    let start = kibitz::games::AnyGame::start(kibitz::games::GameKind::ChesimalsOne, 0);
    let mut fields: Vec<String> = start
        .position_text()
        .split(' ')
        .map(str::to_string)
        .collect();
    fields[6] = "999999999".to_string();
    let chesimals = fields.join(" ");
    // White's turn, then Black's: the turn number moves on.
    let mut position = chesimals;
    for _ in 0..2 {
        let moves = stdout_lines(&kibitz(&["moves", "chesimals-1", &position]));
        let lines = stdout_lines(&kibitz(&["play", "chesimals-1", &position, &moves[0]]));
        position = lines[lines.len() - 2].clone();
    }
    assert!(position.ends_with(" 1000000000"), "{position}");
    assert!(!stdout_lines(&kibitz(&["moves", "chesimals-1", &position])).is_empty());
}

/// Refusals quote a few dozen characters of what was typed, control characters as one
/// character each, never the whole input (control characters used to come back escaped,
/// up to six times as long).
#[test]
fn refusals_quote_a_bounded_part_of_the_input() {
    let junk = "\u{1}".repeat(5_000);
    for args in [
        vec!["perft", junk.as_str(), "start", "1"],
        vec!["play", "glacier", "start", junk.as_str()],
        vec!["play", "knight-fight", "start", junk.as_str()],
        vec!["play", "chesimals-1", "start", junk.as_str()],
        vec!["moves", "chesimals-1", junk.as_str()],
        vec![
            "render",
            "glacier",
            "start",
            "-o",
            "/dev/null",
            "--last",
            junk.as_str(),
        ],
    ] {
        let output = kibitz(&args);
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.len() < 600, "{} bytes: {stderr}", stderr.len());
        assert!(
            !stderr.contains('\u{1}') && !stderr.contains("\\u{1}"),
            "{stderr}"
        );
    }
}

/// `kibitz health` as a container's HEALTHCHECK runs it: against a running `kibitz run`'s own
/// listener (the URL from KIBITZ_HTTP_ADDR, its unspecified address asked on loopback), then
/// against a listener that answers 503 and a port where nothing listens.
#[test]
fn health_asks_healthz_and_exits_zero_only_on_200() {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    let health = |url: Option<&str>, addr: Option<&str>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_kibitz"));
        command.arg("health").args(url);
        match addr {
            Some(addr) => command.env("KIBITZ_HTTP_ADDR", addr),
            None => command.env_remove("KIBITZ_HTTP_ADDR"),
        };
        let output = command.output().expect("kibitz runs");
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert_eq!(stderr.lines().count(), 1, "one line on stderr: {stderr:?}");
        assert!(output.stdout.is_empty());
        (output.status.code(), stderr)
    };
    let free_port = || {
        std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port()
    };

    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut bot = Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .arg("run")
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.path().join("bot.db").display()),
        )
        .env("KIBITZ_IMAGE_DIR", dir.path().join("images"))
        .env("KIBITZ_HTTP_ADDR", format!("0.0.0.0:{port}"))
        .env_remove("DISCORD_TOKEN")
        .env_remove("TELEGRAM_BOT_TOKEN")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("kibitz run starts");
    // The listener is up once the database is migrated: ask until it answers.
    let everywhere = format!("0.0.0.0:{port}");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let (code, line) = loop {
        let (code, line) = health(None, Some(&everywhere));
        if code == Some(0) || std::time::Instant::now() > deadline {
            break (code, line);
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    assert_eq!(code, Some(0), "{line}");
    assert!(
        line.contains(&format!("http://127.0.0.1:{port}/healthz")) && line.contains("200"),
        "{line}"
    );
    drop(bot.stdin.take());
    assert!(bot.wait().unwrap().success());
    // Nothing listens there any more.
    let url = format!("http://127.0.0.1:{port}/healthz");
    let (code, line) = health(Some(&url), None);
    assert_eq!(code, Some(1), "{line}");
    assert!(line.starts_with("kibitz: unhealthy: "), "{line}");

    // A listener that is up but not well.
    let sick = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let sick_url = format!("http://{}/healthz", sick.local_addr().unwrap());
    let answering = std::thread::spawn(move || {
        let (mut stream, _) = sick.accept().unwrap();
        let mut request = [0u8; 1024];
        let read = stream.read(&mut request).unwrap();
        let request = String::from_utf8_lossy(&request[..read]).into_owned();
        stream
            .write_all(b"HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
            .unwrap();
        request
    });
    let (code, line) = health(Some(&sick_url), Some("127.0.0.1:1"));
    assert_eq!(code, Some(1), "{line}");
    assert!(line.contains("503"), "{line}");
    assert!(answering.join().unwrap().starts_with("GET /healthz "));

    // Neither a URL nor KIBITZ_HTTP_ADDR: nothing to ask.
    let (code, line) = health(None, None);
    assert_eq!(code, Some(1), "{line}");
    assert!(line.contains("KIBITZ_HTTP_ADDR"), "{line}");
}

/// `kibitz bench load` plays its games through the service and reports every phase: paced,
/// paced again while the computer searches on the pool, and unpaced.
#[test]
fn bench_load_plays_every_move_and_reports_the_figures() {
    let lines = stdout_lines(&kibitz(&[
        "bench",
        "load",
        "--games",
        "6",
        "--moves",
        "4",
        "--stored",
        "12",
        "--rate",
        "200",
        "--searches",
        "1",
    ]));
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(
        lines[0].starts_with(
            "load: SQLite, 6 games in flight, 4 moves each per phase, 12 stored games"
        ),
        "{lines:?}"
    );
    for (line, start) in [
        (&lines[1], "paced at 200 moves/s: 24 moves in "),
        (&lines[2], "paced at 200 moves/s with 1 searches running ("),
        (&lines[3], "unpaced: 24 moves in "),
    ] {
        assert!(line.starts_with(start), "{line}");
        assert!(
            line.contains(" p99 ") && !line.contains("REFUSED"),
            "{line}"
        );
    }
    assert!(
        lines[2].contains("24 moves in ") && lines[2].contains("x the run without"),
        "{}",
        lines[2]
    );
    assert!(
        !lines[2].contains("(0 searches ended)"),
        "no search ran: {}",
        lines[2]
    );
}

/// `kibitz bench delivery` runs both platforms' senders against its stand-ins and prints one
/// line per platform, with no request refused; the rate itself is not judged here.
#[test]
fn bench_delivery_reports_each_platforms_rate_with_none_refused() {
    let lines = stdout_lines(&kibitz(&[
        "bench",
        "delivery",
        "--chats",
        "40",
        "--seconds",
        "2",
    ]));
    assert_eq!(lines.len(), 2, "{lines:?}");
    for (line, start, unit) in [
        (&lines[0], "Telegram: 40 chats, ", " messages/s = "),
        (&lines[1], "Discord: 40 channels, ", " requests/s = "),
    ] {
        let rest = line.strip_prefix(start).unwrap_or_else(|| panic!("{line}"));
        let (rate, rest) = rest.split_once(unit).unwrap_or_else(|| panic!("{line}"));
        let (fraction, rest) = rest
            .split_once(" of the limit, ")
            .unwrap_or_else(|| panic!("{line}"));
        let rate: f64 = rate.parse().unwrap_or_else(|_| panic!("{line}"));
        let fraction: f64 = fraction.parse().unwrap_or_else(|_| panic!("{line}"));
        assert!(rate > 0.0 && fraction > 0.0, "nothing delivered: {line}");
        assert_eq!(rest, "0 refused", "{line}");
    }
}

/// The paths of the files the console wrote (records and replays), in order.
fn console_files(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter_map(|line| line.strip_prefix("kibitz: [file "))
        .filter_map(|rest| rest.strip_suffix(']'))
        .map(str::to_string)
        .collect()
}

#[test]
fn an_exported_record_reads_back_to_the_games_position() {
    let dir = tempfile::tempdir().unwrap();
    let (moves, _) = crate::support::scripted_game(31);
    let played = &moves[..6];
    let mut script = vec![
        "@alice challenge @bob knight-fight seed:31".to_string(),
        "@bob accept".to_string(),
    ];
    script.extend(crate::support::move_lines(played, 0));
    script.push("@bob resign".to_string());
    script.push("@alice export 1".to_string());
    let stdout = crate::support::run_console(
        &dir.path().join("bot.db"),
        &dir.path().join("pictures"),
        &(script.join("\n") + "\n"),
    );
    // The resignation's replay, then the record, written beside the pictures.
    let files = console_files(&stdout);
    assert_eq!(files.len(), 2, "{stdout}");
    assert!(files[0].ends_with("-kibitz-1.gif"), "{files:?}");
    assert!(std::fs::read(&files[0]).unwrap().starts_with(b"GIF89a"));
    assert!(files[1].ends_with("-kibitz-1.txt"), "{files:?}");
    assert!(files[1].starts_with(&dir.path().join("pictures").display().to_string()));

    let lines = stdout_lines(&kibitz(&["record", &files[1]]));
    let mut args = vec!["play", "knight-fight", "start:31"];
    args.extend(played.iter().map(String::as_str));
    let expected = stdout_lines(&kibitz(&args));
    // Ends as `kibitz play` ends: the position, then the status.
    assert_eq!(lines[lines.len() - 2..], expected[expected.len() - 2..]);
    assert!(
        lines.contains(&"result: white wins (resignation)".to_string()),
        "{lines:?}"
    );
    // A line for the start and each move.
    assert_eq!(
        lines.iter().filter(|l| l.contains(" (ongoing)")).count(),
        7,
        "{lines:?}"
    );

    // A record that does not read: a clear error and exit code 1.
    let bad = dir.path().join("bad.txt");
    let text = std::fs::read_to_string(&files[1]).unwrap();
    std::fs::write(
        &bad,
        text.replace(&format!("black: {}", played[1]), "black: zz99"),
    )
    .unwrap();
    let output = kibitz(&["record", &bad.display().to_string()]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("move 2 (zz99)"), "{stderr}");
    std::fs::write(&bad, "[Variant \"Glacier Chess\"]\n\n1. e4 *\n").unwrap();
    let output = kibitz(&["record", &bad.display().to_string()]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no FEN tag"));
    let output = kibitz(&["record", "/nonexistent/record.pgn"]);
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_glacier_pgn_reads_back_through_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let start = stdout_lines(&kibitz(&["play", "glacier", "start"]));
    let fen = &start[start.len() - 2];
    let pgn = format!(
        "[Event \"x\"]\n[Variant \"Glacier Chess\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n[Result \"*\"]\n\n1. hxg3 {{a comment}} 1... Nxf6 *\n"
    );
    let file = dir.path().join("game.pgn");
    std::fs::write(&file, pgn).unwrap();
    let lines = stdout_lines(&kibitz(&["record", &file.display().to_string()]));
    let expected = stdout_lines(&kibitz(&["play", "glacier", "start", "hxg3", "Nxf6"]));
    assert_eq!(lines[lines.len() - 2..], expected[expected.len() - 2..]);
}

/// `kibitz match --records` writes each game as a record `kibitz analyse` reads: a line a
/// turn, each side's accuracy, the time taken, and the graph as a PNG.
#[test]
fn a_match_game_is_recorded_and_analysed_from_the_command_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let records = dir.path().join("games");
    let records_text = records.to_string_lossy().into_owned();
    let output = kibitz(&[
        "match",
        "knight-fight",
        "--white",
        "1",
        "--black",
        "2",
        "--games",
        "1",
        "--records",
        &records_text,
    ]);
    assert!(output.status.success(), "{output:?}");
    let record = records.join("game-1.txt");
    let text = std::fs::read_to_string(&record).expect("the game's record");
    let turns = text
        .lines()
        .filter(|l| l.starts_with("white: ") || l.starts_with("black: "))
        .count();
    assert!(turns > 0, "{text}");
    let png = dir.path().join("review.png");
    let output = kibitz(&[
        "analyse",
        &record.to_string_lossy(),
        "-o",
        &png.to_string_lossy(),
    ]);
    assert!(output.status.success(), "{output:?}");
    let lines = stdout_lines(&output);
    assert_eq!(lines.len(), turns + 4, "{lines:?}");
    assert!(lines[1].starts_with("1. "), "{lines:?}");
    assert!(
        lines[lines.len() - 3].starts_with("Kibitz level 1: accuracy "),
        "{lines:?}"
    );
    assert!(
        lines[lines.len() - 1].starts_with("analysed in "),
        "{lines:?}"
    );
    let picture = image::open(&png).expect("a PNG");
    assert_eq!((picture.width(), picture.height()), (720, 382));
}
