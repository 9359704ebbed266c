//! The service's replies as Discord messages: escaped markdown with the service's spoilers,
//! split under the length limit, buttons on the last piece.

use super::rest::Upload;
use crate::bot::{BoardOpens, Body, Button, Mention, NewThread, Outgoing};
use crate::chat::shared::{Unit, split_text};
use std::ops::Range;

const CONTENT_LIMIT: usize = 2000;
/// The file name of a board picture.
pub(super) const PICTURE_NAME: &str = "board.png";

/// A Board button's `custom_id`: this, then the game's id. Never a command of the grammar:
/// the adapter answers the press itself (`board.rs`).
pub(super) const BOARD_PRESS: &str = "kibitz:board:";

/// What a pressed button's `custom_id` opens the board on, if it is a Board button.
pub(super) fn board_press(custom_id: &str) -> Option<BoardOpens> {
    BoardOpens::from_param(custom_id.strip_prefix(BOARD_PRESS)?)
}

/// One message to send, as Discord takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Message {
    pub(super) content: String,
    /// The picture or file it carries: `board.png`, or a record's or replay's own name.
    pub(super) file: Option<Upload>,
    pub(super) buttons: Vec<Button>,
    pub(super) ephemeral: bool,
    /// The users `content` mentions (`<@id>`), and only they, may be pinged.
    pub(super) mentions: Vec<String>,
    /// A thread for this game is to be opened off this message.
    pub(super) opens_thread: Option<NewThread>,
    /// For the channel a thread hangs off, not the thread the command came from.
    pub(super) in_parent: bool,
}

/// `text` as Discord markdown that shows it literally: every character that could start
/// formatting (emphasis, code, quotes, headings, lists, masked links, mentions) is escaped,
/// so a name like `[login](https://…)` or `**x**` reads as typed. The service's `spoilers`
/// (byte ranges) are the only formatting: `||…||`; and its mentions (a name's byte range
/// and its user) are written as Discord's `<@id>`, which shows the name and pings them.
pub(super) fn markdown(text: &str, spoilers: &[Range<usize>], mentions: &[Mention]) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8 + 4 * spoilers.len());
    let mut line_start = true;
    let mut digits = false;
    let mut inside: Option<usize> = None;
    for (index, c) in text.char_indices() {
        if inside.is_some_and(|end| index < end) {
            continue;
        }
        inside = None;
        if let Some(mention) = mentions
            .iter()
            .find(|m| m.range.start == index && m.range.start < m.range.end && discord_id(&m.user))
        {
            out.push_str(&format!("<@{}>", mention.user));
            inside = Some(mention.range.end);
            line_start = false;
            digits = false;
            continue;
        }
        if spoilers.iter().any(|s| s.end == index && s.start < s.end) {
            out.push_str("||");
        }
        if spoilers.iter().any(|s| s.start == index && s.start < s.end) {
            out.push_str("||");
        }
        let escape = match c {
            '\\' | '*' | '_' | '~' | '`' | '|' | '[' | ']' | '<' => true,
            // Block syntax counts only at the start of a line (after spaces).
            '#' | '>' | '-' | '+' => line_start,
            '.' | ')' => digits,
            _ => false,
        };
        if escape {
            out.push('\\');
        }
        out.push(c);
        digits = c.is_ascii_digit() && (line_start || digits);
        line_start = c == '\n' || (line_start && (c == ' ' || c == '\t'));
    }
    if spoilers
        .iter()
        .any(|s| s.end == text.len() && s.start < s.end)
    {
        out.push_str("||");
    }
    out
}

/// Whether `user` is a Discord user id (a snowflake), so that `<@user>` can be nothing else.
fn discord_id(user: &str) -> bool {
    !user.is_empty() && user.len() <= 20 && user.bytes().all(|b| b.is_ascii_digit())
}

