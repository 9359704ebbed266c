//! Where and how to reach Discord, which shards this process runs, and what stops the
//! adapter for good.

use crate::chat::board::{BoardInbox, SessionKey};
use crate::chat::shared::{PlatformLink, RetryPolicy, Secret};
use std::time::Duration;

/// Discord's retries: an interaction token lives 15 minutes, and the speaker waits for the
/// answer.
pub(super) const DEFAULT_RETRY: RetryPolicy = RetryPolicy {
    attempts: 5,
    first_delay: Duration::from_millis(300),
    max_delay: Duration::from_secs(5),
    // Waiting longer than this loses the conversation's thread anyway.
    max_retry_after: Duration::from_secs(30),
};

/// Where and how to reach Discord.
#[derive(Clone, Debug)]
pub struct DiscordConfig {
    pub(super) token: Secret,
    /// Another base URL than `https://discord.com` (a test's stand-in). It turns off
    /// serenity's rate limiter, which ignores any other base.
    pub api_base: Option<String>,
    /// Registers the commands in this guild only (instant), else globally (slow to appear).
    pub guild_id: Option<u64>,
    /// How long the service may take before the interaction is deferred.
    pub defer_after: Duration,
    pub request_timeout: Duration,
    pub retry: RetryPolicy,
    /// How often the daily posts are looked at.
    pub daily_every: Duration,
    /// The gateway shards this process runs; `None`: the one shard of a small bot.
    pub shards: Option<ShardPlan>,
    /// Raised while the gateway is connected; `/readyz` reads it.
    pub link: PlatformLink,
    /// The board app, where the HTTP listener serves it: game pictures get a Board button.
    pub board: Option<DiscordBoard>,
}

/// The board app as the Discord adapter offers it.
#[derive(Clone)]
pub struct DiscordBoard {
    /// The board's lines for Discord channels (moves tapped on the page).
    pub inbox: BoardInbox,
    /// The application has an Activity (`DISCORD_ACTIVITY=on`): the Board button launches it.
    pub activity: bool,
    /// The page's public address (`https://…/app/`): without an Activity, the Board button
    /// answers with a link there.
    pub page: Option<url::Url>,
    /// Signs the links' launch tickets.
    pub key: SessionKey,
}

impl std::fmt::Debug for DiscordBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordBoard")
            .field("activity", &self.activity)
            .field("page", &self.page)
            .finish_non_exhaustive()
    }
}

/// A process's part of a sharded bot: shards `first..=last` of `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardPlan {
    pub total: u32,
    pub first: u32,
    pub last: u32,
}

impl ShardPlan {
    /// Reads `DISCORD_SHARDS` (the total) and `DISCORD_SHARD_RANGE` (`first..last`, both
    /// included; all shards when left out).
    pub fn parse(total: &str, range: Option<&str>) -> Result<ShardPlan, String> {
        let total: u32 = total
            .trim()
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("DISCORD_SHARDS must be a number of shards, not {total:?}"))?;
        let (first, last) = match range {
            None => (0, total - 1),
            Some(range) => {
                let bad = || format!("DISCORD_SHARD_RANGE must be first..last, not {range:?}");
                let (first, last) = range.trim().split_once("..").ok_or_else(bad)?;
                let first: u32 = first.trim().parse().map_err(|_| bad())?;
                let last: u32 = last
                    .trim()
                    .trim_start_matches('=')
                    .parse()
                    .map_err(|_| bad())?;
                (first, last)
            }
        };
        if first > last || last >= total {
            return Err(format!(
                "DISCORD_SHARD_RANGE {first}..{last} does not fit {total} shards (0..{})",
                total - 1
            ));
        }
        Ok(ShardPlan { total, first, last })
    }
}

impl DiscordConfig {
    pub fn new(token: impl Into<String>) -> Self {
        DiscordConfig {
            token: Secret::new(token),
            api_base: None,
            guild_id: None,
            defer_after: Duration::from_millis(1500),
            request_timeout: Duration::from_secs(15),
            retry: DEFAULT_RETRY,
            daily_every: Duration::from_secs(30),
            shards: None,
            link: PlatformLink::default(),
            board: None,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DiscordError {
    #[error("DISCORD_API_BASE is not a usable URL: {0}")]
    BadApiBase(String),
    #[error("cannot set up the HTTP client: {0}")]
    Client(String),
    #[error("Discord refused the bot token (check DISCORD_TOKEN)")]
    InvalidToken,
    #[error("Discord gateway: {0}")]
    Gateway(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_plans_read_and_refuse_what_does_not_fit() {
        assert_eq!(
            ShardPlan::parse("4", Some("2..3")),
            Ok(ShardPlan {
                total: 4,
                first: 2,
                last: 3
            })
        );
        assert_eq!(
            ShardPlan::parse("2", None),
            Ok(ShardPlan {
                total: 2,
                first: 0,
                last: 1
            })
        );
        assert_eq!(ShardPlan::parse("2", Some("1..=1")).map(|p| p.first), Ok(1));
        assert!(ShardPlan::parse("0", None).is_err());
        assert!(ShardPlan::parse("2", Some("1..2")).is_err());
        assert!(ShardPlan::parse("4", Some("3..1")).is_err());
        assert!(ShardPlan::parse("four", None).is_err());
    }

    #[test]
    fn the_config_does_not_show_the_token() {
        let config = DiscordConfig::new("SECRET.TOKEN");
        assert!(!format!("{config:?}").contains("SECRET"));
    }
}
