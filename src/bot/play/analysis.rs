//! `analysis [#id]`: the engine's review of a finished game, and the worker that makes it.
//!
//! A request queues the game in the store (one review under way per chat, oldest request
//! first). The review is background work like the computer's moves: a process claims it,
//! searches the game's positions one by one on the bounded engine pool (so a player's
//! computer opponent waits at most one position's search), writes what it found every few
//! seconds (extending its claim), and posts the picture when done. A process that dies leaves
//! its evaluations behind; the next claim goes on from there. A second request, in any chat
//! process, is answered from the store at once.

use super::export;
use super::players::{self, Players};
use crate::bot::command::GameRef;
use crate::bot::context::Context;
use crate::bot::help;
use crate::bot::msg::{Msg, msg};
use crate::bot::outcome::Refusal;
use crate::bot::platform::Platform;
use crate::bot::poster::{Poster, chat_address};
use crate::bot::reply::{Live, Outgoing};
use crate::bot::service::Service;
use crate::engine::analysis::{self, Evaluation, Mark, Review};
use crate::games::records::{Record, Step};
use crate::games::{AnyGame, Side};
use crate::render::{ReviewView, Severity};
use crate::store::{AnalysisRecord, DueAnalysis, GameId, GameRecord, GameState, StoreError};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// How long a claim on a review holds before another process may go on with it; each
/// write of progress extends it. Far above the slowest position's search (a Critters turn,
/// well under 2 s), so a live process never loses its claim.
pub const ANALYSIS_LEASE_MS: i64 = 60_000;

/// The progress message is edited when the review got this many percentage points further
/// (at most ten edits a review, within the platforms' edit limits).
const PROGRESS_STEP: usize = 10;

/// How long kept progress messages are remembered: their reviews are long done.
const PROGRESS_KEPT_MS: i64 = crate::games::time_control::DAY_MS;

/// The most turns a review covers, as a replay animates (a Chesimals game can last 1,000).
pub const ANALYSIS_TURNS: usize = 400;

/// How often the reviews' worker looks for reviews due elsewhere (another process's
/// requests, a claim run out); a request here wakes it at once.
pub const ANALYSIS_SCAN: Duration = Duration::from_secs(5);

/// `analysis [#id]`: the review if it is done, how far it is if under way, else a new
/// request queued.
pub(crate) async fn analysis(
    service: &Service,
    context: &Context<'_>,
    game_ref: Option<GameRef>,
) -> Result<Vec<Outgoing>, Refusal> {
    let game = export::shown_game(service, context, game_ref).await?;
    if game.state != GameState::Finished {
        return Err(msg("analysis-not-finished").with("id", game.id).into());
    }
    let language = context.language;
    if let Some(found) = service.store().analysis(game.id).await? {
        return Ok(vec![answer(service, language, &game, &found).await?]);
    }
    let players = players::read(service, &game).await?;
    let record = export::record(service, &game, &players).await?;
    if record.turns.is_empty() {
        return Err(msg("analysis-nothing").with("id", game.id).into());
    }
    if record.turns.len() > ANALYSIS_TURNS {
        return Err(msg("analysis-too-long")
            .with("id", game.id)
            .number("turns", ANALYSIS_TURNS as u32)
            .into());
    }
    if let Some(other) = service
        .store()
        .open_analysis_in_chat(context.chat_id)
        .await?
    {
        return Err(msg("analysis-busy").with("id", other).into());
    }
    let queued = service
        .store()
        .request_analysis(
            game.id,
            context.chat_id,
            context.user.id,
            record.turns.len() + 1,
            context.now,
        )
        .await?;
    if !queued {
        // Another command of this chat got in first.
        return match service.store().analysis(game.id).await? {
            Some(found) => Ok(vec![answer(service, language, &game, &found).await?]),
            None => Err(msg("analysis-busy").with("id", game.id).into()),
        };
    }
    service.wake_computer();
    tracing::info!(
        game = game.id.0,
        turns = record.turns.len(),
        "analysis queued"
    );
    Ok(vec![Outgoing::text(
        service.say(
            language,
            &msg("analysis-queued")
                .with("id", game.id)
                .number("turns", record.turns.len() as u32),
        ),
    )])
}

