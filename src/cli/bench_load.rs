//! `kibitz bench load`: many games at once through the real service (command grammar, rules,
//! store, renderer), as the capacity plan measures it (docs/capacity.md).
//!
//! Each of `--games` games lives in its own chat between its own two players. Before the run,
//! `--stored` finished and rated games are written into those same chats among those same
//! players, so that a command's look-ups have old rows to step over. Then two phases, each on
//! fresh games:
//!
//! - *paced*: the players move `--rate` times a second in all (every game once in
//!   `games / rate` seconds, the games staggered), like a busy chat: this phase answers "how
//!   long does a command take at that load". A command's latency runs from the moment its
//!   player sent it (its slot in the schedule, or the previous reply if that came later) to
//!   the service's reply, so time spent waiting for a worker thread counts too.
//! - *unpaced*: every game moves again the moment its previous move is answered: the most
//!   moves a second this process manages. Its latency is mostly time in the queue behind the
//!   other games' commands (with 1,000 games waiting, about 1,000 / throughput).
//!
//! Only moves are timed; challenges, acceptances and the resignations that close each phase
//! are not.

use crate::bot::{Body, Incoming, Outgoing};
use crate::games::time_control::HOUR_MS;
use crate::games::{EndReason, Outcome, Side, Timestamp};
use crate::store::{GameState, NewChallenge};
use crate::{AnyGame, Catalogue, GameKind, Renderer, Service, Store, system_clock};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// `kibitz bench …`: measurements of this build on this machine.
#[derive(clap::Subcommand)]
pub enum BenchCommand {
    /// Plays many games at once through the service; prints moves per second and the
    /// per-move latency (p50, p99).
    Load(LoadArgs),
    /// The computer's think time per level and game, and the Glacier search's nodes per
    /// second beside perft's on the standard positions.
    Engine(super::bench_engine::EngineArgs),
    /// Replies for many chats through the Telegram and Discord senders against stand-ins
    /// that enforce the platforms' limits; prints the sustained rate as a fraction of the
    /// limit and the requests refused.
    Delivery(super::bench_delivery::DeliveryArgs),
}

#[derive(clap::Args, Clone, Debug)]
pub struct LoadArgs {
    /// Games in flight at once, each in its own chat.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Moves played in each game, per phase.
    #[arg(long, default_value_t = 8)]
    pub moves: usize,
    /// Finished, rated games stored before the run, spread over the games' chats and players.
    #[arg(long, default_value_t = 0)]
    pub stored: usize,
    /// Moves per second offered in the paced phase, all games together; 0 leaves it out.
    #[arg(long, default_value_t = 500)]
    pub rate: u32,
    /// Searches of the computer (level 8, Chesimals I) kept running on the service's bounded
    /// pool during a second paced phase, to compare its latency with the first's; 0 leaves
    /// that phase out.
    #[arg(long, default_value_t = 0)]
    pub searches: usize,
    /// The database (`sqlite://…` or `postgres://…`; a throwaway one: the run adds its games
    /// and leaves them). A fresh SQLite file in a temporary folder when left out.
    #[arg(long)]
    pub database: Option<String>,
}

impl BenchCommand {
    /// Runs the command; the report goes to standard output.
    pub fn run(self) -> Result<(), String> {
        match self {
            BenchCommand::Load(args) => {
                let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
                let report = runtime.block_on(load(&args))?;
                for line in report.lines() {
                    println!("{line}");
                }
                Ok(())
            }
            BenchCommand::Delivery(args) => {
                let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
                for line in runtime.block_on(super::bench_delivery::delivery(&args))? {
                    println!("{line}");
                }
                Ok(())
            }
            BenchCommand::Engine(args) => {
                for line in args.run()? {
                    println!("{line}");
                }
                Ok(())
            }
        }
    }
}

/// What one phase measured.
#[derive(Clone, Debug)]
pub struct Phase {
    pub moves: usize,
    /// Moves the service refused (none, in a sound run).
    pub refused: usize,
    pub elapsed: Duration,
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
}

impl Phase {
    pub fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    fn line(&self) -> String {
        format!(
            "{} moves in {:.1} s = {:.0} moves/s; per move p50 {}, p99 {}, max {}{}",
            self.moves,
            self.elapsed.as_secs_f64(),
            self.moves_per_second(),
            millis(self.p50),
            millis(self.p99),
            millis(self.max),
            if self.refused > 0 {
                format!("; {} moves REFUSED", self.refused)
            } else {
                String::new()
            }
        )
    }
}

fn millis(duration: Duration) -> String {
    format!("{:.1} ms", duration.as_secs_f64() * 1000.0)
}

