//! Whole turns as a player types them: one message, several actions, played atomically.

use super::{Move, PlayedAction, Position};
use crate::games::{RulesError, TwoPlayerGame};

impl Position {
    /// Plays a whole turn typed as space-separated actions (`b1-b3 a2-a4 c1xd3`), each checked
    /// when it is reached, on a copy: the position changes only if all are legal. The turn is
    /// ended automatically unless the text ended it (`end`, `pass`) or the game is over.
    /// A refusal keeps its reason's key and gains the arguments `number` (1-based) and `move`.
    pub fn play_turn_text(&mut self, text: &str) -> Result<Vec<PlayedAction>, RulesError> {
        let tokens = turn_tokens(text);
        if tokens.is_empty() {
            return Err(RulesError::new("chesimals-empty-turn"));
        }
        let mut position = self.clone();
        let mut played: Vec<PlayedAction> = Vec::new();
        for (i, token) in tokens.iter().enumerate() {
            let annotate = |error: RulesError| {
                error
                    .arg("number", i + 1)
                    .arg("move", crate::games::quote(token))
            };
            let turn_closed = played
                .last()
                .is_some_and(|action| matches!(action.mv, Move::End { .. } | Move::Pass));
            if turn_closed {
                return Err(annotate(RulesError::new("chesimals-after-turn")));
            }
            let mv = position.parse_move(token).map_err(annotate)?;
            played.push(position.played_action(mv));
            position.apply(mv);
        }
        if position.turn_in_progress() && !position.compute_status().is_over() {
            let end = Move::End { promote: None };
            played.push(position.played_action(end));
            position.apply(end);
        }
        *self = position;
        Ok(played)
    }

    /// Plays what one chat message holds. A message of exactly one unit move plays just that
    /// move and leaves the turn open (more units may follow, then `end`); anything else is a
    /// whole turn for [`Position::play_turn_text`]. A refused single action keeps its own
    /// reason without a move number.
    pub fn play_message_text(&mut self, text: &str) -> Result<Vec<PlayedAction>, RulesError> {
        let tokens = turn_tokens(text);
        if let [only] = tokens.as_slice() {
            let mv = self.parse_move(only)?;
            if matches!(mv, Move::Unit { .. }) {
                let action = self.played_action(mv);
                self.apply(mv);
                return Ok(vec![action]);
            }
        }
        self.play_turn_text(text)
    }

    fn played_action(&self, mv: Move) -> PlayedAction {
        let captured = match mv {
            Move::Unit { to, .. } => self.cell(to).unit,
            _ => None,
        };
        PlayedAction {
            mv,
            text: self.move_text(mv),
            squares: self.move_squares(mv),
            captured,
        }
    }
}

/// Splits a typed turn into actions, gluing the pieces of one action a player may space out:
/// `e3 - e5`, `e3 x e5`, `e5-e7 @ e4`, `end e5=N`, `end e5 = N`.
pub fn turn_tokens(text: &str) -> Vec<String> {
    let lowered = text.to_ascii_lowercase();
    let mut glued: Vec<String> = Vec::new();
    let mut glue_next = false;
    for word in lowered.split_whitespace() {
        let glue_here = word.starts_with(['-', '@', '=']) || word == "x";
        match glued.last_mut() {
            Some(last) if glue_next || glue_here => last.push_str(word),
            _ => glued.push(word.to_string()),
        }
        glue_next = word.ends_with(['-', '@', '=']) || word == "x";
    }
    let mut tokens: Vec<String> = Vec::new();
    for word in glued {
        match tokens.last_mut() {
            Some(last) if (last == "end" || last == "done") && word.contains('=') => {
                last.push_str(&word)
            }
            _ => tokens.push(word),
        }
    }
    tokens
}
