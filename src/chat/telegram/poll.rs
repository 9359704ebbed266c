//! Polling Telegram: one process at a time holds the polling lease, fetches updates from the
//! recorded offset, and handles them one after another, each recorded with the sends it owes.

use super::request::{Fault, classify, counted};
use super::{Adapter, PLATFORM, TelegramError};
use crate::bot::schedule;
use crate::games::Timestamp;
use crate::store::UpdateClaim;
use teloxide::payloads::GetUpdatesSetters;
use teloxide::prelude::Requester;
use teloxide::types::{AllowedUpdate, Update};
use tokio::sync::{Notify, watch};

/// The lease that lets one process at a time poll Telegram.
pub(super) const POLL_LEASE: &str = "telegram-poller";
/// The platform-state key of the last handled update id.
const LAST_UPDATE_KEY: &str = "last_update_id";
/// Telegram keeps an unconfirmed update for 24 hours; an older recorded id can only mislead
/// (after a week without updates Telegram may restart the ids below it).
const OFFSET_MAX_AGE_MS: i64 = 24 * 60 * 60 * 1000;

/// The `offset` for `getUpdates`: one past the last handled update, if that is recent.
fn offset_after(last: Option<(u32, Timestamp)>, now: Timestamp) -> Option<i32> {
    let (id, at) = last?;
    if now.ms_since(at) > OFFSET_MAX_AGE_MS {
        return None;
    }
    i32::try_from(id).ok().map(|id| id.saturating_add(1))
}

/// The name the `n`th adapter of this process holds the polling lease by: the process's host
/// and id (`schedule::holder_name`), so that a process restarted with the same host and id (a
/// container whose main process is always pid 1) is the same holder and takes a lease left by
/// its predecessor back at once; a second adapter in one process (tests) adds its number.
pub(super) fn lease_holder_name(n: u32) -> String {
    match n {
        0 => schedule::holder_name(),
        n => format!("{}/{n}", schedule::holder_name()),
    }
}

