//! A Telegram Bot API stand-in on 127.0.0.1: it serves scripted updates through `getUpdates`
//! (honouring `offset` the way Telegram does), answers the calls the adapter makes, records
//! every call (multipart parts included) and can fail the next calls of a method on demand.
//!
//! It enforces Telegram's limits on sends (`sendMessage`, `sendPhoto`, `sendDocument`,
//! `sendAnimation`): 30 a second overall, 1 a second per chat, 20 a minute per group (a chat
//! with a negative id), counted as `standin_limits` says; past them it answers 429 with
//! `parameters.retry_after`, as Telegram does, and counts it apart from injected faults
//! ([`StandIn::limit_refusals`]). A test that tells the bot to pace faster than Telegram
//! allows tells the stand-in the same ([`StandIn::enforce`]).

use crate::standin_limits::Sliding;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Path, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use kibitz::chat::pacing::Limits;
use serde_json::{Value, json};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

pub const TOKEN: &str = "4242:stand-in-token";
pub const BOT_NAME: &str = "kibitzbot";
const BOT_ID: i64 = 4242;

/// How the stand-in fails a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// HTTP 429 with `parameters.retry_after`.
    TooManyRequests { retry_after: u32 },
    /// HTTP 500.
    ServerError,
    /// No answer for this long (the client times out first), then a 500 nobody hears.
    Stall(Duration),
    /// HTTP 400, as for a chat the bot may not write to: never worth trying again.
    BadRequest,
    /// HTTP 404, as a Bot API proxy answers a method it does not have.
    NotFound,
}

/// One request the adapter made.
#[derive(Clone, Debug)]
pub struct Call {
    /// Lower case: teloxide writes `SendPhoto`, Telegram accepts any case.
    pub method: String,
    /// The JSON body, or the text parts of a multipart body (JSON-looking parts parsed).
    pub params: Value,
    /// A multipart file part (a photo's bytes).
    pub file: Option<Vec<u8>>,
    /// The fault served instead of an answer, if any.
    pub fault: Option<Fault>,
}

impl Call {
    pub fn answered(&self) -> bool {
        self.fault.is_none()
    }

    pub fn text(&self) -> &str {
        self.params["text"]
            .as_str()
            .or(self.params["caption"].as_str())
            .unwrap_or_default()
    }

    pub fn chat(&self) -> i64 {
        chat_of(&self.params)
    }

    /// The inline keyboard's buttons as (label, callback data or link), row after row.
    pub fn buttons(&self) -> Vec<(String, String)> {
        let markup = match &self.params["reply_markup"] {
            Value::String(text) => serde_json::from_str(text).unwrap_or(Value::Null),
            other => other.clone(),
        };
        markup["inline_keyboard"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_array)
            .flatten()
            .map(|b| {
                (
                    b["text"].as_str().unwrap_or_default().to_string(),
                    b["callback_data"]
                        .as_str()
                        .or(b["url"].as_str())
                        .unwrap_or_default()
                        .to_string(),
                )
            })
            .collect()
    }
}

/// Telegram's limits on sends, as enforced.
struct Referee {
    overall: Sliding<()>,
    chats: Sliding<i64>,
    groups: Sliding<i64>,
}

impl Referee {
    fn new(limits: Limits) -> Referee {
        let second = Duration::from_secs(1);
        Referee {
            overall: Sliding::new(limits.overall_per_second as usize, second),
            chats: Sliding::new(limits.chat_per_second as usize, second),
            groups: Sliding::new(limits.group_per_minute as usize, Duration::from_secs(60)),
        }
    }

    /// Counts a send to `chat` at `now`, or says how long it must wait.
    fn admit(&mut self, chat: i64, now: Instant) -> Result<(), Duration> {
        let group = chat < 0;
        let waits = [
            self.overall.wait(&(), now),
            self.chats.wait(&chat, now),
            group.then(|| self.groups.wait(&chat, now)).flatten(),
        ];
        if let Some(wait) = waits.into_iter().flatten().max() {
            return Err(wait);
        }
        self.overall.record((), now);
        self.chats.record(chat, now);
        if group {
            self.groups.record(chat, now);
        }
        Ok(())
    }
}

