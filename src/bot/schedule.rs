//! The daily posts: each enabled channel gets the day's AMBIT puzzle, and the day's puzzle of
//! each game it asked for (`settings daily glacier on`), at its UTC time, exactly once. A
//! post is claimed in the database before it is sent and marked made after; a claim
//! whose holder died (its lease ran out unmarked) is taken over, so a crash neither skips nor
//! repeats a post, except for a send that reached the platform in the instant before the
//! holder died without marking it.

use crate::bot::ambit::attempt::{daily_number, today};
use crate::bot::ambit::daily;
use crate::bot::game_puzzle;
use crate::bot::league::leaderboard;
use crate::bot::league::table;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::platform::Platform;
use crate::bot::reply::{Button, Outgoing, SPOILER_STAND_IN};
use crate::bot::service::Service;
use crate::games::Timestamp;
use crate::games::ambit::{Date, Game};
use crate::games::time_control::{self, MINUTE_MS, minute_of_day};
use crate::render::AmbitView;
use crate::store::{Claim, DailyPuzzle, DuePost, StoreError};

pub use crate::bot::deferred_ratings::{catch_up, retry_deferred_ratings};
pub use crate::bot::holder::holder_name;
pub use crate::bot::poster::{Poster, chat_address};
use std::time::Duration;
use tokio::sync::watch;

/// How often the daily posts are looked for by default (a platform's configuration may say
/// otherwise): within the minute a chat set.
pub const DAILY_SCAN: Duration = Duration::from_secs(30);

/// How long a claim on a post holds before another scheduler may take it over.
pub const POST_LEASE_MS: i64 = 120_000;

/// Counts a daily post made or failed (`kibitz_daily_posts_total`, label `outcome`).
fn count_post(platform: Platform, outcome: &'static str) {
    metrics::counter!(
        "kibitz_daily_posts_total",
        "platform" => platform.as_str(),
        "outcome" => outcome,
    )
    .increment(1);
}

/// What one round of the scheduler did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PostRound {
    pub posted: Vec<String>,
    pub failed: Vec<String>,
}

/// Posts every daily of `platform` that is due now and not made yet. `holder` names this
/// scheduler in its claims.
pub async fn post_due_dailies<P: Poster>(
    service: &Service,
    platform: Platform,
    holder: &str,
    poster: &P,
) -> Result<PostRound, StoreError> {
    let now = service.now();
    let Some(date) = today(now) else {
        return Ok(PostRound::default());
    };
    let day = date.to_string();
    let minute = minute_of_day(now);
    let mut round = PostRound::default();
    for due in service.store().due_posts(platform, &day, minute).await? {
        if let DailyPuzzle::Game(kind) = due.puzzle
            && game_puzzle::being_made(service, kind, &day, now).await?
        {
            continue;
        }
        let claim = service
            .store()
            .claim_post(
                due.chat_id,
                due.puzzle,
                &day,
                holder,
                now,
                now.plus(POST_LEASE_MS),
            )
            .await?;
        if claim == Claim::Held {
            continue;
        }
        let made = match due.puzzle {
            DailyPuzzle::Ambit => daily_post(service, &due, date, now).await.map(Some),
            DailyPuzzle::Game(kind) => {
                let private_button = !platform.private_replies_in_chat();
                game_puzzle::daily_post(service, due.chat_id, kind, date, now, private_button).await
            }
        };
        let replies = match made {
            Ok(Some(replies)) => replies,
            Ok(None) => {
                service
                    .store()
                    .release_post(due.chat_id, due.puzzle, &day, holder)
                    .await?;
                continue;
            }
            Err(error) => {
                tracing::error!(chat = %due.external_id, puzzle = due.puzzle.as_str(), %error, "cannot make the daily post");
                service
                    .store()
                    .release_post(due.chat_id, due.puzzle, &day, holder)
                    .await?;
                count_post(platform, "failed");
                round.failed.push(due.external_id);
                continue;
            }
        };
        match poster.post(&due.external_id, replies).await {
            Ok(()) => {
                if !service
                    .store()
                    .finish_post(due.chat_id, due.puzzle, &day, holder, service.now())
                    .await?
                {
                    tracing::warn!(chat = %due.external_id, "the daily post's claim was taken over while sending");
                }
                count_post(platform, "posted");
                // How late the post went out against the time its chat set: a scheduler
                // starved or down shows here (a post missed and made at start-up too).
                let due_at = time_control::day_start(date.days_since_epoch())
                    .plus(due.minute_of_day * MINUTE_MS);
                let late_ms = service.now().ms_since(due_at).max(0);
                metrics::histogram!(
                    "kibitz_daily_post_lag_seconds",
                    "platform" => platform.as_str(),
                )
                .record(late_ms as f64 / 1000.0);
                round.posted.push(due.external_id);
            }
            Err(why) => {
                tracing::warn!(chat = %due.external_id, %why, "the daily post was not delivered; it will be tried again");
                service
                    .store()
                    .release_post(due.chat_id, due.puzzle, &day, holder)
                    .await?;
                count_post(platform, "failed");
                round.failed.push(due.external_id);
            }
        }
    }
    Ok(round)
}

