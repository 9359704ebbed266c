//! Asking Telegram: one request with its retries, what a failure means, and the questions
//! about a chat's members that some commands need answered.

use super::{Adapter, NAME, PLATFORM};
use crate::bot::Membership;
use crate::chat::shared::{CallStatus, FaultKind, GaveUp, Retryable, count_call};
use futures_util::FutureExt;
use std::future::Future;
use std::time::Duration;
use teloxide::prelude::Requester;
use teloxide::types::{ChatId, ChatMember, UserId};
use teloxide::{ApiError, RequestError};

/// Why a request failed, and what to do about it.
#[derive(Debug, thiserror::Error)]
pub(super) enum Fault {
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

impl Retryable for Fault {
    fn kind(&self) -> FaultKind {
        match self {
            Fault::RetryAfter(wait) => FaultKind::RetryAfter(*wait),
            Fault::Transient(_) => FaultKind::Transient,
            _ => FaultKind::Final,
        }
    }
}

pub(super) fn classify(error: &RequestError) -> Fault {
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

/// The HTTP status behind a failed request. teloxide keeps Telegram's `error_code` to
/// itself, but Telegram begins every description with the status's reason phrase
/// ("Bad Request: chat not found", "Forbidden: bot was blocked by the user"), and flood
/// control and migrations come as their own errors.
fn call_status(error: &RequestError) -> CallStatus {
    const REASONS: [(&str, u16); 10] = [
        ("Bad Request", 400),
        ("Unauthorized", 401),
        ("Forbidden", 403),
        ("Not Found", 404),
        ("Conflict", 409),
        ("Too Many Requests", 429),
        ("Internal Server Error", 500),
        ("Bad Gateway", 502),
        ("Service Unavailable", 503),
        ("Gateway Timeout", 504),
    ];
    let description = match error {
        RequestError::RetryAfter(_) => return CallStatus::Http(429),
        RequestError::MigrateToChatId(_) => return CallStatus::Http(400),
        RequestError::Network(_) | RequestError::Io(_) => return CallStatus::Network,
        RequestError::InvalidJson { .. } => return CallStatus::Unreadable,
        // "Unauthorized" or "Not Found": a token Telegram does not know.
        RequestError::Api(ApiError::InvalidToken) => return CallStatus::Http(401),
        RequestError::Api(ApiError::Unknown(description)) => description.clone(),
        RequestError::Api(known) => known.to_string(),
    };
    REASONS
        .iter()
        .find(|(reason, _)| description.starts_with(reason))
        .map_or(
            CallStatus::Unknown {
                server: matches!(classify(error), Fault::Transient(_)),
            },
            |(_, code)| CallStatus::Http(*code),
        )
}

/// Counts one try of the Bot API method `what` (`kibitz_platform_calls_total`): a request
/// that came back at all was answered 200.
pub(super) fn counted<T>(
    what: &'static str,
    result: Result<T, RequestError>,
) -> Result<T, RequestError> {
    let status = match &result {
        Ok(_) => CallStatus::Http(200),
        Err(error) => call_status(error),
    };
    count_call(PLATFORM.as_str(), what, status);
    result
}

impl Adapter<'_> {
    /// [`Adapter::call`] for a send to `chat`, which Telegram's limits count: every try, the
    /// first and each one after a 429 or a lost answer, waits for its place from the pacer.
    /// Telegram counts each try that reaches it; paced once, a retry went out the moment its
    /// wait was over and could meet the chat's next reply, paced from the first try's time
    /// (the tests' stand-in, enforcing the limits, answered that second send with a 429).
    pub(super) async fn call_paced<T, F, Fut>(
        &self,
        chat: i64,
        what: &'static str,
        mut request: F,
    ) -> Result<T, Fault>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<T, RequestError>>,
    {
        let attempt = || {
            // Built now, sent only once polled: after its place is taken.
            let sending = request();
            async move {
                if !self.paced(chat).await {
                    return Err(Fault::Stopping);
                }
                counted(what, sending.await).map_err(|error| classify(&error))
            }
        };
        match self
            .retry
            .run((NAME, what), &self.token, &self.shutdown, attempt)
            .await
        {
            Ok(value) => Ok(value),
            Err(GaveUp::Fault { fault, .. }) => Err(fault),
            Err(GaveUp::Stopping) => Err(Fault::Stopping),
        }
    }

    /// Makes a request, trying again after flood control and transient faults, at most
    /// `attempts` times; each try is counted.
    pub(super) async fn call<T, F, Fut>(
        &self,
        what: &'static str,
        mut request: F,
    ) -> Result<T, Fault>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<T, RequestError>>,
    {
        let attempt =
            || request().map(|result| counted(what, result).map_err(|error| classify(&error)));
        match self
            .retry
            .run((NAME, what), &self.token, &self.shutdown, attempt)
            .await
        {
            Ok(value) => Ok(value),
            Err(GaveUp::Fault { fault, .. }) => Err(fault),
            Err(GaveUp::Stopping) => Err(Fault::Stopping),
        }
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
    pub(super) async fn is_group_admin(&self, chat: i64, user: i64) -> bool {
        match self.chat_member(chat, user).await {
            Ok(member) => member.is_privileged(),
            Err(fault) => {
                tracing::warn!(fault = %self.token.redact(&fault.to_string()), "getChatMember failed; settings refused");
                false
            }
        }
    }

    /// Whether `user` is in the group `chat` (a member, an administrator, the creator, or
    /// restricted but still a member), as Telegram answers; the service decides what follows.
    pub(super) async fn membership(&self, chat: &str, user: i64) -> Membership {
        let Ok(chat) = chat.parse::<i64>() else {
            return Membership::NotMember;
        };
        match self.chat_member(chat, user).await {
            Ok(member) if member.kind.is_present() => Membership::Member,
            Ok(_) => Membership::NotMember,
            Err(fault) => {
                tracing::warn!(chat, fault = %self.token.redact(&fault.to_string()), "getChatMember failed; daily link not counted");
                Membership::Unknown
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_failure_is_counted_under_the_status_telegram_answered() {
        let api = |error: ApiError| call_status(&RequestError::Api(error));
        assert_eq!(api(ApiError::BotBlocked), CallStatus::Http(403));
        assert_eq!(api(ApiError::MessageTextIsEmpty), CallStatus::Http(400));
        assert_eq!(
            api(ApiError::TerminatedByOtherGetUpdates),
            CallStatus::Http(409)
        );
        assert_eq!(api(ApiError::InvalidToken), CallStatus::Http(401));
        assert_eq!(
            api(ApiError::Unknown("Bad Gateway".into())),
            CallStatus::Http(502)
        );
        assert_eq!(
            api(ApiError::Unknown("something new".into())),
            CallStatus::Unknown { server: true }
        );
        let flood = RequestError::RetryAfter(teloxide::types::Seconds::from_seconds(3));
        assert_eq!(call_status(&flood), CallStatus::Http(429));
    }
}
