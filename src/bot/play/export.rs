//! `export [#id]` (a game's record as a file: PGN for Glacier Chess, the text format of
//! `docs/records.md` for the others) and `replay [#id]` (its animated GIF), and the replay
//! that comes with the news of a finished game (`play::report::report`).
//!
//! Both are built from one [`Record`] of the moves that stand (`Store::first_moves`, by the
//! moves' key), so the file and the animation show the same game.

use super::game;
use super::marks;
use super::players::{self, Players};
use super::seat;
use crate::bot::command::GameRef;
use crate::bot::context::Context;
use crate::bot::help;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::reply::Outgoing;
use crate::bot::service::Service;
use crate::engine::analysis::{Mark, pgn_eval};
use crate::games::ambit::Date;
use crate::games::records::{self, Record, TurnNote};
use crate::games::{AnyGame, GameKind, Side};
use crate::render::View;
use crate::store::{GameRecord, GameState, StoreError};

/// The most stored moves a record reads (a Chesimals game ends after 1,000 turns; typed
/// unit by unit they stay far below this); a longer game is refused rather than cut.
const RECORD_MOVES: i64 = 10_000;

/// The most turns a replay animates: a frame a turn, and a Chesimals game can last 1,000.
const REPLAY_TURNS: usize = 400;

/// The game `history`, `export` and `replay` mean: the one named (in this chat), else
/// the speaker's game being played here, else their last finished game here. A
/// challenge has nothing to show yet.
pub(super) async fn shown_game(
    service: &Service,
    context: &Context<'_>,
    game_ref: Option<GameRef>,
) -> Result<GameRecord, Refusal> {
    let game = match game_ref {
        Some(id) => game::game_in_chat(service, context, id).await?,
        None => match seat::players_seat(service, context, None, false).await {
            Ok(seat) => seat.game,
            Err(refusal) => service
                .store()
                .last_finished_game(context.chat_id, context.user.id)
                .await?
                .ok_or(refusal)?,
        },
    };
    if matches!(game.state, GameState::Challenge | GameState::Declined) {
        return Err(msg("game-not-started").with("id", game.id).into());
    }
    Ok(game)
}

/// The record of `game` as it stands, with its players' names.
pub(super) async fn record(
    service: &Service,
    game: &GameRecord,
    players: &Players,
) -> Result<Record, Refusal> {
    let mut moves = service
        .store()
        .first_moves(game.id, RECORD_MOVES + 1)
        .await?;
    if moves.len() as i64 > RECORD_MOVES {
        return Err(msg("export-too-long").with("id", game.id).into());
    }
    let turns = Record::turns_of(moves.drain(..).map(|m| (m.side, m.notation)));
    let result = match game.state {
        GameState::Finished => game.result,
        _ => None,
    };
    Ok(Record {
        kind: game.kind,
        start: game.start_position.clone(),
        white: players.white.clone(),
        black: players.black.clone(),
        result,
        date: Date::from_unix_seconds(game.created_at.millis().div_euclid(1000))
            .map(|d| d.to_string()),
        event: Some(format!("Kibitz game #{}", game.id)),
        turns,
    })
}

/// The positions of `game` from its start through every move that stands (its record
/// replayed): what the reviews and the daily puzzles search.
pub(in crate::bot) async fn positions(
    service: &Service,
    game: &GameRecord,
) -> Result<Vec<AnyGame>, Refusal> {
    let players = players::read(service, game).await?;
    let record = record(service, game, &players).await?;
    Ok(record
        .replay()
        .map_err(|error| StoreError::Corrupt(format!("game {} record: {error}", game.id)))?
        .into_iter()
        .map(|step| step.position)
        .collect())
}

/// `export [#id]`: the game's record as a file.
pub(crate) async fn export(
    service: &Service,
    context: &Context<'_>,
    game_ref: Option<GameRef>,
) -> Result<Vec<Outgoing>, Refusal> {
    let game = shown_game(service, context, game_ref).await?;
    let players = players::read(service, &game).await?;
    let record = record(service, &game, &players).await?;
    if record.turns.is_empty() {
        return Err(msg("export-nothing").with("id", game.id).into());
    }
    // A reviewed Glacier game's PGN carries the review: marks as NAGs, values as evals.
    let notes: Vec<TurnNote> = match marks::stored_review(service, &game, &sides(&record)).await? {
        Some(review) if game.kind == GameKind::Glacier => review
            .turns
            .iter()
            .map(|turn| TurnNote {
                nag: turn.mark.map(Mark::nag),
                eval: turn.after.and_then(pgn_eval),
            })
            .collect(),
        _ => Vec::new(),
    };
    let text = record
        .write_annotated(&notes)
        .map_err(|error| corrupt(&game, &error))?;
    let name = format!("kibitz-{}.{}", game.id, record.extension());
    tracing::info!(game = game.id.0, bytes = text.len(), "record exported");
    let caption = msg("export-caption")
        .with("id", game.id)
        .with(
            "game",
            service.say(context.language, &help::kind_name(game.kind)),
        )
        .with("white", &players.white)
        .with("black", &players.black);
    Ok(vec![Outgoing::file(
        name,
        text.into_bytes(),
        service.say(context.language, &caption),
    )])
}

