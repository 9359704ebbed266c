//! Whole turns as a player types them: one message, several actions, played atomically.

use super::{Move, PlayedAction, Position};
use crate::games::{RulesError, TwoPlayerGame};

impl Position {
    /// Plays a whole turn typed as space-separated actions (`b1-b3 a2-a4 c1xd3`), each checked
    /// when it is reached, on a copy: the position changes only if all are legal. The turn is
    /// ended automatically unless the text ended it (`end`, `pass`) or the game is over.
    /// A refusal keeps its reason's key and gains the arguments `number` (1-based) and `move`.
    pub fn play_turn_text(&mut self, text: &str) -> Result<Vec<PlayedAction>, RulesError> {
        self.play_actions(text, Close::Always)
    }

    /// Plays what one chat message holds, by one rule whatever its length: its actions are
    /// checked on a copy as [`Position::play_turn_text`] does, and the turn stays open after
    /// them for more units (ended with `end` or `done`), unless the message ended it, the game
    /// ended, or nothing is left to do but `end` (no unit may move any more). A message of
    /// one action keeps its reason without a move number when refused.
    pub fn play_message_text(&mut self, text: &str) -> Result<Vec<PlayedAction>, RulesError> {
        self.play_actions(text, Close::WhenNothingElse)
    }

    fn play_actions(&mut self, text: &str, close: Close) -> Result<Vec<PlayedAction>, RulesError> {
        let tokens = turn_tokens(text);
        if tokens.is_empty() {
            return Err(RulesError::new("chesimals-empty-turn"));
        }
        let numbered = close == Close::Always || tokens.len() > 1;
        let mut position = self.clone();
        let mut played: Vec<PlayedAction> = Vec::new();
        for (i, token) in tokens.iter().enumerate() {
            let annotate = |error: RulesError| match numbered {
                true => error
                    .arg("number", i + 1)
                    .arg("move", crate::games::quote(token)),
                false => error,
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
        let end = Move::End { promote: None };
        let open = position.turn_in_progress() && !position.compute_status().is_over();
        if open && (close == Close::Always || position.only_end_left()) {
            played.push(position.played_action(end));
            position.apply(end);
        }
        *self = position;
        Ok(played)
    }

    /// Whether the turn in progress can only be ended: no unit may move and nothing may be
    /// promoted.
    fn only_end_left(&self) -> bool {
        let mut moves = Vec::new();
        self.generate(&mut moves);
        moves == [Move::End { promote: None }]
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

/// When a typed text closes the turn it leaves open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Close {
    /// Always (a whole turn: the command line, the engine).
    Always,
    /// Only when nothing but `end` is left (a chat message).
    WhenNothingElse,
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
