//! The Discord chat: serenity keeps the gateway (identify, heartbeats, reconnects) and hands
//! over interactions; the adapter answers them through its own small REST client.
//!
//! Every interaction becomes one [`Incoming`] in the one command grammar: a slash command is
//! turned into its command text, a pressed button sends its `custom_id`, which is the
//! button's command text. Replies must start within 3 s: the service gets `defer_after` to
//! answer, and when it needs longer the interaction is deferred and the reply edited in later.
//! Refusals are ephemeral (only the one whose command or press did nothing sees why), and so
//! are the service's private replies. Since any answer may be private, a deferral is private
//! too (see [`Core::answer`]). Message text is escaped markdown: names and anything else a
//! user wrote show as typed; only the service's spoilers become `||…||`.
//!
//! # Delivery
//! Telegram's outbox does not fit here: an interaction can be answered only through its
//! token, within 3 s for the first answer and 15 minutes for the rest, so a reply queued across
//! a restart would be undeliverable anyway. Instead each request is retried (429s as told by
//! `retry_after`, 5xx and network errors with back-off, all bounded), and a public reply that
//! cannot go through the interaction any more is posted to the channel directly. Gateway
//! events delivered twice (a resumed session replays) are recognised by their id and answered
//! once.

mod commands;
mod rest;

use crate::bot::schedule::{self, Poster};
use crate::bot::{Body, Button, ChatInfo, Incoming, Outgoing, Platform, Service, UserInfo};
use commands::Arg;
use reqwest::Method;
use rest::{Fault, Rest, Upload};
use serde_json::{Value, json};
use serenity::all::{
    CommandDataOptionValue, CommandInteraction, ComponentInteraction, Context, EventHandler,
    GatewayIntents, HttpBuilder, Interaction, Member, Ready, User,
};
use std::collections::VecDeque;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;

/// Discord's message flag for a reply only its addressee sees.
const EPHEMERAL: u64 = 64;
const CONTENT_LIMIT: usize = 2000;
const BUTTONS_PER_ROW: usize = 5;
const BUTTON_LIMIT: usize = 25;
const CUSTOM_ID_LIMIT: usize = 100;
const LABEL_LIMIT: usize = 80;
const CHOICE_LIMIT: usize = 25;
/// How many interaction ids are remembered to recognise a replayed one.
const SEEN_LIMIT: usize = 512;
const PICTURE_NAME: &str = "board.png";

/// How often and how patiently a failed request is tried again.
#[derive(Clone, Debug)]
pub struct RetryPolicy {
    pub attempts: u32,
    /// The first pause after a network or server error; it doubles up to `max_delay`.
    pub first_delay: Duration,
    pub max_delay: Duration,
    /// The longest `retry_after` obeyed; a longer one is cut short (and may fail again).
    pub max_retry_after: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            attempts: 5,
            first_delay: Duration::from_millis(300),
            max_delay: Duration::from_secs(5),
            // An interaction token lives 15 minutes; waiting longer than this loses the
            // conversation's thread anyway.
            max_retry_after: Duration::from_secs(30),
        }
    }
}

/// Where and how to reach Discord.
#[derive(Clone)]
pub struct DiscordConfig {
    token: String,
    /// Another base URL than `https://discord.com` (a test's stand-in). It turns off
    /// serenity's rate limiter, which ignores any other base.
    pub api_base: Option<String>,
    /// Registers the commands in this guild only (instant), else globally (slow to appear).
    pub guild_id: Option<u64>,
    /// How long the service may take before the interaction is deferred.
    pub defer_after: Duration,
    pub request_timeout: Duration,
    pub retry: RetryPolicy,
    /// How often the daily posts are looked at.
    pub daily_every: Duration,
    /// The gateway shards this process runs; `None`: the one shard of a small bot.
    pub shards: Option<ShardPlan>,
}

/// A process's part of a sharded bot: shards `first..=last` of `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardPlan {
    pub total: u32,
    pub first: u32,
    pub last: u32,
}

