//! `daily <game>`: the day's puzzle of a two-player game (Glacier Chess, Knight Fight): one
//! move wins clearly, found by the engine in self-play (`engine::puzzle`), the same for
//! everyone and unknown in advance (the deployment's secret is in its seed). `daily <game>
//! <move>` is the player's one answer, rated (Glicko-2, the player against the puzzle) and
//! counted in a streak; `daily <game> top` the chat's standings.

use crate::bot::ambit::attempt::{daily_number, today};
use crate::bot::ambit::daily::{daily_secret, linked_group};
use crate::bot::command::PuzzleAsk;
use crate::bot::context::Context;
use crate::bot::help;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::play::export;
use crate::bot::reply::SPOILER_STAND_IN;
use crate::bot::reply::{Button, Outgoing};
use crate::bot::service::Service;
use crate::engine::puzzle::{self, DAILY_GAMES, Difficulty};
use crate::games::Timestamp;
use crate::games::ambit::{Date, Weekday};
use crate::games::standings::{Rating, rate_win, streaks};
use crate::games::time_control::{self, DAY_MS};
use crate::games::{AnyGame, GameKind, Side};
use crate::render::View;
use crate::store::{DailyPuzzle, GameId, GamePuzzleRecord, PuzzleAnswer, StoreError};
use std::sync::atomic::{AtomicU64, Ordering};

/// Knight Fight's landing squares fit under the picture as buttons up to this many.
const ANSWER_BUTTONS: usize = 20;

/// Solved days read for a streak: more than a year.
const STREAK_DAYS: i64 = 400;

/// Players a chat's standings list.
const STANDINGS_ROWS: i64 = 10;

/// The difficulty of a day's puzzle: easy early in the week, hard at its end (as a
/// newspaper's puzzles grow through the week).
pub fn difficulty_of(date: Date) -> Difficulty {
    match date.weekday() {
        Weekday::Monday | Weekday::Tuesday => Difficulty::Easy,
        Weekday::Wednesday | Weekday::Thursday => Difficulty::Medium,
        Weekday::Friday | Weekday::Saturday | Weekday::Sunday => Difficulty::Hard,
    }
}

pub(crate) async fn game_puzzle(
    service: &Service,
    context: &Context<'_>,
    kind: GameKind,
    ask: PuzzleAsk,
    for_chat: Option<&str>,
) -> Result<Vec<Outgoing>, Refusal> {
    if !puzzle::has_puzzles(kind) {
        return Err(msg("puzzle-no-game")
            .with(
                "game",
                service.say(context.language, &help::kind_name(kind)),
            )
            .into());
    }
    let date = today(context.now)
        .ok_or_else(|| Refusal::Store(StoreError::Corrupt("clock out of range".into())))?;
    if ask == PuzzleAsk::Standings {
        return standings(service, context, kind, date).await;
    }
    // A group's link opened in private: the day's answer counts for that group.
    let linked = match for_chat {
        Some(external) => Some(linked_group(service, context, external).await?),
        None => None,
    };
    let record = day_puzzle(service, kind, date, context.now)
        .await?
        .ok_or_else(|| {
            msg("puzzle-being-made").with(
                "game",
                service.say(context.language, &help::kind_name(kind)),
            )
        })?;
    if let Some(group) = linked {
        service
            .store()
            .link_puzzle(&record.day, kind, context.user.id, group, context.now)
            .await?;
    }
    let answered = service
        .store()
        .puzzle_answer(&record.day, kind, context.user.id)
        .await?;
    match (ask, answered) {
        (_, Some(answer)) => Ok(vec![result(service, context, &record, &answer).await?]),
        (PuzzleAsk::Answer(_), None) if answer_shows_to_all(context) => {
            Ok(vec![answer_in_private(service, context, kind)])
        }
        (PuzzleAsk::Answer(text), None) => answer(service, context, &record, &text).await,
        _ => {
            let more = match linked {
                Some(_) => vec![msg("puzzle-linked")],
                None => Vec::new(),
            };
            let private_button = !context.incoming.chat.private
                && !context.incoming.platform.private_replies_in_chat();
            let picture = puzzle_picture(
                service,
                context.language,
                &record,
                date,
                more,
                private_button,
            )?;
            Ok(vec![picture])
        }
    }
}

/// Whether a typed answer here would show the move to the whole group: a group of a
/// platform that cannot answer one member privately there (Telegram). A pressed answer
/// button shows nothing.
fn answer_shows_to_all(context: &Context<'_>) -> bool {
    !context.incoming.chat.private
        && !context.incoming.platform.private_replies_in_chat()
        && !context.incoming.pressed
}

