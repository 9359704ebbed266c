//! Discord's wire payloads as typed values: message bodies, buttons in action rows and
//! interaction responses, each of Discord's numbers named once.
//!
//! Every struct lists its fields in alphabetical order: the order serde_json's map gave the
//! `json!` bodies these replace, so the wire body is byte for byte what it was.

use super::format::Message;
use super::rest::Upload;
use crate::bot::Button;
use serde::Serialize;

const BUTTONS_PER_ROW: usize = 5;
const BUTTON_LIMIT: usize = 25;
const CUSTOM_ID_LIMIT: usize = 100;
const LABEL_LIMIT: usize = 80;

/// What a component is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(super) struct ComponentType(u8);

impl ComponentType {
    pub(super) const ACTION_ROW: Self = Self(1);
    pub(super) const BUTTON: Self = Self(2);
}

/// How a button looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(super) struct ButtonStyle(u8);

impl ButtonStyle {
    /// The accent colour: the buttons are the replies' suggested next steps.
    pub(super) const PRIMARY: Self = Self(1);
    /// A link: it opens its `url`, and Discord sends no interaction.
    pub(super) const LINK: Self = Self(5);
}

/// What an interaction response does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(super) struct ResponseType(u8);

impl ResponseType {
    /// Answers with a message.
    pub(super) const CHANNEL_MESSAGE: Self = Self(4);
    /// Shows "thinking…"; the answer comes later by editing the original response.
    pub(super) const DEFERRED_CHANNEL_MESSAGE: Self = Self(5);
    /// Edits the message whose button was pressed.
    pub(super) const UPDATE_MESSAGE: Self = Self(7);
    /// The choices of an autocomplete.
    pub(super) const AUTOCOMPLETE_RESULT: Self = Self(8);
    /// Opens the application's Activity in the channel.
    pub(super) const LAUNCH_ACTIVITY: Self = Self(12);
}

/// A message's flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(super) struct MessageFlags(pub(super) u64);

impl MessageFlags {
    /// Only the message's addressee sees it.
    pub(super) const EPHEMERAL: Self = Self(1 << 6);
}

/// A button whose `custom_id` is the command it sends, or a link button with its `url`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(super) struct ButtonComponent {
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(super) custom_id: String,
    pub(super) label: String,
    pub(super) style: ButtonStyle,
    #[serde(rename = "type")]
    pub(super) kind: ComponentType,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) url: Option<String>,
}

/// One row holding one link button.
pub(super) fn link_row(label: String, url: String) -> Vec<ActionRow> {
    vec![ActionRow {
        components: vec![ButtonComponent {
            custom_id: String::new(),
            label: label.chars().take(LABEL_LIMIT).collect(),
            style: ButtonStyle::LINK,
            kind: ComponentType::BUTTON,
            url: Some(url),
        }],
        kind: ComponentType::ACTION_ROW,
    }]
}

/// A row of up to five buttons.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(super) struct ActionRow {
    pub(super) components: Vec<ButtonComponent>,
    #[serde(rename = "type")]
    pub(super) kind: ComponentType,
}

/// Whom a message may ping: only the users the service mentions (a turn ping), never
/// anyone a name or anything a player typed could name (`parse` stays empty).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub(super) struct AllowedMentions {
    parse: Vec<&'static str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    users: Vec<String>,
}

/// An uploaded file as the message refers to it (`files[id]` of the multipart body).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(super) struct Attachment {
    pub(super) filename: String,
    pub(super) id: u64,
}

/// A message as Discord takes it: an interaction's reply, a follow-up, an edit of the
/// deferred reply, or a channel post.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(super) struct MessageBody {
    pub(super) allowed_mentions: AllowedMentions,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) attachments: Vec<Attachment>,
    pub(super) components: Vec<ActionRow>,
    pub(super) content: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) flags: Option<MessageFlags>,
}

/// A new content, picture and buttons for a message that is there (the one whose button
/// was pressed); the attachments listed are all it keeps, so a text in place of a picture
/// lists none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(super) struct MessageUpdate {
    pub(super) allowed_mentions: AllowedMentions,
    pub(super) attachments: Vec<Attachment>,
    pub(super) components: Vec<ActionRow>,
    pub(super) content: String,
}

/// Only the buttons of a message: none, once they were used.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub(super) struct ComponentsUpdate {
    pub(super) components: Vec<ActionRow>,
}

/// The answer to an interaction: what it does, and what goes with it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(super) struct InteractionResponse<D> {
    pub(super) data: D,
    #[serde(rename = "type")]
    pub(super) kind: ResponseType,
}

/// The answer that opens the application's Activity in the channel: it carries no data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(super) struct LaunchActivity {
    #[serde(rename = "type")]
    kind: ResponseType,
}

