//! Challenges and games: challenge, accept, decline, move, board, resign, draw, games.

use super::command::{ChallengeArgs, Color, GameRef};
use super::help::game_list;
use super::limits::{self, CHALLENGE_LIFETIME_MS, GAMES_PAGE, MAX_OPEN_CHALLENGES};
use super::{Button, Context, Msg, Outgoing, Refusal, Service, msg, notes};
use crate::games::chesimals::CrittersOptions;
use crate::games::rng::SeededRng;
use crate::games::{AnyGame, EndReason, GameKind, MoveSquares, Outcome, RulesError, Side, Status};
use crate::render::View;
use crate::store::{
    GameRecord, GameState, LastMove, MoveRecord, NewChallenge, StoreError, UserRecord,
};
use std::hash::{BuildHasher, RandomState};

pub(crate) fn rules_message(error: &RulesError) -> Msg {
    let mut message = msg_from_key(error.key);
    for (name, value) in &error.args {
        message = message.with(name, value);
    }
    message
}

/// Rules-core keys are `&'static str` already; this only wraps them.
fn msg_from_key(key: &'static str) -> Msg {
    Msg {
        key,
        args: super::i18n::Args::new(),
    }
}

fn move_usage(kind: GameKind) -> Msg {
    match kind {
        GameKind::KnightFight => msg("move-usage-knight-fight"),
        GameKind::Glacier => msg("move-usage-glacier"),
        GameKind::ChesimalsOne | GameKind::ChesimalsTwo => msg("move-usage-chesimals"),
        GameKind::Critters => msg("move-usage-critters"),
    }
}

fn reason_message(reason: EndReason) -> Msg {
    match reason {
        EndReason::NoMoves => msg("reason-no-moves"),
        EndReason::Resignation => msg("reason-resignation"),
        EndReason::Agreement => msg("reason-agreement"),
        EndReason::Checkmate => msg("reason-checkmate"),
        EndReason::Stalemate => msg("reason-stalemate"),
        EndReason::WhiteKingFrozen => msg("reason-white-king-frozen"),
        EndReason::BlackKingFrozen => msg("reason-black-king-frozen"),
        EndReason::BothKingsFrozen => msg("reason-both-kings-frozen"),
        EndReason::HalfMoveLimit => msg("reason-half-move-limit"),
        EndReason::RoyalChiefsCaptured => msg("reason-royal-chiefs-captured"),
        EndReason::BrainsKilled => msg("reason-brains-killed"),
        EndReason::GreenSquares => msg("reason-green-squares"),
        EndReason::BothPassed => msg("reason-both-passed"),
        EndReason::NoCaptureLimit => msg("reason-no-capture-limit"),
    }
}

/// Why a move was refused. A Chesimals refusal inside a typed turn says which move of the
/// message it was and that nothing was played.
fn refusal_message(error: &RulesError, say: impl Fn(&Msg) -> String) -> Msg {
    let arg = |name: &str| {
        error
            .args
            .iter()
            .find(|(arg, _)| *arg == name)
            .map(|(_, value)| value.clone())
    };
    match (arg("number"), arg("move")) {
        (Some(number), Some(mv))
            if error.key.starts_with("chesimals-") && error.key != "chesimals-after-turn" =>
        {
            msg("chesimals-turn-refused")
                .with("number", number)
                .with("move", mv)
                .with("reason", say(&rules_message(error)))
        }
        _ => rules_message(error),
    }
}

/// Whether a refused bare line was not even shaped like a move, so it was not meant as one:
/// for Chesimals, when its first word is no action.
fn not_a_move(error: &RulesError) -> bool {
    let first_word = error
        .args
        .iter()
        .find(|(name, _)| *name == "number")
        .is_none_or(|(_, number)| number == "1");
    error.key.ends_with("move-malformed") || (error.key == "chesimals-bad-move" && first_word)
}

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

