//! `vacation [days]`: a player's correspondence clocks stand still for a few days. The days
//! are counted per UTC month; the deadlines of the games where it is their move move on at
//! once, and a turn that begins during the vacation is stood still by the clocks' scheduler
//! when its deadline comes (`clock::with_vacation`, worked out from the turn's start, so it
//! counts once however often it is applied).

use super::clock::with_vacation;
use crate::bot::ambit::attempt::today;
use crate::bot::context::Context;
use crate::bot::msg::{Msg, msg};
use crate::bot::outcome::Refusal;
use crate::bot::reply::Outgoing;
use crate::bot::service::Service;
use crate::games::Timestamp;
use crate::games::time_control::{DAY_MS, HOUR_MS, MINUTE_MS};
use crate::store::{GameState, StoreError, Vacation};

/// Vacation days a player may take in a UTC month.
pub const VACATION_DAYS_A_MONTH: i64 = 7;

/// `2026-12-09 14:05 UTC`.
fn when(at: Timestamp) -> String {
    let date = today(at).map_or_else(String::new, |date| date.to_string());
    let minutes = at.millis().rem_euclid(DAY_MS);
    format!(
        "{date} {:02}:{:02} UTC",
        minutes / HOUR_MS,
        minutes % HOUR_MS / MINUTE_MS
    )
}

/// The UTC month of `at`, `2026-12`.
fn month_of(at: Timestamp) -> String {
    today(at).map_or_else(String::new, |date| {
        date.to_string().chars().take(7).collect()
    })
}

pub(crate) async fn vacation(
    service: &Service,
    context: &Context<'_>,
    days: Option<u32>,
) -> Result<Vec<Outgoing>, Refusal> {
    let now = context.now;
    let mut vacation = service.store().vacation(context.user.id).await?;
    let month = month_of(now);
    let used = match vacation.month.as_deref() == Some(month.as_str()) {
        true => vacation.days,
        false => 0,
    };
    let left = (VACATION_DAYS_A_MONTH - used).max(0);
    let on = vacation.until.filter(|&until| until > now);
    let Some(days) = days else {
        let line = match on {
            Some(until) => msg("vacation-on").with("until", when(until)),
            None => msg("vacation-off"),
        };
        let line = line.number("left", left as u32);
        return Ok(vec![private(service, context, &line)]);
    };
    let days = i64::from(days);
    if days < 1 || days > left {
        return Err(msg("vacation-too-many")
            .number("left", left as u32)
            .number("max", VACATION_DAYS_A_MONTH as u32)
            .into());
    }
    vacation = match on {
        Some(until) => Vacation {
            until: Some(until.plus(days * DAY_MS)),
            ..vacation
        },
        None => Vacation {
            from: Some(now),
            until: Some(now.plus(days * DAY_MS)),
            ..vacation
        },
    };
    vacation.month = Some(month);
    vacation.days = used + days;
    service
        .store()
        .set_vacation(context.user.id, &vacation)
        .await?;
    let moved = stand_clocks_still(service, context, &vacation).await?;
    let until = vacation.until.unwrap_or(now);
    let line = msg("vacation-taken")
        .with("until", when(until))
        .number("games", moved as u32)
        .number("left", (left - days) as u32);
    Ok(vec![private(service, context, &line)])
}

/// Moves on the deadlines of the speaker's correspondence games where it is their move;
/// how many. A game that changes meanwhile is left to the scheduler.
async fn stand_clocks_still(
    service: &Service,
    context: &Context<'_>,
    vacation: &Vacation,
) -> Result<usize, Refusal> {
    let mut moved = 0;
    for mut game in service.store().open_games_of(context.user.id).await? {
        if game.state != GameState::Ongoing {
            continue;
        }
        let Ok(position) = game.game() else {
            continue;
        };
        let to_move = position.side_to_move();
        if game.player(to_move) != Some(context.user.id) {
            continue;
        }
        let Some((deadline, remind_at)) = with_vacation(&game, to_move, vacation) else {
            continue;
        };
        game.deadline = Some(deadline);
        game.remind_at = remind_at;
        match service.store().save_game(&game, None, context.now).await {
            Ok(_) => moved += 1,
            Err(StoreError::Conflict) => {}
            Err(error) => return Err(error.into()),
        }
    }
    Ok(moved)
}

fn private(service: &Service, context: &Context<'_>, line: &Msg) -> Outgoing {
    let mut reply = Outgoing::text(service.say(context.own_language, line));
    reply.private = true;
    reply
}
