//! An AMBIT puzzle on the board: `GET /api/puzzles/{id}` shows the attempt as the page
//! draws it (the footprint, the pieces placed, the rack, the lives), and
//! `POST /api/puzzles/{id}/say` places a piece, said as `place Nf3` in the chat the puzzle is
//! played in, as if typed. A puzzle is its player's alone: anyone else is told there is no
//! such puzzle (a daily's board would give it away).

use super::game_view::{GameView, PlayerView, ResultView};
use super::session::Session;
use super::state::{Board, Refusal, Viewer, reply_text, safe_move_text};
use crate::games::ambit::{self, GameStatus};
use crate::games::ambit_board_view;
use crate::store::{AttemptRecord, AttemptStatus, ChatAddress};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;

impl Board {
    /// The attempt `id` with the chat it is played in and its rules state, if it is the
    /// viewer's.
    async fn own_puzzle(
        &self,
        viewer: &Session,
        id: i64,
    ) -> Result<(AttemptRecord, ChatAddress, ambit::Game), Refusal> {
        let language = viewer.language.as_deref();
        let not_found = || self.refuse(StatusCode::NOT_FOUND, language, "board-no-such-puzzle");
        let store = self.service.store();
        let attempt = store
            .attempt(id)
            .await
            .map_err(|_| self.unavailable(language))?
            .ok_or_else(not_found)?;
        let chat = store
            .chat_address(attempt.played_in)
            .await
            .map_err(|_| self.unavailable(language))?
            .ok_or_else(not_found)?;
        let names = store
            .player_names(&[attempt.user_id])
            .await
            .map_err(|_| self.unavailable(language))?;
        let theirs = names
            .get(&attempt.user_id)
            .is_some_and(|name| name.external_id == viewer.user);
        if chat.platform != viewer.platform || !theirs {
            return Err(not_found());
        }
        let game = ambit::Game::parse(&attempt.state).map_err(|_| not_found())?;
        Ok((attempt, chat, game))
    }
}

/// The attempt as the page draws it: one player (the viewer, White's place), no clocks.
fn puzzle_view(attempt: &AttemptRecord, game: &ambit::Game, viewer: &Session) -> GameView {
    let open = attempt.status == AttemptStatus::Ongoing && game.status() == GameStatus::Ongoing;
    let mut board = ambit_board_view(game);
    if !open {
        board.choices.clear();
        board.rack.clear();
    }
    GameView {
        id: attempt.id,
        kind: "ambit",
        version: attempt.version,
        state: if open { "ongoing" } else { "finished" },
        white: Some(PlayerView {
            name: viewer.name.clone(),
            you: true,
        }),
        black: None,
        turn: "white",
        you: Some("white"),
        your_move: open,
        last_move: game.placements().last().map(ambit::Placement::to_string),
        clocks: None,
        result: (!open).then(|| ResultView {
            winner: (attempt.status == AttemptStatus::Solved).then_some("white"),
            reason: attempt.status.as_str(),
        }),
        draw_offer: None,
        takeback_offer: None,
        board,
    }
}

pub(super) async fn show_puzzle(
    State(board): State<Arc<Board>>,
    Path(id): Path<i64>,
    Viewer(viewer): Viewer,
) -> Result<Json<GameView>, Refusal> {
    let (attempt, _, game) = board.own_puzzle(&viewer, id).await?;
    Ok(Json(puzzle_view(&attempt, &game, &viewer)))
}

#[derive(Deserialize)]
pub(super) struct PlaceAsk {
    /// `move`: a placement.
    action: String,
    r#move: String,
    /// The attempt's version the page showed.
    version: i64,
}

/// Places a piece: `place <Nf3>` said in the puzzle's chat. The chat's `place` acts on the
/// player's latest open puzzle there, so the page's must be that one.
pub(super) async fn say_in_puzzle(
    State(board): State<Arc<Board>>,
    Path(id): Path<i64>,
    Viewer(viewer): Viewer,
    Json(ask): Json<PlaceAsk>,
) -> Result<Json<serde_json::Value>, Refusal> {
    let language = viewer.language.as_deref();
    let (attempt, chat, _) = board.own_puzzle(&viewer, id).await?;
    if ask.action != "move" || !safe_move_text(&ask.r#move) || ask.r#move.contains(' ') {
        return Err(board.refuse(StatusCode::BAD_REQUEST, language, "board-bad-request"));
    }
    let latest = board
        .service
        .store()
        .open_attempts(attempt.user_id, attempt.played_in)
        .await
        .map_err(|_| board.unavailable(language))?
        .into_iter()
        .next()
        .map(|open| open.id);
    if attempt.version != ask.version || latest != Some(attempt.id) {
        return Err(board.refuse(StatusCode::CONFLICT, language, "board-game-changed"));
    }
    let replies = board
        .say_line(&viewer, &chat, None, format!("place {}", ask.r#move))
        .await?;
    tracing::info!(puzzle = id, "board placement said");
    let said: Vec<String> = replies.iter().map(reply_text).collect();
    let (attempt, _, game) = board.own_puzzle(&viewer, id).await?;
    Ok(Json(
        json!({ "said": said, "game": puzzle_view(&attempt, &game, &viewer) }),
    ))
}
