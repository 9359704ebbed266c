//! The `kibitz` command line: the bot itself (`run`) and the rules tools scripts rely on.

use clap::{Parser, Subcommand};
use kibitz::chat::console::{self, ConsoleOptions};
use kibitz::chat::discord::{self, DiscordConfig, ShardPlan};
use kibitz::chat::telegram::{self, TelegramConfig};
use kibitz::games::ambit;
use kibitz::http::{self, Readiness};
use kibitz::{
    AmbitView, AnyGame, Catalogue, GameKind, Renderer, Service, Store, View, system_clock,
};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use tokio::sync::watch;

#[derive(Parser)]
#[command(
    name = "kibitz",
    version,
    about = "Board games for Discord and Telegram"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Runs the bot: Discord and/or Telegram when their tokens are set, else the console chat.
    #[command(after_long_help = RUN_HELP)]
    Run,
    /// Counts the leaf nodes of the move tree; the last line is the count.
    Perft {
        game: String,
        position: String,
        /// At most `kibitz::games::MAX_PERFT_DEPTH` (no count that deep could ever finish).
        #[arg(value_parser = clap::value_parser!(u32).range(..=i64::from(kibitz::games::MAX_PERFT_DEPTH)))]
        depth: u32,
    },
    /// Lists the legal moves, one a line, sorted.
    Moves { game: String, position: String },
    /// Plays moves; the last two lines are the resulting position and the status.
    Play {
        game: String,
        position: String,
        moves: Vec<String>,
    },
    /// Reads a game's record (a Glacier Chess PGN, or the text format of docs/records.md)
    /// and plays it: a line per position (the start, then each turn); the last two lines
    /// are the resulting position and the status, as `kibitz play` ends.
    Record { file: PathBuf },
    /// Draws a position as a PNG.
    Render {
        game: String,
        position: String,
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
        /// The move that led to the position, to mark it; refused when the position
        /// contradicts it (the mover's piece is not where it ends, or is still where it began).
        #[arg(long)]
        last: Option<String>,
        /// Draws the board from Black's side.
        #[arg(long)]
        flip: bool,
    },
    /// AMBIT, the footprint puzzle: the daily, a solver and a generator.
    Ambit {
        #[command(subcommand)]
        command: AmbitCommand,
    },
    /// Asks a running bot's /healthz: exit code 0 when it answers 200, else 1; one line on
    /// stderr either way (the container image's HEALTHCHECK).
    Health(http::probe::HealthArgs),
    /// Plays the computer against itself (or a random mover) for strength; the last line is
    /// `<W> wins, <D> draws, <L> losses` counted for player A (`--white`, which has White in
    /// the even games: colours alternate).
    Match {
        game: String,
        /// Player A: a level 1-8 or `random`.
        #[arg(long)]
        white: kibitz::engine::arena::Player,
        /// Player B: a level 1-8 or `random`.
        #[arg(long)]
        black: kibitz::engine::arena::Player,
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Measurements of this build on this machine (docs/capacity.md).
    Bench {
        #[command(subcommand)]
        command: kibitz::bench_load::BenchCommand,
    },
}

#[derive(Subcommand)]
enum AmbitCommand {
    /// The daily puzzle of a UTC date (today by default); the last line is its footprint.
    /// With KIBITZ_DAILY_SECRET set to a deployment's daily secret, that deployment's daily
    /// (at the weekday's level); without it, the public daily, the same everywhere.
    Daily {
        /// The date, YYYY-MM-DD.
        #[arg(long)]
        date: Option<String>,
    },
    /// A minimal solution, then `min=K solutions=N` (the fewest pieces, and in how many ways).
    Solve { footprint: String },
    /// A new puzzle; the last line is its footprint.
    New {
        /// The generator seed (random if left out; printed either way).
        #[arg(long)]
        seed: Option<u64>,
        /// easy, medium (the default) or hard.
        #[arg(long)]
        level: Option<String>,
    },
}

/// `kibitz run --help` after its one line: how to talk to the console chat and what the
/// environment sets (the README's Configuration table, shorter).
const RUN_HELP: &str = "\
Console chat (no token set): each line of standard input is one message; replies go to
standard output, pictures and files to KIBITZ_IMAGE_DIR.
  @alice help                     speak as alice (any name); the commands
  @alice challenge @bob glacier   a line without @name speaks as KIBITZ_CONSOLE_USER
  # a comment                     lines starting with # are skipped
