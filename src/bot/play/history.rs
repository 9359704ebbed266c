//! `history [#id]`: a game's moves as they stand (takebacks left out), written the game's
//! way: numbered move pairs in SAN for Glacier Chess with its Ice Ages marked, Knight Fight's moves
//! with the mover's score after each, whole turns for the Chesimals. And `games finished`.

use super::export;
use super::marks;
use super::players::{self, Players};
use super::seat;
use crate::bot::command::GameRef;
use crate::bot::context::Context;
use crate::bot::help;
use crate::bot::limits::GAMES_PAGE;
use crate::bot::msg::msg;
use crate::bot::outcome::Refusal;
use crate::bot::reply::{Button, Outgoing};
use crate::bot::service::Service;
use crate::engine::analysis::Mark;
use crate::games::{AnyGame, GameKind, Side, TwoPlayerGame};
use crate::store::{GameRecord, GameState, MoveRecord};

/// The most moves a history reads and lists: far beyond a real game (a Chesimals game ends
/// after 1,000 turns at most); past it the list says how many more there are.
const HISTORY_MOVES: i64 = 2_000;

/// Glacier Chess and Knight Fight moves a line of the history holds (full moves).
const MOVES_A_LINE: usize = 5;

/// The mark of a move after which an Ice Age came.
const ICE_AGE_MARK: &str = "❄";

/// One move as the history writes it, with what the rules said after it.
struct Written {
    side: Side,
    text: String,
}

/// The moves of `game`, replayed from its start so that each can carry what came with it
/// (an Ice Age, the mover's score). A move the rules no longer read stops the replay: it and
/// the rest are written as stored.
fn written(game: &GameRecord, moves: &[MoveRecord]) -> Vec<Written> {
    let mut position = game.start().ok();
    moves
        .iter()
        .map(|played| {
            let mut text = played.notation.clone();
            // Glacier Chess moves are stored as typed into the record (UCI) and written in
            // SAN, as a chess player reads a game.
            let san = match &position {
                Some(AnyGame::Glacier(glacier)) => glacier
                    .parse_move(&played.notation)
                    .ok()
                    .map(|mv| glacier.san(mv)),
                _ => None,
            };
            if let Some(mut replayed) = position.take()
                && replayed.play_message(&played.notation).is_ok()
            {
                if let Some(san) = san {
                    text = san;
                }
                match &replayed {
                    AnyGame::Glacier(glacier) if glacier.last_ice_age().is_some() => {
                        text.push_str(ICE_AGE_MARK);
                    }
                    AnyGame::KnightFight(_) => {
                        if let Some((white, black)) = replayed.scores() {
                            let score = match played.side {
                                Side::White => white,
                                Side::Black => black,
                            };
                            text = format!("{text} ({score})");
                        }
                    }
                    _ => {}
                }
                position = Some(replayed);
            }
            Written {
                side: played.side,
                text,
            }
        })
        .collect()
}

/// The moves grouped in turns: consecutive moves of one side are one turn.
fn turns(moves: &[Written]) -> Vec<(Side, String)> {
    let mut turns: Vec<(Side, String)> = Vec::new();
    for played in moves {
        match turns.last_mut() {
            Some((side, text)) if *side == played.side => {
                text.push(' ');
                text.push_str(&played.text);
            }
            _ => turns.push((played.side, played.text.clone())),
        }
    }
    turns
}

/// The lines of a history: numbered full moves (White's and Black's), several a line; for
/// the Chesimals one turn a line (a turn typed over several messages joined). A turn marked
/// by the game's review (`marks[i]` for turn `i`) carries its `?!`, `?` or `??`.
fn lines(kind: GameKind, moves: &[Written], marks: &[Option<Mark>]) -> Vec<String> {
    let mut turns = turns(moves);
    for ((_, text), mark) in turns.iter_mut().zip(marks) {
        if let Some(mark) = mark {
            text.push_str(mark.symbol());
        }
    }
    let chesimals = matches!(
        kind,
        GameKind::ChesimalsOne | GameKind::ChesimalsTwo | GameKind::Critters
    );
    if chesimals {
        return turns
            .iter()
            .enumerate()
            .map(|(index, (side, text))| format!("{}. {}: {text}", index / 2 + 1, side.name()))
            .collect();
    }
    let mut numbered = Vec::new();
    let mut index = 0;
    while index < turns.len() {
        let number = index / 2 + 1;
        let (side, text) = &turns[index];
        // A game whose first move is Black's (a position set up so) starts with `1...`.
        let pair = match (side, turns.get(index + 1)) {
            (Side::White, Some((Side::Black, black))) => {
                index += 2;
                format!("{number}. {text} {black}")
            }
            (Side::White, _) => {
                index += 1;
                format!("{number}. {text}")
            }
            (Side::Black, _) => {
                index += 1;
                format!("{number}... {text}")
            }
        };
        numbered.push(pair);
    }
    numbered
        .chunks(MOVES_A_LINE)
        .map(|chunk| chunk.join("  "))
        .collect()
}

