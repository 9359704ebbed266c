//! A game as the board page is sent it: the board to draw and tap, the players, the clocks,
//! whose turn, the result, and what the viewer may do.

use super::session::Session;
use crate::games::{AnyGame, BoardView, Side, Timestamp};
use crate::store::{GameRecord, GameState, PlayerName};
use serde::Serialize;
use std::collections::HashMap;

#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    pub name: String,
    /// The viewer plays this side.
    pub you: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct ClocksView {
    /// Time left at the moment of the view, in milliseconds.
    pub white_ms: i64,
    pub black_ms: i64,
    /// The side whose clock runs, if one does.
    pub running: Option<&'static str>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ResultView {
    /// `white`, `black`, or none for a draw.
    pub winner: Option<&'static str>,
    pub reason: &'static str,
}

/// The game as the page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    pub id: i64,
    /// The game's short name (`glacier`, `critters`, …).
    pub kind: &'static str,
    /// Changes with every move: what the page's live updates compare.
    pub version: i64,
    /// `challenge`, `ongoing`, `finished`, `declined`, `aborted`.
    pub state: &'static str,
    pub white: Option<PlayerView>,
    pub black: Option<PlayerView>,
    /// The side to move.
    pub turn: &'static str,
    /// The side the viewer plays, if they play.
    pub you: Option<&'static str>,
    /// Whether the viewer may move now: the board's choices are theirs.
    pub your_move: bool,
    pub last_move: Option<String>,
    pub clocks: Option<ClocksView>,
    pub result: Option<ResultView>,
    pub draw_offer: Option<&'static str>,
    pub takeback_offer: Option<&'static str>,
    pub board: BoardView,
}

fn side_name(side: Side) -> &'static str {
    side.name()
}

/// The view of `game` (whose position is `position`) for `viewer`, at `now`. `names` holds
/// the players' names and platform ids.
pub fn game_view(
    game: &GameRecord,
    position: &AnyGame,
    names: &HashMap<i64, PlayerName>,
    viewer: &Session,
    now: Timestamp,
) -> GameView {
    let player = |id: Option<i64>| {
        let name = names.get(&id?)?;
        Some(PlayerView {
            name: name.display_name.clone(),
            you: name.external_id == viewer.user,
        })
    };
    let (white, black) = (player(game.white_id), player(game.black_id));
    let you = match (&white, &black) {
        (Some(w), _) if w.you => Some(Side::White),
        (_, Some(b)) if b.you => Some(Side::Black),
        _ => None,
    };
    let turn = position.side_to_move();
    let ongoing = game.state == GameState::Ongoing;
    let your_move = ongoing && you == Some(turn);
    let mut board = position.board_view();
    if !your_move {
        board.choices.clear();
    }
    // The stored last move marks what the position's text cannot say (a Chesimals turn's
    // trail), unless a turn is being played.
    if let Some(last) = &game.last_move
        && !position.turn_in_progress()
    {
        board.marked = last
            .from
            .iter()
            .chain(&last.to)
            .chain(&last.also)
            .cloned()
            .collect();
    }
    let clocks = game.clocks.as_ref().map(|clocks| {
        let running = ongoing.then_some(turn);
        let left = |side: Side| match running {
            Some(moving) if moving == side => clocks.left(side, now),
            _ => clocks.bank(side),
        };
        ClocksView {
            white_ms: left(Side::White).max(0),
            black_ms: left(Side::Black).max(0),
            running: running.map(side_name),
        }
    });
    GameView {
        id: game.id.0,
        kind: game.kind.name(),
        version: game.version,
        state: game.state.as_str(),
        white,
        black,
        turn: side_name(turn),
        you: you.map(side_name),
        your_move,
        last_move: game.last_move.as_ref().map(|last| last.text.clone()),
        clocks,
        result: game.result.map(|outcome| ResultView {
            winner: outcome.winner.map(side_name),
            reason: outcome.reason.as_str(),
        }),
        draw_offer: game.draw_offer.map(side_name),
        takeback_offer: game.takeback_offer.map(side_name),
        board,
    }
}
