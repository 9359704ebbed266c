//! Where and how to reach Telegram, and what stops the adapter for good.

use crate::chat::board::BoardInbox;
use crate::chat::pacing::Limits;
use crate::chat::shared::{PlatformLink, RetryPolicy, Secret};
use crate::store::StoreError;
use std::time::Duration;

pub use super::webhook::WebhookConfig;

/// Telegram's retries: flood control may ask for a minute, and nothing waits on an answer
/// but the chat's own queue.
pub(super) const DEFAULT_RETRY: RetryPolicy = RetryPolicy {
    attempts: 5,
    first_delay: Duration::from_millis(500),
    max_delay: Duration::from_secs(30),
    max_retry_after: Duration::from_secs(60),
};

/// Where and how to reach Telegram.
#[derive(Clone, Debug)]
pub struct TelegramConfig {
    pub(super) token: Secret,
    /// Another Bot API server (self-hosted, or a test's stand-in); Telegram's by default.
    pub api_url: Option<String>,
    /// How long one `getUpdates` waits for news.
    pub poll_timeout: Duration,
    /// How long any one HTTP request may take; longer than `poll_timeout`.
    pub request_timeout: Duration,
    pub retry: RetryPolicy,
    /// How often the daily posts are looked at.
    pub daily_every: Duration,
    /// How long this process may poll without renewing its claim; another process sharing
    /// the database takes over after that (longer than `poll_timeout`).
    pub poll_lease: Duration,
    /// How fast messages may go out (Telegram's published limits by default).
    pub limits: Limits,
    /// Raised while Telegram takes the token and updates flow; `/readyz` reads it.
    pub link: PlatformLink,
    /// Webhook mode ([`super::webhook()`]); long polling when `None`.
    pub webhook: Option<WebhookConfig>,
    /// The board app's lines for this platform's chats ([`crate::chat::board::board_lines`]).
    pub board: Option<BoardInbox>,
    /// Where a game picture's board button leads (`KIBITZ_BOARD_URL`,
    /// `TELEGRAM_MINIAPP_URL`); no button when `None`.
    pub board_links: Option<BoardLinks>,
}

impl TelegramConfig {
    pub fn new(token: impl Into<String>) -> Self {
        TelegramConfig {
            token: Secret::new(token),
            api_url: None,
            poll_timeout: Duration::from_secs(25),
            request_timeout: Duration::from_secs(40),
            retry: DEFAULT_RETRY,
            daily_every: Duration::from_secs(30),
            poll_lease: Duration::from_secs(60),
            limits: Limits::default(),
            link: PlatformLink::default(),
            webhook: None,
            board: None,
            board_links: None,
        }
    }
}

/// Where the board app is reached from Telegram: its page (`KIBITZ_BOARD_URL`, the public
/// `https://` address of the listener's `/app/`), opened by a web app button in a private
/// chat; and the Mini App's direct link (`TELEGRAM_MINIAPP_URL`, `https://t.me/<bot>/<app>`,
/// set up with BotFather), the only way a group's button can open it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardLinks {
    page: url::Url,
    direct: Option<url::Url>,
}

impl BoardLinks {
    pub fn new(page: &str, direct: Option<&str>) -> Result<BoardLinks, TelegramError> {
        let parse = |name: &str, text: &str| {
            url::Url::parse(text.trim())
                .ok()
                .filter(|url| matches!(url.scheme(), "https" | "http"))
                .ok_or_else(|| {
                    TelegramError::BadBoardUrl(format!("{name} is not an https:// address"))
                })
        };
        Ok(BoardLinks {
            page: parse("KIBITZ_BOARD_URL", page)?,
            direct: direct
                .map(|d| parse("TELEGRAM_MINIAPP_URL", d))
                .transpose()?,
        })
    }

    /// The page on `opens` (a game, a puzzle).
    pub(super) fn page_for(&self, opens: crate::bot::BoardOpens) -> String {
        let mut url = self.page.clone();
        let (name, value) = opens.query();
        url.query_pairs_mut().clear().append_pair(name, &value);
        url.to_string()
    }

    /// The direct link that opens the Mini App on `opens`.
    pub(super) fn direct_for(&self, opens: crate::bot::BoardOpens) -> Option<String> {
        let mut url = self.direct.clone()?;
        url.query_pairs_mut()
            .clear()
            .append_pair("startapp", &opens.param());
        Some(url.to_string())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum TelegramError {
    #[error("TELEGRAM_API_URL is not a usable URL: {0}")]
    BadApiUrl(String),
    #[error("cannot set up the HTTP client: {0}")]
    Client(String),
    #[error("TELEGRAM_WEBHOOK_URL cannot be used: {0}")]
    BadWebhook(String),
    #[error("the board app's address cannot be used: {0}")]
    BadBoardUrl(String),
    #[error("Telegram refused the bot token (check TELEGRAM_BOT_TOKEN)")]
    InvalidToken,
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_config_does_not_show_the_token() {
        let config = TelegramConfig::new("123:SECRET");
        assert!(!format!("{config:?}").contains("SECRET"));
    }
}
