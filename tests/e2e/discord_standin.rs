//! A Discord stand-in on 127.0.0.1: the REST API the adapter uses (every call recorded, faults
//! served on demand) and a plain `ws://` gateway (Hello, READY after Identify, heartbeat acks)
//! through which the test dispatches interactions.
//!
//! It enforces Discord's limits on the bot's REST calls: every answer carries
//! `X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket` for the call's bucket (posting a
//! message: 5 every 5 s per channel, as Discord; any other route 50 a second per route and
//! major parameter), and over all routes but interaction callbacks 50 calls a second pass
//! (counted as `standin_limits` says). Past them it answers 429 with `retry_after` and
//! `global` in the JSON body (and `X-RateLimit-Global` for the global limit), counted apart
//! from injected faults ([`StandIn::limit_refusals`]).

use crate::standin_limits::{Buckets, Sliding};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as Frame;

pub const TOKEN: &str = "stand-in-discord-token";
pub const APPLICATION: u64 = 4242;
pub const CHANNEL: u64 = 7_000_001;
pub const GUILD: u64 = 9_000_001;
/// The application's OAuth2 client secret, for an Activity's code exchange.
pub const CLIENT_SECRET: &str = "stand-in-client-secret";

/// How the stand-in fails a call.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fault {
    /// HTTP 429 with `retry_after` (seconds) in the body, as Discord words it.
    TooManyRequests {
        retry_after: f64,
    },
    ServerError,
}

/// One REST request the adapter made.
#[derive(Clone, Debug)]
pub struct Call {
    pub method: String,
    /// After `/api/v10`.
    pub path: String,
    /// The JSON body, or a multipart body's `payload_json`.
    pub body: Value,
    /// The `files[0]` part.
    pub file: Option<Vec<u8>>,
    pub fault: Option<Fault>,
    /// What the stand-in answered (a message, a thread), or null.
    pub answer: Value,
    /// For a message that was shown: whether only the speaker sees it, as Discord decides
    /// (a follow-up sent while a deferral's placeholder stands takes the placeholder's place
    /// and its visibility, whatever its own flags say).
    pub shown_ephemeral: Option<bool>,
}

impl Call {
    pub fn answered(&self) -> bool {
        self.fault.is_none()
    }

    /// The message data: inside `data` for an interaction callback.
    pub fn message(&self) -> &Value {
        if self.path.ends_with("/callback") {
            &self.body["data"]
        } else {
            &self.body
        }
    }

    pub fn content(&self) -> &str {
        self.message()["content"].as_str().unwrap_or_default()
    }

    pub fn ephemeral(&self) -> bool {
        self.message()["flags"]
            .as_u64()
            .is_some_and(|f| f & 64 != 0)
    }

