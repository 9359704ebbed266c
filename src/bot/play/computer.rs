//! Games against the computer: starting one, the engine's moves, its word on a draw offer.
//!
//! The engine's move is background work like the daily post: a game where the computer is to
//! move carries `engine_due`; a process claims it in the database, searches on the bounded
//! pool, and commits the move with the same version check as a player's move, so a player's
//! racing command and a second process can never make two moves apply. A claim whose holder
//! died runs out and is taken over, so after a restart every such game still gets its move.

use super::clock;
use super::game::{self, record_move};
use super::picture;
use super::players::{self, Players};
use super::report;
use super::seat::Seat;
use crate::bot::command::ChallengeArgs;
use crate::bot::context::Context;
use crate::bot::deferred_ratings;
use crate::bot::help;
use crate::bot::msg::{Msg, msg};
use crate::bot::notes;
use crate::bot::outcome::Refusal;
use crate::bot::platform::Platform;
use crate::bot::poster::{Poster, chat_address};
use crate::bot::reply::Outgoing;
use crate::bot::service::Service;
use crate::engine::{self, Level};
use crate::games::{AnyGame, GameKind, Side, Status};
use crate::store::{DueEngineMove, GameRecord, GameState, MoveRecord, NewChallenge, StoreError};
use std::time::Duration;
use tokio::sync::watch;

/// How long a claim on an engine move holds before another process may take it over: after
/// a process died mid-search, its game waits this long (plus a scan) for the computer's move.
/// A process claims only as many moves as it searches at once, so a claim waits for no queue,
/// and the slowest level 8 search measured took 1.4 s (Critters, `docs/engines.md`). A search
/// that outlasts its claim costs a second search elsewhere, never a second move: the commit
/// is version-checked.
pub const ENGINE_LEASE_MS: i64 = 15_000;

/// How often the computer's worker looks for engine moves due elsewhere (another process's
/// games, a claim run out); a move due here wakes it at once.
pub const ENGINE_SCAN: Duration = Duration::from_secs(2);

/// Open games against the computer a chat may have at once.
pub const MAX_COMPUTER_GAMES_PER_CHAT: i64 = 8;

/// The level of a game against the computer when none is named.
pub const DEFAULT_LEVEL: Level = match Level::new(3) {
    Some(level) => level,
    None => Level::MIN,
};

/// The seed of the engine's search at a ply of a game: fixed by the game, so a search redone
/// after a crash finds the same move.
fn search_seed(game: &GameRecord) -> u64 {
    game.seed ^ (game.plies as u64).wrapping_mul(crate::games::rng::GOLDEN_GAMMA)
}

/// Whether a challenge's words name the computer as the opponent.
pub(crate) fn challenges_computer(
    service: &Service,
    context: &Context<'_>,
    args: &ChallengeArgs,
) -> bool {
    args.computer
        || args.level.is_some()
        || service.computer.is_own(
            context.incoming.platform,
            args.opponent.as_deref(),
            &context.incoming.mentions,
        )
}