A script plays from a file: kibitz run < game.txt. The end of input ends it; Ctrl-C or
SIGTERM stops it after the line in hand (a second signal at once).

Environment:
  DATABASE_URL             sqlite://kibitz.db (default) or postgres://user:password@host/db
  KIBITZ_IMAGE_DIR         where the console writes pictures (default kibitz-images)
  KIBITZ_CONSOLE_USER      who speaks on a console line without @name (default player)
  TELEGRAM_BOT_TOKEN       run the Telegram bot instead of the console
  TELEGRAM_API_URL         another Bot API server
  TELEGRAM_WEBHOOK_URL     webhook mode: the public https:// address (needs KIBITZ_HTTP_ADDR)
  TELEGRAM_WEBHOOK_SECRET  the secret Telegram sends with each push (default: from the token)
  DISCORD_TOKEN            run the Discord bot (with Telegram when both are set)
  DISCORD_GUILD_ID         register the slash commands in this one server
  DISCORD_API_BASE         another base for Discord's HTTP API
  DISCORD_SHARDS           the bot's total number of gateway shards
  DISCORD_SHARD_RANGE      the shards this process runs, first..last
  KIBITZ_HTTP_ADDR         serve /healthz, /readyz, /metrics (and the webhook) here
  KIBITZ_HTTP_HEADER_TIMEOUT   seconds to send a request head (also idle keep-alive; 5)
  KIBITZ_HTTP_REQUEST_TIMEOUT  seconds to send a body and be answered (30; then 408)
  KIBITZ_HTTP_MAX_CONNECTIONS  connections open at once (512)
  KIBITZ_HTTP_MAX_PER_ADDRESS  connections open at once from one client address (64)
  KIBITZ_DAILY_SECRET      for `kibitz ambit daily` only; run uses the database's
  RUST_LOG                 the log filter (default warn,kibitz=info); logs go to stderr
  KIBITZ_LOG_FORMAT        json: one JSON object a log line
  HOSTNAME                 names this process in claims and leases
More: README.md, Configuration.";

/// An error for the command line: printed to stderr, exit code 1.
struct Failure(String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(error: E) -> Self {
        Failure(error.to_string())
    }
}

fn main() -> ExitCode {
    let json = std::env::var("KIBITZ_LOG_FORMAT").is_ok_and(|format| format.trim() == "json");
    let logs = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,kibitz=info")),
        );
    // JSON lines for a log collector; anything else keeps the text a person reads.
    if json {
        logs.json().init();
    } else {
        logs.init();
    }
    let cli = Cli::parse();
    match execute(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        // A collector reading JSON lines would stumble over a bare text line.
        Err(Failure(message)) if json => {
            tracing::error!(%message, "kibitz failed");
            ExitCode::FAILURE
        }
        Err(Failure(message)) => {
            eprintln!("kibitz: {message}");
            ExitCode::FAILURE
        }
    }
}

fn game_kind(name: &str) -> Result<GameKind, Failure> {
    GameKind::parse(name).ok_or_else(|| {
        let known: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
        Failure(format!(
            "unknown game \"{}\"; games: {}",
            kibitz::games::quote(name),
            known.join(", ")
        ))
    })
}

/// Rules errors in the English catalogue's words.
fn explain(error: &kibitz::games::RulesError) -> Failure {
    Failure(say(error))
}

/// A catalogue message (a rules error or note) in English. A Chesimals refusal inside a
/// turn also says which move of the turn it was.
fn say(error: &kibitz::games::RulesError) -> String {
    Catalogue::load()
        .map(|catalogue| kibitz::bot::rules_error_text(&catalogue, "en", error))
        .unwrap_or_else(|_| error.to_string())
}

/// What a GAME argument names: AMBIT, a one-player puzzle with its own API (not a
/// [`GameKind`]), or a two-player game.
#[derive(Clone, Copy)]
enum GameArg {
    Ambit,
    TwoPlayer(GameKind),
}

/// A position of the game a GAME argument names, read once for the subcommand.
enum Position {
    Ambit(ambit::Game),
    TwoPlayer(AnyGame),
}