impl ShardPlan {
    /// Reads `DISCORD_SHARDS` (the total) and `DISCORD_SHARD_RANGE` (`first..last`, both
    /// included; all shards when left out).
    pub fn parse(total: &str, range: Option<&str>) -> Result<ShardPlan, String> {
        let total: u32 = total
            .trim()
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("DISCORD_SHARDS must be a number of shards, not {total:?}"))?;
        let (first, last) = match range {
            None => (0, total - 1),
            Some(range) => {
                let bad = || format!("DISCORD_SHARD_RANGE must be first..last, not {range:?}");
                let (first, last) = range.trim().split_once("..").ok_or_else(bad)?;
                let first: u32 = first.trim().parse().map_err(|_| bad())?;
                let last: u32 = last
                    .trim()
                    .trim_start_matches('=')
                    .parse()
                    .map_err(|_| bad())?;
                (first, last)
            }
        };
        if first > last || last >= total {
            return Err(format!(
                "DISCORD_SHARD_RANGE {first}..{last} does not fit {total} shards (0..{})",
                total - 1
            ));
        }
        Ok(ShardPlan { total, first, last })
    }
}

impl std::fmt::Debug for DiscordConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordConfig")
            .field("token", &"<redacted>")
            .field("api_base", &self.api_base)
            .field("guild_id", &self.guild_id)
            .field("defer_after", &self.defer_after)
            .field("request_timeout", &self.request_timeout)
            .field("retry", &self.retry)
            .finish()
    }
}

impl DiscordConfig {
    pub fn new(token: impl Into<String>) -> Self {
        DiscordConfig {
            token: token.into(),
            api_base: None,
            guild_id: None,
            defer_after: Duration::from_millis(1500),
            request_timeout: Duration::from_secs(15),
            retry: RetryPolicy::default(),
            daily_every: Duration::from_secs(30),
            shards: None,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DiscordError {
    #[error("DISCORD_API_BASE is not a usable URL: {0}")]
    BadApiBase(String),
    #[error("cannot set up the HTTP client: {0}")]
    Client(String),
    #[error("Discord refused the bot token (check DISCORD_TOKEN)")]
    InvalidToken,
    #[error("Discord gateway: {0}")]
    Gateway(String),
}

/// One message to send, as Discord takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Message {
    content: String,
    png: Option<Vec<u8>>,
    buttons: Vec<Button>,
    ephemeral: bool,
}

/// `text` as Discord markdown that shows it literally: every character that could start
/// formatting (emphasis, code, quotes, headings, lists, masked links, mentions) is escaped,
/// so a name like `[login](https://…)` or `**x**` reads as typed. The service's `spoilers`
/// (byte ranges) are the only formatting: `||…||`.
fn markdown(text: &str, spoilers: &[Range<usize>]) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8 + 4 * spoilers.len());
    let mut line_start = true;
    let mut digits = false;
    for (index, c) in text.char_indices() {
        if spoilers.iter().any(|s| s.end == index && s.start < s.end) {
            out.push_str("||");
        }
        if spoilers.iter().any(|s| s.start == index && s.start < s.end) {
            out.push_str("||");
        }
        let escape = match c {
            '\\' | '*' | '_' | '~' | '`' | '|' | '[' | ']' | '<' => true,
            // Block syntax counts only at the start of a line (after spaces).
            '#' | '>' | '-' | '+' => line_start,
            '.' | ')' => digits,
            _ => false,
        };
        if escape {
            out.push('\\');
        }
        out.push(c);
        digits = c.is_ascii_digit() && (line_start || digits);
        line_start = c == '\n' || (line_start && (c == ' ' || c == '\t'));
    }
    if spoilers
        .iter()
        .any(|s| s.end == text.len() && s.start < s.end)
    {
        out.push_str("||");
    }
    out
}

