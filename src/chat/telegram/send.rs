//! Sending the outbox: whenever this process holds the polling lease, one lane per chat,
//! each send deleted from the outbox once Telegram took it.

use super::delivery::Delivery;
use super::format::{entities, markup};
use super::outbox::{Lane, Lanes};
use super::request::Fault;
use super::{Adapter, PLATFORM};
use crate::chat::telegram::TelegramError;
use crate::store::OutboxItem;
use futures_util::StreamExt;
use futures_util::stream::FuturesUnordered;
use std::time::Instant;
use teloxide::payloads::{
    EditMessageMediaSetters, EditMessageTextSetters, SendAnimationSetters, SendDocumentSetters,
    SendMessageSetters, SendPhotoSetters,
};
use teloxide::prelude::Requester;
use teloxide::types::{CallbackQueryId, ChatId, InputFile, InputMedia, InputMediaPhoto, MessageId};
use tokio::sync::{Notify, watch};

/// How many outbox rows one read brings in.
const OUTBOX_BATCH: i64 = 256;

/// `kibitz_outbox_depth`: the outbox rows this process's sender has read and not yet
/// delivered or dropped (0 while it does not hold the lease and sends nothing).
fn show_depth(depth: usize) {
    metrics::gauge!("kibitz_outbox_depth", "platform" => PLATFORM.as_str()).set(depth as f64);
}

