//! The service's state and what every handler shares: the store, the renderer, the
//! catalogue and the clock, and the voice (`say`) replies are said in. Lines come in
//! through [`pipeline`](super::pipeline); each command's handler is a module of free
//! functions over `&Service`.

use crate::bot::computer_pool::Computer;
use crate::bot::group_share::GroupShares;
use crate::bot::i18n::Catalogue;
use crate::bot::incoming::UserInfo;
use crate::bot::limits;
use crate::bot::msg::{Msg, msg};
use crate::bot::platform::Platform;
use crate::bot::reply::NAME_STAND_IN;
use crate::engine::{self, Level};
use crate::games::ambit::DailySecret;
use crate::games::{AnyGame, Timestamp};
use crate::render::Renderer;
use crate::store::Store;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

tokio::task_local! {
    /// The unit of work of the update handled on this task, if its adapter opened one.
    static UNIT: UnitScope;
}

struct UnitScope {
    store: Store,
    wake_computer: AtomicBool,
    wake_tournaments: AtomicBool,
}

/// What a unit of work's handling left to do once the unit commits ([`Service::committed`]).
#[derive(Debug, Default)]
#[must_use = "hand it to Service::committed once the unit has committed"]
pub struct Deferred {
    wake_computer: bool,
    wake_tournaments: bool,
}

/// Milliseconds since the Unix epoch; injectable so tests can move time.
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

pub fn system_clock() -> Clock {
    Arc::new(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or_default()
    })
}

/// How often a review under way writes what it found (extending its claim) and edits its
/// progress message, by default: every 2 s.
const REVIEW_SAVE_EVERY_MS: u64 = 2_000;

/// The bot: every chat's commands go through one of these.
pub struct Service {
    /// The database outside any unit of work; handlers reach it through [`Service::store`].
    store: Store,
    pub(super) renderer: Arc<Renderer>,
    pub(super) catalogue: Catalogue,
    pub(super) clock: Clock,
    /// The deployment's daily secret, read (or made) in the database at first need.
    pub(super) daily_secret: tokio::sync::OnceCell<DailySecret>,
    /// Finished games whose rating failed (e.g. "database is locked"), to be retried by
    /// `schedule::retry_deferred_ratings` while the process runs.
    pub(super) deferred_ratings: std::sync::Mutex<Vec<crate::store::GameId>>,
    pub(super) limiter: limits::RateLimiter,
    /// Each member's share of a group's send pace, on platforms that pace groups.
    pub(super) group_shares: GroupShares,
    /// The computer opponent's searches and worker bell.
    pub(super) computer: Computer,
    /// How often a review under way saves what it found and shows how far it got, in ms
    /// ([`REVIEW_SAVE_EVERY_MS`] unless set: [`Service::set_review_save_every`]).
    pub(super) review_save_every_ms: std::sync::atomic::AtomicU64,
    /// Rung when a tournament may have a round to pair or post (one started, a game ended).
    tournament_bell: tokio::sync::Notify,
}

impl Service {
    pub fn new(store: Store, renderer: Arc<Renderer>, catalogue: Catalogue, clock: Clock) -> Self {
        Service {
            store,
            renderer,
            catalogue,
            clock,
            daily_secret: tokio::sync::OnceCell::new(),
            deferred_ratings: std::sync::Mutex::default(),
            limiter: limits::RateLimiter::default(),
            group_shares: GroupShares::default(),
            computer: Computer::default(),
            review_save_every_ms: std::sync::atomic::AtomicU64::new(REVIEW_SAVE_EVERY_MS),
            tournament_bell: tokio::sync::Notify::new(),
        }
    }

    /// How often a review under way saves what it found and edits its progress message: a
    /// test sets zero to see every step.
    pub fn set_review_save_every(&self, every: std::time::Duration) {
        self.review_save_every_ms.store(
            every.as_millis().min(u128::from(u64::MAX)) as u64,
            std::sync::atomic::Ordering::Relaxed,
        );
    }

    /// Tells the service who the bot itself is on `platform`, so that naming it (its
    /// `@handle`, a mention) challenges the computer.
    pub fn set_own_identity(&self, platform: Platform, me: UserInfo) {
        self.computer.set_own(platform, me);
    }

    /// Tells the service that `platform` sends at most `per_minute` messages to one group, so
    /// that one member's burst of commands there cannot hold up the others' replies.
    pub fn set_group_pace(&self, platform: Platform, per_minute: u32) {
        self.group_shares.set_pace(platform, per_minute);
    }

    /// The engine's choice in `position` at `level`, searched on this process's bounded pool
    /// exactly as the computer's own moves are (`kibitz bench load --searches` loads the pool
    /// with these while it times the players' commands).
    pub async fn think_on_pool(
        &self,
        position: AnyGame,
        level: Level,
        seed: u64,
    ) -> Option<engine::Choice> {
        self.computer.think(position, level, seed).await
    }

