//! The bench's Telegram: a Bot API stand-in that refuses (429 with `retry_after`) what goes
//! past Telegram's limits, and the run that fills the outbox for many chats and lets the real
//! adapter (its outbox lanes, pacer and sender) deliver it.

use super::window::Sliding;
use super::{Measured, Stand};
use crate::chat::telegram::{self, TelegramConfig};
use crate::{Catalogue, Platform, Renderer, Service, Store, system_clock};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const TOKEN: &str = "4242:bench-token";

/// Telegram's published limits, as the stand-in enforces them.
pub const OVERALL_PER_SECOND: usize = 30;
const CHAT_PER_SECOND: usize = 1;
const GROUP_PER_MINUTE: usize = 20;

struct Referee {
    overall: Sliding<()>,
    chats: Sliding<i64>,
    groups: Sliding<i64>,
}

impl Referee {
    fn new() -> Referee {
        Referee {
            overall: Sliding::new(OVERALL_PER_SECOND, Duration::from_secs(1)),
            chats: Sliding::new(CHAT_PER_SECOND, Duration::from_secs(1)),
            groups: Sliding::new(GROUP_PER_MINUTE, Duration::from_secs(60)),
        }
    }

    /// Counts a message to `chat` at `now`, or says how long to wait (a group is a chat with
    /// a negative id).
    fn admit(&mut self, chat: i64, now: Instant) -> Result<(), Duration> {
        let waits = [
            self.overall.wait(&(), now),
            self.chats.wait(&chat, now),
            if chat < 0 {
                self.groups.wait(&chat, now)
            } else {
                None
            },
        ];
        if let Some(wait) = waits.into_iter().flatten().max() {
            return Err(wait);
        }
        self.overall.record((), now);
        self.chats.record(chat, now);
        if chat < 0 {
            self.groups.record(chat, now);
        }
        Ok(())
    }
}

type Shared = Arc<(Mutex<Referee>, Stand)>;

fn ok(result: Value) -> Response {
    axum::Json(json!({"ok": true, "result": result})).into_response()
}

fn chat_of(params: &Value) -> i64 {
    match &params["chat_id"] {
        Value::Number(n) => n.as_i64().unwrap_or_default(),
        Value::String(s) => s.parse().unwrap_or_default(),
        _ => 0,
    }
}

async fn api(
    State(shared): State<Shared>,
    Path((_bot, method)): Path<(String, String)>,
    body: axum::body::Bytes,
) -> Response {
    let params: Value = serde_json::from_slice(&body).unwrap_or_else(|_| json!({}));
    let user = json!({"id": 4242, "is_bot": true, "first_name": "Kibitz", "username": "kibitzbot"});
    match method.to_ascii_lowercase().as_str() {
        "getme" => {
            let mut me = user;
            for flag in ["can_join_groups", "can_read_all_group_messages"] {
                me[flag] = json!(true);
            }
            me["supports_inline_queries"] = json!(false);
            me["has_main_web_app"] = json!(false);
            ok(me)
        }
        "getwebhookinfo" => {
            ok(json!({"url": "", "has_custom_certificate": false, "pending_update_count": 0}))
        }
        "getupdates" => {
            // Nobody writes to the bench's bot: a long poll that ends empty.
            let wait = params["timeout"].as_u64().unwrap_or(0).min(1);
            tokio::time::sleep(Duration::from_secs(wait)).await;
            ok(json!([]))
        }
        "sendmessage" => {
            let chat = chat_of(&params);
            let (referee, stand) = &*shared;
            let now = Instant::now();
            let admitted = referee
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .admit(chat, now);
            if let Err(wait) = admitted {
                stand.refuse();
                let retry_after = wait.as_secs_f64().ceil().max(1.0) as u64;
                let body = json!({"ok": false, "error_code": 429,
                    "description": format!("Too Many Requests: retry after {retry_after}"),
                    "parameters": {"retry_after": retry_after}});
                return (StatusCode::TOO_MANY_REQUESTS, axum::Json(body)).into_response();
            }
            let id = stand.deliver(now);
            let kind = if chat < 0 { "supergroup" } else { "private" };
            ok(json!({
                "message_id": id,
                "date": 1_700_000_000,
                "chat": {"id": chat, "type": kind, "title": "bench", "first_name": "bench"},
                "from": user,
                "text": params["text"].clone(),
            }))
        }
        _ => ok(json!(true)),
    }
}

/// The chat of the `index`th of `chats`: every other one a group.
fn chat(index: usize) -> i64 {
    let id = 1_000 + index as i64;
    if index.is_multiple_of(2) { -id } else { id }
}

/// Queues `backlog` replies over `chats` chats, runs the adapter against the stand-in until
/// the steady window is over, and measures it.
pub async fn run(chats: usize, backlog: usize, stand: Stand) -> Result<Measured, String> {
    let shared: Shared = Arc::new((Mutex::new(Referee::new()), stand.clone()));
    let app = axum::Router::new()
        .route("/{bot}/{method}", axum::routing::post(api).get(api))
        .with_state(shared);
    let (url, server) = super::serve(app).await?;
    let scratch = super::Scratch::new()?;
    let database = format!("sqlite://{}", scratch.path("telegram.db").display());
    let store = Store::connect(&database).await.map_err(|e| e.to_string())?;
    let service = Service::new(
        store.clone(),
        Arc::new(Renderer::new().map_err(|e| e.to_string())?),
        Catalogue::load().map_err(|e| e.to_string())?,
        system_clock(),
    );
    let mut rows = Vec::with_capacity(backlog);
    for index in 0..backlog {
        let text = format!("bench reply {index}");
        rows.push(
            telegram::text_reply(chat(index % chats.max(1)), &text).map_err(|e| e.to_string())?,
        );
    }
    store
        .queue_outbox(Platform::Telegram, &rows, service.now())
        .await
        .map_err(|e| e.to_string())?;
    let mut config = TelegramConfig::new(TOKEN);
    config.api_url = Some(url);
    config.poll_timeout = Duration::from_secs(1);
    let (stop, shutdown) = tokio::sync::watch::channel(false);
    let adapter = telegram::run(&service, config, shutdown);
    let watch = async {
        let measured = stand.measure().await;
        let _ = stop.send(true);
        measured
    };
    let (ran, measured) = tokio::join!(adapter, watch);
    server.abort();
    store.close().await;
    ran.map_err(|e| e.to_string())?;
    measured
}
