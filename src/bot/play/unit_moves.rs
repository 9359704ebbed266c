//! `moves e14`: where the piece or unit on a square may go, as a list and as marks on the
//! board, so a Chesimals player can see a unit's targets before building a turn.

use super::game;
use super::picture;
use super::players;
use super::seat::{self, Seat};
use crate::bot::command::GameRef;
use crate::bot::context::Context;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::reply::Outgoing;
use crate::bot::service::Service;
use crate::games::quote;
use crate::store::GameState;

pub(crate) async fn unit_moves(
    service: &Service,
    context: &Context<'_>,
    square: &str,
    game_ref: Option<GameRef>,
) -> Result<Vec<Outgoing>, Refusal> {
    let game = match game_ref {
        Some(id) => game::game_in_chat(service, context, id).await?,
        None => seat::players_seat(service, context, None, true).await?.game,
    };
    if game.state != GameState::Ongoing {
        return Err(msg("unit-moves-not-running").with("id", game.id).into());
    }
    let seat = Seat::new(game, context.user.id)?;
    let Some((from, targets)) = seat.position.moves_from(square) else {
        return Err(msg("unit-moves-bad-square")
            .with("square", quote(square))
            .into());
    };
    let players = players::read(service, &seat.game).await?;
    let to_move = players.of(seat.position.side_to_move());
    let Some((_, example)) = targets.first() else {
        return Err(msg("unit-moves-none")
            .with("square", from.to_string())
            .with("player", to_move)
            .into());
    };
    let list: Vec<String> = targets.iter().map(|(to, _)| to.to_string()).collect();
    let line = msg("unit-moves-list")
        .with("square", from.to_string())
        .number("count", list.len() as u32)
        .with("targets", list.join(", "))
        .with("example", format!("move {example}"));
    let mut facts = seat.facts();
    facts.targets = targets.iter().map(|(to, _)| *to).collect();
    let mut picture = picture::picture(
        service,
        context.language,
        &seat,
        &players,
        facts,
        vec![line],
        false,
    )?;
    // Asked for, not a turn's news: nobody is pinged.
    picture.mentions.clear();
    Ok(vec![picture])
}