impl GameArg {
    fn resolve(name: &str) -> Result<Self, Failure> {
        if name.trim().eq_ignore_ascii_case(ambit::NAME) {
            return Ok(GameArg::Ambit);
        }
        game_kind(name).map(GameArg::TwoPlayer)
    }

    fn read(self, text: &str) -> Result<Position, Failure> {
        match self {
            GameArg::Ambit => ambit::Game::parse(text).map(Position::Ambit),
            GameArg::TwoPlayer(kind) => AnyGame::parse(kind, text).map(Position::TwoPlayer),
        }
        .map_err(|e| explain(&e))
    }

    /// The leaf count of the move tree; refused for AMBIT before its position is read.
    fn perft(self, text: &str, depth: u32) -> Result<u64, Failure> {
        match self {
            GameArg::Ambit => Err(Failure(
                "perft is not defined for ambit, a one-player puzzle; `kibitz moves ambit FOOTPRINT` lists its valid placements".to_string(),
            )),
            GameArg::TwoPlayer(kind) => AnyGame::parse(kind, text)
                .map(|game| game.perft(depth))
                .map_err(|e| explain(&e)),
        }
    }
}

impl Position {
    fn read(game: &str, text: &str) -> Result<Self, Failure> {
        GameArg::resolve(game)?.read(text)
    }

    /// The legal moves (AMBIT: the valid placements), sorted.
    fn moves(&self) -> Vec<String> {
        match self {
            Position::Ambit(game) => game
                .valid_placements()
                .iter()
                .map(ToString::to_string)
                .collect(),
            Position::TwoPlayer(game) => game.legal_move_texts(),
        }
    }

    /// Plays `moves` in order. AMBIT's notes on each placement go to `notes` as they come,
    /// so that those of the moves before a refused one are still printed.
    fn play(&mut self, moves: &[String], notes: &mut Vec<String>) -> Result<(), Failure> {
        for (number, text) in moves.iter().enumerate() {
            let refused = |e: kibitz::games::RulesError| {
                let Failure(reason) = explain(&e);
                Failure(format!(
                    "move {} ({}): {reason}",
                    number + 1,
                    kibitz::games::quote(text)
                ))
            };
            match self {
                Position::Ambit(game) => {
                    let placement = ambit::notation::parse_placement(text).map_err(refused)?;
                    let outcome = game.place(placement).map_err(refused)?;
                    notes.extend(
                        outcome
                            .notes(placement)
                            .iter()
                            .map(|note| format!("{placement}: {}", say(note))),
                    );
                }
                Position::TwoPlayer(game) => {
                    game.play_text(text).map_err(refused)?;
                }
            }
        }
        Ok(())
    }

    /// The position's text and its status, the last two lines of `kibitz play`.
    fn text_and_status(&self) -> [String; 2] {
        match self {
            Position::Ambit(game) => [game.text(), game.status().to_string()],
            Position::TwoPlayer(game) => [game.position_text(), game.status().to_string()],
        }
    }

    /// The picture of the position. `last` marks the move that led to it and `flip` draws
    /// it from Black's side: both are for two-player boards only.
    fn render(&self, last: Option<&str>, flip: bool) -> Result<Vec<u8>, Failure> {
        match self {
            Position::Ambit(_) if last.is_some() || flip => Err(Failure(
                "--last and --flip are for two-player boards: an ambit puzzle has no moves to mark and no sides".to_string(),
            )),
            Position::Ambit(game) => {
                let view = AmbitView {
                    title: "AMBIT".to_string(),
                    caption: game.status().to_string(),
                    ..AmbitView::default()
                };
                Ok(Renderer::new()?.render_ambit(game, &view)?)
            }
            Position::TwoPlayer(game) => {
                let last_move = last
                    .map(|text| last_move_marks(game, text))
                    .transpose()?;
                let view = View {
                    white: "White".to_string(),
                    black: "Black".to_string(),
                    caption: game.status().to_string(),
                    detail: String::new(),
                    last_move,
                    flip,
                    facts: game.view_facts(),
                };
                Ok(Renderer::new()?.render(game, &view)?)
            }
        }
    }
}