/// A whole run's figures.
#[derive(Clone, Debug)]
pub struct Report {
    pub backend: &'static str,
    pub args: LoadArgs,
    pub stored_in: Duration,
    pub paced: Option<Phase>,
    /// The paced phase again while `--searches` searches run, and how many searches ended.
    pub thinking: Option<(Phase, usize)>,
    pub unpaced: Phase,
}

impl Report {
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "load: {}, {} games in flight, {} moves each per phase, {} stored games (written in {:.1} s)",
            self.backend,
            self.args.games,
            self.args.moves,
            self.args.stored,
            self.stored_in.as_secs_f64()
        )];
        if let Some(paced) = &self.paced {
            lines.push(format!(
                "paced at {} moves/s: {}",
                self.args.rate,
                paced.line()
            ));
        }
        if let (Some(paced), Some((thinking, searched))) = (&self.paced, &self.thinking) {
            let ratio = |with: Duration, without: Duration| {
                with.as_secs_f64() / without.as_secs_f64().max(1e-9)
            };
            lines.push(format!(
                "paced at {} moves/s with {} searches running ({searched} searches ended): {}; p50 {:.2}x, p99 {:.2}x the run without",
                self.args.rate,
                self.args.searches,
                thinking.line(),
                ratio(thinking.p50, paced.p50),
                ratio(thinking.p99, paced.p99),
            ));
        }
        lines.push(format!("unpaced: {}", self.unpaced.line()));
        lines
    }
}

/// Runs the load of `args` and returns its figures.
pub async fn load(args: &LoadArgs) -> Result<Report, String> {
    if args.games == 0 || args.moves == 0 {
        return Err("--games and --moves must be at least 1".to_string());
    }
    let scratch = match &args.database {
        Some(_) => None,
        None => Some(Scratch::new()?),
    };
    let url = match (&args.database, &scratch) {
        (Some(url), _) => url.clone(),
        (None, Some(scratch)) => format!("sqlite://{}", scratch.0.join("load.db").display()),
        (None, None) => return Err("no database".to_string()),
    };
    let store = Store::connect(&url).await.map_err(|e| e.to_string())?;
    let renderer = Arc::new(Renderer::new().map_err(|e| e.to_string())?);
    let catalogue = Catalogue::load().map_err(|e| e.to_string())?;
    let service = Arc::new(Service::new(
        store.clone(),
        renderer,
        catalogue,
        system_clock(),
    ));
    let boards = Boards::lasting(args.moves + 1)?;
    // Chats and players of this run only, so that a database reused by another run keeps
    // that run's games apart (they count as stored rows, nothing more).
    let run = format!("{:x}", (system_clock())());
    let tables: Vec<Table> = (0..args.games)
        .map(|index| Table {
            chat: format!("load-{run}-{index}"),
            white: format!("w{run}x{index}"),
            black: format!("b{run}x{index}"),
        })
        .collect();
    let started = Instant::now();
    store_finished_games(&store, &tables, args.stored).await?;
    let stored_in = started.elapsed();
    // Each game moves once every `interval` in the paced phases.
    let interval =
        (args.rate > 0).then(|| Duration::from_secs_f64(args.games as f64 / f64::from(args.rate)));
    let paced = match interval {
        Some(_) => Some(phase(&service, &tables, &boards, args.moves, interval).await?),
        None => None,
    };
    let thinking = match (interval, args.searches) {
        (None, _) | (_, 0) => None,
        (Some(_), searches) => {
            let busy = Busy::start(&service, searches);
            let phase = phase(&service, &tables, &boards, args.moves, interval).await;
            let searched = busy.stop().await;
            Some((phase?, searched))
        }
    };
    let unpaced = phase(&service, &tables, &boards, args.moves, None).await?;
    let report = Report {
        backend: store.backend_name(),
        args: args.clone(),
        stored_in,
        paced,
        thinking,
        unpaced,
    };
    store.close().await;
    drop(scratch);
    Ok(report)
}

/// Searches kept running on the service's pool until stopped: each task searches again the
/// moment its search ends.
struct Busy {
    stop: Arc<std::sync::atomic::AtomicBool>,
    tasks: Vec<tokio::task::JoinHandle<usize>>,
}

impl Busy {
    fn start(service: &Arc<Service>, searches: usize) -> Self {
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let tasks = (0..searches)
            .map(|index| {
                let (service, stop) = (service.clone(), stop.clone());
                tokio::spawn(async move {
                    let mut done = 0;
                    let mut position = AnyGame::start(GameKind::ChesimalsOne, index as u64);
                    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                        let seed = (index * 1000 + done) as u64;
                        let Some(choice) = service
                            .think_on_pool(position.clone(), crate::engine::Level::MAX, seed)
                            .await
                        else {
                            break;
                        };
                        if position.play_text(&choice.text).is_err() || position.status().is_over()
                        {
                            position = AnyGame::start(GameKind::ChesimalsOne, seed);
                        }
                        done += 1;
                    }
                    done
                })
            })
            .collect();
        Busy { stop, tasks }
    }

    /// Stops the searches (each ends its current one) and counts those that ended.
    async fn stop(self) -> usize {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let mut done = 0;
        for task in self.tasks {
            done += task.await.unwrap_or(0);
        }
        done
    }
}

