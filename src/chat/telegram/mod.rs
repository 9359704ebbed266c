//! The Telegram chat through teloxide's `Bot`: updates fetched by long polling (handled one at
//! a time) or pushed to a webhook ([`webhook`], any number of processes), replies sent per
//! chat side by side.
//!
//! A message or a pressed inline button becomes one [`Incoming`]; the service's replies are
//! turned into Telegram sends (texts split under the limits, pictures as photos, buttons as
//! inline keyboards whose callback data is the button's command line).
//!
//! # Exactly once
//! Each update goes through two steps:
//! 1. one unit of work ([`crate::store::Store::begin_unit`]) holds everything the update
//!    changes: the service's own changes (a move, a challenge accepted), the update's id
//!    recorded as handled (the polling offset, or the webhook's claim marked done), and every
//!    send its replies need, queued in the outbox. It commits as a whole or not at all;
//! 2. the outbox is drained: each send is deleted once Telegram took it.
//!
//! `getUpdates` asks from the recorded id + 1. A crash before the commit leaves nothing of
//! the update: Telegram delivers it again and it is handled afresh, with its replies. A crash
//! after the commit leaves the update recorded and its replies queued, sent like any other
//! after the restart: nothing is lost, no move is made twice, and no redelivery earns a
//! misleading refusal ("not your turn"). What remains is one short window with no database
//! in it: a crash between Telegram's answer to a send and the deletion of its row sends that
//! one reply again. A chat's lane sends one row at a time and deletes it before the next, so
//! a crash repeats at most one reply per chat (`kill_flood` in the tests counts them: 0 lost,
//! at most one per chat and kill). A send whose request timed out is just as ambiguous
//! (Telegram may have taken it); it is retried, preferring a rare duplicate to a lost reply.
//!
//! What only Telegram can tell (a group's admins, a daily link's members) is asked before the
//! unit begins, so no network call runs while it holds the database (on SQLite, its write
//! lock). A bell a handler rings for a worker (the computer's move is due) waits for the
//! commit: woken earlier, the worker would look before the move is there.
//!
//! Updates are handled one after another, so the recorded id is always the last one handled.
//! Sending (step 3) runs beside polling, in one lane per chat: a lane sends its chat's
//! replies in outbox order, one at a time, and waits out that chat's flood control (a 429)
//! alone, while other chats' lanes go on and new updates keep being fetched and recorded.
//! Nothing in the argument above depends on the order between chats: each send is still
//! deleted only once Telegram took it, and a stop or crash leaves every unsent reply queued.
//! Only the process holding the polling lease sends, so two processes never send one reply.
//! Sends are paced under Telegram's limits ([`crate::chat::pacing`]) so that 429s are rare.

mod board_lines;
mod config;
mod delivery;
mod format;
mod handle;
mod links;
mod outbox;
mod poll;
mod request;
mod send;
mod translate;
mod webhook;

pub use crate::chat::shared::RetryPolicy;
pub use config::{BoardLinks, TelegramConfig, TelegramError, WebhookConfig};
#[doc(hidden)]
pub use delivery::text_reply;
#[doc(hidden)]
pub use translate::incoming_of_update;
pub use webhook::{derived_secret, webhook};

use crate::bot::schedule;
use crate::bot::{Platform, Service, UserInfo, Workers};

use crate::chat::board::BoardInbox;
use crate::chat::pacing::Pacer;
use crate::chat::shared::{DRAIN_LIMIT, PlatformLink, Secret, Shutdown};
use outbox::DailyPoster;
use poll::{POLL_LEASE, lease_holder_name};
use request::Fault;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;
use teloxide::Bot;
use teloxide::payloads::SetMyCommandsSetters;
use teloxide::prelude::Requester;
use teloxide::types::BotCommand;
use tokio::sync::watch;

const PLATFORM: Platform = Platform::Telegram;
/// The platform's name in log lines.
const NAME: &str = "Telegram";

struct Adapter<'a> {
    service: &'a Service,
    daily_every: Duration,
    lease: Duration,
    /// This adapter's name in the polling lease: unique among running adapters.
    holder: String,
    bot: Bot,
    token: Secret,
    retry: RetryPolicy,
    poll_timeout: Duration,
    pacer: Pacer,
    shutdown: Shutdown,
    link: PlatformLink,
    /// How often the sender reads the whole outbox again for rows it did not queue itself.
    rescan_every: Duration,
    /// Webhook mode's public address; long polling when `None`.
    webhook_url: Option<url::Url>,
    /// The board app's lines for Telegram chats, when the board is served.
    board: Option<BoardInbox>,
    /// Where a game's board button leads, where the board app is served.
    board_links: Option<BoardLinks>,
}

/// Telegram adapters started in this process so far.
static ADAPTERS: AtomicU32 = AtomicU32::new(0);