/// `history [#id]`: the game named, else the speaker's game being played here, else
/// their last finished game here.
pub(crate) async fn history(
    service: &Service,
    context: &Context<'_>,
    game_ref: Option<GameRef>,
) -> Result<Vec<Outgoing>, Refusal> {
    let game = export::shown_game(service, context, game_ref).await?;
    let mut moves = service
        .store()
        .first_moves(game.id, HISTORY_MOVES + 1)
        .await?;
    let cut = moves.len() as i64 > HISTORY_MOVES;
    moves.truncate(HISTORY_MOVES as usize);
    let players = players::read(service, &game).await?;
    let language = context.language;
    let status = history_status(service, language, &game, &players)?;
    let head = msg("history-head")
        .with("id", game.id)
        .with("game", service.say(language, &help::kind_name(game.kind)))
        .with("white", &players.white)
        .with("black", &players.black)
        .with("status", status);
    let mut text = vec![service.say(language, &head)];
    if moves.is_empty() {
        text.push(service.say(language, &msg("history-no-moves")));
    }
    let written = written(&game, &moves);
    let marks = if cut || game.state != GameState::Finished {
        Vec::new()
    } else {
        let sides: Vec<Side> = turns(&written).iter().map(|(side, _)| *side).collect();
        marks::stored_marks(service, &game, &sides).await?
    };
    let marked = marks.iter().any(Option::is_some);
    text.extend(lines(game.kind, &written, &marks));
    if cut {
        text.push(service.say(language, &msg("history-cut")));
    }
    if game.kind == GameKind::Glacier && text.iter().any(|l| l.contains(ICE_AGE_MARK)) {
        text.push(service.say(language, &msg("history-ice-age")));
    }
    if marked {
        text.push(service.say(language, &msg("history-marks").with("id", game.id)));
    }
    Ok(vec![Outgoing::text(text.join("\n"))])
}

fn history_status(
    service: &Service,
    language: &str,
    game: &GameRecord,
    players: &Players,
) -> Result<String, Refusal> {
    Ok(match game.state {
        GameState::Finished => players::result_text(service, language, game, players),
        GameState::Aborted => service.say(language, &msg("history-aborted")),
        _ => {
            let to_move = seat::position(game)?.side_to_move();
            service.say(
                language,
                &msg("history-to-move").with("player", players.of(to_move)),
            )
        }
    })
}

/// `games finished [page]`: the chat's finished games, the latest first.
pub(crate) async fn finished_games(
    service: &Service,
    context: &Context<'_>,
    page: usize,
) -> Result<Vec<Outgoing>, Refusal> {
    let page = page.clamp(1, 100_000);
    let mut games = service
        .store()
        .finished_games(
            context.chat_id,
            ((page - 1) * GAMES_PAGE) as i64,
            GAMES_PAGE as i64 + 1,
        )
        .await?;
    let more = games.len() > GAMES_PAGE;
    games.truncate(GAMES_PAGE);
    let language = context.language;
    if games.is_empty() {
        let none = match page {
            1 => msg("games-finished-none"),
            _ => msg("games-page-empty").number("page", page as u32),
        };
        return Ok(vec![Outgoing::text(service.say(language, &none))]);
    }
    let mut lines = vec![service.say(language, &msg("games-finished-header"))];
    for game in &games {
        let players = players::read(service, game).await?;
        let line = msg("games-line-finished")
            .with("id", game.id)
            .with("game", service.say(language, &help::kind_name(game.kind)))
            .with("white", &players.white)
            .with("black", &players.black)
            .with(
                "result",
                players::result_text(service, language, game, &players),
            );
        lines.push(format!("  {}", service.say(language, &line)));
    }
    let mut buttons = Vec::new();
    if page > 1 {
        buttons.push(Button::new(
            service.say(language, &msg("button-previous")),
            format!("games finished {}", page - 1),
        ));
    }
    if more {
        buttons.push(Button::new(
            service.say(language, &msg("button-next")),
            format!("games finished {}", page + 1),
        ));
    }
    Ok(vec![Outgoing::text(lines.join("\n")).with_buttons(buttons)])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(list: &[(Side, &str)]) -> Vec<Written> {
        list.iter()
            .map(|&(side, text)| Written {
                side,
                text: text.to_string(),
            })
            .collect()
    }

    use Side::{Black as B, White as W};

    #[test]
    fn chess_like_histories_number_full_moves_five_a_line() {
        let list: Vec<(Side, &str)> = (0..13)
            .map(|i| if i % 2 == 0 { (W, "a") } else { (B, "b") })
            .collect();
        assert_eq!(
            lines(GameKind::Glacier, &moves(&list), &[]),
            ["1. a b  2. a b  3. a b  4. a b  5. a b", "6. a b  7. a",]
        );
        assert_eq!(
            lines(GameKind::KnightFight, &moves(&[(B, "x")]), &[]),
            ["1... x"]
        );
    }

    #[test]
    fn a_reviewed_game_carries_its_marks_on_the_turns() {
        use crate::engine::analysis::Mark;
        let list = [(W, "e4"), (B, "f6"), (W, "d4"), (B, "g5")];
        assert_eq!(
            lines(
                GameKind::Glacier,
                &moves(&list),
                &[
                    None,
                    Some(Mark::Inaccuracy),
                    Some(Mark::Mistake),
                    Some(Mark::Blunder)
                ]
            ),
            ["1. e4 f6?!  2. d4? g5??"]
        );
        let turns = [(W, "a1a2"), (W, "end"), (B, "b1b2")];
        assert_eq!(
            lines(GameKind::Critters, &moves(&turns), &[Some(Mark::Blunder)]),
            ["1. white: a1a2 end??", "1. black: b1b2"]
        );
    }

    #[test]
    fn chesimals_histories_write_whole_turns() {
        let list = [(W, "a1a2"), (B, "b1b2"), (B, "c1c2"), (W, "pass")];
        assert_eq!(
            lines(GameKind::ChesimalsOne, &moves(&list), &[]),
            ["1. white: a1a2", "1. black: b1b2 c1c2", "2. white: pass"]
        );
    }
}