    /// (label, custom id) of every button, row after row.
    pub fn buttons(&self) -> Vec<(String, String)> {
        self.message()["components"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .map(|b| {
                (
                    b["label"].as_str().unwrap_or_default().to_string(),
                    b["custom_id"].as_str().unwrap_or_default().to_string(),
                )
            })
            .collect()
    }
}

/// Discord's global limit: calls a second over all routes but interaction callbacks.
const GLOBAL_PER_SECOND: usize = 50;

/// The bucket a call counts in: its name (the route with ids left out), its major parameter
/// (channel, guild, webhook or interaction with its token) and its limit per window.
fn bucket_of(method: &Method, path: &str) -> (String, String, (u32, Duration)) {
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let major_len = match segments.first().copied() {
        Some("channels" | "guilds") => 2,
        Some("webhooks" | "interactions") => 3,
        _ => 1,
    };
    let major = segments[1..major_len.min(segments.len())].join("/");
    let route: Vec<&str> = segments
        .iter()
        .enumerate()
        .map(|(index, segment)| {
            let id = segment.chars().all(|c| c.is_ascii_digit()) || segment.len() >= 32;
            if index > 0 && (index < major_len || id) {
                "{id}"
            } else {
                segment
            }
        })
        .collect();
    let limit = match (method, &segments[..]) {
        (&Method::POST, ["channels", _, "messages"]) => (5, Duration::from_secs(5)),
        _ => (50, Duration::from_secs(1)),
    };
    (format!("{method} /{}", route.join("/")), major, limit)
}

/// Discord's limits as enforced, and the 429s they earned.
struct Referee {
    global: Sliding<()>,
    buckets: Buckets,
    refusals: usize,
}

impl Default for Referee {
    fn default() -> Self {
        Referee {
            global: Sliding::new(GLOBAL_PER_SECOND, Duration::from_secs(1)),
            buckets: Buckets::default(),
            refusals: 0,
        }
    }
}

/// What the limits say of one call: its answer's headers, and a 429's wait (and whether it
/// was the global limit) when refused.
struct Verdict {
    headers: Vec<(&'static str, String)>,
    refused: Option<(Duration, bool)>,
}

impl Referee {
    fn check(&mut self, method: &Method, path: &str, now: Instant) -> Verdict {
        let counted = !path.starts_with("/interactions/");
        if counted && let Some(wait) = self.global.wait(&(), now) {
            self.refusals += 1;
            return Verdict {
                headers: vec![("x-ratelimit-global", "true".to_string())],
                refused: Some((wait, true)),
            };
        }
        let (bucket, major, limit) = bucket_of(method, path);
        let (window, fits) = self.buckets.take(&bucket, &major, limit, now);
        let after = window.reset_at.saturating_duration_since(now);
        let epoch = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            + after;
        let headers = vec![
            ("x-ratelimit-limit", window.limit.to_string()),
            (
                "x-ratelimit-remaining",
                (window.limit - window.used).to_string(),
            ),
            ("x-ratelimit-reset", format!("{:.3}", epoch.as_secs_f64())),
            (
                "x-ratelimit-reset-after",
                format!("{:.3}", after.as_secs_f64()),
            ),
            ("x-ratelimit-bucket", bucket),
        ];
        if !fits {
            self.refusals += 1;
            return Verdict {
                headers,
                refused: Some((after, false)),
            };
        }
        if counted {
            self.global.record((), now);
        }
        Verdict {
            headers,
            refused: None,
        }
    }
}

#[derive(Default)]
struct Inner {
    /// Discord's limits on the bot's REST calls.
    referee: Referee,
    calls: Vec<Call>,
    /// (path fragment, fault, how many more times).
    faults: Vec<(String, Fault, usize)>,
    /// The connected gateway session's outbox.
    session: Option<mpsc::UnboundedSender<Value>>,
    identified: usize,
    resumed: usize,
    /// Each shard's session (by shard id) and the shard count it identified with.
    shards: std::collections::BTreeMap<u64, (mpsc::UnboundedSender<Value>, u64)>,
    /// (shard, guild) of every interaction dispatched to a shard.
    routed: Vec<(u64, u64)>,
    /// What `GET /gateway/bot` recommends.
    recommended_shards: u64,
    /// Interactions say the bot may open threads ([`StandIn::grant_threads`]).
    grant_threads: bool,
    /// The tokens of presses on ephemeral messages (an update of one stays private).
    pressed_ephemeral: std::collections::HashSet<String>,
    /// Per interaction token: whether its deferral was ephemeral, and whether its placeholder
    /// still stands (neither edited nor removed nor answered by a follow-up).
    deferrals: std::collections::HashMap<String, (bool, bool)>,
    /// (path fragment, delay, how many more times): calls answered only after the delay and
    /// recorded only then, so a client that goes away meanwhile leaves no trace.
    slow: Vec<(String, Duration, usize)>,
    /// OAuth2: each authorisation code not yet exchanged, and whose it is.
    codes: std::collections::HashMap<String, Value>,
    /// OAuth2: each access token given out, and whose it is.
    access: std::collections::HashMap<String, Value>,
    /// OAuth2: the exchanges asked for, and whether each was granted.
    exchanges: Vec<bool>,
}

fn lock(inner: &Mutex<Inner>) -> MutexGuard<'_, Inner> {
    inner
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

pub struct StandIn {
    pub url: String,
    inner: Arc<Mutex<Inner>>,
    next_id: AtomicU64,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Drop for StandIn {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

/// A member of the server.
#[derive(Clone, Debug)]
pub struct Person {
    pub id: u64,
    pub username: &'static str,
    pub global_name: &'static str,
}

impl Person {
    pub fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.username,
            "global_name": self.global_name,
            "discriminator": "0",
            "avatar": null,
        })
    }
}

fn bot_user() -> Value {
    json!({"id": APPLICATION.to_string(), "username": "kibitz", "discriminator": "0",
        "global_name": null, "avatar": null, "bot": true})
}

/// A message as serenity needs it at least.
fn message_json(id: u64, content: &str) -> Value {
    json!({
        "id": id.to_string(), "channel_id": CHANNEL.to_string(), "author": bot_user(),
        "content": content, "timestamp": "2024-01-01T00:00:00.000000+00:00", "tts": false,
        "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [],
        "embeds": [], "pinned": false, "type": 0,
    })
}

/// Send Messages, Create Public Threads and Send Messages in Threads.
const THREAD_PERMISSIONS: u64 = (1 << 11) | (1 << 35) | (1 << 38);

/// Moves an interaction into the public thread `thread` off the stand-in's channel.
fn in_thread(interaction: &mut Value, thread: u64) {
    interaction["channel_id"] = json!(thread.to_string());
    interaction["channel"] = json!({
        "id": thread.to_string(), "type": 11, "parent_id": CHANNEL.to_string(),
        "name": "a game's thread",
    });
}

/// The member with Manage Server (alice); everybody else has no permissions.
pub const MANAGER: u64 = 1_101;
const MANAGE_GUILD: u64 = 1 << 5;

fn base_interaction(id: u64, kind: u8, person: &Person, data: Value) -> Value {
    let permissions = if person.id == MANAGER {
        MANAGE_GUILD
    } else {
        0
    };
    json!({
        "id": id.to_string(),
        "application_id": APPLICATION.to_string(),
        "type": kind,
        "data": data,
        "channel_id": CHANNEL.to_string(),
        "guild_id": GUILD.to_string(),
        "member": {
            "user": person.json(), "roles": [], "nick": null, "deaf": false, "mute": false,
            "flags": 0, "joined_at": "2024-01-01T00:00:00.000000+00:00",
            "permissions": permissions.to_string(),
        },
        "user": person.json(),
        "token": format!("token-{id}"),
        "version": 1,
        "locale": "en-US",
        "entitlements": [],
        "attachment_size_limit": 8_388_608,
    })
}

/// A slash command's option: `("move", json!("d3"))`; a user option is given as a Person
/// via [`user_option`].
pub type Opt = (&'static str, u8, Value);

pub fn text(name: &'static str, value: &str) -> Opt {
    (name, 3, json!(value))
}

pub fn number(name: &'static str, value: i64) -> Opt {
    (name, 4, json!(value))
}

pub fn flag(name: &'static str, value: bool) -> Opt {
    (name, 5, json!(value))
}

pub fn user_option(name: &'static str, person: &Person) -> Opt {
    (name, 6, json!(person.id.to_string()))
}

fn command_data(name: &str, options: &[Opt], people: &[&Person], focused: Option<&str>) -> Value {
    let options: Vec<Value> = options
        .iter()
        .map(|(option, kind, value)| {
            let mut o = json!({"name": option, "type": kind, "value": value});
            if focused == Some(*option) {
                o["focused"] = json!(true);
            }
            o
        })
        .collect();
    let users: serde_json::Map<String, Value> = people
        .iter()
        .map(|p| (p.id.to_string(), p.json()))
        .collect();
    json!({"id": "1", "name": name, "type": 1, "options": options,
        "resolved": {"users": users}})
}

async fn read_body(request: Request) -> (Value, Option<Vec<u8>>) {
    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        let body = Bytes::from_request(request, &()).await.unwrap_or_default();
        return (serde_json::from_slice(&body).unwrap_or(Value::Null), None);
    }
    let (mut body, mut file) = (Value::Null, None);
    if let Ok(mut form) = Multipart::from_request(request, &()).await {
        while let Ok(Some(field)) = form.next_field().await {
            let name = field.name().unwrap_or_default().to_string();
            let bytes = field.bytes().await.unwrap_or_default().to_vec();
            match name.as_str() {
                "payload_json" => body = serde_json::from_slice(&bytes).unwrap_or(Value::Null),
                "files[0]" => file = Some(bytes),
                _ => {}
            }
        }
    }
    (body, file)
}

#[derive(Clone)]
struct AppState {
    inner: Arc<Mutex<Inner>>,
    gateway: String,
    messages: Arc<AtomicU64>,
}

/// A call, refereed by Discord's limits when it is the bot's own REST call (not the OAuth2
/// exchange, an access token's question or the gateway's address), and answered.
async fn api(State(state): State<AppState>, request: Request) -> Response {
    let method = request.method().clone();
    let path = request
        .uri()
        .path()
        .strip_prefix("/api/v10")
        .unwrap_or(request.uri().path())
        .to_string();
    let bot = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        == Some(&format!("Bot {TOKEN}"));
    if !bot || path.starts_with("/gateway") {
        return answer(state, request).await;
    }
    let verdict = {
        let mut inner = lock(&state.inner);
        let verdict = inner.referee.check(&method, &path, Instant::now());
        if let Some((wait, _)) = verdict.refused {
            inner.calls.push(Call {
                method: method.to_string(),
                path: path.clone(),
                body: Value::Null,
                file: None,
                fault: Some(Fault::TooManyRequests {
                    retry_after: wait.as_secs_f64(),
                }),
                answer: Value::Null,
                shown_ephemeral: None,
            });
        }
        verdict
    };
    let mut response = match verdict.refused {
        Some((wait, global)) => (
            StatusCode::TOO_MANY_REQUESTS,
            axum::Json(json!({"message": "You are being rate limited.",
                "retry_after": (wait.as_secs_f64() * 1000.0).ceil() / 1000.0,
                "global": global})),
        )
            .into_response(),
        None => answer(state, request).await,
    };
    for (name, value) in verdict.headers {
        if let Ok(value) = header::HeaderValue::from_str(&value) {
            response.headers_mut().insert(name, value);
        }
    }
    response
}

async fn answer(state: AppState, request: Request) -> Response {
    let method = request.method().clone();
    let path = request
        .uri()
        .path()
        .strip_prefix("/api/v10")
        .unwrap_or(request.uri().path())
        .to_string();
    if path == "/oauth2/token" && method == Method::POST {
        return oauth_token(&state, request).await;
    }
    let bearer = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::to_string);
    if let Some(access) = bearer {
        // An access token asks only who it is.
        let user = lock(&state.inner).access.get(&access).cloned();
        return match user {
            Some(user) if path == "/users/@me" => axum::Json(user).into_response(),
            _ => (
                StatusCode::UNAUTHORIZED,
                axum::Json(json!({"message": "401: Unauthorized", "code": 0})),
            )
                .into_response(),
        };
    }
    let authorized = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        == Some(&format!("Bot {TOKEN}"));
    if path == "/gateway" && authorized {
        return axum::Json(json!({"url": state.gateway})).into_response();
    }
    if path == "/gateway/bot" && authorized {
        let shards = lock(&state.inner).recommended_shards.max(1);
        return axum::Json(json!({"url": state.gateway, "shards": shards,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0,
                "max_concurrency": 1}}))
        .into_response();
    }
    let (body, file) = read_body(request).await;
    let delay = lock(&state.inner)
        .slow
        .iter_mut()
        .find(|(fragment, _, left)| path.contains(fragment.as_str()) && *left > 0)
        .map(|(_, delay, left)| {
            *left -= 1;
            *delay
        });
    if let Some(delay) = delay {
        tokio::time::sleep(delay).await;
    }
    let fault = {
        let mut inner = lock(&state.inner);
        let fault = inner
            .faults
            .iter_mut()
            .find(|(fragment, _, left)| path.contains(fragment.as_str()) && *left > 0)
            .map(|(_, fault, left)| {
                *left -= 1;
                *fault
            });
        let shown_ephemeral = if fault.is_some() || !authorized {
            None
        } else {
            shown(&mut inner, &method, &path, &body)
        };
        inner.calls.push(Call {
            method: method.to_string(),
            path: path.clone(),
            body: body.clone(),
            file,
            fault,
            answer: Value::Null,
            shown_ephemeral,
        });
        (fault, inner.calls.len() - 1)
    };
    let (fault, index) = fault;
    if !authorized {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"message": "401: Unauthorized", "code": 0})),
        )
            .into_response();
    }
    match fault {
        Some(Fault::TooManyRequests { retry_after }) => {
            return (
                StatusCode::TOO_MANY_REQUESTS,
                axum::Json(json!({"message": "You are being rate limited.",
                    "retry_after": retry_after, "global": false})),
            )
                .into_response();
        }
        Some(Fault::ServerError) => {
            return (StatusCode::INTERNAL_SERVER_ERROR, "oops").into_response();
        }
        None => {}
    }
    let id = state.messages.fetch_add(1, Ordering::Relaxed);
    if path.ends_with("/callback") || method == Method::DELETE {
        return StatusCode::NO_CONTENT.into_response();
    }
    if path == "/users/@me" {
        return axum::Json(bot_user()).into_response();
    }
    if path.ends_with("/commands") {
        return axum::Json(body).into_response();
    }
    let answer = match path.trim_start_matches('/').split('/').collect::<Vec<_>>()[..] {
        // A public thread off a message: a channel of its own.
        ["channels", channel, "messages", _, "threads"] => json!({
            "id": id.to_string(), "type": 11, "parent_id": channel,
            "name": body["name"].clone(),
        }),
        _ => message_json(id, body["content"].as_str().unwrap_or_default()),
    };
    lock(&state.inner).calls[index].answer = answer.clone();
    axum::Json(answer).into_response()
}