/// A stored review: its picture when done, else how far it has got.
async fn answer(
    service: &Service,
    language: &str,
    game: &GameRecord,
    found: &AnalysisRecord,
) -> Result<Outgoing, Refusal> {
    if !found.finished {
        let percent = found.evaluations.len() * 100 / found.positions.max(1);
        return Ok(Outgoing::text(
            service.say(
                language,
                &msg("analysis-under-way")
                    .with("id", game.id)
                    .number("percent", percent as u32),
            ),
        ));
    }
    let players = players::read(service, game).await?;
    let record = export::record(service, game, &players).await?;
    picture(
        service,
        language,
        game,
        &players,
        &record,
        &found.evaluations,
    )
}

/// The review's picture: the winning-chance graph with the marked turns, and a caption with
/// each player's accuracy and marks and the turn that gave away the most.
fn picture(
    service: &Service,
    language: &str,
    game: &GameRecord,
    players: &Players,
    record: &Record,
    evaluations: &[Evaluation],
) -> Result<Outgoing, Refusal> {
    let sides: Vec<Side> = record.turns.iter().map(|turn| turn.side).collect();
    let review = analysis::review(game.kind, &sides, evaluations);
    let steps = record
        .replay()
        .map_err(|error| StoreError::Corrupt(format!("game {} record: {error}", game.id)))?;
    let kind_name = service.say(language, &help::kind_name(game.kind));
    let title = msg("analysis-title")
        .with("id", game.id)
        .with("game", kind_name);
    let side_line = |side: Side| -> Msg {
        let accuracy = review.accuracy(side);
        msg("analysis-side")
            .with("player", players.of(side))
            .with(
                "accuracy",
                accuracy.map_or_else(|| "–".to_string(), |a| a.to_string()),
            )
            .number("inaccuracies", review.count(side, Mark::Inaccuracy) as u32)
            .number("mistakes", review.count(side, Mark::Mistake) as u32)
            .number("blunders", review.count(side, Mark::Blunder) as u32)
    };
    let mut lines = vec![
        title.clone(),
        side_line(Side::White),
        side_line(Side::Black),
    ];
    match review.worst() {
        Some(index) => {
            let turn = &review.turns[index];
            let shown = turn_shown(&steps, index, turn.side, turn.mark);
            let worst = match &turn.best {
                Some(best) => msg("analysis-worst")
                    .with("turn", shown)
                    .with("best", best.as_str()),
                None => msg("analysis-worst-no-best").with("turn", shown),
            };
            lines.push(worst);
        }
        None => lines.push(msg("analysis-clean")),
    }
    lines.push(msg("analysis-how"));
    let (chances, marks) = review_graph(&review, evaluations);
    let view = ReviewView {
        title: service.say(language, &title),
        white: service.say(language, &side_line(Side::White)),
        black: service.say(language, &side_line(Side::Black)),
        chances,
        marks,
        legend: service.say(language, &msg("analysis-legend")),
    };
    let png = service.renderer.render_review(&view)?;
    Ok(Outgoing::image(png, service.say_all(language, &lines)))
}

/// What a review's graph plots: White's winning chance at each position, and the marked
/// turns at the position each led to.
pub fn review_graph(
    review: &Review,
    evaluations: &[Evaluation],
) -> (Vec<Option<f64>>, Vec<(usize, Severity)>) {
    let chances = evaluations
        .iter()
        .map(|e| e.white.map(|v| analysis::win_chance(review.kind, v)))
        .collect();
    let marks = review
        .turns
        .iter()
        .enumerate()
        .filter_map(|(index, turn)| {
            turn.mark.map(|mark| {
                let severity = match mark {
                    Mark::Inaccuracy => Severity::Inaccuracy,
                    Mark::Mistake => Severity::Mistake,
                    Mark::Blunder => Severity::Blunder,
                };
                (index + 1, severity)
            })
        })
        .collect();
    (chances, marks)
}

