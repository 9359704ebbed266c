//! What practice puzzles and dailies share: the attempt's game, its board and rack of
//! buttons, saving and finishing it, and how days, times and stars are shown.

use crate::bot::context::Context;
use crate::bot::msg::{Msg, msg};
use crate::bot::notes::figurine;
use crate::bot::outcome::Refusal;
use crate::bot::reply::{BoardButton, BoardOpens, Button, Outgoing};
use crate::bot::service::Service;
use crate::games::Side;
use crate::games::Timestamp;
use crate::games::ambit::{self, Date, Game, GameStatus, Placement};
use crate::games::glacier::Role;
use crate::render::AmbitView;
use crate::store::{AttemptRecord, AttemptStatus, StoreError};

/// Daily puzzles are numbered from this day on (#1).
pub(super) const FIRST_DAILY: (i32, u8, u8) = (2026, 1, 1);

pub(crate) fn today(now: Timestamp) -> Option<Date> {
    Date::from_unix_seconds(now.millis().div_euclid(1000))
}

pub(crate) fn daily_number(date: Date) -> i64 {
    let (y, m, d) = FIRST_DAILY;
    let first = Date::new(y, m, d).map_or(0, Date::days_since_epoch);
    date.days_since_epoch() - first + 1
}

/// A daily's time as Kibitz counts it: whole seconds, the part of a second dropped. Every
/// time shown (share line, picture, `stats`) and every sum (the leaderboard's) is of these,
/// so the leaderboard's total is the total of the share lines.
pub(crate) fn counted_ms(ms: i64) -> i64 {
    ms.max(0) / 1000 * 1000
}

/// `2:31` or `1:02:03`, of [`counted_ms`].
pub(crate) fn duration_text(ms: i64) -> String {
    let seconds = counted_ms(ms) / 1000;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// How long a finished daily took, as its share line and its picture say it; `None` for a
/// practice puzzle (not timed) and for a daily still being played.
pub(crate) fn daily_time_text(attempt: &AttemptRecord) -> Option<String> {
    attempt.day.as_ref()?;
    let end = attempt.finished_at?;
    Some(duration_text(end.ms_since(attempt.started_at)))
}

/// What the picture shows of how the attempt stands, besides the puzzle itself: given up
/// (no stars earned), and a finished daily's time.
pub(super) fn attempt_view(mut view: AmbitView, attempt: &AttemptRecord) -> AmbitView {
    view.given_up = attempt.status == AttemptStatus::GivenUp;
    view.time = daily_time_text(attempt).unwrap_or_default();
    view
}

/// A piece as the rack's buttons show it: its figurine and its letter (`♘ N`).
pub(super) fn rack_label(piece: ambit::Piece) -> String {
    let role = match piece {
        ambit::Piece::King => Role::King,
        ambit::Piece::Queen => Role::Queen,
        ambit::Piece::Rook => Role::Rook,
        ambit::Piece::Bishop => Role::Bishop,
        ambit::Piece::Knight => Role::Knight,
    };
    format!("{} {}", figurine(Side::White, role), piece.letter())
}

pub(crate) fn stars_text(stars: u8) -> String {
    (0..ambit::LIVES)
        .map(|i| if i < stars { '★' } else { '☆' })
        .collect()
}

pub(super) fn level_message(level: &str) -> Msg {
    match level {
        "easy" => msg("ambit-level-easy"),
        "hard" => msg("ambit-level-hard"),
        _ => msg("ambit-level-medium"),
    }
}

pub(super) fn parse_solution(text: &str) -> Vec<Placement> {
    text.split_whitespace()
        .filter_map(|p| ambit::notation::parse_placement(p).ok())
        .collect()
}

pub(super) fn ambit_game(attempt: &AttemptRecord) -> Result<Game, Refusal> {
    Game::parse(&attempt.state)
        .map_err(|e| Refusal::Store(StoreError::Corrupt(format!("attempt {}: {e}", attempt.id))))
}

/// The user's open puzzle in this chat (the one started last).
pub(crate) async fn open_attempt(
    service: &Service,
    context: &Context<'_>,
) -> Result<Option<AttemptRecord>, Refusal> {
    Ok(service
        .store()
        .open_attempts(context.user.id, context.chat_id)
        .await?
        .into_iter()
        .next())
}

/// A daily's replies are the player's alone, so in their own language.
pub(super) fn attempt_language<'c>(context: &Context<'c>, attempt: &AttemptRecord) -> &'c str {
    if attempt.day.is_some() {
        context.own_language
    } else {
        context.language
    }
}