impl LaunchActivity {
    pub(super) fn new() -> Self {
        LaunchActivity {
            kind: ResponseType::LAUNCH_ACTIVITY,
        }
    }
}

impl MessageBody {
    /// A text only the presser sees, with `components` under it and no pings.
    pub(super) fn private_with(content: String, components: Vec<ActionRow>) -> Self {
        MessageBody {
            allowed_mentions: AllowedMentions::default(),
            attachments: Vec::new(),
            components,
            content,
            flags: Some(MessageFlags::EPHEMERAL),
        }
    }
}

/// A deferral's data: only its flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(super) struct Deferral {
    pub(super) flags: MessageFlags,
}

/// An autocomplete's data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(super) struct Choices {
    pub(super) choices: Vec<Choice>,
}

/// One suggestion: its label and the value the option takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(super) struct Choice {
    pub(super) name: String,
    pub(super) value: ChoiceValue,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub(super) enum ChoiceValue {
    Number(i64),
    Text(String),
}

impl Choice {
    /// A number shown by its label (a game by its challenge).
    pub(super) fn number(name: String, value: i64) -> Choice {
        Choice {
            name,
            value: ChoiceValue::Number(value),
        }
    }

    /// A text shown as it is (a move).
    pub(super) fn text(text: String) -> Choice {
        Choice {
            name: text.clone(),
            value: ChoiceValue::Text(text),
        }
    }
}

impl InteractionResponse<MessageBody> {
    pub(super) fn message(data: MessageBody) -> Self {
        InteractionResponse {
            data,
            kind: ResponseType::CHANNEL_MESSAGE,
        }
    }
}

impl InteractionResponse<MessageUpdate> {
    /// `message` in place of the message whose button was pressed.
    pub(super) fn update(message: &Message) -> (Self, Vec<Upload>) {
        let (data, files) = payload(message, false);
        let update = MessageUpdate {
            allowed_mentions: data.allowed_mentions,
            attachments: data.attachments,
            components: data.components,
            content: data.content,
        };
        (
            InteractionResponse {
                data: update,
                kind: ResponseType::UPDATE_MESSAGE,
            },
            files,
        )
    }
}

impl InteractionResponse<ComponentsUpdate> {
    /// Takes the buttons off the message whose button was pressed.
    pub(super) fn spent_buttons() -> Self {
        InteractionResponse {
            data: ComponentsUpdate::default(),
            kind: ResponseType::UPDATE_MESSAGE,
        }
    }
}

impl InteractionResponse<Deferral> {
    /// A "thinking…" placeholder only the speaker sees.
    pub(super) fn deferred_privately() -> Self {
        InteractionResponse {
            data: Deferral {
                flags: MessageFlags::EPHEMERAL,
            },
            kind: ResponseType::DEFERRED_CHANNEL_MESSAGE,
        }
    }
}

impl InteractionResponse<Choices> {
    pub(super) fn choices(choices: Vec<Choice>) -> Self {
        InteractionResponse {
            data: Choices { choices },
            kind: ResponseType::AUTOCOMPLETE_RESULT,
        }
    }
}

/// Action rows of buttons; a command that cannot be a `custom_id` (too long, or twice in
/// one message) is left out: typing it still works.
pub(super) fn components(buttons: &[Button]) -> Vec<ActionRow> {
    let mut seen = Vec::new();
    let fitting: Vec<ButtonComponent> = buttons
        .iter()
        .filter(|b| {
            let fits = (1..=CUSTOM_ID_LIMIT).contains(&b.command.chars().count())
                && !b.label.trim().is_empty()
                && !seen.contains(&b.command);
            if fits {
                seen.push(b.command.clone());
            } else {
                tracing::warn!(
                    chars = b.command.chars().count(),
                    "button left out: not a usable custom id"
                );
            }
            fits
        })
        .take(BUTTON_LIMIT)
        .map(|b| ButtonComponent {
            custom_id: b.command.clone(),
            label: b.label.chars().take(LABEL_LIMIT).collect(),
            style: ButtonStyle::PRIMARY,
            kind: ComponentType::BUTTON,
            url: None,
        })
        .collect();
    fitting
        .chunks(BUTTONS_PER_ROW)
        .map(|row| ActionRow {
            components: row.to_vec(),
            kind: ComponentType::ACTION_ROW,
        })
        .collect()
}

/// The message's body and its upload; `with_flags` where Discord reads the flags (an
/// interaction's reply or follow-up), else a private message stays unflagged.
pub(super) fn payload(message: &Message, with_flags: bool) -> (MessageBody, Vec<Upload>) {
    let mut data = MessageBody {
        allowed_mentions: AllowedMentions {
            parse: Vec::new(),
            users: message.mentions.clone(),
        },
        attachments: Vec::new(),
        components: components(&message.buttons),
        content: message.content.clone(),
        flags: (with_flags && message.ephemeral).then_some(MessageFlags::EPHEMERAL),
    };
    let mut files = Vec::new();
    if let Some(file) = &message.file {
        data.attachments.push(Attachment {
            filename: file.name.clone(),
            id: 0,
        });
        files.push(file.clone());
    }
    (data, files)
}

