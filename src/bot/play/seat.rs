//! Which game a command is about, resolved once: the record as read, its position parsed
//! once, the speaker's side and (when a reply names them) both players' names in one read.
//! A command hands its [`Seat`] down to the handler and the picture, which read nothing again.

use super::game::{self, expiry, ids};
use super::players;
use crate::bot::command::GameRef;
use crate::bot::context::Context;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::service::Service;
use crate::bot::words::not_a_move;
use crate::games::{AnyGame, Side, ViewFacts};
use crate::store::{GameId, GameRecord, GameState, StoreError};

/// A game as one command resolved it.
#[derive(Debug)]
pub(crate) struct Seat {
    pub game: GameRecord,
    /// The game's position, parsed once for the whole command.
    pub position: AnyGame,
    /// The side the speaker plays; `None` for an onlooker (`board #3`).
    pub side: Option<Side>,
}

impl Seat {
    /// `game` as `user` sees it; a position that does not parse is a corrupt record.
    pub fn new(game: GameRecord, user: i64) -> Result<Seat, Refusal> {
        let position = game.game()?;
        Ok(Seat::parsed(game, position, user))
    }

    /// `game` as `user` sees it, with its position already in hand.
    pub fn parsed(game: GameRecord, position: AnyGame, user: i64) -> Seat {
        let side = game.side_of(user);
        Seat {
            game,
            position,
            side,
        }
    }

    /// What the picture shows of the position: the rules' status, check and highlights,
    /// with the stored result in place of the status once the game ended.
    pub fn facts(&self) -> ViewFacts {
        let facts = self.position.view_facts();
        match self.game.result {
            Some(outcome) => facts.ended(outcome),
            None => facts,
        }
    }

    /// Whether it is the speaker's turn.
    fn speakers_turn(&self) -> bool {
        self.side == Some(self.position.side_to_move())
    }
}

/// The running games the speaker plays in this chat, read once per command, each position
/// parsed once. A position that does not parse stays with its error, reported only if the
/// command picks that game.
pub(crate) struct Running(Vec<(GameRecord, Result<AnyGame, StoreError>)>);

/// Which of the speaker's games a bare line fits as a move.
pub(crate) struct Fit {
    /// The games where it is the speaker's turn and the line is a legal move.
    pub legal: Vec<GameId>,
    /// The games where it is the speaker's turn and the line is shaped like a move, legal
    /// or not.
    pub shaped: Vec<GameId>,
}

impl Running {
    /// Tries `text` as a move, on a copy, in each game where it is `user`'s turn.
    pub fn fit(&self, user: i64, text: &str) -> Fit {
        let mut fit = Fit {
            legal: Vec::new(),
            shaped: Vec::new(),
        };
        for (game, position) in &self.0 {
            let Ok(position) = position else {
                continue;
            };
            if game.player(position.side_to_move()) != Some(user) {
                continue;
            }
            match position.clone().play_message(text) {
                Ok(_) => {
                    fit.legal.push(game.id);
                    fit.shaped.push(game.id);
                }
                Err(error) if !not_a_move(&error) => fit.shaped.push(game.id),
                Err(_) => {}
            }
        }
        fit
    }

    /// The game numbered `id` among these, as `user`'s seat.
    pub fn take(mut self, id: GameId, user: i64) -> Result<Seat, Refusal> {
        let at = self.0.iter().position(|(game, _)| game.id == id);
        let Some(at) = at else {
            return Err(msg("no-game").into());
        };
        let (game, position) = self.0.swap_remove(at);
        let position = position?;
        Ok(Seat::parsed(game, position, user))
    }
}

/// The speaker's running games here: one read of the chat's games.
pub(crate) async fn running_games(
    service: &Service,
    context: &Context<'_>,
) -> Result<Running, Refusal> {
    let user = context.user.id;
    let games = service
        .store()
        .user_live_games(context.chat_id, user, expiry(context))
        .await?;
    Ok(Running(
        games
            .into_iter()
            .filter(|g| g.state == GameState::Ongoing && g.side_of(user).is_some())
            .map(|game| {
                let position = game.game();
                (game, position)
            })
            .collect(),
    ))
}

