//! `games [page]`: the chat's live games, a page at a time, every name on the page read at
//! once.

use super::game::expiry;
use super::players::name_in;
use super::seat;
use crate::bot::context::Context;
use crate::bot::help;
use crate::bot::limits::GAMES_PAGE;
use crate::bot::msg::{Msg, msg};
use crate::bot::outcome::Refusal;
use crate::bot::reply::{Button, Outgoing};
use crate::bot::service::Service;
use crate::games::Side;
use crate::store::{GameRecord, GameState};
use std::collections::HashMap;

/// `games [page]`: the chat's live games, [`GAMES_PAGE`] a page.
pub(crate) async fn games(
    service: &Service,
    context: &Context<'_>,
    page: usize,
) -> Result<Vec<Outgoing>, Refusal> {
    // Pages past the last are empty: nothing worth a scan of every live game to find
    // the last one.
    let page = page.clamp(1, 100_000);
    let mut active = service
        .store()
        .live_games(
            context.chat_id,
            expiry(context),
            ((page - 1) * GAMES_PAGE) as i64,
            GAMES_PAGE as i64 + 1,
        )
        .await?;
    let more = active.len() > GAMES_PAGE;
    active.truncate(GAMES_PAGE);
    if active.is_empty() {
        let none = if page > 1 {
            msg("games-page-empty").number("page", page as u32)
        } else {
            msg("games-none")
        };
        return Ok(vec![Outgoing::text(service.say(context.language, &none))]);
    }
    let mut lines = vec![service.say(context.language, &msg("games-header"))];
    if page > 1 || more {
        lines[0] = format!(
            "{} {}",
            lines[0],
            service.say(
                context.language,
                &msg("games-page").number("page", page as u32)
            )
        );
    }
    let ids: Vec<i64> = active.iter().flat_map(people).collect();
    let names = service.store().display_names(&ids).await?;
    for game in &active {
        let name = service.say(context.language, &help::kind_name(game.kind));
        let line = games_line(service, context.language, game, &names)?.with("id", game.id);
        let line = line.with("game", name);
        lines.push(format!("  {}", service.say(context.language, &line)));
    }
    let buttons = games_page_buttons(service, context, page, more);
    Ok(vec![Outgoing::text(lines.join("\n")).with_buttons(buttons)])
}

/// One game of the list: who plays whom and whose turn it is, or who challenged whom.
fn games_line(
    service: &Service,
    language: &str,
    game: &GameRecord,
    names: &HashMap<i64, String>,
) -> Result<Msg, Refusal> {
    let name = |id: Option<i64>| name_in(names, id);
    Ok(match game.state {
        GameState::Ongoing => {
            let (mut white, mut black) = (name(game.white_id), name(game.black_id));
            for side in Side::BOTH {
                let Some(level) = game.computer_level_of(side) else {
                    continue;
                };
                // As on the board's header: which level a game is against matters.
                let computer = msg("computer-name").number("level", u32::from(level));
                let computer = service.say(language, &computer);
                match side {
                    Side::White => white = computer,
                    Side::Black => black = computer,
                }
            }
            let to_move = seat::position(game)?.side_to_move();
            let player = if to_move == Side::White {
                &white
            } else {
                &black
            };
            msg("games-line-ongoing")
                .with("player", player)
                .with("white", &white)
                .with("black", &black)
        }
        _ => {
            let challenger = name(Some(game.challenger_id));
            match game.invitee_id {
                Some(invitee) => msg("games-line-challenge")
                    .with("challenger", challenger)
                    .with("invitee", name(Some(invitee))),
                None => msg("games-line-challenge-open").with("challenger", challenger),
            }
        }
    })
}

/// The buttons to the previous and the next page, where there are such pages.
fn games_page_buttons(
    service: &Service,
    context: &Context<'_>,
    page: usize,
    more: bool,
) -> Vec<Button> {
    let mut buttons = Vec::new();
    if page > 1 {
        buttons.push(Button::new(
            service.say(context.language, &msg("button-previous")),
            format!("games {}", page - 1),
        ));
    }
    if more {
        buttons.push(Button::new(
            service.say(context.language, &msg("button-next")),
            format!("games {}", page + 1),
        ));
    }
    buttons
}

/// The users a line of the list names.
fn people(game: &GameRecord) -> Vec<i64> {
    match game.state {
        GameState::Ongoing => [game.white_id, game.black_id]
            .into_iter()
            .flatten()
            .collect(),
        _ => [Some(game.challenger_id), game.invitee_id]
            .into_iter()
            .flatten()
            .collect(),
    }
}
