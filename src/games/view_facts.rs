//! What a picture of a position shows besides the pieces — the status, the king in check,
//! where the side to move may go — worked out once by the rules, so that the caller can hand
//! it to the renderer (as lila-gif's renderer takes `check` from its caller) and use it for
//! its own words and buttons, and nobody asks the rules a second time.

use super::{AnyGame, Outcome, Square, Status, TwoPlayerGame};

/// The rules' word on a position, for its picture and the reply around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewFacts {
    /// The position's status, or how the game ended when that is not in the position
    /// ([`ViewFacts::ended`]: resignation, agreement).
    pub status: Status,
    /// The square of the side to move's king while it is in check (Glacier).
    pub check: Option<Square>,
    /// Where the side to move may go while the game goes on (Knight Fight's landing squares),
    /// in no particular order; empty for games that mark none.
    pub targets: Vec<Square>,
    /// The canonical texts of the legal moves, sorted, for games whose few moves can be
    /// offered as buttons (Knight Fight); empty for the others and once the game is over.
    pub moves: Vec<String>,
}

impl Default for ViewFacts {
    /// A game going on, nothing marked.
    fn default() -> Self {
        ViewFacts {
            status: Status::Ongoing,
            check: None,
            targets: Vec::new(),
            moves: Vec::new(),
        }
    }
}

impl ViewFacts {
    /// The facts of a game that ended outside its position (a resignation, a draw agreed):
    /// over with `outcome`, and no moves or targets left to offer. A check stays marked.
    pub fn ended(self, outcome: Outcome) -> Self {
        ViewFacts {
            status: Status::Over(outcome),
            check: self.check,
            targets: Vec::new(),
            moves: Vec::new(),
        }
    }
}

impl AnyGame {
    /// The status, check and highlights of this position, each worked out once. Knight
    /// Fight's landing squares and move texts come from one move generation, done only
    /// while the status says the game goes on.
    pub fn view_facts(&self) -> ViewFacts {
        match self {
            AnyGame::KnightFight(game) => {
                let status = game.status();
                let mut legal = Vec::new();
                if status == Status::Ongoing {
                    game.moves_while_ongoing(&mut legal);
                }
                let mut targets: Vec<Square> = legal.iter().map(|mv| mv.to).collect();
                targets.dedup();
                let mut moves: Vec<String> =
                    legal.into_iter().map(|mv| game.move_text(mv)).collect();
                moves.sort();
                ViewFacts {
                    status,
                    check: None,
                    targets,
                    moves,
                }
            }
            AnyGame::Glacier(game) => ViewFacts {
                status: game.status(),
                check: game
                    .is_check()
                    .then(|| game.king(game.side_to_move()))
                    .flatten(),
                targets: Vec::new(),
                moves: Vec::new(),
            },
            AnyGame::Chesimals(game) => ViewFacts {
                status: game.status(),
                ..ViewFacts::default()
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{EndReason, GameKind, Side};

    #[test]
    fn knight_fight_facts_match_the_rules_asked_one_by_one() {
        let mut game = AnyGame::start(GameKind::KnightFight, 5);
        loop {
            let facts = game.view_facts();
            assert_eq!(facts.status, game.status());
            assert_eq!(facts.moves, game.legal_move_texts());
            let AnyGame::KnightFight(position) = &game else {
                unreachable!("a Knight Fight game")
            };
            let mut expected = if facts.status == Status::Ongoing {
                position.targets(position.side_to_move())
            } else {
                Vec::new()
            };
            let mut targets = facts.targets.clone();
            expected.sort_by_key(|s| (s.file, s.rank));
            targets.sort_by_key(|s| (s.file, s.rank));
            assert_eq!(targets, expected);
            let Some(mv) = facts.moves.first() else { break };
            let played = game.play_text(mv);
            assert!(played.is_ok(), "{played:?}");
        }
    }

    #[test]
    fn glacier_facts_mark_the_checked_king() {
        let parsed = AnyGame::parse(
            GameKind::Glacier,
            "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
        );
        let game = parsed.expect("a test position");
        let facts = game.view_facts();
        assert!(facts.status.is_over());
        assert_eq!(facts.check, Square::parse("e8"));
        assert!(facts.targets.is_empty() && facts.moves.is_empty());
        let start = AnyGame::start(GameKind::Glacier, 1).view_facts();
        assert_eq!((start.status, start.check), (Status::Ongoing, None));
    }

    #[test]
    fn an_ending_outside_the_position_clears_what_could_be_played() {
        let game = AnyGame::start(GameKind::KnightFight, 3);
        let outcome = Outcome::win(Side::Black, EndReason::Resignation);
        let facts = game.view_facts();
        assert!(!facts.targets.is_empty() && !facts.moves.is_empty());
        let ended = facts.ended(outcome);
        assert_eq!(ended.status, Status::Over(outcome));
        assert!(ended.targets.is_empty() && ended.moves.is_empty());
    }
}