/// The post of the day's puzzle: its picture, number and level, how to play it, and
/// yesterday's results with yesterday's solution behind a spoiler.
async fn daily_post(
    service: &Service,
    due: &DuePost,
    date: Date,
    now: Timestamp,
) -> Result<Vec<Outgoing>, Refusal> {
    let language = service.catalogue.language_for(None);
    let level = daily::daily_level_of(service, due.chat_id, date).await?;
    let daily = daily::daily_record(service, date, level, now).await?;
    let game = Game::new(daily::footprint_of(&daily)?);
    let number = daily_number(date);
    let level_word = table::level_word(service, language, &daily.level);
    let mut lines = vec![
        service.say(
            language,
            &msg("daily-post-title")
                .with("number", number)
                .with("level", &level_word),
        ),
        service.say(language, &msg("daily-post-how")),
    ];
    let scope = service.store().scope(due.chat_id).await?;
    let mut hidden = None;
    if let Some(yesterday) = Date::from_days_since_epoch(date.days_since_epoch() - 1) {
        lines.extend(leaderboard::daily_summary(service, language, &scope, yesterday).await?);
        let yesterday_level = daily::daily_level_of(service, due.chat_id, yesterday).await?;
        hidden = service
            .store()
            .daily(&yesterday.to_string(), yesterday_level.name())
            .await?
            .map(|old| old.solution);
    }
    let view = AmbitView {
        title: service.say(language, &msg("ambit-daily-short").with("number", number)),
        caption: lines.first().cloned().unwrap_or_default(),
        ..AmbitView::default()
    };
    let png = service.renderer.render_ambit(&game, &view)?;
    let button = Button::daily(service.say(language, &msg("button-play-daily")));
    let mut post = Outgoing::image(png, lines.join("\n")).with_buttons(vec![button]);
    if let Some(solution) = hidden {
        let line = service.say(
            language,
            &msg("daily-post-solution").with("solution", SPOILER_STAND_IN),
        );
        post.push_line_with_spoiler(&line, SPOILER_STAND_IN, &solution);
    }
    Ok(vec![post])
}

/// Runs the daily posts of `platform` until `shutdown`: a round at start (missed posts of the
/// day go out once), then one every `every`.
pub async fn run_scheduler<P: Poster>(
    service: &Service,
    platform: Platform,
    holder: String,
    poster: P,
    every: Duration,
    mut shutdown: watch::Receiver<bool>,
) {
    if let Err(error) = catch_up(service).await {
        tracing::warn!(%error, "cannot rate unrated games");
    }
    loop {
        retry_deferred_ratings(service).await;
        match post_due_dailies(service, platform, &holder, &poster).await {
            Ok(round) if !round.posted.is_empty() => {
                tracing::info!(
                    posted = round.posted.len(),
                    platform = platform.as_str(),
                    "daily posts made"
                );
            }
            Ok(_) => {}
            Err(error) => tracing::warn!(%error, "daily posts: database unavailable; trying again"),
        }
        match game_puzzle::make_wanted_puzzles(service).await {
            Ok(made) if !made.is_empty() => {
                tracing::info!(games = made.len(), "daily game puzzles made ahead");
            }
            Ok(_) => {}
            Err(error) => {
                tracing::warn!(%error, "daily game puzzles: not made ahead; trying again")
            }
        }
        if crate::bot::worker_rest::rest(every, std::future::pending(), &mut shutdown).await {
            break;
        }
    }
}
