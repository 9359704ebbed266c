//! The Telegram chat: long polling through teloxide's `Bot`, updates handled one at a time,
//! replies sent per chat side by side.
//!
//! A message or a pressed inline button becomes one [`Incoming`]; the service's replies are
//! turned into Telegram sends (texts split under the limits, pictures as photos, buttons as
//! inline keyboards whose callback data is the button's command line).
//!
//! # Exactly once
//! Each update goes through three steps:
//! 1. the service handles it (and commits its own changes, e.g. a move);
//! 2. one store transaction records the update id as handled *and* queues every send the
//!    replies need in an outbox;
//! 3. the outbox is drained: each send is deleted once Telegram took it.
//!
//! `getUpdates` asks from the recorded id + 1, so after a restart an update recorded in step 2
//! is never handled again, and the replies it still owed are still in the outbox, sent like
//! any other: nothing is lost and nothing repeated. What remains are two short
//! windows with no network in them: a crash between steps 1 and 2 makes Telegram deliver the
//! update again and the service handle it a second time (its reply then explains, e.g. "not
//! your turn"), and a crash between Telegram's answer to a send and the deletion of its row
//! sends that one reply twice. Recording the id *before* handling would turn the first window
//! into a lost update, and recording it after the sends would widen it to the whole delivery,
//! retries included. A send whose request timed out is ambiguous (Telegram may have taken
//! it); it is retried, preferring a rare duplicate to a lost reply.
//!
//! Updates are handled one after another, so the recorded id is always the last one handled.
//! Sending (step 3) runs beside polling, in one lane per chat: a lane sends its chat's
//! replies in outbox order, one at a time, and waits out that chat's flood control (a 429)
//! alone, while other chats' lanes go on and new updates keep being fetched and recorded.
//! Nothing in the argument above depends on the order between chats: each send is still
//! deleted only once Telegram took it, and a stop or crash leaves every unsent reply queued.
//! Only the process holding the polling lease sends, so two processes never send one reply.
//! Sends are paced under Telegram's limits ([`crate::chat::pacing`]) so that 429s are rare.

use crate::bot::schedule::{self, Poster};
use crate::bot::{
    Body, Button, ChatInfo, Incoming, Membership, Outgoing, Platform, Service, UserInfo,
};
use crate::chat::pacing::{Limits, Pacer};
use crate::store::{NewOutboxItem, OutboxItem, StoreError};
use futures_util::StreamExt;
use futures_util::stream::FuturesUnordered;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet, VecDeque};
use std::future::Future;
use std::ops::Range;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};
use teloxide::payloads::{
    GetUpdatesSetters, SendMessageSetters, SendPhotoSetters, SetMyCommandsSetters,
};
use teloxide::prelude::Requester;
use teloxide::types::{
    AllowedUpdate, BotCommand, CallbackQuery, CallbackQueryId, ChatId, ChatMember,
    InlineKeyboardButton, InlineKeyboardMarkup, InputFile, Message, MessageEntity,
    MessageEntityKind, Update, UpdateKind, User, UserId,
};
use teloxide::{ApiError, Bot, RequestError};
use tokio::sync::{Notify, watch};

const PLATFORM: &str = "telegram";
/// The lease that lets one process at a time poll Telegram.
const POLL_LEASE: &str = "telegram-poller";
/// The platform-state key of the last handled update id.
const LAST_UPDATE_KEY: &str = "last_update_id";
/// Telegram's limits, counted in UTF-16 code units.
const TEXT_LIMIT: usize = 4096;
const CAPTION_LIMIT: usize = 1024;
/// Callback data is 1-64 bytes.
const CALLBACK_DATA_LIMIT: usize = 64;
const BUTTONS_PER_ROW: usize = 4;
/// Telegram keeps an unconfirmed update for 24 hours; an older recorded id can only mislead
/// (after a week without updates Telegram may restart the ids below it).
const OFFSET_MAX_AGE_MS: i64 = 24 * 60 * 60 * 1000;
/// How many outbox rows one read brings in.
const OUTBOX_BATCH: i64 = 256;

/// How often and how patiently a failed request is tried again.
#[derive(Clone, Debug)]
pub struct RetryPolicy {
    /// Tries of one request before the adapter backs off as a whole.
    pub attempts: u32,
    /// The first pause after a network or server error; it doubles up to `max_delay`.
    pub first_delay: Duration,
    pub max_delay: Duration,
    /// The longest `retry_after` obeyed at once; longer waits are served in several turns.
    pub max_retry_after: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            attempts: 5,
            first_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(30),
            max_retry_after: Duration::from_secs(60),
        }
    }
}

/// Where and how to reach Telegram.
#[derive(Clone)]
pub struct TelegramConfig {
    token: String,
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
}

impl std::fmt::Debug for TelegramConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TelegramConfig")
            .field("token", &"<redacted>")
            .field("api_url", &self.api_url)
            .field("poll_timeout", &self.poll_timeout)
            .field("request_timeout", &self.request_timeout)
            .field("retry", &self.retry)
            .field("limits", &self.limits)
            .finish()
    }
}

