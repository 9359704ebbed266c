//! The news of a change to a game (a move, a resignation, a draw agreed, a timeout): its
//! picture, the replay of a game it ended, and the result for the channel a game's thread
//! hangs off.

use super::export;
use super::picture::picture;
use super::players::Players;
use super::seat::Seat;
use super::thread;
use crate::bot::msg::Msg;
use crate::bot::outcome::Refusal;
use crate::bot::platform::Platform;
use crate::bot::reply::Outgoing;
use crate::bot::service::Service;
use crate::games::ViewFacts;
use crate::store::GameState;

/// The news of a change to a game (a move, a resignation, a draw agreed, a timeout):
/// its picture and, when the change finished the game, its animated replay. The one
/// place a game's end is reported, so every way a game ends brings its replay. The game
/// is saved already: a replay that cannot be made is logged and left out. Where the news
/// goes to the game's own thread (`told_in_thread`: a line said there, or a background
/// post of a game that has one), an ended game's result is added for its channel.
pub(super) async fn report(
    service: &Service,
    language: &str,
    seat: &Seat,
    players: &Players,
    facts: ViewFacts,
    first: Vec<Msg>,
    told_in_thread: Option<Platform>,
) -> Result<Vec<Outgoing>, Refusal> {
    let mut replies = vec![picture(
        service, language, seat, players, facts, first, false,
    )?];
    if seat.game.state == GameState::Finished {
        match export::replay_of(service, language, &seat.game, players).await {
            Ok(Some(replay)) => replies.push(replay),
            Ok(None) => {}
            Err(error) => {
                tracing::warn!(game = seat.game.id.0, %error, "no replay for a finished game");
            }
        }
    }
    if let Some(platform) = told_in_thread {
        replies.extend(thread::parent_notice(
            service, platform, language, &seat.game, players,
        ));
    }
    Ok(replies)
}
