//! The board app: one web page, served by the bot's HTTP listener at `/app/`, that the chat
//! apps open beside a chat (Telegram's Mini Apps, Discord's Activities), where a move is a tap. It is one more face
//! of the same service: the page's moves are lines said in the game's chat, answered and
//! delivered there by that chat's own adapter, as if typed; the page reads the games from the
//! same store.
//!
//! - [`init_data`]: who opened the page, as Telegram signed it;
//! - [`discord_launch`]: who opened the page, as Discord vouches for an Activity's code;
//! - [`session`]: the short-lived token the page speaks with after that;
//! - [`game_view`]: a game as the page draws it;
//! - [`api`]: the JSON routes under `/api/` and the live updates;
//! - [`page`]: the page's own files, shipped in the binary.

mod api;
mod discord_launch;
mod game_view;
mod init_data;
mod page;
mod puzzle_api;
mod session;
mod state;
mod theme_css;
mod words;

pub use api::board_routes;
pub use discord_launch::{DiscordApp, DiscordLaunchError, DiscordPlayer};
pub use game_view::GameView;
pub use init_data::{InitDataError, TelegramLaunch, sign_init_data, verify_init_data};
pub use page::{discord_sdk_weight, page_weight};
pub use session::{LAUNCH_MS, SESSION_MS, Session, SessionKey, TokenFault};
pub use state::BoardDoors;

use crate::bot::{Incoming, Outgoing};
use crate::chat::shared::Shutdown;
use futures_util::StreamExt;
use futures_util::stream::FuturesUnordered;
use std::future::Future;
use std::sync::Arc;
use tokio::sync::{Mutex, mpsc, oneshot};

/// A line the board says in a game's chat for its player, handed to the chat's adapter,
/// which answers it as it answers a typed line (one unit of work with its replies queued);
/// the replies come back for the page to show.
pub struct BoardLine {
    pub incoming: Incoming,
    pub answer: oneshot::Sender<Vec<Outgoing>>,
}

/// How many lines may wait for an adapter; more are answered "busy".
const LINES_WAITING: usize = 64;

/// Board lines one process answers at once.
const ANSWERED_AT_ONCE: usize = 8;

/// The adapter's end of a platform's board lines.
#[derive(Clone)]
pub struct BoardInbox(pub Arc<Mutex<mpsc::Receiver<BoardLine>>>);

impl BoardInbox {
    /// Answers the lines as they come with the adapter's `answer`, [`ANSWERED_AT_ONCE`] at a
    /// time, until `shutdown` is asked; those in hand then finish. Lines still waiting at a
    /// stop are dropped: their pages hear "try again", and another process (or this one
    /// restarted) answers the next try.
    pub async fn answer_each<F, Answering>(&self, shutdown: &Shutdown, mut answer: F)
    where
        F: FnMut(BoardLine) -> Answering,
        Answering: Future<Output = ()>,
    {
        let mut inbox = self.0.lock().await;
        let mut answering = FuturesUnordered::new();
        while !shutdown.asked() {
            let room = answering.len() < ANSWERED_AT_ONCE;
            tokio::select! {
                line = inbox.recv(), if room => match line {
                    Some(line) => answering.push(answer(line)),
                    None => break,
                },
                Some(()) = answering.next() => {}
                () = shutdown.stopped() => {}
            }
        }
        while answering.next().await.is_some() {}
    }
}

impl std::fmt::Debug for BoardInbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BoardInbox")
    }
}

/// A channel for one platform's board lines: the board's end and the adapter's.
pub fn board_lines() -> (mpsc::Sender<BoardLine>, BoardInbox) {
    let (door, inbox) = mpsc::channel(LINES_WAITING);
    (door, BoardInbox(Arc::new(Mutex::new(inbox))))
}