#[cfg(test)]
mod tests {
    use super::super::format::plan;
    use super::*;
    use crate::bot::Outgoing;
    use serde_json::{Value, json};

    fn button(label: &str, command: &str) -> Button {
        Button::new(label, command)
    }

    /// What goes over the wire.
    fn wire(body: impl Serialize) -> Value {
        serde_json::to_value(body).expect("a payload is JSON")
    }

    #[test]
    fn buttons_fit_discords_rows_and_ids() {
        let mut buttons: Vec<Button> = (0..30)
            .map(|i| button("b", &format!("place {i}")))
            .collect();
        buttons.push(button("long", &"x".repeat(101)));
        buttons.insert(1, button("again", "place 0"));
        let rows = wire(components(&buttons));
        let rows = rows.as_array().expect("rows");
        assert_eq!(rows.len(), 5);
        assert!(
            rows.iter()
                .all(|r| r["components"].as_array().map(Vec::len) == Some(5))
        );
        assert_eq!(rows[0]["components"][1]["custom_id"], "place 1");
    }

    #[test]
    fn replies_become_messages() {
        let mut private = Outgoing::text("only you");
        private.private = true;
        let replies = vec![
            Outgoing::image(vec![1], "c".repeat(2500)).with_buttons(vec![button("A", "accept 1")]),
            private,
        ];
        let messages = plan(&replies, false);
        assert_eq!(messages.len(), 3);
        assert!(messages[0].file.is_some() && messages[0].buttons.is_empty());
        assert!(messages[1].file.is_none() && messages[1].buttons.len() == 1);
        assert!(messages[2].ephemeral);
        let (data, files) = payload(&messages[0], true);
        let data = wire(data);
        assert_eq!(
            data["attachments"][0]["filename"],
            super::super::format::PICTURE_NAME
        );
        assert_eq!(files.len(), 1);
        assert!(data.get("flags").is_none());
        assert_eq!(
            wire(payload(&messages[2], true).0)["flags"],
            MessageFlags::EPHEMERAL.0
        );
    }

    #[test]
    fn a_file_is_attached_under_its_own_name() {
        let messages = plan(
            &[Outgoing::file(
                "kibitz-4.txt",
                b"Game: x".to_vec(),
                "the record",
            )],
            false,
        );
        assert_eq!(messages.len(), 1);
        let (data, files) = payload(&messages[0], true);
        assert_eq!(wire(data)["attachments"][0]["filename"], "kibitz-4.txt");
        assert_eq!(files[0].name, "kibitz-4.txt");
        assert_eq!(files[0].bytes, b"Game: x");
    }

    #[test]
    fn typed_payloads_are_the_bodies_they_replace() {
        // The bodies as the adapter wrote them with `json!` before they were typed.
        let message = Message {
            content: "hi".into(),
            file: Some(Upload {
                name: "board.png".to_string(),
                bytes: vec![1],
            }),
            buttons: vec![button("Accept", "accept 1")],
            ephemeral: true,
            mentions: Vec::new(),
            opens_thread: None,
            in_parent: false,
        };
        let (data, _) = payload(&message, true);
        let old = json!({
            "content": "hi",
            "components": [{"type": 1, "components": [
                {"type": 2, "style": 1, "label": "Accept", "custom_id": "accept 1"}]}],
            "allowed_mentions": {"parse": []},
            "flags": 64,
            "attachments": [{"id": 0, "filename": "board.png"}],
        });
        let reply = InteractionResponse::message(data);
        let old_reply = json!({"type": 4, "data": old});
        assert_eq!(
            serde_json::to_string(&reply).ok(),
            Some(old_reply.to_string())
        );
        let plain = Message {
            file: None,
            buttons: Vec::new(),
            ..message
        };
        assert_eq!(
            serde_json::to_string(&payload(&plain, false).0).ok(),
            Some(
                json!({"content": "hi", "components": [], "allowed_mentions": {"parse": []}})
                    .to_string()
            )
        );
        assert_eq!(
            serde_json::to_string(&InteractionResponse::deferred_privately()).ok(),
            Some(json!({"type": 5, "data": {"flags": 64}}).to_string())
        );
        let choices = InteractionResponse::choices(vec![
            Choice::number("#4 knight-fight".into(), 4),
            Choice::text("d3".into()),
        ]);
        assert_eq!(
            serde_json::to_string(&choices).ok(),
            Some(
                json!({"type": 8, "data": {"choices": [
                    {"name": "#4 knight-fight", "value": 4}, {"name": "d3", "value": "d3"}]}})
                .to_string()
            )
        );
    }
}
