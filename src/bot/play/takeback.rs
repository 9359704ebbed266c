//! Taking moves back and aborting: `takeback` asks the opponent (Accept/Decline buttons) and,
//! accepted, takes back the asker's last move (and the opponent's answer, so that it is the
//! asker's turn again) as one event, never by deleting a move; `abort` ends a game that has
//! barely begun, unrated.

use super::clock;
use super::game;
use super::picture;
use super::players::{self, Players};
use super::seat::{self, Seat, playing_side};
use super::thread;
use crate::bot::command::GameRef;
use crate::bot::context::Context;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::reply::{Button, Outgoing};
use crate::bot::service::Service;
use crate::games::{MoveSquares, Side};
use crate::store::{GameRecord, GameState, LastMove, StandingMove, StoreError};

/// The standing moves a takeback or an abort looks at, latest first: a turn, and the turn
/// answering it, typed over at most this many messages (a Chesimals turn may take several).
const TURNS_LOOKED_AT: i64 = 64;

/// Each side may abort until both have moved this many times.
const ABORT_BEFORE_MOVES: usize = 2;

/// The moves `asker` takes back from `standing` (latest first): its own last turn and, if
/// the opponent answered it, that answer. `None` when it has not moved.
fn taken_back(standing: &[StandingMove], asker: Side) -> Option<usize> {
    let run = |from: usize, side: Side| {
        standing[from..]
            .iter()
            .take_while(|m| m.record.side == side)
            .count()
    };
    let answer = run(0, asker.opposite());
    let own = run(answer, asker);
    (own > 0).then_some(answer + own)
}

/// How many turns each side has made among `standing` (latest first), up to `enough`.
fn turns(standing: &[StandingMove]) -> (usize, usize) {
    let mut counts = (0, 0);
    let mut last: Option<Side> = None;
    for played in standing.iter().rev() {
        if last != Some(played.record.side) {
            match played.record.side {
                Side::White => counts.0 += 1,
                Side::Black => counts.1 += 1,
            }
        }
        last = Some(played.record.side);
    }
    counts
}

/// `takeback [#id]`: asks the opponent to take the speaker's last move back, or accepts
/// the opponent's question. Against the computer it is granted at once.
pub(crate) async fn takeback(
    service: &Service,
    context: &Context<'_>,
    game_ref: Option<GameRef>,
) -> Result<Vec<Outgoing>, Refusal> {
    let seat = seat::players_seat(service, context, game_ref, false).await?;
    let side = playing_side(&seat)?;
    let players = players::read(service, &seat.game).await?;
    let game = &seat.game;
    if game.takeback_offer == Some(side.opposite()) {
        // The opponent asked; this is the answer.
        return grant_takeback(service, context, seat, side.opposite(), &players).await;
    }
    if game.takeback_offer == Some(side) {
        return Err(msg("takeback-already-asked")
            .with("id", game.id)
            .with("opponent", players.of(side.opposite()))
            .into());
    }
    let standing = service
        .store()
        .last_standing_moves(game.id, TURNS_LOOKED_AT)
        .await?;
    if taken_back(&standing, side).is_none() {
        return Err(msg("takeback-nothing").with("id", game.id).into());
    }
    if seat.position.turn_in_progress() && seat.position.side_to_move() == side {
        return Err(msg("takeback-mid-turn").with("id", game.id).into());
    }
    if game.computer_side().is_some() {
        return grant_takeback(service, context, seat, side, &players).await;
    }
    let mut asked = seat.game.clone();
    asked.takeback_offer = Some(side);
    let asked = game::save(service, context, &asked, None).await?;
    let text = msg("takeback-asked")
        .with("user", &context.user.display_name)
        .with("id", asked.id)
        .with("opponent", players.of(side.opposite()));
    let buttons = vec![
        Button::new(
            service.say(context.language, &msg("button-accept-takeback")),
            format!("takeback {}", asked.id),
        ),
        Button::new(
            service.say(context.language, &msg("button-decline")),
            format!("decline {}", asked.id),
        ),
    ];
    Ok(vec![
        Outgoing::text(service.say(context.language, &text)).with_buttons(buttons),
    ])
}

/// Takes back `asker`'s last move (and the answer to it) in `seat`'s game, as one event.
async fn grant_takeback(
    service: &Service,
    context: &Context<'_>,
    seat: Seat,
    asker: Side,
    players: &Players,
) -> Result<Vec<Outgoing>, Refusal> {
    let mut game = seat.game;
    let standing = service
        .store()
        .last_standing_moves(game.id, TURNS_LOOKED_AT)
        .await?;
    let Some(count) = taken_back(&standing, asker) else {
        return Err(msg("takeback-nothing").with("id", game.id).into());
    };
    let Some(first_taken) = standing.get(count - 1) else {
        return Err(msg("takeback-nothing").with("id", game.id).into());
    };
    let from_ply = first_taken.record.ply;
    // The position goes back to the one after the last move that stands.
    let before = standing.get(count);
    if before.is_none() && standing.len() as i64 >= TURNS_LOOKED_AT {
        // The turn began further back than was read: not taken back half.
        return Err(msg("takeback-too-long").with("id", game.id).into());
    }
    let position = match before {
        Some(before) => before.after(&game)?,
        None => game.start()?,
    };
    game.position = position.position_text();
    game.last_move = before.and_then(|m| last_move_of(&game, m, standing.get(count + 1)));
    game.takeback_offer = None;
    game.draw_offer = None;
    // The asker's turn starts again now, its bank as it was.
    if let Some(clocks) = game.clocks.as_mut() {
        clocks.turn_since = context.now;
    }
    clock::restart_deadline(&mut game, &position);
    game::mark_engine_due(service, &mut game, context.now);
    let saved = match service
        .store()
        .take_back(&game, from_ply, context.user.id, context.now)
        .await
    {
        Err(StoreError::Conflict) => {
            return Err(msg("move-conflict").with("id", game.id).into());
        }
        other => other?,
    };
    let seat = Seat::new(saved, context.user.id)?;
    let line = msg("takeback-done")
        .with("id", seat.game.id)
        .with("player", players.of(asker))
        .number("moves", u32::try_from(count).unwrap_or(u32::MAX));
    let facts = seat.facts();
    Ok(vec![picture::picture(
        service,
        context.language,
        &seat,
        players,
        facts,
        vec![line],
        false,
    )?])
}

