//! The service's replies as Telegram sends: texts split under the limits, spoilers as
//! entities, buttons as inline keyboards (the daily's as a deep link in groups).

use super::delivery::{Delivery, KeyButton};
use super::links::ChatLinks;
use super::translate::PressedMessage;
use crate::bot::{Body, Button, Live, Mention, Outgoing, Pressed};
use crate::chat::shared::{Unit, split_text};
use std::ops::Range;
use teloxide::types::{
    InlineKeyboardButton, InlineKeyboardMarkup, MessageEntity, User, UserId, WebAppInfo,
};

/// Telegram's limits, counted in UTF-16 code units.
const TEXT_LIMIT: usize = 4096;
const CAPTION_LIMIT: usize = 1024;
/// Callback data is 1-64 bytes.
const CALLBACK_DATA_LIMIT: usize = 64;
const BUTTONS_PER_ROW: usize = 4;

fn utf16_len(text: &str) -> usize {
    Unit::Utf16.count(text)
}

/// The parts of `spoilers` inside `piece`, counted from the piece's start.
fn spoilers_within(spoilers: &[Range<usize>], piece: &Range<usize>) -> Vec<(usize, usize)> {
    spoilers
        .iter()
        .filter_map(|spoiler| {
            let start = spoiler.start.max(piece.start);
            let end = spoiler.end.min(piece.end);
            (start < end).then(|| (start - piece.start, end - piece.start))
        })
        .collect()
}

/// The mentions of `mentions` inside `piece`, counted from the piece's start, with the
/// user's Telegram id; a mention cut by the piece's end is left out (a name split across
/// two messages would mention nobody well), as is a user id that is not Telegram's.
fn mentions_within(mentions: &[Mention], piece: &Range<usize>) -> Vec<(usize, usize, u64)> {
    mentions
        .iter()
        .filter(|m| piece.start <= m.range.start && m.range.end <= piece.end)
        .filter_map(|m| {
            let user = m.user.parse::<u64>().ok()?;
            Some((m.range.start - piece.start, m.range.end - piece.start, user))
        })
        .collect()
}

/// The buttons Telegram can carry, in rows; a command too long for callback data is left
/// out (typing it still works). In a group, a button the service marks as played in private
/// (the daily's, a game puzzle's answer) is the deep link into the private chat where it is
/// played ([`ChatLinks::start`]).
///
/// A reply showing a game gets the board app's button last, where the board is served.
pub(super) fn keyboard(reply: &Outgoing, links: Option<&ChatLinks>) -> Vec<Vec<KeyButton>> {
    let buttons: &[Button] = &reply.buttons;
    let start = |button: &Button| {
        let word = button.private_start.as_deref()?;
        links?.start(word)
    };
    let mut fitting: Vec<KeyButton> = buttons
        .iter()
        .filter_map(|button| match start(button) {
            Some(link) => Some(KeyButton {
                label: button.label.clone(),
                data: String::new(),
                url: Some(link),
                web_app: None,
            }),
            _ => {
                let fits = (1..=CALLBACK_DATA_LIMIT).contains(&button.command.len());
                if !fits {
                    tracing::warn!(
                        bytes = button.command.len(),
                        "button left out: its command does not fit Telegram's callback data"
                    );
                }
                (fits && !button.label.trim().is_empty()).then(|| KeyButton {
                    label: button.label.clone(),
                    data: button.command.clone(),
                    url: None,
                    web_app: None,
                })
            }
        })
        .collect();
    if let Some(board) = &reply.board
        && let Some(key) = links.and_then(|links| links.board(board.opens, &board.label))
    {
        fitting.push(key);
    }
    fitting
        .chunks(BUTTONS_PER_ROW)
        .map(<[KeyButton]>::to_vec)
        .collect()
}

/// The spoiler and mention entities of `text` for the byte ranges the service marked;
/// nothing a user typed (a name with `||` or `@` in it) becomes one. Offsets count UTF-16
/// code units.
pub(super) fn entities(
    text: &str,
    spoilers: &[(usize, usize)],
    mentions: &[(usize, usize, u64)],
) -> Vec<MessageEntity> {
    let span = |start: usize, end: usize| -> Option<(usize, usize)> {
        let offset = utf16_len(text.get(..start)?);
        let length = utf16_len(text.get(start..end)?);
        (length > 0).then_some((offset, length))
    };
    let spoilers = spoilers.iter().filter_map(|&(start, end)| {
        let (offset, length) = span(start, end)?;
        Some(MessageEntity::spoiler(offset, length))
    });
    let mentions = mentions.iter().filter_map(|&(start, end, user)| {
        let (offset, length) = span(start, end)?;
        let name = text.get(start..end)?.to_string();
        Some(MessageEntity::text_mention(
            mentioned(user, name),
            offset,
            length,
        ))
    });
    spoilers.chain(mentions).collect()
}

