//! The board page's JSON routes:
//! - `POST /api/session`: a launch in (Telegram's signed launch data, a Discord Activity's
//!   authorisation code, or a Discord board button's link ticket), a session token out;
//! - `GET /api/discord`: the Discord application the Activity's SDK speaks for;
//! - `GET /api/words?locale=`: the page's words, for a page opened without a launch;
//! - `GET /api/chats/{chat}/games`: the games being played in a chat of the viewer's
//!   platform (an Activity opens in a channel, not on a game);
//! - `GET /api/games/{id}`: the game as the page draws it;
//! - `POST /api/games/{id}/preview`: the board after some unit moves of a Chesimals turn
//!   being built, with what may follow (nothing stored);
//! - `POST /api/games/{id}/say`: a move or a game action, said in the game's chat;
//! - `GET /api/games/{id}/events`: the game again each time it changes (Server-Sent Events);
//! - `GET /api/puzzles/{id}`, `POST /api/puzzles/{id}/say`: an AMBIT puzzle, its placements
//!   (`puzzle_api.rs`).
//!
//! Every route but the first three wants the session (`Authorization: Bearer`, or `?token=` for
//! the events, which a browser's `EventSource` cannot send headers with). Refusals are JSON
//! `{"error": …}` in the viewer's language, with the matching status.

use super::discord_launch::DiscordLaunchError;
use super::game_view::{GameView, game_view};
use super::init_data::{InitDataError, verify_init_data};
use super::page::page_routes;
use super::puzzle_api::{say_in_puzzle, show_puzzle};
use super::session::{SESSION_MS, Session, SessionKey};
use super::state::{Board, BoardDoors, Refusal, Viewer, reply_text, safe_move_text};
use super::words::board_words;
use crate::bot::{BoardOpens, Platform, Service};
use crate::games::{AnyGame, BoardView};
use crate::store::GameId;
use axum::Json;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{StatusCode, Uri};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::json;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// A request body larger than this is refused unread.
const BODY_LIMIT: usize = 8 * 1024;
/// How often an open page's game is looked at for changes: a move made in the chat, by
/// any process, reaches the page within this (one primary-key read per page and period).
const WATCH_EVERY: Duration = Duration::from_millis(250);
/// How long one events stream lasts; the browser opens the next one by itself.
const STREAM_LIFETIME: Duration = Duration::from_secs(10 * 60);
/// Events streams one process keeps open at once.
const STREAMS: usize = 1024;
/// Unit moves a preview may hold (a Critters turn moves at most 24 units).
const PREVIEW_MOVES: usize = 32;
/// Games a chat's list shows at most.
const CHAT_GAMES: i64 = 25;

/// The page and its API, for the HTTP listener; `stop` raised ends the events streams.
pub fn board_routes(
    service: Arc<Service>,
    key: SessionKey,
    doors: BoardDoors,
    stop: tokio::sync::watch::Receiver<bool>,
) -> Router {
    let board = Arc::new(Board {
        service,
        key,
        doors,
        streams: Arc::new(Semaphore::new(STREAMS)),
        stop,
    });
    Router::new()
        .route("/api/session", post(open_session))
        .route("/api/discord", get(discord_app))
        .route("/api/words", get(words))
        .route("/api/chats/{chat}/games", get(chat_games))
        .route("/api/games/{id}", get(show_game))
        .route("/api/games/{id}/preview", post(preview))
        .route("/api/games/{id}/say", post(say))
        .route("/api/games/{id}/events", get(events))
        .route("/api/puzzles/{id}", get(show_puzzle))
        .route("/api/puzzles/{id}/say", post(say_in_puzzle))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(board)
        .merge(page_routes())
}

/// A launch: exactly one of Telegram's signed launch data, a Discord Activity's
/// authorisation code, or a Discord board link's ticket.
#[derive(Deserialize)]
struct SessionAsk {
    #[serde(default)]
    init_data: Option<String>,
    #[serde(default)]
    discord_code: Option<String>,
    #[serde(default)]
    launch: Option<String>,
}

async fn open_session(
    State(board): State<Arc<Board>>,
    Json(ask): Json<SessionAsk>,
) -> Result<Json<serde_json::Value>, Refusal> {
    let now = board.service.now();
    let (session, opens) = match (ask.init_data, ask.discord_code, ask.launch) {
        (Some(init_data), None, None) => telegram_session(&board, &init_data, now.millis())?,
        (None, Some(code), None) => (discord_session(&board, &code, now.millis()).await?, None),
        (None, None, Some(ticket)) => {
            // The link names its game itself (`?game=12`).
            let session = board
                .key
                .open_launch(&ticket, now.millis())
                .ok_or_else(|| board.refuse(StatusCode::UNAUTHORIZED, None, "board-link-stale"))?;
            (session, None)
        }
        _ => return Err(board.refuse(StatusCode::BAD_REQUEST, None, "board-bad-request")),
    };
    tracing::info!(platform = session.platform.as_str(), user = %session.user, "board session opened");
    Ok(Json(json!({
        "token": board.key.sign(&session),
        "name": session.name,
        "language": board.service.language_for(session.language.as_deref()),
        "words": board_words(&board.service, session.language.as_deref()),
        "game": match opens {
            Some(BoardOpens::Game(game)) => Some(game.0),
            _ => None,
        },
        "puzzle": match opens {
            Some(BoardOpens::Puzzle(attempt)) => Some(attempt),
            _ => None,
        },
    })))
}