/// The marks of `text`, the move `--last` says led to `game`, once it is seen that it could
/// have: the picture must not show a move the position contradicts. Only the position after
/// the move is known, so this is what the board can tell: the moving side's piece stands where
/// the move ends (of the kind a promotion names), and has left where it began.
fn last_move_marks(game: &AnyGame, text: &str) -> Result<kibitz::games::MoveSquares, Failure> {
    use kibitz::games::glacier::{Cell, Role};
    let quoted = kibitz::games::quote(text);
    let marks = game
        .marks_for_last_move(text)
        .ok_or_else(|| Failure(format!("cannot read --last \"{quoted}\"")))?;
    // The side that made the move: the one not to move now, unless a Chesimals turn is still
    // open (its units' moves so far are the side to move's own).
    let mover = if game.turn_in_progress() {
        game.side_to_move()
    } else {
        game.side_to_move().opposite()
    };
    let impossible = |why: String| {
        Failure(format!(
            "--last \"{quoted}\" cannot have led to this position: {why}"
        ))
    };
    match game {
        AnyGame::Glacier(position) => {
            let (Some(from), Some(to)) = (marks.from, marks.to) else {
                return Err(Failure(format!("cannot read --last \"{quoted}\"")));
            };
            let promotion = text.trim().chars().nth(4).map(|letter| {
                Role::ALL
                    .into_iter()
                    .find(|role| role.char().eq_ignore_ascii_case(&letter))
            });
            match position.cell(to) {
                Cell::Piece(side, _) if side != mover => {
                    return Err(impossible(format!(
                        "{to} holds a piece of {}, not of {mover}, who moved last",
                        side
                    )));
                }
                Cell::Piece(_, role) => match promotion {
                    Some(None) => {
                        return Err(Failure(format!("cannot read --last \"{quoted}\"")));
                    }
                    Some(Some(promoted)) if promoted != role => {
                        return Err(impossible(format!(
                            "the piece on {to} is not the {} it promoted to",
                            promoted.char().to_ascii_uppercase()
                        )));
                    }
                    _ => {}
                },
                Cell::Empty | Cell::Ice => {
                    return Err(impossible(format!("no piece stands on {to}")));
                }
            }
            // The square left is empty, or ice again after an Ice Age.
            if let Cell::Piece(..) = position.cell(from) {
                return Err(impossible(format!("a piece still stands on {from}")));
            }
        }
        AnyGame::KnightFight(position) => {
            if marks.to.is_none() || position.knight(mover) != marks.to {
                return Err(impossible(format!(
                    "{mover}'s knight does not stand on {}",
                    text.split(['/', ' ']).next().unwrap_or_default()
                )));
            }
            if let Some(open) = marks
                .also
                .iter()
                .find(|&&square| !position.is_blocked(square))
            {
                return Err(impossible(format!("{open} is not blocked")));
            }
        }
        AnyGame::Chesimals(position) => {
            let trail = marks.trail();
            // Where each unit ended: a destination no later unit move of the turn left.
            for (at, &(_, to)) in trail.iter().enumerate() {
                let left_later = trail[at + 1..].iter().any(|&(from, _)| from == to);
                let unit = position.unit_at(to);
                if !left_later && unit.is_none_or(|unit| unit.side != mover) {
                    return Err(impossible(format!("no unit of {mover} stands on {to}")));
                }
            }
        }
    }
    Ok(marks)
}

fn execute(command: Command) -> Result<(), Failure> {
    match command {
        Command::Run => run(),
        Command::Ambit { command } => ambit_command(command),
        Command::Health(args) => args.run().map(|line| eprintln!("{line}")).map_err(Failure),
        Command::Bench { command } => command.run().map_err(Failure),
        Command::Match {
            game,
            white,
            black,
            games,
            seed,
        } => play_match(&game, white, black, games, seed),
        Command::Perft {
            game,
            position,
            depth,
        } => emit([GameArg::resolve(&game)?
            .perft(&position, depth)?
            .to_string()]),
        Command::Moves { game, position } => emit(Position::read(&game, &position)?.moves()),
        Command::Play {
            game,
            position,
            moves,
        } => {
            let mut position = Position::read(&game, &position)?;
            let mut notes = Vec::new();
            let played = position.play(&moves, &mut notes);
            emit(notes)?;
            played?;
            emit(position.text_and_status())
        }
        Command::Record { file } => read_record(&file),
        Command::Render {
            game,
            position,
            output,
            last,
            flip,
        } => {
            let png = Position::read(&game, &position)?.render(last.as_deref(), flip)?;
            std::fs::write(&output, png)
                .map_err(|e| Failure(format!("cannot write {}: {e}", output.display())))
        }
    }
}

