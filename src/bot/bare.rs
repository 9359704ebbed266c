//! A line with no command word: a move, or an AMBIT placement.

use crate::bot::ambit::attempt;
use crate::bot::ambit::puzzle;
use crate::bot::context::Context;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::play::moves;
use crate::bot::play::seat;
use crate::bot::reply::Outgoing;
use crate::bot::service::Service;

/// A line with no command word: an AMBIT placement while a puzzle is open and the line
/// is a legal move in none of the speaker's games, else a move. A line that is both is
/// asked about. The speaker's running games are read once, for both questions; the
/// puzzle only when the line could be a placement.
pub(crate) async fn bare(
    service: &Service,
    context: &Context<'_>,
    text: &str,
) -> Result<Vec<Outgoing>, Refusal> {
    let placement_shaped = crate::games::ambit::notation::parse_placement(text).is_ok();
    let running = seat::running_games(service, context).await?;
    if placement_shaped && let Some(attempt) = attempt::open_attempt(service, context).await? {
        let fit = running.fit(context.user.id, text);
        let Some(&game) = fit.legal.first() else {
            return puzzle::ambit_place_in(service, context, text, attempt).await;
        };
        let text = text.trim();
        return Err(msg("bare-placement-or-move")
            .with("text", crate::games::quote(text))
            .with("id", game)
            .with("place", format!("place {text}"))
            .with("move", format!("move {text} #{game}"))
            .into());
    }
    moves::play_bare(service, context, text, running).await
}
