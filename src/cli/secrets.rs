//! The secrets of the configuration, kept out of every error `kibitz run` prints.

use super::Failure;
use super::config::Config;

/// The secrets of `config` as they may appear in an error's text: the tokens, and the
/// password of `DATABASE_URL` (as written and percent-decoded).
pub fn secrets(config: &Config) -> Vec<String> {
    let mut secrets: Vec<String> = [
        &config.telegram_token,
        &config.discord_token,
        &config.telegram_webhook_secret,
        &config.session_secret,
    ]
    .into_iter()
    .flatten()
    .cloned()
    .collect();
    secrets.extend(crate::store::database_url_secrets(&config.database_url));
    secrets.retain(|secret| !secret.is_empty());
    secrets
}

/// `failure` with every secret of `config` blotted out: whatever library wrote the error
/// (a database driver echoing its URL, an HTTP client its request URL), stderr never shows
/// a password or token.
pub fn without_secrets(config: &Config, Failure(mut message): Failure) -> Failure {
    for secret in secrets(config) {
        message = message.replace(&secret, "<secret>");
    }
    Failure(message)
}