/// A turn as a record writes it, with its mark: `23... Qd2??`.
pub fn turn_shown(steps: &[Step], index: usize, side: Side, mark: Option<Mark>) -> String {
    let Some(step) = steps.get(index + 1) else {
        return String::new();
    };
    let dots = match side {
        Side::White => ".",
        Side::Black => "...",
    };
    let symbol = mark.map_or("", Mark::symbol);
    format!("{}{dots} {}{symbol}", step.number, step.written)
}

/// Reviews the games of `platform` whose review is due and no live claim holds, one at a
/// time (each spends the pool position by position), posting each picture with `poster`.
/// Returns how many it finished.
pub async fn review_due_games<P: Poster>(
    service: &Service,
    platform: Platform,
    holder: &str,
    poster: &P,
) -> Result<usize, StoreError> {
    let now = service.now();
    let due = service.store().due_analyses(platform, now, 1).await?;
    let mut finished = 0;
    for item in due {
        let game_id = item.analysis.game_id;
        if !service
            .store()
            .claim_analysis(game_id, holder, now, now.plus(ANALYSIS_LEASE_MS))
            .await?
        {
            continue;
        }
        match review_one(service, holder, item, poster).await {
            Ok(true) => finished += 1,
            Ok(false) => {}
            Err(error) => {
                tracing::warn!(game = game_id.0, %error, "analysis failed; it will be tried again");
                if let Err(error) = service.store().release_analysis(game_id, holder).await {
                    // The claim then runs out by itself (ANALYSIS_LEASE_MS).
                    tracing::warn!(game = game_id.0, %error, "cannot release an analysis claim");
                }
            }
        }
    }
    Ok(finished)
}

/// One claimed review: the positions not yet searched, then the picture posted. False when
/// the claim was lost meanwhile (another process goes on with it).
async fn review_one<P: Poster>(
    service: &Service,
    holder: &str,
    due: DueAnalysis,
    poster: &P,
) -> Result<bool, Refusal> {
    let started = Instant::now();
    let game_id = due.analysis.game_id;
    let game = service
        .store()
        .game(game_id)
        .await?
        .ok_or_else(|| StoreError::Corrupt(format!("analysis of a missing game {game_id}")))?;
    let players = players::read(service, &game).await?;
    let record = export::record(service, &game, &players).await?;
    let positions: Vec<AnyGame> = record
        .replay()
        .map_err(|error| StoreError::Corrupt(format!("game {game_id} record: {error}")))?
        .into_iter()
        .map(|step| step.position)
        .collect();
    let mut evaluations = due.analysis.evaluations;
    evaluations.truncate(positions.len());
    let resumed = evaluations.len();
    let language = service.chat_language(game.chat_id).await?;
    let to = chat_address(&due.chat, due.thread.as_deref());
    let mut progress = Progress {
        key: format!("analysis:{}", game_id.0),
        // A review taken over from a process that died edits the message it left.
        shown: (resumed > 0).then_some(resumed * 100 / positions.len().max(1)),
    };
    let save_every = Duration::from_millis(service.review_save_every_ms.load(Ordering::Relaxed));
    let mut saved = Instant::now();
    while evaluations.len() < positions.len() {
        let index = evaluations.len();
        let here = positions[index].clone();
        let next = positions.get(index + 1).cloned();
        let evaluation = service
            .computer
            .search(move || analysis::evaluate(&here, next.as_ref()))
            .await
            .ok_or_else(|| StoreError::Corrupt("the analysis search stopped".into()))?;
        evaluations.push(evaluation);
        let done = evaluations.len() == positions.len();
        if done || saved.elapsed() >= save_every {
            let now = service.now();
            let kept = service
                .store()
                .save_analysis(
                    game_id,
                    holder,
                    &evaluations,
                    now.plus(ANALYSIS_LEASE_MS),
                    done.then_some(now),
                )
                .await?;
            if !kept {
                return Ok(false);
            }
            if !done {
                let percent = evaluations.len() * 100 / positions.len();
                progress
                    .show(service, poster, &to, language, game_id, percent)
                    .await;
            }
            saved = Instant::now();
        }
    }
    tracing::info!(
        game = game_id.0,
        positions = positions.len(),
        resumed,
        duration_ms = crate::bot::log_duration::duration_ms(started.elapsed()),
        "analysis done"
    );
    progress
        .finish(service, poster, &to, language, game_id, started.elapsed())
        .await;
    let reply = picture(service, language, &game, &players, &record, &evaluations)?;
    if let Err(why) = poster.post(&to, vec![reply]).await {
        // The review stands (stored): `analysis #id` shows it at once.
        tracing::warn!(game = game_id.0, %why, "the analysis was not delivered");
    }
    Ok(true)
}

