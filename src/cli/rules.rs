//! The rules tools scripts rely on: `perft`, `moves`, `play` and `render`, each one path
//! through a [`Position`] read once.

use super::position::{GameArg, Position};
use super::{Failure, emit};
use std::path::Path;

/// `kibitz perft GAME POSITION DEPTH`: the leaf count of the move tree.
pub fn perft(game: &str, position: &str, depth: u32) -> Result<(), Failure> {
    emit([GameArg::resolve(game)?.perft(position, depth)?.to_string()])
}

/// `kibitz moves GAME POSITION`: the legal moves, one a line, sorted.
pub fn moves(game: &str, position: &str) -> Result<(), Failure> {
    emit(Position::read(game, position)?.moves())
}

/// `kibitz play GAME POSITION MOVES…`: AMBIT's notes on the placements (those before a
/// refused move too), then the resulting position and its status.
pub fn play(game: &str, position: &str, moves: &[String]) -> Result<(), Failure> {
    let mut position = Position::read(game, position)?;
    let mut notes = Vec::new();
    let played = position.play(moves, &mut notes);
    emit(notes)?;
    played?;
    emit(position.text_and_status())
}

/// `kibitz render GAME POSITION -o FILE [--last MOVE] [--flip]`: the position as a PNG.
pub fn render(
    game: &str,
    position: &str,
    output: &Path,
    last: Option<&str>,
    flip: bool,
) -> Result<(), Failure> {
    let png = Position::read(game, position)?.render(last, flip)?;
    std::fs::write(output, png)
        .map_err(|e| Failure(format!("cannot write {}: {e}", output.display())))
}