/// A Telegram launch's session, and the game it was opened on (`start_param` `g12`).
fn telegram_session(
    board: &Board,
    init_data: &str,
    now_ms: i64,
) -> Result<(Session, Option<BoardOpens>), Refusal> {
    let Some((token, _)) = &board.doors.telegram else {
        return Err(board.refuse(StatusCode::NOT_FOUND, None, "board-not-set-up"));
    };
    let launch = verify_init_data(init_data, token.expose(), now_ms / 1000).map_err(|error| {
        // Which check failed, never the data.
        tracing::info!(refused = %error, "a board launch was refused");
        let key = match error {
            InitDataError::Stale => "board-launch-stale",
            InitDataError::BadSignature | InitDataError::Malformed => "board-launch-refused",
        };
        board.refuse(StatusCode::UNAUTHORIZED, None, key)
    })?;
    let opens = launch
        .start_param
        .as_deref()
        .and_then(BoardOpens::from_param);
    let session = Session {
        platform: Platform::Telegram,
        user: launch.user_id.to_string(),
        name: launch.name,
        handle: launch.handle,
        language: launch.language,
        expires_ms: now_ms + SESSION_MS,
        launch: false,
    };
    Ok((session, opens))
}

/// A Discord Activity's session: its code exchanged with Discord for the player's identity.
async fn discord_session(board: &Board, code: &str, now_ms: i64) -> Result<Session, Refusal> {
    let Some((Some(app), _)) = &board.doors.discord else {
        return Err(board.refuse(StatusCode::NOT_FOUND, None, "board-not-set-up"));
    };
    let player = app.player(code).await.map_err(|error| {
        tracing::info!(refused = %error, "a Discord board launch was refused");
        match error {
            DiscordLaunchError::Refused => {
                board.refuse(StatusCode::UNAUTHORIZED, None, "board-launch-refused")
            }
            DiscordLaunchError::Unreachable => board.unavailable(None),
        }
    })?;
    Ok(Session {
        platform: Platform::Discord,
        user: player.id,
        name: player.name,
        handle: player.handle,
        language: player.language,
        expires_ms: now_ms + SESSION_MS,
        launch: false,
    })
}

/// The page's words in the language `?locale=` names (the browser's), for a page that has
/// no session to learn them from (opened outside the chat apps).
async fn words(State(board): State<Arc<Board>>, uri: Uri) -> Json<serde_json::Value> {
    let locale = url::form_urlencoded::parse(uri.query().unwrap_or_default().as_bytes())
        .find(|(key, _)| key == "locale")
        .map(|(_, value)| value.chars().take(16).collect::<String>());
    Json(json!({
        "language": board.service.language_for(locale.as_deref()),
        "words": board_words(&board.service, locale.as_deref()),
    }))
}

/// The Discord application the Activity's SDK is started with.
async fn discord_app(State(board): State<Arc<Board>>) -> Result<Json<serde_json::Value>, Refusal> {
    match &board.doors.discord {
        Some((Some(app), _)) => Ok(Json(json!({ "client_id": app.client_id }))),
        _ => Err(board.refuse(StatusCode::NOT_FOUND, None, "board-not-set-up")),
    }
}

/// One game of a chat's list.
#[derive(serde::Serialize)]
struct ChatGame {
    id: i64,
    kind: &'static str,
    /// The game's name as players read it, in the viewer's language.
    title: String,
    players: Vec<String>,
    /// The viewer plays in it, and it is their move.
    your_move: bool,
}

/// The games being played in the chat `chat` of the viewer's platform that they may see,
/// the viewer's own first, then oldest first, at most [`CHAT_GAMES`].
async fn chat_games(
    State(board): State<Arc<Board>>,
    Path(chat): Path<String>,
    Viewer(viewer): Viewer,
) -> Result<Json<Vec<ChatGame>>, Refusal> {
    let language = viewer.language.as_deref();
    let store = board.service.store();
    let Some(chat_id) = store
        .chat_by_external_id(viewer.platform, &chat)
        .await
        .map_err(|_| board.unavailable(language))?
    else {
        return Ok(Json(Vec::new()));
    };
    let games = store
        .ongoing_games(chat_id, CHAT_GAMES)
        .await
        .map_err(|_| board.unavailable(language))?;
    let mut listed = Vec::new();
    for game in games {
        // Each through the same door as a single game: what the viewer may not see is left
        // out.
        let Ok(view) = board.view(&viewer, game.id.0).await else {
            continue;
        };
        listed.push(ChatGame {
            id: game.id.0,
            kind: view.kind,
            title: board.service.game_title(language, game.kind),
            players: [&view.white, &view.black]
                .into_iter()
                .flatten()
                .map(|player| player.name.clone())
                .collect(),
            your_move: view.your_move,
        });
    }
    listed.sort_by_key(|game| !game.your_move);
    Ok(Json(listed))
}

