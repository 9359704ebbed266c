//! Playing a puzzle: a practice puzzle, placing pieces (typed, or picked on the rack's
//! buttons), giving up, and showing the board.

use super::attempt::{self, level_message, parse_solution, rack_label};
use super::daily;
use crate::bot::context::Context;
use crate::bot::msg::{Msg, msg};
use crate::bot::outcome::Refusal;
use crate::bot::reply::{Button, Outgoing};
use crate::bot::service::Service;
use crate::bot::words::rules_message;
use crate::games::Square;
use crate::games::ambit::notation::PartialPlacement;
use crate::games::ambit::{self, Game, GameStatus, Level, PlaceOutcome, generate};
use crate::games::rng::SeededRng;
use crate::render::AmbitView;
use crate::store::{AttemptRecord, AttemptStatus, NewAttempt};
use std::hash::{BuildHasher, RandomState};

/// `ambit [level]`: a new practice puzzle.
pub(crate) async fn ambit_practice(
    service: &Service,
    context: &Context<'_>,
    level: Option<Level>,
) -> Result<Vec<Outgoing>, Refusal> {
    let level = level.unwrap_or(Level::Easy);
    let mut lines = Vec::new();
    for open in service
        .store()
        .open_attempts(context.user.id, context.chat_id)
        .await?
    {
        if open.day.is_none() {
            attempt::finish(service, open, AttemptStatus::GivenUp, None, context.now).await?;
            lines.push(msg("ambit-set-aside"));
        }
    }
    let seed = SeededRng::new(RandomState::new().hash_one(context.now)).next_u64();
    let puzzle = generate(seed, level);
    let attempt = service
        .store()
        .start_attempt(
            &NewAttempt {
                user_id: context.user.id,
                chat_id: context.chat_id,
                played_in: context.chat_id,
                day: None,
                level: level.name().to_string(),
                state: Game::new(puzzle.footprint).text(),
                solution: ambit::notation::placements_text(&puzzle.solution),
            },
            context.now,
        )
        .await?;
    lines.push(msg("ambit-practice-start").with(
        "level",
        service.say(context.language, &level_message(level.name())),
    ));
    lines.push(msg("ambit-how"));
    lines.push(msg("ambit-hint-tip"));
    let game = attempt::ambit_game(&attempt)?;
    Ok(vec![attempt::ambit_picture(
        service,
        context.language,
        &attempt,
        &game,
        lines,
        AmbitView::default(),
    )?])
}

/// `place Nf3`.
pub(crate) async fn ambit_place(
    service: &Service,
    context: &Context<'_>,
    text: &str,
) -> Result<Vec<Outgoing>, Refusal> {
    let Some(attempt) = attempt::open_attempt(service, context).await? else {
        return Err(msg("ambit-no-puzzle").into());
    };
    ambit_place_in(service, context, text, attempt).await
}

/// `place Nf3`, or a bare `Nf3` while a puzzle is open, in the open puzzle `attempt`.
pub(crate) async fn ambit_place_in(
    service: &Service,
    context: &Context<'_>,
    text: &str,
    attempt: AttemptRecord,
) -> Result<Vec<Outgoing>, Refusal> {
    if let Some(partial) = ambit::notation::parse_partial_placement(text) {
        let game = attempt::ambit_game(&attempt)?;
        return rack_step(service, context, &attempt, &game, partial);
    }
    let placement = ambit::notation::parse_placement(text)
        .map_err(|e| Refusal::User(vec![rules_message(&e), msg("cmd-place")]))?;
    let mut game = attempt::ambit_game(&attempt)?;
    let outcome = game.place(placement).map_err(|e| rules_message(&e))?;
    let mut lines: Vec<Msg> = outcome.notes(placement).iter().map(rules_message).collect();
    if let PlaceOutcome::Placed { .. } = outcome {
        lines.insert(0, msg("ambit-placed").with("placement", placement));
    }
    let mut attempt = attempt;
    attempt.state = game.text();
    let status = match game.status() {
        GameStatus::Ongoing => AttemptStatus::Ongoing,
        GameStatus::Solved => AttemptStatus::Solved,
        GameStatus::GameOver => AttemptStatus::GameOver,
    };
    let mut view = AmbitView::default();
    if let PlaceOutcome::Invalid { offending, .. } = &outcome {
        view.attempt = Some((placement, offending.clone()));
    }
    let attempt = if status == AttemptStatus::Ongoing {
        attempt::save_attempt(service, &attempt).await?
    } else {
        let stars = game.stars();
        let saved = attempt::finish(service, attempt, status, stars, context.now).await?;
        lines.extend(daily::ending_lines(service, context, &saved, &game));
        if status == AttemptStatus::GameOver {
            view.solution = parse_solution(&saved.solution);
        }
        saved
    };
    let language = attempt::attempt_language(context, &attempt);
    let mut reply = attempt::ambit_picture(service, language, &attempt, &game, lines, view)?;
    reply.private = attempt.day.is_some();
    let mut replies = vec![reply];
    replies.extend(daily::public_share(service, context, &attempt, &game));
    Ok(replies)
}