/// `POST /oauth2/token`: an authorisation code of this application, with its secret,
/// exchanged once for an access token, as Discord does.
async fn oauth_token(state: &AppState, request: Request) -> Response {
    let body = axum::body::to_bytes(request.into_body(), 64 * 1024)
        .await
        .unwrap_or_default();
    let form: std::collections::HashMap<String, String> =
        url::form_urlencoded::parse(&body).into_owned().collect();
    let field = |name: &str| form.get(name).map(String::as_str).unwrap_or_default();
    let mut inner = lock(&state.inner);
    let user = (field("client_id") == APPLICATION.to_string()
        && field("client_secret") == CLIENT_SECRET
        && field("grant_type") == "authorization_code")
        .then(|| inner.codes.remove(field("code")))
        .flatten();
    inner.exchanges.push(user.is_some());
    match user {
        Some(user) => {
            let access = format!("access-{}", inner.access.len() + 1);
            inner.access.insert(access.clone(), user);
            axum::Json(json!({"access_token": access, "token_type": "Bearer",
                "expires_in": 604800, "refresh_token": "refresh", "scope": "identify"}))
            .into_response()
        }
        None => (
            StatusCode::BAD_REQUEST,
            axum::Json(json!({"error": "invalid_grant"})),
        )
            .into_response(),
    }
}

