//! Answering interactions: a command or a press is handled by the service and every reply
//! delivered (in time, deferred, or to the channel when the interaction is lost);
//! autocomplete offers what may be typed.

use super::format::{Message, plan};
use super::payload::{Choice, InteractionResponse, payload};
use super::translate::{from_command, from_component};
use super::{Core, Thread};
use crate::bot::command::Word;
use crate::bot::{Incoming, Outgoing, Platform};
use reqwest::Method;
use serenity::all::{CommandInteraction, Interaction};
use tracing::Instrument;

/// Discord shows at most this many autocomplete choices.
const CHOICE_LIMIT: usize = 25;

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

impl Core {
    /// Each interaction runs in a span naming its platform, channel and kind, so that what
    /// happens outside the service (deferring, delivering, autocomplete) is logged with it;
    /// a command's or press's line gets the service's own span inside this one.
    pub(super) async fn on_interaction(&self, interaction: Interaction) {
        let span = |kind: &'static str, channel: u64| {
            tracing::info_span!(
                "interaction",
                platform = Platform::Discord.as_str(),
                chat = channel,
                kind
            )
        };
        match interaction {
            Interaction::Command(command) if self.first_time(command.id.get()) => {
                let thread = Thread {
                    application: command.application_id.get(),
                    id: command.id.get(),
                    token: &command.token,
                    channel: command.channel_id.get(),
                };
                self.answer(&thread, from_command(&command))
                    .instrument(span("command", thread.channel))
                    .await;
            }
            Interaction::Component(press) if self.first_time(press.id.get()) => {
                let thread = Thread {
                    application: press.application_id.get(),
                    id: press.id.get(),
                    token: &press.token,
                    channel: press.channel_id.get(),
                };
                self.answer(&thread, from_component(&press))
                    .instrument(span("press", thread.channel))
                    .await;
            }
            Interaction::Autocomplete(command) => {
                self.autocomplete(&command)
                    .instrument(span("autocomplete", command.channel_id.get()))
                    .await;
            }
            _ => {}
        }
    }

    /// Offers what may be typed; outside the service's entry point, so it logs its own
    /// closing event (at debug: one comes with every key pressed).
    async fn autocomplete(&self, command: &CommandInteraction) {
        let Some(focused) = command.data.autocomplete() else {
            return;
        };
        let started = std::time::Instant::now();
        let (chat, user) = (
            command.channel_id.get().to_string(),
            command.user.id.get().to_string(),
        );
        let choices: Vec<Choice> = match (command.data.name.as_str(), focused.name) {
            ("accept", "game") => {
                let typed = focused.value.trim().trim_start_matches('#');
                self.service
                    .acceptable_challenges(Platform::Discord, &chat, &user)
                    .await
                    .into_iter()
                    .filter(|(_, id)| id.to_string().starts_with(typed))
                    .take(CHOICE_LIMIT)
                    .map(|(label, id)| Choice::number(label, id))
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
                    .map(Choice::text)
                    .collect()
            }
            ("help", "command") => {
                let words = Word::ALL.map(|word| word.as_str().to_string()).to_vec();
                suggestions(words, focused.value)
                    .into_iter()
                    .map(Choice::text)
                    .collect()
            }
            _ => Vec::new(),
        };
        let body = InteractionResponse::choices(choices);
        let path = format!(
            "/interactions/{}/{}/callback",
            command.id.get(),
            command.token
        );
        let answered = self
            .rest
            .call("autocomplete", Method::POST, &path, &body, &[])
            .await;
        // The command's name only if it is one of ours: Discord sends what was registered.
        let word = Word::named(&command.data.name).map_or("unknown", Word::as_str);
        let duration_ms = started.elapsed().as_secs_f64() * 1000.0;
        match answered {
            Ok(_) => tracing::debug!(command = word, duration_ms, "autocomplete answered"),
            Err(fault) => {
                tracing::debug!(command = word, duration_ms, %fault, "autocomplete not answered");
            }
        }
    }

    /// Handles a command or a press and delivers every reply.
    async fn answer(&self, thread: &Thread<'_>, incoming: Incoming) {
        // Ids and sizes only: what people write stays out of the logs.
        tracing::debug!(interaction = thread.id, chat = %incoming.chat.id, bytes = incoming.text.len(), "interaction");
        let callback = format!("/interactions/{}/{}/callback", thread.id, thread.token);
        let (replies, deferred) = self.handle_in_time(&callback, &incoming).await;
        let mut messages = plan(&replies);
        if messages.is_empty() {
            // Discord shows an error to the user when an interaction goes unanswered.
            messages.push(Message {
                content: "✓".to_string(),
                file: None,
                buttons: Vec::new(),
                ephemeral: true,
                mentions: Vec::new(),
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
                interaction_alive = self.reply(thread, &callback, &first).await;
            }
            Some(false) => interaction_alive = false,
            Some(true) => settled = self.settle_placeholder(thread, &mut messages).await,
        }
        self.follow_up(thread, &messages, interaction_alive, settled)
            .await;
    }

    /// The service's replies to `incoming`; when they take longer than `defer_after`, the
    /// interaction is deferred meanwhile, and whether the deferral went through comes along
    /// (`None`: not deferred).
    async fn handle_in_time(
        &self,
        callback: &str,
        incoming: &Incoming,
    ) -> (Vec<Outgoing>, Option<bool>) {
        let work = self.service.handle_privately_refused(incoming);
        tokio::pin!(work);
        // Zero means "always defer": a timeout of zero would still race the work.
        let in_time = if self.defer_after.is_zero() {
            None
        } else {
            tokio::time::timeout(self.defer_after, &mut work).await.ok()
        };
        match in_time {
            Some(replies) => (replies, None),
            None => {
                // A deferral's visibility is fixed when it is made, and on Discord any answer
                // may turn out private (refusals are): the placeholder is shown to the
                // speaker alone. Discord takes a follow-up sent while the placeholder stands
                // as its answer, with the placeholder's visibility whatever the follow-up's
                // flags say, so a private placeholder can at worst keep a public reply to the
                // speaker (avoided below), never show a private one to the channel.
                let body = InteractionResponse::deferred_privately();
                let defer = self.rest.call("defer", Method::POST, callback, &body, &[]);
                let (deferred, replies) = tokio::join!(defer, &mut work);
                (replies, Some(deferred.is_ok()))
            }
        }
    }

    /// Answers the interaction with its first message; false when the interaction is lost
    /// (a public message then goes to the channel).
    async fn reply(&self, thread: &Thread<'_>, callback: &str, first: &Message) -> bool {
        let (data, files) = payload(first, true);
        let body = InteractionResponse::message(data);
        if let Err(fault) = self
            .rest
            .call("reply", Method::POST, callback, &body, &files)
            .await
        {
            tracing::warn!(%fault, "interaction reply failed");
            self.to_channel(thread, first).await;
            return false;
        }
        true
    }

    /// The private "thinking…" placeholder becomes the first private reply (taken out of
    /// `messages`), or goes away when all replies are public; they follow it. False when the
    /// placeholder still stands.
    async fn settle_placeholder(&self, thread: &Thread<'_>, messages: &mut Vec<Message>) -> bool {
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
                    .call("edit reply", Method::PATCH, &original, &data, &files)
                    .await
                {
                    tracing::warn!(%fault, "editing the deferred reply failed");
                    // As the first follow-up it still takes the private placeholder.
                    messages.insert(0, first);
                    return false;
                }
            }
            None => {
                if let Err(fault) = self
                    .rest
                    .call_bare("delete reply", Method::DELETE, &original)
                    .await
                {
                    tracing::warn!(%fault, "removing the deferred reply failed");
                    return false;
                }
            }
        }
        true
    }

    /// Sends the rest of the replies as follow-ups, or to the channel where a follow-up
    /// cannot go or would show a public reply to the speaker alone.
    async fn follow_up(
        &self,
        thread: &Thread<'_>,
        messages: &[Message],
        interaction_alive: bool,
        mut settled: bool,
    ) {
        let followup = format!("/webhooks/{}/{}", thread.application, thread.token);
        for message in messages {
            if !settled && !message.ephemeral {
                // Through the interaction it would stay with the speaker: the channel.
                self.to_channel(thread, message).await;
                continue;
            }
            if interaction_alive {
                let (data, files) = payload(message, true);
                match self
                    .rest
                    .call("follow-up", Method::POST, &followup, &data, &files)
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
            .call("channel message", Method::POST, &path, &data, &files)
            .await
        {
            tracing::error!(%fault, channel = thread.channel, "a reply is lost");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_follow_the_prefix() {
        let moves: Vec<String> = ["d3", "D4", "e5", "d3/g7"].map(String::from).to_vec();
        assert_eq!(suggestions(moves.clone(), "d"), ["d3", "D4", "d3/g7"]);
        assert_eq!(suggestions(moves.clone(), ""), moves);
        let many: Vec<String> = (0..40).map(|i| format!("a{i}")).collect();
        assert_eq!(suggestions(many, "a").len(), CHOICE_LIMIT);
    }
}
