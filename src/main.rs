//! The `kibitz` command line: the bot itself (`run`) and the rules tools scripts rely on.

use clap::{Parser, Subcommand};
use kibitz::bot::i18n::Catalogue;
use kibitz::bot::{Service, system_clock};
use kibitz::chat::console::{self, ConsoleOptions};
use kibitz::games::{AnyGame, GameKind, Status};
use kibitz::render::{Renderer, View};
use kibitz::store::Store;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

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
    Run,
    /// Counts the leaf nodes of the move tree; the last line is the count.
    Perft {
        game: String,
        position: String,
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
    /// Draws a position as a PNG.
    Render {
        game: String,
        position: String,
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
        /// The move that led to the position, to mark it.
        #[arg(long)]
        last: Option<String>,
        /// Draws the board from Black's side.
        #[arg(long)]
        flip: bool,
    },
}

/// An error for the command line: printed to stderr, exit code 1.
struct Failure(String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(error: E) -> Self {
        Failure(error.to_string())
    }
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,kibitz=info")),
        )
        .init();
    let cli = Cli::parse();
    match execute(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
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
            "unknown game {name:?}; games: {}",
            known.join(", ")
        ))
    })
}

/// Rules errors in the English catalogue's words.
fn explain(error: &kibitz::games::RulesError) -> Failure {
    let message = Catalogue::load()
        .map(|catalogue| {
            let mut args = kibitz::bot::i18n::Args::new();
            for (name, value) in &error.args {
                args = args.with(name, value);
            }
            catalogue.text("en", error.key, &args)
        })
        .unwrap_or_else(|_| error.to_string());
    Failure(message)
}

fn position(game: &str, text: &str) -> Result<AnyGame, Failure> {
    AnyGame::parse(game_kind(game)?, text).map_err(|e| explain(&e))
}

fn execute(command: Command) -> Result<(), Failure> {
    match command {
        Command::Run => run(),
        Command::Perft {
            game,
            position: text,
            depth,
        } => emit([position(&game, &text)?.perft(depth).to_string()]),
        Command::Moves {
            game,
            position: text,
        } => emit(position(&game, &text)?.legal_move_texts()),
        Command::Play {
            game,
            position: text,
            moves,
        } => {
            let mut game = position(&game, &text)?;
            for (number, text) in moves.iter().enumerate() {
                game.play_text(text).map_err(|e| {
                    let Failure(reason) = explain(&e);
                    Failure(format!("move {} ({text}): {reason}", number + 1))
                })?;
            }
            emit([game.position_text(), status_line(game.status())])
        }
        Command::Render {
            game,
            position: text,
            output,
            last,
            flip,
        } => {
            let game = position(&game, &text)?;
            let last_move = match &last {
                Some(text) => Some(
                    game.marks_for_last_move(text)
                        .ok_or_else(|| Failure(format!("cannot read --last {text:?}")))?,
                ),
                None => None,
            };
            let view = View {
                white: "White".to_string(),
                black: "Black".to_string(),
                caption: status_line(game.status()),
                detail: String::new(),
                last_move,
                flip,
                result: None,
            };
            let png = Renderer::new()?.render(&game, &view)?;
            std::fs::write(&output, png)
                .map_err(|e| Failure(format!("cannot write {}: {e}", output.display())))?;
            Ok(())
        }
    }
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

fn status_line(status: Status) -> String {
    status.to_string()
}

/// Configuration from the environment; tokens never appear in logs or errors.
struct Config {
    database_url: String,
    image_dir: PathBuf,
    console_user: String,
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
        }
    }
}

fn run() -> Result<(), Failure> {
    let config = Config::from_env();
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let store = Store::connect(&config.database_url).await?;
        let renderer = Arc::new(Renderer::new()?);
        let service = Service::new(store.clone(), renderer, Catalogue::load()?, system_clock());
        tracing::info!(database = %config.database_url, "console chat: one line a message, `@name text` to speak as name");
        let options = ConsoleOptions {
            image_dir: config.image_dir.clone(),
            default_user: config.console_user.clone(),
        };
        let input = tokio::io::BufReader::new(tokio::io::stdin());
        let summary = console::run(&service, input, tokio::io::stdout(), &options).await?;
        tracing::info!(lines = summary.lines, pictures = summary.images.len(), "input ended");
        store.close().await;
        Ok(())
    })
}