/// Whom Discord shows a message to, following deferrals: `Some(ephemeral)` for a call that
/// shows a message.
fn shown(inner: &mut Inner, method: &Method, path: &str, body: &Value) -> Option<bool> {
    let flagged = |data: &Value| data["flags"].as_u64().is_some_and(|f| f & 64 != 0);
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    match parts.as_slice() {
        ["interactions", _, token, "callback"] => match body["type"].as_u64() {
            Some(5) => {
                let ephemeral = flagged(&body["data"]);
                inner.deferrals.insert(token.to_string(), (ephemeral, true));
                None
            }
            Some(4) => Some(flagged(&body["data"])),
            // The pressed message edited in place: shown as that message was; only its
            // buttons taken off is no message shown.
            Some(7) if body["data"].get("content").is_some() => {
                Some(inner.pressed_ephemeral.contains(*token))
            }
            _ => None,
        },
        ["webhooks", _, token, "messages", "@original"] => {
            let deferral = inner.deferrals.get_mut(*token);
            let ephemeral = deferral.as_ref().map(|(e, _)| *e);
            if let Some((_, standing)) = deferral {
                *standing = false;
            }
            (*method == Method::PATCH).then(|| ephemeral.unwrap_or(false))
        }
        ["webhooks", _, token] => match inner.deferrals.get_mut(*token) {
            Some((ephemeral, standing)) if *standing => {
                *standing = false;
                Some(*ephemeral)
            }
            _ => Some(flagged(body)),
        },
        ["channels", _, "messages"] => Some(false),
        _ => None,
    }
}