/// `kibitz record FILE`: the record's positions, then the last position and its status.
fn read_record(file: &std::path::Path) -> Result<(), Failure> {
    use kibitz::games::records::{Record, RecordError};
    let cannot_read =
        |e: &dyn std::fmt::Display| Failure(format!("cannot read {}: {e}", file.display()));
    let size = std::fs::metadata(file).map_err(|e| cannot_read(&e))?.len();
    if size > kibitz::games::records::MAX_RECORD_BYTES as u64 {
        return Err(cannot_read(&RecordError::TooLarge));
    }
    let text = std::fs::read_to_string(file).map_err(|e| cannot_read(&e))?;
    let explained = |error: RecordError| match error {
        RecordError::Move {
            number,
            text,
            error,
        } => Failure(format!(
            "{}: move {number} ({}): {}",
            file.display(),
            kibitz::games::quote(&text),
            say(&error)
        )),
        RecordError::Start(error) => Failure(format!(
            "{}: the start position: {}",
            file.display(),
            say(&error)
        )),
        other => Failure(format!("{}: {other}", file.display())),
    };
    let record = Record::read(&text).map_err(explained)?;
    let steps = record.replay().map_err(explained)?;
    let mut lines = vec![
        format!("game: {}", record.kind),
        format!("white: {}", record.white),
        format!("black: {}", record.black),
    ];
    for step in &steps {
        let status = step.position.status();
        let head = match step.turn.map(|turn| &record.turns[turn]) {
            None => "start".to_string(),
            Some(turn) => format!("{}. {} {}", step.number, turn.side, turn.text),
        };
        lines.push(format!(
            "{head}: {} ({status})",
            step.position.position_text()
        ));
    }
    if let Some(outcome) = record.result {
        lines.push(format!("result: {outcome}"));
    }
    if let Some(last) = steps.last() {
        lines.push(last.position.position_text());
        lines.push(last.position.status().to_string());
    }
    emit(lines)
}

/// `kibitz match`: a line per game, then the average time per move and the count for A.
fn play_match(
    game: &str,
    a: kibitz::engine::arena::Player,
    b: kibitz::engine::arena::Player,
    games: u32,
    seed: u64,
) -> Result<(), Failure> {
    let kind = game_kind(game)?;
    let report = kibitz::engine::arena::play_match(kind, a, b, games, seed, |number, result| {
        let outcome = result
            .outcome
            .map_or("draw (move limit)".to_string(), |o| o.to_string());
        let _ = emit([format!(
            "game {}: A ({a}) {} · {outcome} · {} moves",
            number + 1,
            result.a_side,
            result.moves
        )]);
    });
    let (a_time, b_time) = report.average_move_time();
    emit([
        format!(
            "average time per move: A ({a}) {:.1} ms, B ({b}) {:.1} ms",
            a_time.as_secs_f64() * 1000.0,
            b_time.as_secs_f64() * 1000.0
        ),
        report.summary(),
    ])
}

/// Prints lines to standard output; a reader that stops early (`| head`) is not an error.
fn emit(lines: impl IntoIterator<Item = String>) -> Result<(), Failure> {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = lines
        .into_iter()
        .try_for_each(|line| writeln!(out, "{line}"))
        .and_then(|()| out.flush());
    match written {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => Err(error.into()),
        _ => Ok(()),
    }
}

