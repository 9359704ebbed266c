//! Challenges: making one, accepting it (the game starts), declining or withdrawing it, and
//! declining a draw offered.

use super::clock::{control_message, start_clocks, time_control_refusal};
use super::computer;
use super::game::{self, expiry, ids};
use super::picture;
use super::players;
use super::seat::{self, Seat};
use super::takeback;
use super::thread;
use crate::bot::command::{ChallengeArgs, Color, GameRef};
use crate::bot::context::Context;
use crate::bot::help::{self, game_list};
use crate::bot::limits::{self, GAMES_PAGE, MAX_OPEN_CHALLENGES};
use crate::bot::msg::{Msg, msg};
use crate::bot::outcome::Refusal;
use crate::bot::reply::{Button, Outgoing};
use crate::bot::service::Service;
use crate::games::chesimals::CrittersOptions;
use crate::games::rng::SeededRng;
use crate::games::time_control::TimeControl;
use crate::games::{AnyGame, GameKind, Side};
use crate::store::{GameRecord, GameState, NewChallenge, UserRecord};
use std::hash::{BuildHasher, RandomState};

/// The Critters advanced options from the challenge words (`growth`, `promotion`,
/// `brains:3`); the words are only those the grammar picked out as options.
fn critters_options(words: &[String]) -> Result<CrittersOptions, Msg> {
    let mut options = CrittersOptions::default();
    for word in words {
        match word.as_str() {
            "growth" => options.growth = true,
            "promotion" => options.promotion = true,
            _ => {
                let count = word
                    .strip_prefix("brains")
                    .map(|rest| rest.trim_start_matches([':', '=']));
                match count.and_then(|n| n.parse::<u8>().ok()) {
                    Some(brains @ 2..=4) => options.brains = brains,
                    _ => return Err(msg("challenge-bad-option").with("option", word)),
                }
            }
        }
    }
    Ok(options)
}

/// The options as the challenge shows them, in the words they are typed with, e.g.
/// `growth, promotion, brains:3`.
fn options_text(options: CrittersOptions) -> String {
    let mut parts = Vec::new();
    if options.growth {
        parts.push("growth".to_string());
    }
    if options.promotion {
        parts.push("promotion".to_string());
    }
    if options.brains != 2 {
        parts.push(format!("brains:{}", options.brains));
    }
    parts.join(", ")
}

fn random_seed() -> u64 {
    SeededRng::new(RandomState::new().hash_one(std::time::SystemTime::now())).next_u64()
}

pub(crate) async fn challenge(
    service: &Service,
    context: &Context<'_>,
    args: ChallengeArgs,
) -> Result<Vec<Outgoing>, Refusal> {
    if args.game.is_empty() {
        return Err(msg("challenge-usage").with("games", game_list()).into());
    }
    let Some(kind) = GameKind::parse(&args.game) else {
        return Err(Refusal::User(vec![
            msg("challenge-unknown-game")
                .with("game", limits::quote(&args.game))
                .with("games", game_list()),
        ]));
    };
    let computer = computer::challenges_computer(service, context, &args);
    let invitee = match computer {
        true => None,
        false => invitee(service, context, args.opponent.as_deref()).await?,
    };
    if invitee.as_ref().is_some_and(|u| u.id == context.user.id) {
        return Err(msg("challenge-self").into());
    }
    let seed = args.seed.unwrap_or_else(random_seed);
    let (start, options) = match kind {
        GameKind::Critters => {
            let options = critters_options(&args.options)?;
            (AnyGame::critters(options), options_text(options))
        }
        _ if !args.options.is_empty() => {
            return Err(msg("challenge-options-critters")
                .with("options", args.options.join(" "))
                .into());
        }
        _ => (AnyGame::start(kind, seed), String::new()),
    };
    let time_control = match args.time.as_deref() {
        None if computer => None,
        None => Some(TimeControl::DEFAULT),
        Some(typed) => TimeControl::parse(typed)
            .map_err(|error| Refusal::from(time_control_refusal(typed, &error)))?,
    };
    if computer {
        if time_control.is_some() {
            return Err(msg("computer-no-clock").into());
        }
        return computer::challenge_computer(service, context, args, kind, start, seed).await;
    }
    let open: Vec<GameRecord> = game::user_live_games(service, context)
        .await?
        .into_iter()
        .filter(|g| g.state == GameState::Challenge && g.challenger_id == context.user.id)
        .collect();
    if open.len() >= MAX_OPEN_CHALLENGES {
        return Err(msg("challenge-too-many")
            .number("max", MAX_OPEN_CHALLENGES as u32)
            .with("ids", ids(&open))
            .with("first", open[0].id)
            .into());
    }
    let new = NewChallenge {
        chat_id: context.chat_id,
        kind,
        seed,
        start_position: start.position_text(),
        challenger_id: context.user.id,
        invitee_id: invitee.as_ref().map(|u| u.id),
        challenger_color: args.color.unwrap_or(Color::White),
        computer_level: None,
        time_control,
        thread: context.incoming.chat.thread.clone(),
    };
    let game = service.store().create_challenge(&new, context.now).await?;
    Ok(vec![challenge_made(
        service,
        context,
        &game,
        &options,
        invitee.as_ref(),
    )])
}

