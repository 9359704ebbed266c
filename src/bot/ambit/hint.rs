//! `hint`: one placement of a minimal solution that the player has not made, shown as a ghost
//! on its square. Free in a practice puzzle; in the daily it costs a star (one of the
//! puzzle's lives, never the last), and the daily's share line shows a 💡 for each.

use super::attempt;
use crate::bot::context::Context;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::reply::Outgoing;
use crate::bot::service::Service;
use crate::games::ambit;
use crate::render::AmbitView;

/// `hint`.
pub(crate) async fn ambit_hint(
    service: &Service,
    context: &Context<'_>,
) -> Result<Vec<Outgoing>, Refusal> {
    let Some(mut attempt) = attempt::open_attempt(service, context).await? else {
        return Err(msg("ambit-no-puzzle").into());
    };
    let mut game = attempt::ambit_game(&attempt)?;
    let Some(hint) = ambit::hint(&game) else {
        return Err(msg("ambit-hint-none").into());
    };
    let mut lines = vec![msg("ambit-hint").with("placement", hint)];
    if attempt.day.is_some() {
        if !game.spend_life() {
            return Err(msg("ambit-hint-last-star").into());
        }
        attempt.state = game.text();
        lines.push(msg("ambit-hint-cost").number("stars", u32::from(game.lives())));
    }
    attempt.hints += 1;
    let attempt = attempt::save_attempt(service, &attempt).await?;
    let view = AmbitView {
        solution: vec![hint],
        ..AmbitView::default()
    };
    let language = attempt::attempt_language(context, &attempt);
    let mut reply = attempt::ambit_picture(service, language, &attempt, &game, lines, view)?;
    reply.private = attempt.day.is_some();
    Ok(vec![reply])
}