/// `replay [#id]`: the game's animated replay.
pub(crate) async fn replay(
    service: &Service,
    context: &Context<'_>,
    game_ref: Option<GameRef>,
) -> Result<Vec<Outgoing>, Refusal> {
    let game = shown_game(service, context, game_ref).await?;
    let players = players::read(service, &game).await?;
    match replay_of(service, context.language, &game, &players).await? {
        Some(replay) => Ok(vec![replay]),
        None => Err(msg("replay-nothing").with("id", game.id).into()),
    }
}

/// The animated replay of `game`, captioned in `language`; `None` when it has no moves
/// (or too many to animate: `replay-too-long` is the refusal then).
pub(super) async fn replay_of(
    service: &Service,
    language: &str,
    game: &GameRecord,
    players: &Players,
) -> Result<Option<Outgoing>, Refusal> {
    let record = record(service, game, players).await?;
    if record.turns.is_empty() {
        return Ok(None);
    }
    if record.turns.len() > REPLAY_TURNS {
        return Err(msg("replay-too-long")
            .with("id", game.id)
            .number("turns", REPLAY_TURNS as u32)
            .into());
    }
    let marks = marks::stored_marks(service, game, &sides(&record)).await?;
    let pictures = replay_pictures(&record, &marks).map_err(|error| corrupt(game, &error))?;
    // Many frames: drawn off the async threads, as the engine's searches are.
    let renderer = service.renderer.clone();
    let started = std::time::Instant::now();
    let gif = tokio::task::spawn_blocking(move || renderer.render_replay(&pictures))
        .await
        .map_err(|error| {
            crate::store::StoreError::Corrupt(format!("replay drawing stopped: {error}"))
        })??;
    tracing::info!(
        game = game.id.0,
        frames = record.turns.len() + 1,
        bytes = gif.len(),
        duration_ms = crate::bot::log_duration::duration_ms(started.elapsed()),
        "replay drawn"
    );
    let caption = msg("replay-caption")
        .with("id", game.id)
        .with("game", service.say(language, &help::kind_name(game.kind)))
        .with("white", &players.white)
        .with("black", &players.black);
    Ok(Some(Outgoing::file(
        format!("kibitz-{}.gif", game.id),
        gif,
        service.say(language, &caption),
    )))
}

/// Who played each turn of `record`.
fn sides(record: &Record) -> Vec<Side> {
    record.turns.iter().map(|turn| turn.side).collect()
}

/// A stored game whose moves the rules no longer read: a fault of the store, not the user's.
fn corrupt(game: &GameRecord, error: &records::RecordError) -> Refusal {
    crate::store::StoreError::Corrupt(format!("game {} record: {error}", game.id)).into()
}

/// The pictures of a record's replay: its start, then the position after each turn, each
/// with its view (the players' names, the turn as `12. Nf3` or `12... Nf6` with an Ice Age's
/// mark, the last move's squares, the rules' facts; the last picture adds the result and,
/// for a game ended off the board, how it ended), and the turn's mark from a review
/// (`marks[i]` for turn `i`; none where the list is short). The same for every reader: the
/// captions are notation, not words of a language.
pub fn replay_pictures(
    record: &Record,
    marks: &[Option<Mark>],
) -> Result<Vec<(AnyGame, View)>, records::RecordError> {
    let steps = record.replay()?;
    let last = steps.len() - 1;
    Ok(steps
        .into_iter()
        .enumerate()
        .map(|(index, step)| {
            let mut caption = match step.turn.map(|turn| &record.turns[turn]) {
                None => String::new(),
                Some(turn) => {
                    let dots = match turn.side {
                        Side::White => ".",
                        Side::Black => "...",
                    };
                    let mark = step
                        .turn
                        .and_then(|index| marks.get(index).copied().flatten())
                        .map_or("", Mark::symbol);
                    format!("{}{dots} {}{mark}", step.number, step.written)
                }
            };
            if step.ice_age {
                caption.push(' ');
                caption.push_str(records::ICE_AGE_MARK);
            }
            let mut facts = step.position.view_facts();
            if index == last
                && let Some(outcome) = record.result
            {
                if !caption.is_empty() {
                    caption.push_str("  ");
                }
                caption.push_str(records::pgn_result(Some(outcome)));
                if !facts.status.is_over() {
                    facts = facts.ended(outcome);
                }
            }
            let view = View {
                white: record.white.clone(),
                black: record.black.clone(),
                caption,
                detail: String::new(),
                last_move: step.squares,
                flip: false,
                hide_turn: true,
                facts,
            };
            (step.position, view)
        })
        .collect())
}