fn ambit_command(command: AmbitCommand) -> Result<(), Failure> {
    match command {
        AmbitCommand::Daily { date } => {
            let date = match date {
                Some(text) => ambit::Date::parse(&text).map_err(|e| explain(&e))?,
                None => today_utc()?,
            };
            let puzzle = match std::env::var("KIBITZ_DAILY_SECRET") {
                Ok(text) if !text.trim().is_empty() => {
                    // The value is never repeated back: it is a secret.
                    let secret = ambit::DailySecret::from_hex(&text).ok_or_else(|| {
                        Failure("KIBITZ_DAILY_SECRET is not 64 hex digits".to_string())
                    })?;
                    ambit::secret_daily_puzzle(date, ambit::daily_level(date), &secret)
                }
                _ => ambit::daily_puzzle(date),
            };
            println!("date={date} level={}", puzzle.level);
            println!("{}", puzzle.grade);
            println!("{}", puzzle.footprint);
            Ok(())
        }
        AmbitCommand::Solve { footprint } => {
            let footprint: ambit::Footprint = footprint.parse().map_err(|e| explain(&e))?;
            let solution = ambit::solve(footprint)
                .ok_or_else(|| explain(&kibitz::games::RulesError::new("ambit-unsolvable")))?;
            println!("{}", ambit::notation::placements_text(&solution.example));
            println!(
                "min={} solutions={}",
                solution.min_pieces, solution.solutions
            );
            Ok(())
        }
        AmbitCommand::New { seed, level } => {
            let level = match level {
                Some(text) => ambit::Level::parse(&text).map_err(|e| explain(&e))?,
                None => ambit::Level::Medium,
            };
            let seed = seed.unwrap_or_else(random_seed);
            let puzzle = ambit::generate(seed, level);
            println!("seed={seed} level={level}");
            println!("{}", puzzle.grade);
            println!("{}", puzzle.footprint);
            Ok(())
        }
    }
}

/// Today's date in UTC, from the system clock.
fn today_utc() -> Result<ambit::Date, Failure> {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_err(|_| Failure("the system clock is before 1970".to_string()))?
        .as_secs();
    i64::try_from(seconds)
        .ok()
        .and_then(ambit::Date::from_unix_seconds)
        .ok_or_else(|| Failure("the system clock is out of range".to_string()))
}

/// A seed from the clock, for a puzzle nobody asked a seed for.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or_default(),
    );
    hasher.finish()
}

/// Configuration from the environment; tokens never appear in logs or errors.
struct Config {
    database_url: String,
    image_dir: PathBuf,
    console_user: String,
    /// No `Debug` on `Config`, so that nothing can print it.
    telegram_token: Option<String>,
    telegram_api_url: Option<String>,
    /// Webhook mode's public address, and the secret Telegram sends back with each update.
    telegram_webhook_url: Option<String>,
    telegram_webhook_secret: Option<String>,
    discord_token: Option<String>,
    discord_api_base: Option<String>,
    discord_guild_id: Option<String>,
    discord_shards: Option<String>,
    discord_shard_range: Option<String>,
    /// Where the HTTP listener (probes, metrics, webhooks) listens; none when unset.
    http_addr: Option<String>,
}

