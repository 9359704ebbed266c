//! The `kibitz` command line: the clap definitions and the dispatch, nothing else. The bot
//! itself (`run`) and the rules tools scripts rely on live in `kibitz::cli`, one file a tool.

use clap::{Parser, Subcommand};
use kibitz::cli::{self, Failure};
use kibitz::http;
use std::path::PathBuf;
use std::process::ExitCode;

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
        /// Writes each game's record here (`game-N.pgn` for Glacier Chess, else `.txt`).
        #[arg(long)]
        records: Option<PathBuf>,
    },
    /// The engine's review of a game's record (as `analysis` in chat): each turn's value
    /// and mark, each side's accuracy, the time it took; the graph as a PNG with `--output`.
    Analyse {
        file: PathBuf,
        #[arg(short = 'o', long = "output")]
        output: Option<PathBuf>,
    },
    /// Measurements of this build on this machine (docs/capacity.md).
    Bench {
        #[command(subcommand)]
        command: cli::bench_load::BenchCommand,
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
  KIBITZ_HTTP_ADDR         serve /healthz, /readyz, /metrics (the webhook, the board app) here
  KIBITZ_BOARD_URL         the board app's public https://…/app/ (Open board buttons)
  TELEGRAM_MINIAPP_URL     the Mini App's direct link, https://t.me/<bot>/<app> (groups)
  DISCORD_CLIENT_ID        the Discord application's id (the board's Activity)
  DISCORD_CLIENT_SECRET    its OAuth2 secret: an Activity's codes are exchanged with it
  DISCORD_ACTIVITY         on: a game's Board button opens the Activity (default off)
  KIBITZ_SESSION_SECRET    signs the board app's sessions (default: from the token)
  KIBITZ_HTTP_HEADER_TIMEOUT   seconds to send a request head (also idle keep-alive; 5)
  KIBITZ_HTTP_REQUEST_TIMEOUT  seconds to send a body and be answered (30; then 408)
  KIBITZ_HTTP_MAX_CONNECTIONS  connections open at once (512)
  KIBITZ_HTTP_MAX_PER_ADDRESS  connections open at once from one client address (64)
  KIBITZ_DAILY_SECRET      for `kibitz ambit daily` only; run uses the database's
  RUST_LOG                 the log filter (default warn,kibitz=info); logs go to stderr
  KIBITZ_LOG_FORMAT        json: one JSON object a log line
  HOSTNAME                 names this process in claims and leases
More: README.md, Configuration.";

fn main() -> ExitCode {
    let json = cli::logs::init();
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

fn execute(command: Command) -> Result<(), Failure> {
    match command {
        Command::Run => cli::run::run(),
        Command::Ambit { command } => match command {
            AmbitCommand::Daily { date } => cli::ambit::daily(date),
            AmbitCommand::Solve { footprint } => cli::ambit::solve(&footprint),
            AmbitCommand::New { seed, level } => cli::ambit::new(seed, level),
        },
        Command::Health(args) => args.run().map(|line| eprintln!("{line}")).map_err(Failure),
        Command::Bench { command } => command.run().map_err(Failure),
        Command::Match {
            game,
            white,
            black,
            games,
            seed,
            records,
        } => cli::arena::play_match(&game, white, black, games, seed, records.as_deref()),
        Command::Analyse { file, output } => cli::analyse::analyse(&file, output.as_deref()),
        Command::Perft {
            game,
            position,
            depth,
        } => cli::rules::perft(&game, &position, depth),
        Command::Moves { game, position } => cli::rules::moves(&game, &position),
        Command::Play {
            game,
            position,
            moves,
        } => cli::rules::play(&game, &position, &moves),
        Command::Record { file } => cli::record::read_record(&file),
        Command::Render {
            game,
            position,
            output,
            last,
            flip,
        } => cli::rules::render(&game, &position, &output, last.as_deref(), flip),
    }
}
