//! Webhook mode (`TELEGRAM_WEBHOOK_URL`): Telegram pushes each update to the URL, which any
//! number of processes behind a load balancer serve from their HTTP listeners.
//!
//! # Exactly once, across processes
//! Telegram retries an update until some process answers 200, and a load balancer may hand
//! one delivery to two processes; so every process that is given an update first claims it
//! in the database (`platform_updates`):
//! - a fresh update is claimed, handled, and then marked done in the one transaction that
//!   queues its replies in the outbox; only after that commit is Telegram answered 200, so a
//!   reply is never acknowledged before it is kept;
//! - an update someone already finished is answered 200 at once and not handled again;
//! - an update another process is handling right now is waited for (bounded), then answered
//!   200 if it got done, else 503 so that Telegram delivers it again later;
//! - a claim older than [`CLAIM_STALE`] and still not done belongs to a process that died
//!   mid-handling, and is taken over.
//!
//! A chat's updates are handled in their order: an update waits while an earlier update of
//! its chat is claimed and not done (by any process). Replies are sent by whichever process
//! holds the sending lease, from the shared outbox, one lane per chat in outbox order, as in
//! polling mode.
//!
//! The window left is the polling mode's: a process that dies after the service committed a
//! move and before its transaction above leaves the update to be handled again once its
//! claim goes stale (the second answer then explains, e.g. "not your turn").

use super::{Adapter, PLATFORM, TelegramError};
use crate::chat::shared::{Secret, hex};
use crate::store::UpdateClaim;
use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use futures_util::StreamExt;
use futures_util::stream::FuturesUnordered;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::sync::Arc;
use std::time::{Duration, Instant};
use teloxide::types::Update;
use tokio::sync::{Mutex, Notify, mpsc, oneshot, watch};

/// The header Telegram sends the webhook's secret in.
const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";
/// A claim this old that is not done was left by a process that died while handling it.
pub(super) const CLAIM_STALE: Duration = Duration::from_secs(30);
/// How long an update waits for another process's claim of it, or for an earlier update of
/// its chat, before it is answered 503 (Telegram tries it again) or goes ahead.
const WAIT_FOR_OTHERS: Duration = Duration::from_secs(10);
/// Updates one process handles at once; more wait in the HTTP listener (Telegram itself
/// sends at most `max_connections`, 40 by default, at a time).
const HANDLED_AT_ONCE: usize = 16;
/// Counts a push by what became of it (a closed set of outcomes: no ids, no text).
fn count_push(outcome: &'static str) {
    metrics::counter!("kibitz_webhook_updates_total", "outcome" => outcome).increment(1);
}

/// Claims older than this are forgotten: Telegram stops redelivering an update long before.
const CLAIMS_KEPT_FOR: Duration = Duration::from_secs(48 * 60 * 60);

/// An update handed from the HTTP listener to the adapter, and where its HTTP answer goes.
pub(super) struct Pushed {
    update: Update,
    answer: oneshot::Sender<StatusCode>,
}

/// The adapter's side of the webhook: where Telegram is told to push, the secret it must
/// send back, and the updates the listener received.
#[derive(Clone)]
pub struct WebhookConfig {
    pub(super) url: url::Url,
    pub(super) secret: Secret,
    pub(super) inbox: Arc<Mutex<mpsc::Receiver<Pushed>>>,
}

impl std::fmt::Debug for WebhookConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebhookConfig")
            .field("url", &self.url.as_str())
            .field("secret", &self.secret)
            .finish_non_exhaustive()
    }
}