/// A review's progress message in its chat: posted at the first save of a review that takes
/// longer than one save (a short review shows only its picture), then edited in place.
struct Progress {
    /// The message's name among the kept messages (`analysis:<game>`).
    key: String,
    /// The percentage shown last, once a message was posted.
    shown: Option<usize>,
}

impl Progress {
    /// Shows `percent`: the message posted, or edited when it moved on by a step.
    async fn show<P: Poster>(
        &mut self,
        service: &Service,
        poster: &P,
        to: &str,
        language: &str,
        game: GameId,
        percent: usize,
    ) {
        let live = match self.shown {
            None => Live::Start(self.key.clone()),
            Some(shown) if percent >= shown + PROGRESS_STEP => Live::Update(self.key.clone()),
            Some(_) => return,
        };
        let text = service.say(
            language,
            &msg("analysis-progress")
                .with("id", game)
                .number("percent", percent as u32),
        );
        self.shown = Some(percent);
        self.send(poster, to, game, text, live).await;
    }

    /// Says the review is done in the progress message, if one was posted.
    async fn finish<P: Poster>(
        &mut self,
        service: &Service,
        poster: &P,
        to: &str,
        language: &str,
        game: GameId,
        took: Duration,
    ) {
        if self.shown.is_none() {
            return;
        }
        let text = service.say(
            language,
            &msg("analysis-progress-done")
                .with("id", game)
                .number("seconds", took.as_secs().max(1) as u32),
        );
        let live = Live::Update(self.key.clone());
        self.send(poster, to, game, text, live).await;
        let before = service.now().minus(PROGRESS_KEPT_MS);
        if let Err(error) = service.store().forget_kept_messages(before).await {
            tracing::warn!(%error, "old progress messages stay kept");
        }
    }

    /// A progress message that does not arrive is no fault of the review: it goes on.
    async fn send<P: Poster>(&self, poster: &P, to: &str, game: GameId, text: String, live: Live) {
        let mut reply = Outgoing::text(text);
        reply.live = Some(live);
        if let Err(why) = poster.post(to, vec![reply]).await {
            tracing::debug!(game = game.0, %why, "a progress message was not delivered");
        }
    }
}

/// Reviews the games of `platform` until `shutdown`: a round at start (requests left by a
/// stopped process), then whenever a request is made here, and every `every` for those
/// made elsewhere (another process's chats, a claim run out).
pub async fn run_reviews<P: Poster>(
    service: &Service,
    platform: Platform,
    holder: String,
    poster: P,
    every: Duration,
    shutdown: watch::Receiver<bool>,
) {
    let (holder, poster) = (&holder, &poster);
    crate::bot::worker_rest::run_rounds(
        "analyses",
        every,
        || service.computer.reviews_woken(),
        // Some were finished: more may be waiting behind them.
        move || async move {
            review_due_games(service, platform, holder, poster)
                .await
                .map(|finished| finished > 0)
        },
        shutdown,
    )
    .await;
}
