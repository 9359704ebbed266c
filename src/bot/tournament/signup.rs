//! A tournament's life before and around its rounds: making one, joining and leaving,
//! starting and cancelling it.

use super::table::format_message;
use super::{MAX_PLAYERS, MAX_ROUND_ROBIN_PLAYERS, chosen};
use crate::bot::command::NewTournamentArgs;
use crate::bot::context::Context;
use crate::bot::help::{self, game_list};
use crate::bot::limits;
use crate::bot::msg::{Msg, msg};
use crate::bot::outcome::Refusal;
use crate::bot::play::clock::{control_message, time_control_refusal};
use crate::bot::play::computer::DEFAULT_LEVEL;
use crate::bot::reply::{Button, Outgoing};
use crate::bot::service::Service;
use crate::engine::Level;
use crate::games::GameKind;
use crate::games::Timestamp;
use crate::games::time_control::{MINUTE_MS, TimeControl};
use crate::games::tournament::{Format, next_start, start_text};
use crate::store::{NewTournament, StoreError, TournamentId, TournamentRecord, TournamentState};

/// An arena's length when none is named, in minutes.
const DEFAULT_ARENA_MINUTES: u32 = 60;

/// The longest arena, in minutes: a day.
const MAX_ARENA_MINUTES: u32 = 24 * 60;

/// An arena's clock when none is named: three minutes and two seconds a move, lichess's
/// most played arena.
const ARENA_CLOCK: TimeControl = TimeControl::Live {
    minutes: 3,
    increment: 2,
};

/// An arena's length as typed: `45m`, `90`, `2h`, `1h30m`; 10 minutes to a day.
fn arena_minutes(typed: &str) -> Option<u32> {
    let typed = typed.trim().to_lowercase();
    let (hours, rest) = match typed.split_once('h') {
        Some((hours, rest)) => (hours.parse::<u32>().ok()?, rest),
        None => (0, typed.as_str()),
    };
    let minutes = match rest.trim_end_matches("min").trim_end_matches('m') {
        "" => 0,
        digits => digits.parse::<u32>().ok()?,
    };
    let total = hours.checked_mul(60)?.checked_add(minutes)?;
    (10..=MAX_ARENA_MINUTES).contains(&total).then_some(total)
}

/// The most rounds a Swiss is made with.
pub const MAX_SWISS_ROUNDS: u32 = 15;

/// A Swiss's rounds when none are named.
const DEFAULT_SWISS_ROUNDS: u32 = 5;

/// The longest name a tournament takes, in characters.
const MAX_NAME: usize = 60;

/// Tournaments a chat may have open (taking entries or running) at once.
const MAX_OPEN: usize = 3;

/// The rating a player without one in the tournament's game is seeded with.
const UNRATED: i32 = 1500;

/// A player's seeding: their rating in the tournament's game where its chat keeps ratings.
pub(super) async fn seed_rating(
    service: &Service,
    tournament: &TournamentRecord,
    user: i64,
) -> Result<i32, StoreError> {
    let store = service.store();
    let scope = store.scope(tournament.chat_id).await?;
    let rated = store
        .ratings(&scope, Some(tournament.kind), Some(user))
        .await?;
    Ok(rated
        .first()
        .map_or(UNRATED, |record| record.rating.rating.round() as i32))
}

