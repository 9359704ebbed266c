use super::*;
use crate::games::geometry::{BISHOP_DIRECTIONS, KING_STEPS, KNIGHT_JUMPS, ROOK_DIRECTIONS};
use crate::games::rng::SeededRng;
use crate::games::{EndReason, Outcome, perft};
use proptest::prelude::*;

mod activation;
mod critters_options;
mod game_end;
mod move_lists;
mod never_panics;
mod notation;
mod reference;
mod setups;
mod turns;

// ----- helpers -----

fn sq(name: &str) -> Square {
    Square::parse(name).expect("test square")
}

/// Builds a position from `(square, cell)` pairs such as `("e4", "oC")` or `("c3", "wN*")`;
/// `rest` is everything after the board (`w - 0 0 1`, plus the options in Critters).
fn build(variant: Variant, units: &[(&str, &str)], rest: &str) -> Position {
    let size = variant.board_size();
    let mut grid = vec![vec![String::new(); size.files as usize]; size.ranks as usize];
    for &(square, cell) in units {
        let square = sq(square);
        grid[square.rank as usize][square.file as usize] = cell.to_string();
    }
    let mut ranks = Vec::new();
    for rank in (0..size.ranks as usize).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for cell in &grid[rank] {
            if cell.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push_str(cell);
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    let text = format!("{} {} {rest}", variant.name(), ranks.join("/"));
    Position::parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Royal Chiefs for both sides far in the corners, so a Chesimals test position is alive.
const ROYALS: [(&str, &str); 4] = [("l1", "wC"), ("l2", "gC"), ("a16", "bC"), ("a15", "rC")];

fn chesimals(variant: Variant, units: &[(&str, &str)], rest: &str) -> Position {
    let mut all: Vec<(&str, &str)> = ROYALS.to_vec();
    all.extend_from_slice(units);
    build(variant, &all, rest)
}

fn squares(list: &str) -> Vec<Square> {
    let mut out: Vec<Square> = list.split_whitespace().map(sq).collect();
    out.sort();
    out
}

/// The distinct target squares of the unit on `from` among the legal actions.
fn targets(position: &Position, from: &str) -> Vec<Square> {
    let from = sq(from);
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut out: Vec<Square> = moves
        .iter()
        .filter_map(|mv| match *mv {
            Move::Unit { from: f, to, .. } if f == from => Some(to),
            _ => None,
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

fn play(position: &mut Position, text: &str) {
    let mv = position
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e} in {position:?}"));
    position.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn refusal(position: &Position, text: &str) -> &'static str {
    match position.parse_move(text) {
        Ok(mv) => panic!("{text} was accepted as {mv:?}"),
        Err(error) => error.key,
    }
}

fn assert_round_trip(position: &Position) {
    let text = position.position_text();
    let back = Position::parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(back.position_text(), text);
    let mut a = Vec::new();
    let mut b = Vec::new();
    position.legal_moves(&mut a);
    back.legal_moves(&mut b);
    assert_eq!(a, b, "{text}");
    assert_eq!(back.status(), position.status());
}