async fn show_game(
    State(board): State<Arc<Board>>,
    Path(id): Path<i64>,
    Viewer(viewer): Viewer,
) -> Result<Json<GameView>, Refusal> {
    Ok(Json(board.view(&viewer, id).await?))
}

#[derive(Deserialize)]
struct PreviewAsk {
    moves: Vec<String>,
}

/// The board after `moves`, unit moves of the viewer's turn not yet sent; refused once one
/// of them is not legal. No choices left: the turn is over as it stands (it ended by itself,
/// or the game did).
async fn preview(
    State(board): State<Arc<Board>>,
    Path(id): Path<i64>,
    Viewer(viewer): Viewer,
    Json(ask): Json<PreviewAsk>,
) -> Result<Json<BoardView>, Refusal> {
    let language = viewer.language.as_deref();
    let (game, _, mut position) = board.visible_game(&viewer, id).await?;
    let names = board
        .names(&game)
        .await
        .map_err(|_| board.unavailable(language))?;
    let view = game_view(&game, &position, &names, &viewer, board.service.now());
    // Only a turn built unit by unit is previewed.
    let chesimals = matches!(position, AnyGame::Chesimals(_));
    if !view.your_move || !chesimals || ask.moves.len() > PREVIEW_MOVES {
        return Err(board.refuse(StatusCode::CONFLICT, language, "board-not-your-move"));
    }
    let mover = position.side_to_move();
    for text in &ask.moves {
        // Nothing may follow a turn that ended by itself.
        if !safe_move_text(text)
            || position.side_to_move() != mover
            || position.play_message(text).is_err()
        {
            return Err(board.refuse(StatusCode::CONFLICT, language, "board-illegal-move"));
        }
    }
    let mut after = position.board_view();
    // The turn ended by itself (no unit may move any more) or the game is over: nothing is
    // left to tap, and the page sends the turn as it stands.
    if position.side_to_move() != mover {
        after.choices.clear();
    }
    Ok(Json(after))
}

#[derive(Deserialize)]
struct SayAsk {
    /// `move`, `resign`, `draw`, `takeback` or `abort`.
    action: String,
    #[serde(default)]
    r#move: Option<String>,
    /// The game's version the page showed: a move made on a board that changed meanwhile is
    /// refused, and the page shown the game as it is.
    version: i64,
}

async fn say(
    State(board): State<Arc<Board>>,
    Path(id): Path<i64>,
    Viewer(viewer): Viewer,
    Json(ask): Json<SayAsk>,
) -> Result<Json<serde_json::Value>, Refusal> {
    let language = viewer.language.as_deref();
    let (game, chat, _) = board.visible_game(&viewer, id).await?;
    let words = match (ask.action.as_str(), ask.r#move.as_deref()) {
        ("move", Some(text)) if safe_move_text(text) => format!("move {text}"),
        ("resign", None) => "resign confirm".to_string(),
        ("draw", None) => "draw".to_string(),
        ("takeback", None) => "takeback".to_string(),
        ("abort", None) => "abort".to_string(),
        _ => return Err(board.refuse(StatusCode::BAD_REQUEST, language, "board-bad-request")),
    };
    if game.version != ask.version {
        return Err(board.refuse(StatusCode::CONFLICT, language, "board-game-changed"));
    }
    let replies = board
        .say_line(
            &viewer,
            &chat,
            game.thread.clone(),
            format!("{words} #{id}"),
        )
        .await?;
    tracing::info!(game = id, action = %ask.action, "board line said");
    let said: Vec<String> = replies.iter().map(reply_text).collect();
    let view = board.view(&viewer, id).await?;
    Ok(Json(json!({ "said": said, "game": view })))
}

/// The game each time its version changes, from now on, for as long as the stream lasts
/// (ten minutes, or until the process begins to stop).
async fn events(
    State(board): State<Arc<Board>>,
    Path(id): Path<i64>,
    Viewer(viewer): Viewer,
) -> Result<Response, Refusal> {
    let language = viewer.language.clone();
    board.view(&viewer, id).await?;
    let Ok(permit) = board.streams.clone().try_acquire_owned() else {
        return Err(board.unavailable(language.as_deref()));
    };
    let ends = tokio::time::Instant::now() + STREAM_LIFETIME;
    let state = (board, viewer, None::<i64>, permit);
    let stream =
        futures_util::stream::unfold(state, move |(board, viewer, seen, permit)| async move {
            loop {
                if tokio::time::Instant::now() >= ends || *board.stop.borrow() {
                    return None;
                }
                let version = match board.service.store().game(GameId(id)).await {
                    Ok(Some(game)) => Some(game.version),
                    _ => None,
                };
                if version.is_some() && version != seen {
                    let Ok(view) = board.view(&viewer, id).await else {
                        return None;
                    };
                    let event = Event::default()
                        .event("game")
                        .json_data(&view)
                        .unwrap_or_default();
                    return Some((
                        Ok::<Event, Infallible>(event),
                        (board, viewer, version, permit),
                    ));
                }
                tokio::time::sleep(WATCH_EVERY).await;
            }
        });
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response())
}