/// A game against the computer, started at once: the speaker takes the colour asked for
/// (White unless said), the computer the other; when the computer has White it moves
/// first, from the engine's worker.
pub(crate) async fn challenge_computer(
    service: &Service,
    context: &Context<'_>,
    args: ChallengeArgs,
    kind: GameKind,
    start: AnyGame,
    seed: u64,
) -> Result<Vec<Outgoing>, Refusal> {
    let level = match args.level.as_deref() {
        None => DEFAULT_LEVEL,
        Some(text) => Level::parse(text)
            .ok_or_else(|| msg("computer-bad-level").with("level", crate::games::quote(text)))?,
    };
    if !service.store().computer_allowed(context.chat_id).await? {
        return Err(msg("computer-not-allowed").into());
    }
    if service
        .store()
        .computer_games_in_chat(context.chat_id)
        .await?
        >= MAX_COMPUTER_GAMES_PER_CHAT
    {
        return Err(msg("computer-too-many")
            .number("max", MAX_COMPUTER_GAMES_PER_CHAT as u32)
            .into());
    }
    let computer = service
        .store()
        .computer_user(context.incoming.platform, context.now)
        .await?;
    let human_side = match args.color.map(|c| c.name()) {
        Some("black") => Side::Black,
        Some("random") if seed & 1 == 1 => Side::Black,
        _ => Side::White,
    };
    let new = NewChallenge {
        chat_id: context.chat_id,
        kind,
        seed,
        start_position: start.position_text(),
        challenger_id: context.user.id,
        invitee_id: Some(computer),
        challenger_color: crate::games::Color::of(human_side),
        computer_level: Some(level.number()),
        time_control: None,
        thread: context.incoming.chat.thread.clone(),
    };
    let mut game = service.store().create_challenge(&new, context.now).await?;
    let (white, black) = match human_side {
        Side::White => (context.user.id, computer),
        Side::Black => (computer, context.user.id),
    };
    game.white_id = Some(white);
    game.black_id = Some(black);
    game.state = GameState::Ongoing;
    let seat = Seat::new(
        game::save(service, context, &game, None).await?,
        context.user.id,
    )?;
    let players = players::read(service, &seat.game).await?;
    let kind_name = service.say(context.language, &help::kind_name(kind));
    let mut lines = vec![
        msg("game-started")
            .with("id", seat.game.id)
            .with("game", kind_name)
            .with("white", &players.white)
            .with("black", &players.black),
    ];
    lines.extend(thinking_line(&seat.game, &seat.position, &players));
    service.wake_computer();
    let picture = picture::picture(
        service,
        context.language,
        &seat,
        &players,
        seat.facts(),
        lines,
        false,
    );
    Ok(vec![picture?])
}

/// "Kibitz is thinking…" under a picture where the computer is to move.
pub(super) fn thinking_line(
    game: &GameRecord,
    position: &AnyGame,
    players: &Players,
) -> Option<Msg> {
    let side = position.side_to_move();
    (game.state == GameState::Ongoing && game.computer_plays(side))
        .then(|| msg("computer-thinking").with("computer", players.of(side)))
}

/// The computer's answer to a draw offered in `seat`'s game: its own search at its level
/// says whether it is ahead.
pub(super) async fn computer_takes_draw(service: &Service, seat: &Seat) -> bool {
    let Some(level) = seat.game.computer_level.and_then(Level::new) else {
        return false;
    };
    let position = seat.position.clone();
    let seed = search_seed(&seat.game);
    service
        .computer
        .search(move || engine::accepts_draw(&position, level, seed))
        .await
        .unwrap_or(false)
}

/// Makes every due engine move of `platform` this process can take now (as many as it
/// has cores), posting each move's picture with `poster`. Returns how many it made.
pub async fn play_due_engine_moves<P: Poster>(
    service: &Service,
    platform: Platform,
    holder: &str,
    poster: &P,
) -> Result<usize, StoreError> {
    let now = service.now();
    let due = service
        .store()
        .due_engine_moves(platform, now, service.computer.permits() as i64)
        .await?;
    let mut claimed = Vec::new();
    for item in due {
        if service
            .store()
            .claim_engine_move(
                item.game.id,
                item.game.version,
                holder,
                now,
                now.plus(ENGINE_LEASE_MS),
            )
            .await?
        {
            claimed.push(item);
        }
    }
    let made = futures_util::future::join_all(
        claimed
            .into_iter()
            .map(|item| engine_move(service, platform, item, holder, poster)),
    )
    .await;
    Ok(made.into_iter().filter(|made| *made).count())
}

/// One claimed engine move: search, commit (version-checked), post. False when nothing
/// was committed (the game changed meanwhile, or the search found nothing).
async fn engine_move<P: Poster>(
    service: &Service,
    platform: Platform,
    due: DueEngineMove,
    holder: &str,
    poster: &P,
) -> bool {
    let game_id = due.game.id;
    match engine_move_inner(service, platform, due, poster).await {
        Ok(made) => {
            if !made && let Err(error) = service.store().release_engine_move(game_id, holder).await
            {
                tracing::warn!(game = game_id.0, %error, "cannot release an engine claim");
            }
            made
        }
        Err(error) => {
            tracing::warn!(game = game_id.0, error = %error, "engine move failed; it will be tried again");
            if let Err(error) = service.store().release_engine_move(game_id, holder).await {
                // The claim then runs out by itself (ENGINE_LEASE_MS).
                tracing::warn!(game = game_id.0, %error, "cannot release an engine claim");
            }
            false
        }
    }
}

