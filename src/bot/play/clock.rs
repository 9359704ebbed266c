//! Game clocks in play: the challenge's time control, starting the clocks, charging a move,
//! the time left in captions, and the scheduler's work — a reminder with a quarter of a
//! correspondence move's time left, the loss on time when it runs out.
//!
//! Deadlines are background work like the engine's moves: a game whose side to move has a
//! clock carries `deadline` (and `remind_at`); a process claims it in the database without
//! changing the version and commits a timeout with the version check of any change, so a move
//! that came first wins, two processes never both end the game, and a process that was down
//! when a deadline passed handles it once when it comes back.

use super::super::schedule::{Poster, chat_address};
use super::super::{Mention, Msg, NAME_STAND_IN, Outgoing, Platform, Refusal, Service, msg};
use super::seat::{Players, Seat};
use crate::bot::play::picture;
use crate::bot::play::seat;
use crate::bot::schedule;
use crate::games::{AnyGame, EndReason, Outcome, Side};
use crate::store::{DueClock, GameRecord, GameState, StoreError, Vacation};
use crate::time_control::{Clocks, Flagged, TimeControl, TimeControlError, TimeLeft, paused_by};
use std::time::Duration;
use tokio::sync::watch;

/// How long a claim on a deadline or reminder holds before another process may take it over.
pub const CLOCK_LEASE_MS: i64 = 60_000;

/// How often an adapter's clock worker looks for deadlines and reminders that have come: a
/// live game's flag falls at most this late (a late move is lost on time at once).
pub const CLOCK_SCAN: Duration = Duration::from_secs(1);

/// Deadlines and reminders one round handles at most (the rest wait for the next round).
const CLOCK_ROUND: i64 = 20;