impl TelegramConfig {
    pub fn new(token: impl Into<String>) -> Self {
        TelegramConfig {
            token: token.into(),
            api_url: None,
            poll_timeout: Duration::from_secs(25),
            request_timeout: Duration::from_secs(40),
            retry: RetryPolicy::default(),
            daily_every: Duration::from_secs(30),
            poll_lease: Duration::from_secs(60),
            limits: Limits::default(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum TelegramError {
    #[error("TELEGRAM_API_URL is not a usable URL: {0}")]
    BadApiUrl(String),
    #[error("cannot set up the HTTP client: {0}")]
    Client(String),
    #[error("Telegram refused the bot token (check TELEGRAM_BOT_TOKEN)")]
    InvalidToken,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why a request failed, and what to do about it.
#[derive(Debug, thiserror::Error)]
enum Fault {
    /// Flood control: wait this long, then try again.
    #[error("flood control: retry after {0:?}")]
    RetryAfter(Duration),
    /// A network or server error: trying again later may work.
    #[error("transient: {0}")]
    Transient(String),
    /// The group became a supergroup: send there instead.
    #[error("the group migrated to {0}")]
    Migrated(ChatId),
    /// This request will never succeed (a bad request, a chat that blocked the bot).
    #[error("refused: {0}")]
    Permanent(String),
    /// The token is refused: no request will succeed.
    #[error("the token is refused")]
    InvalidToken,
    /// Shutdown was asked for while waiting to try again.
    #[error("stopping")]
    Stopping,
}

fn classify(error: &RequestError) -> Fault {
    match error {
        RequestError::RetryAfter(seconds) => Fault::RetryAfter(seconds.duration()),
        RequestError::MigrateToChatId(chat) => Fault::Migrated(*chat),
        // teloxide hides the token in network errors' URLs.
        RequestError::Network(error) => Fault::Transient(error.to_string()),
        // Proxies in front of the Bot API answer failures with pages that are not JSON.
        RequestError::InvalidJson { source, .. } => Fault::Transient(source.to_string()),
        RequestError::Io(error) => Fault::Permanent(error.to_string()),
        RequestError::Api(ApiError::InvalidToken) => Fault::InvalidToken,
        // Another instance polls with the same token; it may go away.
        RequestError::Api(ApiError::TerminatedByOtherGetUpdates) => {
            Fault::Transient(error.to_string())
        }
        // teloxide knows client errors by their description; what it does not know is a
        // server error ("Internal Server Error", "Bad Gateway") unless it says it is a
        // client error the way Telegram words those.
        RequestError::Api(ApiError::Unknown(description)) => {
            let client_error = ["Bad Request", "Forbidden", "Unauthorized", "Not Found"]
                .iter()
                .any(|prefix| description.starts_with(prefix));
            if client_error {
                Fault::Permanent(description.clone())
            } else {
                Fault::Transient(description.clone())
            }
        }
        RequestError::Api(other) => Fault::Permanent(other.to_string()),
    }
}

/// One send, as queued in the outbox (a photo's bytes travel beside it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "send", rename_all = "snake_case")]
enum Delivery {
    Text {
        chat: i64,
        text: String,
        keyboard: Vec<Vec<KeyButton>>,
        /// Byte ranges of `text` behind a spoiler: only what the service marked so.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        spoilers: Vec<(usize, usize)>,
    },
    Photo {
        chat: i64,
        caption: String,
        keyboard: Vec<Vec<KeyButton>>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        spoilers: Vec<(usize, usize)>,
    },
    /// Stops the pressed button's spinner; every callback query must be answered.
    Answer { callback: String },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct KeyButton {
    label: String,
    data: String,
    /// A link button (the daily's deep link) instead of a callback.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    url: Option<String>,
}

fn utf16_len(text: &str) -> usize {
    text.encode_utf16().count()
}

/// Cuts one over-long line into pieces of at most `limit`, at a space where one is near.
fn hard_split(line: &str, limit: usize) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut rest = line;
    while utf16_len(rest) > limit {
        let mut end = 0;
        let mut used = 0;
        for (index, c) in rest.char_indices() {
            if used + c.len_utf16() > limit {
                break;
            }
            used += c.len_utf16();
            end = index + c.len_utf8();
        }
        let cut = match rest[..end].rfind(char::is_whitespace) {
            Some(space) if space > end / 2 => space + 1,
            _ => end,
        };
        if cut == 0 {
            break;
        }
        pieces.push(&rest[..cut]);
        rest = &rest[cut..];
    }
    pieces.push(rest);
    pieces
}

/// Splits `text` into messages of at most `limit` UTF-16 units, between lines where it can:
/// each piece's byte range in `text`.
fn split_text(text: &str, limit: usize) -> Vec<Range<usize>> {
    let mut pieces = Vec::new();
    let (mut start, mut end, mut current_len) = (0, 0, 0);
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        for part in hard_split(line, limit) {
            let len = utf16_len(part);
            if current_len + len > limit && end > start {
                pieces.push(start..end);
                start = at;
                current_len = 0;
            }
            at += part.len();
            end = at;
            current_len += len;
        }
    }
    pieces.push(start..end);
    pieces
        .into_iter()
        .map(|piece| piece.start..piece.start + text[piece].trim_end().len())
        .filter(|piece| !piece.is_empty())
        .collect()
}

/// The parts of `spoilers` inside `piece`, counted from the piece's start.
fn spoilers_within(spoilers: &[Range<usize>], piece: &Range<usize>) -> Vec<(usize, usize)> {
    spoilers
        .iter()
        .filter_map(|spoiler| {
            let start = spoiler.start.max(piece.start);
            let end = spoiler.end.min(piece.end);
            (start < end).then(|| (start - piece.start, end - piece.start))
        })
        .collect()
}

/// The buttons Telegram can carry, in rows; a command too long for callback data is left
/// out (typing it still works). In a group, a button the service marks as played in private
/// (the daily's) is the deep link into the private chat where the daily is played
/// (`daily_link`).
fn keyboard(buttons: &[Button], daily_link: Option<&str>) -> Vec<Vec<KeyButton>> {
    let fitting: Vec<KeyButton> = buttons
        .iter()
        .filter_map(|button| match daily_link {
            Some(link) if button.plays_in_private => Some(KeyButton {
                label: button.label.clone(),
                data: String::new(),
                url: Some(link.to_string()),
            }),
            _ => {
                let fits = (1..=CALLBACK_DATA_LIMIT).contains(&button.command.len());
                if !fits {
                    tracing::warn!(
                        bytes = button.command.len(),
                        "button left out: its command does not fit Telegram's callback data"
                    );
                }
                (fits && !button.label.trim().is_empty()).then(|| KeyButton {
                    label: button.label.clone(),
                    data: button.command.clone(),
                    url: None,
                })
            }
        })
        .collect();
    fitting
        .chunks(BUTTONS_PER_ROW)
        .map(<[KeyButton]>::to_vec)
        .collect()
}

/// The deep link that opens the daily in the private chat, counted for `group`.
fn daily_link(bot_name: &str, group: i64) -> Option<String> {
    (group < 0 && !bot_name.is_empty())
        .then(|| format!("https://t.me/{bot_name}?start=daily_{group}"))
}

/// The spoiler entities of `text` for the byte ranges the service marked; nothing a user
/// typed (a name with `||` in it) becomes one. Offsets count UTF-16 code units.
fn entities(text: &str, spoilers: &[(usize, usize)]) -> Vec<MessageEntity> {
    spoilers
        .iter()
        .filter_map(|&(start, end)| {
            let offset = utf16_len(text.get(..start)?);
            let length = utf16_len(text.get(start..end)?);
            (length > 0).then(|| MessageEntity::spoiler(offset, length))
        })
        .collect()
}

/// The sends one reply needs: to the chat it came from, or to the user's private chat
/// (whose id is the user's id) when it is private.
fn plan(
    reply: &Outgoing,
    chat: i64,
    user: i64,
    daily_link: Option<&str>,
) -> Vec<(Delivery, Option<Vec<u8>>)> {
    let target = if reply.private { user } else { chat };
    let keys = keyboard(&reply.buttons, daily_link);
    let texts = |text: &str, keys: Vec<Vec<KeyButton>>| -> Vec<(Delivery, Option<Vec<u8>>)> {
        let pieces = split_text(text, TEXT_LIMIT);
        let last = pieces.len().saturating_sub(1);
        pieces
            .into_iter()
            .enumerate()
            .map(|(index, piece)| {
                let keyboard = if index == last {
                    keys.clone()
                } else {
                    Vec::new()
                };
                (
                    Delivery::Text {
                        chat: target,
                        text: text[piece.clone()].to_string(),
                        keyboard,
                        spoilers: spoilers_within(&reply.spoilers, &piece),
                    },
                    None,
                )
            })
            .collect()
    };
    match &reply.body {
        Body::Text(text) => texts(text, keys),
        Body::Image { png, caption } if utf16_len(caption) <= CAPTION_LIMIT => vec![(
            Delivery::Photo {
                chat: target,
                caption: caption.clone(),
                keyboard: keys,
                spoilers: spoilers_within(&reply.spoilers, &(0..caption.len())),
            },
            Some(png.clone()),
        )],
        Body::Image { png, caption } => {
            let mut sends = vec![(
                Delivery::Photo {
                    chat: target,
                    caption: String::new(),
                    keyboard: Vec::new(),
                    spoilers: Vec::new(),
                },
                Some(png.clone()),
            )];
            sends.extend(texts(caption, keys));
            sends
        }
    }
}

fn user_info(user: &User) -> UserInfo {
    UserInfo {
        id: user.id.0.to_string(),
        name: user.full_name(),
        handle: user.username.clone(),
    }
}

/// `/board@otherbot` in a group is meant for another bot.
fn addressed_elsewhere(text: &str, bot_name: &str) -> bool {
    let Some(first) = text
        .strip_prefix('/')
        .and_then(|t| t.split_whitespace().next())
    else {
        return false;
    };
    match first.split_once('@') {
        Some((_, name)) => !name.eq_ignore_ascii_case(bot_name),
        None => false,
    }
}

/// What one update asks for.
#[derive(Debug, Default, PartialEq)]
struct Event {
    incoming: Option<Incoming>,
    /// Where replies go, and the speaker's private chat.
    chat: i64,
    user: i64,
    /// A pressed button to answer.
    callback: Option<String>,
}

fn from_message(message: &Message, bot_name: &str) -> Option<Event> {
    let text = message.text()?;
    let from = message.from.as_ref().filter(|user| !user.is_bot)?;
    if addressed_elsewhere(text, bot_name) {
        return None;
    }
    let entities = message.parse_entities().unwrap_or_default();
    let mut mentions = Vec::new();
    // A text mention is a name (without `@`) linked to a user who may have no handle: the
    // user travels in `mentions`, and the name leaves the text, where the grammar would take
    // it for an argument ("challenge Dave knight-fight").
    let mut line = String::with_capacity(text.len());
    let mut copied = 0;
    for entity in &entities {
        if let MessageEntityKind::TextMention { user } = entity.kind() {
            mentions.push(user_info(user));
            let range = entity.range();
            if range.start >= copied
                && let (Some(before), Some(_)) =
                    (text.get(copied..range.start), text.get(range.clone()))
            {
                line.push_str(before);
                copied = range.end;
            }
        }
    }
    line.push_str(text.get(copied..).unwrap_or_default());
    let text = if mentions.is_empty() {
        text.to_string()
    } else {
        line.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let names_someone = entities.iter().any(|entity| {
        matches!(
            entity.kind(),
            MessageEntityKind::Mention | MessageEntityKind::TextMention { .. }
        )
    });
    // A command sent as a reply to someone's message is about them (challenge them), unless
    // the line names someone itself.
    if !names_someone
        && let Some(replied) = message
            .reply_to_message()
            .and_then(|m| m.from.as_ref())
            .filter(|user| !user.is_bot && user.id != from.id)
    {
        mentions.insert(0, user_info(replied));
    }
    Some(Event {
        incoming: Some(Incoming {
            platform: Platform::Telegram,
            chat: ChatInfo {
                id: message.chat.id.0.to_string(),
                title: message.chat.title().map(str::to_string),
                private: message.chat.is_private(),
                community: None,
            },
            user: user_info(from),
            text,
            locale: from.language_code.clone(),
            mentions,
            // A group's administrators are looked up when a command needs it.
            admin: message.chat.is_private(),
            membership: None,
        }),
        chat: message.chat.id.0,
        user: from.id.0 as i64,
        callback: None,
    })
}

fn from_callback(query: &CallbackQuery) -> Event {
    let user = query.from.id.0 as i64;
    let incoming = match (&query.message, &query.data) {
        (Some(message), Some(data)) if !query.from.is_bot => {
            let chat = message.chat();
            Some(Incoming {
                platform: Platform::Telegram,
                chat: ChatInfo {
                    id: chat.id.0.to_string(),
                    title: chat.title().map(str::to_string),
                    private: chat.is_private(),
                    community: None,
                },
                user: user_info(&query.from),
                text: data.clone(),
                locale: query.from.language_code.clone(),
                mentions: Vec::new(),
                admin: chat.is_private(),
                membership: None,
            })
        }
        // A button under an inline-mode message or one without data: nothing to do.
        _ => None,
    };
    Event {
        chat: query.message.as_ref().map_or(user, |m| m.chat().id.0),
        incoming,
        user,
        callback: Some(query.id.0.clone()),
    }
}

/// The chat line an update becomes, if any: [`translate`] for the fuzz targets
/// (`crate::fuzzing`).
#[doc(hidden)]
pub fn incoming_of_update(update: &Update, bot_name: &str) -> Option<Incoming> {
    translate(update, bot_name).and_then(|event| event.incoming)
}

fn translate(update: &Update, bot_name: &str) -> Option<Event> {
    match &update.kind {
        UpdateKind::Message(message) => from_message(message, bot_name),
        UpdateKind::CallbackQuery(query) => Some(from_callback(query)),
        _ => None,
    }
}

/// The `offset` for `getUpdates`: one past the last handled update, if that is recent.
fn offset_after(last: Option<(u32, i64)>, now: i64) -> Option<i32> {
    let (id, at) = last?;
    if now - at > OFFSET_MAX_AGE_MS {
        return None;
    }
    i32::try_from(id).ok().map(|id| id.saturating_add(1))
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or_default()
}

/// Resolves when shutdown is asked for; never when nobody can ask any more.
async fn stopped(mut shutdown: watch::Receiver<bool>) {
    if shutdown.wait_for(|stop| *stop).await.is_err() {
        std::future::pending::<()>().await;
    }
}

/// Daily posts go through the outbox like every reply: queued here, sent by the poll loop.
struct DailyPoster<'a> {
    service: &'a Service,
    bot_name: String,
}

impl Poster for DailyPoster<'_> {
    async fn post(&self, chat: &str, replies: Vec<Outgoing>) -> Result<(), String> {
        let chat: i64 = chat
            .parse()
            .map_err(|_| format!("{chat} is not a Telegram chat id"))?;
        let link = daily_link(&self.bot_name, chat);
        let mut outbox = Vec::new();
        for reply in &replies {
            for (delivery, attachment) in plan(reply, chat, chat, link.as_deref()) {
                let payload = serde_json::to_string(&delivery).map_err(|e| e.to_string())?;
                outbox.push(NewOutboxItem {
                    payload,
                    attachment,
                });
            }
        }
        self.service
            .store()
            .queue_outbox(PLATFORM, &outbox, now_ms())
            .await
            .map_err(|e| e.to_string())
    }
}

struct Adapter<'a> {
    service: &'a Service,
    daily_every: Duration,
    lease: Duration,
    /// This adapter's name in the polling lease: unique among running adapters.
    holder: String,
    bot: Bot,
    token: String,
    retry: RetryPolicy,
    poll_timeout: Duration,
    pacer: Pacer,
    shutdown: watch::Receiver<bool>,
}

/// Telegram adapters started in this process so far.
static ADAPTERS: AtomicU32 = AtomicU32::new(0);

/// The name the `n`th adapter of this process holds the polling lease by: the process's host
/// and id (`schedule::holder_name`), so that a process restarted with the same host and id (a
/// container whose main process is always pid 1) is the same holder and takes a lease left by
/// its predecessor back at once; a second adapter in one process (tests) adds its number.
fn lease_holder_name(n: u32) -> String {
    match n {
        0 => schedule::holder_name(),
        n => format!("{}/{n}", schedule::holder_name()),
    }
}

/// Where a queued send goes: one lane per chat, so that a chat's replies keep their order and
/// its flood control holds up no other chat; answers to button presses have their own lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Lane {
    Chat(i64),
    Answers,
}

fn lane_of(item: &OutboxItem) -> Lane {
    match serde_json::from_str::<Delivery>(&item.payload) {
        Ok(Delivery::Text { chat, .. } | Delivery::Photo { chat, .. }) => Lane::Chat(chat),
        // An unreadable entry is dropped by `send` with a log line, wherever it waits.
        _ => Lane::Answers,
    }
}

/// The outbox as the sending side holds it: queued rows per lane, lanes busy or resting.
#[derive(Default)]
struct Lanes {
    queued: HashMap<Lane, VecDeque<OutboxItem>>,
    /// Lanes with a send on its way.
    busy: HashSet<Lane>,
    /// Lanes that wait before trying again (Telegram kept failing their sends), and how long
    /// their next rest is.
    resting: HashMap<Lane, (Instant, Duration)>,
    /// Every outbox id queued here or on its way.
    known: HashSet<i64>,
    /// The highest outbox id read.
    seen: i64,
}

impl Lanes {
    /// Queues what was read, in id order within each lane, skipping what is known.
    fn add(&mut self, items: Vec<OutboxItem>) {
        for item in items {
            self.seen = self.seen.max(item.id);
            if !self.known.insert(item.id) {
                continue;
            }
            let queue = self.queued.entry(lane_of(&item)).or_default();
            let at = queue.partition_point(|queued| queued.id < item.id);
            queue.insert(at, item);
        }
    }

