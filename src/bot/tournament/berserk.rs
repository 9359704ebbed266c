//! `tournament berserk [#game]`: in an arena game, before their first move, a player halves
//! their own clock; a win then scores one point more (lichess's berserk).

use crate::bot::context::Context;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::play::clock::restart_deadline;
use crate::bot::reply::Outgoing;
use crate::bot::service::Service;
use crate::games::tournament::Format;
use crate::store::{GameId, GameRecord, GameState, StoreError};

/// How many of a game's first moves are looked at to see whether the speaker has moved:
/// berserk is only for before one's first move, so a game further on is past it anyway.
const FIRST_MOVES: i64 = 4;

pub(super) async fn berserk(
    service: &Service,
    context: &Context<'_>,
    game: Option<GameId>,
) -> Result<Vec<Outgoing>, Refusal> {
    let user = context.user.id;
    let mut game = match game {
        Some(id) => match service.store().game(id).await? {
            Some(game) if game.chat_id == context.chat_id => game,
            _ => return Err(msg("no-such-game").with("id", id).into()),
        },
        None => arena_game(service, context).await?,
    };
    let id = game.id;
    let Some(side) = game.side_of(user) else {
        return Err(msg("berserk-not-yours").with("id", id).into());
    };
    let in_arena = match service.store().tournament_of_game(id).await? {
        Some((tournament, _)) => service
            .store()
            .tournament(tournament)
            .await?
            .is_some_and(|t| t.format == Format::Arena),
        None => false,
    };
    if !in_arena || game.state != GameState::Ongoing {
        return Err(msg("berserk-not-arena").with("id", id).into());
    }
    let moved = service
        .store()
        .first_moves(id, FIRST_MOVES)
        .await?
        .iter()
        .any(|played| played.user_id == user);
    let Some(clocks) = game.clocks.filter(|_| !moved) else {
        return Err(msg("berserk-too-late").with("id", id).into());
    };
    game.clocks = Some(clocks.berserk(side));
    let position = game.game()?;
    restart_deadline(&mut game, &position);
    match service.store().go_berserk(&game, side, context.now).await {
        Ok(()) => {}
        Err(StoreError::Conflict) => {
            return Err(msg("berserk-too-late").with("id", id).into());
        }
        Err(other) => return Err(other.into()),
    }
    tracing::info!(game = id.0, "a player went berserk");
    let text = msg("berserk-done")
        .with("player", &context.user.display_name)
        .with("id", id);
    Ok(vec![Outgoing::text(service.say(context.language, &text))])
}

/// The speaker's one game under way in this chat, when they did not name one.
async fn arena_game(service: &Service, context: &Context<'_>) -> Result<GameRecord, Refusal> {
    let live: Vec<GameRecord> = service
        .store()
        .open_games_of(context.user.id)
        .await?
        .into_iter()
        .filter(|game| game.chat_id == context.chat_id && game.state == GameState::Ongoing)
        .collect();
    match live.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(msg("berserk-no-game").into()),
        several => Err(msg("berserk-which").with("first", several[0].id).into()),
    }
}
