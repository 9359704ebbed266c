//! `kibitz bench engine`: how long the computer thinks per level and game, and the Glacier
//! search's speed beside the Glacier move generator's (perft) on the standard perft
//! positions, measured in the same run.

use crate::engine::{Level, random_choice, think};
use crate::games::glacier;
use crate::games::{AnyGame, GameKind, TwoPlayerGame};
use std::time::{Duration, Instant};

#[derive(clap::Args, Clone, Debug)]
pub struct EngineArgs {
    /// Positions per game (random play from seeded starts, past the opening).
    #[arg(long, default_value_t = 12)]
    pub positions: usize,
    /// Only these games (default: every two-player game).
    #[arg(long)]
    pub game: Vec<String>,
    /// The highest level measured (level 8 takes the longest).
    #[arg(long, default_value_t = 8)]
    pub max_level: u8,
}

/// The standard perft positions (without ice, Glacier is chess until the first Ice Age).
pub const PERFT_POSITIONS: [(&str, &str); 5] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        "position 4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ),
    (
        "position 5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ),
];

/// Positions of `kind` for measuring: random play of 4 to 23 moves from seeded starts.
fn positions(kind: GameKind, count: usize) -> Vec<AnyGame> {
    let mut found = Vec::new();
    let mut seed = 1u64;
    while found.len() < count && seed < 10_000 {
        let mut game = AnyGame::start(kind, seed);
        let plies = 4 + (seed % 20);
        for ply in 0..plies {
            let Some(choice) = random_choice(&game, seed * 1000 + ply) else {
                break;
            };
            if game.play_text(&choice.text).is_err() {
                break;
            }
        }
        if !game.status().is_over() {
            found.push(game);
        }
        seed += 1;
    }
    found
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

impl EngineArgs {
    /// The report, a line at a time.
    pub fn run(&self) -> Result<Vec<String>, String> {
        let kinds: Vec<GameKind> = if self.game.is_empty() {
            GameKind::ALL.to_vec()
        } else {
            self.game
                .iter()
                .map(|name| GameKind::parse(name).ok_or_else(|| format!("unknown game {name}")))
                .collect::<Result<_, _>>()?
        };
        let top = Level::new(self.max_level).ok_or("--max-level is 1 to 8")?;
        let mut lines = vec![
            "think time per move (median over the positions; nodes/s over all of them)".to_string(),
        ];
        for kind in kinds {
            let positions = positions(kind, self.positions);
            for level in Level::all().filter(|&l| l <= top) {
                let mut times = Vec::with_capacity(positions.len());
                let mut nodes = 0u64;
                for (i, position) in positions.iter().enumerate() {
                    let started = Instant::now();
                    let choice = think(position, level, i as u64);
                    times.push(started.elapsed());
                    nodes += choice.map_or(0, |c| c.nodes);
                }
                let total: Duration = times.iter().sum();
                let worst = times.iter().max().copied().unwrap_or_default();
                lines.push(format!(
                    "{:<12} level {level}: median {:>8.2} ms, max {:>8.2} ms, {:>10.0} nodes/s",
                    kind.name(),
                    ms(median(times)),
                    ms(worst),
                    nodes as f64 / total.as_secs_f64().max(1e-9),
                ));
            }
        }
        lines.push(String::new());
        lines.push(
            "Glacier: the search at level 8 beside perft (bulk-counted leaves) in this run"
                .to_string(),
        );
        for (name, fen) in PERFT_POSITIONS {
            let position = glacier::Position::parse_position(fen).map_err(|e| e.to_string())?;
            let started = Instant::now();
            let leaves = position.perft_bulk(4);
            let perft_time = started.elapsed();
            let game = AnyGame::Glacier(position);
            let started = Instant::now();
            let choice = think(&game, Level::MAX, 1).ok_or("no move in a perft position")?;
            let search_time = started.elapsed();
            let perft_rate = leaves as f64 / perft_time.as_secs_f64().max(1e-9);
            let search_rate = choice.nodes as f64 / search_time.as_secs_f64().max(1e-9);
            lines.push(format!(
                "{name:<11} perft(4) {leaves:>9} leaves in {:>8.1} ms = {:>11.0} leaves/s · search {:>8} nodes depth {} in {:>7.1} ms = {:>9.0} nodes/s ({:.3} of perft)",
                ms(perft_time),
                perft_rate,
                choice.nodes,
                choice.depth,
                ms(search_time),
                search_rate,
                search_rate / perft_rate,
            ));
        }
        Ok(lines)
    }
}