/// A temporary folder for the SQLite file, removed at the end.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Self, String> {
        let path = std::env::temp_dir().join(format!(
            "kibitz-load-{}-{:x}",
            std::process::id(),
            (system_clock())()
        ));
        std::fs::create_dir_all(&path)
            .map_err(|e| format!("cannot make {}: {e}", path.display()))?;
        Ok(Scratch(path))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// One game's chat and players.
#[derive(Clone)]
struct Table {
    chat: String,
    white: String,
    black: String,
}

impl Table {
    fn line(&self, speaker: &str, text: &str) -> Incoming {
        let mut incoming = crate::chat::console::incoming(&format!("@{speaker} {text}"), speaker);
        incoming.chat.id.clone_from(&self.chat);
        incoming
    }
}

/// Knight Fight boards whose game (first legal move each turn) lasts long enough, with those
/// moves: the games replay them, so every move is legal and none ends the game early.
struct Boards(Vec<(u64, Vec<String>)>);

impl Boards {
    fn lasting(plies: usize) -> Result<Self, String> {
        let boards: Vec<_> = (1..2000u64)
            .map(|seed| (seed, first_moves(seed)))
            .filter(|(_, moves)| moves.len() >= plies)
            .take(16)
            .collect();
        if boards.is_empty() {
            return Err(format!("no board lasts {plies} moves; ask for fewer"));
        }
        Ok(Boards(boards))
    }

    fn get(&self, index: usize) -> &(u64, Vec<String>) {
        &self.0[index % self.0.len()]
    }
}

fn first_moves(seed: u64) -> Vec<String> {
    let mut game = AnyGame::start(GameKind::KnightFight, seed);
    let mut moves = Vec::new();
    while let Some(first) = game.legal_move_texts().into_iter().next() {
        if game.play_text(&first).is_err() {
            break;
        }
        moves.push(first);
    }
    moves
}

fn is_picture(replies: &[Outgoing]) -> bool {
    replies.iter().any(|r| matches!(r.body, Body::Image { .. }))
}

/// Writes `count` finished, rated games into the chats of `tables`, round robin, each between
/// its table's players: straight through the store (the stored rows are what matters, not how
/// they were played), a few at a time.
async fn store_finished_games(store: &Store, tables: &[Table], count: usize) -> Result<(), String> {
    if count == 0 {
        return Ok(());
    }
    let now = Timestamp::from_millis((system_clock())()).minus(HOUR_MS);
    let start = AnyGame::start(GameKind::KnightFight, 1).position_text();
    let mut seats = Vec::new();
    for table in tables {
        let chat = store
            .upsert_chat(
                crate::store::Platform::Console,
                &table.chat,
                Some("Console"),
                None,
                now,
            )
            .await
            .map_err(|e| e.to_string())?;
        let mut ids = [0; 2];
        for (id, name) in ids.iter_mut().zip([&table.white, &table.black]) {
            let external = name.to_lowercase();
            *id = store
                .upsert_user(
                    crate::store::Platform::Console,
                    &external,
                    name,
                    Some(name),
                    now,
                )
                .await
                .map_err(|e| e.to_string())?
                .id;
        }
        seats.push((chat, ids[0], ids[1]));
    }
    let seats = Arc::new(seats);
    const WRITERS: usize = 8;
    let writers: Vec<_> = (0..WRITERS)
        .map(|writer| {
            let (store, seats, start) = (store.clone(), seats.clone(), start.clone());
            tokio::spawn(async move {
                for index in (writer..count).step_by(WRITERS) {
                    let (chat_id, white, black) = seats[index % seats.len()];
                    let mut game = store
                        .create_challenge(
                            &NewChallenge {
                                chat_id,
                                kind: GameKind::KnightFight,
                                seed: 1,
                                start_position: start.clone(),
                                challenger_id: white,
                                invitee_id: Some(black),
                                challenger_color: crate::games::Color::White,
                                computer_level: None,
                                time_control: None,
                                thread: None,
                            },
                            now,
                        )
                        .await?;
                    game.white_id = Some(white);
                    game.black_id = Some(black);
                    game.state = GameState::Finished;
                    let winner = if index % 2 == 0 {
                        Side::White
                    } else {
                        Side::Black
                    };
                    game.result = Some(Outcome::win(winner, EndReason::Resignation));
                    let game = store.save_game(&game, None, now).await?;
                    store.rate_game(game.id, now).await?;
                }
                Ok::<(), crate::store::StoreError>(())
            })
        })
        .collect();
    for writer in writers {
        writer
            .await
            .map_err(|e| e.to_string())?
            .map_err(|e| format!("storing the finished games: {e}"))?;
    }
    Ok(())
}

