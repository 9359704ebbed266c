//! The computer's searches on this process's bounded pool, the bell that wakes the engine's
//! worker, and who the bot itself is on each platform: the state the service holds for the
//! computer opponent.

use crate::bot::incoming::UserInfo;
use crate::bot::platform::Platform;
use crate::engine::{self, Level};
use crate::games::AnyGame;
use std::sync::{Arc, Mutex};
use tokio::sync::{Notify, Semaphore};

/// The searches of this process: one fewer than the cores at once, at least one (the rest
/// wait their turn), off the async runtime; and the bell that wakes the engine's worker when
/// a move is due.
pub struct Computer {
    searches: Arc<Semaphore>,
    permits: usize,
    wake: Notify,
    /// The bell of the reviews' worker (`play::analysis`), rung with the engine's.
    reviews: Notify,
    /// The bot's own user on each platform, as the adapters learnt it at start.
    own: Mutex<Vec<(Platform, UserInfo)>>,
}

impl Default for Computer {
    fn default() -> Self {
        // One core is kept for the players' commands: measured with `kibitz bench load
        // --searches` on 2 cores, one search left their p99 as it was (1.00x), two (one per
        // core) nearly doubled it (1.92x).
        let permits = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .saturating_sub(1)
            .max(1);
        Computer {
            searches: Arc::new(Semaphore::new(permits)),
            permits,
            wake: Notify::new(),
            reviews: Notify::new(),
            own: Mutex::default(),
        }
    }
}

impl Computer {
    /// Tells the computer who the bot itself is on `platform`, so that naming it (its
    /// `@handle`, a mention) challenges the computer.
    pub(crate) fn set_own(&self, platform: Platform, me: UserInfo) {
        if let Ok(mut own) = self.own.lock() {
            own.retain(|(p, _)| *p != platform);
            own.push((platform, me));
        }
    }

    /// The engine's choice in `position` at `level`, searched on this process's bounded pool
    /// exactly as the computer's own moves are (`kibitz bench load --searches` loads the pool
    /// with these while it times the players' commands).
    pub(crate) async fn think(
        &self,
        position: AnyGame,
        level: Level,
        seed: u64,
    ) -> Option<engine::Choice> {
        self.search(move || engine::think(&position, level, seed))
            .await
            .flatten()
    }

    /// Wakes the engine's worker and the reviews' worker: a move or a review is due here.
    /// (A review asked for wakes the engine's worker too, which finds nothing: one query.)
    pub(super) fn wake(&self) {
        self.wake.notify_one();
        self.reviews.notify_one();
    }

    /// Until [`Computer::wake`] is called, for the reviews' worker.
    pub(super) async fn reviews_woken(&self) {
        self.reviews.notified().await;
    }

    /// Until [`Computer::wake`] is called.
    pub(super) async fn woken(&self) {
        self.wake.notified().await;
    }

    /// How many searches run at once.
    pub(super) fn permits(&self) -> usize {
        self.permits
    }

    /// Runs a search on the blocking pool once a core is free.
    /// Runs `search` on the blocking pool once a core is free; `None` if it could not run.
    pub(super) async fn search<T: Send + 'static>(
        &self,
        search: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let _permit = self.searches.clone().acquire_owned().await.ok()?;
        tokio::task::spawn_blocking(search).await.ok()
    }

    pub(super) fn is_own(
        &self,
        platform: Platform,
        handle: Option<&str>,
        mentions: &[UserInfo],
    ) -> bool {
        let Ok(own) = self.own.lock() else {
            return false;
        };
        own.iter().filter(|(p, _)| *p == platform).any(|(_, me)| {
            mentions.iter().any(|m| m.id == me.id)
                || handle.is_some_and(|h| {
                    me.handle
                        .as_deref()
                        .is_some_and(|mine| mine.eq_ignore_ascii_case(h))
                })
        })
    }
}
