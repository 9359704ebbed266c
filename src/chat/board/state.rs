//! What the board's routes share: the service, the sessions' key and each platform's door
//! (where its board lines go, and what checks its launches); who asks (their session) and
//! what they may see; and how a line is said in a chat for them.

use super::discord_launch::DiscordApp;
use super::game_view::{GameView, game_view};
use super::session::{Session, SessionKey, TokenFault};
use super::{BoardLine, Outgoing};
use crate::bot::{Body, ChatInfo, Incoming, Platform, Service, UserInfo};
use crate::chat::shared::Secret;
use crate::games::AnyGame;
use crate::store::{ChatAddress, GameId, GameRecord};
use axum::Json;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Semaphore, mpsc, oneshot};

/// How long a said line may take to be answered before the page is told to look again.
const ANSWER_LIMIT: Duration = Duration::from_secs(15);

/// Where each platform's board lines go, and what checks a platform's launch.
#[derive(Clone, Default)]
pub struct BoardDoors {
    /// Telegram: the bot's token (it checks launch data) and the adapter's lines.
    pub(super) telegram: Option<(Secret, mpsc::Sender<BoardLine>)>,
    /// Discord: the adapter's lines, and the application an Activity's code is exchanged
    /// with (none where only board links are given out).
    pub(super) discord: Option<(Option<DiscordApp>, mpsc::Sender<BoardLine>)>,
}

impl BoardDoors {
    /// Telegram's door: its bot token and where its adapter takes board lines.
    pub fn with_telegram(
        mut self,
        token: impl Into<String>,
        lines: mpsc::Sender<BoardLine>,
    ) -> Self {
        self.telegram = Some((Secret::new(token), lines));
        self
    }

    /// Discord's door: where its adapter takes board lines, and the application that
    /// exchanges an Activity's codes (`None`: board links only).
    pub fn with_discord(mut self, app: Option<DiscordApp>, lines: mpsc::Sender<BoardLine>) -> Self {
        self.discord = Some((app, lines));
        self
    }

    /// Where `platform`'s board lines go, if the board speaks there.
    pub(super) fn lines(&self, platform: Platform) -> Option<&mpsc::Sender<BoardLine>> {
        match platform {
            Platform::Telegram => self.telegram.as_ref().map(|(_, lines)| lines),
            Platform::Discord => self.discord.as_ref().map(|(_, lines)| lines),
            Platform::Console => None,
        }
    }
}

/// What every route shares: the service, the sessions' key, the platforms' doors, and the
/// events streams' permits.
pub(super) struct Board {
    pub(super) service: Arc<Service>,
    pub(super) key: SessionKey,
    pub(super) doors: BoardDoors,
    pub(super) streams: Arc<Semaphore>,
    /// Raised when the process begins to stop: open events streams end, and their pages
    /// reconnect, to another process if there is one.
    pub(super) stop: tokio::sync::watch::Receiver<bool>,
}

/// Who asks: the session the request carries (`Authorization: Bearer`, or `?token=`),
/// refused with 401 before a route's own work begins.
pub(super) struct Viewer(pub(super) Session);

impl FromRequestParts<Arc<Board>> for Viewer {
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, board: &Arc<Board>) -> Result<Self, Refusal> {
        board.session(&parts.headers, &parts.uri).map(Viewer)
    }
}

/// A refusal: its status and its words (a catalogue key, in the viewer's language).
pub(super) struct Refusal {
    status: StatusCode,
    text: String,
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.text }))).into_response()
    }
}

impl Board {
    pub(super) fn refuse(
        &self,
        status: StatusCode,
        language: Option<&str>,
        key: &'static str,
    ) -> Refusal {
        Refusal {
            status,
            text: self.service.phrase(language, key),
        }
    }

