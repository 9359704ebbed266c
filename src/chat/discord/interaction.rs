//! Answering interactions: a command or a press is handled by the service and every reply
//! delivered (in time, deferred, or to the channel when the interaction is lost);
//! autocomplete offers what may be typed.

use super::format::{Message, board_press, plan};
use super::payload::{Choice, ComponentsUpdate, InteractionResponse, payload};
use super::translate::{from_command, from_component, parent_of};
use super::{Core, PressedMessage, Thread};
use crate::bot::NewThread;
use crate::bot::command::Word;
use crate::bot::{Incoming, Outgoing, Platform, Pressed};
use reqwest::Method;
use serde::Serialize;
use serde_json::Value;
use serenity::all::{CommandInteraction, Interaction, MessageFlags, Permissions};
use std::sync::atomic::{AtomicU64, Ordering};
use tracing::Instrument;

/// Discord shows at most this many autocomplete choices.
const CHOICE_LIMIT: usize = 25;

/// How long a game's thread stays open without a message: a week, Discord's longest, so a
/// correspondence game's thread does not close between moves.
const THREAD_ARCHIVE_MINUTES: u32 = 10_080;

/// Whether the bot may open a public thread in the channel and write in it.
fn may_open_threads(permissions: Option<Permissions>) -> bool {
    permissions.is_some_and(|p| p.create_public_threads() && p.send_messages_in_threads())
}

/// The message id in a Discord answer that is a message.
fn message_id(answer: Option<&Value>) -> Option<u64> {
    answer?["id"].as_str()?.parse().ok()
}

/// Where the message that opens a game's thread went, once it is known.
#[derive(Default)]
struct Anchor(AtomicU64);

impl Anchor {
    fn set(&self, message: &Message, id: Option<u64>) {
        if message.opens_thread.is_some()
            && let Some(id) = id
        {
            self.0.store(id, Ordering::Relaxed);
        }
    }