/// Splits `text` into pieces of at most `limit` characters, between lines where it can.
fn split_text(text: &str, limit: usize) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut current = String::new();
    let mut current_len = 0;
    for line in text.split_inclusive('\n') {
        let mut line: Vec<char> = line.chars().collect();
        while !line.is_empty() {
            let room = limit - current_len;
            if line.len() <= room {
                current.extend(line.drain(..));
                current_len += current.chars().count() - current_len;
            } else if current_len > 0 {
                pieces.push(std::mem::take(&mut current));
                current_len = 0;
            } else {
                // Never between an escaping backslash and what it escapes.
                let backslashes = line[..limit]
                    .iter()
                    .rev()
                    .take_while(|&&c| c == '\\')
                    .count();
                let cut = if backslashes % 2 == 1 {
                    limit - 1
                } else {
                    limit
                };
                current.extend(line.drain(..cut));
                pieces.push(std::mem::take(&mut current));
            }
        }
    }
    pieces.push(current);
    pieces
        .into_iter()
        .map(|p| p.trim_end().to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// The messages the replies need: long texts split, buttons on the last piece.
fn plan(replies: &[Outgoing]) -> Vec<Message> {
    let mut messages = Vec::new();
    for reply in replies {
        let png = match &reply.body {
            Body::Text(_) => None,
            Body::Image { png, .. } => Some(png.clone()),
        };
        let (text, spoilers) = reply.text_and_spoilers();
        let mut pieces = split_text(&markdown(text, spoilers), CONTENT_LIMIT);
        if pieces.is_empty() {
            pieces.push(String::new());
        }
        let last = pieces.len() - 1;
        for (index, content) in pieces.into_iter().enumerate() {
            if content.is_empty() && index == 0 && png.is_none() && reply.buttons.is_empty() {
                continue;
            }
            messages.push(Message {
                content,
                png: if index == 0 { png.clone() } else { None },
                buttons: if index == last {
                    reply.buttons.clone()
                } else {
                    Vec::new()
                },
                ephemeral: reply.private,
            });
        }
    }
    messages
}

/// Action rows of buttons; a command that cannot be a `custom_id` (too long, or twice in
/// one message) is left out: typing it still works.
fn components(buttons: &[Button]) -> Value {
    let mut seen = Vec::new();
    let fitting: Vec<Value> = buttons
        .iter()
        .filter(|b| {
            let fits = (1..=CUSTOM_ID_LIMIT).contains(&b.command.chars().count())
                && !b.label.trim().is_empty()
                && !seen.contains(&b.command);
            if fits {
                seen.push(b.command.clone());
            } else {
                tracing::warn!(
                    chars = b.command.chars().count(),
                    "button left out: not a usable custom id"
                );
            }
            fits
        })
        .take(BUTTON_LIMIT)
        .map(|b| {
            let label: String = b.label.chars().take(LABEL_LIMIT).collect();
            json!({"type": 2, "style": 1, "label": label, "custom_id": b.command})
        })
        .collect();
    fitting
        .chunks(BUTTONS_PER_ROW)
        .map(|row| json!({"type": 1, "components": row}))
        .collect()
}

/// The message's JSON and its upload.
fn payload(message: &Message, with_flags: bool) -> (Value, Vec<Upload>) {
    let mut data = json!({
        "content": message.content,
        "components": components(&message.buttons),
        // Names in replies are plain text; nothing a player typed may ping anyone.
        "allowed_mentions": {"parse": []},
    });
    if with_flags && message.ephemeral {
        data["flags"] = json!(EPHEMERAL);
    }
    let mut files = Vec::new();
    if let Some(png) = &message.png {
        data["attachments"] = json!([{"id": 0, "filename": PICTURE_NAME}]);
        files.push(Upload {
            name: PICTURE_NAME.to_string(),
            bytes: png.clone(),
        });
    }
    (data, files)
}

/// The name to show: the server nickname, else the display name, else the username.
fn user_info(user: &User, nick: Option<&str>) -> UserInfo {
    UserInfo {
        id: user.id.get().to_string(),
        name: nick
            .or(user.global_name.as_deref())
            .filter(|n| !n.trim().is_empty())
            .unwrap_or(&user.name)
            .to_string(),
        handle: Some(user.name.clone()),
    }
}

/// Daily posts are plain channel messages.
struct ChannelPoster(Arc<Core>);

impl Poster for ChannelPoster {
    async fn post(&self, chat: &str, replies: Vec<Outgoing>) -> Result<(), String> {
        let channel: u64 = chat
            .parse()
            .map_err(|_| format!("{chat} is not a Discord channel id"))?;
        for message in plan(&replies) {
            let (data, files) = payload(&message, false);
            self.0
                .rest
                .call(
                    "daily post",
                    Method::POST,
                    &format!("/channels/{channel}/messages"),
                    Some(&data),
                    &files,
                )
                .await
                .map_err(|fault| fault.to_string())?;
        }
        Ok(())
    }
}

/// Where an interaction happened and who may change settings there.
struct Place {
    channel: u64,
    guild: Option<u64>,
    /// Manage Server in a guild; anyone in a direct message.
    admin: bool,
}

impl Place {
    fn of(channel: u64, guild: Option<u64>, member: Option<&Member>) -> Place {
        let admin = match guild {
            None => true,
            Some(_) => member
                .and_then(|m| m.permissions)
                .is_some_and(|p| p.manage_guild() || p.administrator()),
        };
        Place {
            channel,
            guild,
            admin,
        }
    }
}

fn incoming(
    place: Place,
    user: UserInfo,
    text: String,
    locale: &str,
    mentions: Vec<UserInfo>,
) -> Incoming {
    Incoming {
        platform: Platform::Discord,
        chat: ChatInfo {
            id: place.channel.to_string(),
            title: None,
            private: place.guild.is_none(),
            community: place.guild.map(|g| g.to_string()),
        },
        user,
        text,
        locale: Some(locale.to_string()).filter(|l| !l.is_empty()),
        mentions,
        admin: place.admin,
        membership: None,
    }
}

fn from_command(command: &CommandInteraction) -> Incoming {
    let mut args = Vec::new();
    let mut mentions = Vec::new();
    for option in &command.data.options {
        let arg = match &option.value {
            CommandDataOptionValue::String(text) => Arg::Text(text.clone()),
            CommandDataOptionValue::Integer(number) => Arg::Number(*number),
            CommandDataOptionValue::Boolean(flag) => Arg::Flag(*flag),
            CommandDataOptionValue::User(id) => {
                let resolved = &command.data.resolved;
                if let Some(user) = resolved.users.get(id).filter(|u| !u.bot) {
                    let nick = resolved.members.get(id).and_then(|m| m.nick.as_deref());
                    mentions.push(user_info(user, nick));
                }
                continue;
            }
            _ => continue,
        };
        args.push((option.name.clone(), arg));
    }
    let nick = command.member.as_ref().and_then(|m| m.nick.as_deref());
    incoming(
        Place::of(
            command.channel_id.get(),
            command.guild_id.map(|g| g.get()),
            command.member.as_deref(),
        ),
        user_info(&command.user, nick),
        commands::command_text(&command.data.name, &args),
        &command.locale,
        mentions,
    )
}

/// The chat line a command or button press becomes: `from_command` / `from_component` for
/// the fuzz targets (`crate::fuzzing`).
#[doc(hidden)]
pub fn incoming_of_interaction(interaction: &Interaction) -> Option<Incoming> {
    match interaction {
        Interaction::Command(command) => Some(from_command(command)),
        Interaction::Component(press) => Some(from_component(press)),
        _ => None,
    }
}

fn from_component(press: &ComponentInteraction) -> Incoming {
    let nick = press.member.as_ref().and_then(|m| m.nick.as_deref());
    incoming(
        Place::of(
            press.channel_id.get(),
            press.guild_id.map(|g| g.get()),
            press.member.as_ref(),
        ),
        user_info(&press.user, nick),
        press.data.custom_id.clone(),
        &press.locale,
        Vec::new(),
    )
}

/// The suggestions for what has been typed so far.
fn suggestions(moves: Vec<String>, typed: &str) -> Vec<String> {
    let typed = typed.trim().to_lowercase();
    moves
        .into_iter()
        .filter(|mv| mv.to_lowercase().starts_with(&typed))
        .filter(|mv| (1..=100).contains(&mv.chars().count()))
        .take(CHOICE_LIMIT)
        .collect()
}

/// The interaction a reply belongs to.
struct Thread<'a> {
    application: u64,
    id: u64,
    token: &'a str,
    channel: u64,
}

