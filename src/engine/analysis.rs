//! The review of a finished game: every position searched at a fixed node budget
//! ([`evaluate`]), then each turn judged by how much of its side's winning chance it gave
//! away ([`review`]). Pure like the searches: the bot runs [`evaluate`] position by position
//! on its engine pool and keeps what it found, so a review is resumed, never redone.
//!
//! The scale and thresholds (and why) are in `docs/engines.md`, "Analysis".

use super::{Budget, WON, chesimals, glacier, knight_fight};
use crate::games::chesimals::Variant;
use crate::games::{AnyGame, GameKind, Side, Status};
use serde::{Deserialize, Serialize};

/// The seed of every analysis search: the budgets have no noise, so it only breaks ties,
/// and a fixed one makes a review the same wherever it runs.
const ANALYSIS_SEED: u64 = 0x4b69_6269_747a_0001;

/// What one position is worth and the engine's move in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Evaluation {
    /// The position's value for White (hundredths of the family's unit, forced results
    /// beyond [`WON`]); `None` when it cannot be judged (a Chesimals turn left open).
    pub white: Option<i32>,
    /// The engine's move, as a caption shows it (Glacier Chess: SAN); `None` when the game
    /// is over here.
    pub best: Option<String>,
    /// The turn played from here was the engine's own choice (same position after it).
    pub played_best: bool,
}

/// How bad a turn was, by the winning chance it lost ([`Mark::of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    /// The mark for a loss of `loss` winning chance (on the -1..1 scale of [`win_chance`]).
    pub fn of(loss: f64) -> Option<Mark> {
        if loss >= BLUNDER {
            Some(Mark::Blunder)
        } else if loss >= MISTAKE {
            Some(Mark::Mistake)
        } else if loss >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// The annotation a record writes after the move: `?!`, `?`, `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// PGN's numeric annotation glyph for the mark (`$6`, `$2`, `$4`).
    pub fn nag(self) -> u8 {
        match self {
            Mark::Inaccuracy => 6,
            Mark::Mistake => 2,
            Mark::Blunder => 4,
        }
    }
}

/// Winning chance lost (of 2, the whole -1..1 scale) that makes a turn an inaccuracy, a
/// mistake, a blunder: lichess's thresholds, on each game's own scale.
pub const INACCURACY: f64 = 0.1;
pub const MISTAKE: f64 = 0.2;
pub const BLUNDER: f64 = 0.3;

/// One turn of a review.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnReview {
    pub side: Side,
    /// White's value before and after the turn (`None`: not judged).
    pub before: Option<i32>,
    pub after: Option<i32>,
    /// The engine's move where the turn was played, unless the turn was that move.
    pub best: Option<String>,
    /// Winning chance the turn gave away, for its side (0 for the engine's own move).
    pub loss: f64,
    pub mark: Option<Mark>,
    /// 0-100: how close to the engine's choice (lichess's curve over the win percentage lost).
    pub accuracy: Option<f64>,
}

/// A whole game's review.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub kind: GameKind,
    pub turns: Vec<TurnReview>,
}

impl Review {
    /// A side's accuracy over its judged turns, `None` without any: as lichess sums a game
    /// up, the mean of the turns' arithmetic and harmonic means, so that a few bad moves in
    /// a long game still show (the harmonic mean is pulled down by the worst).
    pub fn accuracy(&self, side: Side) -> Option<u8> {
        let scores: Vec<f64> = self
            .turns
            .iter()
            .filter(|turn| turn.side == side)
            .filter_map(|turn| turn.accuracy)
            .collect();
        if scores.is_empty() {
            return None;
        }
        let count = scores.len() as f64;
        let mean = scores.iter().sum::<f64>() / count;
        let harmonic = count / scores.iter().map(|a| 1.0 / a.max(1.0)).sum::<f64>();
        Some(((mean + harmonic) / 2.0).round().clamp(0.0, 100.0) as u8)
    }