/// The user a text mention names: Telegram reads only the id.
fn mentioned(id: u64, first_name: String) -> User {
    User {
        id: UserId(id),
        is_bot: false,
        first_name,
        last_name: None,
        username: None,
        language_code: None,
        is_premium: false,
        added_to_attachment_menu: false,
    }
}

/// The sends one reply needs: to the chat it came from, or to the user's private chat
/// (whose id is the user's id) when it is private.
pub(super) fn plan(
    reply: &Outgoing,
    chat: i64,
    user: i64,
    thread: Option<i32>,
    links: Option<&ChatLinks>,
) -> Vec<(Delivery, Option<Vec<u8>>)> {
    let target = if reply.private { user } else { chat };
    // A private reply goes to the user's own chat, which has no topics.
    let thread = thread.filter(|_| !reply.private);
    let keys = keyboard(reply, links);
    let texts = |text: &str, keys: Vec<Vec<KeyButton>>| -> Vec<(Delivery, Option<Vec<u8>>)> {
        let pieces = split_text(text, TEXT_LIMIT, Unit::Utf16);
        let last = pieces.len().saturating_sub(1);
        pieces
            .into_iter()
            .enumerate()
            .map(|(index, piece)| {
                let keyboard = if index == last {
                    keys.clone()
                } else {
                    Vec::new()
                };
                (
                    Delivery::Text {
                        chat: target,
                        text: text[piece.clone()].to_string(),
                        keyboard,
                        spoilers: spoilers_within(&reply.spoilers, &piece),
                        mentions: mentions_within(&reply.mentions, &piece),
                        thread,
                    },
                    None,
                )
            })
            .collect()
    };
    match (&reply.body, &reply.live) {
        (Body::Text(text), Some(Live::Start(name))) if utf16_len(text) <= TEXT_LIMIT => vec![(
            Delivery::LiveText {
                chat: target,
                name: name.clone(),
                text: text.clone(),
                thread,
            },
            None,
        )],
        (Body::Text(text), Some(Live::Update(name))) if utf16_len(text) <= TEXT_LIMIT => vec![(
            Delivery::LiveEdit {
                chat: target,
                name: name.clone(),
                text: text.clone(),
            },
            None,
        )],
        _ => plan_body(reply, target, thread, keys, texts),
    }
}