async fn engine_move_inner<P: Poster>(
    service: &Service,
    platform: Platform,
    due: DueEngineMove,
    poster: &P,
) -> Result<bool, Refusal> {
    let started = std::time::Instant::now();
    let mut game = due.game;
    let position = game.game()?;
    let side = position.side_to_move();
    let Some(level) = game.computer_level_of(side).and_then(Level::new) else {
        return Ok(false);
    };
    if position.status().is_over() {
        return Ok(false);
    }
    let Some(choice) = service
        .computer
        .think(position.clone(), level, search_seed(&game))
        .await
    else {
        return Ok(false);
    };
    let mut after = position;
    let played = after
        .play_text(&choice.text)
        .map_err(|e| StoreError::Corrupt(format!("engine move {} refused: {e}", choice.text)))?;
    let facts = after.view_facts();
    record_move(&mut game, &played, &after, false);
    if let Status::Over(outcome) = facts.status {
        game.state = GameState::Finished;
        game.result = Some(outcome);
    }
    let now = service.now();
    // A game with a clock (a tournament's, against a person) charges the computer's move
    // like anyone's. It moves within seconds, so its flag never falls: were it late, the
    // move would still stand, and only its opponent's clock would start later.
    let _ = clock::charge_move(&mut game, side, &after, now);
    game::mark_engine_due(service, &mut game, now);
    let Some(computer) = game.player(side) else {
        return Ok(false);
    };
    let record = MoveRecord {
        ply: game.plies,
        side,
        user_id: computer,
        notation: played.text.clone(),
    };
    let saved = match service.store().save_game(&game, Some(&record), now).await {
        Ok(saved) => saved,
        // A player's command changed the game first: their change stands.
        Err(StoreError::Conflict) => return Ok(false),
        Err(error) => return Err(error.into()),
    };
    if saved.state == GameState::Finished {
        deferred_ratings::rate_or_defer(service, saved.id, now).await;
    }
    tracing::info!(
        game = saved.id.0,
        level = level.number(),
        nodes = choice.nodes,
        depth = choice.depth,
        duration_ms = crate::bot::log_duration::duration_ms(started.elapsed()),
        "engine move made"
    );
    let language = service.chat_language(saved.chat_id).await?;
    // The position as played, not as reloaded: it carries the move's report (what the Ice
    // Age froze), which the stored position text does not, so the notes and the picture
    // say what a person's same move would.
    let seat = Seat::parsed(saved, after, 0);
    let players = players::read(service, &seat.game).await?;
    let mut lines = vec![
        msg("caption-last-move")
            .with("player", players.of(side))
            .with("turn", &played.shown),
    ];
    lines.extend(notes::move_notes(&seat.position));
    // The computer against itself (two of a tournament's computer players) plays quietly:
    // the chat is told the result, not every move.
    let against_itself = seat.game.computer_plays(side.opposite());
    if against_itself && seat.game.state != GameState::Finished {
        return Ok(true);
    }
    // Posted where the game's posts go: its thread, if it has one.
    let news = report::report(
        service,
        language,
        &seat,
        &players,
        facts,
        lines,
        Some(platform),
    )
    .await?;
    let to = chat_address(&due.chat, seat.game.thread.as_deref());
    if let Err(why) = poster.post(&to, news).await {
        // The move stands (committed); the chat sees it with the next `board`.
        tracing::warn!(game = seat.game.id.0, %why, "the engine's move was not delivered");
    }
    Ok(true)
}

/// Makes the engine's moves of `platform` until `shutdown`: a round at start (moves due while
/// the process was down), then whenever a move becomes due here, and every `every` for those
/// due elsewhere (another process's players, a claim run out).
pub async fn run_computer<P: Poster>(
    service: &Service,
    platform: Platform,
    holder: String,
    poster: P,
    every: Duration,
    shutdown: watch::Receiver<bool>,
) {
    let (holder, poster) = (&holder, &poster);
    crate::bot::worker_rest::run_rounds(
        "engine moves",
        every,
        || service.computer.woken(),
        // Some were made: more may be waiting behind them.
        move || async move {
            play_due_engine_moves(service, platform, holder, poster)
                .await
                .map(|made| made > 0)
        },
        shutdown,
    )
    .await;
}
