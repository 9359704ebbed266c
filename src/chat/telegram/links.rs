//! Where a Telegram chat's link buttons lead: a group's private-play buttons into the
//! private chat, and a game's board button into the board app.

use super::config::BoardLinks;
use super::delivery::KeyButton;
use crate::bot::BoardOpens;

/// Where a chat's link buttons lead: a group's private-play buttons into the private chat
/// (`?start=<word>_<group>`, which starts what the word names there, counted for the group),
/// and a game's board button into the board app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ChatLinks {
    bot_name: String,
    chat: i64,
    board: Option<BoardLinks>,
}

impl ChatLinks {
    /// The link that starts `word` (`daily`, `puzzle-glacier`) in private for the group;
    /// none outside a group or without the bot's name.
    pub(super) fn start(&self, word: &str) -> Option<String> {
        (self.chat < 0 && !self.bot_name.is_empty())
            .then(|| format!("https://t.me/{}?start={word}_{}", self.bot_name, self.chat))
    }

    /// The board app's button for game `game`: in a private chat a web app button opening
    /// the page on the game; in a group (where Telegram allows no web app buttons) the Mini
    /// App's direct link with the game as its start parameter. None where the board is not
    /// served, or in a group without the direct link.
    pub(super) fn board(&self, opens: BoardOpens, label: &str) -> Option<KeyButton> {
        let links = self.board.as_ref()?;
        let (url, web_app) = if self.chat > 0 {
            (None, Some(links.page_for(opens)))
        } else {
            (Some(links.direct_for(opens)?), None)
        };
        Some(KeyButton {
            label: label.to_string(),
            data: String::new(),
            url,
            web_app,
        })
    }
}

/// The links of `chat`'s buttons.
pub(super) fn chat_links(bot_name: &str, chat: i64, board: Option<&BoardLinks>) -> ChatLinks {
    ChatLinks {
        bot_name: bot_name.to_string(),
        chat,
        board: board.cloned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::GameId;

    #[test]
    fn a_games_board_button_is_a_web_app_in_private_and_the_direct_link_in_a_group() {
        let board = BoardLinks::new(
            "https://bot.example.org/app/",
            Some("https://t.me/kibitz_bot/board"),
        )
        .unwrap();
        // A private chat: a web app button on the page, the game in its query.
        let private = chat_links("kibitz_bot", 7, Some(&board));
        let key = private
            .board(BoardOpens::Game(GameId(12)), "Open board")
            .unwrap();
        assert_eq!(
            key.web_app.as_deref(),
            Some("https://bot.example.org/app/?game=12")
        );
        assert_eq!(
            (key.label.as_str(), key.url.as_deref()),
            ("Open board", None)
        );
        // A group: the Mini App's direct link with the game as its start parameter.
        let group = chat_links("kibitz_bot", -100, Some(&board));
        let key = group
            .board(BoardOpens::Game(GameId(12)), "Open board")
            .unwrap();
        assert_eq!(
            key.url.as_deref(),
            Some("https://t.me/kibitz_bot/board?startapp=g12")
        );
        assert_eq!(key.web_app, None);
        // No direct link set up: no button in a group; no board served: none anywhere.
        let page_only = BoardLinks::new("https://bot.example.org/app/", None).unwrap();
        let group = chat_links("kibitz_bot", -100, Some(&page_only));
        assert_eq!(
            group.board(BoardOpens::Game(GameId(12)), "Open board"),
            None
        );
        let served_nowhere = chat_links("kibitz_bot", 7, None);
        assert_eq!(
            served_nowhere.board(BoardOpens::Game(GameId(12)), "Open board"),
            None
        );
        assert!(BoardLinks::new("not a url", None).is_err());
    }
}