pub(super) async fn save_attempt(
    service: &Service,
    attempt: &AttemptRecord,
) -> Result<AttemptRecord, Refusal> {
    match service.store().save_attempt(attempt).await {
        Err(StoreError::Conflict) => Err(msg("ambit-conflict").into()),
        other => Ok(other?),
    }
}

pub(super) async fn finish(
    service: &Service,
    mut attempt: AttemptRecord,
    status: AttemptStatus,
    stars: Option<u8>,
    now: Timestamp,
) -> Result<AttemptRecord, Refusal> {
    attempt.status = status;
    attempt.stars = stars.map(i64::from);
    attempt.finished_at = Some(now);
    save_attempt(service, &attempt).await
}

pub(crate) fn ambit_picture(
    service: &Service,
    language: &str,
    attempt: &AttemptRecord,
    game: &Game,
    lines: Vec<Msg>,
    view: AmbitView,
) -> Result<Outgoing, Refusal> {
    let mut view = attempt_view(view, attempt);
    let mut texts: Vec<String> = lines.iter().map(|m| service.say(language, m)).collect();
    // Given up, the lives left are no stars earned: the text says nothing of them, and
    // the picture shows none.
    if !view.given_up {
        let lives = msg("ambit-lives").with("stars", stars_text(game.lives()));
        texts.push(service.say(language, &lives));
    }
    view.title = match &attempt.day {
        Some(day) => {
            let number = Date::parse(day).map(daily_number).unwrap_or_default();
            service.say(language, &msg("ambit-daily-short").with("number", number))
        }
        None => service.say(language, &msg("ambit-practice-short")),
    };
    view.caption = texts.first().cloned().unwrap_or_default();
    let png = service.renderer.render_ambit(game, &view)?;
    let mut reply = Outgoing::image(png, texts.join("\n"));
    // The rack: a piece's button asks for its file, then its square. Only an open
    // attempt has one: a given-up puzzle's game is still "ongoing" for the rules, but a
    // press there would find no puzzle.
    if attempt.status == AttemptStatus::Ongoing && game.status() == GameStatus::Ongoing {
        reply.buttons = ambit::Piece::ALL
            .into_iter()
            .map(|piece| Button::new(rack_label(piece), format!("place {}", piece.letter())))
            .collect();
        reply.board = Some(BoardButton {
            opens: BoardOpens::Puzzle(attempt.id),
            label: service.say(language, &msg("button-open-board")),
        });
    }
    Ok(reply)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    pub(super) fn dailies_are_numbered_from_the_first_of_january_2026() {
        let first = Date::new(2026, 1, 1).unwrap();
        assert_eq!(daily_number(first), 1);
        assert_eq!(daily_number(Date::new(2026, 11, 29).unwrap()), 333);
        assert_eq!(daily_number(Date::new(2027, 1, 1).unwrap()), 366);
    }

    #[test]
    pub(super) fn durations_and_stars_read_well() {
        assert_eq!(duration_text(151_000), "2:31");
        assert_eq!(duration_text(3_723_000), "1:02:03");
        assert_eq!(duration_text(-5), "0:00");
        // Each time is cut once; a sum of cut times is shown as it is.
        assert_eq!(counted_ms(1_999), 1_000);
        assert_eq!(duration_text(counted_ms(1_600) + counted_ms(1_600)), "0:02");
        assert_eq!(stars_text(2), "★★☆");
        assert_eq!(today(Timestamp::from_millis(0)), Date::new(1970, 1, 1));
    }
}
