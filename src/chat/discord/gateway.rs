//! The gateway: serenity connects the shards and hands over interactions; the slash commands
//! are registered at the first READY; daily posts go to their channels.

use super::commands;
use super::format::plan;
use super::payload::payload;
use super::rest::{Fault, Rest};
use super::{Core, DiscordConfig, DiscordError, ShardPlan};
use crate::bot::schedule::{self, Poster};
use crate::bot::{Live, Outgoing, Platform, Service, UserInfo, Workers};
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

/// Background posts (the daily, the computer's moves, reminders, timeouts) are plain channel
/// messages.
struct ChannelPoster(Arc<Core>);

impl Poster for ChannelPoster {
    async fn post(&self, chat: &str, replies: Vec<Outgoing>) -> Result<(), String> {
        // A game played in a thread of its own is posted to as `channel/thread`
        // (`schedule::chat_address`); its result goes to the channel too (`in_parent`).
        let (channel, thread) = chat.split_once('/').unwrap_or((chat, chat));
        let id = |text: &str| {
            text.parse::<u64>()
                .map_err(|_| format!("{chat} is not a Discord channel id"))
        };
        let (channel, thread) = (id(channel)?, id(thread)?);
        let (live, replies): (Vec<Outgoing>, Vec<Outgoing>) =
            replies.into_iter().partition(|reply| reply.live.is_some());
        for reply in &live {
            self.post_live(thread, reply).await?;
        }
        for message in plan(&replies) {
            let to = if message.in_parent { channel } else { thread };
            let (data, files) = payload(&message, false);
            let answer = self
                .0
                .rest
                .call(
                    "channel post",
                    Method::POST,
                    &format!("/channels/{to}/messages"),
                    &data,
                    &files,
                )
                .await
                .map_err(|fault| fault.to_string())?;
            // A tournament round's board asks for its game's thread, off its own message.
            let anchor = answer
                .as_ref()
                .and_then(|answer| answer["id"].as_str())
                .and_then(|id| id.parse::<u64>().ok());
            if let (Some(new), Some(anchor)) = (&message.opens_thread, anchor)
                && to == channel
            {
                self.0.open_game_thread(channel, anchor, new).await;
            }
        }
        Ok(())
    }
}

impl ChannelPoster {
    /// A live message (`bot::Live`: a review's progress) in `channel`: posted with its id
    /// kept, or edited in place where one was kept (else dropped: it only says how far
    /// work has got).
    async fn post_live(&self, channel: u64, reply: &Outgoing) -> Result<(), String> {
        let service = &self.0.service;
        let (name, editing) = match &reply.live {
            Some(Live::Start(name)) => (name, false),
            Some(Live::Update(name)) => (name, true),
            None => return Ok(()),
        };
        let Some(message) = plan(std::slice::from_ref(reply)).into_iter().next() else {
            return Ok(());
        };
        let (data, files) = payload(&message, false);
        if editing {
            let kept = service
                .store()
                .kept_message(Platform::Discord, name)
                .await
                .map_err(|error| error.to_string())?;
            if let Some(id) = kept {
                let path = format!("/channels/{channel}/messages/{id}");
                if let Err(fault) = self
                    .0
                    .rest
                    .call("edit message", Method::PATCH, &path, &data, &files)
                    .await
                {
                    tracing::debug!(%fault, "a live message was not edited");
                }
            }
            return Ok(());
        }
        let sent = self
            .0
            .rest
            .call(
                "channel post",
                Method::POST,
                &format!("/channels/{channel}/messages"),
                &data,
                &files,
            )
            .await
            .map_err(|fault| fault.to_string())?;
        let id = sent
            .as_ref()
            .and_then(|m| m["id"].as_str())
            .map(str::to_string);
        if let Some(id) = id
            && let Err(error) = service
                .store()
                .keep_message(Platform::Discord, name, &id, service.now())
                .await
        {
            tracing::warn!(%error, "a live message's id was not kept");
        }
        Ok(())
    }
}

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
