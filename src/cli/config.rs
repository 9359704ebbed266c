//! `kibitz run`'s configuration, from the environment, and each platform's from it.

use super::Failure;
use crate::chat::board;
use crate::chat::discord::{DiscordBoard, DiscordConfig, ShardPlan};
use crate::chat::telegram::{self, BoardLinks, TelegramConfig};
use std::path::PathBuf;

/// Configuration from the environment; tokens never appear in logs or errors.
pub struct Config {
    pub database_url: String,
    pub image_dir: PathBuf,
    pub console_user: String,
    /// No `Debug` on `Config`, so that nothing can print it.
    pub telegram_token: Option<String>,
    pub telegram_api_url: Option<String>,
    /// Webhook mode's public address, and the secret Telegram sends back with each update.
    pub telegram_webhook_url: Option<String>,
    pub telegram_webhook_secret: Option<String>,
    pub discord_token: Option<String>,
    pub discord_api_base: Option<String>,
    pub discord_guild_id: Option<String>,
    pub discord_shards: Option<String>,
    pub discord_shard_range: Option<String>,
    /// Where the HTTP listener (probes, metrics, webhooks, the board app) listens; none
    /// when unset.
    pub http_addr: Option<String>,
    /// What the board app's sessions are signed with; derived from a platform token when
    /// unset (every process of a deployment shares its tokens).
    pub session_secret: Option<String>,
    /// The board app's public address (`https://…/app/`) and Telegram Mini App's direct link.
    pub board_url: Option<String>,
    pub telegram_miniapp_url: Option<String>,
    /// The Discord application's id and secret, for the Activity's code exchange, and
    /// whether it has an Activity to launch.
    pub discord_client_id: Option<String>,
    pub discord_client_secret: Option<String>,
    pub discord_activity: Option<String>,
}