/// The sends of a reply's body as it is (no message to edit).
fn plan_body(
    reply: &Outgoing,
    target: i64,
    thread: Option<i32>,
    keys: Vec<Vec<KeyButton>>,
    texts: impl Fn(&str, Vec<Vec<KeyButton>>) -> Vec<(Delivery, Option<Vec<u8>>)>,
) -> Vec<(Delivery, Option<Vec<u8>>)> {
    match &reply.body {
        Body::Text(text) => texts(text, keys),
        Body::Image { png, caption } if utf16_len(caption) <= CAPTION_LIMIT => vec![(
            Delivery::Photo {
                chat: target,
                caption: caption.clone(),
                keyboard: keys,
                spoilers: spoilers_within(&reply.spoilers, &(0..caption.len())),
                mentions: mentions_within(&reply.mentions, &(0..caption.len())),
                thread,
            },
            Some(png.clone()),
        )],
        Body::Image { png, caption } => {
            let mut sends = vec![(
                Delivery::Photo {
                    chat: target,
                    caption: String::new(),
                    keyboard: Vec::new(),
                    spoilers: Vec::new(),
                    mentions: Vec::new(),
                    thread,
                },
                Some(png.clone()),
            )];
            sends.extend(texts(caption, keys));
            sends
        }
        Body::File {
            name,
            bytes,
            caption,
        } => {
            // A caption too long for one (never the service's own) follows as text.
            let fits = utf16_len(caption) <= CAPTION_LIMIT;
            let mut sends = vec![(
                Delivery::File {
                    chat: target,
                    name: name.clone(),
                    caption: if fits { caption.clone() } else { String::new() },
                    animation: reply.body.is_animation(),
                    thread,
                },
                Some(bytes.clone()),
            )];
            if !fits {
                sends.extend(texts(caption, keys));
            }
            sends
        }
    }
}
/// The sends of the first reply to a button press, which says what becomes of the pressed
/// message (`Outgoing::pressed`): the reply is put in its place where Telegram can edit it
/// so (a picture for a picture, a text that fits one message for a text, in the same chat),
/// else the message's buttons are taken off and the reply is sent as usual.
pub(super) fn plan_pressed(
    reply: &Outgoing,
    pressed: PressedMessage,
    chat: i64,
    user: i64,
    thread: Option<i32>,
    links: Option<&ChatLinks>,
) -> Vec<(Delivery, Option<Vec<u8>>)> {
    let message = pressed.id;
    let same_chat = !reply.private || chat == user;
    if reply.pressed == Pressed::Replaced && same_chat {
        let keyboard = keyboard(reply, links);
        match &reply.body {
            Body::Image { png, caption }
                if pressed.photo && utf16_len(caption) <= CAPTION_LIMIT =>
            {
                return vec![(
                    Delivery::EditPhoto {
                        chat,
                        message,
                        caption: caption.clone(),
                        keyboard,
                        spoilers: spoilers_within(&reply.spoilers, &(0..caption.len())),
                        mentions: mentions_within(&reply.mentions, &(0..caption.len())),
                        thread,
                    },
                    Some(png.clone()),
                )];
            }
            Body::Text(text)
                if !pressed.photo && !text.trim().is_empty() && utf16_len(text) <= TEXT_LIMIT =>
            {
                return vec![(
                    Delivery::EditText {
                        chat,
                        message,
                        text: text.clone(),
                        keyboard,
                        spoilers: spoilers_within(&reply.spoilers, &(0..text.len())),
                        mentions: mentions_within(&reply.mentions, &(0..text.len())),
                        thread,
                    },
                    None,
                )];
            }
            _ => {}
        }
    }
    let mut sends = Vec::new();
    if reply.pressed != Pressed::Kept {
        sends.push((Delivery::ClearKeyboard { chat, message }, None));
    }
    sends.extend(plan(reply, chat, user, thread, links));
    sends
}