fn ids(games: &[GameRecord]) -> String {
    games
        .iter()
        .map(|g| format!("#{}", g.id))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Challenges made before this have expired.
fn expiry(context: &Context<'_>) -> i64 {
    context.now.saturating_sub(CHALLENGE_LIFETIME_MS)
}

fn random_seed() -> u64 {
    SeededRng::new(RandomState::new().hash_one(std::time::SystemTime::now())).next_u64()
}

impl Service {
    pub(crate) async fn challenge(
        &self,
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
        let invitee = self.invitee(context, args.opponent.as_deref()).await?;
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
        let open: Vec<GameRecord> = self
            .user_live_games(context)
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
            challenger_color: args.color.unwrap_or(Color::White).name().to_string(),
        };
        let game = self.store.create_challenge(&new, context.now).await?;
        Ok(vec![self.challenge_made(
            context,
            &game,
            &options,
            invitee.as_ref(),
        )])
    }

    /// Whom a challenge invites: the user it mentions, else the one with the typed `@handle`.
    async fn invitee(
        &self,
        context: &Context<'_>,
        handle: Option<&str>,
    ) -> Result<Option<UserRecord>, Refusal> {
        Ok(match (context.mentioned.first(), handle) {
            (Some(user), _) => Some(user.clone()),
            (None, Some(handle)) => Some(
                self.store
                    .user_by_handle(context.incoming.platform.as_str(), handle)
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
        &self,
        context: &Context<'_>,
        game: &GameRecord,
        options: &str,
        invitee: Option<&UserRecord>,
    ) -> Outgoing {
        let language = context.language;
        let mut game_name = self.say(language, &self.kind_name(game.kind));
        if !options.is_empty() {
            let named = msg("game-with-options")
                .with("game", game_name)
                .with("options", options);
            game_name = self.say(language, &named);
        }
        let text = match invitee {
            Some(invitee) => msg("challenge-direct")
                .with("challenger", &context.user.display_name)
                .with("invitee", &invitee.display_name),
            None => msg("challenge-open").with("challenger", &context.user.display_name),
        };
        let text = text.with("game", game_name).with("id", game.id);
        let mut buttons = vec![Button::new(
            self.say(language, &msg("button-accept")),
            format!("accept {}", game.id),
        )];
        if invitee.is_some() {
            buttons.push(Button::new(
                self.say(language, &msg("button-decline")),
                format!("decline {}", game.id),
            ));
        }
        Outgoing::text(self.say(language, &text)).with_buttons(buttons)
    }

    pub(crate) async fn accept(
        &self,
        context: &Context<'_>,
        game_ref: Option<GameRef>,
    ) -> Result<Vec<Outgoing>, Refusal> {
        let user = context.user.id;
        let mut game = match game_ref {
            Some(id) => {
                let game = self.game_in_chat(context, id).await?;
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
                game
            }
            None => {
                let open = self
                    .store
                    .acceptable_challenges(
                        context.chat_id,
                        user,
                        expiry(context),
                        GAMES_PAGE as i64,
                    )
                    .await?;
                match open.as_slice() {
                    [one] => one.clone(),
                    [] => {
                        let own = self.user_live_games(context).await?;
                        let own = own
                            .iter()
                            .find(|g| g.state == GameState::Challenge && g.challenger_id == user);
                        return Err(match own {
                            Some(own) => msg("accept-own").with("id", own.id),
                            None => msg("accept-none"),
                        }
                        .into());
                    }
                    several => {
                        return Err(msg("accept-several")
                            .with("ids", ids(several))
                            .with("first", several[0].id)
                            .into());
                    }
                }
            }
        };
        let challenger_side = match game.challenger_color.as_str() {
            "black" => Side::Black,
            "random" if game.seed & 1 == 1 => Side::Black,
            _ => Side::White,
        };
        let (white, black) = match challenger_side {
            Side::White => (game.challenger_id, user),
            Side::Black => (user, game.challenger_id),
        };
        game.invitee_id = Some(user);
        game.white_id = Some(white);
        game.black_id = Some(black);
        game.state = GameState::Ongoing;
        let game = self.save(context, &game, None).await?;
        let (white_name, black_name) = self.names(&game).await?;
        let kind_name = self.say(context.language, &self.kind_name(game.kind));
        let started = msg("game-started")
            .with("id", game.id)
            .with("game", kind_name)
            .with("white", white_name)
            .with("black", black_name);
        let position = self.position(&game)?;
        Ok(vec![
            self.picture(context, &game, &position, vec![started])
                .await?,
        ])
    }

    pub(crate) async fn decline(
        &self,
        context: &Context<'_>,
        game_ref: Option<GameRef>,
    ) -> Result<Vec<Outgoing>, Refusal> {
        let user = context.user.id;
        let mine = |g: &GameRecord| {
            g.state == GameState::Challenge
                && (g.challenger_id == user || g.invitee_id == Some(user))
        };
        // A draw the opponent offered is declined the same way.
        let offered_to_me = |g: &GameRecord| {
            g.state == GameState::Ongoing
                && g.side_of(user)
                    .is_some_and(|side| g.draw_offer == Some(side.opposite()))
        };
        let mut game = match game_ref {
            Some(id) => {
                let game = self.game_in_chat(context, id).await?;
                if offered_to_me(&game) {
                    return self.decline_draw(context, game).await;
                }
                if !mine(&game) {
                    return Err(msg("decline-none").into());
                }
                game
            }
            None => {
                let live = self.user_live_games(context).await?;
                let candidates: Vec<GameRecord> =
                    live.iter().filter(|g| mine(g)).cloned().collect();
                match candidates.as_slice() {
                    [one] => one.clone(),
                    [] => {
                        let offers: Vec<GameRecord> =
                            live.into_iter().filter(offered_to_me).collect();
                        return match offers.as_slice() {
                            [one] => self.decline_draw(context, one.clone()).await,
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
        let game = self.save(context, &game, None).await?;
        let text = match key {
            "withdrawn" => msg("withdrawn"),
            _ => msg("declined"),
        }
        .with("user", &context.user.display_name)
        .with("id", game.id);
        Ok(vec![Outgoing::text(self.say(context.language, &text))])
    }

    async fn decline_draw(
        &self,
        context: &Context<'_>,
        mut game: GameRecord,
    ) -> Result<Vec<Outgoing>, Refusal> {
        game.draw_offer = None;
        let game = self.save(context, &game, None).await?;
        let text = msg("draw-declined")
            .with("user", &context.user.display_name)
            .with("id", game.id);
        Ok(vec![Outgoing::text(self.say(context.language, &text))])
    }

    /// `move`, and a bare line that may be a move (`explicit` false).
    pub(crate) async fn play_move(
        &self,
        context: &Context<'_>,
        text: &str,
        game_ref: Option<GameRef>,
        explicit: bool,
    ) -> Result<Vec<Outgoing>, Refusal> {
        let unknown_command = || {
            let word = text.split_whitespace().next().unwrap_or_default();
            Refusal::from(msg("help-unknown-command").with("command", word))
        };
        let mut game = match self.players_game(context, game_ref, true).await {
            Ok(game) => game,
            Err(Refusal::User(_)) if !explicit => return Err(unknown_command()),
            Err(other) => return Err(other),
        };
        let side = self.check_turn(context, &game).await?;
        let mut position = self.position(&game)?;
        let continuing_turn = position.turn_in_progress();
        let played = match position.play_message(text) {
            Ok(played) => played,
            // A bare line that is not even shaped like a move was not meant as one.
            Err(error) if !explicit && not_a_move(&error) => {
                return Err(unknown_command());
            }
            Err(error) => {
                let language = context.language;
                let usage = self.say(language, &move_usage(game.kind));
                return Err(Refusal::User(vec![
                    refusal_message(&error, |m| self.say(language, m)),
                    msg("move-usage").with("usage", usage),
                ]));
            }
        };
        game.position = position.position_text();
        game.plies += 1;
        // A Chesimals turn played over several messages keeps the whole turn's trail.
        game.last_move = Some(match game.last_move.as_ref().filter(|_| continuing_turn) {
            Some(earlier) => {
                let mut trail = earlier.squares().trail();
                trail.extend(played.squares.trail());
                LastMove::new(
                    &format!("{} {}", earlier.text, played.text),
                    &MoveSquares::from_trail(&trail),
                )
            }
            None => LastMove::new(&played.text, &played.squares),
        });
        game.draw_offer = None;
        if let Status::Over(outcome) = position.status() {
            game.state = GameState::Finished;
            game.result = Some(outcome.to_string());
        }
        let record = MoveRecord {
            ply: game.plies,
            side,
            user_id: context.user.id,
            notation: played.text.clone(),
        };
        let game = self.save(context, &game, Some(&record)).await?;
        let mut lines = vec![
            msg("caption-last-move")
                .with("player", &context.user.display_name)
                .with("move", &played.text),
        ];
        lines.extend(notes::move_notes(&position));
        Ok(vec![self.picture(context, &game, &position, lines).await?])
    }

    pub(crate) async fn board(
        &self,
        context: &Context<'_>,
        game_ref: Option<GameRef>,
        flip: bool,
    ) -> Result<Vec<Outgoing>, Refusal> {
        let game = match game_ref {
            Some(id) => self.game_in_chat(context, id).await?,
            None => match self.players_game(context, None, true).await {
                Ok(game) => game,
                Err(Refusal::User(reasons)) => {
                    if let Some(puzzle) = self.ambit_board(context).await? {
                        return Ok(puzzle);
                    }
                    let ongoing = self.store.ongoing_games(context.chat_id, 2).await?;
                    match ongoing.as_slice() {
                        [one] => one.clone(),
                        _ => match self
                            .store
                            .last_finished_game(context.chat_id, context.user.id)
                            .await?
                        {
                            Some(last) => last,
                            None => return Err(Refusal::User(reasons)),
                        },
                    }
                }
                Err(other) => return Err(other),
            },
        };
        if game.state == GameState::Challenge || game.state == GameState::Declined {
            return Err(msg("game-not-started").with("id", game.id).into());
        }
        let position = self.position(&game)?;
        let picture = self
            .picture_view(context, &game, &position, Vec::new(), flip)
            .await?;
        Ok(vec![picture])
    }

    pub(crate) async fn resign(
        &self,
        context: &Context<'_>,
        game_ref: Option<GameRef>,
    ) -> Result<Vec<Outgoing>, Refusal> {
        let mut game = self.players_game(context, game_ref, false).await?;
        let side = self.playing_side(context, &game)?;
        let outcome = Outcome::win(side.opposite(), EndReason::Resignation);
        game.state = GameState::Finished;
        game.result = Some(outcome.to_string());
        game.draw_offer = None;
        let game = self.save(context, &game, None).await?;
        let (white, black) = self.names(&game).await?;
        let winner = if side == Side::White { black } else { white };
        let line = msg("resigned")
            .with("user", &context.user.display_name)
            .with("id", game.id)
            .with("winner", winner);
        let position = self.position(&game)?;
        Ok(vec![
            self.picture(context, &game, &position, vec![line]).await?,
        ])
    }

    pub(crate) async fn draw(
        &self,
        context: &Context<'_>,
        game_ref: Option<GameRef>,
    ) -> Result<Vec<Outgoing>, Refusal> {
        let mut game = self.players_game(context, game_ref, false).await?;
        let side = self.playing_side(context, &game)?;
        let (white, black) = self.names(&game).await?;
        let opponent = if side == Side::White { black } else { white };
        match game.draw_offer {
            Some(offered) if offered == side => Err(msg("draw-already-offered")
                .with("id", game.id)
                .with("opponent", opponent)
                .into()),
            Some(_) => {
                game.state = GameState::Finished;
                game.result = Some(Outcome::draw(EndReason::Agreement).to_string());
                game.draw_offer = None;
                let game = self.save(context, &game, None).await?;
                let position = self.position(&game)?;
                let line = msg("draw-agreed").with("id", game.id);
                Ok(vec![
                    self.picture(context, &game, &position, vec![line]).await?,
                ])
            }
            None => {
                game.draw_offer = Some(side);
                let game = self.save(context, &game, None).await?;
                let text = msg("draw-offered")
                    .with("user", &context.user.display_name)
                    .with("id", game.id)
                    .with("opponent", opponent);
                let buttons = vec![
                    Button {
                        label: self.say(context.language, &msg("button-accept-draw")),
                        command: format!("draw {}", game.id),
                        plays_in_private: false,
                    },
                    Button {
                        label: self.say(context.language, &msg("button-decline-draw")),
                        command: format!("decline {}", game.id),
                        plays_in_private: false,
                    },
                ];
                Ok(vec![
                    Outgoing::text(self.say(context.language, &text)).with_buttons(buttons),
                ])
            }
        }
    }

    /// `games [page]`: the chat's live games, [`GAMES_PAGE`] a page.
    pub(crate) async fn games(
        &self,
        context: &Context<'_>,
        page: usize,
    ) -> Result<Vec<Outgoing>, Refusal> {
        // Pages past the last are empty: nothing worth a scan of every live game to find
        // the last one.
        let page = page.clamp(1, 100_000);
        let mut active = self
            .store
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
            return Ok(vec![Outgoing::text(self.say(context.language, &none))]);
        }
        let mut lines = vec![self.say(context.language, &msg("games-header"))];
        if page > 1 || more {
            lines[0] = format!(
                "{} {}",
                lines[0],
                self.say(
                    context.language,
                    &msg("games-page").number("page", page as u32)
                )
            );
        }
        for game in &active {
            let name = self.say(context.language, &self.kind_name(game.kind));
            let line = match game.state {
                GameState::Ongoing => {
                    let (white, black) = self.names(game).await?;
                    let to_move = self.position(game)?.side_to_move();
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
                    let challenger = self.name_of(Some(game.challenger_id)).await?;
                    match game.invitee_id {
                        Some(invitee) => msg("games-line-challenge")
                            .with("challenger", challenger)
                            .with("invitee", self.name_of(Some(invitee)).await?),
                        None => msg("games-line-challenge-open").with("challenger", challenger),
                    }
                }
            };
            let line = line.with("id", game.id).with("game", name);
            lines.push(format!("  {}", self.say(context.language, &line)));
        }
        let mut buttons = Vec::new();
        if page > 1 {
            buttons.push(Button {
                label: self.say(context.language, &msg("button-previous")),
                command: format!("games {}", page - 1),
                plays_in_private: false,
            });
        }
        if more {
            buttons.push(Button {
                label: self.say(context.language, &msg("button-next")),
                command: format!("games {}", page + 1),
                plays_in_private: false,
            });
        }
        Ok(vec![Outgoing::text(lines.join("\n")).with_buttons(buttons)])
    }

    /// The live games of this chat the speaker plays, made or is invited to.
    async fn user_live_games(&self, context: &Context<'_>) -> Result<Vec<GameRecord>, Refusal> {
        Ok(self
            .store
            .user_live_games(context.chat_id, context.user.id, expiry(context))
            .await?)
    }

    /// A game of this chat by its number.
    async fn game_in_chat(&self, context: &Context<'_>, id: i64) -> Result<GameRecord, Refusal> {
        match self.store.game(id).await? {
            Some(game) if game.chat_id == context.chat_id => Ok(game),
            _ => Err(msg("no-such-game").with("id", id).into()),
        }
    }

    /// The running game the user means: the one named, their only one here, or (when
    /// `guess_by_turn`, for commands that cannot do harm in the wrong game) the only one of
    /// several where it is their turn.
    async fn players_game(
        &self,
        context: &Context<'_>,
        game_ref: Option<GameRef>,
        guess_by_turn: bool,
    ) -> Result<GameRecord, Refusal> {
        let user = context.user.id;
        if let Some(id) = game_ref {
            let game = self.game_in_chat(context, id).await?;
            return match game.state {
                GameState::Challenge | GameState::Declined => {
                    Err(msg("game-not-started").with("id", id).into())
                }
                GameState::Finished => Err(msg("game-finished")
                    .with("id", id)
                    .with("result", self.result_text(context, &game).await?)
                    .into()),
                GameState::Ongoing if game.side_of(user).is_none() => {
                    Err(msg("not-a-player").with("id", id).into())
                }
                GameState::Ongoing => Ok(game),
            };
        }
        let mine: Vec<GameRecord> = self
            .user_live_games(context)
            .await?
            .into_iter()
            .filter(|g| g.state == GameState::Ongoing && g.side_of(user).is_some())
            .collect();
        match mine.as_slice() {
            [one] => Ok(one.clone()),
            [] => Err(msg("no-game").into()),
            several => {
                let my_turn: Vec<&GameRecord> = several
                    .iter()
                    .filter(|g| {
                        self.position(g)
                            .is_ok_and(|p| g.player(p.side_to_move()) == Some(user))
                    })
                    .collect();
                match my_turn.as_slice() {
                    [one] if guess_by_turn => Ok((*one).clone()),
                    _ => Err(msg("several-games")
                        .with("ids", ids(several))
                        .with("example", format!("board #{}", several[0].id))
                        .into()),
                }
            }
        }
    }

    /// Whether one of the user's games in this chat waits for their move.
    pub(crate) async fn has_game_awaiting_move(
        &self,
        context: &Context<'_>,
    ) -> Result<bool, Refusal> {
        let user = context.user.id;
        Ok(self
            .user_live_games(context)
            .await?
            .iter()
            .filter(|g| g.state == GameState::Ongoing)
            .any(|g| {
                self.position(g)
                    .is_ok_and(|p| g.player(p.side_to_move()) == Some(user))
            }))
    }

    fn playing_side(&self, context: &Context<'_>, game: &GameRecord) -> Result<Side, Refusal> {
        game.side_of(context.user.id)
            .ok_or_else(|| msg("not-a-player").with("id", game.id).into())
    }

    /// The user's side, if it is their turn in `game`.
    async fn check_turn(&self, context: &Context<'_>, game: &GameRecord) -> Result<Side, Refusal> {
        let side = self.playing_side(context, game)?;
        let to_move = self.position(game)?.side_to_move();
        if to_move != side {
            let player = self.name_of(game.player(to_move)).await?;
            return Err(msg("not-your-turn")
                .with("id", game.id)
                .with("player", player)
                .into());
        }
        Ok(side)
    }

    pub(crate) fn position(&self, game: &GameRecord) -> Result<AnyGame, Refusal> {
        AnyGame::parse(game.kind, &game.position).map_err(|error| {
            StoreError::Corrupt(format!("game {} position: {error}", game.id)).into()
        })
    }

    async fn save(
        &self,
        context: &Context<'_>,
        game: &GameRecord,
        played: Option<&MoveRecord>,
    ) -> Result<GameRecord, Refusal> {
        let saved = match self.store.save_game(game, played, context.now).await {
            Err(StoreError::Conflict) => {
                return Err(msg("move-conflict").with("id", game.id).into());
            }
            other => other?,
        };
        if saved.state == GameState::Finished {
            // The game is saved; should rating fail now, it is retried while the process runs
            // (`retry_deferred_ratings`) and, failing that, at the next start (`catch_up`).
            self.rate_or_defer(saved.id, context.now).await;
        }
        Ok(saved)
    }

    async fn name_of(&self, user: Option<i64>) -> Result<String, Refusal> {
        Ok(match user {
            Some(id) => self
                .store
                .user(id)
                .await?
                .map(|u| u.display_name)
                .unwrap_or_else(|| "?".to_string()),
            None => "?".to_string(),
        })
    }

    async fn names(&self, game: &GameRecord) -> Result<(String, String), Refusal> {
        Ok((
            self.name_of(game.white_id).await?,
            self.name_of(game.black_id).await?,
        ))
    }

    /// The result of a finished game in the reader's words, e.g. `Alice wins (resignation)`.
    async fn result_text(
        &self,
        context: &Context<'_>,
        game: &GameRecord,
    ) -> Result<String, Refusal> {
        let outcome = game.result.as_deref().and_then(Outcome::parse);
        let Some(outcome) = outcome else {
            return Ok(game.result.clone().unwrap_or_default());
        };
        let head = match outcome.winner {
            Some(side) => msg("result-win").with("winner", self.name_of(game.player(side)).await?),
            None => msg("result-draw"),
        };
        Ok(format!(
            "{} ({})",
            self.say(context.language, &head),
            self.say(context.language, &reason_message(outcome.reason))
        ))
    }

    /// The board picture of `game`, captioned with `first` (if any), whose turn it is or the
    /// result, and the scores.
    async fn picture(
        &self,
        context: &Context<'_>,
        game: &GameRecord,
        position: &AnyGame,
        first: Vec<Msg>,
    ) -> Result<Outgoing, Refusal> {
        self.picture_view(context, game, position, first, false)
            .await
    }

    async fn picture_view(
        &self,
        context: &Context<'_>,
        game: &GameRecord,
        position: &AnyGame,
        first: Vec<Msg>,
        flip: bool,
    ) -> Result<Outgoing, Refusal> {
        let language = context.language;
        let (white, black) = self.names(game).await?;
        let status_line = match game.state {
            GameState::Finished => msg("caption-over")
                .with("id", game.id)
                .with("result", self.result_text(context, game).await?),
            _ => {
                let to_move = position.side_to_move();
                let player = if to_move == Side::White {
                    &white
                } else {
                    &black
                };
                msg("caption-to-move")
                    .with("id", game.id)
                    .with("player", player)
            }
        };
        let status_text = self.say(language, &status_line);
        let mut lines: Vec<String> = first.iter().map(|m| self.say(language, m)).collect();
        lines.push(status_text.clone());
        let mut detail = String::new();
        if game.state == GameState::Ongoing {
            let notes: Vec<String> = notes::position_notes(position)
                .iter()
                .map(|note| self.say(language, note))
                .collect();
            detail = notes.join(" ");
            lines.extend(notes);
        }
        if let Some((white_score, black_score)) = position.scores() {
            lines.push(
                self.say(
                    language,
                    &msg("score-line")
                        .with("white", &white)
                        .with("black", &black)
                        .with("white-score", white_score)
                        .with("black-score", black_score),
                ),
            );
        }
        let view = View {
            white,
            black,
            caption: status_text,
            detail,
            last_move: game.last_move.as_ref().map(LastMove::squares),
            flip,
            result: game.result.as_deref().and_then(Outcome::parse),
        };
        let png = self.renderer.render(position, &view)?;
        let mut reply = Outgoing::image(png, lines.join("\n"));
        // Knight Fight's few landing squares fit under the picture: one press plays one.
        if game.state == GameState::Ongoing && game.kind == GameKind::KnightFight {
            let moves = position.legal_move_texts();
            if (1..=MOVE_BUTTONS).contains(&moves.len()) {
                reply.buttons = moves
                    .into_iter()
                    .map(|mv| Button {
                        command: format!("move {mv} #{}", game.id),
                        label: mv,
                        plays_in_private: false,
                    })
                    .collect();
            }
        }
        Ok(reply)
    }
}

/// The most legal moves offered as buttons under a Knight Fight picture.
const MOVE_BUTTONS: usize = 20;