/// The running game the user means: the one named, their only one here, or (when
/// `guess_by_turn`, for commands that cannot do harm in the wrong game) the only one of
/// several where it is their turn.
pub(super) async fn players_seat(
    service: &Service,
    context: &Context<'_>,
    game_ref: Option<GameRef>,
    guess_by_turn: bool,
) -> Result<Seat, Refusal> {
    match game_ref {
        Some(id) => named_seat(service, context, id).await,
        None => {
            let running = running_games(service, context).await?;
            pick_seat(context, running, guess_by_turn)
        }
    }
}

/// The game numbered `id`, if the speaker plays it and it is running.
async fn named_seat(
    service: &Service,
    context: &Context<'_>,
    id: GameRef,
) -> Result<Seat, Refusal> {
    let game = game::game_in_chat(service, context, id).await?;
    match game.state {
        GameState::Challenge | GameState::Declined => {
            Err(msg("game-not-started").with("id", id).into())
        }
        GameState::Aborted => Err(msg("game-aborted").with("id", id).into()),
        GameState::Finished => {
            let players = players::read(service, &game).await?;
            Err(msg("game-finished")
                .with("id", id)
                .with(
                    "result",
                    players::result_text(service, context.language, &game, &players),
                )
                .into())
        }
        GameState::Ongoing if game.side_of(context.user.id).is_none() => {
            Err(msg("not-a-player").with("id", id).into())
        }
        GameState::Ongoing => Seat::new(game, context.user.id),
    }
}

/// The speaker's side, if it is their turn in the game of `seat`.
pub(super) async fn check_turn(service: &Service, seat: &Seat) -> Result<Side, Refusal> {
    let side = playing_side(seat)?;
    let to_move = seat.position.side_to_move();
    if to_move != side {
        let players = players::read(service, &seat.game).await?;
        return Err(msg("not-your-turn")
            .with("id", seat.game.id)
            .with("player", players.of(to_move))
            .into());
    }
    Ok(side)
}

/// The position of a game, for the commands that read one without a seat (the games
/// list, suggestions).
pub(crate) fn position(game: &GameRecord) -> Result<AnyGame, Refusal> {
    Ok(game.game()?)
}

/// The running game the user means among their `running` games: their only one, or (when
/// `guess_by_turn`) the only one of several where it is their turn.
pub(super) fn pick_seat(
    context: &Context<'_>,
    running: Running,
    guess_by_turn: bool,
) -> Result<Seat, Refusal> {
    let user = context.user.id;
    let mut games = running.0;
    if games.len() == 1 {
        let (game, position) = games.remove(0);
        let position = position?;
        return Ok(Seat::parsed(game, position, user));
    }
    if games.is_empty() {
        return Err(msg("no-game").into());
    }
    let records: Vec<GameRecord> = games.iter().map(|(game, _)| game.clone()).collect();
    let several = || -> Refusal {
        msg("several-games")
            .with("ids", ids(&records))
            .with("example", format!("board #{}", records[0].id))
            .into()
    };
    if !guess_by_turn {
        return Err(several());
    }
    let mut my_turn: Vec<Seat> = games
        .into_iter()
        .filter_map(|(game, position)| Some(Seat::parsed(game, position.ok()?, user)))
        .filter(Seat::speakers_turn)
        .collect();
    match my_turn.len() {
        1 => Ok(my_turn.remove(0)),
        _ => Err(several()),
    }
}

/// The speaker's side in the game of `seat`.
pub(super) fn playing_side(seat: &Seat) -> Result<Side, Refusal> {
    seat.side
        .ok_or_else(|| msg("not-a-player").with("id", seat.game.id).into())
}
