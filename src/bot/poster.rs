//! How a platform delivers what background work posts (the daily posts, the computer's moves,
//! clock reminders and timeouts, reviews) to a chat, and how a chat is addressed.

use crate::bot::reply::Outgoing;
use std::future::Future;

/// The address a [`Poster`] takes: the platform's id of the chat, and for a forum topic
/// `chat/topic` (a Telegram `message_thread_id`; no platform's chat id has a `/`).
pub fn chat_address(chat: &str, thread: Option<&str>) -> String {
    match thread {
        Some(thread) => format!("{chat}/{thread}"),
        None => chat.to_string(),
    }
}

/// How a platform delivers a post to a channel.
pub trait Poster: Send + Sync {
    /// Sends `replies` to the chat the platform calls `chat` ([`chat_address`]: a topic of it
    /// after a `/`). An error means nothing was sent (the claim is released and the post
    /// tried again later).
    fn post(
        &self,
        chat: &str,
        replies: Vec<Outgoing>,
    ) -> impl Future<Output = Result<(), String>> + Send;
}