/// Runs the Telegram chat until `shutdown` turns true (or its sender is dropped and the
/// process ends otherwise). Fails only when the token is refused, the API URL is unusable or
/// the database fails; platform faults are waited out.
pub async fn run(
    service: &Service,
    config: TelegramConfig,
    shutdown: watch::Receiver<bool>,
) -> Result<(), TelegramError> {
    let client = teloxide::net::default_reqwest_settings()
        .timeout(config.request_timeout)
        .build()
        .map_err(|e| TelegramError::Client(e.to_string()))?;
    let mut bot = Bot::with_client(config.token.expose(), client);
    if let Some(url) = &config.api_url {
        let url = url::Url::parse(url).map_err(|e| TelegramError::BadApiUrl(e.to_string()))?;
        bot = bot.set_api_url(url);
    }
    // One member's burst in a group is cut to a share of the group's pace here, before it
    // can queue ahead of everyone else's replies.
    service.set_group_pace(PLATFORM, config.limits.group_per_minute);
    let adapter = Adapter {
        service,
        daily_every: config.daily_every,
        lease: config.poll_lease,
        holder: lease_holder_name(ADAPTERS.fetch_add(1, Ordering::Relaxed)),
        bot,
        token: config.token,
        retry: config.retry,
        poll_timeout: config.poll_timeout,
        pacer: Pacer::new(config.limits),
        shutdown: Shutdown::new(shutdown),
        link: config.link,
        // In webhook mode other processes queue most replies: they are found by reading.
        rescan_every: match &config.webhook {
            Some(_) => Duration::from_millis(200),
            None => config
                .poll_timeout
                .clamp(Duration::from_millis(200), Duration::from_secs(5)),
        },
        webhook_url: config.webhook.as_ref().map(|webhook| webhook.url.clone()),
        board: config.board.clone(),
        board_links: config.board_links.clone(),
    };
    let result = adapter.run(config.webhook.as_ref()).await;
    adapter.link.down();
    result
}

impl Adapter<'_> {
    fn stopping(&self) -> bool {
        self.shutdown.asked()
    }

    /// Waits for a message's turn under Telegram's limits; false when shutdown came first.
    async fn paced(&self, chat: i64) -> bool {
        tokio::select! {
            () = self.pacer.take(chat) => true,
            () = self.shutdown.stopped() => false,
        }
    }

    async fn run(&self, webhook: Option<&WebhookConfig>) -> Result<(), TelegramError> {
        let Some(bot_name) = self.start().await? else {
            return Ok(());
        };
        let ready = match webhook {
            Some(webhook) => self.set_webhook(webhook).await?,
            None => self.leave_webhook().await?,
        };
        if !ready {
            return Ok(());
        }
        self.link.up();
        let polling = async {
            match webhook {
                Some(webhook) => self.push_loop(webhook, &bot_name).await,
                None => self.poll_loop(&bot_name).await,
            }
        };
        let workers = Workers {
            daily_every: self.daily_every,
            engine: true,
            tournaments: true,
        };
        let scheduler = self.service.run_background(
            Platform::Telegram,
            schedule::holder_name(),
            || DailyPoster {
                service: self.service,
                bot_name: bot_name.clone(),
                board_links: self.board_links.clone(),
            },
            workers,
            self.shutdown.receiver(),
        );
        tokio::pin!(polling, scheduler);
        let result = tokio::select! {
            result = &mut polling => {
                // At a stop, a round of daily posts in hand finishes its claims (the
                // scheduler ends after its round); after a failure it is dropped, and a claim
                // it left is taken over once its lease runs out.
                if self.stopping()
                    && tokio::time::timeout(DRAIN_LIMIT, &mut scheduler).await.is_err()
                {
                    tracing::warn!("the daily posts' round did not finish in time");
                }
                result
            }
            // The scheduler ends only at shutdown; the sends on their way still finish.
            () = &mut scheduler => polling.await,
        };
        // Every way out ends here (a stop, whichever of the two noticed it first; a refused
        // token; a database fault): the lease is given up so that a process waiting for it,
        // or this one restarted, polls at once instead of after the lease runs out.
        if let Err(error) = self
            .service
            .store()
            .release_lease(POLL_LEASE, &self.holder)
            .await
        {
            tracing::warn!(%error, "cannot give up the polling lease; it runs out by itself");
        }
        tracing::info!("Telegram chat stopped");
        result
    }

    /// Checks the token (`getMe`) and publishes the command menu; the bot's username, or
    /// `None` when shutdown came first.
    async fn start(&self) -> Result<Option<String>, TelegramError> {
        let me = loop {
            match self.call("getMe", || self.bot.get_me().into_future()).await {
                Ok(me) => break me,
                Err(Fault::InvalidToken) => return Err(TelegramError::InvalidToken),
                Err(Fault::Stopping) => return Ok(None),
                Err(fault) => {
                    tracing::warn!(fault = %self.token.redact(&fault.to_string()), "getMe failed; Telegram unreachable?");
                    if !self.shutdown.pause(self.retry.max_delay).await {
                        return Ok(None);
                    }
                }
            }
        };
        let name = me.user.username.clone().unwrap_or_default();
        // Naming the bot (`@its_name`) in a challenge challenges the computer.
        self.service.set_own_identity(
            Platform::Telegram,
            UserInfo {
                id: me.user.id.0.to_string(),
                name: me.user.first_name.clone(),
                handle: Some(name.clone()),
            },
        );
        match &self.webhook_url {
            Some(url) => tracing::info!(bot = %name, path = url.path(), "Telegram chat: webhook"),
            None => tracing::info!(bot = %name, "Telegram chat: long polling"),
        }
        // The default menu, then one per language Telegram users may have (Norwegian comes as
        // `nb` or `no`).
        for language in [None, Some("ru"), Some("nb"), Some("no")] {
            let commands: Vec<BotCommand> = self
                .service
                .command_menu(language)
                .into_iter()
                .map(|(command, summary)| BotCommand::new(command, summary))
                .collect();
            let published = self
                .call("setMyCommands", || {
                    let mut request = self.bot.set_my_commands(commands.clone());
                    if let Some(code) = language {
                        request = request.language_code(code);
                    }
                    request.into_future()
                })
                .await;
            if let Err(fault) = published {
                // The commands work without the menu; it is only a convenience.
                tracing::warn!(fault = %self.token.redact(&fault.to_string()), "setMyCommands failed");
            }
        }
        Ok(Some(name))
    }
}