struct Core {
    service: Arc<Service>,
    rest: Rest,
    guild: Option<u64>,
    defer_after: Duration,
    registered: AtomicBool,
    seen: Mutex<VecDeque<u64>>,
}

impl Core {
    /// False for an interaction already handled (a resumed session may replay it).
    fn first_time(&self, id: u64) -> bool {
        let mut seen = self
            .seen
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if seen.contains(&id) {
            return false;
        }
        if seen.len() >= SEEN_LIMIT {
            seen.pop_front();
        }
        seen.push_back(id);
        true
    }

    async fn register(&self, application: u64) {
        if self.registered.load(Ordering::Acquire) {
            return;
        }
        // Discord's locale codes, and the catalogue language serving each.
        let translations: Vec<commands::Translation> = [("ru", "ru"), ("no", "nb")]
            .into_iter()
            .map(|(locale, language)| commands::Translation {
                locale,
                names: self.service.command_names(Some(language)),
                menu: self.service.command_menu(Some(language)),
            })
            .collect();
        let body = commands::definitions(&self.service.command_menu(None), &translations);
        let path = match self.guild {
            Some(guild) => format!("/applications/{application}/guilds/{guild}/commands"),
            None => format!("/applications/{application}/commands"),
        };
        match self
            .rest
            .call("register commands", Method::PUT, &path, Some(&body), &[])
            .await
        {
            Ok(_) => {
                self.registered.store(true, Ordering::Release);
                tracing::info!(guild = ?self.guild, "slash commands registered");
            }
            // The next READY tries again; commands registered before keep working.
            Err(fault) => tracing::warn!(%fault, "cannot register the slash commands"),
        }
    }