/// The messages the replies need: long texts split, buttons on the last piece; with
/// `boards`, a game's picture has the Board button first.
pub(super) fn plan(replies: &[Outgoing], boards: bool) -> Vec<Message> {
    let mut messages = Vec::new();
    for reply in replies {
        let file = match &reply.body {
            Body::Text(_) => None,
            Body::Image { png, .. } => Some(Upload {
                name: PICTURE_NAME.to_string(),
                bytes: png.clone(),
            }),
            Body::File { name, bytes, .. } => Some(Upload {
                name: name.clone(),
                bytes: bytes.clone(),
            }),
        };
        let (text, spoilers) = reply.text_and_spoilers();
        let markdown = markdown(text, spoilers, &reply.mentions);
        let mentioned: Vec<String> = reply
            .mentions
            .iter()
            .filter(|m| discord_id(&m.user))
            .map(|m| m.user.clone())
            .collect();
        let mut pieces: Vec<String> = split_text(&markdown, CONTENT_LIMIT, Unit::Char)
            .into_iter()
            .map(|piece| markdown[piece].to_string())
            .collect();
        if pieces.is_empty() {
            pieces.push(String::new());
        }
        let last = pieces.len() - 1;
        let mut buttons = reply.buttons.clone();
        if let Some(board) = reply.board.as_ref().filter(|_| boards) {
            buttons.insert(
                0,
                Button::new(
                    board.label.clone(),
                    format!("{BOARD_PRESS}{}", board.opens.param()),
                ),
            );
        }
        for (index, content) in pieces.into_iter().enumerate() {
            if content.is_empty() && index == 0 && file.is_none() && reply.buttons.is_empty() {
                continue;
            }
            let mentions = mentioned
                .iter()
                .filter(|user| content.contains(&format!("<@{user}>")))
                .cloned()
                .collect();
            messages.push(Message {
                content,
                file: if index == 0 { file.clone() } else { None },
                buttons: if index == last {
                    buttons.clone()
                } else {
                    Vec::new()
                },
                ephemeral: reply.private,
                mentions,
                opens_thread: reply.opens_thread.clone().filter(|_| index == 0),
                in_parent: reply.in_parent,
            });
        }
    }
    messages
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pieces the shared `split_text` cuts `text` into, counted in characters.
    fn split_text(text: &str, limit: usize) -> Vec<String> {
        crate::chat::shared::split_text(text, limit, Unit::Char)
            .into_iter()
            .map(|range| text[range].to_string())
            .collect()
    }

    #[test]
    fn only_a_board_buttons_id_opens_a_board() {
        assert_eq!(
            board_press("kibitz:board:g12"),
            Some(BoardOpens::Game(crate::store::GameId(12)))
        );
        assert_eq!(board_press("kibitz:board:p7"), Some(BoardOpens::Puzzle(7)));
        assert_eq!(board_press("kibitz:board:"), None);
        assert_eq!(board_press("kibitz:board:12"), None);
        assert_eq!(board_press("kibitz:board:gx"), None);
        assert_eq!(board_press("move e4 #12"), None);
    }

    #[test]
    fn texts_split_under_the_limit() {
        let line = "x".repeat(900);
        let text = [line.as_str(); 5].join("\n");
        let pieces = split_text(&text, CONTENT_LIMIT);
        assert_eq!(pieces.len(), 3);
        assert!(pieces.iter().all(|p| p.chars().count() <= CONTENT_LIMIT));
        let endless = "é".repeat(4500);
        let pieces = split_text(&endless, CONTENT_LIMIT);
        assert_eq!(pieces.concat(), endless);
        assert!(split_text(" \n", CONTENT_LIMIT).is_empty());
    }

    #[test]
    // One spoiler is a one-range list, not a range taken for a list of numbers.
    #[allow(clippy::single_range_in_vec_init)]
    fn text_shows_as_written_and_only_marked_spoilers_hide() {
        assert_eq!(
            markdown(
                "[login](https://evil.example) **x** a||b||c `c` ~~s~~ <@1> _i_",
                &[],
                &[]
            ),
            r"\[login\](https://evil.example) \*\*x\*\* a\|\|b\|\|c \`c\` \~\~s\~\~ \<@1> \_i\_"
        );
        // Block syntax only where it starts a line.
        assert_eq!(
            markdown(
                "# big\n> quote\n - item\n12. x\nknight-fight #4 (1. e4)",
                &[],
                &[]
            ),
            "\\# big\n\\> quote\n \\- item\n12\\. x\nknight-fight #4 (1. e4)"
        );
        let text = "Solution: N c3 B d4";
        let at = text.find('N').unwrap();
        assert_eq!(
            markdown(text, &[at..text.len()], &[]),
            "Solution: ||N c3 B d4||"
        );
        assert_eq!(markdown("a_b c", &[2..3], &[]), r"a\_||b|| c");
        // A long line is never cut between a backslash and what it escapes.
        let stars = format!("a{}", "*".repeat(1500));
        let pieces = split_text(&markdown(&stars, &[], &[]), CONTENT_LIMIT);
        assert_eq!(pieces.len(), 2);
        assert!(pieces.iter().all(|p| !p.ends_with('\\')), "{pieces:?}");
        assert_eq!(pieces.concat(), format!("a{}", "\\*".repeat(1500)));
    }

    #[test]
    fn a_mention_becomes_discords_and_pings_only_its_user() {
        let text = "Bob_1 played d3.\nGame #1 · Al*ce to move";
        let at = text.find("Al*ce").unwrap();
        let mention = Mention {
            range: at..at + "Al*ce".len(),
            user: "1101".to_string(),
        };
        assert_eq!(
            markdown(text, &[], std::slice::from_ref(&mention)),
            "Bob\\_1 played d3.\nGame #1 · <@1101> to move"
        );
        // A user id that is not a snowflake is no mention: the name stays, escaped.
        let odd = Mention {
            user: "<@everyone>".to_string(),
            ..mention.clone()
        };
        assert_eq!(
            markdown(text, &[], &[odd]),
            "Bob\\_1 played d3.\nGame #1 · Al\\*ce to move"
        );
        let mut reply = Outgoing::text(text);
        reply.mentions = vec![mention];
        let planned = plan(&[reply], false);
        assert_eq!(planned[0].mentions, ["1101"]);
    }
}