impl Default for Referee {
    fn default() -> Self {
        Referee::new(Limits::default())
    }
}

#[derive(Default)]
struct Inner {
    /// Telegram's limits on sends, and the 429s they earned.
    referee: Referee,
    limit_refusals: usize,
    /// Updates not yet confirmed by an `offset` above their id.
    pending: Vec<(i64, Value)>,
    next_update: i64,
    next_message: i64,
    calls: Vec<Call>,
    faults: Vec<(String, Fault, usize)>,
    /// (chat, fault, how many more times) for sends to one chat: its own flood control.
    chat_faults: Vec<(i64, Fault, usize)>,
    /// `getUpdates` calls in progress now, and the most ever at once.
    polling: usize,
    most_polling: usize,
    /// The webhook set by `setWebhook`: its URL and secret token.
    webhook: Option<(String, String)>,
    /// (method, delay, how many more times): calls answered, and recorded, only after the
    /// delay; a client that goes away meanwhile leaves no call behind.
    slow: Vec<(String, Duration, usize)>,
    /// Every slowed call's method as it arrived.
    arrived_slow: Vec<String>,
}

pub struct StandIn {
    pub url: String,
    inner: Arc<Mutex<Inner>>,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for StandIn {
    fn drop(&mut self) {
        self.server.abort();
    }
}

fn lock(inner: &Mutex<Inner>) -> MutexGuard<'_, Inner> {
    inner
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A chat member as Telegram describes them.
#[derive(Clone, Debug)]
pub struct Person {
    pub id: i64,
    pub first_name: &'static str,
    pub username: Option<&'static str>,
}

impl Person {
    pub fn json(&self) -> Value {
        let mut user = json!({
            "id": self.id,
            "is_bot": false,
            "first_name": self.first_name,
            "language_code": "en",
        });
        if let Some(username) = self.username {
            user["username"] = json!(username);
        }
        user
    }
}

/// The user the stand-in reports as every group's owner.
pub const OWNER: i64 = 11;

/// The user the stand-in reports as in no group (`left`).
pub const STRANGER: i64 = 66;

pub fn chat_json(id: i64) -> Value {
    if id < 0 {
        json!({"id": id, "type": "supergroup", "title": "Kibitz Club"})
    } else {
        json!({"id": id, "type": "private", "first_name": "someone"})
    }
}

/// `chat_id` is a number in JSON bodies and a string in multipart ones.
fn chat_of(params: &Value) -> i64 {
    match &params["chat_id"] {
        Value::Number(n) => n.as_i64().unwrap_or_default(),
        Value::String(s) => s.parse().unwrap_or_default(),
        _ => 0,
    }
}

fn utf16(text: &str) -> usize {
    text.encode_utf16().count()
}

/// A text message as Telegram would send it: a leading command and each `@handle` marked.
pub fn message(chat: i64, from: &Person, message_id: i64, text: &str) -> Value {
    let mut entities = Vec::new();
    let mut offset = 0;
    for word in text.split(' ') {
        if word.starts_with('/') && offset == 0 {
            entities.push(json!({"type": "bot_command", "offset": 0, "length": utf16(word)}));
        } else if word.starts_with('@') && word.len() > 1 {
            entities.push(json!({"type": "mention", "offset": offset, "length": utf16(word)}));
        }
        offset += utf16(word) + 1;
    }
    json!({
        "message_id": message_id,
        "date": 1_700_000_000,
        "chat": chat_json(chat),
        "from": from.json(),
        "text": text,
        "entities": entities,
    })
}

/// Marks `name` in the message's text as a mention of a user without a handle.
pub fn with_text_mention(mut message: Value, name: &str, user: &Person) -> Value {
    let text = message["text"].as_str().unwrap_or_default().to_string();
    if let Some(at) = text.find(name)
        && let Some(entities) = message["entities"].as_array_mut()
    {
        entities.push(json!({
            "type": "text_mention",
            "offset": utf16(&text[..at]),
            "length": utf16(name),
            "user": user.json(),
        }));
    }
    message
}

pub fn replying_to(mut message: Value, original: Value) -> Value {
    message["reply_to_message"] = original;
    message
}

/// A pressed inline button under the bot's message `message_id`.
pub fn button_press(chat: i64, from: &Person, id: &str, message_id: i64, data: &str) -> Value {
    json!({
        "id": id,
        "from": from.json(),
        "chat_instance": "stand-in",
        "data": data,
        "message": {
            "message_id": message_id,
            "date": 1_700_000_000,
            "chat": chat_json(chat),
            "from": bot_user(),
            "text": "a challenge",
        },
    })
}

/// A pressed inline button under the bot's picture `message_id` (a board, a table).
pub fn photo_press(chat: i64, from: &Person, id: &str, message_id: i64, data: &str) -> Value {
    let mut press = button_press(chat, from, id, message_id, data);
    let message = &mut press["message"];
    if let Some(fields) = message.as_object_mut() {
        fields.remove("text");
    }
    message["photo"] = json!([{
        "file_id": format!("photo-{message_id}"),
        "file_unique_id": format!("unique-{message_id}"),
        "width": 800, "height": 800, "file_size": 1000,
    }]);
    message["caption"] = json!("a picture");
    press
}

fn bot_user() -> Value {
    json!({"id": BOT_ID, "is_bot": true, "first_name": "Kibitz", "username": BOT_NAME})
}

fn ok(result: Value) -> Response {
    axum::Json(json!({"ok": true, "result": result})).into_response()
}

fn error(status: StatusCode, description: &str, extra: Option<Value>) -> Response {
    let mut body = json!({"ok": false, "error_code": status.as_u16(), "description": description});
    if let Some(parameters) = extra {
        body["parameters"] = parameters;
    }
    (status, axum::Json(body)).into_response()
}

async fn read_params(request: Request) -> (Value, Option<Vec<u8>>) {
    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        let body = Bytes::from_request(request, &()).await.unwrap_or_default();
        let params = serde_json::from_slice(&body).unwrap_or_else(|_| json!({}));
        return (params, None);
    }
    let mut parts = Vec::new();
    if let Ok(mut form) = Multipart::from_request(request, &()).await {
        while let Ok(Some(field)) = form.next_field().await {
            let name = field.name().unwrap_or_default().to_string();
            let bytes = field.bytes().await.unwrap_or_default().to_vec();
            parts.push((name, bytes));
        }
    }
    let mut params = json!({});
    for (name, bytes) in &parts {
        let text = String::from_utf8_lossy(bytes).into_owned();
        params[name.as_str()] = serde_json::from_str::<Value>(&text)
            .ok()
            .filter(|v| v.is_object() || v.is_array())
            .unwrap_or(Value::String(text));
    }
    // The file part has a random name, which `photo = "attach://<name>"` (or `document`,
    // `animation`, an edit's `media.media`) gives away.
    let file = [
        &params["photo"],
        &params["document"],
        &params["animation"],
        &params["media"]["media"],
    ]
    .into_iter()
    .find_map(Value::as_str)
    .and_then(|p| p.strip_prefix("attach://"))
    .and_then(|attached| parts.iter().find(|(name, _)| name == attached))
    .map(|(_, bytes)| bytes.clone());
    (params, file)
}

