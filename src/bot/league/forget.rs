//! `forgetme`: what Kibitz keeps about a user goes, after a question.

use crate::bot::ambit::attempt::today;
use crate::bot::ambit::daily;
use crate::bot::command::Word;
use crate::bot::context::Context;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::reply::{Button, Outgoing};
use crate::bot::service::Service;
use crate::games::{EndReason, Outcome};
use crate::store::{Forgetting, GameState, StoreError};

/// `forgetme`: what will go, and a button to confirm; `forgetme confirm` does it.
pub(crate) async fn forget_me(
    service: &Service,
    context: &Context<'_>,
    confirmed: bool,
) -> Result<Vec<Outgoing>, Refusal> {
    let language = context.own_language;
    let open = service.store().open_games_of(context.user.id).await?;
    if !confirmed {
        let mut reply = Outgoing::text(service.say(
            language,
            &msg("forgetme-explain").number("games", open.len() as u32),
        ))
        .with_buttons(vec![Button::new(
            service.say(language, &msg("button-forget-me")),
            format!("{} confirm", Word::ForgetMe),
        )]);
        reply.private = true;
        return Ok(vec![reply]);
    }
    // Open games end first, so that opponents keep a result and their ratings stay whole.
    for mut game in open {
        match game.state {
            GameState::Challenge => game.state = GameState::Declined,
            _ => {
                let Some(side) = game.side_of(context.user.id) else {
                    continue;
                };
                game.state = GameState::Finished;
                game.result = Some(Outcome::win(side.opposite(), EndReason::Resignation));
            }
        }
        match service.store().save_game(&game, None, context.now).await {
            Ok(saved) => {
                service.store().rate_game(saved.id, context.now).await?;
            }
            Err(StoreError::Conflict) => return Err(msg("forgetme-conflict").into()),
            Err(other) => return Err(other.into()),
        }
    }
    let placeholder = service.say(language, &msg("deleted-player"));
    // Today's daily stays played (a marker that names nobody), and what still waits to be
    // sent to the user's private chat goes with the rest.
    let day = today(context.now)
        .ok_or_else(|| Refusal::Store(StoreError::Corrupt("clock out of range".into())))?
        .to_string();
    let marker = daily::played_marker(service, &day, context.incoming, context.now).await?;
    let played = [(day.clone(), marker)];
    let platform = context.incoming.platform;
    let forgetting = Forgetting {
        played: &played,
        today: Some(&day),
        private_chat: platform
            .private_chat_of(&context.incoming.user.id)
            .map(|chat| (platform, chat)),
    };
    service
        .store()
        .forget_user_keeping(context.user.id, &placeholder, &forgetting)
        .await?;
    let mut reply = Outgoing::text(service.say(language, &msg("forgetme-done")));
    reply.private = true;
    Ok(vec![reply])
}
