//! Who opened the board inside Discord: the Activity's Embedded App SDK asks the player to
//! authorise the app (scope `identify`) and hands the page a one-time code; the server, and
//! only it, exchanges the code for an access token with the application's client secret
//! (`POST /oauth2/token`) and asks Discord whose token it is (`GET /users/@me`). Nothing the
//! page says about the user is trusted; the token is used for that one question and dropped.

use crate::chat::shared::Secret;
use serde::Deserialize;
use std::time::Duration;

/// How long Discord may take to answer either request.
const ASK_LIMIT: Duration = Duration::from_secs(10);
/// A code longer than this is refused unsent (Discord's are 30 characters).
const CODE_LIMIT: usize = 256;

/// The Discord application the Activity belongs to, and how to reach Discord.
#[derive(Clone)]
pub struct DiscordApp {
    /// The application's id: the SDK needs it on the page, Discord with the secret.
    pub client_id: String,
    client_secret: Secret,
    /// `https://discord.com/api/v10`, or a stand-in's.
    api: String,
    http: reqwest::Client,
}

impl std::fmt::Debug for DiscordApp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordApp")
            .field("client_id", &self.client_id)
            .finish_non_exhaustive()
    }
}

/// The player a code stands for, as Discord names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiscordPlayer {
    pub id: String,
    pub name: String,
    pub handle: Option<String>,
    pub language: Option<String>,
}

/// Why a launch is refused. The text names no code or token (it may reach a log).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiscordLaunchError {
    #[error("Discord did not accept the authorisation code")]
    Refused,
    #[error("Discord could not be asked about the code")]
    Unreachable,
}

#[derive(Deserialize)]
struct Grant {
    access_token: String,
}

#[derive(Deserialize)]
struct Me {
    id: String,
    username: String,
    #[serde(default)]
    global_name: Option<String>,
    #[serde(default)]
    locale: Option<String>,
}

impl DiscordApp {
    /// The application `client_id` with its secret; `api_base` as the bot's REST client
    /// takes it (`https://discord.com`, or a stand-in's).
    pub fn new(
        client_id: impl Into<String>,
        client_secret: impl Into<String>,
        api_base: Option<&str>,
    ) -> Result<DiscordApp, String> {
        let base = api_base.unwrap_or("https://discord.com");
        let http = reqwest::Client::builder()
            .timeout(ASK_LIMIT)
            .build()
            .map_err(|error| format!("cannot set up the HTTP client: {error}"))?;
        Ok(DiscordApp {
            client_id: client_id.into(),
            client_secret: Secret::new(client_secret),
            api: format!("{}/api/v10", base.trim_end_matches('/')),
            http,
        })
    }

    /// The player whose authorisation `code` is.
    pub async fn player(&self, code: &str) -> Result<DiscordPlayer, DiscordLaunchError> {
        if code.is_empty() || code.len() > CODE_LIMIT {
            return Err(DiscordLaunchError::Refused);
        }
        let form = [
            ("client_id", self.client_id.as_str()),
            ("client_secret", self.client_secret.expose()),
            ("grant_type", "authorization_code"),
            ("code", code),
        ];
        let answer = self
            .http
            .post(format!("{}/oauth2/token", self.api))
            .form(&form)
            .send()
            .await
            .map_err(|_| DiscordLaunchError::Unreachable)?;
        let grant: Grant = refused_or(answer).await?;
        let answer = self
            .http
            .get(format!("{}/users/@me", self.api))
            .bearer_auth(&grant.access_token)
            .send()
            .await
            .map_err(|_| DiscordLaunchError::Unreachable)?;
        let me: Me = refused_or(answer).await?;
        if me.id.is_empty() || !me.id.bytes().all(|b| b.is_ascii_digit()) {
            return Err(DiscordLaunchError::Refused);
        }
        Ok(DiscordPlayer {
            id: me.id,
            name: me
                .global_name
                .filter(|name| !name.trim().is_empty())
                .unwrap_or_else(|| me.username.clone()),
            handle: Some(me.username),
            language: me.locale,
        })
    }
}

/// The body of a successful answer; a 4xx is a refusal, anything else Discord being away.
async fn refused_or<T: serde::de::DeserializeOwned>(
    answer: reqwest::Response,
) -> Result<T, DiscordLaunchError> {
    let status = answer.status();
    if status.is_client_error() {
        return Err(DiscordLaunchError::Refused);
    }
    if !status.is_success() {
        return Err(DiscordLaunchError::Unreachable);
    }
    answer
        .json()
        .await
        .map_err(|_| DiscordLaunchError::Unreachable)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_app_does_not_show_its_secret() {
        let app = DiscordApp::new("42", "SECRET-VALUE", None).unwrap();
        let shown = format!("{app:?}");
        assert!(shown.contains("42") && !shown.contains("SECRET"), "{shown}");
        assert_eq!(app.api, "https://discord.com/api/v10");
    }
}