/// Instead of judging a move typed where the group sees it: where to answer unseen, the
/// private chat, by a button that counts the answer for this group. Nothing is written.
fn answer_in_private(service: &Service, context: &Context<'_>, kind: GameKind) -> Outgoing {
    let text = service.say(context.language, &msg("puzzle-answer-private"));
    Outgoing::text(text).with_buttons(vec![private_answer_button(service, context.language, kind)])
}

/// The button that opens the day's puzzle of `kind` in the presser's private chat, where its
/// answer counts for the group it was pressed in.
fn private_answer_button(service: &Service, language: &str, kind: GameKind) -> Button {
    Button::in_private(
        service.say(language, &msg("button-answer-private")),
        format!("daily {}", kind.name()),
        format!("puzzle-{}", kind.name()),
    )
}

/// The day's puzzle of `kind`: kept, or made now on the engine pool by the first to need it
/// (a request, a post, or the scheduler ahead of both when a chat has the post on), under a
/// lease in the database so that no two processes make it at once. `None` while another
/// holds the lease.
pub(crate) async fn day_puzzle(
    service: &Service,
    kind: GameKind,
    date: Date,
    now: Timestamp,
) -> Result<Option<GamePuzzleRecord>, Refusal> {
    let day = date.to_string();
    if let Some(kept) = service.store().game_puzzle(&day, kind).await? {
        return Ok(Some(kept));
    }
    let lease = making_lease(kind, &day);
    // Each caller its own holder: two requests of one process must not both make it.
    let holder = format!(
        "{}#{}",
        crate::bot::holder::holder_name(),
        MAKER.fetch_add(1, Ordering::Relaxed)
    );
    if !service
        .store()
        .take_lease(&lease, &holder, now, now.plus(MAKING_LEASE_MS))
        .await?
    {
        return Ok(None);
    }
    let made = make_puzzle(service, kind, date, now).await;
    if let Err(error) = service.store().release_lease(&lease, &holder).await {
        tracing::warn!(%error, game = kind.name(), "the puzzle's lease stays until it runs out");
    }
    made.map(Some)
}

/// Whether the day's puzzle of `kind` is not kept yet and another maker holds its lease now:
/// a post then waits a round rather than spend one of its claims.
pub(crate) async fn being_made(
    service: &Service,
    kind: GameKind,
    day: &str,
    now: Timestamp,
) -> Result<bool, StoreError> {
    Ok(service.store().game_puzzle(day, kind).await?.is_none()
        && service
            .store()
            .lease_is_held(&making_lease(kind, day), now)
            .await?)
}

/// The name of the lease its maker holds on the puzzle of `kind` on `day`.
fn making_lease(kind: GameKind, day: &str) -> String {
    format!("game-puzzle:{}:{day}", kind.name())
}

/// Counts the callers of [`day_puzzle`] in this process, for their lease holder names.
static MAKER: AtomicU64 = AtomicU64::new(0);

/// How long a maker of a day's puzzle holds it before another may take over (a Glacier
/// puzzle takes 3-16 s in release; a maker that died is replaced after this).
const MAKING_LEASE_MS: i64 = 180_000;

/// Makes and keeps the day's puzzle (another maker may have kept it since the caller
/// looked: then that one is read back).
async fn make_puzzle(
    service: &Service,
    kind: GameKind,
    date: Date,
    now: Timestamp,
) -> Result<GamePuzzleRecord, Refusal> {
    let day = date.to_string();
    if let Some(kept) = service.store().game_puzzle(&day, kind).await? {
        return Ok(kept);
    }
    let secret = daily_secret(service, now).await?;
    let mac = secret.mac(&[b"game-puzzle", kind.name().as_bytes(), day.as_bytes()]);
    let mut seed_bytes = [0u8; 8];
    seed_bytes.copy_from_slice(&mac[..8]);
    let seed = u64::from_le_bytes(seed_bytes);
    let wanted = difficulty_of(date);
    let started = std::time::Instant::now();
    let (sources, games) = played_games(service, kind, date, seed).await?;
    let (source, made) = service
        .computer
        .search(move || {
            // A position from a game played here first; self-play where none is at the
            // day's difficulty.
            let played = puzzle::from_games(&games, wanted)
                .map(|(index, puzzle)| (sources.get(index).copied(), puzzle));
            if let Some(found) = played.as_ref().filter(|(_, p)| p.difficulty == wanted) {
                return Some(found.clone());
            }
            let bred = puzzle::generate(kind, seed, wanted, DAILY_GAMES);
            match (played, bred) {
                (_, Some(bred)) if bred.difficulty == wanted => Some((None, bred)),
                (Some(played), _) => Some(played),
                (None, bred) => bred.map(|bred| (None, bred)),
            }
        })
        .await
        .flatten()
        .ok_or_else(|| StoreError::Corrupt(format!("no {kind} puzzle for {day}")))?;
    tracing::info!(
        game = kind.name(),
        day = %day,
        difficulty = made.difficulty.name(),
        source_game = source.map(|game| game.0),
        duration_ms = crate::bot::log_duration::duration_ms(started.elapsed()),
        "daily game puzzle made"
    );
    let record = GamePuzzleRecord {
        day,
        kind,
        position: made.position.position_text(),
        solution: made.solution,
        shown: made.shown,
        difficulty: made.difficulty.name().to_string(),
        rating: puzzle_start_rating(made.difficulty),
        source_game: source,
    };
    Ok(service.store().keep_game_puzzle(&record, now).await?)
}