/// `tournament create <game> [format] [rounds:N] [time:…] [name]`: an admin's.
pub(super) async fn create(
    service: &Service,
    context: &Context<'_>,
    args: NewTournamentArgs,
) -> Result<Vec<Outgoing>, Refusal> {
    if !context.admin
        && !service
            .store()
            .tournaments_by_members(context.chat_id)
            .await?
    {
        return Err(msg("tournament-not-admin").into());
    }
    let kind = GameKind::parse(&args.game).ok_or_else(|| {
        msg("tournament-bad-game")
            .with("game", limits::quote(&args.game))
            .with("games", game_list())
    })?;
    let format = match args.format.as_deref() {
        None => Format::Swiss,
        Some(word) => Format::parse(word).ok_or_else(|| msg("tournament-usage"))?,
    };
    let rounds = match (format, args.rounds.as_deref()) {
        (Format::Swiss, None) => DEFAULT_SWISS_ROUNDS,
        (Format::Swiss, Some(typed)) => typed
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=MAX_SWISS_ROUNDS).contains(n))
            .ok_or_else(|| msg("tournament-bad-rounds").number("max", MAX_SWISS_ROUNDS))?,
        (Format::RoundRobin { .. }, None) | (Format::Arena, None) => 0,
        (Format::RoundRobin { .. }, Some(_)) => return Err(msg("tournament-robin-rounds").into()),
        (Format::Arena, Some(_)) => return Err(msg("tournament-arena-rounds").into()),
    };
    let arena_minutes = match (format, args.duration.as_deref()) {
        (Format::Arena, None) => Some(DEFAULT_ARENA_MINUTES),
        (Format::Arena, Some(typed)) => Some(arena_minutes(typed).ok_or_else(|| {
            msg("tournament-bad-duration").with("duration", limits::quote(typed))
        })?),
        (_, None) => None,
        (_, Some(_)) => return Err(msg("tournament-duration-arena").into()),
    };
    let time_control = match (args.time.as_deref(), format) {
        (None, Format::Arena) => ARENA_CLOCK,
        (None, _) => TimeControl::DEFAULT,
        (Some(typed), _) => TimeControl::parse(typed)
            .map_err(|error| Refusal::from(time_control_refusal(typed, &error)))?
            .ok_or_else(|| msg("tournament-no-clock"))?,
    };
    // An arena is an hour's live play: a day a move would pair nobody again.
    if format == Format::Arena && !matches!(time_control, TimeControl::Live { .. }) {
        return Err(msg("tournament-arena-live").into());
    }
    let starts_at = match args.start.as_deref() {
        None => None,
        Some(typed) => Some(
            next_start(typed, context.now)
                .ok_or_else(|| msg("tournament-bad-start").with("start", limits::quote(typed)))?,
        ),
    };
    let name = args.name.trim();
    if name.chars().count() > MAX_NAME {
        return Err(msg("tournament-name-long")
            .number("max", MAX_NAME as u32)
            .into());
    }
    let open = service
        .store()
        .chat_tournaments(context.chat_id, super::LIST_LIMIT)
        .await?
        .into_iter()
        .filter(|t| matches!(t.state, TournamentState::Signup | TournamentState::Running))
        .count();
    if open >= MAX_OPEN {
        return Err(msg("tournament-too-many")
            .number("max", MAX_OPEN as u32)
            .into());
    }
    let language = context.language;
    let game = service.say(language, &help::kind_name(kind));
    let name = match name {
        "" => service.say(
            language,
            &msg("tournament-default-name").with("game", &game),
        ),
        name => name.to_string(),
    };
    let new = NewTournament {
        chat_id: context.chat_id,
        kind,
        format,
        rounds,
        time_control: Some(time_control),
        name,
        created_by: context.user.id,
        starts_at,
        arena_minutes,
    };
    let made = service.store().create_tournament(&new, context.now).await?;
    tracing::info!(tournament = made.id.0, "a tournament was made");
    let text = msg("tournament-created")
        .with("id", made.id)
        .with("name", &made.name)
        .with("game", game)
        .with(
            "format",
            service.say(language, &format_message(format, rounds, arena_minutes)),
        )
        .with(
            "time",
            service.say(language, &control_message(time_control)),
        )
        .with("creator", &context.user.display_name);
    let mut text = service.say(language, &text);
    if let Some(at) = made.starts_at {
        let starts = msg("tournament-starts-at").with("start", start_text(at));
        text.push('\n');
        text.push_str(&service.say(language, &starts));
    }
    Ok(vec![
        Outgoing::text(text).with_buttons(signup_buttons(service, language, made.id)),
    ])
}

fn signup_buttons(service: &Service, language: &str, id: TournamentId) -> Vec<Button> {
    vec![
        Button::new(
            service.say(language, &msg("button-join")),
            format!("tournament join {id}"),
        ),
        Button::new(
            service.say(language, &msg("button-leave")),
            format!("tournament leave {id}"),
        ),
    ]
}

