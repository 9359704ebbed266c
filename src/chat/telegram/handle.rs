//! One update, however it arrived (polled or pushed to the webhook): what the service
//! answers, turned into the sends it owes, ready to be queued in the outbox.

use super::Adapter;
use super::delivery::Delivery;
use super::format::{daily_link, plan, plan_pressed};
use super::translate::translate;
use crate::store::{NewOutboxItem, StoreResult};
use std::future::Future;
use teloxide::types::Update;

impl Adapter<'_> {
    /// Has the service handle `update` (it commits its own changes, e.g. a move) and returns
    /// the sends its replies need, the button's answer first.
    pub(super) async fn replies_to(&self, update: &Update, bot_name: &str) -> Vec<NewOutboxItem> {
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
            if let Some(incoming) = &event.incoming {
                tracing::debug!(update = update.id.0, chat = %incoming.chat.id, "handling");
                let link = daily_link(bot_name, event.chat);
                // What the service cannot know without asking Telegram, asked for the commands
                // that need it alone: a group's admins, and a daily link's group members (in
                // a private chat; in a group the service refuses the link unasked).
                let parsed = self.service.read(incoming);
                let mut asked = incoming.clone();
                if parsed.needs_admin() && !asked.admin {
                    asked.admin = self.is_group_admin(event.chat, event.user).await;
                }
                if let Some(group) = parsed.needs_membership()
                    && asked.chat.private
                {
                    asked.membership = Some(self.membership(group, event.user).await);
                }
                let replies = self.service.handle_parsed(&asked, parsed).await;
                let thread = incoming.chat.thread.as_deref().and_then(|t| t.parse().ok());
                for (index, reply) in replies.iter().enumerate() {
                    let (chat, user, link) = (event.chat, event.user, link.as_deref());
                    sends.extend(match event.pressed {
                        Some(pressed) if index == 0 => {
                            plan_pressed(reply, pressed, chat, user, thread, link)
                        }
                        _ => plan(reply, chat, user, thread, link),
                    });
                }
            }
        }
        let mut outbox = Vec::with_capacity(sends.len());
        for (delivery, attachment) in sends {
            match delivery.queued(attachment) {
                Ok(item) => outbox.push(item),
                Err(error) => tracing::error!(%error, "cannot queue a reply"),
            }
        }
        outbox
    }

    /// Runs `record`, the store write that ends an update's handling (it holds the replies),
    /// up to four times, waiting a little longer each time: a database that hiccups loses
    /// nothing the service already decided.
    pub(super) async fn recorded<T, F, Fut>(&self, what: &str, mut record: F) -> StoreResult<T>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = StoreResult<T>>,
    {
        let mut tries = 0;
        loop {
            match record().await {
                Err(error) if tries < 3 => {
                    tries += 1;
                    tracing::warn!(%error, what, "cannot record a handled update; trying again");
                    tokio::time::sleep(self.retry.first_delay * tries).await;
                }
                done => return done,
            }
        }
    }
}