/// How far back a day's puzzle looks for games played here, and how many it searches at
/// most (each costs about one self-play game of engine time).
const PLAYED_DAYS: i64 = 7;
const PLAYED_GAMES: i64 = 8;

/// A game shorter than this (plies) has no position for a puzzle past its opening.
const PLAYED_PLIES: i64 = 12;

/// The positions of the games of `kind` finished here in the week before `date` (the
/// latest few), in an order the day's secret seed shuffles (which game the puzzle comes
/// from is not known in advance), with their ids.
async fn played_games(
    service: &Service,
    kind: GameKind,
    date: Date,
    seed: u64,
) -> Result<(Vec<GameId>, Vec<Vec<AnyGame>>), Refusal> {
    let day_start = time_control::day_start(date.days_since_epoch());
    let mut ids = service
        .store()
        .finished_games_of_kind(
            kind,
            day_start.minus(PLAYED_DAYS * DAY_MS),
            day_start,
            PLAYED_PLIES,
            PLAYED_GAMES,
        )
        .await?;
    crate::games::rng::SeededRng::new(seed).shuffle(&mut ids);
    let (mut found, mut games) = (Vec::new(), Vec::new());
    for id in ids {
        if let Some(game) = service.store().game(id).await? {
            games.push(export::positions(service, &game).await?);
            found.push(id);
        }
    }
    Ok((found, games))
}

/// The games with daily puzzles.
pub(crate) fn puzzle_games() -> impl Iterator<Item = GameKind> {
    GameKind::ALL
        .into_iter()
        .filter(|kind| puzzle::has_puzzles(*kind))
}

/// Makes today's puzzle of every game some chat has the daily post of on, ahead of its
/// first post and request (so nobody waits for the engine). Returns the games made now.
pub(crate) async fn make_wanted_puzzles(service: &Service) -> Result<Vec<GameKind>, Refusal> {
    let now = service.now();
    let Some(date) = today(now) else {
        return Ok(Vec::new());
    };
    let day = date.to_string();
    let mut made = Vec::new();
    for kind in puzzle_games() {
        if service.store().game_puzzle(&day, kind).await?.is_some()
            || !service
                .store()
                .daily_puzzle_wanted(DailyPuzzle::Game(kind))
                .await?
        {
            continue;
        }
        if day_puzzle(service, kind, date, now).await?.is_some() {
            made.push(kind);
        }
    }
    Ok(made)
}

/// The post of the day's puzzle of `kind` in a chat that has it on: the puzzle, how to
/// answer, and how the chat did yesterday with yesterday's move behind a spoiler. `None`
/// while another process is making the puzzle (the post waits for the next round).
/// `private_button`: the chat's platform cannot answer privately in a group (Telegram), so
/// a puzzle without answer buttons gets one that leads to the private chat.
pub(crate) async fn daily_post(
    service: &Service,
    chat_id: i64,
    kind: GameKind,
    date: Date,
    now: Timestamp,
    private_button: bool,
) -> Result<Option<Vec<Outgoing>>, Refusal> {
    let language = service.catalogue.language_for(None);
    let Some(record) = day_puzzle(service, kind, date, now).await? else {
        return Ok(None);
    };
    let game = service.say(language, &help::kind_name(kind));
    let mut lines = Vec::new();
    let mut hidden = None;
    if let Some(yesterday) = Date::from_days_since_epoch(date.days_since_epoch() - 1) {
        let day = yesterday.to_string();
        let (answered, solved) = service
            .store()
            .puzzle_day_counts(chat_id, kind, &day)
            .await?;
        let number = daily_number(yesterday) as u32;
        lines.push(if answered == 0 {
            msg("puzzle-post-yesterday-none").number("number", number)
        } else {
            msg("puzzle-post-yesterday")
                .number("number", number)
                .number("solved", solved as u32)
                .number("answered", answered as u32)
        });
        if let Some(old) = service.store().game_puzzle(&day, kind).await? {
            hidden = Some(old.shown);
        }
    }
    let mut post = puzzle_picture(service, language, &record, date, lines, private_button)?;
    if let Some(solution) = hidden {
        let line = service.say(
            language,
            &msg("puzzle-post-solution").with("solution", SPOILER_STAND_IN),
        );
        post.push_line_with_spoiler(&line, SPOILER_STAND_IN, &solution);
    }
    tracing::debug!(game = %game, "daily game puzzle post made");
    Ok(Some(vec![post]))
}

