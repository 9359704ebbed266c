//! A Telegram update as the service reads it: a message or a pressed button becomes one
//! [`Incoming`], with where its replies go and which button press to answer.

use crate::bot::{ChatInfo, Incoming, Platform, UserInfo};
use teloxide::types::{
    CallbackQuery, MaybeInaccessibleMessage, Message, MessageEntityKind, Update, UpdateKind, User,
};

fn user_info(user: &User) -> UserInfo {
    UserInfo {
        id: user.id.0.to_string(),
        name: user.full_name(),
        handle: user.username.clone(),
    }
}

/// `/board@otherbot` in a group is meant for another bot.
fn addressed_elsewhere(text: &str, bot_name: &str) -> bool {
    let Some(first) = text
        .strip_prefix('/')
        .and_then(|t| t.split_whitespace().next())
    else {
        return false;
    };
    match first.split_once('@') {
        Some((_, name)) => !name.eq_ignore_ascii_case(bot_name),
        None => false,
    }
}

/// What one update asks for.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Event {
    pub(super) incoming: Option<Incoming>,
    /// Where replies go, and the speaker's private chat.
    pub(super) chat: i64,
    pub(super) user: i64,
    /// A pressed button to answer.
    pub(super) callback: Option<String>,
    /// The message whose button was pressed, which the first reply may edit.
    pub(super) pressed: Option<PressedMessage>,
}

/// A message of the bot's whose button was pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct PressedMessage {
    pub(super) id: i32,
    /// It shows a picture (edited with `editMessageMedia`), else a text.
    pub(super) photo: bool,
}

/// The forum topic a message was written in, if any (a reply thread in a group that is no
/// forum is not a topic: replies there go to the chat).
fn topic_of(message: &Message) -> Option<String> {
    message
        .thread_id
        .filter(|_| message.is_topic_message)
        .map(|thread| thread.0.0.to_string())
}

fn from_message(message: &Message, bot_name: &str) -> Option<Event> {
    let text = message.text()?;
    let from = message.from.as_ref().filter(|user| !user.is_bot)?;
    if addressed_elsewhere(text, bot_name) {
        return None;
    }
    let entities = message.parse_entities().unwrap_or_default();
    let mut mentions = Vec::new();
    // A text mention is a name (without `@`) linked to a user who may have no handle: the
    // user travels in `mentions`, and the name leaves the text, where the grammar would take
    // it for an argument ("challenge Dave knight-fight").
    let mut line = String::with_capacity(text.len());
    let mut copied = 0;
    for entity in &entities {
        if let MessageEntityKind::TextMention { user } = entity.kind() {
            mentions.push(user_info(user));
            let range = entity.range();
            if range.start >= copied
                && let (Some(before), Some(_)) =
                    (text.get(copied..range.start), text.get(range.clone()))
            {
                line.push_str(before);
                copied = range.end;
            }
        }
    }
    line.push_str(text.get(copied..).unwrap_or_default());
    let text = if mentions.is_empty() {
        text.to_string()
    } else {
        line.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let names_someone = entities.iter().any(|entity| {
        matches!(
            entity.kind(),
            MessageEntityKind::Mention | MessageEntityKind::TextMention { .. }
        )
    });
    // A command sent as a reply to someone's message is about them (challenge them), unless
    // the line names someone itself.
    if !names_someone
        && let Some(replied) = message
            .reply_to_message()
            .and_then(|m| m.from.as_ref())
            .filter(|user| !user.is_bot && user.id != from.id)
    {
        mentions.insert(0, user_info(replied));
    }
    Some(Event {
        incoming: Some(Incoming {
            platform: Platform::Telegram,
            chat: ChatInfo {
                id: message.chat.id.0.to_string(),
                title: message.chat.title().map(str::to_string),
                private: message.chat.is_private(),
                community: None,
                thread: topic_of(message),
            },
            user: user_info(from),
            text,
            locale: from.language_code.clone(),
            mentions,
            // A group's administrators are looked up when a command needs it.
            admin: message.chat.is_private(),
            membership: None,
            pressed: false,
        }),
        chat: message.chat.id.0,
        user: from.id.0 as i64,
        callback: None,
        pressed: None,
    })
}

fn from_callback(query: &CallbackQuery) -> Event {
    let user = query.from.id.0 as i64;
    let incoming = match (&query.message, &query.data) {
        (Some(message), Some(data)) if !query.from.is_bot => {
            let chat = message.chat();
            Some(Incoming {
                platform: Platform::Telegram,
                chat: ChatInfo {
                    id: chat.id.0.to_string(),
                    title: chat.title().map(str::to_string),
                    private: chat.is_private(),
                    community: None,
                    thread: match message {
                        MaybeInaccessibleMessage::Regular(message) => topic_of(message),
                        MaybeInaccessibleMessage::Inaccessible(_) => None,
                    },
                },
                user: user_info(&query.from),
                text: data.clone(),
                locale: query.from.language_code.clone(),
                mentions: Vec::new(),
                admin: chat.is_private(),
                membership: None,
                pressed: true,
            })
        }
        // A button under an inline-mode message or one without data: nothing to do.
        _ => None,
    };
    Event {
        chat: query.message.as_ref().map_or(user, |m| m.chat().id.0),
        incoming,
        user,
        callback: Some(query.id.0.clone()),
        pressed: match &query.message {
            Some(MaybeInaccessibleMessage::Regular(message)) => Some(PressedMessage {
                id: message.id.0,
                photo: message.photo().is_some(),
            }),
            _ => None,
        },
    }
}

/// The chat line an update becomes, if any: [`translate`] for the fuzz targets
/// (`crate::cli::fuzzing`).
#[doc(hidden)]
pub fn incoming_of_update(update: &Update, bot_name: &str) -> Option<Incoming> {
    translate(update, bot_name).and_then(|event| event.incoming)
}

pub(super) fn translate(update: &Update, bot_name: &str) -> Option<Event> {
    match &update.kind {
        UpdateKind::Message(message) => from_message(message, bot_name),
        UpdateKind::CallbackQuery(query) => Some(from_callback(query)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_for_other_bots_are_not_ours() {
        assert!(addressed_elsewhere("/help@OtherBot", "kibitzbot"));
        assert!(!addressed_elsewhere("/help@KibitzBot now", "kibitzbot"));
        assert!(!addressed_elsewhere("/help", "kibitzbot"));
        assert!(!addressed_elsewhere("mail me@example.org", "kibitzbot"));
    }
}
