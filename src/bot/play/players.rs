//! The players of a game by name, read together once per command: as pictures and captions
//! name them, whom a turn pings, and a finished game's result in their names.

use crate::bot::display_name;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::service::Service;
use crate::bot::words::reason_message;
use crate::games::Side;
use crate::store::{COMPUTER_EXTERNAL_ID, GameRecord};
use std::collections::HashMap;

/// The players' names of a game, read together once per command.
#[derive(Clone, Debug)]
pub(crate) struct Players {
    pub white: String,
    pub black: String,
    /// The platform's id of each side's player who wants a mention when it is their move
    /// (`None`: the computer, or pings turned off).
    pub pings: [Option<String>; 2],
}

impl Players {
    pub fn of(&self, side: Side) -> &str {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    /// Whom to mention when it is `side`'s move, if anyone.
    pub fn ping(&self, side: Side) -> Option<&str> {
        self.pings[usize::from(side == Side::Black)].as_deref()
    }
}

/// Both players' names, in one read ("?" for a seat nobody holds or a user not found).
pub(super) async fn read(service: &Service, game: &GameRecord) -> Result<Players, Refusal> {
    let ids: Vec<i64> = [game.white_id, game.black_id]
        .into_iter()
        .flatten()
        .collect();
    let names = service.store().player_names(&ids).await?;
    let named = |id: Option<i64>| id.and_then(|id| names.get(&id));
    let ping = |id: Option<i64>| {
        named(id)
            .filter(|p| p.pings && !p.external_id.starts_with(COMPUTER_EXTERNAL_ID))
            .map(|p| p.external_id.clone())
    };
    // Names stored before they were cleaned are cleaned as they are shown.
    let name = |id: Option<i64>| {
        named(id).map_or_else(
            || "?".to_string(),
            |p| display_name::or_id(display_name::clean(&p.display_name), &p.external_id),
        )
    };
    let mut players = Players {
        white: name(game.white_id),
        black: name(game.black_id),
        pings: [ping(game.white_id), ping(game.black_id)],
    };
    for side in Side::BOTH {
        let Some(level) = game.computer_level_of(side) else {
            continue;
        };
        // The computer's name carries its level, on the board's header and in captions.
        let language = service.catalogue.language_for(None);
        let name = service.say(
            language,
            &msg("computer-name").number("level", u32::from(level)),
        );
        match side {
            Side::White => players.white = name,
            Side::Black => players.black = name,
        }
    }
    Ok(players)
}

/// The name of user `id` among `names` as read; "?" for a seat nobody holds or a user not
/// found.
pub(super) fn name_in(names: &HashMap<i64, String>, id: Option<i64>) -> String {
    id.and_then(|id| names.get(&id).cloned())
        .unwrap_or_else(|| "?".to_string())
}

/// The result of a finished game in the reader's words, e.g. `Alice wins (resignation)`.
pub(super) fn result_text(
    service: &Service,
    language: &str,
    game: &GameRecord,
    players: &Players,
) -> String {
    let Some(outcome) = game.result else {
        return String::new();
    };
    let head = match outcome.winner {
        Some(side) => msg("result-win").with("winner", players.of(side)),
        None => msg("result-draw"),
    };
    format!(
        "{} ({})",
        service.say(language, &head),
        service.say(language, &reason_message(outcome.reason))
    )
}