/// `tournament join [#id]`: before the start, or a Swiss's first round (a latecomer,
/// paired from round 2 with no points).
pub(super) async fn join(
    service: &Service,
    context: &Context<'_>,
    id: Option<TournamentId>,
) -> Result<Vec<Outgoing>, Refusal> {
    let tournament = chosen(service, context, id, false).await?;
    let id = tournament.id;
    let joined_round = match (tournament.state, tournament.format) {
        (TournamentState::Signup, _) => 1,
        (TournamentState::Running, Format::Swiss) if tournament.round <= 1 => 2,
        // An arena takes players until its end: they wait for the next pairing.
        (TournamentState::Running, Format::Arena)
            if tournament.ends_at.is_some_and(|end| context.now < end) =>
        {
            tournament.round + 1
        }
        (TournamentState::Running, _) => return Err(msg("tournament-begun").with("id", id).into()),
        _ => return Err(msg("tournament-over").with("id", id).into()),
    };
    let entries = with_room(service, &tournament).await?;
    if entries.iter().any(|e| e.user_id == context.user.id) {
        return Err(msg("tournament-already-in").with("id", id).into());
    }
    let rating = seed_rating(service, &tournament, context.user.id).await?;
    if !service
        .store()
        .join_tournament(id, context.user.id, joined_round, rating, context.now)
        .await?
    {
        return Err(msg("tournament-already-in").with("id", id).into());
    }
    let key = match joined_round {
        1 => "tournament-joined",
        _ => "tournament-joined-late",
    };
    let text = msg(key)
        .with("player", &context.user.display_name)
        .with("id", id)
        .number("count", entries.len() as u32 + 1);
    Ok(vec![Outgoing::text(service.say(context.language, &text))])
}

/// A computer player's seeding: its level on a rating-like scale (level 1 950, level 8
/// 2000), so that a field is seeded across humans and levels alike.
fn computer_rating(level: Level) -> i32 {
    800 + 150 * i32::from(level.number())
}

/// `tournament add computer [level:N] [#id]`: the tournament's maker or an admin enters the
/// computer at a level (3 unless named), once per level, before the start.
pub(super) async fn add_computer(
    service: &Service,
    context: &Context<'_>,
    level: Option<&str>,
    id: Option<TournamentId>,
) -> Result<Vec<Outgoing>, Refusal> {
    let tournament = chosen(service, context, id, false).await?;
    let id = tournament.id;
    may_run(context, &tournament)?;
    if tournament.state != TournamentState::Signup {
        return Err(msg("tournament-begun").with("id", id).into());
    }
    let level = match level {
        None => DEFAULT_LEVEL,
        Some(text) => Level::parse(text)
            .ok_or_else(|| msg("computer-bad-level").with("level", limits::quote(text)))?,
    };
    if !service.store().computer_allowed(context.chat_id).await? {
        return Err(msg("computer-not-allowed").into());
    }
    let entries = with_room(service, &tournament).await?;
    let store = service.store();
    let player = store
        .computer_player(context.incoming.platform, level.number(), context.now)
        .await?;
    let rating = computer_rating(level);
    let name = service.say(
        context.language,
        &msg("computer-name").number("level", u32::from(level.number())),
    );
    if !store
        .join_tournament(id, player, 1, rating, context.now)
        .await?
    {
        return Err(msg("tournament-computer-in")
            .with("computer", name)
            .with("id", id)
            .into());
    }
    let text = msg("tournament-joined")
        .with("player", name)
        .with("id", id)
        .number("count", entries.len() as u32 + 1);
    Ok(vec![Outgoing::text(service.say(context.language, &text))])
}

/// The players of `tournament`, refused when it has no room for one more.
async fn with_room(
    service: &Service,
    tournament: &TournamentRecord,
) -> Result<Vec<crate::store::EntryRecord>, Refusal> {
    let entries = service
        .store()
        .tournament_entries(tournament.id, MAX_PLAYERS as i64 + 1)
        .await?;
    let cap = field_cap(tournament.format);
    if entries.len() >= cap {
        return Err(msg("tournament-full")
            .with("id", tournament.id)
            .number("max", cap as u32)
            .into());
    }
    Ok(entries)
}

/// The most players a tournament of `format` takes.
fn field_cap(format: Format) -> usize {
    match format {
        Format::Swiss | Format::Arena => MAX_PLAYERS,
        Format::RoundRobin { .. } => MAX_ROUND_ROBIN_PLAYERS,
    }
}