/// Whom a challenge invites: the user it mentions, else the one with the typed `@handle`.
async fn invitee(
    service: &Service,
    context: &Context<'_>,
    handle: Option<&str>,
) -> Result<Option<UserRecord>, Refusal> {
    Ok(match (context.mentioned.first(), handle) {
        (Some(user), _) => Some(user.clone()),
        (None, Some(handle)) => Some(
            service
                .store()
                .user_by_handle(context.incoming.platform, handle)
                .await?
                .ok_or_else(|| {
                    msg("challenge-unknown-user").with("handle", format!("@{handle}"))
                })?,
        ),
        (None, None) => None,
    })
}

/// The challenge as the chat sees it, with its accept (and decline) buttons.
fn challenge_made(
    service: &Service,
    context: &Context<'_>,
    game: &GameRecord,
    options: &str,
    invitee: Option<&UserRecord>,
) -> Outgoing {
    let language = context.language;
    let time = match game.time_control {
        Some(control) => control_message(control),
        None => msg("time-control-none"),
    };
    let named = match options {
        "" => msg("game-with-time"),
        options => msg("game-with-options").with("options", options),
    }
    .with("game", service.say(language, &help::kind_name(game.kind)))
    .with("time", service.say(language, &time));
    let game_name = service.say(language, &named);
    let text = match invitee {
        Some(invitee) => msg("challenge-direct")
            .with("challenger", &context.user.display_name)
            .with("invitee", &invitee.display_name),
        None => msg("challenge-open").with("challenger", &context.user.display_name),
    };
    let text = text.with("game", game_name).with("id", game.id);
    let mut buttons = vec![Button::new(
        service.say(language, &msg("button-accept")),
        format!("accept {}", game.id),
    )];
    if invitee.is_some() {
        buttons.push(Button::new(
            service.say(language, &msg("button-decline")),
            format!("decline {}", game.id),
        ));
    }
    Outgoing::text(service.say(language, &text)).with_buttons(buttons)
}

pub(crate) async fn accept(
    service: &Service,
    context: &Context<'_>,
    game_ref: Option<GameRef>,
) -> Result<Vec<Outgoing>, Refusal> {
    let user = context.user.id;
    let mut game = match game_ref {
        Some(id) => acceptable(service, context, id).await?,
        None => only_acceptable(service, context).await?,
    };
    let challenger_side = match game.challenger_color {
        Color::Black => Side::Black,
        Color::Random if game.seed & 1 == 1 => Side::Black,
        Color::White | Color::Random => Side::White,
    };
    let (white, black) = match challenger_side {
        Side::White => (game.challenger_id, user),
        Side::Black => (user, game.challenger_id),
    };
    game.invitee_id = Some(user);
    game.white_id = Some(white);
    game.black_id = Some(black);
    game.state = GameState::Ongoing;
    let position = seat::position(&game)?;
    start_clocks(&mut game, &position, context.now);
    let seat = Seat::new(game::save(service, context, &game, None).await?, user)?;
    let players = players::read(service, &seat.game).await?;
    let kind_name = service.say(context.language, &help::kind_name(seat.game.kind));
    let started = msg("game-started")
        .with("id", seat.game.id)
        .with("game", kind_name)
        .with("white", &players.white)
        .with("black", &players.black);
    let mut picture = picture::picture(
        service,
        context.language,
        &seat,
        &players,
        seat.facts(),
        vec![started],
        false,
    )?;
    picture.opens_thread = thread::thread_for(service, context, &seat, &players).await?;
    Ok(vec![picture])
}

