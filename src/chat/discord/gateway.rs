//! The gateway: serenity connects the shards and hands over interactions; the slash commands
//! are registered at the first READY; daily posts go to their channels.

use super::channel_post::ChannelPoster;
use super::commands;
use super::rest::{Fault, Rest};
use super::{Core, DiscordConfig, DiscordError, ShardPlan};
use crate::bot::schedule;
use crate::bot::{Platform, Service, UserInfo, Workers};
use crate::chat::shared::{DRAIN_LIMIT, InFlight, Shutdown};
use reqwest::Method;
use serenity::all::{
    ConnectionStage, Context, EventHandler, GatewayIntents, HttpBuilder, Interaction, Ready,
    ResumedEvent, ShardStageUpdateEvent,
};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// How many interaction ids are remembered to recognise a replayed one.
const SEEN_LIMIT: usize = 512;

impl Core {
    /// False for an interaction already handled (a resumed session may replay it).
    pub(super) fn first_time(&self, id: u64) -> bool {
        let mut seen = self
            .seen
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if seen.contains(&id) {
            return false;
        }
        if seen.len() >= SEEN_LIMIT {
            seen.pop_front();
        }
        seen.push_back(id);
        true
    }

    async fn register(&self, application: u64) {
        if self.registered.load(Ordering::Acquire) {
            return;
        }
        // Discord's locale codes, and the catalogue language serving each.
        let translations: Vec<commands::Translation> = [("ru", "ru"), ("no", "nb")]
            .into_iter()
            .map(|(locale, language)| commands::Translation {
                locale,
                names: self.service.command_names(Some(language)),
                menu: self.service.command_menu(Some(language)),
            })
            .collect();
        let body = commands::definitions(&self.service.command_menu(None), &translations);
        let path = match self.guild {
            Some(guild) => format!("/applications/{application}/guilds/{guild}/commands"),
            None => format!("/applications/{application}/commands"),
        };
        match self
            .rest
            .call("register commands", Method::PUT, &path, &body, &[])
            .await
        {
            Ok(_) => {
                self.registered.store(true, Ordering::Release);
                tracing::info!(guild = ?self.guild, "slash commands registered");
            }
            // The next READY tries again; commands registered before keep working.
            Err(fault) => tracing::warn!(%fault, "cannot register the slash commands"),
        }
    }
}

struct Handler(Arc<Core>);

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, _: Context, ready: Ready) {
        tracing::info!(bot = %ready.user.name, "Discord chat: connected");
        // Mentioning the bot in a challenge challenges the computer.
        self.0.service.set_own_identity(
            Platform::Discord,
            UserInfo {
                id: ready.user.id.get().to_string(),
                name: ready.user.name.clone(),
                handle: Some(ready.user.name.clone()),
            },
        );
        self.0.link.up();
        self.0.register(ready.application.id.get()).await;
    }

    async fn resume(&self, _: Context, _: ResumedEvent) {
        self.0.link.up();
    }

    // Any shard that loses its connection makes the process not ready until it is back: the
    // guilds on that shard get no answers meanwhile.
    async fn shard_stage_update(&self, _: Context, event: ShardStageUpdateEvent) {
        if event.new == ConnectionStage::Disconnected {
            self.0.link.down();
        }
    }

    async fn interaction_create(&self, _: Context, interaction: Interaction) {
        let _working = self.0.in_flight.begin();
        self.0.on_interaction(interaction).await;
    }
}

fn gateway_error(error: &serenity::Error) -> DiscordError {
    use serenity::all::{GatewayError, HttpError};
    match error {
        serenity::Error::Gateway(GatewayError::InvalidAuthentication) => DiscordError::InvalidToken,
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response))
            if response.status_code.as_u16() == 401 =>
        {
            DiscordError::InvalidToken
        }
        other => DiscordError::Gateway(other.to_string()),
    }
}

