//! The service's entry points besides a line (those are the [`pipeline`](super::pipeline)'s):
//! what adapters ask between lines (menus, autocomplete, a thread opened), the background
//! workers started once for a platform ([`Service::run_background`]) and one round of each.
//! Each is a plain call into the module that does the work.

use crate::bot::command::Word;
use crate::bot::game_puzzle;
use crate::bot::help;
use crate::bot::outcome::Refusal;
use crate::bot::platform::Platform;
use crate::bot::play::analysis::{self, ANALYSIS_SCAN};
use crate::bot::play::computer::{self, ENGINE_SCAN};
use crate::bot::play::deadlines::{self, CLOCK_SCAN};
use crate::bot::play::thread;
use crate::bot::reply::Outgoing;
use crate::bot::schedule::{self, PostRound, Poster};
use crate::bot::service::Service;
use crate::bot::suggest;
use crate::bot::tournament::rounds::{self, TOURNAMENT_SCAN};
use crate::store::StoreError;
use std::time::Duration;
use tokio::sync::watch;

/// Which background workers a platform runs, and how often the daily posts are looked at.
#[derive(Clone, Copy, Debug)]
pub struct Workers {
    /// How often the daily posts are looked at (`schedule::DAILY_SCAN` unless configured).
    pub daily_every: Duration,
    /// Whether the engine's worker makes the computer's moves. The console does not run it:
    /// it makes them right after the line they answer (`Service::play_due_engine_moves`).
    pub engine: bool,
    /// Whether the tournaments' worker pairs and posts rounds. The console does not run it
    /// either: a round is paired right after the line that ended it, so that a script's
    /// next line finds it paired.
    pub tournaments: bool,
}

impl Service {
    /// Runs the background workers of `platform` until `shutdown`: the daily posts
    /// (`schedule::run_scheduler`, every `workers.daily_every`), the computer's moves
    /// (`computer::run_computer`, every [`ENGINE_SCAN`] and whenever a move is due here)
    /// with the reviews of finished games (`analysis::run_reviews`, every [`ANALYSIS_SCAN`])
    /// when `workers.engine`, and the games' clocks (`deadlines::run_clocks`, every
    /// [`CLOCK_SCAN`]), and the tournaments' rounds (`rounds::run_tournaments`, every
    /// [`TOURNAMENT_SCAN`] and whenever one may be due) when `workers.tournaments`. Each worker posts through a poster of its own from `posters`, and
    /// finishes the round in hand when `shutdown` turns true; this returns when all have.
    pub async fn run_background<P: Poster>(
        &self,
        platform: Platform,
        holder: String,
        posters: impl Fn() -> P,
        workers: Workers,
        shutdown: watch::Receiver<bool>,
    ) {
        let engine = workers.engine.then(|| {
            futures_util::future::join(
                computer::run_computer(
                    self,
                    platform,
                    holder.clone(),
                    posters(),
                    ENGINE_SCAN,
                    shutdown.clone(),
                ),
                analysis::run_reviews(
                    self,
                    platform,
                    holder.clone(),
                    posters(),
                    ANALYSIS_SCAN,
                    shutdown.clone(),
                ),
            )
        });
        tokio::join!(
            schedule::run_scheduler(
                self,
                platform,
                holder.clone(),
                posters(),
                workers.daily_every,
                shutdown.clone(),
            ),
            async {
                if let Some(engine) = engine {
                    engine.await;
                }
            },
            deadlines::run_clocks(
                self,
                platform,
                holder.clone(),
                posters(),
                CLOCK_SCAN,
                shutdown.clone()
            ),
            async {
                if workers.tournaments {
                    rounds::run_tournaments(
                        self,
                        platform,
                        holder,
                        posters(),
                        TOURNAMENT_SCAN,
                        shutdown,
                    )
                    .await;
                }
            },
        );
    }

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
        thread::open_thread(self, crate::store::GameId(game), thread).await
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

    /// Makes today's puzzle of each game a chat has the daily post of on, ahead of its
    /// posts and requests (`game_puzzle::make_wanted_puzzles`, each scheduler round).
    /// Returns the games made now.
    pub async fn make_wanted_puzzles(&self) -> Result<Vec<crate::games::GameKind>, StoreError> {
        game_puzzle::make_wanted_puzzles(self)
            .await
            .map_err(|refusal| match refusal {
                Refusal::Store(error) => error,
                other => StoreError::Corrupt(other.to_string()),
            })
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

    /// One round of the reviews' worker (`analysis::review_due_games`): the reviews of
    /// finished games asked for in `platform`'s chats.
    pub async fn review_due_games<P: Poster>(
        &self,
        platform: Platform,
        holder: &str,
        poster: &P,
    ) -> Result<usize, StoreError> {
        analysis::review_due_games(self, platform, holder, poster).await
    }

    /// One round of the tournaments' worker (`tournament::rounds::advance_tournaments`):
    /// rounds paired and posted, podiums posted. Returns how many steps it took.
    pub async fn advance_tournaments<P: Poster>(
        &self,
        platform: Platform,
        holder: &str,
        poster: &P,
    ) -> Result<usize, StoreError> {
        rounds::advance_tournaments(self, platform, holder, poster).await
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
