//! Lines the board app says in a Telegram chat for a player (a move tapped on the board),
//! answered as a typed line is: the service's changes and the sends its replies need commit
//! in one unit of work, then the sender delivers them in the chat's lane.

use super::format::plan;
use super::links::chat_links;
use super::{Adapter, PLATFORM};
use crate::bot::{Incoming, Outgoing};
use crate::chat::board::{BoardInbox, BoardLine};
use crate::store::{NewOutboxItem, StoreResult};
use tokio::sync::Notify;

impl Adapter<'_> {
    /// Answers the board's lines as they come, until shutdown; those in hand then finish.
    pub(super) async fn board_rounds(
        &self,
        inbox: Option<&BoardInbox>,
        bot_name: &str,
        news: &Notify,
    ) -> Result<(), super::TelegramError> {
        let Some(inbox) = inbox else {
            return Ok(());
        };
        inbox
            .answer_each(&self.shutdown, |line| {
                self.on_board_line(line, bot_name, news)
            })
            .await;
        Ok(())
    }

    async fn on_board_line(&self, line: BoardLine, bot_name: &str, news: &Notify) {
        let replies = match self.answer_board_line(&line.incoming, bot_name).await {
            Ok(replies) => {
                news.notify_one();
                replies
            }
            Err(error) => {
                tracing::warn!(%error, chat = %line.incoming.chat.id, "a board line failed");
                Vec::new()
            }
        };
        // The page may have gone: nothing to tell it then.
        let _ = line.answer.send(replies);
    }

    /// Handles `incoming` and queues its replies' sends in one unit of work, tried again (up
    /// to four times) when the database fails; the replies.
    async fn answer_board_line(
        &self,
        incoming: &Incoming,
        bot_name: &str,
    ) -> StoreResult<Vec<Outgoing>> {
        let chat: i64 = incoming.chat.id.parse().unwrap_or_default();
        let user: i64 = incoming.user.id.parse().unwrap_or_default();
        let thread = incoming.chat.thread.as_deref().and_then(|t| t.parse().ok());
        let link = Some(chat_links(bot_name, chat, self.board_links.as_ref()));
        let mut tries = 0;
        loop {
            let attempt = async {
                let unit = self.service.store().begin_unit().await?;
                let work = self.service.handle(incoming);
                let (replies, deferred) = self.service.within_unit(&unit, work).await;
                let sends = replies
                    .iter()
                    .flat_map(|reply| plan(reply, chat, user, thread, link.as_ref()));
                let outbox = queued(sends);
                unit.queue_outbox(PLATFORM, &outbox, self.service.now())
                    .await?;
                unit.commit_unit().await?;
                Ok::<_, crate::store::StoreError>((replies, deferred))
            };
            match attempt.await {
                Ok((replies, deferred)) => {
                    self.service.committed(deferred);
                    return Ok(replies);
                }
                Err(error) if tries < 3 => {
                    tries += 1;
                    tracing::warn!(%error, "cannot record a board line; handling it again");
                    tokio::time::sleep(self.retry.first_delay * tries).await;
                }
                Err(error) => return Err(error),
            }
        }
    }
}

/// The outbox rows of `sends`; a send that cannot be kept is logged and left out.
pub(super) fn queued(
    sends: impl IntoIterator<Item = (super::delivery::Delivery, Option<Vec<u8>>)>,
) -> Vec<NewOutboxItem> {
    let mut outbox = Vec::new();
    for (delivery, attachment) in sends {
        match delivery.queued(attachment) {
            Ok(item) => outbox.push(item),
            Err(error) => tracing::error!(%error, "cannot queue a reply"),
        }
    }
    outbox
}