    /// The next row of every lane that may send now.
    fn ready(&mut self, now: Instant) -> Vec<(Lane, OutboxItem)> {
        let mut ready = Vec::new();
        for (lane, queue) in &mut self.queued {
            let resting = self
                .resting
                .get(lane)
                .is_some_and(|(until, _)| *until > now);
            if self.busy.contains(lane) || resting {
                continue;
            }
            if let Some(item) = queue.pop_front() {
                self.busy.insert(*lane);
                ready.push((*lane, item));
            }
        }
        self.queued.retain(|_, queue| !queue.is_empty());
        ready
    }

    /// A send is over: done with (`retry` false) or to be tried again after a rest.
    fn finish(&mut self, lane: Lane, item: OutboxItem, retry: bool, policy: &RetryPolicy) {
        self.busy.remove(&lane);
        if retry {
            let rest = self
                .resting
                .get(&lane)
                .map_or(policy.first_delay, |(_, last)| {
                    (*last * 2).min(policy.max_delay)
                });
            self.resting.insert(lane, (Instant::now() + rest, rest));
            self.queued.entry(lane).or_default().push_front(item);
        } else {
            self.resting.remove(&lane);
            self.known.remove(&item.id);
        }
    }

    /// When the first resting lane with something queued may send again.
    fn next_wake(&self) -> Option<Instant> {
        self.resting
            .iter()
            .filter(|(lane, _)| self.queued.contains_key(lane))
            .map(|(_, (until, _))| *until)
            .min()
    }
}

/// Runs the Telegram chat until `shutdown` turns true (or its sender is dropped and the
/// process ends otherwise). Fails only when the token is refused, the API URL is unusable or
/// the database fails; platform faults are waited out.
pub async fn run(
    service: &Service,
    config: TelegramConfig,
    shutdown: watch::Receiver<bool>,
) -> Result<(), TelegramError> {
    let client = teloxide::net::default_reqwest_settings()
        .timeout(config.request_timeout)
        .build()
        .map_err(|e| TelegramError::Client(e.to_string()))?;
    let mut bot = Bot::with_client(config.token.clone(), client);
    if let Some(url) = &config.api_url {
        let url = url::Url::parse(url).map_err(|e| TelegramError::BadApiUrl(e.to_string()))?;
        bot = bot.set_api_url(url);
    }
    let adapter = Adapter {
        service,
        daily_every: config.daily_every,
        lease: config.poll_lease,
        holder: lease_holder_name(ADAPTERS.fetch_add(1, Ordering::Relaxed)),
        bot,
        token: config.token,
        retry: config.retry,
        poll_timeout: config.poll_timeout,
        pacer: Pacer::new(config.limits),
        shutdown,
    };
    adapter.run().await
}

impl Adapter<'_> {
    fn stopping(&self) -> bool {
        *self.shutdown.borrow()
    }

