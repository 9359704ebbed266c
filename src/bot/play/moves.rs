//! Playing a game: a move (typed with `move` or bare), the board, resigning and draws.

use super::clock;
use super::computer;
use super::deadlines;
use super::game;
use super::picture;
use super::players;
use super::report;
use super::seat::{self, Running, Seat, pick_seat, playing_side};
use crate::bot::ambit::puzzle;
use crate::bot::command::{GameRef, Word};
use crate::bot::context::Context;
use crate::bot::msg::msg;
use crate::bot::notes;
use crate::bot::outcome::Refusal;
use crate::bot::reply::{Button, Outgoing};
use crate::bot::service::Service;
use crate::bot::words::{Quoting, move_usage, not_a_move, refusal_message};
use crate::games::{EndReason, Outcome, Status, quote};
use crate::store::{GameState, MoveRecord};

/// `move`: a move in the game named, or the one the speaker means.
pub(crate) async fn play_move(
    service: &Service,
    context: &Context<'_>,
    text: &str,
    game_ref: Option<GameRef>,
    explicit: bool,
) -> Result<Vec<Outgoing>, Refusal> {
    let seat = seat::players_seat(service, context, game_ref, true).await;
    play_in(service, context, text, seat, explicit).await
}

/// A bare line that may be a move, in one of the speaker's `running` games (read once,
/// by the caller): played in the one game where it is the speaker's turn and the line is
/// legal; where several fit, or it fits none of several, the refusal names the games.
pub(crate) async fn play_bare(
    service: &Service,
    context: &Context<'_>,
    text: &str,
    running: Running,
) -> Result<Vec<Outgoing>, Refusal> {
    let user = context.user.id;
    let fit = running.fit(user, text);
    let numbered = |ids: &[crate::store::GameId]| {
        ids.iter()
            .map(|id| format!("#{id}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let seat = match (fit.legal.as_slice(), fit.shaped.as_slice()) {
        ([one], _) => running.take(*one, user),
        ([first, ..], _) => {
            return Err(msg("bare-move-several")
                .with("move", quote(text))
                .with("ids", numbered(&fit.legal))
                .with("example", format!("move {} #{first}", text.trim()))
                .into());
        }
        ([], [first, _, ..]) => {
            return Err(msg("bare-move-nowhere")
                .with("move", quote(text))
                .with("ids", numbered(&fit.shaped))
                .with("example", format!("board #{first}"))
                .into());
        }
        ([], _) => pick_seat(context, running, true),
    };
    play_in(service, context, text, seat, false).await
}

/// Plays `text` in the game of `seat`; a bare line (`explicit` false) that finds no game
/// or is not shaped like a move was not meant as one.
async fn play_in(
    service: &Service,
    context: &Context<'_>,
    text: &str,
    seat: Result<Seat, Refusal>,
    explicit: bool,
) -> Result<Vec<Outgoing>, Refusal> {
    let unknown_command = || {
        let word = text.split_whitespace().next().unwrap_or_default();
        Refusal::from(msg("help-unknown-command").with("command", word))
    };
    let mut seat = match seat {
        Ok(seat) => seat,
        Err(Refusal::User(_)) if !explicit => return Err(unknown_command()),
        Err(other) => return Err(other),
    };
    let side = seat::check_turn(service, &seat).await?;
    if clock::time_left(&seat.game, side, context.now) == Some(0) {
        // The move came too late: the game is lost on time, as the scheduler would have
        // ended it a moment later.
        clock::lose_on_time(&mut seat.game, side);
        seat.game = game::save(service, context, &seat.game, None).await?;
        let players = players::read(service, &seat.game).await?;
        return deadlines::timeout_report(
            service,
            context.language,
            &seat,
            &players,
            side,
            context.in_thread(),
        )
        .await;
    }
    let continuing_turn = seat.position.turn_in_progress();
    let played = match seat.position.play_message(text) {
        Ok(played) => played,
        // A bare line that is not even shaped like a move was not meant as one.
        Err(error) if !explicit && not_a_move(&error) => {
            return Err(unknown_command());
        }
        Err(error) => {
            let language = context.language;
            let usage = service.say(language, &move_usage(seat.game.kind));
            return Err(Refusal::User(vec![
                refusal_message(&error, Quoting::Cut, |m| service.say(language, m)),
                msg("move-usage").with("usage", usage),
            ]));
        }
    };
    // The rules' word on the new position, once: it ends the game, and the picture shows it.
    let facts = seat.position.view_facts();
    game::record_move(&mut seat.game, &played, &seat.position, continuing_turn);
    if let Status::Over(outcome) = facts.status {
        seat.game.state = GameState::Finished;
        seat.game.result = Some(outcome);
    }
    if clock::charge_move(&mut seat.game, side, &seat.position, context.now).is_err() {
        // Only when the time ran out between the look above and now: nothing is saved,
        // and the scheduler ends the game.
        return Err(msg("timeout-move-late").with("id", seat.game.id).into());
    }
    let record = MoveRecord {
        ply: seat.game.plies,
        side,
        user_id: context.user.id,
        notation: played.text.clone(),
    };
    seat.game = game::save(service, context, &seat.game, Some(&record)).await?;
    let players = players::read(service, &seat.game).await?;
    // A turn built over several messages is told whole once it ends.
    let shown = match (&seat.game.last_move, seat.position.turn_in_progress()) {
        (Some(turn), false) if continuing_turn => whole_turn(&turn.text),
        _ => played.shown.clone(),
    };
    let mut lines = vec![
        msg("caption-last-move")
            .with("player", &context.user.display_name)
            .with("turn", &shown),
    ];
    lines.extend(notes::move_notes(&seat.position));
    lines.extend(computer::thinking_line(
        &seat.game,
        &seat.position,
        &players,
    ));
    report::report(
        service,
        context.language,
        &seat,
        &players,
        facts,
        lines,
        context.in_thread(),
    )
    .await
}

pub(crate) async fn board(
    service: &Service,
    context: &Context<'_>,
    game_ref: Option<GameRef>,
    flip: bool,
) -> Result<Vec<Outgoing>, Refusal> {
    let game = match game_ref {
        Some(id) => game::game_in_chat(service, context, id).await?,
        None => match seat::players_seat(service, context, None, true).await {
            Ok(seat) => seat.game,
            Err(Refusal::User(reasons)) => {
                if let Some(puzzle) = puzzle::ambit_board(service, context).await? {
                    return Ok(puzzle);
                }
                let ongoing = service.store().ongoing_games(context.chat_id, 2).await?;
                match ongoing.as_slice() {
                    [one] => one.clone(),
                    _ => match service
                        .store()
                        .last_finished_game(context.chat_id, context.user.id)
                        .await?
                    {
                        Some(last) => last,
                        None => return Err(Refusal::User(reasons)),
                    },
                }
            }
            Err(other) => return Err(other),
        },
    };
    if game.state == GameState::Challenge || game.state == GameState::Declined {
        return Err(msg("game-not-started").with("id", game.id).into());
    }
    let seat = Seat::new(game, context.user.id)?;
    let players = players::read(service, &seat.game).await?;
    let picture = picture::picture(
        service,
        context.language,
        &seat,
        &players,
        seat.facts(),
        Vec::new(),
        flip,
    );
    // Asked for, not a turn's news: nobody is pinged.
    let mut picture = picture?;
    picture.mentions.clear();
    Ok(vec![picture])
}

pub(crate) async fn resign(
    service: &Service,
    context: &Context<'_>,
    game_ref: Option<GameRef>,
) -> Result<Vec<Outgoing>, Refusal> {
    let mut seat = seat::players_seat(service, context, game_ref, false).await?;
    let side = playing_side(&seat)?;
    let outcome = Outcome::win(side.opposite(), EndReason::Resignation);
    seat.game.state = GameState::Finished;
    seat.game.result = Some(outcome);
    seat.game.draw_offer = None;
    seat.game = game::save(service, context, &seat.game, None).await?;
    let players = players::read(service, &seat.game).await?;
    let line = msg("resigned")
        .with("user", &context.user.display_name)
        .with("id", seat.game.id)
        .with("winner", players.of(side.opposite()));
    report::report(
        service,
        context.language,
        &seat,
        &players,
        seat.facts(),
        vec![line],
        context.in_thread(),
    )
    .await
}

pub(crate) async fn draw(
    service: &Service,
    context: &Context<'_>,
    game_ref: Option<GameRef>,
) -> Result<Vec<Outgoing>, Refusal> {
    let mut seat = seat::players_seat(service, context, game_ref, false).await?;
    let side = playing_side(&seat)?;
    let players = players::read(service, &seat.game).await?;
    let opponent = players.of(side.opposite()).to_string();
    if let Some(computer) = seat.game.computer_side() {
        // The computer answers at once, by its own search at its level.
        if !computer::computer_takes_draw(service, &seat).await {
            let text = msg("computer-declines-draw")
                .with("computer", players.of(computer))
                .with("id", seat.game.id);
            return Ok(vec![Outgoing::text(service.say(context.language, &text))]);
        }
        seat.game.draw_offer = Some(side.opposite());
    }
    let game = &mut seat.game;
    match game.draw_offer {
        Some(offered) if offered == side => Err(msg("draw-already-offered")
            .with("id", game.id)
            .with("opponent", opponent)
            .into()),
        Some(_) => {
            game.state = GameState::Finished;
            game.result = Some(Outcome::draw(EndReason::Agreement));
            game.draw_offer = None;
            seat.game = game::save(service, context, game, None).await?;
            let line = msg("draw-agreed").with("id", seat.game.id);
            let facts = seat.facts();
            report::report(
                service,
                context.language,
                &seat,
                &players,
                facts,
                vec![line],
                context.in_thread(),
            )
            .await
        }
        None => {
            game.draw_offer = Some(side);
            let game = game::save(service, context, game, None).await?;
            let text = msg("draw-offered")
                .with("user", &context.user.display_name)
                .with("id", game.id)
                .with("opponent", opponent);
            let buttons = vec![
                Button::new(
                    service.say(context.language, &msg("button-accept-draw")),
                    format!("draw {}", game.id),
                ),
                Button::new(
                    service.say(context.language, &msg("button-decline-draw")),
                    format!("decline {}", game.id),
                ),
            ];
            Ok(vec![
                Outgoing::text(service.say(context.language, &text)).with_buttons(buttons),
            ])
        }
    }
}

/// The question before a resignation (`Platform::asks_before_resigning`), for the speaker
/// alone, with a button that resigns.
pub(crate) fn resign_question(
    service: &Service,
    context: &Context<'_>,
    game: Option<GameRef>,
) -> Outgoing {
    let language = context.own_language;
    let mut command = format!("{} confirm", Word::Resign);
    if let Some(id) = game {
        command.push_str(&format!(" #{id}"));
    }
    let button = Button::new(
        service.say(language, &msg("button-resign-confirm")),
        command,
    );
    let mut question =
        Outgoing::text(service.say(language, &msg("resign-confirm"))).with_buttons(vec![button]);
    question.private = true;
    question
}

/// Writes a played move into the record: the new position, the ply count and the squares to
/// mark. A Chesimals turn played over several messages keeps the whole turn's trail.
/// A Chesimals turn's stored text as a caption shows it: its actions without the closing
/// `end` (`b3-b5 a3-a4 end` reads `b3-b5 a3-a4`).
fn whole_turn(text: &str) -> String {
    let words: Vec<&str> = text.split(' ').collect();
    // A promotion (`end e5=N`) is more than the closing word: it stays.
    let actions: Vec<&str> = words
        .iter()
        .enumerate()
        .filter(|(i, word)| **word != "end" || words.get(i + 1).is_some_and(|w| w.contains('=')))
        .map(|(_, word)| *word)
        .collect();
    match actions.is_empty() {
        true => text.to_string(),
        false => actions.join(" "),
    }
}
