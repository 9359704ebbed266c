//! The few REST calls the adapter makes itself (interaction answers, follow-ups, command
//! registration), with its own bounded retries: serenity's rate limiter cannot be used with
//! another base URL, and it hides the `retry_after` of a 429 from its callers.

use super::RetryPolicy;
use reqwest::{Method, StatusCode};
use serde_json::Value;
use std::time::Duration;

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
#[derive(Clone, Debug)]
pub struct Upload {
    pub name: String,
    pub bytes: Vec<u8>,
}

pub struct Rest {
    client: reqwest::Client,
    /// `https://discord.com/api/v10`, or a stand-in's.
    api: String,
    /// `Bot <token>`; never logged.
    authorization: String,
    retry: RetryPolicy,
}

/// What one try came to.
enum Try {
    Done(Option<Value>),
    /// Try again after this long, or after the growing back-off when `None`.
    Wait(Option<Duration>, String),
    Fail(Fault),
}

impl Rest {
    pub fn new(
        base: &str,
        token: &str,
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
            authorization: format!("Bot {token}"),
            retry,
        })
    }

    /// Sends `payload` (JSON, or multipart with `payload_json` when there are files) to
    /// `path`, trying again after 429s, 5xx and network errors. The answer's JSON, if any.
    /// `route` names the call in logs, which must not show interaction tokens.
    pub async fn call(
        &self,
        route: &str,
        method: Method,
        path: &str,
        payload: Option<&Value>,
        files: &[Upload],
    ) -> Result<Option<Value>, Fault> {
        let mut delay = self.retry.first_delay;
        let mut attempt = 1;
        loop {
            let wait = match self.try_once(&method, path, payload, files).await {
                Try::Done(answer) => return Ok(answer),
                Try::Fail(fault) => return Err(fault),
                Try::Wait(wait, why) if attempt < self.retry.attempts => {
                    let wait = wait.unwrap_or(delay);
                    tracing::warn!(route, attempt, ?wait, %why, "Discord request failed; trying again");
                    wait
                }
                Try::Wait(_, last) => {
                    return Err(Fault::GaveUp {
                        attempts: attempt,
                        last,
                    });
                }
            };
            tokio::time::sleep(wait).await;
            delay = (delay * 2).min(self.retry.max_delay);
            attempt += 1;
        }
    }

    async fn try_once(
        &self,
        method: &Method,
        path: &str,
        payload: Option<&Value>,
        files: &[Upload],
    ) -> Try {
        let mut request = self
            .client
            .request(method.clone(), format!("{}{path}", self.api))
            .header(reqwest::header::AUTHORIZATION, &self.authorization);
        request = match (payload, files) {
            (None, []) => request,
            (Some(payload), []) => request.json(payload),
            (payload, files) => {
                let mut form = reqwest::multipart::Form::new().text(
                    "payload_json",
                    payload.map(Value::to_string).unwrap_or_else(|| "{}".into()),
                );
                for (index, file) in files.iter().enumerate() {
                    let part = reqwest::multipart::Part::bytes(file.bytes.clone())
                        .file_name(file.name.clone());
                    let part = match part.mime_str("image/png") {
                        Ok(part) => part,
                        Err(error) => {
                            return Try::Fail(Fault::Refused {
                                status: 0,
                                message: error.to_string(),
                            });
                        }
                    };
                    form = form.part(format!("files[{index}]"), part);
                }
                request.multipart(form)
            }
        };
        let response = match request.send().await {
            Ok(response) => response,
            // The URL holds interaction tokens: it stays out of the message.
            Err(error) => return Try::Wait(None, error.without_url().to_string()),
        };
        let status = response.status();
        let header_wait = response
            .headers()
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<f64>().ok());
        let body = response.bytes().await.unwrap_or_default();
        let json: Option<Value> = serde_json::from_slice(&body).ok();
        if status.is_success() {
            return Try::Done(json);
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
                let wait = Duration::from_secs_f64(seconds.clamp(0.0, 3600.0))
                    .min(self.retry.max_retry_after);
                Try::Wait(Some(wait), format!("429: {message}"))
            }
            StatusCode::UNAUTHORIZED => Try::Fail(Fault::Unauthorized),
            status if status.is_server_error() => Try::Wait(None, format!("{status}: {message}")),
            status => Try::Fail(Fault::Refused {
                status: status.as_u16(),
                message,
            }),
        }
    }
}
