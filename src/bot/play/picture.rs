//! The board picture of a game and its caption: whose turn it is or the result, the game's
//! notes, the scores, and Knight Fight's move buttons. It is handed everything it shows —
//! the seat, the names, the rules' facts — and reads nothing.

use super::clock;
use super::players::{self, Players};
use super::seat::Seat;
use crate::bot::msg::{Msg, msg};
use crate::bot::notes;
use crate::bot::outcome::Refusal;
use crate::bot::reply::{BoardButton, BoardOpens, Button, Mention, NAME_STAND_IN, Outgoing};
use crate::bot::service::Service;
use crate::games::{AnyGame, GameKind, Side, ViewFacts};
use crate::render::View;
use crate::store::{GameRecord, GameState, LastMove};

/// The most legal moves offered as buttons under a Knight Fight picture.
const MOVE_BUTTONS: usize = 20;

/// The board picture of the game of `seat` as `facts` say it stands, captioned with
/// `first` (if any), whose turn it is or the result, and the scores; from Black's side
/// when `flip`.
pub(super) fn picture(
    service: &Service,
    language: &str,
    seat: &Seat,
    players: &Players,
    facts: ViewFacts,
    first: Vec<Msg>,
    flip: bool,
) -> Result<Outgoing, Refusal> {
    let (game, position) = (&seat.game, &seat.position);
    let to_move = position.side_to_move();
    // The player to move is mentioned, so that the platform tells them it is their turn.
    let ping = players
        .ping(to_move)
        .filter(|_| game.state == GameState::Ongoing);
    let status_line = match game.state {
        GameState::Aborted => msg("caption-aborted").with("id", game.id),
        GameState::Finished => msg("caption-over").with("id", game.id).with(
            "result",
            players::result_text(service, language, game, players),
        ),
        _ => msg("caption-to-move").with("id", game.id).with(
            "player",
            match ping {
                Some(_) => NAME_STAND_IN,
                None => players.of(to_move),
            },
        ),
    };
    let (mut status_text, named) = service.say_naming(language, &status_line, players.of(to_move));
    let now = service.now();
    if let Some(left) = clock::time_left(game, position.side_to_move(), now) {
        let left = service.say(language, &clock::left_message(left));
        let line = msg("caption-time-left").with("left", left);
        status_text = format!("{status_text} · {}", service.say(language, &line));
    }
    // A live game's header shows both banks beside the names, as a chess clock does.
    let (mut white, mut black) = (players.white.clone(), players.black.clone());
    if let Some(clocks) = game
        .clocks
        .filter(|c| !c.control.is_correspondence() && game.state == GameState::Ongoing)
    {
        let bank = |side: Side| {
            let ms = match side == position.side_to_move() {
                true => clocks.left(side, now),
                false => clocks.bank(side),
            };
            service.say(language, &clock::left_message(ms))
        };
        white = format!("{white} · {}", bank(Side::White));
        black = format!("{black} · {}", bank(Side::Black));
    }
    let mut lines: Vec<String> = first.iter().map(|m| service.say(language, m)).collect();
    let status_at: usize = lines.iter().map(|line| line.len() + 1).sum();
    let mentions = match (ping, named) {
        (Some(user), Some(range)) => vec![Mention {
            range: status_at + range.start..status_at + range.end,
            user: user.to_string(),
        }],
        _ => Vec::new(),
    };
    lines.push(status_text.clone());
    let mut detail = String::new();
    if game.state == GameState::Ongoing {
        let notes: Vec<String> = notes::position_notes(position)
            .iter()
            .map(|note| service.say(language, note))
            .collect();
        detail = notes.join(" ");
        lines.extend(notes);
    }
    if let Some((white_score, black_score)) = position.scores() {
        lines.push(
            service.say(
                language,
                &msg("score-line")
                    .with("white", &players.white)
                    .with("black", &players.black)
                    .with("white-score", white_score)
                    .with("black-score", black_score),
            ),
        );
    }
    let mut buttons = move_buttons(game, to_move, &facts);
    buttons.extend(
        review_button(game)
            .map(|(label, command)| Button::new(service.say(language, &msg(label)), command)),
    );
    buttons.extend(
        turn_buttons(game, position)
            .into_iter()
            .map(|(label, word)| Button::new(service.say(language, &msg(label)), word)),
    );
    let view = View {
        white,
        black,
        caption: status_text,
        detail,
        last_move: game.last_move.as_ref().map(LastMove::squares),
        flip,
        hide_turn: false,
        facts,
    };
    let png = service.renderer.render(position, &view)?;
    let mut picture = Outgoing::image(png, lines.join("\n")).with_buttons(buttons);
    picture.mentions = mentions;
    if game.state == GameState::Ongoing {
        picture.board = Some(BoardButton {
            opens: BoardOpens::Game(game.id),
            label: service.say(language, &msg("button-open-board")),
        });
    }
    Ok(picture)
}

/// The Chesimals buttons that end a turn: Done while a turn is open, Pass at the start of a
/// Critters turn (its players may move none of their units), each as its label's key and
/// the command it sends. None where the computer is to move.
fn turn_buttons(game: &GameRecord, position: &AnyGame) -> Vec<(&'static str, String)> {
    let AnyGame::Chesimals(rules) = position else {
        return Vec::new();
    };
    if game.state != GameState::Ongoing
        || game.computer_plays(position.side_to_move())
        || position.status().is_over()
    {
        return Vec::new();
    }
    let id = game.id;
    if rules.turn_in_progress() {
        vec![("button-turn-done", format!("move done #{id}"))]
    } else if rules.variant().is_critters() {
        vec![("button-turn-pass", format!("move pass #{id}"))]
    } else {
        Vec::new()
    }
}

/// Analysis under the picture of a finished game with moves: the engine's review of it.
fn review_button(game: &GameRecord) -> Option<(&'static str, String)> {
    (game.state == GameState::Finished && game.plies > 0)
        .then(|| ("button-analysis", format!("analysis #{}", game.id)))
}

/// Knight Fight's few landing squares fit under the picture: one press plays one. They are
/// the legal moves the rules listed for the picture's facts, not asked for again. None when
/// the computer is to move: nobody in the chat may play them, and its own picture brings the
/// player's.
fn move_buttons(game: &GameRecord, to_move: Side, facts: &ViewFacts) -> Vec<Button> {
    if game.state != GameState::Ongoing
        || game.kind != GameKind::KnightFight
        || game.computer_plays(to_move)
    {
        return Vec::new();
    }
    if !(1..=MOVE_BUTTONS).contains(&facts.moves.len()) {
        return Vec::new();
    }
    facts
        .moves
        .iter()
        .map(|mv| Button::new(mv.clone(), format!("move {mv} #{}", game.id)))
        .collect()
}