    /// Waits for a message's turn under Telegram's limits; false when shutdown came first.
    async fn paced(&self, chat: i64) -> bool {
        tokio::select! {
            () = self.pacer.take(chat) => true,
            () = stopped(self.shutdown.clone()) => false,
        }
    }

    /// Waits `duration`; false when shutdown came first.
    async fn pause(&self, duration: Duration) -> bool {
        tokio::select! {
            () = tokio::time::sleep(duration) => true,
            () = stopped(self.shutdown.clone()) => false,
        }
    }

    /// Belt and braces: no log line may carry the token, whatever an error prints.
    fn redact(&self, text: &str) -> String {
        if self.token.is_empty() {
            text.to_string()
        } else {
            text.replace(&self.token, "<token>")
        }
    }

    /// Makes a request, trying again after flood control and transient faults, at most
    /// `attempts` times.
    async fn call<T, F, Fut>(&self, what: &str, mut request: F) -> Result<T, Fault>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<T, RequestError>>,
    {
        let mut delay = self.retry.first_delay;
        let mut attempt = 1;
        loop {
            let fault = match request().await {
                Ok(value) => return Ok(value),
                Err(error) => classify(&error),
            };
            let wait = match &fault {
                Fault::RetryAfter(wait) => (*wait).min(self.retry.max_retry_after),
                Fault::Transient(_) => {
                    let wait = delay;
                    delay = (delay * 2).min(self.retry.max_delay);
                    wait
                }
                _ => return Err(fault),
            };
            if attempt >= self.retry.attempts {
                return Err(fault);
            }
            tracing::warn!(request = what, attempt, ?wait, fault = %self.redact(&fault.to_string()), "Telegram request failed; trying again");
            if !self.pause(wait).await {
                return Err(Fault::Stopping);
            }
            attempt += 1;
        }
    }

