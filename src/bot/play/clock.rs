//! A game's clocks: the challenge's time control, starting the clocks, charging a move,
//! stopping them, vacations, and the time left that captions show. The worker that acts on
//! deadlines and reminders is `deadlines`.

use crate::bot::msg::{Msg, msg};
use crate::games::time_control::{
    Clocks, Flagged, TimeControl, TimeControlError, TimeLeft, paused_by,
};
use crate::games::{AnyGame, EndReason, Outcome, Side, Timestamp};
use crate::store::{GameRecord, GameState, Vacation};

/// The refusal of a `time:` word.
pub(crate) fn time_control_refusal(typed: &str, error: &TimeControlError) -> Msg {
    let key = match error {
        TimeControlError::Unreadable => "time-control-unreadable",
        TimeControlError::Days => "time-control-days",
        TimeControlError::Minutes => "time-control-minutes",
        TimeControlError::Increment => "time-control-increment",
    };
    msg(key).with("time", crate::games::quote(typed))
}

/// A time control said for people: "3 days a move", "10 min + 5 s".
pub(crate) fn control_message(control: TimeControl) -> Msg {
    match control {
        TimeControl::Correspondence { days } => {
            msg("time-control-correspondence").number("days", u32::try_from(days).unwrap_or(0))
        }
        TimeControl::Live { minutes, increment } => msg("time-control-live")
            .with("minutes", minutes)
            .with("increment", increment),
    }
}

/// A time left said for people: "2 d 23 h", "5 h 7 min", "9:42".
pub(crate) fn left_message(ms: i64) -> Msg {
    match TimeLeft::of(ms) {
        TimeLeft::DaysHours(days, hours) => msg("time-left-days")
            .with("days", days)
            .with("hours", hours),
        TimeLeft::HoursMinutes(hours, minutes) => msg("time-left-hours")
            .with("hours", hours)
            .with("minutes", minutes),
        TimeLeft::MinutesSeconds(minutes, seconds) => msg("time-left-minutes")
            .with("minutes", minutes)
            .with("seconds", format!("{seconds:02}")),
    }
}

/// Starts the clocks of a game with a time control, at `now` (the game begins).
pub(crate) fn start_clocks(game: &mut GameRecord, position: &AnyGame, now: Timestamp) {
    if let Some(control) = game.time_control {
        game.clocks = Some(Clocks::start(control, now));
        set_deadline(game, position);
    }
}

/// Charges the move that `mover` just made (the position is after it) at `now`. A Chesimals
/// turn typed over several messages is charged when it is finished. `Flagged`: the mover's
/// time had run out before the move came.
pub(super) fn charge_move(
    game: &mut GameRecord,
    mover: Side,
    after: &AnyGame,
    now: Timestamp,
) -> Result<(), Flagged> {
    let Some(clocks) = game.clocks else {
        return Ok(());
    };
    if time_left(game, mover, now) == Some(0) {
        return Err(Flagged);
    }
    if after.side_to_move() == mover {
        return Ok(());
    }
    // A vacation moved the stored deadline on: the turn stood still that long.
    let paused = game.deadline.map_or(0, |deadline| {
        deadline.ms_since(clocks.deadline(mover)).max(0)
    });
    game.clocks = Some(clocks.paused(paused).after_move(mover, now)?);
    set_deadline(game, after);
    Ok(())
}

/// The deadline and reminder of the side to move in `position` (its turn began at the
/// clocks' `turn_since`), or none once it is over.
pub(crate) fn restart_deadline(game: &mut GameRecord, position: &AnyGame) {
    set_deadline(game, position);
}

fn set_deadline(game: &mut GameRecord, position: &AnyGame) {
    let to_move = position.side_to_move();
    match game.clocks {
        Some(clocks) if game.state == GameState::Ongoing && !position.status().is_over() => {
            game.deadline = Some(clocks.deadline(to_move));
            game.remind_at = clocks.reminder(to_move);
        }
        _ => {
            game.deadline = None;
            game.remind_at = None;
        }
    }
}

/// A finished game's clocks stand still: nothing is due any more.
pub(super) fn stop_clocks(game: &mut GameRecord) {
    if game.state != GameState::Ongoing {
        game.deadline = None;
        game.remind_at = None;
    }
}

/// Ends `game` as lost on time by `side`, in the record only (the caller saves it); a late
/// move is not played.
pub(super) fn lose_on_time(game: &mut GameRecord, side: Side) {
    game.state = GameState::Finished;
    game.result = Some(Outcome::win(side.opposite(), EndReason::Timeout));
    game.draw_offer = None;
    game.engine_due = None;
    stop_clocks(game);
}

/// The time the side to move has left, while the game runs on a clock: to the stored
/// deadline, which a vacation may have moved on.
pub(super) fn time_left(game: &GameRecord, to_move: Side, now: Timestamp) -> Option<i64> {
    let clocks = game.clocks?;
    let deadline = game.deadline.unwrap_or(clocks.deadline(to_move));
    (game.state == GameState::Ongoing).then(|| deadline.ms_since(now).max(0))
}

/// The deadline and reminder of `game` (its side to move `to_move`, on `clocks`) with the
/// player's `vacation` standing the clock still: worked out from the turn's start each time,
/// so applying it again changes nothing. `None` when the vacation changes nothing.
pub(super) fn with_vacation(
    game: &GameRecord,
    to_move: Side,
    vacation: &Vacation,
) -> Option<(Timestamp, Option<Timestamp>)> {
    let clocks = game.clocks.filter(|c| c.control.is_correspondence())?;
    let (Some(from), Some(until)) = (vacation.from, vacation.until) else {
        return None;
    };
    let paused = paused_by(clocks.turn_since, from, until);
    let deadline = clocks.deadline(to_move).plus(paused);
    // A reminder already sent stays sent.
    let remind_at = game
        .remind_at
        .and(clocks.reminder(to_move))
        .map(|at| at.plus(paused));
    (Some(deadline) != game.deadline || remind_at != game.remind_at)
        .then_some((deadline, remind_at))
}
