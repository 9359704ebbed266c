use super::footprint::{self, attacks, bit, square_at};
use super::game::parse_state;
use super::generator::{construct, points};
use super::notation::{
    PartialPlacement, footprint_text, parse_footprint, parse_partial_placement, parse_placement,
};
use super::solver::is_solution;
use super::*;
use crate::games::rng::SeededRng;
use std::collections::BTreeSet;

mod dailies;
mod footprints;
mod generating;
mod hints;
mod properties;
mod rules;
mod solving;
mod state;
mod texts;

fn sq(text: &str) -> Square {
    Square::parse(text).unwrap()
}

fn pl(text: &str) -> Placement {
    parse_placement(text).unwrap()
}

/// The footprint made of the given squares.
fn squares_fp(squares: &[&str]) -> Footprint {
    Footprint(squares.iter().fold(0, |bits, s| bits | bit(sq(s))))
}

/// The naive reference: does `piece` on `from` attack `to` on an empty board?
fn reaches(piece: Piece, from: Square, to: Square) -> bool {
    let df = (from.file as i32 - to.file as i32).abs();
    let dr = (from.rank as i32 - to.rank as i32).abs();
    if df == 0 && dr == 0 {
        return false;
    }
    let rook = df == 0 || dr == 0;
    let bishop = df == dr;
    match piece {
        Piece::King => df <= 1 && dr <= 1,
        Piece::Queen => rook || bishop,
        Piece::Rook => rook,
        Piece::Bishop => bishop,
        Piece::Knight => (df == 1 && dr == 2) || (df == 2 && dr == 1),
    }
}

/// A footprint that two knights and a rook solve: Ra1 covers the a-file and rank 1.
fn rook_and_knights() -> (Footprint, Vec<Placement>) {
    let solution = vec![pl("Ra1"), pl("Nd5"), pl("Nh8")];
    (Footprint::union_of(&solution), solution)
}

/// A naive check of the rules' "solved": distinct squares, union equals the footprint, each
/// piece inside the footprint covered by another.
fn naive_solves(fp: Footprint, set: &[Placement]) -> bool {
    let squares: BTreeSet<Square> = set.iter().map(|p| p.square).collect();
    if squares.len() != set.len() {
        return false;
    }
    let union: BTreeSet<Square> = (0..64)
        .map(square_at)
        .filter(|&to| set.iter().any(|p| reaches(p.piece, p.square, to)))
        .collect();
    let wanted: BTreeSet<Square> = fp.squares().collect();
    union == wanted
        && set.iter().all(|p| {
            !fp.contains(p.square)
                || set
                    .iter()
                    .any(|q| q != p && reaches(q.piece, q.square, p.square))
        })
}