    /// How many of a side's turns carry `mark`.
    pub fn count(&self, side: Side, mark: Mark) -> usize {
        self.turns
            .iter()
            .filter(|turn| turn.side == side && turn.mark == Some(mark))
            .count()
    }

    /// The turn that gave away the most, if any turn earned a mark.
    pub fn worst(&self) -> Option<usize> {
        self.turns
            .iter()
            .enumerate()
            .filter(|(_, turn)| turn.mark.is_some())
            .max_by(|(_, a), (_, b)| a.loss.total_cmp(&b.loss))
            .map(|(index, _)| index)
    }
}

/// The search an analysis spends on one position of `kind`: about what level 6 plays with
/// (Knight Fight: level 8, which thinks in about a millisecond), with no noise, lapse or
/// random turn, so it is the engine's honest best.
pub fn budget(kind: GameKind) -> Budget {
    let plain = |budget: Budget| Budget {
        noise: 0,
        lapse: 0,
        random: 0,
        ..budget
    };
    match kind {
        GameKind::Glacier => Budget {
            nodes: 60_000,
            depth: 64,
            ..plain(glacier::budget(super::Level::MAX))
        },
        GameKind::KnightFight => plain(knight_fight::budget(super::Level::MAX)),
        GameKind::ChesimalsOne => plain(chesimals::budget(Variant::One, level_six())),
        GameKind::ChesimalsTwo => plain(chesimals::budget(Variant::Two, level_six())),
        GameKind::Critters => plain(chesimals::budget(Variant::Critters, level_six())),
    }
}

fn level_six() -> super::Level {
    super::Level::new(6).unwrap_or(super::Level::MAX)
}

/// The value and the engine's move in `position`; `next` is the position the game went on
/// to from here (`None` at its end), to tell whether the turn played was the engine's own.
pub fn evaluate(position: &AnyGame, next: Option<&AnyGame>) -> Evaluation {
    let unjudged = Evaluation {
        white: None,
        best: None,
        played_best: false,
    };
    if let Status::Over(outcome) = position.status() {
        return Evaluation {
            white: Some(result_value(outcome)),
            ..unjudged
        };
    }
    let budget = budget(position.kind());
    let found = match position {
        AnyGame::Glacier(game) => glacier::search(game, &budget, ANALYSIS_SEED)
            .map(|t| (super::line_text(game, &[t.best]), t.score)),
        AnyGame::KnightFight(game) => knight_fight::search(game, &budget, ANALYSIS_SEED)
            .map(|t| (super::line_text(game, &[t.best]), t.score)),
        AnyGame::Chesimals(game) => {
            if game.turn_in_progress() {
                return unjudged;
            }
            chesimals::search(game, &budget, ANALYSIS_SEED)
                .map(|t| (super::line_text(game.as_ref(), &t.best), t.score))
        }
    };
    let Some((best, score)) = found else {
        return unjudged;
    };
    let white = match position.side_to_move() {
        Side::White => score,
        Side::Black => -score,
    };
    let mut after_best = position.clone();
    let (shown, played_best) = match after_best.play_text(&best) {
        Ok(played) => (
            played.shown,
            next.is_some_and(|next| next.position_text() == after_best.position_text()),
        ),
        Err(_) => (best, false),
    };
    Evaluation {
        white: Some(white),
        best: Some(shown),
        played_best,
    }
}

/// A result the rules decided, as a value: beyond every searched score.
const FORCED: i32 = WON * 4;

/// White's value of a game the rules ended: [`FORCED`] for the winner, 0 for a draw.
pub fn result_value(outcome: crate::games::Outcome) -> i32 {
    match outcome.winner {
        None => 0,
        Some(Side::White) => FORCED,
        Some(Side::Black) => -FORCED,
    }
}

