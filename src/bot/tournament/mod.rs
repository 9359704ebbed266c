//! Tournaments: a chat's own Swiss or round robin, run by the bot from sign-up to podium.
//!
//! The commands (`signup`: create, join, leave, start, cancel; `table`: the list, a
//! tournament's standings and pairings) change the tournament's rows; the rounds are paired
//! and posted by the tournaments' worker (`rounds`), each exactly once across processes:
//! a round is paired in one unit of work that first moves the tournament's round on from
//! the value read, and its post is claimed like the daily post. The pairing itself is the
//! rules core's arithmetic (`games::tournament`).

mod berserk;
pub(crate) mod rounds;
mod signup;
mod table;

use crate::bot::command::TournamentAsk;
use crate::bot::context::Context;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::reply::Outgoing;
use crate::bot::service::Service;
use crate::store::{EntryRecord, StoreError, TournamentId, TournamentRecord, TournamentState};

/// The most players a tournament takes.
pub const MAX_PLAYERS: usize = 128;

/// The most players a round robin takes: its rounds grow with its field.
pub const MAX_ROUND_ROBIN_PLAYERS: usize = 16;

/// The tournaments `tournament` lists, newest first.
const LIST_LIMIT: i64 = 10;

/// Answers `tournament …`.
pub(crate) async fn tournament(
    service: &Service,
    context: &Context<'_>,
    ask: TournamentAsk,
) -> Result<Vec<Outgoing>, Refusal> {
    match ask {
        TournamentAsk::List => table::list(service, context).await,
        TournamentAsk::Show(id) => table::show(service, context, Some(id)).await,
        TournamentAsk::Standings(id) => table::show(service, context, id).await,
        TournamentAsk::Pairings(id) => table::pairings(service, context, id).await,
        TournamentAsk::Create(args) => signup::create(service, context, args).await,
        TournamentAsk::Join(id) => signup::join(service, context, id).await,
        TournamentAsk::Berserk(game) => berserk::berserk(service, context, game).await,
        TournamentAsk::AddComputer { level, tournament } => {
            signup::add_computer(service, context, level.as_deref(), tournament).await
        }
        TournamentAsk::Leave(id) => signup::leave(service, context, id).await,
        TournamentAsk::Start(id) => signup::start(service, context, id).await,
        TournamentAsk::Cancel(id) => signup::cancel(service, context, id).await,
    }
}

/// The players of a tournament as it shows them, in the order they joined: the computer
/// named with its level, as on a board's header.
async fn entries(
    service: &Service,
    id: TournamentId,
    language: &str,
) -> Result<Vec<EntryRecord>, StoreError> {
    let mut entries = service
        .store()
        .tournament_entries(id, MAX_PLAYERS as i64)
        .await?;
    for entry in &mut entries {
        if let Some(level) = entry.computer_level {
            let name = msg("computer-name").number("level", u32::from(level));
            entry.display_name = service.say(language, &name);
        }
    }
    Ok(entries)
}

/// The tournament a command is about: the one numbered, if it is this chat's, else the
/// chat's newest that is not over (or, with `any`, the newest of all).
async fn chosen(
    service: &Service,
    context: &Context<'_>,
    id: Option<TournamentId>,
    any: bool,
) -> Result<TournamentRecord, Refusal> {
    match id {
        Some(id) => match service.store().tournament(id).await? {
            Some(found) if found.chat_id == context.chat_id => Ok(found),
            _ => Err(msg("tournament-unknown").with("id", id).into()),
        },
        None => service
            .store()
            .chat_tournaments(context.chat_id, LIST_LIMIT)
            .await?
            .into_iter()
            .find(|t| any || matches!(t.state, TournamentState::Signup | TournamentState::Running))
            .ok_or_else(|| msg("tournament-none").into()),
    }
}