async fn api(
    State(inner): State<Arc<Mutex<Inner>>>,
    Path((bot, method)): Path<(String, String)>,
    request: Request,
) -> Response {
    let method = method.to_ascii_lowercase();
    let (params, file) = read_params(request).await;
    if bot != format!("bot{TOKEN}") {
        lock(&inner).calls.push(Call {
            method,
            params,
            file,
            fault: None,
        });
        return error(StatusCode::UNAUTHORIZED, "Unauthorized", None);
    }
    let delay = {
        let mut inner = lock(&inner);
        let delay = inner
            .slow
            .iter_mut()
            .find(|(m, _, left)| *m == method && *left > 0)
            .map(|(_, delay, left)| {
                *left -= 1;
                *delay
            });
        if delay.is_some() {
            inner.arrived_slow.push(method.clone());
        }
        delay
    };
    if let Some(delay) = delay {
        tokio::time::sleep(delay).await;
    }
    let fault = {
        let mut inner = lock(&inner);
        let sends = matches!(
            method.as_str(),
            "sendmessage" | "sendphoto" | "senddocument" | "sendanimation"
        );
        let chat = chat_of(&params);
        let for_chat = inner
            .chat_faults
            .iter_mut()
            .find(|(c, _, left)| sends && *c == chat && *left > 0)
            .map(|(_, fault, left)| {
                *left -= 1;
                *fault
            });
        let fault = for_chat.or_else(|| {
            inner
                .faults
                .iter_mut()
                .find(|(m, _, left)| *m == method && *left > 0)
                .map(|(_, fault, left)| {
                    *left -= 1;
                    *fault
                })
        });
        // An injected fault stands in for the answer; else Telegram's limits are checked.
        let fault = match fault {
            None if sends => match inner.referee.admit(chat, Instant::now()) {
                Ok(()) => None,
                Err(wait) => {
                    inner.limit_refusals += 1;
                    Some(Fault::TooManyRequests {
                        retry_after: wait.as_secs_f64().ceil().max(1.0) as u32,
                    })
                }
            },
            fault => fault,
        };
        inner.calls.push(Call {
            method: method.clone(),
            params: params.clone(),
            file,
            fault,
        });
        fault
    };
    match fault {
        Some(Fault::TooManyRequests { retry_after }) => {
            return error(
                StatusCode::TOO_MANY_REQUESTS,
                &format!("Too Many Requests: retry after {retry_after}"),
                Some(json!({"retry_after": retry_after})),
            );
        }
        Some(Fault::BadRequest) => {
            return error(StatusCode::BAD_REQUEST, "Bad Request: chat not found", None);
        }
        Some(Fault::NotFound) => {
            return error(StatusCode::NOT_FOUND, "Not Found: method not found", None);
        }
        Some(Fault::ServerError) => {
            return error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "Internal Server Error",
                None,
            );
        }
        Some(Fault::Stall(time)) => {
            tokio::time::sleep(time).await;
            return error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "Internal Server Error",
                None,
            );
        }
        None => {}
    }
    match method.as_str() {
        "getme" => {
            let mut me = bot_user();
            me["can_join_groups"] = json!(true);
            me["can_read_all_group_messages"] = json!(true);
            me["supports_inline_queries"] = json!(false);
            me["has_main_web_app"] = json!(false);
            ok(me)
        }
        "getwebhookinfo" => {
            let url = lock(&inner)
                .webhook
                .as_ref()
                .map(|(url, _)| url.clone())
                .unwrap_or_default();
            ok(json!({"url": url, "has_custom_certificate": false, "pending_update_count": 0}))
        }
        "setwebhook" => {
            let url = params["url"].as_str().unwrap_or_default().to_string();
            let secret = params["secret_token"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            lock(&inner).webhook = Some((url, secret));
            ok(json!(true))
        }
        "deletewebhook" => {
            lock(&inner).webhook = None;
            ok(json!(true))
        }
        // As Telegram: polling and a webhook exclude each other.
        "getupdates" if lock(&inner).webhook.is_some() => error(
            StatusCode::CONFLICT,
            "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
            None,
        ),
        "getupdates" => {
            // Counted until the call ends, or until its client goes away mid-poll (a killed
            // process), when the server drops this future.
            struct InFlight<'a>(&'a Mutex<Inner>);
            impl Drop for InFlight<'_> {
                fn drop(&mut self) {
                    lock(self.0).polling -= 1;
                }
            }
            {
                let mut inner = lock(&inner);
                inner.polling += 1;
                inner.most_polling = inner.most_polling.max(inner.polling);
            }
            let _in_flight = InFlight(&inner);
            get_updates(&inner, &params).await
        }
        "sendmessage" | "sendphoto" | "senddocument" | "sendanimation" => {
            let chat = chat_of(&params);
            let message_id = {
                let mut inner = lock(&inner);
                inner.next_message += 1;
                inner.next_message
            };
            let mut message = json!({
                "message_id": message_id,
                "date": 1_700_000_000,
                "chat": chat_json(chat),
                "from": bot_user(),
            });
            if method == "sendphoto" {
                message["photo"] = json!([{
                    "file_id": format!("photo-{message_id}"),
                    "file_unique_id": format!("unique-{message_id}"),
                    "width": 800, "height": 800, "file_size": 1000,
                }]);
                if let Some(caption) = params["caption"].as_str() {
                    message["caption"] = json!(caption);
                }
            } else if method == "senddocument" || method == "sendanimation" {
                // As Telegram: an animation's message carries its document too.
                message["document"] = json!({
                    "file_id": format!("document-{message_id}"),
                    "file_unique_id": format!("unique-{message_id}"),
                    "file_name": "file",
                });
                if method == "sendanimation" {
                    message["animation"] = json!({
                        "file_id": format!("animation-{message_id}"),
                        "file_unique_id": format!("unique-{message_id}"),
                        "width": 720, "height": 720, "duration": 60,
                    });
                }
                if let Some(caption) = params["caption"].as_str() {
                    message["caption"] = json!(caption);
                }
            } else {
                message["text"] = params["text"].clone();
            }
            ok(message)
        }
        // Alice (id 11) owns every group, the stranger (66) left them all; everybody else is a
        // plain member.
        "getchatmember" => {
            let user = params["user_id"]
                .as_i64()
                .or_else(|| params["user_id"].as_str().and_then(|s| s.parse().ok()))
                .unwrap_or_default();
            let person = json!({"id": user, "is_bot": false, "first_name": "someone"});
            if user == OWNER {
                ok(json!({"status": "creator", "user": person, "is_anonymous": false}))
            } else if user == STRANGER {
                ok(json!({"status": "left", "user": person}))
            } else {
                ok(json!({"status": "member", "user": person}))
            }
        }
        // The edited message as it now is (the stand-in keeps no messages: its id and chat).
        "editmessagemedia" | "editmessagetext" | "editmessagereplymarkup" => {
            let message_id = params["message_id"]
                .as_i64()
                .or_else(|| params["message_id"].as_str().and_then(|s| s.parse().ok()))
                .unwrap_or_default();
            ok(json!({
                "message_id": message_id,
                "date": 1_700_000_000,
                "chat": chat_json(chat_of(&params)),
                "from": bot_user(),
                "text": params["text"].as_str().unwrap_or("edited"),
            }))
        }
        "answercallbackquery" | "setmycommands" => ok(json!(true)),
        _ => error(StatusCode::NOT_FOUND, "Not Found: method not found", None),
    }
}