/// White's winning chance, -1 (Black wins) to 1, for White's value `white` in `kind`: a
/// logistic curve whose steepness was fitted to each game's engine self-play
/// (`docs/engines.md`, "Analysis"); forced results are ±1.
pub fn win_chance(kind: GameKind, white: i32) -> f64 {
    if white >= WON {
        return 1.0;
    }
    if white <= -WON {
        return -1.0;
    }
    let steepness = match kind {
        GameKind::Glacier => GLACIER_STEEPNESS,
        GameKind::KnightFight => KNIGHT_FIGHT_STEEPNESS,
        GameKind::ChesimalsOne => CHESIMALS_I_STEEPNESS,
        GameKind::ChesimalsTwo | GameKind::Critters => CHESIMALS_II_STEEPNESS,
    };
    2.0 / (1.0 + (-steepness * f64::from(white)).exp()) - 1.0
}

/// Steepness of [`win_chance`] per game (per hundredth of the unit). Glacier Chess keeps
/// lichess's curve for centipawns (fitted to human games; self-play fits 0.0079, an engine
/// converting every edge, which would call a lost pawn a blunder); the others are their
/// self-play fits (`fit_win_chance_steepness_from_self_play`), Critters read as Chesimals II.
pub const GLACIER_STEEPNESS: f64 = 0.003_682_08;
pub const KNIGHT_FIGHT_STEEPNESS: f64 = 0.000_15;
pub const CHESIMALS_I_STEEPNESS: f64 = 0.000_30;
pub const CHESIMALS_II_STEEPNESS: f64 = 0.000_25;

/// Judges each turn of a game from the evaluations of its positions: `sides[i]` played turn
/// `i` from position `i` to position `i + 1`, so there is one evaluation more than turns
/// (a shorter list judges the turns it covers).
pub fn review(kind: GameKind, sides: &[Side], evaluations: &[Evaluation]) -> Review {
    let turns = sides
        .iter()
        .enumerate()
        .map(|(index, &side)| {
            let here = evaluations.get(index);
            let next = evaluations.get(index + 1);
            let before = here.and_then(|e| e.white);
            let after = next.and_then(|e| e.white);
            let played_best = here.is_some_and(|e| e.played_best);
            let judged = before.zip(after).map(|(before, after)| {
                let sign = match side {
                    Side::White => 1.0,
                    Side::Black => -1.0,
                };
                let before = sign * win_chance(kind, before);
                let after = sign * win_chance(kind, after);
                let loss = if played_best {
                    0.0
                } else {
                    (before - after).max(0.0)
                };
                (loss, move_accuracy(loss))
            });
            TurnReview {
                side,
                before,
                after,
                best: here.filter(|e| !e.played_best).and_then(|e| e.best.clone()),
                loss: judged.map_or(0.0, |(loss, _)| loss),
                mark: judged.and_then(|(loss, _)| Mark::of(loss)),
                accuracy: judged.map(|(_, accuracy)| accuracy),
            }
        })
        .collect();
    Review { kind, turns }
}

/// A Glacier Chess value as PGN's `[%eval …]` writes it: pawns for White (`0.35`, `-1.20`),
/// or `#3` / `#-2` for a mate in so many moves; `None` for a result the rules decided.
pub fn pgn_eval(white: i32) -> Option<String> {
    if white.abs() < WON {
        return Some(format!("{:.2}", f64::from(white) / 100.0));
    }
    if white.abs() > glacier::MATE {
        return None;
    }
    let moves = (glacier::MATE - white.abs() + 1) / 2;
    Some(format!("#{}{moves}", if white < 0 { "-" } else { "" }))
}

/// Lichess's accuracy of a move from the win percentage it lost (`loss` is on the -1..1
/// scale, so it is 50 × loss percent): 100 for none, about 65 for a 10 % drop.
fn move_accuracy(loss: f64) -> f64 {
    let percent = loss * 50.0;
    (103.1668 * (-0.04354 * percent).exp() - 3.1669).clamp(0.0, 100.0)
}

#[cfg(test)]
mod tests;