/// A press on the rack (`place N`: which file?) or on a file (`place Nf`: which
/// square?): the next choices as buttons, every empty square offered, safe or not, so
/// that the buttons spoil nothing.
fn rack_step(
    service: &Service,
    context: &Context<'_>,
    attempt: &AttemptRecord,
    game: &Game,
    partial: PartialPlacement,
) -> Result<Vec<Outgoing>, Refusal> {
    let empty = |file: u8, rank: u8| game.piece_on(Square::new(file, rank)).is_none();
    let file_letter = |file: u8| char::from(b'a' + file);
    let (text, buttons) = match partial {
        PartialPlacement::Piece(piece) => {
            let buttons = (0..8u8)
                .filter(|&file| (0..8).any(|rank| empty(file, rank)))
                .map(|file| {
                    let command = format!("place {}{}", piece.letter(), file_letter(file));
                    Button::new(file_letter(file).to_string(), command)
                })
                .collect();
            let text = msg("ambit-pick-file").with("piece", rack_label(piece));
            (text, buttons)
        }
        PartialPlacement::PieceOnFile(piece, file) => {
            let buttons: Vec<Button> = (0..8u8)
                .filter(|&rank| empty(file, rank))
                .map(|rank| {
                    let square = format!("{}{}", file_letter(file), rank + 1);
                    Button::new(square.clone(), format!("place {}{square}", piece.letter()))
                })
                .collect();
            if buttons.is_empty() {
                return Err(msg("ambit-file-full")
                    .with("file", file_letter(file))
                    .into());
            }
            let text = msg("ambit-pick-rank")
                .with("piece", rack_label(piece))
                .with("file", file_letter(file));
            (text, buttons)
        }
    };
    let language = attempt::attempt_language(context, attempt);
    // A press on the rack changes the picture's buttons in place (`Pressed::Replaced`),
    // so the next step is the same picture with the next choices under it.
    let mut reply = if context.incoming.pressed {
        attempt::ambit_picture(
            service,
            language,
            attempt,
            game,
            vec![text],
            AmbitView::default(),
        )?
        .with_buttons(buttons)
    } else {
        Outgoing::text(service.say(language, &text)).with_buttons(buttons)
    };
    reply.private = attempt.day.is_some();
    Ok(vec![reply])
}

/// `giveup`: ends the open puzzle and shows a minimal solution.
pub(crate) async fn ambit_giveup(
    service: &Service,
    context: &Context<'_>,
) -> Result<Vec<Outgoing>, Refusal> {
    let Some(attempt) = attempt::open_attempt(service, context).await? else {
        return Err(msg("ambit-no-puzzle").into());
    };
    let game = attempt::ambit_game(&attempt)?;
    let attempt =
        attempt::finish(service, attempt, AttemptStatus::GivenUp, None, context.now).await?;
    let mut lines = vec![msg("ambit-given-up")];
    lines.extend(daily::ending_lines(service, context, &attempt, &game));
    let view = AmbitView {
        solution: parse_solution(&attempt.solution),
        ..AmbitView::default()
    };
    let language = attempt::attempt_language(context, &attempt);
    let mut reply = attempt::ambit_picture(service, language, &attempt, &game, lines, view)?;
    reply.private = attempt.day.is_some();
    let mut replies = vec![reply];
    replies.extend(daily::public_share(service, context, &attempt, &game));
    Ok(replies)
}

/// `board` with no two-player game: the open puzzle, if any.
pub(crate) async fn ambit_board(
    service: &Service,
    context: &Context<'_>,
) -> Result<Option<Vec<Outgoing>>, Refusal> {
    let Some(attempt) = attempt::open_attempt(service, context).await? else {
        return Ok(None);
    };
    let game = attempt::ambit_game(&attempt)?;
    let mut reply = attempt::ambit_picture(
        service,
        attempt::attempt_language(context, &attempt),
        &attempt,
        &game,
        vec![msg("ambit-how")],
        AmbitView::default(),
    )?;
    reply.private = attempt.day.is_some();
    Ok(Some(vec![reply]))
}