/// A new puzzle's rating by its difficulty, before anyone answered it.
fn puzzle_start_rating(difficulty: Difficulty) -> Rating {
    let rating = match difficulty {
        Difficulty::Easy => 1200.0,
        Difficulty::Medium => 1500.0,
        Difficulty::Hard => 1800.0,
    };
    Rating {
        rating,
        ..Rating::default()
    }
}

/// The puzzle's picture: the position, whose move it is, how to answer (Knight Fight: a
/// button a landing square), then `more` lines.
fn puzzle_picture(
    service: &Service,
    language: &str,
    record: &GamePuzzleRecord,
    date: Date,
    more: Vec<crate::bot::msg::Msg>,
    private_button: bool,
) -> Result<Outgoing, Refusal> {
    let position = record.game()?;
    let game = service.say(language, &help::kind_name(record.kind));
    let mover = position.side_to_move();
    let side = service.say(language, &msg(side_key(mover)));
    let title = msg("puzzle-title")
        .with("game", game.as_str())
        .number("number", daily_number(date) as u32)
        .with("difficulty", record.difficulty.as_str());
    let task = msg("puzzle-task").with("side", side.as_str());
    let how = msg("puzzle-how").with("game", record.kind.name());
    let facts = position.view_facts();
    // What the position says beyond the board, as a game's picture does: Glacier's check
    // and Ice Age countdown (a puzzle may turn on the coming Ice Age), Knight Fight's score.
    let mut notes = crate::bot::notes::position_notes(&position);
    // The picture's header shows the scores; the detail line only the notes.
    let detail = notes
        .iter()
        .map(|note| service.say(language, note))
        .collect::<Vec<_>>()
        .join(" ");
    if let Some((white, black)) = position.scores() {
        notes.push(
            msg("score-line")
                .with("white", service.say(language, &msg("side-white")))
                .with("black", service.say(language, &msg("side-black")))
                .with("white-score", white)
                .with("black-score", black),
        );
    }
    let view = View {
        white: service.say(language, &msg("side-white")),
        black: service.say(language, &msg("side-black")),
        caption: service.say(language, &task),
        detail,
        last_move: None,
        flip: mover == Side::Black,
        hide_turn: false,
        facts: facts.clone(),
    };
    let png = service.renderer.render(&position, &view)?;
    let mut lines = vec![title, task];
    lines.extend(notes);
    lines.push(how);
    lines.extend(more);
    let caption = service.say_all(language, &lines);
    let buttons = if record.kind == GameKind::KnightFight && facts.moves.len() <= ANSWER_BUTTONS {
        facts
            .moves
            .iter()
            .map(|mv| Button::new(mv.clone(), format!("daily {} {mv}", record.kind.name())))
            .collect()
    } else if private_button {
        // A move typed in this group would show to all: the answer is given in private.
        vec![private_answer_button(service, language, record.kind)]
    } else {
        Vec::new()
    };
    Ok(Outgoing::image(png, caption).with_buttons(buttons))
}

fn side_key(side: Side) -> &'static str {
    match side {
        Side::White => "side-white",
        Side::Black => "side-black",
    }
}