/// One phase: every table starts a game, plays `moves` moves (paced at one move per game every
/// `interval`, or as fast as answered), and resigns it. The moves' figures.
async fn phase(
    service: &Arc<Service>,
    tables: &[Table],
    boards: &Boards,
    moves: usize,
    interval: Option<Duration>,
) -> Result<Phase, String> {
    let games = tables.len();
    let tasks: Vec<_> = tables
        .iter()
        .enumerate()
        .map(|(index, table)| {
            let (service, table) = (service.clone(), table.clone());
            let seed = boards.get(index).0;
            tokio::spawn(async move { start_game(&service, &table, seed).await })
        })
        .collect();
    for task in tasks {
        task.await.map_err(|e| e.to_string())??;
    }
    let started = Instant::now();
    let tasks: Vec<_> = tables
        .iter()
        .enumerate()
        .map(|(index, table)| {
            let (service, table) = (service.clone(), table.clone());
            let board = boards.get(index).1.clone();
            // Game `index` first moves `index / games` of an interval in, so that the paced
            // moves arrive evenly rather than all games at once.
            let offset = interval.map(|every| every.mul_f64(index as f64 / games as f64));
            tokio::spawn(async move {
                play(&service, &table, &board[..moves], started, offset, interval).await
            })
        })
        .collect();
    let mut latencies = Vec::with_capacity(games * moves);
    let mut refused = 0;
    let mut last_reply = started;
    for task in tasks {
        let played = task.await.map_err(|e| e.to_string())?;
        latencies.extend(played.latencies);
        refused += played.refused;
        last_reply = last_reply.max(played.last_reply);
    }
    let elapsed = last_reply.duration_since(started);
    let tasks: Vec<_> = tables
        .iter()
        .map(|table| {
            let (service, table) = (service.clone(), table.clone());
            tokio::spawn(async move {
                service
                    .handle(&table.line(&table.white, "resign confirm"))
                    .await
            })
        })
        .collect();
    for task in tasks {
        task.await.map_err(|e| e.to_string())?;
    }
    latencies.sort_unstable();
    let at = |fraction: f64| {
        let index = ((latencies.len() as f64 * fraction) as usize).min(latencies.len() - 1);
        latencies[index]
    };
    Ok(Phase {
        moves: latencies.len(),
        refused,
        elapsed,
        p50: at(0.50),
        p99: at(0.99),
        max: at(1.0),
    })
}

/// The challenge and its acceptance; refused when the game did not start.
async fn start_game(service: &Service, table: &Table, seed: u64) -> Result<(), String> {
    let challenge = format!("challenge @{} knight-fight seed:{seed}", table.black);
    service.handle(&table.line(&table.white, &challenge)).await;
    let accepted = service.handle(&table.line(&table.black, "accept")).await;
    if is_picture(&accepted) {
        Ok(())
    } else {
        Err(format!(
            "the game in {} did not start: {accepted:?}",
            table.chat
        ))
    }
}

struct Played {
    latencies: Vec<Duration>,
    refused: usize,
    last_reply: Instant,
}

/// Plays `moves` in `table`'s game, one every `interval` after `started + offset` (or each the
/// moment the previous one is answered), timing each from when its player sent it.
async fn play(
    service: &Service,
    table: &Table,
    moves: &[String],
    started: Instant,
    offset: Option<Duration>,
    interval: Option<Duration>,
) -> Played {
    let mut played = Played {
        latencies: Vec::with_capacity(moves.len()),
        refused: 0,
        last_reply: started,
    };
    for (ply, text) in moves.iter().enumerate() {
        let speaker = if ply % 2 == 0 {
            &table.white
        } else {
            &table.black
        };
        let incoming = table.line(speaker, text);
        let sent = match (offset, interval) {
            (Some(offset), Some(every)) => {
                let slot = started + offset + every * ply as u32;
                tokio::time::sleep_until(slot.into()).await;
                // A player answers no sooner than their reply came.
                slot.max(played.last_reply)
            }
            _ => Instant::now(),
        };
        let replies = service.handle(&incoming).await;
        let answered = Instant::now();
        played.latencies.push(answered.duration_since(sent));
        played.last_reply = answered;
        if !is_picture(&replies) {
            played.refused += 1;
        }
    }
    played
}
