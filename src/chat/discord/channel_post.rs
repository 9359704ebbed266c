//! Posts to a channel that answer no interaction: background work (the daily, the
//! computer's moves, reminders, timeouts) and the board app's lines.

use super::Core;
use super::format::plan;
use super::payload::payload;
use crate::bot::schedule::Poster;
use crate::bot::{Live, Outgoing, Platform};
use reqwest::Method;
use std::sync::Arc;

/// Background posts (the daily, the computer's moves, reminders, timeouts) are plain channel
/// messages.
pub(super) struct ChannelPoster(pub(super) Arc<Core>);

impl Poster for ChannelPoster {
    async fn post(&self, chat: &str, replies: Vec<Outgoing>) -> Result<(), String> {
        // A game played in a thread of its own is posted to as `channel/thread`
        // (`schedule::chat_address`); its result goes to the channel too (`in_parent`).
        let (channel, thread) = chat.split_once('/').unwrap_or((chat, chat));
        let id = |text: &str| {
            text.parse::<u64>()
                .map_err(|_| format!("{chat} is not a Discord channel id"))
        };
        let (channel, thread) = (id(channel)?, id(thread)?);
        let (live, replies): (Vec<Outgoing>, Vec<Outgoing>) =
            replies.into_iter().partition(|reply| reply.live.is_some());
        for reply in &live {
            self.post_live(thread, reply).await?;
        }
        for message in plan(&replies, self.0.boards()) {
            let to = if message.in_parent { channel } else { thread };
            let (data, files) = payload(&message, false);
            let answer = self
                .0
                .rest
                .call(
                    "channel post",
                    Method::POST,
                    &format!("/channels/{to}/messages"),
                    &data,
                    &files,
                )
                .await
                .map_err(|fault| fault.to_string())?;
            // A tournament round's board asks for its game's thread, off its own message.
            let anchor = answer
                .as_ref()
                .and_then(|answer| answer["id"].as_str())
                .and_then(|id| id.parse::<u64>().ok());
            if let (Some(new), Some(anchor)) = (&message.opens_thread, anchor)
                && to == channel
            {
                self.0.open_game_thread(channel, anchor, new).await;
            }
        }
        Ok(())
    }
}

impl ChannelPoster {
    /// A live message (`bot::Live`: a review's progress) in `channel`: posted with its id
    /// kept, or edited in place where one was kept (else dropped: it only says how far
    /// work has got).
    async fn post_live(&self, channel: u64, reply: &Outgoing) -> Result<(), String> {
        let service = &self.0.service;
        let (name, editing) = match &reply.live {
            Some(Live::Start(name)) => (name, false),
            Some(Live::Update(name)) => (name, true),
            None => return Ok(()),
        };
        let Some(message) = plan(std::slice::from_ref(reply), false).into_iter().next() else {
            return Ok(());
        };
        let (data, files) = payload(&message, false);
        if editing {
            let kept = service
                .store()
                .kept_message(Platform::Discord, name)
                .await
                .map_err(|error| error.to_string())?;
            if let Some(id) = kept {
                let path = format!("/channels/{channel}/messages/{id}");
                if let Err(fault) = self
                    .0
                    .rest
                    .call("edit message", Method::PATCH, &path, &data, &files)
                    .await
                {
                    tracing::debug!(%fault, "a live message was not edited");
                }
            }
            return Ok(());
        }
        let sent = self
            .0
            .rest
            .call(
                "channel post",
                Method::POST,
                &format!("/channels/{channel}/messages"),
                &data,
                &files,
            )
            .await
            .map_err(|fault| fault.to_string())?;
        let id = sent
            .as_ref()
            .and_then(|m| m["id"].as_str())
            .map(str::to_string);
        if let Some(id) = id
            && let Err(error) = service
                .store()
                .keep_message(Platform::Discord, name, &id, service.now())
                .await
        {
            tracing::warn!(%error, "a live message's id was not kept");
        }
        Ok(())
    }
}