    async fn run(&self) -> Result<(), TelegramError> {
        let Some(bot_name) = self.start().await? else {
            return Ok(());
        };
        let poster = DailyPoster {
            service: self.service,
            bot_name: bot_name.clone(),
        };
        let polling = self.poll_loop(&bot_name);
        tokio::pin!(polling);
        let result = tokio::select! {
            result = &mut polling => result,
            // The scheduler ends only at shutdown; the sends on their way still finish.
            () = schedule::run_scheduler(
                self.service,
                Platform::Telegram,
                schedule::holder_name(),
                poster,
                self.daily_every,
                self.shutdown.clone(),
            ) => polling.await,
        };
        // Every way out ends here (a stop, whichever of the two noticed it first; a refused
        // token; a database fault): the lease is given up so that a process waiting for it,
        // or this one restarted, polls at once instead of after the lease runs out.
        if let Err(error) = self
            .service
            .store()
            .release_lease(POLL_LEASE, &self.holder)
            .await
        {
            tracing::warn!(%error, "cannot give up the polling lease; it runs out by itself");
        }
        tracing::info!("Telegram chat stopped");
        result
    }

    /// The last handled update as recorded, and when.
    async fn recorded_offset(&self) -> Result<Option<(u32, i64)>, TelegramError> {
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
    async fn hold_lease(&self, holding: &mut bool) -> bool {
        let now = now_ms();
        let lease = i64::try_from(self.lease.as_millis()).unwrap_or(i64::MAX / 2);
        match self
            .service
            .store()
            .take_lease(POLL_LEASE, &self.holder, now, now + lease)
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

    /// Polls and sends side by side until shutdown: polling tells the sending side when it
    /// queued replies and whether this process holds the lease (only the holder sends).
    async fn poll_loop(&self, bot_name: &str) -> Result<(), TelegramError> {
        let news = Notify::new();
        let (holding, held) = watch::channel(false);
        tokio::try_join!(
            self.poll_rounds(bot_name, &news, &holding),
            self.send_rounds(&news, held),
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
                if !self.pause(self.lease / 3).await {
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
                updates = self.poll(offset_after(last, now_ms())) => updates,
                () = stopped(self.shutdown.clone()) => break,
            };
            let updates = match updates {
                Ok(updates) => updates,
                Err(Fault::InvalidToken) => return Err(TelegramError::InvalidToken),
                Err(fault) => {
                    tracing::warn!(fault = %self.redact(&fault.to_string()), "getUpdates failed");
                    if !self.pause(backoff).await {
                        break;
                    }
                    backoff = (backoff * 2).min(self.retry.max_delay);
                    continue;
                }
            };
            backoff = self.retry.first_delay;
            for update in &updates {
                self.handle(update, bot_name).await?;
                last = Some((update.id.0, now_ms()));
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

    /// The sending side: whenever this process holds the lease, sends the outbox, one lane
    /// per chat, until shutdown.
    async fn send_rounds(
        &self,
        news: &Notify,
        mut held: watch::Receiver<bool>,
    ) -> Result<(), TelegramError> {
        loop {
            tokio::select! {
                holds = held.wait_for(|holds| *holds) => if holds.is_err() { return Ok(()) },
                () = stopped(self.shutdown.clone()) => return Ok(()),
            }
            self.send_while_holding(news, &mut held).await?;
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
        let store = self.service.store();
        // Rows queued by others (another process's daily posts) or committed out of id order
        // are found by reading the outbox from its start now and then.
        let rescan_every = self
            .poll_timeout
            .clamp(Duration::from_millis(200), Duration::from_secs(5));
        let mut lanes = Lanes::default();
        let mut sending = FuturesUnordered::new();
        let (mut read_new, mut read_all) = (true, true);
        let mut rescan_at = Instant::now() + rescan_every;
        loop {
            let go_on = !self.stopping() && *held.borrow();
            if go_on && (read_new || read_all) {
                let mut read = Ok(Vec::new());
                if read_all {
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
                        // More than one batch waits: read on right away.
                        read_new = full;
                    }
                    Err(error) => {
                        tracing::warn!(%error, "cannot read the outbox; trying again");
                        read_new = false;
                    }
                }
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
                    let retry = match outcome {
                        Ok(()) => false,
                        Err(Fault::Permanent(why)) => {
                            tracing::warn!(why = %self.redact(&why), item = item.id, bytes = item.payload.len(), "a reply cannot be delivered; dropped");
                            false
                        }
                        Err(Fault::InvalidToken) => return Err(TelegramError::InvalidToken),
                        Err(Fault::Stopping) => true,
                        Err(fault) => {
                            tracing::warn!(fault = %self.redact(&fault.to_string()), item = item.id, "Telegram does not take this chat's replies now; they stay queued");
                            true
                        }
                    };
                    if !retry {
                        store.remove_outbox_item(item.id).await?;
                    }
                    lanes.finish(lane, item, retry, &self.retry);
                }
                () = news.notified() => read_new = true,
                () = tokio::time::sleep_until(wake.into()) => {
                    if Instant::now() >= rescan_at {
                        read_all = true;
                        rescan_at = Instant::now() + rescan_every;
                    }
                }
                () = stopped(self.shutdown.clone()), if !self.stopping() => {}
                changed = held.changed() => if changed.is_err() { return Ok(()) },
            }
        }
    }

    /// Checks the token (`getMe`) and publishes the command menu; the bot's username, or
    /// `None` when shutdown came first.
    async fn start(&self) -> Result<Option<String>, TelegramError> {
        let me = loop {
            match self.call("getMe", || self.bot.get_me().into_future()).await {
                Ok(me) => break me,
                Err(Fault::InvalidToken) => return Err(TelegramError::InvalidToken),
                Err(Fault::Stopping) => return Ok(None),
                Err(fault) => {
                    tracing::warn!(fault = %self.redact(&fault.to_string()), "getMe failed; Telegram unreachable?");
                    if !self.pause(self.retry.max_delay).await {
                        return Ok(None);
                    }
                }
            }
        };
        let name = me.user.username.clone().unwrap_or_default();
        tracing::info!(bot = %name, "Telegram chat: long polling");
        // The default menu, then one per language Telegram users may have (Norwegian comes as
        // `nb` or `no`).
        for language in [None, Some("ru"), Some("nb"), Some("no")] {
            let commands: Vec<BotCommand> = self
                .service
                .command_menu(language)
                .into_iter()
                .map(|(command, summary)| BotCommand::new(command, summary))
                .collect();
            let published = self
                .call("setMyCommands", || {
                    let mut request = self.bot.set_my_commands(commands.clone());
                    if let Some(code) = language {
                        request = request.language_code(code);
                    }
                    request.into_future()
                })
                .await;
            if let Err(fault) = published {
                // The commands work without the menu; it is only a convenience.
                tracing::warn!(fault = %self.redact(&fault.to_string()), "setMyCommands failed");
            }
        }
        Ok(Some(name))
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
        request.into_future().await.map_err(|e| classify(&e))
    }

    /// What `user` is in the group `chat`, asked of Telegram (`getChatMember`).
    async fn chat_member(&self, chat: i64, user: i64) -> Result<ChatMember, Fault> {
        let user =
            u64::try_from(user).map_err(|_| Fault::Permanent("not a user id".to_string()))?;
        self.call("getChatMember", || {
            self.bot
                .get_chat_member(ChatId(chat), UserId(user))
                .into_future()
        })
        .await
    }

    /// Whether `user` administers the group `chat` (asked of Telegram; no answer is a no).
    async fn is_group_admin(&self, chat: i64, user: i64) -> bool {
        match self.chat_member(chat, user).await {
            Ok(member) => member.is_privileged(),
            Err(fault) => {
                tracing::warn!(fault = %self.redact(&fault.to_string()), "getChatMember failed; settings refused");
                false
            }
        }
    }

    /// Whether `user` is in the group `chat` (a member, an administrator, the creator, or
    /// restricted but still a member), as Telegram answers; the service decides what follows.
    async fn membership(&self, chat: &str, user: i64) -> Membership {
        let Ok(chat) = chat.parse::<i64>() else {
            return Membership::NotMember;
        };
        match self.chat_member(chat, user).await {
            Ok(member) if member.kind.is_present() => Membership::Member,
            Ok(_) => Membership::NotMember,
            Err(fault) => {
                tracing::warn!(chat, fault = %self.redact(&fault.to_string()), "getChatMember failed; daily link not counted");
                Membership::Unknown
            }
        }
    }

    /// Handles one update and records it as handled together with the sends it owes.
    async fn handle(&self, update: &Update, bot_name: &str) -> Result<(), TelegramError> {
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
                for reply in replies {
                    sends.extend(plan(&reply, event.chat, event.user, link.as_deref()));
                }
            }
        }
        let mut outbox = Vec::with_capacity(sends.len());
        for (delivery, attachment) in sends {
            match serde_json::to_string(&delivery) {
                Ok(payload) => outbox.push(NewOutboxItem {
                    payload,
                    attachment,
                }),
                Err(error) => tracing::error!(%error, "cannot queue a reply"),
            }
        }
        let id = update.id.0.to_string();
        let mut tries = 0;
        loop {
            let recorded = self
                .service
                .store()
                .record_platform_event(PLATFORM, LAST_UPDATE_KEY, &id, &outbox, now_ms())
                .await;
            match recorded {
                Ok(()) => return Ok(()),
                Err(error) if tries < 3 => {
                    tries += 1;
                    tracing::warn!(%error, "cannot record a handled update; trying again");
                    tokio::time::sleep(self.retry.first_delay * tries).await;
                }
                Err(error) => return Err(error.into()),
            }
        }
    }

    async fn send(&self, item: &OutboxItem) -> Result<(), Fault> {
        let delivery: Delivery = serde_json::from_str(&item.payload)
            .map_err(|e| Fault::Permanent(format!("unreadable outbox entry: {e}")))?;
        let mut chat_override = None;
        loop {
            let result = match &delivery {
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
                } => {
                    let chat = chat_override.unwrap_or(ChatId(*chat));
                    let markup = markup(keyboard);
                    let found = entities(text, spoilers);
                    if !self.paced(chat.0).await {
                        return Err(Fault::Stopping);
                    }
                    self.call("sendMessage", || {
                        let mut request = self.bot.send_message(chat, text.clone());
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
                } => {
                    let chat = chat_override.unwrap_or(ChatId(*chat));
                    let png = item.attachment.clone().unwrap_or_default();
                    let markup = markup(keyboard);
                    let found = entities(caption, spoilers);
                    if !self.paced(chat.0).await {
                        return Err(Fault::Stopping);
                    }
                    self.call("sendPhoto", || {
                        let photo = InputFile::memory(png.clone()).file_name("board.png");
                        let mut request = self.bot.send_photo(chat, photo);
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
            };
            match result {
                Err(Fault::Migrated(new_chat)) if chat_override.is_none() => {
                    tracing::info!(chat = new_chat.0, "the group became a supergroup");
                    chat_override = Some(new_chat);
                }
                other => return other,
            }
        }
    }
}

fn markup(keyboard: &[Vec<KeyButton>]) -> Option<InlineKeyboardMarkup> {
    if keyboard.is_empty() {
        return None;
    }
    Some(InlineKeyboardMarkup::new(keyboard.iter().map(|row| {
        row.iter()
            .map(
                |key| match key.url.as_deref().and_then(|u| url::Url::parse(u).ok()) {
                    Some(link) => InlineKeyboardButton::url(key.label.clone(), link),
                    None => InlineKeyboardButton::callback(key.label.clone(), key.data.clone()),
                },
            )
            .collect::<Vec<_>>()
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn button(label: &str, command: &str) -> Button {
        Button::new(label, command)
    }

    /// The pieces `split_text` cuts `text` into.
    fn pieces(text: &str, limit: usize) -> Vec<&str> {
        split_text(text, limit)
            .into_iter()
            .map(|range| &text[range])
            .collect()
    }

    #[test]
    fn long_texts_split_between_lines_under_the_limit() {
        let line = "x".repeat(1000);
        let text = [line.as_str(); 9].join("\n");
        let pieces = pieces(&text, TEXT_LIMIT);
        assert_eq!(pieces.len(), 3);
        assert!(pieces.iter().all(|p| utf16_len(p) <= TEXT_LIMIT));
        assert_eq!(pieces.join("\n"), text);
        // One endless line of wide characters is cut at character boundaries.
        let wide = "𝄞 ".repeat(3000);
        let cut = super::tests::pieces(&wide, TEXT_LIMIT);
        assert!(cut.iter().all(|p| utf16_len(p) <= TEXT_LIMIT));
        assert_eq!(cut.concat().replace(' ', ""), wide.replace(' ', ""));
        assert!(split_text("  \n ", TEXT_LIMIT).is_empty());
    }

    #[test]
    fn replies_become_sends() {
        let reply = Outgoing::text("hello").with_buttons(vec![
            button("Accept", "accept 1"),
            button("Too long", &"x".repeat(65)),
        ]);
        let sends = plan(&reply, -100, 7, None);
        assert_eq!(
            sends,
            vec![(
                Delivery::Text {
                    chat: -100,
                    text: "hello".into(),
                    keyboard: vec![vec![KeyButton {
                        label: "Accept".into(),
                        data: "accept 1".into(),
                        url: None,
                    }]],
                    spoilers: Vec::new(),
                },
                None
            )]
        );
        let mut private = Outgoing::text("secret");
        private.private = true;
        assert!(matches!(
            plan(&private, -100, 7, None)[0].0,
            Delivery::Text { chat: 7, .. }
        ));
        let short = Outgoing::image(vec![1, 2], "caption");
        assert!(matches!(
            &plan(&short, -100, 7, None)[..],
            [(Delivery::Photo { caption, .. }, Some(_))] if caption == "caption"
        ));
        let long = Outgoing::image(vec![1, 2], "c".repeat(2000))
            .with_buttons(vec![button("Accept draw", "draw 1")]);
        let sends = plan(&long, -100, 7, None);
        assert_eq!(sends.len(), 2);
        assert!(
            matches!(&sends[0].0, Delivery::Photo { caption, keyboard, .. }
            if caption.is_empty() && keyboard.is_empty())
        );
        assert!(matches!(&sends[1].0, Delivery::Text { keyboard, .. } if keyboard.len() == 1));
    }

    #[test]
    // One spoiler is a one-range list, not a range taken for a list of numbers.
    #[allow(clippy::single_range_in_vec_init)]
    fn only_marked_spoilers_become_entities() {
        // Offsets count UTF-16 units: the ë and the emoji before the spoiler move it.
        let text = "Top: Zoë 🦊 a||b||c\nSolution: Nf3 Qd4!";
        let at = text.find("Nf3").unwrap();
        let mut post = Outgoing::text(text);
        post.spoilers = vec![at..at + "Nf3 Qd4".len()];
        let sends = plan(&post, -100, 7, None);
        let [
            (
                Delivery::Text {
                    text: sent,
                    spoilers,
                    ..
                },
                None,
            ),
        ] = &sends[..]
        else {
            panic!("{sends:?}");
        };
        assert_eq!(sent, text, "the text goes as it is");
        assert_eq!(
            entities(sent, spoilers),
            vec![MessageEntity::spoiler(30, 7)],
            "the name's bars are no spoiler"
        );
        assert!(entities("a ||b|| c", &[]).is_empty());
        // A spoiler in a text split in two lands in the piece that holds it.
        let long = format!("{}\nSecret: xyz", "w".repeat(TEXT_LIMIT - 5));
        let mut split = Outgoing::text(long.clone());
        let at = long.find("xyz").unwrap();
        split.spoilers = vec![at..at + 3];
        let sends = plan(&split, -100, 7, None);
        assert!(matches!(&sends[..], [
            (Delivery::Text { spoilers: first, .. }, None),
            (Delivery::Text { text, spoilers: second, .. }, None),
        ] if first.is_empty() && text == "Secret: xyz" && second == &[(8, 11)]));
        // What an older version queued (no spoilers field) still reads.
        let old: Delivery =
            serde_json::from_str(r#"{"send":"text","chat":1,"text":"hi","keyboard":[]}"#).unwrap();
        assert!(matches!(old, Delivery::Text { spoilers, .. } if spoilers.is_empty()));
        // A daily button in a group becomes the deep link; elsewhere it stays a command.
        let daily = vec![Button::daily("Play")];
        let link = daily_link("kibitz_bot", -100).unwrap();
        assert_eq!(
            keyboard(&daily, Some(&link))[0][0].url.as_deref(),
            Some(link.as_str())
        );
        assert_eq!(daily_link("kibitz_bot", 7), None);
    }

    fn item(id: i64, chat: Option<i64>) -> OutboxItem {
        let delivery = match chat {
            Some(chat) => Delivery::Text {
                chat,
                text: format!("reply {id}"),
                keyboard: Vec::new(),
                spoilers: Vec::new(),
            },
            None => Delivery::Answer {
                callback: format!("press {id}"),
            },
        };
        OutboxItem {
            id,
            payload: serde_json::to_string(&delivery).unwrap(),
            attachment: None,
        }
    }

    #[test]
    fn each_chat_sends_in_order_one_at_a_time_and_rests_alone() {
        let policy = RetryPolicy::default();
        let mut lanes = Lanes::default();
        lanes.add(vec![
            item(1, Some(-5)),
            item(2, Some(7)),
            item(3, Some(-5)),
            item(4, None),
        ]);
        let now = Instant::now();
        let mut first: Vec<i64> = lanes.ready(now).iter().map(|(_, i)| i.id).collect();
        first.sort();
        assert_eq!(first, [1, 2, 4], "one send per lane at a time");
        assert!(lanes.ready(now).is_empty(), "every lane is busy");
        // The group's send meets flood control: it rests, alone, and keeps its place.
        lanes.finish(Lane::Chat(-5), item(1, Some(-5)), true, &policy);
        lanes.finish(Lane::Chat(7), item(2, Some(7)), false, &policy);
        lanes.add(vec![item(5, Some(7)), item(3, Some(-5))]);
        assert_eq!(
            lanes.queued[&Lane::Chat(-5)].len(),
            2,
            "a row already queued is not queued twice"
        );
        let next: Vec<i64> = lanes.ready(now).iter().map(|(_, i)| i.id).collect();
        assert_eq!(
            next,
            [5],
            "the resting group waits; the private chat goes on"
        );
        let woken = lanes.next_wake().expect("the group wakes");
        let after: Vec<i64> = lanes.ready(woken).iter().map(|(_, i)| i.id).collect();
        assert_eq!(after, [1], "then the group goes on where it stopped");
        // A row read late (committed out of id order) still takes its place in its lane.
        lanes.add(vec![item(0, Some(-5))]);
        assert_eq!(lanes.queued[&Lane::Chat(-5)].front().map(|i| i.id), Some(0));
        assert_eq!(lanes.seen, 5);
    }

    #[test]
    fn a_restarted_process_is_the_same_lease_holder() {
        assert_eq!(lease_holder_name(0), schedule::holder_name());
        assert_ne!(lease_holder_name(1), lease_holder_name(0));
    }

    #[test]
    fn commands_for_other_bots_are_not_ours() {
        assert!(addressed_elsewhere("/help@OtherBot", "kibitzbot"));
        assert!(!addressed_elsewhere("/help@KibitzBot now", "kibitzbot"));
        assert!(!addressed_elsewhere("/help", "kibitzbot"));
        assert!(!addressed_elsewhere("mail me@example.org", "kibitzbot"));
    }

    #[test]
    fn a_stale_offset_is_not_used() {
        assert_eq!(offset_after(None, 0), None);
        assert_eq!(offset_after(Some((41, 1_000)), 2_000), Some(42));
        assert_eq!(offset_after(Some((41, 0)), OFFSET_MAX_AGE_MS + 1), None);
    }

    #[test]
    fn faults_are_classified() {
        let server = RequestError::Api(ApiError::Unknown("Internal Server Error".into()));
        assert!(matches!(classify(&server), Fault::Transient(_)));
        let client = RequestError::Api(ApiError::Unknown("Bad Request: no such thing".into()));
        assert!(matches!(classify(&client), Fault::Permanent(_)));
        assert!(matches!(
            classify(&RequestError::Api(ApiError::BotBlocked)),
            Fault::Permanent(_)
        ));
        assert!(matches!(
            classify(&RequestError::Api(ApiError::InvalidToken)),
            Fault::InvalidToken
        ));
    }

    #[test]
    fn the_config_does_not_show_the_token() {
        let config = TelegramConfig::new("123:SECRET");
        assert!(!format!("{config:?}").contains("SECRET"));
    }
}