/// One gateway connection: Hello, READY after Identify, acks, and whatever the test sends.
async fn session(stream: tokio::net::TcpStream, inner: Arc<Mutex<Inner>>, url: String) {
    let Ok(socket) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut source) = socket.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Value>();
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41_250}});
    if sink.send(Frame::text(hello.to_string())).await.is_err() {
        return;
    }
    let mut seq = 0u64;
    loop {
        tokio::select! {
            frame = source.next() => {
                let Some(Ok(frame)) = frame else { break };
                let Ok(text) = frame.to_text() else { continue };
                let Ok(payload) = serde_json::from_str::<Value>(text) else { continue };
                let reply = match payload["op"].as_u64() {
                    Some(1) => json!({"op": 11}),
                    Some(2) => {
                        let shard = payload["d"]["shard"][0].as_u64().unwrap_or(0);
                        let total = payload["d"]["shard"][1].as_u64().unwrap_or(1);
                        {
                            let mut inner = lock(&inner);
                            inner.identified += 1;
                            inner.session = Some(tx.clone());
                            inner.shards.insert(shard, (tx.clone(), total));
                        }
                        seq += 1;
                        json!({"op": 0, "t": "READY", "s": seq, "d": {
                            "v": 10, "user": bot_user(), "guilds": [],
                            "session_id": format!("session-{shard}"),
                            "resume_gateway_url": url, "shard": [shard, total],
                            "application": {"id": APPLICATION.to_string(), "flags": 0},
                        }})
                    }
                    // A resume after a dropped connection: the session goes on.
                    Some(6) => {
                        let shard = payload["d"]["session_id"]
                            .as_str()
                            .and_then(|s| s.strip_prefix("session-"))
                            .and_then(|s| s.parse::<u64>().ok())
                            .unwrap_or(0);
                        let mut inner = lock(&inner);
                        inner.resumed += 1;
                        inner.session = Some(tx.clone());
                        if let Some(entry) = inner.shards.get_mut(&shard) {
                            entry.0 = tx.clone();
                        }
                        drop(inner);
                        seq += 1;
                        json!({"op": 0, "t": "RESUMED", "s": seq, "d": {}})
                    }
                    _ => continue,
                };
                if sink.send(Frame::text(reply.to_string())).await.is_err() { break; }
            }
            event = rx.recv() => {
                let Some(event) = event else { break };
                if event == json!("drop") {
                    // As a network fault would: the connection ends without a close frame.
                    break;
                }
                seq += 1;
                let dispatch = json!({"op": 0, "t": "INTERACTION_CREATE", "s": seq, "d": event});
                if sink.send(Frame::text(dispatch.to_string())).await.is_err() { break; }
            }
        }
    }
}

