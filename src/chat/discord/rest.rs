//! The few REST calls the adapter makes itself (interaction answers, follow-ups, command
//! registration), with its own bounded retries: serenity's rate limiter cannot be used with
//! another base URL, and it hides the `retry_after` of a 429 from its callers. Calls are
//! paced by the limits Discord's answers tell ([`super::buckets`]).

use super::buckets::{Buckets, RouteKey, Told};
use crate::bot::Platform;
use crate::chat::shared::{
    CallStatus, FaultKind, GaveUp, RetryPolicy, Retryable, Secret, Shutdown, count_call,
};
use reqwest::{Method, StatusCode};
use serde::Serialize;
use serde_json::Value;
use std::time::{Duration, Instant};

/// The platform label of the calls counted here.
const PLATFORM: &str = Platform::Discord.as_str();

/// Why a request failed for good.
#[derive(Debug, thiserror::Error)]
pub enum Fault {
    /// Discord said no (a bad request, an expired interaction): trying again cannot help.
    #[error("refused with {status}: {message}")]
    Refused { status: u16, message: String },
    /// The token is refused.
    #[error("the token is refused")]
    Unauthorized,
    /// Network or server errors, or flood control, for every try.
    #[error("gave up after {attempts} tries: {last}")]
    GaveUp { attempts: u32, last: String },
}

/// A file to upload with a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Upload {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// The media type of an uploaded file, by its name's extension.
fn mime_of(name: &str) -> &'static str {
    match name.rsplit_once('.').map(|(_, extension)| extension) {
        Some("png") => "image/png",
        Some("gif") => "image/gif",
        Some("pgn") => "application/vnd.chess-pgn",
        _ => "text/plain; charset=utf-8",
    }
}

pub struct Rest {
    client: reqwest::Client,
    /// `https://discord.com/api/v10`, or a stand-in's.
    api: String,
    /// `Bot <token>`; never logged.
    authorization: String,
    /// The token, to keep it out of log lines.
    secret: Secret,
    retry: RetryPolicy,
    /// Nothing cuts a retry's wait short (the calls run in serenity's event tasks, which
    /// the gateway's shutdown does not wait for).
    shutdown: Shutdown,
    /// Each route's window and the global limit, as the answers told them.
    buckets: Buckets,
}

/// Why one try failed.
#[derive(Debug)]
enum Failed {
    /// Try again after this long, or after the growing back-off when `None`.
    Wait(Option<Duration>, String),
    Fail(Fault),
}

impl std::fmt::Display for Failed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failed::Wait(_, why) => f.write_str(why),
            Failed::Fail(fault) => fault.fmt(f),
        }
    }
}

impl Retryable for Failed {
    fn kind(&self) -> FaultKind {
        match self {
            Failed::Wait(Some(wait), _) => FaultKind::RetryAfter(*wait),
            Failed::Wait(None, _) => FaultKind::Transient,
            Failed::Fail(_) => FaultKind::Final,
        }
    }
}

impl Rest {
    pub fn new(
        base: &str,
        token: &Secret,
        retry: RetryPolicy,
        timeout: Duration,
    ) -> Result<Rest, String> {
        let client = reqwest::Client::builder()
            .timeout(timeout)
            .build()
            .map_err(|e| e.to_string())?;
        Ok(Rest {
            client,
            api: format!("{}/api/v10", base.trim_end_matches('/')),
            authorization: format!("Bot {}", token.expose()),
            secret: token.clone(),
            retry,
            shutdown: Shutdown::never(),
            buckets: Buckets::default(),
        })
    }

    /// A client for `token`, where no [`Secret`] is at hand: for `kibitz bench delivery`
    /// and the tests, which drive this client against a stand-in.
    #[doc(hidden)]
    pub fn for_token(
        base: &str,
        token: &str,
        retry: RetryPolicy,
        timeout: Duration,
    ) -> Result<Rest, String> {
        Rest::new(base, &Secret::new(token), retry, timeout)
    }

    /// Sends `body` (JSON, or multipart with `payload_json` when there are files) to
    /// `path`, trying again after 429s, 5xx and network errors. The answer's JSON, if any.
    /// `route` names the call in logs and metrics, which must not show interaction tokens
    /// or ids (so a literal, not the path).
    pub async fn call<B: Serialize + ?Sized>(
        &self,
        route: &'static str,
        method: Method,
        path: &str,
        body: &B,
        files: &[Upload],
    ) -> Result<Option<Value>, Fault> {
        let json = serde_json::to_string(body).map_err(|error| Fault::Refused {
            status: 0,
            message: error.to_string(),
        })?;
        self.request(route, method, path, Some(&json), files).await
    }