    async fn on_interaction(&self, interaction: Interaction) {
        match interaction {
            Interaction::Command(command) if self.first_time(command.id.get()) => {
                let thread = Thread {
                    application: command.application_id.get(),
                    id: command.id.get(),
                    token: &command.token,
                    channel: command.channel_id.get(),
                };
                self.answer(&thread, from_command(&command)).await;
            }
            Interaction::Component(press) if self.first_time(press.id.get()) => {
                let thread = Thread {
                    application: press.application_id.get(),
                    id: press.id.get(),
                    token: &press.token,
                    channel: press.channel_id.get(),
                };
                self.answer(&thread, from_component(&press)).await;
            }
            Interaction::Autocomplete(command) => self.autocomplete(&command).await,
            _ => {}
        }
    }

    async fn autocomplete(&self, command: &CommandInteraction) {
        let Some(focused) = command.data.autocomplete() else {
            return;
        };
        let (chat, user) = (
            command.channel_id.get().to_string(),
            command.user.id.get().to_string(),
        );
        let choices: Vec<Value> = match (command.data.name.as_str(), focused.name) {
            ("accept", "game") => {
                let typed = focused.value.trim().trim_start_matches('#');
                self.service
                    .acceptable_challenges(Platform::Discord, &chat, &user)
                    .await
                    .into_iter()
                    .filter(|(_, id)| id.to_string().starts_with(typed))
                    .take(CHOICE_LIMIT)
                    .map(|(label, id)| json!({"name": label, "value": id}))
                    .collect()
            }
            (name @ ("move" | "place"), "move" | "piece") => {
                // A placement may be typed with a space (`N f3`); a move's space comes
                // before its game number (`d3 #4`).
                let (offered, typed) = if name == "move" {
                    let moves = self
                        .service
                        .legal_moves_for(Platform::Discord, &chat, &user);
                    (moves.await, focused.value.to_string())
                } else {
                    let placements = self.service.placements_for(Platform::Discord, &chat, &user);
                    (placements.await, focused.value.replace(' ', ""))
                };
                suggestions(offered, &typed)
                    .into_iter()
                    .map(|text| json!({"name": text, "value": text}))
                    .collect()
            }
            _ => Vec::new(),
        };
        let body = json!({"type": 8, "data": {"choices": choices}});
        let path = format!(
            "/interactions/{}/{}/callback",
            command.id.get(),
            command.token
        );
        if let Err(fault) = self
            .rest
            .call("autocomplete", Method::POST, &path, Some(&body), &[])
            .await
        {
            tracing::debug!(%fault, "autocomplete not answered");
        }
    }

