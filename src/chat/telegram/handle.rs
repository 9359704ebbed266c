//! One update, however it arrived (polled or pushed to the webhook), handled in one unit of
//! work: the service's changes (a move, say), the update's id and the sends its replies need
//! commit in one transaction, so a crash leaves either all of them or none (the update is then
//! delivered again and handled afresh).

use super::Adapter;
use super::board_lines::queued;
use super::delivery::Delivery;
use super::format::{plan, plan_pressed};
use super::links::chat_links;
use super::translate::translate;
use crate::bot::Incoming;
use crate::store::{NewOutboxItem, Store, StoreResult};
use std::future::Future;
use teloxide::types::Update;

impl Adapter<'_> {
    /// Handles `update` and, in the same unit of work, `record`s it as handled with the sends
    /// it owes (`record` answers whether it could; when not, nothing of the handling stays).
    /// A unit the database fails is handled again from the start, up to four times, waiting a
    /// little longer each time: a database that hiccups loses nothing and repeats nothing.
    pub(super) async fn handle_once<F, Fut>(
        &self,
        update: &Update,
        bot_name: &str,
        what: &str,
        record: F,
    ) -> StoreResult<bool>
    where
        F: Fn(Store, Vec<NewOutboxItem>) -> Fut,
        Fut: Future<Output = StoreResult<bool>>,
    {
        // What only Telegram can say is asked before the unit begins: no network call runs
        // while it holds the database.
        let asked = self.asked(update, bot_name).await;
        let mut tries = 0;
        loop {
            let attempt = async {
                let unit = self.service.store().begin_unit().await?;
                let work = self.replies_to(update, asked.as_ref(), bot_name);
                let (outbox, deferred) = self.service.within_unit(&unit, work).await;
                if record(unit.clone(), outbox).await? {
                    unit.commit_unit().await?;
                    Ok(Some(deferred))
                } else {
                    unit.rollback_unit().await?;
                    Ok(None)
                }
            };
            match attempt.await {
                Ok(Some(deferred)) => {
                    self.service.committed(deferred);
                    return Ok(true);
                }
                Ok(None) => return Ok(false),
                Err(error) if tries < 3 => {
                    tries += 1;
                    tracing::warn!(%error, what, "cannot record a handled update; handling it again");
                    tokio::time::sleep(self.retry.first_delay * tries).await;
                }
                Err(error) => return Err(error),
            }
        }
    }

    /// The line of `update` as the service will be given it, with what the service cannot
    /// know without asking Telegram, asked for the commands that need it alone: a group's
    /// admins, and a daily link's group members (in a private chat; in a group the service
    /// refuses the link unasked).
    async fn asked(&self, update: &Update, bot_name: &str) -> Option<Incoming> {
        let event = translate(update, bot_name)?;
        let incoming = event.incoming?;
        let parsed = self.service.read(&incoming);
        let mut asked = incoming;
        if parsed.asks_admin() && !asked.admin {
            asked.admin = self.is_group_admin(event.chat, event.user).await;
        }
        if let Some(group) = parsed.needs_membership()
            && asked.chat.private
        {
            asked.membership = Some(self.membership(group, event.user).await);
        }
        Some(asked)
    }

    /// Has the service handle `asked`, the line of `update`, and returns the sends its
    /// replies need, the button's answer first.
    async fn replies_to(
        &self,
        update: &Update,
        asked: Option<&Incoming>,
        bot_name: &str,
    ) -> Vec<NewOutboxItem> {
        let mut sends = Vec::new();
        if let Some(event) = translate(update, bot_name) {
            // The spinner on the pressed button stops first, before the (slower) replies.
            if let Some(callback) = &event.callback {
                sends.push((
                    Delivery::Answer {
                        callback: callback.clone(),
                    },
                    None,
                ));
            }
            if let Some(asked) = asked {
                tracing::debug!(update = update.id.0, chat = %asked.chat.id, "handling");
                let link = Some(chat_links(bot_name, event.chat, self.board_links.as_ref()));
                let replies = self
                    .service
                    .handle_parsed(asked, self.service.read(asked))
                    .await;
                let thread = asked.chat.thread.as_deref().and_then(|t| t.parse().ok());
                for (index, reply) in replies.iter().enumerate() {
                    let (chat, user, link) = (event.chat, event.user, link.as_ref());
                    sends.extend(match event.pressed {
                        Some(pressed) if index == 0 => {
                            plan_pressed(reply, pressed, chat, user, thread, link)
                        }
                        _ => plan(reply, chat, user, thread, link),
                    });
                }
            }
        }
        queued(sends)
    }
}
