//! The daily puzzle: the same for everyone, one attempt per user and day, made from the
//! deployment's secret; its share line spoils nothing.

use super::attempt::{
    self, daily_number, daily_time_text, level_message, parse_solution, stars_text, today,
};
use crate::bot::context::Context;
use crate::bot::incoming::{Incoming, Membership};
use crate::bot::msg::{Msg, msg};
use crate::bot::outcome::Refusal;
use crate::bot::reply::{Button, Outgoing};
use crate::bot::service::Service;
use crate::games::Timestamp;
use crate::games::ambit::{self, DailySecret, Date, Game, Level};
use crate::render::AmbitView;
use crate::store::{
    AttemptRecord, AttemptStatus, DailyPuzzle, DailyRecord, NewAttempt, StoreError,
};

/// The name of the daily's secret among the deployment's secrets.
const DAILY_SECRET: &str = "daily";

/// `daily`: today's puzzle, the same for everyone, one attempt per user. A Telegram deep
/// link names the group the attempt counts for (`for_chat`), played in private.
pub(crate) async fn ambit_daily(
    service: &Service,
    context: &Context<'_>,
    for_chat: Option<&str>,
) -> Result<Vec<Outgoing>, Refusal> {
    let platform = context.incoming.platform;
    if for_chat.is_none() && !context.incoming.chat.private && !platform.private_replies_in_chat() {
        // The board would spoil the puzzle for the whole group: the button leads to the
        // private chat (the adapter makes it a link there), where the daily counts for
        // this group.
        let language = context.own_language;
        let button = Button::daily(service.say(language, &msg("button-play-daily")));
        let text = service.say(language, &msg("daily-in-private"));
        return Ok(vec![Outgoing::text(text).with_buttons(vec![button])]);
    }
    let date = today(context.now)
        .ok_or_else(|| Refusal::Store(StoreError::Corrupt("clock out of range".into())))?;
    let counts_for = match for_chat {
        Some(external) => linked_group(service, context, external).await?,
        None => context.chat_id,
    };
    let day = date.to_string();
    if service
        .store()
        .daily_attempt(context.user.id, &day)
        .await?
        .is_none()
    {
        // Played, then forgotten (`forgetme`): the day's daily stays played.
        let marker = played_marker(service, &day, context.incoming, context.now).await?;
        if service.store().daily_played_marked(&day, &marker).await? {
            return Err(msg("ambit-daily-forgotten").into());
        }
    }
    let level = daily_level_of(service, counts_for, date).await?;
    let daily = daily_record(service, date, level, context.now).await?;
    let attempt = service
        .store()
        .start_attempt(
            &NewAttempt {
                user_id: context.user.id,
                chat_id: counts_for,
                played_in: context.chat_id,
                day: Some(daily.day.clone()),
                level: daily.level.clone(),
                state: Game::new(footprint_of(&daily)?).text(),
                solution: daily.solution.clone(),
            },
            context.now,
        )
        .await?;
    Ok(vec![daily_board(service, context, &attempt, date)?])
}

/// The group a daily link (AMBIT's, or a game puzzle's) counts for: opened in the private
/// chat only, and only by a member of that group, as the platform says.
pub(crate) async fn linked_group(
    service: &Service,
    context: &Context<'_>,
    external: &str,
) -> Result<i64, Refusal> {
    if !context.incoming.chat.private {
        return Err(msg("daily-link-private-only").into());
    }
    match context.incoming.membership {
        Some(Membership::Member) => {}
        Some(Membership::Unknown) => return Err(msg("daily-link-unverified").into()),
        Some(Membership::NotMember) | None => {
            return Err(msg("daily-link-not-member").into());
        }
    }
    Ok(service
        .store()
        .chat_by_external_id(context.incoming.platform, external)
        .await?
        .ok_or_else(|| msg("daily-link-unknown"))?)
}

/// The speaker's daily as they left it, for them alone: to play on, or done and shared.
fn daily_board(
    service: &Service,
    context: &Context<'_>,
    attempt: &AttemptRecord,
    date: Date,
) -> Result<Outgoing, Refusal> {
    let game = attempt::ambit_game(attempt)?;
    let mut lines = vec![
        msg("ambit-daily-title")
            .with("number", daily_number(date))
            .with(
                "level",
                service.say(context.own_language, &level_message(&attempt.level)),
            ),
    ];
    let mut view = AmbitView::default();
    if attempt.status == AttemptStatus::Ongoing {
        if attempt.played_in != context.chat_id {
            // Started elsewhere (the group, or another link): it is played where it began.
            lines.push(msg("ambit-daily-elsewhere"));
        }
        lines.push(msg("ambit-how"));
        lines.push(msg("ambit-hint-tip-daily"));
    } else {
        lines.push(msg("ambit-daily-done"));
        lines.push(share_line(service, context, attempt, &game, date));
        lines.push(msg("ambit-solution").with("solution", &attempt.solution));
        view.solution = parse_solution(&attempt.solution);
    }
    let mut reply =
        attempt::ambit_picture(service, context.own_language, attempt, &game, lines, view)?;
    reply.private = true;
    Ok(reply)
}

