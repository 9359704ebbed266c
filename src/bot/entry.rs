//! The service's entry points besides a line (those are the [`pipeline`](super::pipeline)'s):
//! what adapters ask between lines (menus, autocomplete, a thread opened) and one round of
//! each background worker. Each is a plain call into the module that does the work.

use crate::bot::command::Word;
use crate::bot::help;
use crate::bot::platform::Platform;
use crate::bot::play::computer;
use crate::bot::play::deadlines;
use crate::bot::play::thread;
use crate::bot::reply::Outgoing;
use crate::bot::schedule::{self, PostRound, Poster};
use crate::bot::service::Service;
use crate::bot::suggest;
use crate::store::StoreError;

impl Service {
    /// The command words with a short summary each, in the language of `locale`, in the
    /// order `help` lists them: what a platform's command menu shows.
    pub fn command_menu(&self, locale: Option<&str>) -> Vec<(Word, String)> {
        help::command_menu(self, locale)
    }

    /// The command words as named in the language of `locale`, in menu order.
    pub fn command_names(&self, locale: Option<&str>) -> Vec<(Word, String)> {
        help::command_names(self, locale)
    }

    /// The adapter opened `thread` for game `game` (as [`Outgoing::opens_thread`] asked):
    /// `thread::open_thread`.
    pub async fn open_thread(&self, game: i64, thread: &str) -> Vec<Outgoing> {
        thread::open_thread(self, game, thread).await
    }

    /// The legal moves of the caller's games in `chat` that wait for their move, for `move`'s
    /// autocomplete (`suggest::legal_moves_for`).
    pub async fn legal_moves_for(&self, platform: Platform, chat: &str, user: &str) -> Vec<String> {
        suggest::legal_moves_for(self, platform, chat, user).await
    }

    /// Every placement `user` could type next in their open AMBIT puzzle in `chat`, for
    /// `place`'s autocomplete (`suggest::placements_for`).
    pub async fn placements_for(&self, platform: Platform, chat: &str, user: &str) -> Vec<String> {
        suggest::placements_for(self, platform, chat, user).await
    }

    /// The challenges in `chat` that `user` may accept, for `accept`'s autocomplete
    /// (`suggest::acceptable_challenges`).
    pub async fn acceptable_challenges(
        &self,
        platform: Platform,
        chat: &str,
        user: &str,
    ) -> Vec<(String, i64)> {
        suggest::acceptable_challenges(self, platform, chat, user).await
    }

    /// One round of the daily posts' worker (`schedule::post_due_dailies`).
    pub async fn post_due_dailies<P: Poster>(
        &self,
        platform: Platform,
        holder: &str,
        poster: &P,
    ) -> Result<PostRound, StoreError> {
        schedule::post_due_dailies(self, platform, holder, poster).await
    }

    /// One round of the clocks' worker (`deadlines::handle_due_clocks`).
    pub async fn handle_due_clocks<P: Poster>(
        &self,
        platform: Platform,
        holder: &str,
        poster: &P,
    ) -> Result<usize, StoreError> {
        deadlines::handle_due_clocks(self, platform, holder, poster).await
    }

    /// One round of the engine's worker (`computer::play_due_engine_moves`).
    pub async fn play_due_engine_moves<P: Poster>(
        &self,
        platform: Platform,
        holder: &str,
        poster: &P,
    ) -> Result<usize, StoreError> {
        computer::play_due_engine_moves(self, platform, holder, poster).await
    }
}
