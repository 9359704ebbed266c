//! The puzzle being played: the footprint, the pieces placed so far, the lives left.
//!
//! Its **state** text is `FOOTPRINT PLACEMENT... LIVES`, separated by single spaces: the
//! footprint, the pieces in the order they were placed, and the lives left (0 to 3), e.g.
//! `<footprint> Nf3 Bc4 2`. When read, the lives may be left out (meaning 3), so a bare
//! footprint is the state of a fresh puzzle. The footprint and placement texts are
//! [`super::notation`]'s.

use super::footprint::{self, bit};
use super::notation::{footprint_text, parse_footprint, parse_placement, quote};
use super::{Footprint, Placement};
use crate::games::{RulesError, Square};
use std::fmt;
use std::str::FromStr;

/// The lives a puzzle starts with.
pub const LIVES: u8 = 3;

/// Where a puzzle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    Ongoing,
    /// Every square covered, every piece anchored; the lives left are the stars.
    Solved,
    /// All three lives lost.
    GameOver,
}

impl GameStatus {
    /// The status line of `kibitz play`: `ongoing`, `solved` or `game over`.
    pub const fn text(self) -> &'static str {
        match self {
            GameStatus::Ongoing => "ongoing",
            GameStatus::Solved => "solved",
            GameStatus::GameOver => "game over",
        }
    }

    pub const fn is_over(self) -> bool {
        !matches!(self, GameStatus::Ongoing)
    }
}

impl fmt::Display for GameStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// What a placement did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaceOutcome {
    /// The piece stands; the puzzle goes on. `unanchored` is empty unless every footprint
    /// square now *looks* covered (covered, or under a piece) while the listed pieces stand on
    /// footprint squares that no other piece covers: the case the player must be told about.
    Placed { unanchored: Vec<Placement> },
    /// The piece stands and the puzzle is solved; `stars` = the lives left (1 to 3).
    Solved { stars: u8 },
    /// The piece reached outside the footprint on `offending` (a1 to h8 order): it was not
    /// placed and a life was lost. `lives` is what remains; 0 means game over.
    Invalid { offending: Vec<Square>, lives: u8 },
}

impl PlaceOutcome {
    pub fn is_game_over(&self) -> bool {
        matches!(self, PlaceOutcome::Invalid { lives: 0, .. })
    }
}

/// A puzzle in play. Its text form is the state text (see the module notes); serde uses it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    footprint: Footprint,
    /// In the order placed; on distinct squares; each valid.
    placements: Vec<Placement>,
    lives: u8,
}

impl Game {
    /// A fresh puzzle: no pieces, three lives.
    pub fn new(footprint: Footprint) -> Self {
        Self {
            footprint,
            placements: Vec::new(),
            lives: LIVES,
        }
    }

    /// Reads a state text (or a bare footprint); see the module notes.
    pub fn parse(text: &str) -> Result<Self, RulesError> {
        parse_state(text)
    }

    /// The state text `FOOTPRINT PLACEMENT... LIVES`.
    pub fn text(&self) -> String {
        state_text(self)
    }

    pub fn footprint(&self) -> Footprint {
        self.footprint
    }

    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    pub fn lives(&self) -> u8 {
        self.lives
    }

    /// The squares covered by the placed pieces (always inside the footprint).
    pub fn covered(&self) -> u64 {
        Footprint::union_of(&self.placements).0
    }

    /// The squares holding a piece.
    pub fn occupied(&self) -> u64 {
        self.placements
            .iter()
            .fold(0, |bits, p| bits | bit(p.square))
    }

    /// The piece on `square`, if any.
    pub fn piece_on(&self, square: Square) -> Option<Placement> {
        self.placements.iter().copied().find(|p| p.square == square)
    }

    /// The placed pieces that are not anchored: each stands on a footprint square that no
    /// other piece covers (a piece never covers its own square).
    pub fn unanchored(&self) -> Vec<Placement> {
        let covered = self.covered();
        self.placements
            .iter()
            .copied()
            .filter(|p| self.footprint.contains(p.square) && covered & bit(p.square) == 0)
            .collect()
    }

    /// Whether the footprint is covered exactly and every piece anchored. (An exact cover
    /// anchors every piece by itself, but the rule is checked as written.)
    pub fn is_solved(&self) -> bool {
        self.covered() == self.footprint.0 && self.unanchored().is_empty()
    }

    pub fn status(&self) -> GameStatus {
        if self.is_solved() {
            GameStatus::Solved
        } else if self.lives == 0 {
            GameStatus::GameOver
        } else {
            GameStatus::Ongoing
        }
    }

    /// Gives up one life for help (the bot's hint in a daily, where a life is a star): done
    /// while the puzzle is on and more than one life is left, so help never ends it.
    pub fn spend_life(&mut self) -> bool {
        if self.status() == GameStatus::Ongoing && self.lives > 1 {
            self.lives -= 1;
            true
        } else {
            false
        }
    }

    /// The stars earned: the lives left at the solve, or `None` if not solved.
    pub fn stars(&self) -> Option<u8> {
        self.is_solved().then_some(self.lives)
    }

