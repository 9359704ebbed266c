//! `pings`: whether a player is mentioned (and so notified by the platform) when it is their
//! move: in the reply to the move before theirs and in a clock's reminder.

use crate::bot::context::Context;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::reply::Outgoing;
use crate::bot::service::Service;

/// `pings` shows the speaker's choice; `pings on` / `pings off` makes it.
pub(crate) async fn pings(
    service: &Service,
    context: &Context<'_>,
    choice: Option<bool>,
) -> Result<Vec<Outgoing>, Refusal> {
    let on = match choice {
        Some(on) => {
            service.store().set_pings(context.user.id, on).await?;
            on
        }
        None => service
            .store()
            .player_names(&[context.user.id])
            .await?
            .get(&context.user.id)
            .is_none_or(|named| named.pings),
    };
    let line = match (choice.is_some(), on) {
        (true, true) => msg("pings-on"),
        (true, false) => msg("pings-off"),
        (false, true) => msg("pings-are-on"),
        (false, false) => msg("pings-are-off"),
    };
    let mut reply = Outgoing::text(service.say(context.own_language, &line));
    reply.private = true;
    Ok(vec![reply])
}
