//! What a platform can offer as the user types (Discord's autocomplete): read-only, quick, and
//! silent on failure, since a suggestion is never worth an error message.

use super::{Platform, Service};
use crate::store::GameState;

impl Service {
    /// The legal moves of the caller's games in `chat` that wait for their move, as they are
    /// typed after `move`. With several such games each move carries its game (`d3 #4`), so
    /// that picking it cannot play in the wrong game. Empty when nothing is known or a
    /// look-up fails.
    pub async fn legal_moves_for(&self, platform: Platform, chat: &str, user: &str) -> Vec<String> {
        let known = self
            .store
            .known_chat_and_user(platform.as_str(), chat, user)
            .await;
        let (chat_id, user_id) = match known {
            Ok(Some(keys)) => keys,
            Ok(None) => return Vec::new(),
            Err(error) => {
                tracing::warn!(%error, "no move suggestions");
                return Vec::new();
            }
        };
        let games = match self.store.active_games(chat_id).await {
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
                let position = self.position(&game).ok()?;
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
}