    /// Every placement that would be accepted without losing a life now: valid, on an empty
    /// square; none once the puzzle is over. Sorted by their text (`Bc4` < `Nf3`).
    pub fn valid_placements(&self) -> Vec<Placement> {
        if self.status().is_over() {
            return Vec::new();
        }
        let occupied = self.occupied();
        let mut list: Vec<Placement> = self
            .footprint
            .valid_placements()
            .filter(|p| occupied & bit(p.square) == 0)
            .collect();
        list.sort_by_key(|p| p.to_string());
        list
    }

    /// Places a piece by the rules. Refused (an error, no life lost) when the puzzle is over
    /// or the square is taken; an invalid placement is not an error: it costs a life and the
    /// outcome names the squares outside the footprint.
    pub fn place(&mut self, placement: Placement) -> Result<PlaceOutcome, RulesError> {
        match self.status() {
            GameStatus::Solved => return Err(RulesError::new("ambit-already-solved")),
            GameStatus::GameOver => return Err(RulesError::new("ambit-no-lives")),
            GameStatus::Ongoing => {}
        }
        if let Some(there) = self.piece_on(placement.square) {
            return Err(RulesError::new("ambit-occupied")
                .arg("square", placement.square)
                .arg("piece", there.piece.letter()));
        }
        let outside = self.footprint.outside(placement);
        if outside != 0 {
            self.lives -= 1;
            return Ok(PlaceOutcome::Invalid {
                offending: footprint::squares(outside).collect(),
                lives: self.lives,
            });
        }
        self.placements.push(placement);
        if self.is_solved() {
            return Ok(PlaceOutcome::Solved { stars: self.lives });
        }
        let looks_covered = self.footprint.0 & !(self.covered() | self.occupied()) == 0;
        let unanchored = if looks_covered {
            self.unanchored()
        } else {
            Vec::new()
        };
        Ok(PlaceOutcome::Placed { unanchored })
    }

    /// Sets the lives left (for reading a state text): refused above three, or at zero for a
    /// solved puzzle (a solve ends the puzzle before any life can be lost).
    pub(crate) fn set_lives(&mut self, lives: u8) -> Result<(), RulesError> {
        if lives > LIVES || (lives == 0 && self.is_solved()) {
            return Err(RulesError::new("ambit-state-malformed").arg("state", self.text()));
        }
        self.lives = lives;
        Ok(())
    }
}

/// The catalogue messages that explain an outcome to the player (keys and arguments, like a
/// [`RulesError`]; `piece` is the piece letter, `squares` a space-separated list).
impl PlaceOutcome {
    pub fn notes(&self, placement: Placement) -> Vec<RulesError> {
        match self {
            PlaceOutcome::Placed { unanchored } => unanchored
                .iter()
                .map(|p| {
                    RulesError::new("ambit-unanchored")
                        .arg("piece", p.piece.letter())
                        .arg("square", p.square)
                })
                .collect(),
            PlaceOutcome::Solved { stars } => {
                vec![RulesError::new("ambit-solved").arg("stars", stars)]
            }
            PlaceOutcome::Invalid { offending, lives } => {
                let squares: Vec<String> = offending.iter().map(Square::to_string).collect();
                let mut notes = vec![
                    RulesError::new("ambit-invalid")
                        .arg("piece", placement.piece.letter())
                        .arg("square", placement.square)
                        .arg("squares", squares.join(" "))
                        .arg("lives", lives),
                ];
                if *lives == 0 {
                    notes.push(RulesError::new("ambit-game-over"));
                }
                notes
            }
        }
    }
}

/// The state text: `FOOTPRINT PLACEMENT... LIVES`.
pub fn state_text(game: &Game) -> String {
    let mut text = footprint_text(game.footprint());
    for placement in game.placements() {
        text.push(' ');
        text.push_str(&placement.to_string());
    }
    text.push(' ');
    text.push_str(&game.lives().to_string());
    text
}

/// Reads a state text (see the module notes). The placements are replayed, so a state that
/// no game could reach (an invalid or doubled placement, a move after the end, or a solved
/// puzzle with no lives) is refused.
pub fn parse_state(text: &str) -> Result<Game, RulesError> {
    let malformed = || RulesError::new("ambit-state-malformed").arg("state", quote(text));
    let mut tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.is_empty() {
        return Err(malformed());
    }
    let footprint = parse_footprint(tokens.remove(0))?;
    let lives = match tokens.last() {
        Some(last) if last.chars().all(|c| c.is_ascii_digit()) => {
            let lives: u8 = last.parse().map_err(|_| malformed())?;
            if lives > LIVES {
                return Err(malformed());
            }
            tokens.pop();
            lives
        }
        _ => LIVES,
    };
    let mut game = Game::new(footprint);
    for token in tokens {
        let placement = parse_placement(token)?;
        if !footprint.allows(placement) {
            return Err(RulesError::new("ambit-state-invalid-placement")
                .arg("placement", placement.to_string()));
        }
        game.place(placement)?;
    }
    game.set_lives(lives)?;
    Ok(game)
}

impl FromStr for Game {
    type Err = RulesError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_state(text)
    }
}

// Serde goes through the state text, so that a stored state is always checked when read back.

impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&state_text(self))
    }
}

impl<'de> serde::Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        parse_state(&text).map_err(serde::de::Error::custom)
    }
}