/// The challenge numbered `id`, if the speaker may accept it.
async fn acceptable(
    service: &Service,
    context: &Context<'_>,
    id: GameRef,
) -> Result<GameRecord, Refusal> {
    let user = context.user.id;
    let game = game::game_in_chat(service, context, id).await?;
    if game.state != GameState::Challenge {
        return Err(msg("no-such-game").with("id", id).into());
    }
    if game.created_at < expiry(context) {
        return Err(msg("challenge-expired").with("id", id).into());
    }
    if game.challenger_id == user {
        return Err(msg("accept-own").with("id", id).into());
    }
    if game.invitee_id.is_some_and(|invitee| invitee != user) {
        return Err(msg("accept-not-yours").with("id", id).into());
    }
    Ok(game)
}

/// The one challenge here the speaker may accept, when there is exactly one.
async fn only_acceptable(service: &Service, context: &Context<'_>) -> Result<GameRecord, Refusal> {
    let user = context.user.id;
    let open = service
        .store()
        .acceptable_challenges(context.chat_id, user, expiry(context), GAMES_PAGE as i64)
        .await?;
    match open.as_slice() {
        [one] => Ok(one.clone()),
        [] => {
            let own = game::user_live_games(service, context).await?;
            let own = own
                .iter()
                .find(|g| g.state == GameState::Challenge && g.challenger_id == user);
            Err(match own {
                Some(own) => msg("accept-own").with("id", own.id),
                None => msg("accept-none"),
            }
            .into())
        }
        several => Err(msg("accept-several")
            .with("ids", ids(several))
            .with("first", several[0].id)
            .into()),
    }
}

pub(crate) async fn decline(
    service: &Service,
    context: &Context<'_>,
    game_ref: Option<GameRef>,
) -> Result<Vec<Outgoing>, Refusal> {
    let user = context.user.id;
    let mine = |g: &GameRecord| {
        g.state == GameState::Challenge && (g.challenger_id == user || g.invitee_id == Some(user))
    };
    // A draw the opponent offered is declined the same way, and so is a takeback.
    let offered_to_me = |g: &GameRecord| {
        g.state == GameState::Ongoing
            && g.side_of(user).is_some_and(|side| {
                g.draw_offer == Some(side.opposite()) || g.takeback_offer == Some(side.opposite())
            })
    };
    let mut game = match game_ref {
        Some(id) => {
            let game = game::game_in_chat(service, context, id).await?;
            if offered_to_me(&game) {
                return decline_offer(service, context, game).await;
            }
            if !mine(&game) {
                return Err(msg("decline-none").into());
            }
            game
        }
        None => {
            let live = game::user_live_games(service, context).await?;
            let candidates: Vec<GameRecord> = live.iter().filter(|g| mine(g)).cloned().collect();
            match candidates.as_slice() {
                [one] => one.clone(),
                [] => {
                    let offers: Vec<GameRecord> = live.into_iter().filter(offered_to_me).collect();
                    return match offers.as_slice() {
                        [one] => decline_offer(service, context, one.clone()).await,
                        _ => Err(msg("decline-none").into()),
                    };
                }
                several => {
                    return Err(msg("decline-several")
                        .with("ids", ids(several))
                        .with("first", several[0].id)
                        .into());
                }
            }
        }
    };
    let key = if game.challenger_id == user {
        "withdrawn"
    } else {
        "declined"
    };
    game.state = GameState::Declined;
    let game = game::save(service, context, &game, None).await?;
    let text = match key {
        "withdrawn" => msg("withdrawn"),
        _ => msg("declined"),
    }
    .with("user", &context.user.display_name)
    .with("id", game.id);
    Ok(vec![Outgoing::text(service.say(context.language, &text))])
}

/// Declines what the opponent offered in `game`: a takeback they asked for, else a draw.
async fn decline_offer(
    service: &Service,
    context: &Context<'_>,
    game: GameRecord,
) -> Result<Vec<Outgoing>, Refusal> {
    let asked = game
        .side_of(context.user.id)
        .is_some_and(|side| game.takeback_offer == Some(side.opposite()));
    match asked {
        true => takeback::decline_takeback(service, context, game).await,
        false => decline_draw(service, context, game).await,
    }
}

async fn decline_draw(
    service: &Service,
    context: &Context<'_>,
    mut game: GameRecord,
) -> Result<Vec<Outgoing>, Refusal> {
    game.draw_offer = None;
    let game = game::save(service, context, &game, None).await?;
    let text = msg("draw-declined")
        .with("user", &context.user.display_name)
        .with("id", game.id);
    Ok(vec![Outgoing::text(service.say(context.language, &text))])
}