impl Config {
    fn from_env() -> Self {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        Config {
            database_url: var("DATABASE_URL").unwrap_or_else(|| "sqlite://kibitz.db".to_string()),
            image_dir: var("KIBITZ_IMAGE_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from("kibitz-images")),
            console_user: var("KIBITZ_CONSOLE_USER").unwrap_or_else(|| "player".to_string()),
            telegram_token: var("TELEGRAM_BOT_TOKEN").map(|token| token.trim().to_string()),
            telegram_api_url: var("TELEGRAM_API_URL"),
            telegram_webhook_url: var("TELEGRAM_WEBHOOK_URL"),
            telegram_webhook_secret: var("TELEGRAM_WEBHOOK_SECRET")
                .map(|secret| secret.trim().to_string()),
            discord_token: var("DISCORD_TOKEN").map(|token| token.trim().to_string()),
            discord_api_base: var("DISCORD_API_BASE"),
            discord_guild_id: var("DISCORD_GUILD_ID"),
            discord_shards: var("DISCORD_SHARDS"),
            discord_shard_range: var("DISCORD_SHARD_RANGE"),
            http_addr: var("KIBITZ_HTTP_ADDR"),
        }
    }
}

/// The secrets of `config` as they may appear in an error's text: the tokens, and the
/// password of `DATABASE_URL` (as written and percent-decoded).
fn secrets(config: &Config) -> Vec<String> {
    let mut secrets: Vec<String> = [
        &config.telegram_token,
        &config.discord_token,
        &config.telegram_webhook_secret,
    ]
    .into_iter()
    .flatten()
    .cloned()
    .collect();
    secrets.extend(kibitz::store::database_url_secrets(&config.database_url));
    secrets.retain(|secret| !secret.is_empty());
    secrets
}

/// `failure` with every secret of `config` blotted out: whatever library wrote the error
/// (a database driver echoing its URL, an HTTP client its request URL), stderr never shows
/// a password or token.
fn without_secrets(config: &Config, Failure(mut message): Failure) -> Failure {
    for secret in secrets(config) {
        message = message.replace(&secret, "<secret>");
    }
    Failure(message)
}

fn run() -> Result<(), Failure> {
    let config = Config::from_env();
    run_with(&config).map_err(|failure| without_secrets(&config, failure))
}

fn run_with(config: &Config) -> Result<(), Failure> {
    tracing::info!(database = %kibitz::store::database_label(&config.database_url), "starting");
    let runtime = tokio::runtime::Runtime::new()?;
    let ran = runtime.block_on(async {
        let store = Store::connect(&config.database_url).await?;
        let renderer = Arc::new(Renderer::new()?);
        let service = Arc::new(Service::new(
            store.clone(),
            renderer,
            Catalogue::load()?,
            system_clock(),
        ));
        let (telegram, webhook_route) = telegram_config(config)?.unzip();
        let webhook_route = webhook_route.flatten();
        let discord = discord_config(config)?;
        if webhook_route.is_some() && config.http_addr.is_none() {
            return Err(Failure(
                "TELEGRAM_WEBHOOK_URL needs KIBITZ_HTTP_ADDR: the address whose listener \
                 serves the webhook (behind the URL's host)"
                    .to_string(),
            ));
        }
        let (stop, stopped) = watch::channel(false);
        // The listener outlives the platforms' drain: probes see "stopping", pushed updates
        // get a quick 503, and requests in hand get their answers.
        let (listener_stop, listener_stopped) = watch::channel(false);
        let listener = match &config.http_addr {
            Some(addr) => Some(http::bind(addr).await?),
            None => None,
        };
        let limits = http::Limits::from_env(|name| std::env::var(name).ok())?;
        let mut readiness = Readiness::new(store.clone()).stopping(stopped.clone());
        if let Some(telegram) = &telegram {
            readiness = readiness.platform("telegram", telegram.link.clone());
        }
        if let Some(discord) = &discord {
            readiness = readiness.platform("discord", discord.link.clone());
        }
        let listening = listener
            .map(|listener| {
                if let Ok(addr) = listener.local_addr() {
                    tracing::info!(%addr, "HTTP listener: /healthz, /readyz, /metrics");
                }
                let mut app = http::router(readiness, http::install_metrics()?);
                if let Some(route) = webhook_route {
                    app = app.merge(route);
                }
                Ok::<_, http::HttpError>(tokio::spawn(http::serve(
                    listener,
                    app,
                    listener_stopped,
                    limits,
                )))
            })
            .transpose()?;
        let stop = Arc::new(stop);
        stop_on_signals(stop.clone());
        let ran = if telegram.is_some() || discord.is_some() {
            run_platforms(telegram, discord, &service, stop.clone(), stopped).await
        } else {
            run_console(config, &service, stopped).await
        };
        let _ = stop.send(true);
        let _ = listener_stop.send(true);
        if let Some(listening) = listening {
            match tokio::time::timeout(LISTENER_STOP_LIMIT, listening).await {
                Ok(Ok(Ok(()))) => {}
                Ok(Ok(Err(error))) => tracing::warn!(%error, "HTTP listener"),
                Ok(Err(error)) => tracing::warn!(%error, "HTTP listener task"),
                Err(_) => tracing::warn!("HTTP connections still open at the stop"),
            }
        }
        store.close().await;
        ran
    });
    // The console's standard input is read on a thread no stop can interrupt (a terminal
    // read ends only with a line); everything else has ended, so nothing waits for it.
    runtime.shutdown_background();
    ran
}

/// How long a stop may take from its signal to the process's end (`docker stop` waits 10 s
/// before it kills); the adapters' drain is bounded below it (`DRAIN_LIMIT`).
const STOP_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);
/// How long the HTTP listener's open connections may hold up the end, once the platforms
/// have stopped.
const LISTENER_STOP_LIMIT: std::time::Duration = std::time::Duration::from_secs(1);

/// Turns the first SIGTERM or Ctrl-C into `stop`, which every chat (the console, Telegram,
/// Discord) runs under: the work in hand is finished. A second signal, or `STOP_LIMIT`
/// after the first, ends the process at once.
fn stop_on_signals(signalled: Arc<watch::Sender<bool>>) {
    tokio::spawn(async move {
        termination().await;
        tracing::info!("stopping: finishing the work in hand (a second signal stops at once)");
        let _ = signalled.send(true);
        let code = tokio::select! {
            () = termination() => {
                tracing::warn!("a second signal: stopping at once");
                130
            }
            () = tokio::time::sleep(STOP_LIMIT) => {
                tracing::warn!("the work in hand did not finish in time: stopping anyway");
                1
            }
        };
        std::process::exit(code);
    });
}