/// The player's one answer: checked against the rules (an illegal move is refused and costs
/// nothing), then judged, rated and kept.
async fn answer(
    service: &Service,
    context: &Context<'_>,
    record: &GamePuzzleRecord,
    text: &str,
) -> Result<Vec<Outgoing>, Refusal> {
    let mut position = record.game()?;
    let played = position
        .play_text(text)
        .map_err(|error| Refusal::from(crate::bot::words::rules_message(&error)))?;
    let solved = played.text == record.solution;
    let player = service
        .store()
        .puzzle_rating(context.user.id, record.kind)
        .await?;
    // The player against the puzzle: a solve is the player's win.
    let (player, rated) = if solved {
        rate_win(player, record.rating)
    } else {
        let (rated, player) = rate_win(record.rating, player);
        (player, rated)
    };
    let answer = PuzzleAnswer {
        answer: played.shown.clone(),
        solved,
    };
    // In private, the answer counts for the group whose link opened the puzzle.
    let counts_for = match context.incoming.chat.private {
        true => service
            .store()
            .puzzle_link(&record.day, record.kind, context.user.id)
            .await?
            .unwrap_or(context.chat_id),
        false => context.chat_id,
    };
    let kept = service
        .store()
        .answer_puzzle(
            record,
            context.user.id,
            counts_for,
            &answer,
            player,
            rated,
            context.now,
        )
        .await?;
    let answer = if kept {
        tracing::info!(
            game = record.kind.name(),
            solved,
            "daily game puzzle answered"
        );
        answer
    } else {
        // A racing answer of the same player got in first: that one counts.
        service
            .store()
            .puzzle_answer(&record.day, record.kind, context.user.id)
            .await?
            .ok_or_else(|| StoreError::Corrupt("a puzzle answer vanished".into()))?
    };
    Ok(vec![result(service, context, record, &answer).await?])
}

/// How the player's answer went: right or not, the solution, their rating and streak, and
/// a share line that gives nothing away. Only for them (it names the solution).
async fn result(
    service: &Service,
    context: &Context<'_>,
    record: &GamePuzzleRecord,
    answer: &PuzzleAnswer,
) -> Result<Outgoing, Refusal> {
    let language = context.own_language;
    let date = today(context.now)
        .ok_or_else(|| Refusal::Store(StoreError::Corrupt("clock out of range".into())))?;
    let days = service
        .store()
        .solved_puzzle_days(context.user.id, record.kind, STREAK_DAYS)
        .await?;
    let day_numbers: Vec<i64> = days
        .iter()
        .filter_map(|day| Date::parse(day).ok().map(Date::days_since_epoch))
        .collect();
    let (streak, _) = streaks(&day_numbers, date.days_since_epoch());
    let rating = service
        .store()
        .puzzle_rating(context.user.id, record.kind)
        .await?;
    let game = service.say(language, &help::kind_name(record.kind));
    let verdict = if answer.solved {
        msg("puzzle-solved").with("move", answer.answer.as_str())
    } else {
        msg("puzzle-missed")
            .with("move", answer.answer.as_str())
            .with("solution", record.shown.as_str())
    };
    let standing = msg("puzzle-rating")
        .number("rating", rating.rating.round().max(0.0) as u32)
        .number("streak", streak);
    let share = msg("puzzle-share")
        .with("game", game.as_str())
        .number("number", daily_number(date) as u32)
        .with("mark", if answer.solved { "✅" } else { "❌" })
        .number("streak", streak);
    let mut reply = Outgoing::text(service.say_all(language, &[verdict, standing, share]));
    reply.private = true;
    Ok(reply)
}

/// `daily <game> top`: the chat's puzzle solvers of the last 30 days, the most solved first,
/// with their puzzle rating.
async fn standings(
    service: &Service,
    context: &Context<'_>,
    kind: GameKind,
    date: Date,
) -> Result<Vec<Outgoing>, Refusal> {
    let language = context.language;
    let first = Date::from_days_since_epoch(date.days_since_epoch() - 29)
        .unwrap_or(date)
        .to_string();
    let rows = service
        .store()
        .puzzle_standings(context.chat_id, kind, &first, STANDINGS_ROWS)
        .await?;
    let game = service.say(language, &help::kind_name(kind));
    if rows.is_empty() {
        return Ok(vec![Outgoing::text(
            service.say(
                language,
                &msg("puzzle-standings-none")
                    .with("game", game.as_str())
                    .with("name", kind.name()),
            ),
        )]);
    }
    let mut lines = vec![service.say(
        language,
        &msg("puzzle-standings-head").with("game", game.as_str()),
    )];
    for (index, row) in rows.iter().enumerate() {
        let name = crate::bot::display_name::clean(&row.name);
        lines.push(
            service.say(
                language,
                &msg("puzzle-standings-row")
                    .number("rank", index as u32 + 1)
                    .with("player", name.as_str())
                    .number("solved", row.solved as u32)
                    .number("answered", row.answered as u32)
                    .number("rating", row.rating.rating.round().max(0.0) as u32),
            ),
        );
    }
    Ok(vec![Outgoing::text(lines.join("\n"))])
}
