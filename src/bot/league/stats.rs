//! `stats [@user]`: a player's dailies, streaks and ratings here.

use super::table::{self, rating_text};
use crate::bot::ambit::attempt::duration_text;
use crate::bot::context::Context;
use crate::bot::help;
use crate::bot::limits;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::reply::Outgoing;
use crate::bot::service::Service;
use crate::games::GameKind;
use crate::store::{RatingRecord, UserRecord};

/// `stats [@user]`.
pub(crate) async fn stats(
    service: &Service,
    context: &Context<'_>,
    handle: Option<&str>,
) -> Result<Vec<Outgoing>, Refusal> {
    let who: UserRecord = match (context.mentioned.first(), handle) {
        (Some(user), _) => user.clone(),
        (None, Some(handle)) => service
            .store()
            .user_by_handle(context.incoming.platform, handle)
            .await?
            .ok_or_else(|| msg("stats-unknown-user").with("user", limits::quote(handle)))?,
        (None, None) => context.user.clone(),
    };
    let today = table::date_today(context)?;
    let language = context.language;
    let mut lines = vec![service.say(
        language,
        &msg("stats-title").with("player", &who.display_name),
    )];
    let results = service.store().user_daily_results(who.id).await?;
    let played = results.len() as u32;
    let solved: Vec<_> = results.iter().filter(|r| r.solved).collect();
    let (current, longest) = table::user_streaks(service, who.id, today).await?;
    if played == 0 {
        lines.push(service.say(language, &msg("stats-ambit-none")));
    } else {
        let best = solved.iter().map(|r| r.time_ms).min();
        lines.push(
            service.say(
                language,
                &msg("stats-ambit")
                    .number("played", played)
                    .number("solved", solved.len() as u32)
                    .number("rate", (solved.len() as u32 * 100) / played)
                    .number("stars", solved.iter().map(|r| r.stars.max(0) as u32).sum())
                    .with("best", best.map_or("–".to_string(), duration_text))
                    .number("streak", current)
                    .number("longest", longest),
            ),
        );
    }
    let scope = service.store().scope(context.chat_id).await?;
    let ratings: Vec<RatingRecord> = service.store().ratings(&scope, None, Some(who.id)).await?;
    for kind in GameKind::ALL {
        let game = service.say(language, &help::kind_name(kind));
        let line = match ratings.iter().find(|r| r.kind == kind) {
            Some(r) => msg("stats-game")
                .with("game", game)
                .with("rating", rating_text(r.rating.rating, r.rating.deviation))
                .with("deviation", r.rating.deviation.round() as i64)
                .number("wins", r.wins as u32)
                .number("draws", r.draws as u32)
                .number("losses", r.losses as u32),
            None => msg("stats-game-none").with("game", game),
        };
        lines.push(service.say(language, &line));
    }
    let against_computer = service.store().computer_results(who.id).await?;
    for kind in GameKind::ALL {
        let levels: Vec<String> = against_computer
            .iter()
            .filter(|r| r.kind == kind)
            .map(|r| {
                let games = (r.wins + r.draws + r.losses) as u32;
                service.say(
                    language,
                    &msg("stats-computer-level")
                        .number("level", u32::from(r.level))
                        .number("wins", r.wins as u32)
                        .number("games", games),
                )
            })
            .collect();
        if !levels.is_empty() {
            let game = service.say(language, &help::kind_name(kind));
            lines.push(
                service.say(
                    language,
                    &msg("stats-computer")
                        .with("game", game)
                        .with("results", levels.join(", ")),
                ),
            );
        }
    }
    Ok(vec![Outgoing::text(lines.join("\n"))])
}