/// `tournament leave [#id]`: off the list before the start; withdrawn after it (paired no
/// more, finished games standing).
pub(super) async fn leave(
    service: &Service,
    context: &Context<'_>,
    id: Option<TournamentId>,
) -> Result<Vec<Outgoing>, Refusal> {
    let tournament = chosen(service, context, id, false).await?;
    let id = tournament.id;
    let user = context.user.id;
    let (done, key) = match tournament.state {
        TournamentState::Signup => (
            service.store().leave_tournament(id, user).await?,
            "tournament-left",
        ),
        TournamentState::Running => (
            service
                .store()
                .withdraw_from_tournament(id, user, tournament.round)
                .await?,
            "tournament-withdrew",
        ),
        _ => return Err(msg("tournament-over").with("id", id).into()),
    };
    if !done {
        return Err(msg("tournament-not-in").with("id", id).into());
    }
    let text = msg(key)
        .with("player", &context.user.display_name)
        .with("id", id);
    Ok(vec![Outgoing::text(service.say(context.language, &text))])
}

/// Whether the speaker may start or cancel `tournament`: its maker, or an admin.
fn may_run(context: &Context<'_>, tournament: &TournamentRecord) -> Result<(), Refusal> {
    match context.admin || tournament.created_by == context.user.id {
        true => Ok(()),
        false => Err(msg("tournament-not-maker").with("id", tournament.id).into()),
    }
}

/// `tournament start [#id]`: the field is fixed (seeded by rating) and round 1 is paired
/// and posted by the tournaments' worker.
pub(super) async fn start(
    service: &Service,
    context: &Context<'_>,
    id: Option<TournamentId>,
) -> Result<Vec<Outgoing>, Refusal> {
    let tournament = chosen(service, context, id, false).await?;
    may_run(context, &tournament)?;
    let begun = begin(service, &tournament, context.now).await?;
    Ok(vec![Outgoing::text(service.say(context.language, &begun))])
}

/// Starts `tournament` (taking players) at `now`: the field is fixed and seeded, and the
/// tournaments' worker is rung to pair round 1. What the chat is told, or the refusal when
/// it cannot start (too few players; started already, here or by another process).
pub(super) async fn begin(
    service: &Service,
    tournament: &TournamentRecord,
    now: Timestamp,
) -> Result<Msg, Refusal> {
    let id = tournament.id;
    if tournament.state != TournamentState::Signup {
        return Err(msg("tournament-begun").with("id", id).into());
    }
    let entries = service
        .store()
        .tournament_entries(id, MAX_PLAYERS as i64)
        .await?;
    if entries.len() < 2 {
        return Err(msg("tournament-too-few")
            .with("id", id)
            .number("count", entries.len() as u32)
            .into());
    }
    let rounds = match tournament.format.round_robin_rounds(entries.len()) {
        Some(rounds) => rounds as u32,
        // A Swiss of n players cannot go on past n - 1 rounds without a rematch.
        None => tournament.rounds.min(entries.len() as u32 - 1),
    };
    // The computer's players keep the rating of their level.
    for entry in entries
        .iter()
        .filter(|entry| entry.computer_level.is_none())
    {
        let rating = seed_rating(service, tournament, entry.user_id).await?;
        service
            .store()
            .seed_entry(id, entry.user_id, rating)
            .await?;
    }
    let ends_at = tournament
        .arena_minutes
        .map(|minutes| now.plus(i64::from(minutes) * MINUTE_MS));
    if !service
        .store()
        .start_tournament(id, rounds, now, ends_at)
        .await?
    {
        return Err(msg("tournament-begun").with("id", id).into());
    }
    tracing::info!(
        tournament = id.0,
        players = entries.len(),
        "a tournament started"
    );
    service.wake_tournaments();
    Ok(match ends_at {
        Some(end) => msg("tournament-arena-started").with("end", start_text(end)),
        None => msg("tournament-started").number("rounds", rounds),
    }
    .with("id", id)
    .with("name", &tournament.name)
    .number("players", entries.len() as u32))
}

/// `tournament cancel [#id]`: nothing more is paired; games under way go on unpaired.
pub(super) async fn cancel(
    service: &Service,
    context: &Context<'_>,
    id: Option<TournamentId>,
) -> Result<Vec<Outgoing>, Refusal> {
    let tournament = chosen(service, context, id, false).await?;
    let id = tournament.id;
    may_run(context, &tournament)?;
    if !service.store().cancel_tournament(id, context.now).await? {
        return Err(msg("tournament-over").with("id", id).into());
    }
    tracing::info!(tournament = id.0, "a tournament was cancelled");
    let text = msg("tournament-cancelled").with("id", id);
    Ok(vec![Outgoing::text(service.say(context.language, &text))])
}
