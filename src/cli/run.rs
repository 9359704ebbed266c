//! `kibitz run`: the bot supervised, from the configuration to the last connection closed.

use super::Failure;
use super::config::{Config, board_config, discord_config, telegram_config};
use super::secrets::without_secrets;
use super::stop::stop_on_signals;
use crate::chat::console::{self, ConsoleOptions};
use crate::chat::discord::{self, DiscordConfig};
use crate::chat::telegram::{self, TelegramConfig};
use crate::http::{self, Readiness};
use crate::{Catalogue, Renderer, Service, Store, system_clock};
use std::sync::Arc;
use tokio::sync::watch;

pub fn run() -> Result<(), Failure> {
    let config = Config::from_env();
    run_with(&config).map_err(|failure| without_secrets(&config, failure))
}

pub fn run_with(config: &Config) -> Result<(), Failure> {
    tracing::info!(database = %crate::store::database_label(&config.database_url), "starting");
    let runtime = tokio::runtime::Runtime::new()?;
    let ran = runtime.block_on(async {
        let store = Store::connect(&config.database_url).await?;
        let renderer = Arc::new(Renderer::new()?);
        let service = Arc::new(Service::new(
            store.clone(),
            renderer,
            Catalogue::load()?,
            system_clock(),
        ));
        let (mut telegram, webhook_route) = telegram_config(config)?.unzip();
        let webhook_route = webhook_route.flatten();
        let mut discord = discord_config(config)?;
        if webhook_route.is_some() && config.http_addr.is_none() {
            return Err(Failure(
                "TELEGRAM_WEBHOOK_URL needs KIBITZ_HTTP_ADDR: the address whose listener \
                 serves the webhook (behind the URL's host)"
                    .to_string(),
            ));
        }
        let (stop, stopped) = watch::channel(false);
        let board_route = match &config.http_addr {
            Some(_) => board_config(
                config,
                &service,
                telegram.as_mut(),
                discord.as_mut(),
                stopped.clone(),
            )?,
            None => None,
        };
        // The listener outlives the platforms' drain: probes see "stopping", pushed updates
        // get a quick 503, and requests in hand get their answers.
        let (listener_stop, listener_stopped) = watch::channel(false);
        let listener = match &config.http_addr {
            Some(addr) => Some(http::bind(addr).await?),
            None => None,
        };
        let limits = http::Limits::from_env(|name| std::env::var(name).ok())?;
        let mut readiness = Readiness::new(store.clone()).stopping(stopped.clone());
        if let Some(telegram) = &telegram {
            readiness = readiness.platform("telegram", telegram.link.clone());
        }
        if let Some(discord) = &discord {
            readiness = readiness.platform("discord", discord.link.clone());
        }
        let listening = listener
            .map(|listener| {
                if let Ok(addr) = listener.local_addr() {
                    tracing::info!(%addr, "HTTP listener: /healthz, /readyz, /metrics");
                }
                let mut app = http::router(readiness, http::install_metrics()?);
                if let Some(route) = webhook_route {
                    app = app.merge(route);
                }
                if let Some(route) = board_route {
                    tracing::info!("HTTP listener: the board app at /app/");
                    app = app.merge(route);
                }
                Ok::<_, http::HttpError>(tokio::spawn(http::serve(
                    listener,
                    app,
                    listener_stopped,
                    limits,
                )))
            })
            .transpose()?;
        let stop = Arc::new(stop);
        stop_on_signals(stop.clone());
        let ran = if telegram.is_some() || discord.is_some() {
            run_platforms(telegram, discord, &service, stop.clone(), stopped).await
        } else {
            run_console(config, &service, stopped).await
        };
        let _ = stop.send(true);
        let _ = listener_stop.send(true);
        if let Some(listening) = listening {
            match tokio::time::timeout(LISTENER_STOP_LIMIT, listening).await {
                Ok(Ok(Ok(()))) => {}
                Ok(Ok(Err(error))) => tracing::warn!(%error, "HTTP listener"),
                Ok(Err(error)) => tracing::warn!(%error, "HTTP listener task"),
                Err(_) => tracing::warn!("HTTP connections still open at the stop"),
            }
        }
        store.close().await;
        ran
    });
    // The console's standard input is read on a thread no stop can interrupt (a terminal
    // read ends only with a line); everything else has ended, so nothing waits for it.
    runtime.shutdown_background();
    ran
}

/// How long the HTTP listener's open connections may hold up the end, once the platforms
/// have stopped.
const LISTENER_STOP_LIMIT: std::time::Duration = std::time::Duration::from_secs(1);

/// Runs each platform set up beside the others, all stopped by the same signal.
async fn run_platforms(
    telegram: Option<TelegramConfig>,
    discord: Option<DiscordConfig>,
    service: &Arc<Service>,
    stop: Arc<watch::Sender<bool>>,
    shutdown: watch::Receiver<bool>,
) -> Result<(), Failure> {
    let telegram = async {
        let Some(telegram) = telegram else {
            return Ok::<(), Failure>(());
        };
        tracing::info!("Telegram chat");
        telegram::run(service, telegram, shutdown.clone()).await?;
        Ok(())
    };
    let discord = async {
        let Some(discord) = discord else {
            return Ok::<(), Failure>(());
        };
        tracing::info!("Discord chat");
        discord::run(service.clone(), discord, shutdown.clone()).await?;
        Ok(())
    };
    // A platform that fails (a refused token) ends the run, the other one with it: half a
    // bot would hide the fault. The other is asked to stop and waited for, so that it gives
    // up what it holds (Telegram's polling lease) on the way out.
    let stop_others = |result: Result<(), Failure>| {
        if result.is_err() {
            let _ = stop.send(true);
        }
        result
    };
    let (telegram, discord) = tokio::join!(async { stop_others(telegram.await) }, async {
        stop_others(discord.await)
    },);
    telegram.and(discord)
}

/// The console chat on standard input and output, until the input ends or a stop.
async fn run_console(
    config: &Config,
    service: &Service,
    shutdown: watch::Receiver<bool>,
) -> Result<(), Failure> {
    tracing::info!("console chat: one line a message, `@name text` to speak as name");
    let options = ConsoleOptions {
        image_dir: config.image_dir.clone(),
        default_user: config.console_user.clone(),
    };
    let input = tokio::io::BufReader::new(tokio::io::stdin());
    let summary = console::run(service, input, tokio::io::stdout(), &options, shutdown).await?;
    tracing::info!(
        lines = summary.lines,
        pictures = summary.images.len(),
        "{}",
        if summary.stopped {
            "console chat stopped"
        } else {
            "input ended"
        }
    );
    Ok(())
}
