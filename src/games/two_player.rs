//! The interface every two-player game implements, and perft over it.

use super::{BoardSize, MoveSquares, RulesError, Side, Status};
use std::fmt;

/// The interface the service uses for every two-player game.
///
/// Modelled on shakmaty's `Position`: legal moves go into a caller-owned list that is reused,
/// `play` validates, `play_unchecked` is for search and perft.
pub trait TwoPlayerGame: Clone + fmt::Debug + Send + Sync + 'static {
    type Move: Copy + Eq + fmt::Debug + Send + Sync;

    /// The start position; games with a random setup derive it from `seed`.
    fn start(seed: u64) -> Self;
    fn parse_position(text: &str) -> Result<Self, RulesError>;
    fn position_text(&self) -> String;

    fn board_size(&self) -> BoardSize;
    fn side_to_move(&self) -> Side;
    /// Clears `moves` and fills it with every legal move (none once the game is over).
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);
    fn status(&self) -> Status;

    /// The canonical text of a move, as `kibitz moves` prints it.
    fn move_text(&self, mv: Self::Move) -> String;
    /// A move as a caption shows it to players, given the position it is played from
    /// (Glacier Chess: SAN, as chess players read moves); records keep [`Self::move_text`].
    fn move_shown(&self, mv: Self::Move) -> String {
        self.move_text(mv)
    }
    /// Reads a move the way a player types it, and checks it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, RulesError>;

    /// The squares `mv` touches when played from this position.
    fn move_squares(&self, mv: Self::Move) -> MoveSquares;

    fn play_unchecked(&mut self, mv: Self::Move);

    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    fn play(&mut self, mv: Self::Move) -> Result<(), RulesError> {
        if !self.is_legal(mv) {
            return Err(RulesError::new("move-illegal").arg("move", self.move_text(mv)));
        }
        self.play_unchecked(mv);
        Ok(())
    }
}

/// The deepest perft the command line runs: far deeper than any count that could finish,
/// and shallow enough for the stack.
pub const MAX_PERFT_DEPTH: u32 = 100;

/// Counts the leaf nodes of the move tree `depth` plies deep.
///
/// The move lists are made as the search goes deeper, one per ply actually reached, so a
/// depth far beyond any game's length costs nothing up front: the count just stops growing
/// where every line of play has ended.
pub fn perft<G: TwoPlayerGame>(position: &G, depth: u32) -> u64 {
    let mut lists: Vec<Vec<G::Move>> = Vec::new();
    perft_with(position, depth, &mut lists, 0)
}

fn perft_with<G: TwoPlayerGame>(
    position: &G,
    depth: u32,
    lists: &mut Vec<Vec<G::Move>>,
    ply: usize,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if lists.len() <= ply {
        lists.push(Vec::new());
    }
    let mut list = std::mem::take(&mut lists[ply]);
    position.legal_moves(&mut list);
    let total = if depth == 1 {
        list.len() as u64
    } else {
        let mut total = 0u64;
        for &mv in list.iter() {
            let mut child = position.clone();
            child.play_unchecked(mv);
            total = total.saturating_add(perft_with(&child, depth - 1, lists, ply + 1));
        }
        total
    };
    lists[ply] = list;
    total
}