impl Config {
    pub fn from_env() -> Self {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        Config {
            database_url: var("DATABASE_URL").unwrap_or_else(|| "sqlite://kibitz.db".to_string()),
            image_dir: var("KIBITZ_IMAGE_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from("kibitz-images")),
            console_user: var("KIBITZ_CONSOLE_USER").unwrap_or_else(|| "player".to_string()),
            telegram_token: var("TELEGRAM_BOT_TOKEN").map(|token| token.trim().to_string()),
            telegram_api_url: var("TELEGRAM_API_URL"),
            telegram_webhook_url: var("TELEGRAM_WEBHOOK_URL"),
            telegram_webhook_secret: var("TELEGRAM_WEBHOOK_SECRET")
                .map(|secret| secret.trim().to_string()),
            discord_token: var("DISCORD_TOKEN").map(|token| token.trim().to_string()),
            discord_api_base: var("DISCORD_API_BASE"),
            discord_guild_id: var("DISCORD_GUILD_ID"),
            discord_shards: var("DISCORD_SHARDS"),
            discord_shard_range: var("DISCORD_SHARD_RANGE"),
            http_addr: var("KIBITZ_HTTP_ADDR"),
            session_secret: var("KIBITZ_SESSION_SECRET").map(|secret| secret.trim().to_string()),
            board_url: var("KIBITZ_BOARD_URL"),
            telegram_miniapp_url: var("TELEGRAM_MINIAPP_URL"),
            discord_client_id: var("DISCORD_CLIENT_ID").map(|id| id.trim().to_string()),
            discord_client_secret: var("DISCORD_CLIENT_SECRET")
                .map(|secret| secret.trim().to_string()),
            discord_activity: var("DISCORD_ACTIVITY"),
        }
    }
}

/// Telegram's configuration, if its token is set, and in webhook mode the route the HTTP
/// listener serves for it.
pub fn telegram_config(
    config: &Config,
) -> Result<Option<(TelegramConfig, Option<axum::Router>)>, Failure> {
    let Some(token) = &config.telegram_token else {
        return Ok(None);
    };
    let mut telegram = TelegramConfig::new(token.clone());
    telegram.api_url = config.telegram_api_url.clone();
    let mut route = None;
    if let Some(url) = &config.telegram_webhook_url {
        let secret = config
            .telegram_webhook_secret
            .clone()
            .unwrap_or_else(|| telegram::derived_secret(token));
        let (webhook, served) = telegram::webhook(url, secret)?;
        telegram.webhook = Some(webhook);
        route = Some(served);
    }
    Ok(Some((telegram, route)))
}

/// The board app's routes, when the HTTP listener serves them: where each platform's board
/// lines go (set on its configuration), and the routes. `None` without a platform to say
/// lines in.
pub fn board_config(
    config: &Config,
    service: &std::sync::Arc<crate::Service>,
    telegram: Option<&mut TelegramConfig>,
    discord: Option<&mut DiscordConfig>,
    stop: tokio::sync::watch::Receiver<bool>,
) -> Result<Option<axum::Router>, Failure> {
    let secret = match (
        &config.session_secret,
        &config.telegram_token,
        &config.discord_token,
    ) {
        (Some(secret), _, _) | (None, Some(secret), _) | (None, None, Some(secret)) => secret,
        (None, None, None) => return Ok(None),
    };
    let key = board::SessionKey::derive(secret);
    let mut doors = board::BoardDoors::default();
    if let (Some(telegram), Some(token)) = (telegram, &config.telegram_token) {
        let (door, inbox) = board::board_lines();
        telegram.board = Some(inbox);
        telegram.board_links = match &config.board_url {
            Some(page) => match BoardLinks::new(page, config.telegram_miniapp_url.as_deref()) {
                Ok(links) => Some(links),
                Err(error) => {
                    tracing::warn!(%error, "no board buttons under game pictures");
                    None
                }
            },
            None => None,
        };
        doors = doors.with_telegram(token.clone(), door);
    }
    if let Some(discord) = discord {
        let activity = match config.discord_activity.as_deref().map(str::trim) {
            None | Some("off") => false,
            Some("on") => true,
            Some(other) => {
                return Err(Failure(format!(
                    "DISCORD_ACTIVITY must be on or off, not {other:?}"
                )));
            }
        };
        let app = match (&config.discord_client_id, &config.discord_client_secret) {
            (Some(id), Some(secret)) => Some(
                board::DiscordApp::new(id, secret, config.discord_api_base.as_deref())
                    .map_err(Failure)?,
            ),
            (None, None) => None,
            _ => {
                return Err(Failure(
                    "DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET go together: the Activity's \
                     codes are exchanged with both"
                        .to_string(),
                ));
            }
        };
        if activity && app.is_none() {
            return Err(Failure(
                "DISCORD_ACTIVITY=on needs DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET".to_string(),
            ));
        }
        let (door, inbox) = board::board_lines();
        discord.board = Some(DiscordBoard {
            inbox,
            activity,
            page: config.board_url.as_deref().and_then(|page| {
                let url = url::Url::parse(page.trim())
                    .ok()
                    .filter(|url| matches!(url.scheme(), "https" | "http"));
                if url.is_none() {
                    tracing::warn!("KIBITZ_BOARD_URL is not an https:// address: no board links");
                }
                url
            }),
            key: key.clone(),
        });
        doors = doors.with_discord(app, door);
    }
    Ok(Some(board::board_routes(service.clone(), key, doors, stop)))
}

/// Discord's configuration, if its token is set.
pub fn discord_config(config: &Config) -> Result<Option<DiscordConfig>, Failure> {
    let Some(token) = &config.discord_token else {
        return Ok(None);
    };
    let mut discord = DiscordConfig::new(token.clone());
    discord.api_base = config.discord_api_base.clone();
    discord.guild_id =
        match &config.discord_guild_id {
            Some(id) => Some(id.trim().parse::<u64>().map_err(|_| {
                Failure("DISCORD_GUILD_ID is not a server id (a number)".to_string())
            })?),
            None => None,
        };
    if let Some(total) = &config.discord_shards {
        discord.shards =
            Some(ShardPlan::parse(total, config.discord_shard_range.as_deref()).map_err(Failure)?);
    }
    Ok(Some(discord))
}