impl Adapter<'_> {
    /// The last handled update as recorded, and when.
    async fn recorded_offset(&self) -> Result<Option<(u32, Timestamp)>, TelegramError> {
        Ok(self
            .service
            .store()
            .platform_value(PLATFORM, LAST_UPDATE_KEY)
            .await?
            .and_then(|stored| Some((stored.value.parse::<u32>().ok()?, stored.updated_at))))
    }

    /// Whether this process may poll now: Telegram allows one poller per bot, so processes
    /// sharing a database take turns through a lease, renewed on every round and taken over
    /// when its holder stops renewing (it died).
    pub(super) async fn hold_lease(&self, holding: &mut bool) -> bool {
        let now = self.service.now();
        let lease = i64::try_from(self.lease.as_millis()).unwrap_or(i64::MAX / 2);
        match self
            .service
            .store()
            .take_lease(POLL_LEASE, &self.holder, now, now.plus(lease))
            .await
        {
            Ok(true) => {
                if !*holding {
                    tracing::info!(holder = %self.holder, "this process polls Telegram");
                }
                true
            }
            Ok(false) => {
                if *holding {
                    tracing::warn!("another process took over Telegram polling");
                    *holding = false;
                } else {
                    tracing::debug!("another process polls Telegram; standing by");
                }
                false
            }
            Err(error) => {
                tracing::warn!(%error, "cannot renew the polling lease; standing by");
                false
            }
        }
    }

    /// Long polling and a webhook exclude each other: a webhook left by an earlier run in
    /// webhook mode is deleted (its undelivered updates then come through `getUpdates`).
    /// False when shutdown came first.
    pub(super) async fn leave_webhook(&self) -> Result<bool, TelegramError> {
        loop {
            let info = self
                .call("getWebhookInfo", || {
                    self.bot.get_webhook_info().into_future()
                })
                .await;
            let fault = match info {
                Ok(info) if info.url.is_none() => return Ok(true),
                Ok(_) => match self
                    .call("deleteWebhook", || self.bot.delete_webhook().into_future())
                    .await
                {
                    Ok(_) => {
                        tracing::info!("the webhook was deleted: back to long polling");
                        return Ok(true);
                    }
                    Err(fault) => fault,
                },
                Err(fault) => fault,
            };
            match fault {
                Fault::InvalidToken => return Err(TelegramError::InvalidToken),
                Fault::Stopping => return Ok(false),
                fault => {
                    tracing::warn!(fault = %self.token.redact(&fault.to_string()), "cannot leave webhook mode");
                    if !self.shutdown.pause(self.retry.max_delay).await {
                        return Ok(false);
                    }
                }
            }
        }
    }

    /// Polls and sends side by side until shutdown: polling tells the sending side when it
    /// queued replies and whether this process holds the lease (only the holder sends).
    pub(super) async fn poll_loop(&self, bot_name: &str) -> Result<(), TelegramError> {
        let news = Notify::new();
        let (holding, held) = watch::channel(false);
        tokio::try_join!(
            self.poll_rounds(bot_name, &news, &holding),
            self.send_rounds(&news, held),
            self.board_rounds(self.board.as_ref(), bot_name, &news),
        )
        .map(drop)
    }

    async fn poll_rounds(
        &self,
        bot_name: &str,
        news: &Notify,
        holding: &watch::Sender<bool>,
    ) -> Result<(), TelegramError> {
        let mut last = None;
        let mut backoff = self.retry.first_delay;
        while !self.stopping() {
            let mut held = *holding.borrow();
            let holds = self.hold_lease(&mut held).await;
            if !holds {
                holding.send_replace(false);
                if !self.shutdown.pause(self.lease / 3).await {
                    break;
                }
                continue;
            }
            if !*holding.borrow() {
                // The other process moved the offset on while this one stood by.
                last = self.recorded_offset().await?;
                holding.send_replace(true);
            }
            let updates = tokio::select! {
                updates = self.poll(offset_after(last, self.service.now())) => updates,
                () = self.shutdown.stopped() => break,
            };
            let updates = match updates {
                Ok(updates) => updates,
                Err(Fault::InvalidToken) => return Err(TelegramError::InvalidToken),
                Err(fault) => {
                    tracing::warn!(fault = %self.token.redact(&fault.to_string()), "getUpdates failed");
                    if !self.shutdown.pause(backoff).await {
                        break;
                    }
                    backoff = self.retry.next_delay(backoff);
                    continue;
                }
            };
            backoff = self.retry.first_delay;
            for update in &updates {
                self.handle(update, bot_name).await?;
                last = Some((update.id.0, self.service.now()));
                news.notify_one();
                if self.stopping() {
                    // Later updates of the batch are fetched again from the recorded offset.
                    break;
                }
            }
        }
        holding.send_replace(false);
        Ok(())
    }

    async fn poll(&self, offset: Option<i32>) -> Result<Vec<Update>, Fault> {
        let timeout = u32::try_from(self.poll_timeout.as_secs()).unwrap_or(u32::MAX);
        let mut request = self
            .bot
            .get_updates()
            .timeout(timeout)
            .allowed_updates([AllowedUpdate::Message, AllowedUpdate::CallbackQuery]);
        if let Some(offset) = offset {
            request = request.offset(offset);
        }
        // One try: the loop around backs off and polls again.
        counted("getUpdates", request.into_future().await).map_err(|e| classify(&e))
    }

    /// Handles one update and records it as handled (the offset) together with its effects
    /// and the sends it owes, in one unit of work.
    async fn handle(&self, update: &Update, bot_name: &str) -> Result<(), TelegramError> {
        let store = self.service.store();
        let id = update.id.0.to_string();
        // After a switch from webhook mode, Telegram may still hold updates a process handled
        // but whose 200 it never heard: handled once is enough (one primary-key look-up).
        let pushed = store.update_state(PLATFORM, i64::from(update.id.0)).await?;
        if pushed == UpdateClaim::Done {
            tracing::debug!(update = update.id.0, "handled in webhook mode already");
            let now = self.service.now();
            store
                .record_platform_event(PLATFORM, LAST_UPDATE_KEY, &id, &[], now)
                .await?;
            return Ok(());
        }
        self.handle_once(update, bot_name, "polled", |unit, outbox| {
            let (id, now) = (id.clone(), self.service.now());
            async move {
                unit.record_platform_event(PLATFORM, LAST_UPDATE_KEY, &id, &outbox, now)
                    .await?;
                Ok(true)
            }
        })
        .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_restarted_process_is_the_same_lease_holder() {
        assert_eq!(lease_holder_name(0), schedule::holder_name());
        assert_ne!(lease_holder_name(1), lease_holder_name(0));
    }

    #[test]
    fn a_stale_offset_is_not_used() {
        let at = Timestamp::from_millis;
        assert_eq!(offset_after(None, at(0)), None);
        assert_eq!(offset_after(Some((41, at(1_000))), at(2_000)), Some(42));
        assert_eq!(
            offset_after(Some((41, at(0))), at(OFFSET_MAX_AGE_MS + 1)),
            None
        );
    }
}
