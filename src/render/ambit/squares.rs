//! What each square of the AMBIT picture shows, worked out from the puzzle and the view.

use super::{AmbitView, Content, Ground, MARKERS, MAX_DOTS, Paint, SIZE};
use crate::games::Square;
use crate::games::ambit::footprint::{self, bit};
use crate::games::ambit::{Game, Piece};

/// The state of every square, worked out once a render.
pub(super) struct Board {
    footprint: u64,
    covered: u64,
    offending: u64,
    pub(super) unanchored: u64,
    /// The placed piece on a square and its marker.
    placed: [Option<(Piece, usize)>; 64],
    pub(super) solution: [Option<Piece>; 64],
    attempt: Option<(Piece, usize)>,
    /// How many placed pieces cover a square, and the markers of the first few.
    pub(super) count: [u8; 64],
    pub(super) covering: [[u8; MAX_DOTS]; 64],
}

/// The bit index of `square`, if it lies on the board (a view may hold anything).
fn on_board(square: Square) -> Option<usize> {
    SIZE.contains(square.file as i16, square.rank as i16)
        .then(|| footprint::index(square))
}

impl Board {
    pub(super) fn new(game: &Game, view: &AmbitView) -> Self {
        let mut board = Board {
            footprint: game.footprint().bits(),
            covered: game.covered(),
            offending: 0,
            unanchored: 0,
            placed: [None; 64],
            solution: [None; 64],
            attempt: None,
            count: [0; 64],
            covering: [[0; MAX_DOTS]; 64],
        };
        for (marker, placement) in game.placements().iter().enumerate() {
            let Some(index) = on_board(placement.square) else {
                continue;
            };
            board.placed[index] = Some((placement.piece, marker % MARKERS));
            for square in footprint::squares(placement.attacks()) {
                let covered = footprint::index(square) & 63;
                let count = &mut board.count[covered];
                if let Some(slot) = board.covering[covered].get_mut(*count as usize) {
                    *slot = (marker % MARKERS) as u8;
                }
                *count = count.saturating_add(1);
            }
        }
        for placement in game.unanchored() {
            board.unanchored |= bit(placement.square);
        }
        for placement in &view.solution {
            if let Some(index) = on_board(placement.square) {
                board.solution[index] = Some(placement.piece);
            }
        }
        if let Some((placement, squares)) = &view.attempt {
            board.attempt = on_board(placement.square).map(|index| (placement.piece, index));
            for &square in squares {
                if let Some(index) = on_board(square) {
                    board.offending |= 1 << index;
                }
            }
        }
        board
    }

    pub(super) fn ground(&self, index: usize) -> Ground {
        let square = 1u64 << index;
        if self.offending & square != 0 {
            Ground::Offending
        } else if self.footprint & square == 0 {
            Ground::Outside
        } else if self.covered & square != 0 {
            Ground::Covered
        } else {
            Ground::Open
        }
    }

    /// A placed piece wins the square; else the refused attempt (the news of the moment);
    /// else a solution piece.
    pub(super) fn content(&self, index: usize) -> Content {
        if let Some((piece, marker)) = self.placed[index] {
            Content::Piece(piece, Paint::Placed(marker))
        } else if let Some((piece, _)) = self.attempt.filter(|&(_, at)| at == index) {
            Content::Piece(piece, Paint::Attempt)
        } else if let Some(piece) = self.solution[index] {
            Content::Piece(piece, Paint::Solution)
        } else {
            Content::Empty
        }
    }
}