/// The refusal of a `time:` word.
pub(super) fn time_control_refusal(typed: &str, error: &TimeControlError) -> Msg {
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
pub(super) fn start_clocks(game: &mut GameRecord, position: &AnyGame, now: i64) {
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
    now: i64,
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
    let paused = game
        .deadline
        .map_or(0, |deadline| (deadline - clocks.deadline(mover)).max(0));
    game.clocks = Some(clocks.paused(paused).after_move(mover, now)?);
    set_deadline(game, after);
    Ok(())
}

/// The deadline and reminder of the side to move in `position` (its turn began at the
/// clocks' `turn_since`), or none once it is over.
pub(super) fn restart_deadline(game: &mut GameRecord, position: &AnyGame) {
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
    game.result = Some(Outcome::win(side.opposite(), EndReason::Timeout).to_string());
    game.draw_offer = None;
    game.engine_due = None;
    stop_clocks(game);
}

/// The time the side to move has left, while the game runs on a clock: to the stored
/// deadline, which a vacation may have moved on.
pub(super) fn time_left(game: &GameRecord, to_move: Side, now: i64) -> Option<i64> {
    let clocks = game.clocks?;
    let deadline = game.deadline.unwrap_or(clocks.deadline(to_move));
    (game.state == GameState::Ongoing).then(|| deadline.saturating_sub(now).max(0))
}

/// The deadline and reminder of `game` (its side to move `to_move`, on `clocks`) with the
/// player's `vacation` standing the clock still: worked out from the turn's start each time,
/// so applying it again changes nothing. `None` when the vacation changes nothing.
pub(super) fn with_vacation(
    game: &GameRecord,
    to_move: Side,
    vacation: &Vacation,
) -> Option<(i64, Option<i64>)> {
    let clocks = game.clocks.filter(|c| c.control.is_correspondence())?;
    let (Some(from), Some(until)) = (vacation.from, vacation.until) else {
        return None;
    };
    let paused = paused_by(clocks.turn_since, from, until);
    let deadline = clocks.deadline(to_move) + paused;
    // A reminder already sent stays sent.
    let remind_at = game
        .remind_at
        .and(clocks.reminder(to_move))
        .map(|at| at + paused);
    (Some(deadline) != game.deadline || remind_at != game.remind_at)
        .then_some((deadline, remind_at))
}

/// The news that a player ran out of time (the picture, and the replay), for a game
/// already saved as finished.
pub(super) async fn timeout_report(
    service: &Service,
    language: &str,
    seat: &Seat,
    players: &Players,
    loser: Side,
    told_in_thread: Option<Platform>,
) -> Result<Vec<Outgoing>, Refusal> {
    let line = msg("timeout")
        .with("id", seat.game.id)
        .with("player", players.of(loser))
        .with("winner", players.of(loser.opposite()));
    picture::report(
        service,
        language,
        seat,
        players,
        seat.facts(),
        vec![line],
        told_in_thread,
    )
    .await
}

/// Handles every deadline and reminder of `platform` that has come, posting with
/// `poster`. Returns how many it handled.
pub async fn handle_due_clocks<P: Poster>(
    service: &Service,
    platform: Platform,
    holder: &str,
    poster: &P,
) -> Result<usize, StoreError> {
    let now = (service.clock)();
    let due = service
        .store
        .due_clocks(platform.as_str(), now, CLOCK_ROUND)
        .await?;
    let mut handled = 0;
    for item in due {
        let (id, version) = (item.game.id, item.game.version);
        if !service
            .store
            .claim_clock(id, version, holder, now, now + CLOCK_LEASE_MS)
            .await?
        {
            continue;
        }
        // The player to move may be on vacation: the deadline moves on, once.
        if let Some(postponed) = vacation_postponed(service, &item.game).await? {
            let (deadline, remind_at) = postponed;
            if !service
                .store
                .postpone_clock(id, version, holder, deadline, remind_at)
                .await?
            {
                tracing::warn!(game = id, "a clock's claim was lost while postponing it");
            }
            continue;
        }
        let done = match item.game.deadline {
            Some(deadline) if deadline <= now => time_out(service, platform, item, poster).await,
            _ => remind(service, item, holder, poster).await,
        };
        match done {
            Ok(true) => handled += 1,
            Ok(false) => service.store.release_clock(id, holder).await?,
            Err(error) => {
                tracing::warn!(game = id, %error, "a game's clock could not be handled; it will be tried again");
                service.store.release_clock(id, holder).await?;
            }
        }
    }
    Ok(handled)
}

/// The side to move ran out of time: the game ends (rated), and the chat is told once.
async fn time_out<P: Poster>(
    service: &Service,
    platform: Platform,
    due: DueClock,
    poster: &P,
) -> Result<bool, Refusal> {
    let mut game = due.game;
    let position = AnyGame::parse(game.kind, &game.position)
        .map_err(|e| StoreError::Corrupt(format!("game {} position: {e}", game.id)))?;
    let loser = position.side_to_move();
    lose_on_time(&mut game, loser);
    let now = (service.clock)();
    let saved = match service.store.save_game(&game, None, now).await {
        Ok(saved) => saved,
        // A move (or a resignation) came first: it stands, and the clock with it.
        Err(StoreError::Conflict) => return Ok(false),
        Err(error) => return Err(error.into()),
    };
    schedule::rate_or_defer(service, saved.id, now).await;
    tracing::info!(game = saved.id, "a game was lost on time");
    let language = chat_language_of(service, saved.chat_id).await?;
    let seat = Seat::new(saved, 0)?;
    let players = seat::players(service, &seat.game).await?;
    let news = timeout_report(service, language, &seat, &players, loser, Some(platform)).await?;
    let to = chat_address(&due.chat, seat.game.thread.as_deref());
    if let Err(why) = poster.post(&to, news).await {
        // The result stands (committed); the chat sees it with the next `board`.
        tracing::warn!(game = seat.game.id, %why, "the timeout was not delivered");
    }
    Ok(true)
}

/// A quarter of the move's time is left: the player to move is told, once.
async fn remind<P: Poster>(
    service: &Service,
    due: DueClock,
    holder: &str,
    poster: &P,
) -> Result<bool, Refusal> {
    let game = due.game;
    let position = AnyGame::parse(game.kind, &game.position)
        .map_err(|e| StoreError::Corrupt(format!("game {} position: {e}", game.id)))?;
    let to_move = position.side_to_move();
    let now = (service.clock)();
    let Some(left) = time_left(&game, to_move, now) else {
        return Ok(false);
    };
    let language = chat_language_of(service, game.chat_id).await?;
    let players = seat::players(service, &game).await?;
    let ping = players.ping(to_move);
    let text = msg("reminder")
        .with("id", game.id)
        .with(
            "player",
            ping.map_or(players.of(to_move), |_| NAME_STAND_IN),
        )
        .with("left", service.say(language, &left_message(left)));
    let (text, named) = service.say_naming(language, &text, players.of(to_move));
    let mut reply = Outgoing::text(text);
    if let (Some(user), Some(range)) = (ping, named) {
        reply.mentions.push(Mention {
            range,
            user: user.to_string(),
        });
    }
    let to = chat_address(&due.chat, game.thread.as_deref());
    if let Err(why) = poster.post(&to, vec![reply]).await {
        tracing::warn!(game = game.id, %why, "a reminder was not delivered; it will be tried again");
        return Ok(false);
    }
    if !service
        .store
        .finish_reminder(game.id, game.version, holder)
        .await?
    {
        tracing::warn!(game = game.id, "a reminder's claim was lost while sending");
    }
    Ok(true)
}

/// The new deadline and reminder of `game` if its player to move is on a vacation that
/// they do not count yet.
async fn vacation_postponed(
    service: &Service,
    game: &GameRecord,
) -> Result<Option<(i64, Option<i64>)>, StoreError> {
    let Ok(position) = AnyGame::parse(game.kind, &game.position) else {
        return Ok(None);
    };
    let to_move = position.side_to_move();
    let Some(player) = game.player(to_move) else {
        return Ok(None);
    };
    let vacation = service.store.vacation(player).await?;
    Ok(with_vacation(game, to_move, &vacation))
}

async fn chat_language_of(service: &Service, chat_id: i64) -> Result<&str, Refusal> {
    let code = service.store.chat_language(chat_id).await?;
    Ok(service.catalogue.language_for(code.as_deref()))
}

/// Handles the deadlines and reminders of `platform` until `shutdown`: a round at start
/// (what came due while the process was down), then one every `every`.
pub async fn run_clocks<P: Poster>(
    service: &Service,
    platform: Platform,
    holder: String,
    poster: P,
    every: Duration,
    mut shutdown: watch::Receiver<bool>,
) {
    loop {
        match handle_due_clocks(service, platform, &holder, &poster).await {
            // A full round: more may be waiting behind it.
            Ok(handled) if handled as i64 >= CLOCK_ROUND => continue,
            Ok(_) => {}
            Err(error) => tracing::warn!(%error, "clocks: database unavailable; trying again"),
        }
        tokio::select! {
            () = tokio::time::sleep(every) => {}
            changed = shutdown.changed() => {
                if changed.is_err() || *shutdown.borrow() {
                    break;
                }
            }
        }
    }
}