/// The level of the daily a chat plays: its setting, else the weekday's.
pub(crate) async fn daily_level_of(
    service: &Service,
    chat_id: i64,
    date: Date,
) -> Result<Level, Refusal> {
    let setting = service
        .store()
        .daily_setting(chat_id, DailyPuzzle::Ambit)
        .await?;
    Ok(setting
        .and_then(|s| Level::parse(&s.level).ok())
        .unwrap_or_else(|| ambit::daily_level(date)))
}

pub(crate) async fn daily_record(
    service: &Service,
    date: Date,
    level: Level,
    now: Timestamp,
) -> Result<DailyRecord, Refusal> {
    let day = date.to_string();
    if let Some(daily) = service.store().daily(&day, level.name()).await? {
        return Ok(daily);
    }
    // Made once per day and level and kept: later generator changes leave stored dailies
    // alone. The deployment's secret is in the seed, so nobody can make it in advance.
    let secret = daily_secret(service, now).await?.clone();
    let puzzle =
        tokio::task::spawn_blocking(move || ambit::secret_daily_puzzle(date, level, &secret))
            .await
            .map_err(|e| StoreError::Corrupt(format!("daily generation failed: {e}")))?;
    let record = DailyRecord {
        day,
        footprint: ambit::notation::footprint_text(puzzle.footprint),
        level: puzzle.level.name().to_string(),
        min_pieces: puzzle.grade.min_pieces as i64,
        solutions: puzzle.grade.solutions as i64,
        solution: ambit::notation::placements_text(&puzzle.solution),
    };
    Ok(service.store().keep_daily(&record, now).await?)
}

/// The deployment's daily secret: the one in the database, made there (random) by the
/// first process that needs it; every process on the database reads the same one.
pub(crate) async fn daily_secret(
    service: &Service,
    now: Timestamp,
) -> Result<&DailySecret, Refusal> {
    Ok(service
        .daily_secret
        .get_or_try_init(|| async {
            let fresh = DailySecret::random()
                .map_err(|e| StoreError::Corrupt(format!("no random source: {e}")))?;
            let stored = service
                .store()
                .deployment_secret(DAILY_SECRET, &fresh.to_hex(), now)
                .await?;
            DailySecret::from_hex(&stored).ok_or_else(|| {
                StoreError::Corrupt("the stored daily secret is not 64 hex digits".into())
            })
        })
        .await?)
}

/// What marks the daily of `day` as played by the speaker of `incoming` once Kibitz has
/// forgotten them: a keyed hash of the day, platform and platform user id, which names
/// nobody without the secret and differs from day to day.
pub(crate) async fn played_marker(
    service: &Service,
    day: &str,
    incoming: &Incoming,
    now: Timestamp,
) -> Result<String, Refusal> {
    let secret = daily_secret(service, now).await?;
    let mac = secret.mac(&[
        b"kibitz daily played",
        day.as_bytes(),
        incoming.platform.as_str().as_bytes(),
        incoming.user.id.as_bytes(),
    ]);
    Ok(mac.iter().map(|b| format!("{b:02x}")).collect())
}

pub(crate) fn footprint_of(daily: &DailyRecord) -> Result<ambit::Footprint, Refusal> {
    ambit::notation::parse_footprint(&daily.footprint)
        .map_err(|e| Refusal::Store(StoreError::Corrupt(format!("daily {}: {e}", daily.day))))
}

/// The solution, and for a daily the time and the share line.
pub(super) fn ending_lines(
    service: &Service,
    context: &Context<'_>,
    attempt: &AttemptRecord,
    game: &Game,
) -> Vec<Msg> {
    let mut lines = Vec::new();
    if let Some(date) = attempt.day.as_deref().and_then(|d| Date::parse(d).ok()) {
        lines.push(share_line(service, context, attempt, game, date));
    }
    if attempt.status != AttemptStatus::Solved {
        lines.push(msg("ambit-solution").with("solution", &attempt.solution));
    }
    lines
}

/// When a daily played in a channel ends, the channel sees the spoiler-free share line
/// (the board itself was only for the player).
pub(super) fn public_share(
    service: &Service,
    context: &Context<'_>,
    attempt: &AttemptRecord,
    game: &Game,
) -> Option<Outgoing> {
    let date = Date::parse(attempt.day.as_deref()?).ok()?;
    if attempt.status == AttemptStatus::Ongoing
        || context.incoming.chat.private
        || attempt.played_in != attempt.chat_id
    {
        return None;
    }
    let share = service.say(
        context.language,
        &share_line(service, context, attempt, game, date),
    );
    Some(Outgoing::text(
        service.say(
            context.language,
            &msg("ambit-share-public")
                .with("player", &context.user.display_name)
                .with("share", share),
        ),
    ))
}

/// A share line that spoils nothing: day, stars, time, pieces used.
fn share_line(
    service: &Service,
    context: &Context<'_>,
    attempt: &AttemptRecord,
    game: &Game,
    date: Date,
) -> Msg {
    let time = daily_time_text(attempt).unwrap_or_else(|| "–".to_string());
    let result = match attempt.status {
        AttemptStatus::Solved => stars_text(attempt.stars.unwrap_or(0).clamp(0, 3) as u8),
        _ => service.say(context.language, &msg("ambit-share-unsolved")),
    };
    msg("ambit-share")
        .with("number", daily_number(date))
        .with("result", result)
        .with("time", time)
        .number("pieces", game.placements().len() as u32)
        .with("hints", " 💡".repeat(attempt.hints.clamp(0, 3) as usize))
}
