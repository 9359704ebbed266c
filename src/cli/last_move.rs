//! `kibitz render --last`: the move said to have led to a position, checked against it.

use super::Failure;
use crate::AnyGame;

/// The marks of `text`, the move `--last` says led to `game`, once it is seen that it could
/// have: the picture must not show a move the position contradicts. Only the position after
/// the move is known, so this is what the board can tell: the moving side's piece stands where
/// the move ends (of the kind a promotion names), and has left where it began.
pub fn last_move_marks(game: &AnyGame, text: &str) -> Result<crate::games::MoveSquares, Failure> {
    use crate::games::glacier::{Cell, Role};
    let quoted = crate::games::quote(text);
    let marks = game
        .marks_for_last_move(text)
        .ok_or_else(|| Failure(format!("cannot read --last \"{quoted}\"")))?;
    // The side that made the move: the one not to move now, unless a Chesimals turn is still
    // open (its units' moves so far are the side to move's own).
    let mover = if game.turn_in_progress() {
        game.side_to_move()
    } else {
        game.side_to_move().opposite()
    };
    let impossible = |why: String| {
        Failure(format!(
            "--last \"{quoted}\" cannot have led to this position: {why}"
        ))
    };
    match game {
        AnyGame::Glacier(position) => {
            let (Some(from), Some(to)) = (marks.from, marks.to) else {
                return Err(Failure(format!("cannot read --last \"{quoted}\"")));
            };
            let promotion = text.trim().chars().nth(4).map(|letter| {
                Role::ALL
                    .into_iter()
                    .find(|role| role.char().eq_ignore_ascii_case(&letter))
            });
            match position.cell(to) {
                Cell::Piece(side, _) if side != mover => {
                    return Err(impossible(format!(
                        "{to} holds a piece of {}, not of {mover}, who moved last",
                        side
                    )));
                }
                Cell::Piece(_, role) => match promotion {
                    Some(None) => {
                        return Err(Failure(format!("cannot read --last \"{quoted}\"")));
                    }
                    Some(Some(promoted)) if promoted != role => {
                        return Err(impossible(format!(
                            "the piece on {to} is not the {} it promoted to",
                            promoted.char().to_ascii_uppercase()
                        )));
                    }
                    _ => {}
                },
                Cell::Empty | Cell::Ice => {
                    return Err(impossible(format!("no piece stands on {to}")));
                }
            }
            // The square left is empty, or ice again after an Ice Age.
            if let Cell::Piece(..) = position.cell(from) {
                return Err(impossible(format!("a piece still stands on {from}")));
            }
        }
        AnyGame::KnightFight(position) => {
            if marks.to.is_none() || position.knight(mover) != marks.to {
                return Err(impossible(format!(
                    "{mover}'s knight does not stand on {}",
                    text.split(['/', ' ']).next().unwrap_or_default()
                )));
            }
            if let Some(open) = marks
                .also
                .iter()
                .find(|&&square| !position.is_blocked(square))
            {
                return Err(impossible(format!("{open} is not blocked")));
            }
        }
        AnyGame::Chesimals(position) => {
            let trail = marks.trail();
            // Where each unit ended: a destination no later unit move of the turn left.
            for (at, &(_, to)) in trail.iter().enumerate() {
                let left_later = trail[at + 1..].iter().any(|&(from, _)| from == to);
                let unit = position.unit_at(to);
                if !left_later && unit.is_none_or(|unit| unit.side != mover) {
                    return Err(impossible(format!("no unit of {mover} stands on {to}")));
                }
            }
        }
    }
    Ok(marks)
}
