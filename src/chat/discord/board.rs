//! The board app on Discord. A game's picture carries a Board button; pressing it opens the
//! Activity in the channel (`LAUNCH_ACTIVITY`, where the application has Activities), or
//! else answers the presser alone with a link to the page that opens a session for them
//! (a launch ticket, good for [`LAUNCH_MS`]). Moves tapped on the board come back as board
//! lines: handled as the player's typed line in the game's channel, the replies posted there.

use super::Core;
use super::channel_post::ChannelPoster;
use super::config::DiscordBoard;
use super::payload::{InteractionResponse, LaunchActivity, MessageBody, link_row};
use super::translate::user_info;
use crate::bot::schedule::Poster;
use crate::bot::{BoardOpens, Incoming, Outgoing, Platform, msg};
use crate::chat::board::{BoardInbox, BoardLine, LAUNCH_MS, Session};
use reqwest::Method;
use serenity::all::ComponentInteraction;
use std::sync::Arc;

impl Core {
    /// Answers a Board button: the Activity launched, or the presser's own link.
    /// A puzzle is its player's alone, and an Activity opens on no game of its own: a
    /// puzzle's button always answers with the link.
    pub(super) async fn answer_board_press(&self, press: &ComponentInteraction, opens: BoardOpens) {
        let callback = format!("/interactions/{}/{}/callback", press.id, press.token);
        let locale = Some(press.locale.as_str());
        let activity = matches!(opens, BoardOpens::Game(_))
            && self.board.as_ref().is_some_and(|board| board.activity);
        let answered = if activity {
            let launch = LaunchActivity::new();
            self.rest
                .call("board press", Method::POST, &callback, &launch, &[])
                .await
        } else {
            let body = match &self.board {
                Some(DiscordBoard {
                    page: Some(page),
                    key,
                    ..
                }) => {
                    let ticket = key.sign(&self.launch_ticket(press));
                    let mut link = page.clone();
                    let (name, value) = opens.query();
                    link.query_pairs_mut().clear().append_pair(name, &value);
                    link.set_fragment(Some(&format!("launch={ticket}")));
                    let language = self.service.language_for(locale);
                    let text = match opens {
                        BoardOpens::Game(game) => self
                            .service
                            .say(language, &msg("discord-board-link").with("game", game.0)),
                        BoardOpens::Puzzle(_) => {
                            self.service.phrase(locale, "discord-board-link-puzzle")
                        }
                    };
                    let label = self.service.phrase(locale, "button-open-board");
                    MessageBody::private_with(text, link_row(label, link.to_string()))
                }
                _ => MessageBody::private_with(
                    self.service.phrase(locale, "board-not-set-up"),
                    Vec::new(),
                ),
            };
            let answer = InteractionResponse::message(body);
            self.rest
                .call("board press", Method::POST, &callback, &answer, &[])
                .await
        };
        match answered {
            Ok(_) => tracing::info!(opens = %opens.param(), activity, "board button answered"),
            Err(fault) => {
                tracing::warn!(%fault, opens = %opens.param(), "board button not answered")
            }
        }
    }

    /// The presser's launch ticket: who they are, as Discord said with the press.
    fn launch_ticket(&self, press: &ComponentInteraction) -> Session {
        let nick = press.member.as_ref().and_then(|m| m.nick.as_deref());
        let user = user_info(&press.user, nick);
        Session {
            platform: Platform::Discord,
            user: user.id,
            name: user.name,
            handle: user.handle,
            language: Some(press.locale.clone()),
            expires_ms: self.service.now().millis() + LAUNCH_MS,
            launch: true,
        }
    }
}

/// Answers the board's lines for Discord channels as they come, until `stop` is raised;
/// those in hand then finish.
pub(super) async fn board_rounds(
    core: Arc<Core>,
    inbox: BoardInbox,
    stop: crate::chat::shared::Shutdown,
) {
    inbox
        .answer_each(&stop, |line| on_board_line(core.clone(), line))
        .await;
}

/// Handles one board line (its move committed by the service) and posts its public replies
/// in the game's channel, or thread; the page is answered with all of them.
async fn on_board_line(core: Arc<Core>, line: BoardLine) {
    let _working = core.in_flight.begin();
    let replies = core.service.handle(&line.incoming).await;
    let public: Vec<Outgoing> = replies.iter().filter(|r| !r.private).cloned().collect();
    if let Err(fault) = ChannelPoster(core.clone())
        .post(&channel_of(&line.incoming), public)
        .await
    {
        tracing::warn!(%fault, chat = %line.incoming.chat.id, "a board line's replies are lost");
    }
    // The page may have gone: nothing to tell it then.
    let _ = line.answer.send(replies);
}

/// Where a line's replies go: the channel, or `channel/thread` for a game in a thread.
fn channel_of(incoming: &Incoming) -> String {
    match &incoming.chat.thread {
        Some(thread) => format!("{}/{thread}", incoming.chat.id),
        None => incoming.chat.id.clone(),
    }
}
