//! Challenges and games: challenge, accept, decline, move, board, resign, draw, games.
//!
//! A command resolves its game once ([`seat`]: the record, its position parsed once, the
//! speaker's side, both names in one read) and hands it down to its handler and the picture.
//!
//! Modules, one command or family of commands each: `challenge` (challenge, accept,
//! decline), `moves` (move, board, resign, draw), `listing` (games), `history` (history,
//! games finished), `export` (export, replay), `takeback` (takeback, abort), `unit_moves`
//! (where a unit may go), `vacation`, `computer` (games against the computer and the
//! engine's worker), `analysis` (the engine's review of a finished game, and its worker) with `marks` (a
//! reviewed game's marks, for history, replay and export). What they share: `seat` (which game a command means), `players` (the
//! players' names), `game` (a game found and saved), `picture` (the board and its caption),
//! `report` (the news of a change to a game), `thread` (games in threads of their own),
//! `clock` (a game's clocks) and `deadlines` (the clocks' worker). The computer's searches
//! (`bot/computer_pool.rs`) and the rules' words (`bot/words.rs`) sit one room up: the
//! service, AMBIT and help use them too.

pub(super) mod analysis;
pub(super) mod challenge;
pub(in crate::bot) mod clock;
pub(in crate::bot) mod computer;
pub(super) mod deadlines;
pub(in crate::bot) mod export;
pub(super) mod game;
pub(super) mod history;
pub(super) mod listing;
pub(super) mod marks;
pub(super) mod moves;
pub(super) mod picture;
pub(super) mod players;
pub(super) mod report;
pub(super) mod seat;
pub(super) mod takeback;
pub(in crate::bot) mod thread;
pub(super) mod unit_moves;
pub(super) mod vacation;

pub use analysis::{review_graph, turn_shown};
pub use computer::ENGINE_LEASE_MS;
pub use deadlines::CLOCK_LEASE_MS;
pub use export::replay_pictures;