/// Runs each platform set up beside the others, all stopped by the same signal.
async fn run_platforms(
    telegram: Option<TelegramConfig>,
    discord: Option<DiscordConfig>,
    service: &Arc<Service>,
    stop: Arc<watch::Sender<bool>>,
    shutdown: watch::Receiver<bool>,
) -> Result<(), Failure> {
    let telegram = async {
        let Some(telegram) = telegram else {
            return Ok::<(), Failure>(());
        };
        tracing::info!("Telegram chat");
        telegram::run(service, telegram, shutdown.clone()).await?;
        Ok(())
    };
    let discord = async {
        let Some(discord) = discord else {
            return Ok::<(), Failure>(());
        };
        tracing::info!("Discord chat");
        discord::run(service.clone(), discord, shutdown.clone()).await?;
        Ok(())
    };
    // A platform that fails (a refused token) ends the run, the other one with it: half a
    // bot would hide the fault. The other is asked to stop and waited for, so that it gives
    // up what it holds (Telegram's polling lease) on the way out.
    let stop_others = |result: Result<(), Failure>| {
        if result.is_err() {
            let _ = stop.send(true);
        }
        result
    };
    let (telegram, discord) = tokio::join!(async { stop_others(telegram.await) }, async {
        stop_others(discord.await)
    },);
    telegram.and(discord)
}

/// Telegram's configuration, if its token is set, and in webhook mode the route the HTTP
/// listener serves for it.
fn telegram_config(
    config: &Config,
) -> Result<Option<(TelegramConfig, Option<axum::Router>)>, Failure> {
    let Some(token) = &config.telegram_token else {
        return Ok(None);
    };
    let mut telegram = TelegramConfig::new(token.clone());
    telegram.api_url = config.telegram_api_url.clone();
    let mut route = None;
    if let Some(url) = &config.telegram_webhook_url {
        let secret = config
            .telegram_webhook_secret
            .clone()
            .unwrap_or_else(|| telegram::derived_secret(token));
        let (webhook, served) = telegram::webhook(url, secret)?;
        telegram.webhook = Some(webhook);
        route = Some(served);
    }
    Ok(Some((telegram, route)))
}

/// Discord's configuration, if its token is set.
fn discord_config(config: &Config) -> Result<Option<DiscordConfig>, Failure> {
    let Some(token) = &config.discord_token else {
        return Ok(None);
    };
    let mut discord = DiscordConfig::new(token.clone());
    discord.api_base = config.discord_api_base.clone();
    discord.guild_id =
        match &config.discord_guild_id {
            Some(id) => Some(id.trim().parse::<u64>().map_err(|_| {
                Failure("DISCORD_GUILD_ID is not a server id (a number)".to_string())
            })?),
            None => None,
        };
    if let Some(total) = &config.discord_shards {
        discord.shards =
            Some(ShardPlan::parse(total, config.discord_shard_range.as_deref()).map_err(Failure)?);
    }
    Ok(Some(discord))
}

/// The console chat on standard input and output, until the input ends or a stop.
async fn run_console(
    config: &Config,
    service: &Service,
    shutdown: watch::Receiver<bool>,
) -> Result<(), Failure> {
    tracing::info!("console chat: one line a message, `@name text` to speak as name");
    let options = ConsoleOptions {
        image_dir: config.image_dir.clone(),
        default_user: config.console_user.clone(),
    };
    let input = tokio::io::BufReader::new(tokio::io::stdin());
    let summary = console::run(service, input, tokio::io::stdout(), &options, shutdown).await?;
    tracing::info!(
        lines = summary.lines,
        pictures = summary.images.len(),
        "{}",
        if summary.stopped {
            "console chat stopped"
        } else {
            "input ended"
        }
    );
    Ok(())
}

/// Ctrl-C, or the SIGTERM of `docker stop` and service managers.
async fn termination() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    if tokio::signal::ctrl_c().await.is_err() {
        // No signal can be received: run until killed.
        std::future::pending::<()>().await;
    }
}