/// Runs the Discord chat until `shutdown` turns true. Fails when the token is refused, the
/// base URL is unusable or the gateway cannot be reached; serenity reconnects by itself
/// once connected.
pub async fn run(
    service: Arc<Service>,
    config: DiscordConfig,
    shutdown: watch::Receiver<bool>,
) -> Result<(), DiscordError> {
    let shutdown = Shutdown::new(shutdown);
    let (base, rest) = connect(&config).await?;
    let mut http = HttpBuilder::new(config.token.expose());
    if config.api_base.is_some() {
        http = http.proxy(base).ratelimiter_disabled(true);
    }
    let core = Arc::new(Core {
        service,
        rest,
        guild: config.guild_id,
        defer_after: config.defer_after,
        registered: AtomicBool::new(false),
        seen: Mutex::new(VecDeque::new()),
        link: config.link.clone(),
        in_flight: InFlight::default(),
        board: config.board.clone(),
    });
    let mut client =
        serenity::all::ClientBuilder::new_with_http(http.build(), GatewayIntents::empty())
            .event_handler(Handler(core.clone()))
            .await
            .map_err(|e| gateway_error(&e))?;
    if shutdown.asked() {
        return Ok(());
    }
    let shards = client.shard_manager.clone();
    let in_flight = core.in_flight.clone();
    let board_lines = config.board.as_ref().map(|board| {
        tokio::spawn(super::board::board_rounds(
            core.clone(),
            board.inbox.clone(),
            shutdown.clone(),
        ))
    });
    let mut scheduler = spawn_scheduler(core, config.daily_every, &shutdown);
    let stopping = shutdown.clone();
    let stopper = tokio::spawn(async move {
        stopping.stopped().await;
        tracing::info!("Discord chat stopping");
        shards.shutdown_all().await;
    });
    let result = start(&mut client, config.shards).await;
    config.link.down();
    stopper.abort();
    if shutdown.asked() {
        // Answers already begun (a deferral shown, a move committed) and a daily post already
        // claimed are finished before the process goes.
        if !in_flight.idle_within(DRAIN_LIMIT).await {
            tracing::warn!(
                left = in_flight.count(),
                "interactions still unanswered at the stop"
            );
        }
        if tokio::time::timeout(DRAIN_LIMIT, &mut scheduler)
            .await
            .is_err()
        {
            tracing::warn!("the daily posts' round did not finish in time");
            scheduler.abort();
        }
    } else {
        scheduler.abort();
    }
    if let Some(lines) = board_lines {
        // Lines in hand were counted in `in_flight`; those still waiting get "try again".
        lines.abort();
    }
    result.map_err(|e| gateway_error(&e))?;
    tracing::info!("Discord chat stopped");
    Ok(())
}

/// The REST client for the configured base URL, once Discord took the token; the base URL
/// too, for serenity.
async fn connect(config: &DiscordConfig) -> Result<(String, Rest), DiscordError> {
    let base = match &config.api_base {
        Some(base) => {
            url::Url::parse(base).map_err(|e| DiscordError::BadApiBase(e.to_string()))?;
            base.trim_end_matches('/').to_string()
        }
        None => "https://discord.com".to_string(),
    };
    let rest = Rest::new(
        &base,
        &config.token,
        config.retry.clone(),
        config.request_timeout,
    )
    .map_err(DiscordError::Client)?;
    // serenity falls back to Discord's own gateway when it cannot ask for the URL, and a
    // refused token would only show as endless reconnects: the token is checked first.
    match rest
        .call_bare("check token", Method::GET, "/users/@me")
        .await
    {
        Ok(_) => Ok((base, rest)),
        Err(Fault::Unauthorized) => Err(DiscordError::InvalidToken),
        Err(fault) => Err(DiscordError::Gateway(format!(
            "cannot reach Discord: {fault}"
        ))),
    }
}

/// The service's background workers (the daily posts, the computer's moves, the games'
/// clocks), running until shutdown.
fn spawn_scheduler(core: Arc<Core>, every: Duration, shutdown: &Shutdown) -> JoinHandle<()> {
    let stop = shutdown.receiver();
    tokio::spawn(async move {
        let service = core.service.clone();
        let workers = Workers {
            daily_every: every,
            engine: true,
            tournaments: true,
        };
        service
            .run_background(
                Platform::Discord,
                schedule::holder_name(),
                || ChannelPoster(core.clone()),
                workers,
                stop,
            )
            .await;
    })
}

/// Runs the gateway shards until they are shut down.
async fn start(
    client: &mut serenity::Client,
    shards: Option<ShardPlan>,
) -> Result<(), serenity::Error> {
    match shards {
        // serenity's range end is the last shard, included.
        Some(plan) => {
            tracing::info!(
                first = plan.first,
                last = plan.last,
                total = plan.total,
                "Discord shards"
            );
            client
                .start_shard_range(plan.first..plan.last, plan.total)
                .await
        }
        None => client.start().await,
    }
}