async fn get_updates(inner: &Mutex<Inner>, params: &Value) -> Response {
    let offset = params["offset"].as_i64();
    // Long polling, bounded: a test never waits long for nothing.
    let wait = Duration::from_secs(params["timeout"].as_u64().unwrap_or(0).min(5));
    let deadline = Instant::now() + wait;
    loop {
        let updates: Vec<Value> = {
            let mut inner = lock(inner);
            if let Some(offset) = offset {
                inner.pending.retain(|(id, _)| *id >= offset);
            }
            inner
                .pending
                .iter()
                .take(100)
                .map(|(_, update)| update.clone())
                .collect()
        };
        if !updates.is_empty() || Instant::now() >= deadline {
            return ok(Value::Array(updates));
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

impl StandIn {
    pub async fn start() -> StandIn {
        let inner = Arc::new(Mutex::new(Inner {
            next_update: 1000,
            next_message: 500,
            ..Inner::default()
        }));
        let app = Router::new()
            .route("/{bot}/{method}", axum::routing::post(api).get(api))
            .with_state(inner.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a local port");
        let url = format!("http://{}/", listener.local_addr().expect("an address"));
        let server = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        StandIn { url, inner, server }
    }

    /// Queues an update (`{"message": …}` or `{"callback_query": …}`); its id.
    pub fn push(&self, kind: Value) -> i64 {
        let mut inner = lock(&self.inner);
        inner.next_update += 1;
        let id = inner.next_update;
        let mut update = kind;
        update["update_id"] = json!(id);
        inner.pending.push((id, update));
        id
    }

    /// Numbers an update as `push` does, without queueing it for `getUpdates`: for pushing
    /// it to a webhook ([`StandIn::push_to`]).
    pub fn numbered(&self, kind: Value) -> Value {
        let mut inner = lock(&self.inner);
        inner.next_update += 1;
        let mut update = kind;
        update["update_id"] = json!(inner.next_update);
        update
    }

    /// Queues an update numbered before (by [`StandIn::numbered`]) for `getUpdates`: one a
    /// webhook took but whose answer Telegram never heard.
    pub fn requeue(&self, update: Value) {
        let id = update["update_id"].as_i64().unwrap_or_default();
        lock(&self.inner).pending.push((id, update));
    }

    /// The webhook as the bot set it: its URL and secret token.
    pub fn webhook(&self) -> Option<(String, String)> {
        lock(&self.inner).webhook.clone()
    }

    /// Pushes `update` as Telegram does to the webhook, but to the listener at `listener`
    /// (`127.0.0.1:port`) standing behind the webhook URL's host, with `secret` in the
    /// header; the HTTP status it answered.
    pub async fn push_to(&self, listener: &str, secret: &str, update: &Value) -> u16 {
        let (url, _) = self.webhook().expect("a webhook is set");
        let path = url::Url::parse(&url)
            .expect("a webhook URL")
            .path()
            .to_string();
        let response = reqwest::Client::new()
            .post(format!("http://{listener}{path}"))
            .header("X-Telegram-Bot-Api-Secret-Token", secret)
            .json(update)
            .timeout(Duration::from_secs(30))
            .send()
            .await;
        response.map_or(0, |response| response.status().as_u16())
    }

    /// Answers the next `count` calls of `method` only after `delay`.
    pub fn slow_next(&self, method: &str, delay: Duration, count: usize) {
        lock(&self.inner)
            .slow
            .push((method.to_ascii_lowercase(), delay, count));
    }

    /// How many slowed calls have arrived so far (answered or not).
    pub fn slow_arrivals(&self) -> usize {
        lock(&self.inner).arrived_slow.len()
    }

    /// Fails the next `count` calls of `method` (any case) with `fault`.
    pub fn fail_next(&self, method: &str, fault: Fault, count: usize) {
        lock(&self.inner)
            .faults
            .push((method.to_ascii_lowercase(), fault, count));
    }

    /// Fails the next `count` sends (messages, photos) to `chat` with `fault`, whatever else
    /// is failing: one chat's flood control.
    pub fn fail_chat(&self, chat: i64, fault: Fault, count: usize) {
        lock(&self.inner).chat_faults.push((chat, fault, count));
    }

    /// Enforces `limits` on sends from now on, instead of Telegram's: what a test told the
    /// bot it may send.
    pub fn enforce(&self, limits: Limits) {
        lock(&self.inner).referee = Referee::new(limits);
    }

    /// How many sends were refused (429) for going past the limits; injected faults are not
    /// counted.
    pub fn limit_refusals(&self) -> usize {
        lock(&self.inner).limit_refusals
    }

    /// The most `getUpdates` calls that were ever in progress at once.
    pub fn most_concurrent_polls(&self) -> usize {
        lock(&self.inner).most_polling
    }

    /// How many calls of `method` (lower case) were made, answered or not, without copying
    /// them.
    pub fn count_calls(&self, method: &str) -> usize {
        lock(&self.inner)
            .calls
            .iter()
            .filter(|c| c.method == method)
            .count()
    }

    pub fn calls(&self) -> Vec<Call> {
        lock(&self.inner).calls.clone()
    }

    /// Waits (bounded) until some call satisfies `done`; the calls made so far.
    pub async fn wait_for(&self, what: &str, done: impl Fn(&[Call]) -> bool) -> Vec<Call> {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let calls = self.calls();
            if done(&calls) {
                return calls;
            }
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Sends one update and waits until the adapter asked for the next one, which it does
    /// only after it has delivered every reply; the calls other than `getUpdates` it made
    /// meanwhile.
    pub async fn exchange(&self, kind: Value) -> Vec<Call> {
        let before = self.calls().len();
        let id = self.push(kind);
        let calls = self
            .wait_for(&format!("update {id} to be handled"), |calls| {
                calls[before..].iter().any(|c| {
                    c.method == "getupdates" && c.params["offset"].as_i64().is_some_and(|o| o > id)
                })
            })
            .await;
        calls[before..]
            .iter()
            .filter(|c| c.method != "getupdates")
            .cloned()
            .collect()
    }
}
