//! Games in threads of their own (`Platform::games_in_threads`, Discord): an accepted
//! challenge asks for a thread off its start, the adapter opens it and says so here, and the
//! game's result is told to the channel the thread hangs off as well.

use super::picture;
use super::players::{self, Players};
use super::seat::Seat;
use crate::bot::context::Context;
use crate::bot::help;
use crate::bot::limits;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::platform::Platform;
use crate::bot::reply::{NewThread, Outgoing};
use crate::bot::service::Service;
use crate::games::GameKind;
use crate::store::{GameId, GameRecord, GameState};

/// Discord's longest thread name.
const THREAD_NAME_CHARS: usize = 100;

/// The thread the start of `seat`'s game asks for, where the chat plays games in threads
/// and the game was not started in one already.
pub(super) async fn thread_for(
    service: &Service,
    context: &Context<'_>,
    seat: &Seat,
    players: &Players,
) -> Result<Option<NewThread>, Refusal> {
    if !context.incoming.platform.games_in_threads()
        || context.incoming.chat.thread.is_some()
        || !service.store().game_threads(context.chat_id).await?
    {
        return Ok(None);
    }
    Ok(Some(named_thread(
        service,
        context.language,
        (seat.game.kind, seat.game.id),
        &players.white,
        &players.black,
    )))
}

/// The thread a game is asked to be played in, named for its players ("Knight Fight #12:
/// Alice vs Bob"): an accepted challenge's, a tournament round's board's.
pub(in crate::bot) fn named_thread(
    service: &Service,
    language: &str,
    (kind, game): (GameKind, GameId),
    white: &str,
    black: &str,
) -> NewThread {
    let name = msg("thread-name")
        .with("game", service.say(language, &help::kind_name(kind)))
        .with("id", game)
        .with("white", white)
        .with("black", black);
    NewThread {
        game: game.0,
        name: limits::cut(&service.say(language, &name), THREAD_NAME_CHARS),
    }
}

/// The adapter opened `thread` for game `game` (as [`Outgoing::opens_thread`] asked):
/// the game's own posts go there from now on, and this is the thread's first message,
/// the board with the player to move named. Nothing when the game has a thread already
/// or is gone.
pub async fn open_thread(service: &Service, game: GameId, thread: &str) -> Vec<Outgoing> {
    let opened = async {
        if !service.store().set_game_thread(game, thread).await? {
            return Ok(Vec::new());
        }
        let Some(record) = service.store().game(game).await? else {
            return Ok(Vec::new());
        };
        let language = service.chat_language(record.chat_id).await?;
        let seat = Seat::new(record, 0)?;
        let players = players::read(service, &seat.game).await?;
        let welcome = msg("thread-welcome").with("id", game);
        let picture = picture::picture(
            service,
            language,
            &seat,
            &players,
            seat.facts(),
            vec![welcome],
            false,
        )?;
        Ok::<_, Refusal>(vec![picture])
    };
    match opened.await {
        Ok(posts) => posts,
        Err(error) => {
            tracing::warn!(game = game.0, %error, "the game's thread could not be set up");
            Vec::new()
        }
    }
}

/// The result of `game`, for the channel its thread hangs off, when it ended in a thread
/// of its own on `platform`.
pub(super) fn parent_notice(
    service: &Service,
    platform: Platform,
    language: &str,
    game: &GameRecord,
    players: &Players,
) -> Option<Outgoing> {
    if !platform.games_in_threads() || game.thread.is_none() {
        return None;
    }
    let text = match game.state {
        GameState::Finished => msg("game-result-notice")
            .with("id", game.id)
            .with("game", service.say(language, &help::kind_name(game.kind)))
            .with(
                "result",
                players::result_text(service, language, game, players),
            ),
        GameState::Aborted => msg("caption-aborted").with("id", game.id),
        _ => return None,
    };
    let mut notice = Outgoing::text(service.say(language, &text));
    notice.in_parent = true;
    Some(notice)
}