/// `abort [#id]`: ends a game before each side has moved twice, unrated.
pub(crate) async fn abort(
    service: &Service,
    context: &Context<'_>,
    game_ref: Option<GameRef>,
) -> Result<Vec<Outgoing>, Refusal> {
    let seat = seat::players_seat(service, context, game_ref, false).await?;
    playing_side(&seat)?;
    // A tournament's game counts for the standings: it is played, resigned or lost on
    // time, never wiped out.
    if let Some((tournament, _)) = service.store().tournament_of_game(seat.game.id).await? {
        return Err(msg("abort-tournament")
            .with("id", seat.game.id)
            .with("tournament", tournament)
            .into());
    }
    let mut game = seat.game;
    let standing = service
        .store()
        .last_standing_moves(game.id, TURNS_LOOKED_AT)
        .await?;
    let (white, black) = turns(&standing);
    let too_late = standing.len() as i64 >= TURNS_LOOKED_AT
        || (white >= ABORT_BEFORE_MOVES && black >= ABORT_BEFORE_MOVES);
    if too_late {
        return Err(msg("abort-too-late").with("id", game.id).into());
    }
    game.state = GameState::Aborted;
    game.draw_offer = None;
    game.takeback_offer = None;
    let game = game::save(service, context, &game, None).await?;
    let text = msg("aborted")
        .with("id", game.id)
        .with("user", &context.user.display_name);
    let mut replies = vec![Outgoing::text(service.say(context.language, &text))];
    if let Some(platform) = context.in_thread() {
        let players = players::read(service, &game).await?;
        replies.extend(thread::parent_notice(
            service,
            platform,
            context.language,
            &game,
            &players,
        ));
    }
    Ok(replies)
}

/// Declines the takeback the opponent asked for in `game`.
pub(super) async fn decline_takeback(
    service: &Service,
    context: &Context<'_>,
    mut game: GameRecord,
) -> Result<Vec<Outgoing>, Refusal> {
    game.takeback_offer = None;
    let game = game::save(service, context, &game, None).await?;
    let text = msg("takeback-declined")
        .with("user", &context.user.display_name)
        .with("id", game.id);
    Ok(vec![Outgoing::text(service.say(context.language, &text))])
}

/// The squares to mark for `last`, the move that stands last after a takeback: found by
/// playing it again on the position before it (`earlier`, or the start).
fn last_move_of(
    game: &GameRecord,
    last: &StandingMove,
    earlier: Option<&StandingMove>,
) -> Option<LastMove> {
    let mut position = match earlier {
        Some(earlier) => earlier.after(game),
        None => game.start(),
    }
    .ok()?;
    let played = position.play_message(&last.record.notation).ok()?;
    let squares: MoveSquares = played.squares;
    Some(LastMove::new(&played.text, &squares))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::MoveRecord;

    fn standing(sides: &[Side]) -> Vec<StandingMove> {
        // Latest first, as the store gives them.
        sides
            .iter()
            .enumerate()
            .rev()
            .map(|(ply, &side)| StandingMove {
                record: MoveRecord {
                    ply: ply as i64 + 1,
                    side,
                    user_id: 1,
                    notation: String::new(),
                },
                position_after: String::new(),
            })
            .collect()
    }

    use Side::{Black as B, White as W};

    #[test]
    fn a_takeback_takes_the_askers_last_turn_and_the_answer_to_it() {
        // White asks after Black answered: both go, and it is White's turn again.
        assert_eq!(taken_back(&standing(&[W, B, W, B]), W), Some(2));
        // White asks before Black answered: only White's move goes.
        assert_eq!(taken_back(&standing(&[W, B, W]), W), Some(1));
        // A Chesimals turn typed in three messages goes back whole.
        assert_eq!(taken_back(&standing(&[W, B, B, B]), B), Some(3));
        assert_eq!(taken_back(&standing(&[W, B, B, B, W]), B), Some(4));
        // Nothing of Black's to take back.
        assert_eq!(taken_back(&standing(&[W]), B), None);
        assert_eq!(taken_back(&standing(&[]), W), None);
    }

    #[test]
    fn turns_count_runs_of_one_side() {
        assert_eq!(turns(&standing(&[])), (0, 0));
        assert_eq!(turns(&standing(&[W, B, B, W])), (2, 1));
        assert_eq!(turns(&standing(&[W, B, W, B])), (2, 2));
    }
}
