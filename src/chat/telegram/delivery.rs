//! One send as the outbox keeps it: what the formatter plans and the sender delivers, stored
//! as JSON in an outbox row (a picture's or file's bytes travel beside it).

use crate::store::NewOutboxItem;
use serde::{Deserialize, Serialize};

/// One send, as queued in the outbox (a photo's bytes travel beside it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "send", rename_all = "snake_case")]
pub(super) enum Delivery {
    Text {
        chat: i64,
        text: String,
        keyboard: Vec<Vec<KeyButton>>,
        /// Byte ranges of `text` behind a spoiler: only what the service marked so.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        spoilers: Vec<(usize, usize)>,
        /// Byte ranges of `text` that mention a user (by Telegram id): a turn ping.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        mentions: Vec<(usize, usize, u64)>,
        /// The forum topic it goes to (`message_thread_id`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        thread: Option<i32>,
    },
    Photo {
        chat: i64,
        caption: String,
        keyboard: Vec<Vec<KeyButton>>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        spoilers: Vec<(usize, usize)>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        mentions: Vec<(usize, usize, u64)>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        thread: Option<i32>,
    },
    /// A file (the row's attachment): `sendAnimation` for a replay (a GIF Telegram plays
    /// inline), `sendDocument` for a record.
    File {
        chat: i64,
        name: String,
        caption: String,
        animation: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        thread: Option<i32>,
    },
    /// Stops the pressed button's spinner; every callback query must be answered.
    Answer { callback: String },
    /// A new picture, caption and buttons for the picture message `message` (a page turned,
    /// the AMBIT rack's next step); the picture is the row's attachment.
    EditPhoto {
        chat: i64,
        message: i32,
        caption: String,
        keyboard: Vec<Vec<KeyButton>>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        spoilers: Vec<(usize, usize)>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        mentions: Vec<(usize, usize, u64)>,
        /// The forum topic of the message, for a fallback send when the edit fails.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        thread: Option<i32>,
    },
    /// A new text and buttons for the text message `message`.
    EditText {
        chat: i64,
        message: i32,
        text: String,
        keyboard: Vec<Vec<KeyButton>>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        spoilers: Vec<(usize, usize)>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        mentions: Vec<(usize, usize, u64)>,
        /// The forum topic of the message, for a fallback send when the edit fails.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        thread: Option<i32>,
    },
    /// Takes the buttons off `message`: they were used.
    ClearKeyboard { chat: i64, message: i32 },
    /// A text whose message id is kept under `name` once sent (`bot::Live::Start`: a
    /// review's progress), for [`Delivery::LiveEdit`] to edit.
    LiveText {
        chat: i64,
        name: String,
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        thread: Option<i32>,
    },
    /// A new text for the message kept under `name` (`bot::Live::Update`); dropped where
    /// none was kept or Telegram cannot edit it: it only says how far work has got.
    LiveEdit {
        chat: i64,
        name: String,
        text: String,
    },
}

/// A plain text reply to `chat` as an outbox row: how `kibitz bench delivery` and the tests
/// fill the outbox without a conversation to answer.
#[doc(hidden)]
pub fn text_reply(chat: i64, text: &str) -> Result<NewOutboxItem, serde_json::Error> {
    Delivery::Text {
        chat,
        text: text.to_string(),
        keyboard: Vec::new(),
        spoilers: Vec::new(),
        mentions: Vec::new(),
        thread: None,
    }
    .queued(None)
}

impl Delivery {
    /// The chat this send goes to; `None` for a button's answer, which goes to no chat.
    pub(super) fn chat(&self) -> Option<i64> {
        match self {
            Delivery::Text { chat, .. }
            | Delivery::Photo { chat, .. }
            | Delivery::EditPhoto { chat, .. }
            | Delivery::EditText { chat, .. }
            | Delivery::ClearKeyboard { chat, .. }
            | Delivery::LiveText { chat, .. }
            | Delivery::LiveEdit { chat, .. }
            | Delivery::File { chat, .. } => Some(*chat),
            Delivery::Answer { .. } => None,
        }
    }

    /// This send as an outbox row: its JSON, the picture or file beside it, and its chat (by
    /// which a forgotten chat's waiting replies are found).
    pub(super) fn queued(
        &self,
        attachment: Option<Vec<u8>>,
    ) -> Result<NewOutboxItem, serde_json::Error> {
        Ok(NewOutboxItem {
            payload: serde_json::to_string(self)?,
            attachment,
            chat: self.chat().map(|chat| chat.to_string()),
        })
    }

    /// The same reply in a plainer form, for a Bot API that lacks the method this one needs:
    /// an animation as a document, a document or a picture as its caption (a picture keeps
    /// its buttons and marks); `None` for what has no plainer form.
    pub(super) fn plainer(&self) -> Option<Delivery> {
        match self {
            Delivery::File {
                chat,
                name,
                caption,
                animation: true,
                thread,
            } => Some(Delivery::File {
                chat: *chat,
                name: name.clone(),
                caption: caption.clone(),
                animation: false,
                thread: *thread,
            }),
            Delivery::File {
                chat,
                caption,
                thread,
                ..
            } if !caption.is_empty() => Some(Delivery::Text {
                chat: *chat,
                text: caption.clone(),
                keyboard: Vec::new(),
                spoilers: Vec::new(),
                mentions: Vec::new(),
                thread: *thread,
            }),
            Delivery::Photo {
                chat,
                caption,
                keyboard,
                spoilers,
                mentions,
                thread,
            } if !caption.is_empty() => Some(Delivery::Text {
                chat: *chat,
                text: caption.clone(),
                keyboard: keyboard.clone(),
                spoilers: spoilers.clone(),
                mentions: mentions.clone(),
                thread: *thread,
            }),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct KeyButton {
    pub(super) label: String,
    pub(super) data: String,
    /// A link button (the daily's deep link) instead of a callback.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) url: Option<String>,
    /// A web app button (the board app, in a private chat): the page it opens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) web_app: Option<String>,
}