    /// Handles a command or a press and delivers every reply.
    async fn answer(&self, thread: &Thread<'_>, incoming: Incoming) {
        // Ids and sizes only: what people write stays out of the logs.
        tracing::debug!(interaction = thread.id, chat = %incoming.chat.id, bytes = incoming.text.len(), "interaction");
        let callback = format!("/interactions/{}/{}/callback", thread.id, thread.token);
        let work = self.service.handle_privately_refused(&incoming);
        tokio::pin!(work);
        // Zero means "always defer": a timeout of zero would still race the work.
        let in_time = if self.defer_after.is_zero() {
            None
        } else {
            tokio::time::timeout(self.defer_after, &mut work).await.ok()
        };
        let (replies, deferred) = match in_time {
            Some(replies) => (replies, None),
            None => {
                // A deferral's visibility is fixed when it is made, and on Discord any answer
                // may turn out private (refusals are): the placeholder is shown to the
                // speaker alone. Discord takes a follow-up sent while the placeholder stands
                // as its answer, with the placeholder's visibility whatever the follow-up's
                // flags say, so a private placeholder can at worst keep a public reply to the
                // speaker (avoided below), never show a private one to the channel.
                let body = json!({"type": 5, "data": {"flags": EPHEMERAL}});
                let defer = self
                    .rest
                    .call("defer", Method::POST, &callback, Some(&body), &[]);
                let (deferred, replies) = tokio::join!(defer, &mut work);
                (replies, Some(deferred.is_ok()))
            }
        };
        let mut messages = plan(&replies);
        if messages.is_empty() {
            // Discord shows an error to the user when an interaction goes unanswered.
            messages.push(Message {
                content: "✓".to_string(),
                png: None,
                buttons: Vec::new(),
                ephemeral: true,
            });
        }
        // `None`: the interaction is lost, public messages go to the channel.
        let mut interaction_alive = true;
        // False while a private placeholder stands: a public follow-up would take its place
        // and be shown to the speaker alone.
        let mut settled = true;
        match deferred {
            None => {
                let first = messages.remove(0);
                let (data, files) = payload(&first, true);
                let body = json!({"type": 4, "data": data});
                if let Err(fault) = self
                    .rest
                    .call("reply", Method::POST, &callback, Some(&body), &files)
                    .await
                {
                    tracing::warn!(%fault, "interaction reply failed");
                    interaction_alive = false;
                    self.to_channel(thread, &first).await;
                }
            }
            Some(false) => interaction_alive = false,
            Some(true) => {
                // The private "thinking…" placeholder becomes the first private reply, or
                // goes away when all replies are public; they follow it.
                let original = format!(
                    "/webhooks/{}/{}/messages/@original",
                    thread.application, thread.token
                );
                match messages.iter().position(|m| m.ephemeral) {
                    Some(index) => {
                        let first = messages.remove(index);
                        let (data, files) = payload(&first, false);
                        if let Err(fault) = self
                            .rest
                            .call("edit reply", Method::PATCH, &original, Some(&data), &files)
                            .await
                        {
                            tracing::warn!(%fault, "editing the deferred reply failed");
                            // As the first follow-up it still takes the private placeholder.
                            messages.insert(0, first);
                            settled = false;
                        }
                    }
                    None => {
                        if let Err(fault) = self
                            .rest
                            .call("delete reply", Method::DELETE, &original, None, &[])
                            .await
                        {
                            tracing::warn!(%fault, "removing the deferred reply failed");
                            settled = false;
                        }
                    }
                }
            }
        }
        let followup = format!("/webhooks/{}/{}", thread.application, thread.token);
        for message in &messages {
            if !settled && !message.ephemeral {
                // Through the interaction it would stay with the speaker: the channel.
                self.to_channel(thread, message).await;
                continue;
            }
            if interaction_alive {
                let (data, files) = payload(message, true);
                match self
                    .rest
                    .call("follow-up", Method::POST, &followup, Some(&data), &files)
                    .await
                {
                    Ok(_) => {
                        settled = true;
                        continue;
                    }
                    Err(fault) => tracing::warn!(%fault, "follow-up failed"),
                }
            }
            self.to_channel(thread, message).await;
        }
    }

    /// The last way out for a public reply; a private one is dropped (with a log line)
    /// rather than shown to everyone.
    async fn to_channel(&self, thread: &Thread<'_>, message: &Message) {
        if message.ephemeral {
            tracing::warn!("a private reply could not be delivered");
            return;
        }
        let (data, files) = payload(message, false);
        let path = format!("/channels/{}/messages", thread.channel);
        if let Err(fault) = self
            .rest
            .call("channel message", Method::POST, &path, Some(&data), &files)
            .await
        {
            tracing::error!(%fault, channel = thread.channel, "a reply is lost");
        }
    }
}

struct Handler(Arc<Core>);

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, _: Context, ready: Ready) {
        tracing::info!(bot = %ready.user.name, "Discord chat: connected");
        self.0.register(ready.application.id.get()).await;
    }

    async fn interaction_create(&self, _: Context, interaction: Interaction) {
        self.0.on_interaction(interaction).await;
    }
}

/// Resolves when shutdown is asked for; never when nobody can ask any more.
async fn stopped(mut shutdown: watch::Receiver<bool>) {
    if shutdown.wait_for(|stop| *stop).await.is_err() {
        std::future::pending::<()>().await;
    }
}

