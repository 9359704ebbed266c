//! What a platform can offer as the user types (Discord's autocomplete): read-only, quick, and
//! silent on failure, since a suggestion is never worth an error message.

use crate::bot::help;
use crate::bot::platform::Platform;
use crate::bot::play::seat;
use crate::bot::service::Service;
use crate::games::ambit;
use crate::store::GameState;

/// The legal moves of the caller's games in `chat` that wait for their move, as they are
/// typed after `move`. With several such games each move carries its game (`d3 #4`), so
/// that picking it cannot play in the wrong game. Empty when nothing is known or a
/// look-up fails.
pub async fn legal_moves_for(
    service: &Service,
    platform: Platform,
    chat: &str,
    user: &str,
) -> Vec<String> {
    let known = service
        .store()
        .known_chat_and_user(platform, chat, user)
        .await;
    let (chat_id, user_id) = match known {
        Ok(Some(keys)) => keys,
        Ok(None) => return Vec::new(),
        Err(error) => {
            tracing::warn!(%error, "no move suggestions");
            return Vec::new();
        }
    };
    let since = service.now().minus(super::limits::CHALLENGE_LIFETIME_MS);
    let games = match service
        .store()
        .user_live_games(chat_id, user_id, since)
        .await
    {
        Ok(games) => games,
        Err(error) => {
            tracing::warn!(%error, "no move suggestions");
            return Vec::new();
        }
    };
    let waiting: Vec<_> = games
        .into_iter()
        .filter(|game| game.state == GameState::Ongoing)
        .filter_map(|game| {
            let position = seat::position(&game).ok()?;
            (game.player(position.side_to_move()) == Some(user_id)).then_some((game, position))
        })
        .collect();
    let several = waiting.len() > 1;
    waiting
        .iter()
        .flat_map(|(game, position)| {
            position.legal_move_texts().into_iter().map(move |mv| {
                if several {
                    format!("{mv} #{}", game.id)
                } else {
                    mv
                }
            })
        })
        .collect()
}

/// Every placement `user` could type next in their open AMBIT puzzle in `chat`: each
/// piece on each empty square, safe or not, so that the list spoils nothing. Empty
/// without an open puzzle or when a look-up fails.
pub async fn placements_for(
    service: &Service,
    platform: Platform,
    chat: &str,
    user: &str,
) -> Vec<String> {
    let Ok(Some((chat_id, user_id))) = service
        .store()
        .known_chat_and_user(platform, chat, user)
        .await
    else {
        return Vec::new();
    };
    let Ok(attempts) = service.store().open_attempts(user_id, chat_id).await else {
        return Vec::new();
    };
    let Some(game) = attempts
        .first()
        .and_then(|attempt| ambit::Game::parse(&attempt.state).ok())
        .filter(|game| !game.status().is_over())
    else {
        return Vec::new();
    };
    let empty: Vec<_> = ambit::footprint::squares(!game.occupied()).collect();
    ambit::Piece::ALL
        .iter()
        .flat_map(|&piece| {
            empty
                .iter()
                .map(move |&square| ambit::Placement::new(piece, square).to_string())
        })
        .collect()
}

/// The challenges in `chat` that `user` may accept (open ones and those addressed to them,
/// not their own), as (label, game number), for `accept`'s autocomplete.
pub async fn acceptable_challenges(
    service: &Service,
    platform: Platform,
    chat: &str,
    user: &str,
) -> Vec<(String, i64)> {
    // Someone who never spoke here is no challenger and no invitee yet.
    let (chat_id, user_id) = match service
        .store()
        .known_chat_and_user(platform, chat, user)
        .await
    {
        Ok(Some(keys)) => keys,
        Ok(None) => match service.store().chat_by_external_id(platform, chat).await {
            Ok(Some(chat_id)) => (chat_id, 0),
            _ => return Vec::new(),
        },
        Err(_) => return Vec::new(),
    };
    let since = service.now().minus(super::limits::CHALLENGE_LIFETIME_MS);
    // Discord offers at most 25 choices.
    let Ok(games) = service
        .store()
        .acceptable_challenges(chat_id, user_id, since, 25)
        .await
    else {
        return Vec::new();
    };
    let mut offered = Vec::new();
    for game in games {
        let challenger = match service.store().user(game.challenger_id).await {
            Ok(Some(user)) => user.display_name,
            _ => "?".to_string(),
        };
        let game_name = service.say(
            crate::bot::i18n::DEFAULT_LANGUAGE,
            &help::kind_name(game.kind),
        );
        offered.push((
            format!("#{} {game_name} · {challenger}", game.id),
            game.id.0,
        ));
    }
    offered
}