impl StandIn {
    pub async fn start() -> StandIn {
        let inner = Arc::new(Mutex::new(Inner::default()));
        let ws = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port");
        let gateway = format!("ws://{}", ws.local_addr().expect("an address"));
        let gateway_task = {
            let inner = inner.clone();
            let url = gateway.clone();
            tokio::spawn(async move {
                while let Ok((stream, _)) = ws.accept().await {
                    tokio::spawn(session(stream, inner.clone(), url.clone()));
                }
            })
        };
        let state = AppState {
            inner: inner.clone(),
            gateway,
            messages: Arc::new(AtomicU64::new(800_000)),
        };
        let app = Router::new().fallback(api).with_state(state);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port");
        let url = format!("http://{}", listener.local_addr().expect("an address"));
        let http_task = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        StandIn {
            url,
            inner,
            next_id: AtomicU64::new(100_000),
            tasks: vec![gateway_task, http_task],
        }
    }

    /// An authorisation code for `person`, as Discord gives an Activity that asked them
    /// (in `locale`), good for one exchange.
    pub fn grant_code(&self, code: &str, person: &Person, locale: &str) {
        let mut user = person.json();
        user["locale"] = json!(locale);
        lock(&self.inner).codes.insert(code.to_string(), user);
    }

    /// Whether each code exchange asked for was granted, in order.
    pub fn exchanges(&self) -> Vec<bool> {
        lock(&self.inner).exchanges.clone()
    }

    pub fn calls(&self) -> Vec<Call> {
        lock(&self.inner).calls.clone()
    }

    /// How many calls were refused (429) for going past Discord's limits; injected faults
    /// are not counted.
    pub fn limit_refusals(&self) -> usize {
        lock(&self.inner).referee.refusals
    }

    /// Answers the next `count` calls whose path contains `fragment` only after `delay`.
    pub fn slow_next(&self, fragment: &str, delay: Duration, count: usize) {
        lock(&self.inner)
            .slow
            .push((fragment.to_string(), delay, count));
    }

    /// `person` uses `/name` with `options`, without waiting for the answer; the
    /// interaction's id.
    pub fn send_command(&self, person: &Person, name: &str, options: &[Opt]) -> u64 {
        let id = self.next_id();
        let data = command_data(name, options, &[], None);
        self.dispatch(base_interaction(id, 2, person, data));
        id
    }

    /// Fails the next `count` calls whose path contains `fragment`.
    pub fn fail_next(&self, fragment: &str, fault: Fault, count: usize) {
        lock(&self.inner)
            .faults
            .push((fragment.to_string(), fault, count));
    }