fn gateway_error(error: &serenity::Error) -> DiscordError {
    use serenity::all::{GatewayError, HttpError};
    match error {
        serenity::Error::Gateway(GatewayError::InvalidAuthentication) => DiscordError::InvalidToken,
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response))
            if response.status_code.as_u16() == 401 =>
        {
            DiscordError::InvalidToken
        }
        other => DiscordError::Gateway(other.to_string()),
    }
}

/// Runs the Discord chat until `shutdown` turns true. Fails when the token is refused, the
/// base URL is unusable or the gateway cannot be reached; serenity reconnects by itself
/// once connected.
pub async fn run(
    service: Arc<Service>,
    config: DiscordConfig,
    shutdown: watch::Receiver<bool>,
) -> Result<(), DiscordError> {
    let base = match &config.api_base {
        Some(base) => {
            url::Url::parse(base).map_err(|e| DiscordError::BadApiBase(e.to_string()))?;
            base.trim_end_matches('/').to_string()
        }
        None => "https://discord.com".to_string(),
    };
    let rest = Rest::new(
        &base,
        &config.token,
        config.retry.clone(),
        config.request_timeout,
    )
    .map_err(DiscordError::Client)?;
    // serenity falls back to Discord's own gateway when it cannot ask for the URL, and a
    // refused token would only show as endless reconnects: the token is checked first.
    match rest
        .call("check token", Method::GET, "/users/@me", None, &[])
        .await
    {
        Ok(_) => {}
        Err(Fault::Unauthorized) => return Err(DiscordError::InvalidToken),
        Err(fault) => {
            return Err(DiscordError::Gateway(format!(
                "cannot reach Discord: {fault}"
            )));
        }
    }
    let mut http = HttpBuilder::new(&config.token);
    if config.api_base.is_some() {
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let core = Arc::new(Core {
        service,
        rest,
        guild: config.guild_id,
        defer_after: config.defer_after,
        registered: AtomicBool::new(false),
        seen: Mutex::new(VecDeque::new()),
    });
    let mut client =
        serenity::all::ClientBuilder::new_with_http(http.build(), GatewayIntents::empty())
            .event_handler(Handler(core.clone()))
            .await
            .map_err(|e| gateway_error(&e))?;
    if *shutdown.borrow() {
        return Ok(());
    }
    let shards = client.shard_manager.clone();
    let scheduler = {
        let poster = ChannelPoster(core.clone());
        let shutdown = shutdown.clone();
        let every = config.daily_every;
        tokio::spawn(async move {
            let service = poster.0.service.clone();
            schedule::run_scheduler(
                &service,
                Platform::Discord,
                schedule::holder_name(),
                poster,
                every,
                shutdown,
            )
            .await;
        })
    };
    let stopper = tokio::spawn(async move {
        stopped(shutdown).await;
        tracing::info!("Discord chat stopping");
        shards.shutdown_all().await;
    });
    let result = match config.shards {
        // serenity's range end is the last shard, included.
        Some(plan) => {
            tracing::info!(
                first = plan.first,
                last = plan.last,
                total = plan.total,
                "Discord shards"
            );
            client
                .start_shard_range(plan.first..plan.last, plan.total)
                .await
        }
        None => client.start().await,
    };
    stopper.abort();
    scheduler.abort();
    result.map_err(|e| gateway_error(&e))?;
    tracing::info!("Discord chat stopped");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn button(label: &str, command: &str) -> Button {
        Button::new(label, command)
    }

    #[test]
    fn texts_split_under_the_limit() {
        let line = "x".repeat(900);
        let text = [line.as_str(); 5].join("\n");
        let pieces = split_text(&text, CONTENT_LIMIT);
        assert_eq!(pieces.len(), 3);
        assert!(pieces.iter().all(|p| p.chars().count() <= CONTENT_LIMIT));
        let endless = "é".repeat(4500);
        let pieces = split_text(&endless, CONTENT_LIMIT);
        assert_eq!(pieces.concat(), endless);
        assert!(split_text(" \n", CONTENT_LIMIT).is_empty());
    }

    #[test]
    fn buttons_fit_discords_rows_and_ids() {
        let mut buttons: Vec<Button> = (0..30)
            .map(|i| button("b", &format!("place {i}")))
            .collect();
        buttons.push(button("long", &"x".repeat(101)));
        buttons.insert(1, button("again", "place 0"));
        let rows = components(&buttons);
        let rows = rows.as_array().expect("rows");
        assert_eq!(rows.len(), 5);
        assert!(
            rows.iter()
                .all(|r| r["components"].as_array().map(Vec::len) == Some(5))
        );
        assert_eq!(rows[0]["components"][1]["custom_id"], "place 1");
    }

    #[test]
    fn replies_become_messages() {
        let mut private = Outgoing::text("only you");
        private.private = true;
        let replies = vec![
            Outgoing::image(vec![1], "c".repeat(2500)).with_buttons(vec![button("A", "accept 1")]),
            private,
        ];
        let messages = plan(&replies);
        assert_eq!(messages.len(), 3);
        assert!(messages[0].png.is_some() && messages[0].buttons.is_empty());
        assert!(messages[1].png.is_none() && messages[1].buttons.len() == 1);
        assert!(messages[2].ephemeral);
        let (data, files) = payload(&messages[0], true);
        assert_eq!(data["attachments"][0]["filename"], PICTURE_NAME);
        assert_eq!(files.len(), 1);
        assert!(data.get("flags").is_none());
        assert_eq!(payload(&messages[2], true).0["flags"], EPHEMERAL);
    }

    #[test]
    // One spoiler is a one-range list, not a range taken for a list of numbers.
    #[allow(clippy::single_range_in_vec_init)]
    fn text_shows_as_written_and_only_marked_spoilers_hide() {
        assert_eq!(
            markdown(
                "[login](https://evil.example) **x** a||b||c `c` ~~s~~ <@1> _i_",
                &[]
            ),
            r"\[login\](https://evil.example) \*\*x\*\* a\|\|b\|\|c \`c\` \~\~s\~\~ \<@1> \_i\_"
        );
        // Block syntax only where it starts a line.
        assert_eq!(
            markdown(
                "# big\n> quote\n - item\n12. x\nknight-fight #4 (1. e4)",
                &[]
            ),
            "\\# big\n\\> quote\n \\- item\n12\\. x\nknight-fight #4 (1. e4)"
        );
        let text = "Solution: N c3 B d4";
        let at = text.find('N').unwrap();
        assert_eq!(markdown(text, &[at..text.len()]), "Solution: ||N c3 B d4||");
        assert_eq!(markdown("a_b c", &[2..3]), r"a\_||b|| c");
        // A long line is never cut between a backslash and what it escapes.
        let stars = format!("a{}", "*".repeat(1500));
        let pieces = split_text(&markdown(&stars, &[]), CONTENT_LIMIT);
        assert_eq!(pieces.len(), 2);
        assert!(pieces.iter().all(|p| !p.ends_with('\\')), "{pieces:?}");
        assert_eq!(pieces.concat(), format!("a{}", "\\*".repeat(1500)));
    }

    #[test]
    fn suggestions_follow_the_prefix() {
        let moves: Vec<String> = ["d3", "D4", "e5", "d3/g7"].map(String::from).to_vec();
        assert_eq!(suggestions(moves.clone(), "d"), ["d3", "D4", "d3/g7"]);
        assert_eq!(suggestions(moves.clone(), ""), moves);
        let many: Vec<String> = (0..40).map(|i| format!("a{i}")).collect();
        assert_eq!(suggestions(many, "a").len(), CHOICE_LIMIT);
    }

    #[test]
    fn shard_plans_read_and_refuse_what_does_not_fit() {
        assert_eq!(
            ShardPlan::parse("4", Some("2..3")),
            Ok(ShardPlan {
                total: 4,
                first: 2,
                last: 3
            })
        );
        assert_eq!(
            ShardPlan::parse("2", None),
            Ok(ShardPlan {
                total: 2,
                first: 0,
                last: 1
            })
        );
        assert_eq!(ShardPlan::parse("2", Some("1..=1")).map(|p| p.first), Ok(1));
        assert!(ShardPlan::parse("0", None).is_err());
        assert!(ShardPlan::parse("2", Some("1..2")).is_err());
        assert!(ShardPlan::parse("4", Some("3..1")).is_err());
        assert!(ShardPlan::parse("four", None).is_err());
    }

    #[test]
    fn the_config_does_not_show_the_token() {
        let config = DiscordConfig::new("SECRET.TOKEN");
        assert!(!format!("{config:?}").contains("SECRET"));
    }
}
