//! The clocks' worker: a reminder with a quarter of a correspondence move's time left, the
//! loss on time when it runs out.
//!
//! Deadlines are background work like the engine's moves: a game whose side to move has a
//! clock carries `deadline` (and `remind_at`); a process claims it in the database without
//! changing the version and commits a timeout with the version check of any change, so a move
//! that came first wins, two processes never both end the game, and a process that was down
//! when a deadline passed handles it once when it comes back.

use super::clock::{left_message, lose_on_time, time_left, with_vacation};
use super::players::{self, Players};
use super::report;
use super::seat::Seat;
use crate::bot::deferred_ratings;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::platform::Platform;
use crate::bot::poster::{Poster, chat_address};
use crate::bot::reply::{Mention, NAME_STAND_IN, Outgoing};
use crate::bot::service::Service;
use crate::games::{Side, Timestamp};
use crate::store::{DueClock, GameRecord, StoreError};
use std::time::Duration;
use tokio::sync::watch;

/// How long a claim on a deadline or reminder holds before another process may take it over.
pub const CLOCK_LEASE_MS: i64 = 60_000;

/// How often the clocks' worker looks for deadlines and reminders that have come: a
/// live game's flag falls at most this late (a late move is lost on time at once).
pub const CLOCK_SCAN: Duration = Duration::from_secs(1);

/// Deadlines and reminders one round handles at most (the rest wait for the next round).
const CLOCK_ROUND: i64 = 20;

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
    report::report(
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
    let now = service.now();
    let due = service
        .store()
        .due_clocks(platform, now, CLOCK_ROUND)
        .await?;
    let mut handled = 0;
    for item in due {
        let (id, version) = (item.game.id, item.game.version);
        if !service
            .store()
            .claim_clock(id, version, holder, now, now.plus(CLOCK_LEASE_MS))
            .await?
        {
            continue;
        }
        // The player to move may be on vacation: the deadline moves on, once.
        if let Some(postponed) = vacation_postponed(service, &item.game).await? {
            let (deadline, remind_at) = postponed;
            if !service
                .store()
                .postpone_clock(id, version, holder, deadline, remind_at)
                .await?
            {
                tracing::warn!(game = id.0, "a clock's claim was lost while postponing it");
            }
            continue;
        }
        let done = match item.game.deadline {
            Some(deadline) if deadline <= now => time_out(service, platform, item, poster).await,
            _ => remind(service, item, holder, poster).await,
        };
        match done {
            Ok(true) => handled += 1,
            Ok(false) => service.store().release_clock(id, holder).await?,
            Err(error) => {
                tracing::warn!(game = id.0, %error, "a game's clock could not be handled; it will be tried again");
                service.store().release_clock(id, holder).await?;
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
    let position = game.game()?;
    let loser = position.side_to_move();
    lose_on_time(&mut game, loser);
    let now = service.now();
    let saved = match service.store().save_game(&game, None, now).await {
        Ok(saved) => saved,
        // A move (or a resignation) came first: it stands, and the clock with it.
        Err(StoreError::Conflict) => return Ok(false),
        Err(error) => return Err(error.into()),
    };
    deferred_ratings::rate_or_defer(service, saved.id, now).await;
    tracing::info!(game = saved.id.0, "a game was lost on time");
    let language = service.chat_language(saved.chat_id).await?;
    let seat = Seat::new(saved, 0)?;
    let players = players::read(service, &seat.game).await?;
    let news = timeout_report(service, language, &seat, &players, loser, Some(platform)).await?;
    let to = chat_address(&due.chat, seat.game.thread.as_deref());
    if let Err(why) = poster.post(&to, news).await {
        // The result stands (committed); the chat sees it with the next `board`.
        tracing::warn!(game = seat.game.id.0, %why, "the timeout was not delivered");
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
    let position = game.game()?;
    let to_move = position.side_to_move();
    let now = service.now();
    let Some(left) = time_left(&game, to_move, now) else {
        return Ok(false);
    };
    let language = service.chat_language(game.chat_id).await?;
    let players = players::read(service, &game).await?;
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
        tracing::warn!(game = game.id.0, %why, "a reminder was not delivered; it will be tried again");
        return Ok(false);
    }
    if !service
        .store()
        .finish_reminder(game.id, game.version, holder)
        .await?
    {
        tracing::warn!(
            game = game.id.0,
            "a reminder's claim was lost while sending"
        );
    }
    Ok(true)
}

/// The new deadline and reminder of `game` if its player to move is on a vacation that
/// they do not count yet.
async fn vacation_postponed(
    service: &Service,
    game: &GameRecord,
) -> Result<Option<(Timestamp, Option<Timestamp>)>, StoreError> {
    let Ok(position) = game.game() else {
        return Ok(None);
    };
    let to_move = position.side_to_move();
    let Some(player) = game.player(to_move) else {
        return Ok(None);
    };
    let vacation = service.store().vacation(player).await?;
    Ok(with_vacation(game, to_move, &vacation))
}

/// Handles the deadlines and reminders of `platform` until `shutdown`: a round at start
/// (what came due while the process was down), then one every `every`.
pub async fn run_clocks<P: Poster>(
    service: &Service,
    platform: Platform,
    holder: String,
    poster: P,
    every: Duration,
    shutdown: watch::Receiver<bool>,
) {
    let (holder, poster) = (&holder, &poster);
    crate::bot::worker_rest::run_rounds(
        "clocks",
        every,
        std::future::pending,
        // A full round: more may be waiting behind it.
        move || async move {
            handle_due_clocks(service, platform, holder, poster)
                .await
                .map(|handled| handled as i64 >= CLOCK_ROUND)
        },
        shutdown,
    )
    .await;
}
