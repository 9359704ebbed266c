use super::*;
use crate::games::perft;
use crate::games::rng::SeededRng;
use proptest::prelude::*;

mod counted_by_hand;
mod game_end;
mod ice_ages;
mod playouts;
mod position_text;
mod properties;
mod standard_perft;
mod typed_moves;

/// The naive reference the engine is checked against.
mod reference;
use reference::Board;

fn pos(fen: &str) -> Position {
    Position::parse_position(fen).unwrap()
}

fn move_texts(position: &Position) -> Vec<String> {
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|&mv| position.move_text(mv)).collect();
    texts.sort();
    texts
}

fn play(position: &mut Position, text: &str) {
    let mv = position.parse_move(text).unwrap();
    position.play(mv).unwrap();
}

fn after(fen: &str, moves: &[&str]) -> Position {
    let mut position = pos(fen);
    for text in moves {
        play(&mut position, text);
    }
    position
}

fn square(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn error_key(position: &Position, text: &str) -> &'static str {
    position.parse_move(text).unwrap_err().key
}

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