    /// Waits (bounded) until some call satisfies `done`; the calls so far.
    pub async fn wait_for(&self, what: &str, done: impl Fn(&[Call]) -> bool) -> Vec<Call> {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let calls = self.calls();
            if done(&calls) {
                return calls;
            }
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// Ends the gateway connection abruptly; the adapter must come back by itself.
    pub fn drop_gateway(&self) {
        self.dispatch(json!("drop"));
    }

    /// Makes `GET /gateway/bot` recommend `count` shards.
    pub fn recommend_shards(&self, count: u64) {
        lock(&self.inner).recommended_shards = count;
    }

    /// The shards that identified, each with the shard count it gave.
    pub fn shard_sessions(&self) -> Vec<(u64, u64)> {
        lock(&self.inner)
            .shards
            .iter()
            .map(|(shard, (_, total))| (*shard, *total))
            .collect()
    }

    /// (shard, guild) of every interaction routed to a shard.
    pub fn routed(&self) -> Vec<(u64, u64)> {
        lock(&self.inner).routed.clone()
    }

    /// `person` uses `/name` in the guild `guild` (one of another shard, say).
    pub async fn command_in(
        &self,
        guild: u64,
        person: &Person,
        name: &str,
        options: &[Opt],
    ) -> Vec<Call> {
        self.command_placed(person, name, options, |interaction| {
            interaction["guild_id"] = json!(guild.to_string());
        })
        .await
    }

    /// `person` uses `/name` with their Discord client in `locale` (`ru`, `no`, …).
    pub async fn command_in_locale(
        &self,
        person: &Person,
        name: &str,
        options: &[Opt],
        locale: &str,
    ) -> Vec<Call> {
        self.command_placed(person, name, options, |interaction| {
            interaction["locale"] = json!(locale);
        })
        .await
    }

    /// `person` uses `/name`, in the place `place` makes of the interaction.
    async fn command_placed(
        &self,
        person: &Person,
        name: &str,
        options: &[Opt],
        place: impl FnOnce(&mut Value),
    ) -> Vec<Call> {
        let id = self.next_id();
        let data = command_data(name, options, &[], None);
        let mut interaction = base_interaction(id, 2, person, data);
        place(&mut interaction);
        self.exchange(id, interaction).await
    }

    /// How many times the adapter identified and resumed.
    pub fn sessions(&self) -> (usize, usize) {
        let inner = lock(&self.inner);
        (inner.identified, inner.resumed)
    }

    /// Waits until the adapter identified and registered its commands.
    pub async fn ready(&self) -> Vec<Call> {
        self.wait_for("the commands to be registered", |calls| {
            calls
                .iter()
                .any(|c| c.answered() && c.path.ends_with("/commands"))
        })
        .await
    }

    /// From now on the bot may open threads and write in them wherever it is used (the
    /// interactions' `app_permissions`); before, interactions carry no permissions.
    pub fn grant_threads(&self) {
        lock(&self.inner).grant_threads = true;
    }

    /// The threads the bot opened: (thread id, the channel and message it hangs off, name).
    pub fn threads(&self) -> Vec<(u64, String, String)> {
        self.calls()
            .iter()
            .filter(|c| c.answered() && c.method == "POST" && c.path.ends_with("/threads"))
            .filter_map(|c| {
                let id = c.answer["id"].as_str()?.parse().ok()?;
                let name = c.body["name"].as_str().unwrap_or_default().to_string();
                Some((id, c.path.clone(), name))
            })
            .collect()
    }

    /// `person` uses `/name` in the thread `thread` off the stand-in's channel.
    pub async fn command_in_thread(
        &self,
        thread: u64,
        person: &Person,
        name: &str,
        options: &[Opt],
    ) -> Vec<Call> {
        self.command_placed(person, name, options, |interaction| {
            in_thread(interaction, thread);
        })
        .await
    }

    /// `person` presses the button `custom_id` under the bot's message in thread `thread`.
    pub async fn press_in_thread(
        &self,
        thread: u64,
        person: &Person,
        custom_id: &str,
    ) -> Vec<Call> {
        self.press_placed(person, custom_id, |interaction| {
            interaction["message"]["channel_id"] = json!(thread.to_string());
            in_thread(interaction, thread);
        })
        .await
    }

    fn dispatch(&self, mut interaction: Value) {
        if lock(&self.inner).grant_threads {
            interaction["app_permissions"] = json!(THREAD_PERMISSIONS.to_string());
        }
        // With shards, an event goes to the shard of its guild, as Discord routes it.
        let guild = interaction["guild_id"]
            .as_str()
            .and_then(|g| g.parse::<u64>().ok());
        {
            let mut inner = lock(&self.inner);
            let total = inner.shards.values().next().map(|(_, total)| *total);
            if let (Some(guild), Some(total)) = (guild, total.filter(|&t| t > 1)) {
                let shard = (guild >> 22) % total;
                let session = inner.shards.get(&shard).map(|(tx, _)| tx.clone());
                inner.routed.push((shard, guild));
                drop(inner);
                let sent = session.is_some_and(|s| s.send(interaction).is_ok());
                assert!(sent, "no session for shard {shard}");
                return;
            }
        }
        let session = lock(&self.inner).session.clone();
        let sent = session.is_some_and(|s| s.send(interaction).is_ok());
        assert!(sent, "no gateway session to dispatch to");
    }

    /// Dispatches `interaction`; once its answer has been given, waits until its calls have
    /// been quiet a moment, and returns them.
    async fn exchange(&self, id: u64, interaction: Value) -> Vec<Call> {
        let token = format!("/token-{id}");
        let mine = |c: &Call| c.path.contains(&token) || c.path.starts_with("/channels/");
        let before = self.calls().len();
        self.dispatch(interaction);
        // Answered: a message in the callback, or a deferral and then its edit or removal.
        let calls = self
            .wait_for(&format!("the answer to interaction {id}"), |calls| {
                let mine: Vec<&Call> = calls[before..].iter().filter(|c| mine(c)).collect();
                let direct = mine
                    .iter()
                    .any(|c| c.answered() && c.path.ends_with("/callback") && c.body["type"] != 5);
                let settled = mine
                    .iter()
                    .any(|c| c.answered() && c.path.ends_with("/messages/@original"));
                // Or, when the placeholder could not be touched, a follow-up, or a channel
                // message in its stead.
                let stuck = mine
                    .iter()
                    .any(|c| !c.answered() && c.path.contains(&token));
                let followed = mine.iter().any(|c| {
                    c.answered()
                        && c.method == "POST"
                        && (c.path.ends_with(&token) || (stuck && c.path.starts_with("/channels/")))
                });
                direct || settled || followed
            })
            .await;
        // Follow-ups come right after: a short quiet spell ends the exchange.
        let mut seen = calls[before..].iter().filter(|c| mine(c)).count();
        loop {
            tokio::time::sleep(Duration::from_millis(30)).await;
            let now = self.calls()[before..].iter().filter(|c| mine(c)).count();
            if now == seen {
                break;
            }
            seen = now;
        }
        self.calls()[before..]
            .iter()
            .filter(|c| mine(c))
            .cloned()
            .collect()
    }

    fn next_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// `person` uses `/name` with `options`; `people` are the users the options name.
    pub async fn command(
        &self,
        person: &Person,
        name: &str,
        options: &[Opt],
        people: &[&Person],
    ) -> Vec<Call> {
        let id = self.next_id();
        let data = command_data(name, options, people, None);
        self.exchange(id, base_interaction(id, 2, person, data))
            .await
    }

    /// `person` presses the button `custom_id` under the bot's message.
    pub async fn press(&self, person: &Person, custom_id: &str) -> Vec<Call> {
        self.press_on(person, custom_id, false).await
    }

    /// `person` presses the button `custom_id` under a message of the bot's that only they
    /// see (`ephemeral`) or everyone sees.
    pub async fn press_on(&self, person: &Person, custom_id: &str, ephemeral: bool) -> Vec<Call> {
        self.press_placed(person, custom_id, |interaction| {
            if ephemeral {
                interaction["message"]["flags"] = json!(64);
                let token = interaction["token"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                lock(&self.inner).pressed_ephemeral.insert(token);
            }
        })
        .await
    }

    /// `person` presses the button `custom_id` under the bot's message 1, in the place
    /// `place` makes of the interaction.
    async fn press_placed(
        &self,
        person: &Person,
        custom_id: &str,
        place: impl FnOnce(&mut Value),
    ) -> Vec<Call> {
        let id = self.next_id();
        let mut interaction = base_interaction(
            id,
            3,
            person,
            json!({"custom_id": custom_id, "component_type": 2}),
        );
        interaction["message"] = message_json(1, "a message of the bot's");
        place(&mut interaction);
        self.exchange(id, interaction).await
    }

    /// `person` types into the `focused` option of `/name`; the choices offered.
    pub async fn autocomplete(
        &self,
        person: &Person,
        name: &str,
        options: &[Opt],
        focused: &str,
    ) -> Vec<String> {
        self.autocomplete_choices(person, name, options, focused)
            .await
            .into_iter()
            .map(|(_, value)| value.as_str().unwrap_or_default().to_string())
            .collect()
    }

    /// Like `autocomplete`: each choice's name and value.
    pub async fn autocomplete_choices(
        &self,
        person: &Person,
        name: &str,
        options: &[Opt],
        focused: &str,
    ) -> Vec<(String, Value)> {
        let id = self.next_id();
        let data = command_data(name, options, &[], Some(focused));
        let calls = self
            .exchange(id, base_interaction(id, 4, person, data))
            .await;
        let answer = calls
            .iter()
            .find(|c| c.answered() && c.path.ends_with("/callback"))
            .expect("an answer");
        assert_eq!(answer.body["type"], 8, "{answer:?}");
        answer.body["data"]["choices"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| {
                (
                    c["name"].as_str().unwrap_or_default().to_string(),
                    c["value"].clone(),
                )
            })
            .collect()
    }
}