/// The webhook's secret when the deployment sets none: derived from the token, so that every
/// process of the deployment agrees without another setting (Telegram allows `A-Z a-z 0-9 _ -`,
/// up to 256 characters).
pub fn derived_secret(token: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(token.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC takes a key of any length"));
    mac.update(b"kibitz telegram webhook");
    hex(&mac.finalize().into_bytes())
}

/// Whether `secret` is one Telegram accepts as `secret_token`.
fn usable_secret(secret: &str) -> bool {
    (1..=256).contains(&secret.len())
        && secret
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Sets up webhook mode for `url` (the public HTTPS address Telegram pushes to): the adapter's
/// configuration, and the route the HTTP listener serves at the URL's path.
pub fn webhook(
    url: &str,
    secret: impl Into<String>,
) -> Result<(WebhookConfig, Router), TelegramError> {
    let secret = Secret::new(secret);
    let url = url::Url::parse(url.trim())
        .map_err(|error| TelegramError::BadWebhook(format!("not a URL: {error}")))?;
    if !matches!(url.scheme(), "https" | "http") {
        return Err(TelegramError::BadWebhook(
            "it must be an https:// address".to_string(),
        ));
    }
    if !usable_secret(secret.expose()) {
        return Err(TelegramError::BadWebhook(
            "TELEGRAM_WEBHOOK_SECRET may hold only A-Z, a-z, 0-9, _ and -, at most 256".into(),
        ));
    }
    let (door, inbox) = mpsc::channel(HANDLED_AT_ONCE * 4);
    let route = Router::new()
        .route(url.path(), axum::routing::post(receive))
        .with_state(Arc::new(Door {
            secret: secret.clone(),
            updates: door,
        }));
    let config = WebhookConfig {
        url,
        secret,
        inbox: Arc::new(Mutex::new(inbox)),
    };
    Ok((config, route))
}

struct Door {
    secret: Secret,
    updates: mpsc::Sender<Pushed>,
}

/// Compares in time independent of where the texts differ.
fn same_secret(given: &[u8], expected: &[u8]) -> bool {
    given.len() == expected.len()
        && given
            .iter()
            .zip(expected)
            .fold(0u8, |diff, (a, b)| diff | (a ^ b))
            == 0
}

/// One push from Telegram: refused without the secret; else answered once the update's
/// replies are committed (or it was handled before).
async fn receive(State(door): State<Arc<Door>>, headers: HeaderMap, body: Bytes) -> StatusCode {
    let given = headers
        .get(SECRET_HEADER)
        .map(|value| value.as_bytes())
        .unwrap_or_default();
    if !same_secret(given, door.secret.expose().as_bytes()) {
        tracing::warn!("a webhook request without the right secret was refused");
        count_push("refused");
        return StatusCode::UNAUTHORIZED;
    }
    let update: Update = match serde_json::from_slice(&body) {
        Ok(update) => update,
        Err(error) => {
            // Redelivering it would not make it readable: acknowledged, and logged.
            tracing::warn!(%error, bytes = body.len(), "an unreadable webhook update was dropped");
            count_push("unreadable");
            return StatusCode::OK;
        }
    };
    let (answer, answered) = oneshot::channel();
    if door.updates.send(Pushed { update, answer }).await.is_err() {
        // The adapter is not running (stopping, or not started): another process takes it.
        count_push("stopping");
        return StatusCode::SERVICE_UNAVAILABLE;
    }
    answered.await.unwrap_or(StatusCode::SERVICE_UNAVAILABLE)
}

/// What became of a pushed update.
enum Outcome {
    /// Handled here; its replies are queued.
    Handled,
    /// Handled before (here or elsewhere).
    Repeated,
    /// Another process still has it.
    Busy,
}

impl Adapter<'_> {
    /// Tells Telegram to push to the webhook (every process does; it is the same call).
    pub(super) async fn set_webhook(&self, webhook: &WebhookConfig) -> Result<bool, TelegramError> {
        use teloxide::payloads::SetWebhookSetters;
        use teloxide::prelude::Requester;
        use teloxide::types::AllowedUpdate;
        loop {
            let set = self
                .call("setWebhook", || {
                    self.bot
                        .set_webhook(webhook.url.clone())
                        .secret_token(webhook.secret.expose())
                        .allowed_updates([AllowedUpdate::Message, AllowedUpdate::CallbackQuery])
                        .into_future()
                })
                .await;
            match set {
                Ok(_) => return Ok(true),
                Err(super::request::Fault::InvalidToken) => {
                    return Err(TelegramError::InvalidToken);
                }
                Err(super::request::Fault::Stopping) => return Ok(false),
                Err(fault) => {
                    tracing::warn!(fault = %self.token.redact(&fault.to_string()), "setWebhook failed");
                    if !self.shutdown.pause(self.retry.max_delay).await {
                        return Ok(false);
                    }
                }
            }
        }
    }

    /// Webhook mode until shutdown: pushed updates handled as they come, the lease decides
    /// which process sends the outbox.
    pub(super) async fn push_loop(
        &self,
        webhook: &WebhookConfig,
        bot_name: &str,
    ) -> Result<(), TelegramError> {
        let news = Notify::new();
        let (holding, held) = watch::channel(false);
        let mut inbox = webhook.inbox.lock().await;
        tokio::try_join!(
            self.lease_rounds(&holding),
            self.send_rounds(&news, held),
            self.pushed_rounds(&mut inbox, bot_name, &news),
            self.board_rounds(self.board.as_ref(), bot_name, &news),
        )
        .map(drop)
    }

    /// Holds the sending lease whenever it can, until shutdown, and forgets old claims.
    async fn lease_rounds(&self, holding: &watch::Sender<bool>) -> Result<(), TelegramError> {
        while !self.stopping() {
            let mut held = *holding.borrow();
            let holds = self.hold_lease(&mut held).await;
            holding.send_replace(holds);
            if holds {
                let kept = i64::try_from(CLAIMS_KEPT_FOR.as_millis()).unwrap_or(i64::MAX);
                if let Err(error) = self
                    .service
                    .store()
                    .forget_updates(self.service.now().minus(kept), 1_000)
                    .await
                {
                    tracing::warn!(%error, "cannot forget old webhook claims");
                }
            }
            if !self.shutdown.pause(self.lease / 3).await {
                break;
            }
        }
        holding.send_replace(false);
        Ok(())
    }

    /// Takes pushed updates, at most [`HANDLED_AT_ONCE`] at a time, until shutdown; those
    /// being handled then finish, and those not yet taken are answered 503.
    async fn pushed_rounds(
        &self,
        inbox: &mut mpsc::Receiver<Pushed>,
        bot_name: &str,
        news: &Notify,
    ) -> Result<(), TelegramError> {
        let mut handling = FuturesUnordered::new();
        let mut open = true;
        loop {
            if self.stopping() && open {
                // No new work: later pushes are refused at once (503: the balancer or
                // Telegram takes them elsewhere) and those waiting unread are refused too;
                // the updates being handled finish.
                inbox.close();
                while let Ok(pushed) = inbox.try_recv() {
                    count_push("stopping");
                    let _ = pushed.answer.send(StatusCode::SERVICE_UNAVAILABLE);
                }
                open = false;
            }
            if !open && handling.is_empty() {
                break;
            }
            let room = handling.len() < HANDLED_AT_ONCE;
            tokio::select! {
                pushed = inbox.recv(), if room && open => match pushed {
                    Some(pushed) => handling.push(self.on_pushed(pushed, bot_name, news)),
                    None => open = false,
                },
                Some(()) = handling.next() => {}
                () = self.shutdown.stopped(), if open => {}
            }
        }
        Ok(())
    }

    async fn on_pushed(&self, pushed: Pushed, bot_name: &str, news: &Notify) {
        let (status, outcome) = match self.handle_pushed(&pushed.update, bot_name).await {
            Ok(Outcome::Handled) => {
                news.notify_one();
                (StatusCode::OK, "handled")
            }
            Ok(Outcome::Repeated) => (StatusCode::OK, "repeated"),
            Ok(Outcome::Busy) => (StatusCode::SERVICE_UNAVAILABLE, "busy"),
            Err(error) => {
                tracing::warn!(update = pushed.update.id.0, %error, "a pushed update failed; Telegram will push it again");
                (StatusCode::INTERNAL_SERVER_ERROR, "failed")
            }
        };
        count_push(outcome);
        // The listener may have given up on the request (its client went away): nothing to do.
        let _ = pushed.answer.send(status);
    }

    async fn handle_pushed(
        &self,
        update: &Update,
        bot_name: &str,
    ) -> Result<Outcome, TelegramError> {
        let store = self.service.store();
        let id = i64::from(update.id.0);
        let chat = update
            .chat()
            .map(|chat| chat.id.0.to_string())
            .unwrap_or_default();
        let stale = i64::try_from(CLAIM_STALE.as_millis()).unwrap_or(i64::MAX / 2);
        let deadline = Instant::now() + WAIT_FOR_OTHERS;
        let now = self.service.now();
        let mut claim = store
            .claim_update(PLATFORM, id, &chat, &self.holder, now, now.minus(stale))
            .await?;
        // Another process has it: wait for it to be done, reading only (a claim it left stale
        // is taken over when Telegram pushes the update again).
        while claim == UpdateClaim::Busy {
            if Instant::now() >= deadline {
                return Ok(Outcome::Busy);
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
            claim = store.update_state(PLATFORM, id).await?;
        }
        if claim == UpdateClaim::Done {
            return Ok(Outcome::Repeated);
        }
        // An earlier update of the chat that is taking long (a process stuck on it) holds this
        // one up for a while at most: order is kept where it can be, no chat stalls for good.
        while !chat.is_empty()
            && Instant::now() < deadline
            && store
                .earlier_update_pending(PLATFORM, &chat, id, self.service.now().minus(stale))
                .await?
        {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let holder = self.holder.as_str();
        let finished = self
            .handle_once(update, bot_name, "pushed", |unit, outbox| {
                let now = self.service.now();
                async move { unit.finish_update(PLATFORM, id, holder, &outbox, now).await }
            })
            .await?;
        if !finished {
            // It took longer than CLAIM_STALE and another process took it over; that one
            // queues the replies.
            tracing::warn!(update = id, "a pushed update was taken over while handled");
            return Ok(Outcome::Repeated);
        }
        Ok(Outcome::Handled)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_derived_secret_is_stable_usable_and_hides_the_token() {
        let secret = derived_secret("123:TOKEN");
        assert_eq!(secret, derived_secret("123:TOKEN"));
        assert_ne!(secret, derived_secret("123:OTHER"));
        assert!(usable_secret(&secret));
        assert!(!secret.contains("TOKEN"));
        assert!(!usable_secret("has space"));
        assert!(!usable_secret(""));
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret(b"abc", b"abc"));
        assert!(!same_secret(b"abd", b"abc"));
        assert!(!same_secret(b"ab", b"abc"));
        assert!(!same_secret(b"", b"abc"));
    }

    #[test]
    fn a_webhook_needs_an_address_and_a_usable_secret() {
        let secret = || "s3cret";
        assert!(webhook("https://bot.example.org/telegram", secret()).is_ok());
        assert!(webhook("not a url", secret()).is_err());
        assert!(webhook("ftp://bot.example.org/telegram", secret()).is_err());
        assert!(webhook("https://bot.example.org/t", "no spaces").is_err());
    }
}