    /// The store the service works on: the unit of work of the update being handled on this
    /// task, when its adapter opened one ([`Service::within_unit`]), else the database.
    pub fn store(&self) -> Store {
        UNIT.try_with(|unit| unit.store.clone())
            .unwrap_or_else(|_| self.store.clone())
    }

    /// Runs `work`, the handling of one update, with every statement the service makes on
    /// this task joining `unit` (a store from [`Store::begin_unit`]). Bells that would wake a
    /// worker for what the work changed wait for [`Service::committed`]: woken earlier, the
    /// worker would look before the unit commits and find nothing.
    pub async fn within_unit<T>(
        &self,
        unit: &Store,
        work: impl Future<Output = T>,
    ) -> (T, Deferred) {
        let scope = UnitScope {
            store: unit.clone(),
            wake_computer: AtomicBool::new(false),
            wake_tournaments: AtomicBool::new(false),
        };
        UNIT.scope(scope, async move {
            let output = work.await;
            let (wake_computer, wake_tournaments) = UNIT.with(|unit| {
                (
                    unit.wake_computer.load(Ordering::Relaxed),
                    unit.wake_tournaments.load(Ordering::Relaxed),
                )
            });
            let deferred = Deferred {
                wake_computer,
                wake_tournaments,
            };
            (output, deferred)
        })
        .await
    }

    /// Rings what a unit's work deferred, once the unit has committed.
    pub fn committed(&self, deferred: Deferred) {
        if deferred.wake_computer {
            self.computer.wake();
        }
        if deferred.wake_tournaments {
            self.tournament_bell.notify_one();
        }
    }

    /// Wakes the tournaments' worker (a tournament started, a game ended that may close a
    /// round), or, inside a unit of work, once it has committed.
    pub(crate) fn wake_tournaments(&self) {
        let deferred = UNIT.try_with(|unit| unit.wake_tournaments.store(true, Ordering::Relaxed));
        if deferred.is_err() {
            self.tournament_bell.notify_one();
        }
    }

    /// Rings when [`Service::wake_tournaments`] was called.
    pub(crate) async fn tournaments_woken(&self) {
        self.tournament_bell.notified().await;
    }

    /// Wakes the engine's worker (a computer's move is due), or, inside a unit of work, once it
    /// has committed.
    pub(crate) fn wake_computer(&self) {
        let deferred = UNIT.try_with(|unit| unit.wake_computer.store(true, Ordering::Relaxed));
        if deferred.is_err() {
            self.computer.wake();
        }
    }

    /// The time by the service's clock: what adapters record in the store goes by the same
    /// clock as what the service records.
    pub fn now(&self) -> Timestamp {
        Timestamp::from_millis((self.clock)())
    }

    /// The language of what background work posts to the chat `chat_id` (a clock's news, the
    /// computer's move, a review, a tournament's round): the chat's own, else the default.
    pub(crate) async fn chat_language(
        &self,
        chat_id: i64,
    ) -> Result<&str, crate::store::StoreError> {
        let code = self.store().chat_language(chat_id).await?;
        Ok(self.catalogue.language_for(code.as_deref()))
    }

    /// The catalogue's language for `locale` (`en` when it has none of it).
    pub fn language_for(&self, locale: Option<&str>) -> &str {
        self.catalogue.language_for(locale)
    }

    /// A catalogue text without arguments in the language of `locale`, for what an adapter
    /// says before there is a line to handle (the console's word on input that is no text).
    pub fn phrase(&self, locale: Option<&str>, key: &'static str) -> String {
        self.say(self.catalogue.language_for(locale), &msg(key))
    }

    /// A game's name as players read it (`Glacier Chess`), in the language of `locale`.
    pub fn game_title(&self, locale: Option<&str>, kind: crate::games::GameKind) -> String {
        self.say(
            self.catalogue.language_for(locale),
            &crate::bot::msg::kind_name(kind),
        )
    }

    pub(crate) fn say(&self, language: &str, message: &Msg) -> String {
        self.catalogue.text(language, message.key, &message.args)
    }

    /// `message`, built with [`NAME_STAND_IN`] for a name, said with `name` in its place,
    /// and where in the text the name is: for a mention marked by its place, which no
    /// user's text can forge (as the daily's spoiler is found).
    pub(crate) fn say_naming(
        &self,
        language: &str,
        message: &Msg,
        name: &str,
    ) -> (String, Option<std::ops::Range<usize>>) {
        let said = self.say(language, message);
        match said.find(NAME_STAND_IN) {
            Some(at) => (
                said.replacen(NAME_STAND_IN, name, 1),
                Some(at..at + name.len()),
            ),
            None => (said, None),
        }
    }

    pub(crate) fn say_all(&self, language: &str, messages: &[Msg]) -> String {
        messages
            .iter()
            .map(|m| self.say(language, m))
            .collect::<Vec<_>>()
            .join("\n")
    }
}