pub(super) fn markup(keyboard: &[Vec<KeyButton>]) -> Option<InlineKeyboardMarkup> {
    if keyboard.is_empty() {
        return None;
    }
    Some(InlineKeyboardMarkup::new(keyboard.iter().map(|row| {
        row.iter()
            .map(|key| {
                let parsed =
                    |link: &Option<String>| link.as_deref().and_then(|u| url::Url::parse(u).ok());
                match (parsed(&key.web_app), parsed(&key.url)) {
                    (Some(page), _) => {
                        InlineKeyboardButton::web_app(key.label.clone(), WebAppInfo { url: page })
                    }
                    (None, Some(link)) => InlineKeyboardButton::url(key.label.clone(), link),
                    (None, None) => {
                        InlineKeyboardButton::callback(key.label.clone(), key.data.clone())
                    }
                }
            })
            .collect::<Vec<_>>()
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chat::telegram::links::chat_links;

    fn button(label: &str, command: &str) -> Button {
        Button::new(label, command)
    }

    /// The kinds of sends, in order, as short names.
    fn kinds(sends: &[(Delivery, Option<Vec<u8>>)]) -> Vec<&'static str> {
        sends
            .iter()
            .map(|(delivery, _)| match delivery {
                Delivery::Text { .. } => "text",
                Delivery::Photo { .. } => "photo",
                Delivery::EditPhoto { .. } => "edit photo",
                Delivery::EditText { .. } => "edit text",
                Delivery::ClearKeyboard { .. } => "clear keyboard",
                Delivery::Answer { .. } => "answer",
                Delivery::File { .. } => "file",
                Delivery::LiveText { .. } => "live text",
                Delivery::LiveEdit { .. } => "live edit",
            })
            .collect()
    }

    #[test]
    fn a_live_text_is_kept_by_name_and_edited_by_it_in_its_chat() {
        let mut start = Outgoing::text("Analysing… 10 %");
        start.live = Some(Live::Start("analysis:3".into()));
        let sends = plan(&start, -5, 7, Some(4), None);
        assert_eq!(kinds(&sends), ["live text"]);
        assert!(matches!(
            &sends[0].0,
            Delivery::LiveText { chat: -5, name, thread: Some(4), .. } if name == "analysis:3"
        ));
        let mut update = Outgoing::text("Analysing… 40 %");
        update.live = Some(Live::Update("analysis:3".into()));
        let sends = plan(&update, -5, 7, Some(4), None);
        assert!(matches!(
            &sends[0].0,
            Delivery::LiveEdit { chat: -5, name, text } if name == "analysis:3" && text.ends_with("40 %")
        ));
        // Too long for one message: no message to edit, sent as usual.
        let mut long = Outgoing::text("x".repeat(TEXT_LIMIT + 1));
        long.live = Some(Live::Start("analysis:3".into()));
        assert_eq!(kinds(&plan(&long, -5, 7, None, None)), ["text", "text"]);
    }

    #[test]
    fn a_press_edits_its_message_where_telegram_can() {
        const GROUP: i64 = -5;
        const USER: i64 = 7;
        let photo = PressedMessage {
            id: 40,
            photo: true,
        };
        let text = PressedMessage {
            id: 41,
            photo: false,
        };
        let page = |pressed| {
            let mut reply = Outgoing::image(vec![1, 2], "Page 2 of 2")
                .with_buttons(vec![button("‹", "leaderboard kf all 1")]);
            reply.pressed = pressed;
            reply
        };
        let sends = plan_pressed(&page(Pressed::Replaced), photo, GROUP, USER, None, None);
        assert_eq!(kinds(&sends), ["edit photo"]);
        let (
            Delivery::EditPhoto {
                chat,
                message,
                caption,
                keyboard,
                ..
            },
            Some(png),
        ) = &sends[0]
        else {
            panic!("{sends:?}");
        };
        assert_eq!(
            (*chat, *message, caption.as_str()),
            (GROUP, 40, "Page 2 of 2")
        );
        assert_eq!((keyboard.len(), png.as_slice()), (1, [1u8, 2].as_slice()));
        // A picture where a text stood: the text's buttons go, the picture is sent.
        let sends = plan_pressed(&page(Pressed::Replaced), text, GROUP, USER, None, None);
        assert_eq!(kinds(&sends), ["clear keyboard", "photo"]);
        let mut answer = Outgoing::text("Bob declines.");
        answer.pressed = Pressed::Replaced;
        let sends = plan_pressed(&answer, text, GROUP, USER, None, None);
        assert_eq!(kinds(&sends), ["edit text"]);
        // A private reply never takes the place of a group's message.
        answer.private = true;
        let sends = plan_pressed(&answer, text, GROUP, USER, None, None);
        assert_eq!(kinds(&sends), ["clear keyboard", "text"]);
        assert!(matches!(sends[1].0, Delivery::Text { chat: USER, .. }));
        // In the private chat (the daily's rack) it does.
        let sends = plan_pressed(&answer, text, USER, USER, None, None);
        assert_eq!(kinds(&sends), ["edit text"]);
        // A move's picture: the used buttons go, the new picture is a new message.
        let sends = plan_pressed(&page(Pressed::Spent), photo, GROUP, USER, None, None);
        assert_eq!(kinds(&sends), ["clear keyboard", "photo"]);
        let sends = plan_pressed(&page(Pressed::Kept), photo, GROUP, USER, None, None);
        assert_eq!(kinds(&sends), ["photo"]);
    }

    /// The pieces `split_text` cuts `text` into.
    fn pieces(text: &str, limit: usize) -> Vec<&str> {
        split_text(text, limit, Unit::Utf16)
            .into_iter()
            .map(|range| &text[range])
            .collect()
    }

    #[test]
    fn a_replay_is_an_animation_and_a_record_a_document_with_their_bytes() {
        let replay = Outgoing::file("kibitz-3.gif", b"GIF89a".to_vec(), "the replay");
        let record = Outgoing::file("kibitz-3.pgn", b"[Event]".to_vec(), "c".repeat(1500));
        match plan(&replay, -7, 5, Some(9), None).as_slice() {
            [
                (
                    Delivery::File {
                        chat: -7,
                        name,
                        caption,
                        animation: true,
                        thread: Some(9),
                    },
                    Some(bytes),
                ),
            ] => {
                assert_eq!(
                    (name.as_str(), caption.as_str()),
                    ("kibitz-3.gif", "the replay")
                );
                assert_eq!(bytes, b"GIF89a");
            }
            other => panic!("{other:?}"),
        }
        // A caption too long for a file follows as a text.
        match plan(&record, -7, 5, None, None).as_slice() {
            [
                (
                    Delivery::File {
                        animation: false,
                        caption,
                        ..
                    },
                    Some(_),
                ),
                (Delivery::Text { text, .. }, None),
            ] => {
                assert!(caption.is_empty());
                assert_eq!(text.len(), 1500);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn long_texts_split_between_lines_under_the_limit() {
        let line = "x".repeat(1000);
        let text = [line.as_str(); 9].join("\n");
        let pieces = pieces(&text, TEXT_LIMIT);
        assert_eq!(pieces.len(), 3);
        assert!(pieces.iter().all(|p| utf16_len(p) <= TEXT_LIMIT));
        assert_eq!(pieces.join("\n"), text);
        // One endless line of wide characters is cut at character boundaries.
        let wide = "𝄞 ".repeat(3000);
        let cut = super::tests::pieces(&wide, TEXT_LIMIT);
        assert!(cut.iter().all(|p| utf16_len(p) <= TEXT_LIMIT));
        assert_eq!(cut.concat().replace(' ', ""), wide.replace(' ', ""));
        assert!(split_text("  \n ", TEXT_LIMIT, Unit::Utf16).is_empty());
    }

    #[test]
    fn replies_become_sends() {
        let reply = Outgoing::text("hello").with_buttons(vec![
            button("Accept", "accept 1"),
            button("Too long", &"x".repeat(65)),
        ]);
        let sends = plan(&reply, -100, 7, None, None);
        assert_eq!(
            sends,
            vec![(
                Delivery::Text {
                    chat: -100,
                    text: "hello".into(),
                    keyboard: vec![vec![KeyButton {
                        label: "Accept".into(),
                        data: "accept 1".into(),
                        url: None,
                        web_app: None,
                    }]],
                    spoilers: Vec::new(),
                    mentions: Vec::new(),
                    thread: None,
                },
                None
            )]
        );
        let mut private = Outgoing::text("secret");
        private.private = true;
        assert!(matches!(
            plan(&private, -100, 7, None, None)[0].0,
            Delivery::Text { chat: 7, .. }
        ));
        let short = Outgoing::image(vec![1, 2], "caption");
        assert!(matches!(
            &plan(&short, -100, 7, None, None)[..],
            [(Delivery::Photo { caption, .. }, Some(_))] if caption == "caption"
        ));
        let long = Outgoing::image(vec![1, 2], "c".repeat(2000))
            .with_buttons(vec![button("Accept draw", "draw 1")]);
        let sends = plan(&long, -100, 7, None, None);
        assert_eq!(sends.len(), 2);
        assert!(
            matches!(&sends[0].0, Delivery::Photo { caption, keyboard, .. }
            if caption.is_empty() && keyboard.is_empty())
        );
        assert!(matches!(&sends[1].0, Delivery::Text { keyboard, .. } if keyboard.len() == 1));
    }

    #[test]
    // One spoiler is a one-range list, not a range taken for a list of numbers.
    #[allow(clippy::single_range_in_vec_init)]
    fn only_marked_spoilers_become_entities() {
        // Offsets count UTF-16 units: the ë and the emoji before the spoiler move it.
        let text = "Top: Zoë 🦊 a||b||c\nSolution: Nf3 Qd4!";
        let at = text.find("Nf3").unwrap();
        let mut post = Outgoing::text(text);
        post.spoilers = vec![at..at + "Nf3 Qd4".len()];
        let sends = plan(&post, -100, 7, None, None);
        let [
            (
                Delivery::Text {
                    text: sent,
                    spoilers,
                    ..
                },
                None,
            ),
        ] = &sends[..]
        else {
            panic!("{sends:?}");
        };
        assert_eq!(sent, text, "the text goes as it is");
        assert_eq!(
            entities(sent, spoilers, &[]),
            vec![MessageEntity::spoiler(30, 7)],
            "the name's bars are no spoiler"
        );
        assert!(entities("a ||b|| c", &[], &[]).is_empty());
        // A spoiler in a text split in two lands in the piece that holds it.
        let long = format!("{}\nSecret: xyz", "w".repeat(TEXT_LIMIT - 5));
        let mut split = Outgoing::text(long.clone());
        let at = long.find("xyz").unwrap();
        split.spoilers = vec![at..at + 3];
        let sends = plan(&split, -100, 7, None, None);
        assert!(matches!(&sends[..], [
            (Delivery::Text { spoilers: first, .. }, None),
            (Delivery::Text { text, spoilers: second, .. }, None),
        ] if first.is_empty() && text == "Secret: xyz" && second == &[(8, 11)]));
        // What an older version queued (no spoilers field) still reads.
        let old: Delivery =
            serde_json::from_str(r#"{"send":"text","chat":1,"text":"hi","keyboard":[]}"#).unwrap();
        assert!(matches!(old, Delivery::Text { spoilers, .. } if spoilers.is_empty()));
        // A daily button in a group becomes the deep link; elsewhere it stays a command.
        let daily = Outgoing::text("").with_buttons(vec![Button::daily("Play")]);
        let link = chat_links("kibitz_bot", -100, None);
        assert_eq!(
            keyboard(&daily, Some(&link))[0][0].url.as_deref(),
            Some("https://t.me/kibitz_bot?start=daily_-100")
        );
        let answer = Outgoing::text("").with_buttons(vec![Button::in_private(
            "Answer",
            "daily glacier",
            "puzzle-glacier",
        )]);
        assert_eq!(
            keyboard(&answer, Some(&link))[0][0].url.as_deref(),
            Some("https://t.me/kibitz_bot?start=puzzle-glacier_-100")
        );
        assert_eq!(keyboard(&answer, None)[0][0].data, "daily glacier");
        let private = chat_links("kibitz_bot", 7, None);
        assert_eq!(
            keyboard(&answer, Some(&private))[0][0].data,
            "daily glacier"
        );
    }

    #[test]
    fn a_game_picture_ends_its_keyboard_with_the_board_button_as_a_web_app() {
        use crate::bot::BoardButton;
        use crate::chat::telegram::BoardLinks;
        let mut picture =
            Outgoing::image(vec![1], "Game #12").with_buttons(vec![button("Resign", "resign")]);
        picture.board = Some(BoardButton {
            opens: crate::bot::BoardOpens::Game(crate::store::GameId(12)),
            label: "Open board".to_string(),
        });
        let board = BoardLinks::new("https://bot.example.org/app/", None).unwrap();
        let keys = keyboard(&picture, Some(&chat_links("kibitz_bot", 7, Some(&board))));
        let json = serde_json::to_value(markup(&keys).unwrap()).unwrap();
        assert_eq!(json["inline_keyboard"][0][0]["callback_data"], "resign");
        assert_eq!(
            json["inline_keyboard"][0][1]["web_app"]["url"],
            "https://bot.example.org/app/?game=12"
        );
        assert_eq!(keyboard(&picture, None).concat().len(), 1);
    }

    #[test]
    fn a_mention_is_a_text_mention_of_its_user_counted_in_utf16() {
        let caption = "🎉 Game #1 · Zoë to move";
        let at = caption.find("Zoë").unwrap();
        let mut reply = Outgoing::image(vec![1], caption);
        reply.mentions = vec![Mention {
            range: at..at + "Zoë".len(),
            user: "22".to_string(),
        }];
        let sends = plan(&reply, -100, 7, None, None);
        let Delivery::Photo { mentions, .. } = &sends[0].0 else {
            panic!("a photo");
        };
        assert_eq!(mentions, &[(at, at + "Zoë".len(), 22)]);
        let found = entities(caption, &[], mentions);
        assert_eq!(found.len(), 1);
        // The emoji is two UTF-16 units: "🎉 Game #1 · " is 13.
        assert_eq!((found[0].offset, found[0].length), (13, 3));
        assert!(
            matches!(&found[0].kind, teloxide::types::MessageEntityKind::TextMention { user } if user.id.0 == 22)
        );
        // A user id that is not Telegram's mentions nobody.
        reply.mentions[0].user = "kibitz:computer".to_string();
        let sends = plan(&reply, -100, 7, None, None);
        let Delivery::Photo { mentions, .. } = &sends[0].0 else {
            panic!("a photo");
        };
        assert!(mentions.is_empty());
    }
}