    /// A call without a body (a GET, a DELETE).
    pub async fn call_bare(
        &self,
        route: &'static str,
        method: Method,
        path: &str,
    ) -> Result<Option<Value>, Fault> {
        self.request(route, method, path, None, &[]).await
    }

    async fn request(
        &self,
        route: &'static str,
        method: Method,
        path: &str,
        json: Option<&str>,
        files: &[Upload],
    ) -> Result<Option<Value>, Fault> {
        let once = || self.try_once(route, &method, path, json, files);
        match self
            .retry
            .run(("Discord", route), &self.secret, &self.shutdown, once)
            .await
        {
            Ok(answer) => Ok(answer),
            Err(GaveUp::Fault {
                fault: Failed::Fail(fault),
                ..
            }) => Err(fault),
            Err(GaveUp::Fault { fault, attempts }) => Err(Fault::GaveUp {
                attempts,
                last: fault.to_string(),
            }),
            // Only by a shutdown, which these calls do not wait for.
            Err(GaveUp::Stopping) => Err(Fault::GaveUp {
                attempts: 0,
                last: "stopping".to_string(),
            }),
        }
    }

    /// The request with its body: none, JSON, or multipart with the files.
    fn build(
        &self,
        method: &Method,
        path: &str,
        payload: Option<&str>,
        files: &[Upload],
    ) -> Result<reqwest::RequestBuilder, Fault> {
        let request = self
            .client
            .request(method.clone(), format!("{}{path}", self.api))
            .header(reqwest::header::AUTHORIZATION, &self.authorization);
        Ok(match (payload, files) {
            (None, []) => request,
            // What `RequestBuilder::json` sends, from the text serialised once for every try.
            (Some(payload), []) => request
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .body(payload.to_string()),
            (payload, files) => {
                let mut form = reqwest::multipart::Form::new()
                    .text("payload_json", payload.unwrap_or("{}").to_string());
                for (index, file) in files.iter().enumerate() {
                    let part = reqwest::multipart::Part::bytes(file.bytes.clone())
                        .file_name(file.name.clone())
                        .mime_str(mime_of(&file.name))
                        .map_err(|error| Fault::Refused {
                            status: 0,
                            message: error.to_string(),
                        })?;
                    form = form.part(format!("files[{index}]"), part);
                }
                request.multipart(form)
            }
        })
    }

    /// One try, counted by the status it got (`kibitz_platform_calls_total`).
    async fn try_once(
        &self,
        route: &'static str,
        method: &Method,
        path: &str,
        payload: Option<&str>,
        files: &[Upload],
    ) -> Result<Option<Value>, Failed> {
        let request = self
            .build(method, path, payload, files)
            .map_err(Failed::Fail)?;
        let key = RouteKey::of(method.as_str(), path);
        self.buckets.take(&key).await;
        let response = match request.send().await {
            Ok(response) => response,
            // The URL holds interaction tokens: it stays out of the message.
            Err(error) => {
                count_call(PLATFORM, route, CallStatus::Network);
                return Err(Failed::Wait(None, error.without_url().to_string()));
            }
        };
        let status = response.status();
        count_call(PLATFORM, route, CallStatus::Http(status.as_u16()));
        let header_wait = response
            .headers()
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<f64>().ok());
        let headers = response.headers().clone();
        let body = response.bytes().await.unwrap_or_default();
        let json: Option<Value> = serde_json::from_slice(&body).ok();
        let limited = status == StatusCode::TOO_MANY_REQUESTS;
        let body_wait = json.as_ref().and_then(|j| {
            let wait = j["retry_after"].as_f64()?;
            Some((wait, j["global"].as_bool().unwrap_or(false)))
        });
        self.buckets.learn(
            &key,
            &Told::read(&headers, limited, body_wait),
            Instant::now(),
        );
        if status.is_success() {
            return Ok(json);
        }
        let message = json
            .as_ref()
            .and_then(|j| j["message"].as_str())
            .unwrap_or_else(|| status.canonical_reason().unwrap_or("error"))
            .to_string();
        match status {
            StatusCode::TOO_MANY_REQUESTS => {
                let seconds = json
                    .as_ref()
                    .and_then(|j| j["retry_after"].as_f64())
                    .or(header_wait)
                    .unwrap_or(1.0);
                // The retry loop obeys it up to `max_retry_after`.
                let wait = Duration::from_secs_f64(seconds.clamp(0.0, 3600.0));
                Err(Failed::Wait(Some(wait), format!("429: {message}")))
            }
            StatusCode::UNAUTHORIZED => Err(Failed::Fail(Fault::Unauthorized)),
            status if status.is_server_error() => {
                Err(Failed::Wait(None, format!("{status}: {message}")))
            }
            status => Err(Failed::Fail(Fault::Refused {
                status: status.as_u16(),
                message,
            })),
        }
    }
}
