//! The bench's Discord: a REST stand-in that tells each answer's limits in `X-RateLimit-*`
//! headers and refuses (429 with `retry_after`) what goes past them, and the run that posts
//! to many channels at once through the adapter's own REST client, which paces itself by
//! those headers.

use super::window::Sliding;
use super::{Measured, Stand};
use crate::chat::discord::DiscordConfig;
use crate::chat::discord::rest::Rest;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::future::join_all;
use reqwest::Method;
use serde_json::json;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const TOKEN: &str = "bench-discord-token";

/// Discord's global limit, as the stand-in enforces it.
pub const GLOBAL_PER_SECOND: usize = 50;
/// Creating messages in one channel: 5 every 5 s, Discord's bucket.
const CHANNEL_LIMIT: u32 = 5;
const CHANNEL_WINDOW: Duration = Duration::from_secs(5);
const BUCKET: &str = "bench-channel-messages";

/// A channel's fixed window: Discord's buckets start at their first call and reset at once.
#[derive(Clone, Copy)]
struct Window {
    used: u32,
    reset_at: Instant,
}

struct Referee {
    global: Sliding<()>,
    channels: HashMap<u64, Window>,
}

type Shared = Arc<(Mutex<Referee>, Stand)>;

/// Headers as Discord sends them, for a window with `remaining` calls left until `reset_at`.
fn limit_headers(response: &mut Response, remaining: u32, reset_at: Instant, now: Instant) {
    let after = reset_at.saturating_duration_since(now).as_secs_f64();
    let epoch = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs_f64())
        .unwrap_or_default()
        + after;
    let headers = response.headers_mut();
    for (name, value) in [
        ("x-ratelimit-limit", CHANNEL_LIMIT.to_string()),
        ("x-ratelimit-remaining", remaining.to_string()),
        ("x-ratelimit-reset", format!("{epoch:.3}")),
        ("x-ratelimit-reset-after", format!("{after:.3}")),
        ("x-ratelimit-bucket", BUCKET.to_string()),
    ] {
        if let Ok(value) = HeaderValue::from_str(&value) {
            headers.insert(name, value);
        }
    }
}

fn too_many(wait: Duration, global: bool) -> Response {
    let body = json!({"message": "You are being rate limited.",
        "retry_after": (wait.as_secs_f64() * 1000.0).ceil() / 1000.0, "global": global});
    let mut response = (StatusCode::TOO_MANY_REQUESTS, axum::Json(body)).into_response();
    if global {
        response
            .headers_mut()
            .insert("x-ratelimit-global", HeaderValue::from_static("true"));
    }
    response
}

async fn create_message(State(shared): State<Shared>, Path(channel): Path<u64>) -> Response {
    let (referee, stand) = &*shared;
    let now = Instant::now();
    let mut referee = referee
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let window = *referee
        .channels
        .entry(channel)
        .and_modify(|window| {
            if window.reset_at <= now {
                *window = Window {
                    used: 0,
                    reset_at: now + CHANNEL_WINDOW,
                };
            }
        })
        .or_insert(Window {
            used: 0,
            reset_at: now + CHANNEL_WINDOW,
        });
    if let Some(wait) = referee.global.wait(&(), now) {
        drop(referee);
        stand.refuse();
        return too_many(wait, true);
    }
    if window.used >= CHANNEL_LIMIT {
        drop(referee);
        stand.refuse();
        let mut response = too_many(window.reset_at.saturating_duration_since(now), false);
        limit_headers(&mut response, 0, window.reset_at, now);
        return response;
    }
    referee.global.record((), now);
    referee.channels.insert(
        channel,
        Window {
            used: window.used + 1,
            reset_at: window.reset_at,
        },
    );
    drop(referee);
    let id = stand.deliver(now);
    let mut response = axum::Json(
        json!({"id": id.to_string(), "channel_id": channel.to_string(),
        "content": "bench"}),
    )
    .into_response();
    limit_headers(
        &mut response,
        CHANNEL_LIMIT - window.used - 1,
        window.reset_at,
        now,
    );
    response
}

/// Posts `backlog` messages over `channels` channels, each channel's in order, all channels
/// at once, until the steady window is over; measures it.
pub async fn run(channels: usize, backlog: usize, stand: Stand) -> Result<Measured, String> {
    let referee = Referee {
        global: Sliding::new(GLOBAL_PER_SECOND, Duration::from_secs(1)),
        channels: HashMap::new(),
    };
    let shared: Shared = Arc::new((Mutex::new(referee), stand.clone()));
    let app = axum::Router::new()
        .route(
            "/api/v10/channels/{channel}/messages",
            axum::routing::post(create_message),
        )
        .with_state(shared);
    let (url, server) = super::serve(app).await?;
    let config = DiscordConfig::new(TOKEN);
    let rest = Rest::for_token(&url, TOKEN, config.retry.clone(), Duration::from_secs(15))?;
    let channels = channels.max(1);
    let lanes = (0..channels).map(|lane| {
        let rest = &rest;
        async move {
            let channel = 10_000 + lane as u64;
            for index in (lane..backlog).step_by(channels) {
                let body = json!({"content": format!("bench post {index}")});
                let path = format!("/channels/{channel}/messages");
                // A post given up is not delivered, which the measure shows.
                let _ = rest
                    .call("channel post", Method::POST, &path, &body, &[])
                    .await;
            }
        }
    });
    let lanes = join_all(lanes);
    tokio::pin!(lanes);
    // Lanes that ran out early leave the window short of posts: the rate shows it.
    let measured = tokio::select! {
        measured = stand.measure() => measured,
        _ = &mut lanes => stand.measure().await,
    };
    server.abort();
    measured
}