    fn session(&self, headers: &HeaderMap, uri: &Uri) -> Result<Session, Refusal> {
        let bearer = headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.strip_prefix("Bearer "))
            .map(str::to_string);
        let token = bearer.or_else(|| {
            url::form_urlencoded::parse(uri.query().unwrap_or_default().as_bytes())
                .find(|(key, _)| key == "token")
                .map(|(_, value)| value.into_owned())
        });
        let refused = |key| self.refuse(StatusCode::UNAUTHORIZED, None, key);
        let token = token.ok_or_else(|| refused("board-session-refused"))?;
        self.key
            .check(&token, self.service.now().millis())
            .map_err(|fault| match fault {
                TokenFault::Unsigned => refused("board-session-refused"),
                TokenFault::RunOut => refused("board-session-expired"),
            })
    }

    /// The game `id` with its chat, if `viewer` may see it: a game of their platform, in a
    /// chat that is no private chat of someone else.
    pub(super) async fn visible_game(
        &self,
        viewer: &Session,
        id: i64,
    ) -> Result<(GameRecord, ChatAddress, AnyGame), Refusal> {
        let language = viewer.language.as_deref();
        let not_found = || self.refuse(StatusCode::NOT_FOUND, language, "board-no-such-game");
        let store = self.service.store();
        let game = store
            .game(GameId(id))
            .await
            .map_err(|_| self.unavailable(language))?
            .ok_or_else(not_found)?;
        let chat = store
            .chat_address(game.chat_id)
            .await
            .map_err(|_| self.unavailable(language))?
            .ok_or_else(not_found)?;
        if chat.platform != viewer.platform {
            return Err(not_found());
        }
        let position = AnyGame::parse(game.kind, &game.position).map_err(|_| not_found())?;
        if chat
            .platform
            .is_private_chat(&chat.external_id, chat.community.as_deref())
        {
            let names = self
                .names(&game)
                .await
                .map_err(|_| self.unavailable(language))?;
            if !names.values().any(|name| name.external_id == viewer.user) {
                return Err(not_found());
            }
        }
        Ok((game, chat, position))
    }

    pub(super) fn unavailable(&self, language: Option<&str>) -> Refusal {
        self.refuse(
            StatusCode::SERVICE_UNAVAILABLE,
            language,
            "board-unavailable",
        )
    }

    pub(super) async fn names(
        &self,
        game: &GameRecord,
    ) -> crate::store::StoreResult<std::collections::HashMap<i64, crate::store::PlayerName>> {
        let ids: Vec<i64> = [game.white_id, game.black_id, Some(game.challenger_id)]
            .into_iter()
            .flatten()
            .collect();
        self.service.store().player_names(&ids).await
    }

    pub(super) async fn view(&self, viewer: &Session, id: i64) -> Result<GameView, Refusal> {
        let (game, _, position) = self.visible_game(viewer, id).await?;
        let names = self
            .names(&game)
            .await
            .map_err(|_| self.unavailable(viewer.language.as_deref()))?;
        Ok(game_view(
            &game,
            &position,
            &names,
            viewer,
            self.service.now(),
        ))
    }

    /// Says `text` in `chat` (in `thread`) for `viewer`, through their platform's adapter,
    /// as if they had typed it there; the replies, once committed and queued.
    pub(super) async fn say_line(
        &self,
        viewer: &Session,
        chat: &ChatAddress,
        thread: Option<String>,
        text: String,
    ) -> Result<Vec<Outgoing>, Refusal> {
        let language = viewer.language.as_deref();
        let door = self
            .doors
            .lines(viewer.platform)
            .ok_or_else(|| self.unavailable(language))?;
        let incoming = Incoming {
            platform: viewer.platform,
            chat: ChatInfo {
                id: chat.external_id.clone(),
                title: chat.title.clone(),
                private: chat
                    .platform
                    .is_private_chat(&chat.external_id, chat.community.as_deref()),
                community: chat.community.clone(),
                thread,
            },
            user: UserInfo {
                id: viewer.user.clone(),
                name: viewer.name.clone(),
                handle: viewer.handle.clone(),
            },
            text,
            locale: viewer.language.clone(),
            mentions: Vec::new(),
            admin: false,
            membership: None,
            pressed: false,
        };
        let (answer, answered) = oneshot::channel();
        door.try_send(BoardLine { incoming, answer })
            .map_err(|_| self.unavailable(language))?;
        tokio::time::timeout(ANSWER_LIMIT, answered)
            .await
            .map_err(|_| self.unavailable(language))?
            .map_err(|_| self.unavailable(language))
    }
}

/// A move text as the page sends it: the move notations' letters only, so that nothing but
/// a move reaches the chat's grammar.
pub(super) fn safe_move_text(text: &str) -> bool {
    (1..=400).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b" -=/@+".contains(&b))
}

/// What a reply says in words: its text or its picture's caption.
pub(super) fn reply_text(reply: &Outgoing) -> String {
    match &reply.body {
        Body::Text(text) => text.clone(),
        Body::Image { caption, .. } | Body::File { caption, .. } => caption.clone(),
    }
}