impl Adapter<'_> {
    /// The sending side: whenever this process holds the lease, sends the outbox, one lane
    /// per chat, until shutdown.
    pub(super) async fn send_rounds(
        &self,
        news: &Notify,
        mut held: watch::Receiver<bool>,
    ) -> Result<(), TelegramError> {
        loop {
            tokio::select! {
                holds = held.wait_for(|holds| *holds) => if holds.is_err() { return Ok(()) },
                () = self.shutdown.stopped() => return Ok(()),
            }
            let sent = self.send_while_holding(news, &mut held).await;
            // The rows left belong to whoever holds the lease next.
            show_depth(0);
            sent?;
            if self.stopping() {
                return Ok(());
            }
        }
    }

    /// Sends what the outbox holds until shutdown or until the lease is lost, letting the
    /// sends on their way finish; what is not sent stays queued.
    async fn send_while_holding(
        &self,
        news: &Notify,
        held: &mut watch::Receiver<bool>,
    ) -> Result<(), TelegramError> {
        // Rows queued by others (another process's daily posts) or committed out of id order
        // are found by reading the outbox from its start now and then.
        let rescan_every = self.rescan_every;
        let mut lanes = Lanes::default();
        let mut sending = FuturesUnordered::new();
        let (mut read_new, mut read_all) = (true, true);
        let mut rescan_at = Instant::now() + rescan_every;
        loop {
            let go_on = !self.stopping() && *held.borrow();
            if go_on && (read_new || read_all) {
                read_new = self.read_outbox(&mut lanes, read_all).await;
                read_all = false;
            }
            if go_on {
                for (lane, item) in lanes.ready(Instant::now()) {
                    sending.push(async move {
                        let outcome = self.send(&item).await;
                        (lane, item, outcome)
                    });
                }
            }
            if !go_on && sending.is_empty() {
                return Ok(());
            }
            let wake = lanes.next_wake().unwrap_or(rescan_at).min(rescan_at);
            tokio::select! {
                Some((lane, item, outcome)) = sending.next() => {
                    self.sent(&mut lanes, lane, item, outcome).await?;
                }
                () = news.notified() => read_new = true,
                () = tokio::time::sleep_until(wake.into()) => {
                    if Instant::now() >= rescan_at {
                        read_all = true;
                        rescan_at = Instant::now() + rescan_every;
                    }
                }
                () = self.shutdown.stopped(), if !self.stopping() => {}
                changed = held.changed() => if changed.is_err() { return Ok(()) },
            }
        }
    }

    /// Reads the outbox into `lanes`: what came after the rows read so far, and with
    /// `from_start` the whole outbox again. Whether more than one batch waits (read on).
    async fn read_outbox(&self, lanes: &mut Lanes, from_start: bool) -> bool {
        let store = self.service.store();
        let mut read = Ok(Vec::new());
        if from_start {
            read = store.outbox_after(PLATFORM, 0, OUTBOX_BATCH).await;
        }
        if let Ok(items) = &mut read {
            match store.outbox_after(PLATFORM, lanes.seen, OUTBOX_BATCH).await {
                Ok(newer) => items.extend(newer),
                Err(error) => read = Err(error),
            }
        }
        match read {
            Ok(items) => {
                let full = items.len() as i64 >= OUTBOX_BATCH;
                lanes.add(items);
                show_depth(lanes.depth());
                full
            }
            Err(error) => {
                tracing::warn!(%error, "cannot read the outbox; trying again");
                false
            }
        }
    }

    /// A send is over: taken or refused for good, its row leaves the outbox; else its lane
    /// rests and tries it again.
    async fn sent(
        &self,
        lanes: &mut Lanes,
        lane: Lane,
        item: OutboxItem,
        outcome: Result<(), Fault>,
    ) -> Result<(), TelegramError> {
        let retry = match outcome {
            Ok(()) => false,
            Err(Fault::Permanent(why)) => {
                tracing::warn!(why = %self.token.redact(&why), item = item.id, bytes = item.payload.len(), "a reply cannot be delivered; dropped");
                false
            }
            // teloxide reads any "Not Found" as a bad token, but a proxy without one method
            // answers so too: only getMe judges the token; else it is this send's failure.
            Err(Fault::InvalidToken) if !self.token_still_taken().await => {
                return Err(TelegramError::InvalidToken);
            }
            Err(Fault::InvalidToken) => {
                tracing::warn!(
                    item = item.id,
                    "Telegram does not know a method this reply needs; dropped"
                );
                false
            }
            Err(Fault::Stopping) => true,
            Err(fault) => {
                tracing::warn!(fault = %self.token.redact(&fault.to_string()), item = item.id, "Telegram does not take this chat's replies now; they stay queued");
                true
            }
        };
        if !retry {
            self.service.store().remove_outbox_item(item.id).await?;
        }
        lanes.finish(lane, item, retry, &self.retry);
        show_depth(lanes.depth());
        Ok(())
    }

    /// Sends one queued row; a group that became a supergroup is followed once.
    async fn send(&self, item: &OutboxItem) -> Result<(), Fault> {
        let delivery: Delivery = serde_json::from_str(&item.payload)
            .map_err(|e| Fault::Permanent(format!("unreadable outbox entry: {e}")))?;
        self.send_delivery(&delivery, item).await
    }

    /// Sends `delivery` (with `item`'s attachment); a group that became a supergroup is
    /// followed once. Where the Bot API in use lacks the method a picture or an animation
    /// needs (a proxy answering "Not Found"), the reply goes in a plainer form: a replay as a
    /// document, then its caption as text; a picture as its caption, with its buttons.
    async fn send_delivery(&self, delivery: &Delivery, item: &OutboxItem) -> Result<(), Fault> {
        let mut delivery = std::borrow::Cow::Borrowed(delivery);
        let mut chat_override = None;
        loop {
            match self.deliver(&delivery, item, chat_override).await {
                Err(Fault::Migrated(new_chat)) if chat_override.is_none() => {
                    tracing::info!(chat = new_chat.0, "the group became a supergroup");
                    chat_override = Some(new_chat);
                }
                Err(fault) if method_missing(&fault) => match delivery.plainer() {
                    Some(plainer) => {
                        tracing::warn!(
                            item = item.id,
                            "a Bot API method is missing; sending the reply plainer"
                        );
                        delivery = std::borrow::Cow::Owned(plainer);
                    }
                    None => return Err(fault),
                },
                other => return other,
            }
        }
    }

    /// Whether Telegram still takes the bot's token, by `getMe` alone: a fault that does not
    /// say otherwise (the network) leaves it taken.
    async fn token_still_taken(&self) -> bool {
        let asked = self.call("getMe", || self.bot.get_me().into_future()).await;
        !matches!(asked, Err(Fault::InvalidToken))
    }

    /// One try at a send, to `chat_override` instead of its chat when given.
    async fn deliver(
        &self,
        delivery: &Delivery,
        item: &OutboxItem,
        chat_override: Option<ChatId>,
    ) -> Result<(), Fault> {
        match delivery {
            Delivery::Answer { callback } => self
                .call("answerCallbackQuery", || {
                    self.bot
                        .answer_callback_query(CallbackQueryId(callback.clone()))
                        .into_future()
                })
                .await
                .map(drop),
            Delivery::Text {
                chat,
                text,
                keyboard,
                spoilers,
                mentions,
                thread,
            } => {
                let chat = chat_override.unwrap_or(ChatId(*chat));
                let thread = thread.filter(|_| chat_override.is_none()).map(topic);
                let markup = markup(keyboard);
                let found = entities(text, spoilers, mentions);
                self.call_paced(chat.0, "sendMessage", || {
                    let mut request = self.bot.send_message(chat, text.clone());
                    if let Some(thread) = thread {
                        request = request.message_thread_id(thread);
                    }
                    if !found.is_empty() {
                        request = request.entities(found.clone());
                    }
                    if let Some(markup) = &markup {
                        request = request.reply_markup(markup.clone());
                    }
                    request.into_future()
                })
                .await
                .map(drop)
            }
            Delivery::Photo {
                chat,
                caption,
                keyboard,
                spoilers,
                mentions,
                thread,
            } => {
                let chat = chat_override.unwrap_or(ChatId(*chat));
                let thread = thread.filter(|_| chat_override.is_none()).map(topic);
                let png = item.attachment.clone().unwrap_or_default();
                let markup = markup(keyboard);
                let found = entities(caption, spoilers, mentions);
                self.call_paced(chat.0, "sendPhoto", || {
                    let photo = InputFile::memory(png.clone()).file_name("board.png");
                    let mut request = self.bot.send_photo(chat, photo);
                    if let Some(thread) = thread {
                        request = request.message_thread_id(thread);
                    }
                    if !caption.is_empty() {
                        request = request.caption(caption.clone());
                    }
                    if !found.is_empty() {
                        request = request.caption_entities(found.clone());
                    }
                    if let Some(markup) = &markup {
                        request = request.reply_markup(markup.clone());
                    }
                    request.into_future()
                })
                .await
                .map(drop)
            }
            Delivery::File {
                chat,
                name,
                caption,
                animation,
                thread,
            } => {
                let chat = chat_override.unwrap_or(ChatId(*chat));
                let thread = thread.filter(|_| chat_override.is_none()).map(topic);
                let bytes = item.attachment.clone().unwrap_or_default();
                let file = || InputFile::memory(bytes.clone()).file_name(name.clone());
                if *animation {
                    self.call_paced(chat.0, "sendAnimation", || {
                        let mut request = self.bot.send_animation(chat, file());
                        if let Some(thread) = thread {
                            request = request.message_thread_id(thread);
                        }
                        if !caption.is_empty() {
                            request = request.caption(caption.clone());
                        }
                        request.into_future()
                    })
                    .await
                    .map(drop)
                } else {
                    self.call_paced(chat.0, "sendDocument", || {
                        let mut request = self.bot.send_document(chat, file());
                        if let Some(thread) = thread {
                            request = request.message_thread_id(thread);
                        }
                        if !caption.is_empty() {
                            request = request.caption(caption.clone());
                        }
                        request.into_future()
                    })
                    .await
                    .map(drop)
                }
            }
            Delivery::EditPhoto {
                chat,
                message,
                caption,
                keyboard,
                spoilers,
                mentions,
                thread,
            } => {
                let png = item.attachment.clone().unwrap_or_default();
                let markup = markup(keyboard);
                let found = entities(caption, spoilers, mentions);
                let edited = self
                    .call_paced(*chat, "editMessageMedia", || {
                        let picture = InputFile::memory(png.clone()).file_name("board.png");
                        let mut media = InputMediaPhoto::new(picture);
                        if !caption.is_empty() {
                            media = media.caption(caption.clone());
                        }
                        if !found.is_empty() {
                            media = media.caption_entities(found.clone());
                        }
                        let mut request = self.bot.edit_message_media(
                            ChatId(*chat),
                            MessageId(*message),
                            InputMedia::Photo(media),
                        );
                        if let Some(markup) = &markup {
                            request = request.reply_markup(markup.clone());
                        }
                        request.into_future()
                    })
                    .await
                    .map(drop);
                let instead = Delivery::Photo {
                    chat: *chat,
                    caption: caption.clone(),
                    keyboard: keyboard.clone(),
                    spoilers: spoilers.clone(),
                    mentions: mentions.clone(),
                    thread: *thread,
                };
                self.edited(edited, &instead, item).await
            }
            Delivery::EditText {
                chat,
                message,
                text,
                keyboard,
                spoilers,
                mentions,
                thread,
            } => {
                let markup = markup(keyboard);
                let found = entities(text, spoilers, mentions);
                let edited = self
                    .call_paced(*chat, "editMessageText", || {
                        let mut request =
                            self.bot
                                .edit_message_text(ChatId(*chat), MessageId(*message), text);
                        if !found.is_empty() {
                            request = request.entities(found.clone());
                        }
                        if let Some(markup) = &markup {
                            request = request.reply_markup(markup.clone());
                        }
                        request.into_future()
                    })
                    .await
                    .map(drop);
                let instead = Delivery::Text {
                    chat: *chat,
                    text: text.clone(),
                    keyboard: keyboard.clone(),
                    spoilers: spoilers.clone(),
                    mentions: mentions.clone(),
                    thread: *thread,
                };
                self.edited(edited, &instead, item).await
            }
            Delivery::LiveText {
                chat,
                name,
                text,
                thread,
            } => {
                let chat = chat_override.unwrap_or(ChatId(*chat));
                let thread = thread.filter(|_| chat_override.is_none()).map(topic);
                let sent = self
                    .call_paced(chat.0, "sendMessage", || {
                        let mut request = self.bot.send_message(chat, text.clone());
                        if let Some(thread) = thread {
                            request = request.message_thread_id(thread);
                        }
                        request.into_future()
                    })
                    .await?;
                let store = self.service.store();
                let message = sent.id.0.to_string();
                if let Err(error) = store
                    .keep_message(PLATFORM, name, &message, self.service.now())
                    .await
                {
                    // Sent: it stays as it is, not edited later.
                    tracing::warn!(item = item.id, %error, "a live message's id was not kept");
                }
                Ok(())
            }
            Delivery::LiveEdit { chat, name, text } => {
                let kept = match self.service.store().kept_message(PLATFORM, name).await {
                    Ok(kept) => kept,
                    Err(error) => {
                        tracing::warn!(item = item.id, %error, "a live message's id is unreadable");
                        None
                    }
                };
                let Some(message) = kept.and_then(|id| id.parse::<i32>().ok()) else {
                    return Ok(());
                };
                let edited = self
                    .call_paced(*chat, "editMessageText", || {
                        self.bot
                            .edit_message_text(ChatId(*chat), MessageId(message), text)
                            .into_future()
                    })
                    .await
                    .map(drop);
                match edited {
                    // Gone, too old, unchanged: the next edit or the result says the rest.
                    Err(Fault::Permanent(_) | Fault::Migrated(_)) => Ok(()),
                    other => other,
                }
            }
            Delivery::ClearKeyboard { chat, message } => {
                let cleared = self
                    .call_paced(*chat, "editMessageReplyMarkup", || {
                        self.bot
                            .edit_message_reply_markup(ChatId(*chat), MessageId(*message))
                            .into_future()
                    })
                    .await
                    .map(drop);
                match cleared {
                    Err(Fault::Permanent(why)) if unchanged(&why) => Ok(()),
                    other => other,
                }
            }
        }
    }

    /// What an edit came to: done, or already so; where Telegram cannot edit the message
    /// (deleted, too old, the group moved), the reply is sent as a new message instead, so
    /// nothing the service said is lost.
    async fn edited(
        &self,
        edited: Result<(), Fault>,
        instead: &Delivery,
        item: &OutboxItem,
    ) -> Result<(), Fault> {
        match edited {
            Err(Fault::Permanent(why)) if unchanged(&why) => Ok(()),
            Err(Fault::Permanent(_) | Fault::Migrated(_)) => {
                tracing::info!(
                    item = item.id,
                    "the pressed message cannot be edited; sent anew"
                );
                Box::pin(self.send_delivery(instead, item)).await
            }
            other => other,
        }
    }
}

/// Telegram's answer to an edit that changes nothing (a page pressed twice).
fn unchanged(why: &str) -> bool {
    why.contains("message is not modified")
}

/// The forum topic numbered `id` as teloxide names it.
fn topic(id: i32) -> teloxide::types::ThreadId {
    teloxide::types::ThreadId(teloxide::types::MessageId(id))
}

/// Whether a fault says the Bot API in use has no such method ("Not Found", which teloxide
/// reads as a bad token).
fn method_missing(fault: &Fault) -> bool {
    match fault {
        Fault::InvalidToken => true,
        Fault::Permanent(why) => why.starts_with("Not Found"),
        _ => false,
    }
}