    fn get(&self) -> Option<u64> {
        Some(self.0.load(Ordering::Relaxed)).filter(|&id| id != 0)
    }
}

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
                    pressed: None,
                    parent: parent_of(command.channel.as_ref()),
                    may_open_threads: may_open_threads(command.app_permissions),
                };
                self.answer(&thread, from_command(&command))
                    .instrument(span("command", thread.channel))
                    .await;
            }
            Interaction::Component(press)
                if board_press(&press.data.custom_id).is_some()
                    && self.first_time(press.id.get()) =>
            {
                if let Some(opens) = board_press(&press.data.custom_id) {
                    self.answer_board_press(&press, opens)
                        .instrument(span("board", press.channel_id.get()))
                        .await;
                }
            }
            Interaction::Component(press) if self.first_time(press.id.get()) => {
                let thread = Thread {
                    application: press.application_id.get(),
                    id: press.id.get(),
                    token: &press.token,
                    channel: press.channel_id.get(),
                    pressed: Some(PressedMessage {
                        id: press.message.id.get(),
                        ephemeral: press
                            .message
                            .flags
                            .is_some_and(|flags| flags.contains(MessageFlags::EPHEMERAL)),
                    }),
                    parent: parent_of(press.channel.as_ref()),
                    may_open_threads: may_open_threads(press.app_permissions),
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
        let duration_ms = crate::bot::log_duration::duration_ms(started.elapsed());
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
        let effect = replies.first().map_or(Pressed::Kept, |reply| reply.pressed);
        let mut messages = plan(&replies, self.boards());
        // The results of games played in this thread, for the channel it hangs off.
        let mut for_parent = Vec::new();
        if thread.parent.is_some() {
            let (parent, here) = messages.into_iter().partition(|m| m.in_parent);
            (for_parent, messages) = (parent, here);
        }
        let opens_thread = messages.iter().find_map(|m| m.opens_thread.clone());
        if thread.may_open_threads {
            // The game is played in its thread, where its first message carries the move
            // buttons: the channel's start keeps none, so no move is made there by a press.
            for message in messages.iter_mut().filter(|m| m.opens_thread.is_some()) {
                message.buttons.clear();
            }
        }
        if messages.is_empty() {
            // Discord shows an error to the user when an interaction goes unanswered.
            messages.push(Message {
                content: "✓".to_string(),
                file: None,
                buttons: Vec::new(),
                ephemeral: true,
                mentions: Vec::new(),
                opens_thread: None,
                in_parent: false,
            });
        }
        let anchor = Anchor::default();
        // `None`: the interaction is lost, public messages go to the channel.
        let mut interaction_alive = true;
        // False while a private placeholder stands: a public follow-up would take its place
        // and be shown to the speaker alone.
        let mut settled = true;
        match (deferred, thread.pressed, effect) {
            (None, Some(pressed), Pressed::Replaced)
                if messages[0].ephemeral == pressed.ephemeral =>
            {
                let first = messages.remove(0);
                interaction_alive = self.update_pressed(thread, &callback, &first).await;
                anchor.set(&first, Some(pressed.id));
            }
            (None, Some(_), Pressed::Replaced | Pressed::Spent)
                if self.spend_buttons(&callback).await => {}
            (None, _, _) => {
                let first = messages.remove(0);
                interaction_alive = self.reply(thread, &callback, &first, &anchor).await;
            }
            (Some(deferred), pressed, effect) => {
                // A deferral's placeholder stands where the press's answer would: the
                // pressed message is edited through the channel instead, its buttons taken
                // off (a private one cannot be reached so).
                if let Some(pressed) = pressed.filter(|p| !p.ephemeral)
                    && effect != Pressed::Kept
                {
                    self.spend_buttons_later(thread, pressed).await;
                }
                if deferred {
                    settled = self.settle_placeholder(thread, &mut messages).await;
                } else {
                    interaction_alive = false;
                }
            }
        }
        self.follow_up(thread, &messages, interaction_alive, settled, &anchor)
            .await;
        if let Some(parent) = thread.parent {
            for message in &for_parent {
                self.post(parent, message).await;
            }
        }
        if let (Some(new), Some(anchor)) = (opens_thread, anchor.get())
            && thread.may_open_threads
        {
            self.open_game_thread(thread.channel, anchor, &new).await;
        }
    }

    /// Opens the thread `new` off the message `anchor` in `channel`, tells the service, and
    /// posts the thread's first message. Where Discord refuses (permissions changed, the
    /// message is gone), the game goes on in the channel.
    pub(super) async fn open_game_thread(&self, channel: u64, anchor: u64, new: &NewThread) {
        #[derive(Serialize)]
        struct StartThread<'a> {
            auto_archive_duration: u32,
            name: &'a str,
        }
        let path = format!("/channels/{channel}/messages/{anchor}/threads");
        let body = StartThread {
            auto_archive_duration: THREAD_ARCHIVE_MINUTES,
            name: &new.name,
        };
        let opened = self
            .rest
            .call("start thread", Method::POST, &path, &body, &[])
            .await;
        let thread = match opened {
            Ok(answer) => message_id(answer.as_ref()),
            Err(fault) => {
                tracing::warn!(%fault, game = new.game, "a game's thread could not be opened; it is played in the channel");
                return;
            }
        };
        let Some(thread) = thread else {
            tracing::warn!(game = new.game, "Discord opened a thread without an id");
            return;
        };
        tracing::info!(game = new.game, thread, "a game's thread was opened");
        let posts = self
            .service
            .open_thread(new.game, &thread.to_string())
            .await;
        for message in plan(&posts, self.boards()) {
            self.post(thread, &message).await;
        }
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
    async fn reply(
        &self,
        thread: &Thread<'_>,
        callback: &str,
        first: &Message,
        anchor: &Anchor,
    ) -> bool {
        let (data, files) = payload(first, true);
        let body = InteractionResponse::message(data);
        if let Err(fault) = self
            .rest
            .call("reply", Method::POST, callback, &body, &files)
            .await
        {
            tracing::warn!(%fault, "interaction reply failed");
            anchor.set(first, self.to_channel(thread, first).await);
            return false;
        }
        if first.opens_thread.is_some() {
            // An interaction's answer does not say its message's id: asked for.
            let original = format!(
                "/webhooks/{}/{}/messages/@original",
                thread.application, thread.token
            );
            match self
                .rest
                .call_bare("original", Method::GET, &original)
                .await
            {
                Ok(answer) => anchor.set(first, message_id(answer.as_ref())),
                Err(fault) => tracing::warn!(%fault, "the answer's message id is unknown"),
            }
        }
        true
    }

    /// Answers a press with `first` in place of the pressed message; false when the
    /// interaction is lost (`first`, if public, then goes to the channel).
    async fn update_pressed(&self, thread: &Thread<'_>, callback: &str, first: &Message) -> bool {
        let (body, files) = InteractionResponse::update(first);
        if let Err(fault) = self
            .rest
            .call("update", Method::POST, callback, &body, &files)
            .await
        {
            tracing::warn!(%fault, "updating the pressed message failed");
            self.to_channel(thread, first).await;
            return false;
        }
        true
    }

    /// Answers a press by taking the pressed message's buttons off; the replies follow it.
    /// False when that failed (the interaction is then answered with the first reply).
    async fn spend_buttons(&self, callback: &str) -> bool {
        let body = InteractionResponse::spent_buttons();
        match self
            .rest
            .call("update", Method::POST, callback, &body, &[])
            .await
        {
            Ok(_) => true,
            Err(fault) => {
                tracing::warn!(%fault, "taking the used buttons off failed");
                false
            }
        }
    }

    /// Takes the buttons off a public message of the bot's, after a deferral.
    async fn spend_buttons_later(&self, thread: &Thread<'_>, pressed: PressedMessage) {
        let path = format!("/channels/{}/messages/{}", thread.channel, pressed.id);
        let body = ComponentsUpdate::default();
        if let Err(fault) = self
            .rest
            .call("edit message", Method::PATCH, &path, &body, &[])
            .await
        {
            tracing::warn!(%fault, "taking the used buttons off failed");
        }
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
        anchor: &Anchor,
    ) {
        let followup = format!("/webhooks/{}/{}", thread.application, thread.token);
        for message in messages {
            if !settled && !message.ephemeral {
                // Through the interaction it would stay with the speaker: the channel.
                anchor.set(message, self.to_channel(thread, message).await);
                continue;
            }
            if interaction_alive {
                let (data, files) = payload(message, true);
                match self
                    .rest
                    .call("follow-up", Method::POST, &followup, &data, &files)
                    .await
                {
                    Ok(answer) => {
                        anchor.set(message, message_id(answer.as_ref()));
                        settled = true;
                        continue;
                    }
                    Err(fault) => tracing::warn!(%fault, "follow-up failed"),
                }
            }
            anchor.set(message, self.to_channel(thread, message).await);
        }
    }

    /// The last way out for a public reply; a private one is dropped (with a log line)
    /// rather than shown to everyone. The posted message's id.
    async fn to_channel(&self, thread: &Thread<'_>, message: &Message) -> Option<u64> {
        if message.ephemeral {
            tracing::warn!("a private reply could not be delivered");
            return None;
        }
        self.post(thread.channel, message).await
    }

    /// Posts a public message to `channel`; its id.
    async fn post(&self, channel: u64, message: &Message) -> Option<u64> {
        let (data, files) = payload(message, false);
        let path = format!("/channels/{channel}/messages");
        match self
            .rest
            .call("channel message", Method::POST, &path, &data, &files)
            .await
        {
            Ok(answer) => message_id(answer.as_ref()),
            Err(fault) => {
                tracing::error!(%fault, channel, "a reply is lost");
                None
            }
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
