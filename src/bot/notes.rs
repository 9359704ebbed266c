//! What a game has to say about a position beyond whose turn it is: Glacier's check and
//! Ice Age countdown, and what the last Ice Age froze.

use crate::bot::msg::{Msg, msg};
use crate::games::glacier::{self, Role};
use crate::games::{AnyGame, Side, chesimals};
use crate::render::FROST_WARNING_MOVES;

/// Notes about the position as it stands (shown while the game goes on).
pub(crate) fn position_notes(position: &AnyGame) -> Vec<Msg> {
    match position {
        AnyGame::KnightFight(_) => Vec::new(),
        AnyGame::Chesimals(game) => chesimals_turn(game),
        AnyGame::Glacier(game) => {
            let mut notes = Vec::new();
            if game.is_check() {
                notes.push(msg("note-check"));
            }
            let coming = game.black_moves_to_ice_age();
            notes.push(msg("note-ice-age-in").number("count", coming));
            if coming <= FROST_WARNING_MOVES {
                for side in Side::BOTH {
                    if let Some(square) = game.king_would_freeze(side) {
                        notes.push(
                            msg("note-king-would-freeze")
                                .with("side", side.name())
                                .with("square", square.to_string())
                                .number("count", coming),
                        );
                    }
                }
            }
            notes
        }
    }
}

/// Notes about what the move just played did besides moving (an Ice Age).
pub(crate) fn move_notes(position: &AnyGame) -> Vec<Msg> {
    match position {
        AnyGame::KnightFight(_) | AnyGame::Chesimals(_) => Vec::new(),
        AnyGame::Glacier(game) => glacier_ice_age(game),
    }
}

/// A Chesimals turn in progress: which chesimal is moving (Chesimals I and II), how many
/// units moved, that the turn is still open and how to end it.
fn chesimals_turn(game: &chesimals::Position) -> Vec<Msg> {
    if !game.turn_in_progress() {
        return Vec::new();
    }
    let moved = game.moved_this_turn().len() as u32;
    match game.amp_in_play() {
        Some(colour) => vec![
            msg("note-chesimals-amp-moving")
                .with("colour", colour.name())
                .number("count", moved),
        ],
        None => vec![msg("note-critters-turn-open").number("count", moved)],
    }
}

fn glacier_ice_age(game: &glacier::Position) -> Vec<Msg> {
    let Some(report) = game.last_ice_age() else {
        return Vec::new();
    };
    let mut notes = vec![msg("note-ice-age").number("count", report.refrozen().len() as u32)];
    let pieces = report.frozen_pieces();
    if !pieces.is_empty() {
        let list: Vec<String> = pieces
            .iter()
            .map(|piece| format!("{}{}", figurine(piece.side, piece.role), piece.square))
            .collect();
        notes.push(msg("note-ice-age-pieces").with("pieces", list.join(", ")));
    }
    // A frozen king ends the game: say where it stood, as the picture marks it.
    for piece in pieces.iter().filter(|piece| piece.role == Role::King) {
        notes.push(
            msg("note-king-froze")
                .with("side", piece.side.name())
                .with("square", piece.square.to_string()),
        );
    }
    notes
}

/// The Unicode chess figurine of a piece, readable in every chat client and language.
pub(crate) fn figurine(side: Side, role: Role) -> char {
    let white = match role {
        Role::King => '♔',
        Role::Queen => '♕',
        Role::Rook => '♖',
        Role::Bishop => '♗',
        Role::Knight => '♘',
        Role::Pawn => '♙',
    };
    match side {
        Side::White => white,
        // The black figurines follow the white ones at a fixed distance in Unicode.
        Side::Black => char::from_u32(white as u32 + 6).unwrap_or(white),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figurines_match_their_pieces() {
        assert_eq!(figurine(Side::White, Role::Knight), '♘');
        assert_eq!(figurine(Side::Black, Role::Knight), '♞');
        assert_eq!(figurine(Side::Black, Role::Pawn), '♟');
        assert_eq!(figurine(Side::Black, Role::King), '♚');
    }

    #[test]
    fn glacier_positions_count_down_to_the_ice_age() {
        let start = AnyGame::start(crate::games::GameKind::Glacier, 0);
        let notes = position_notes(&start);
        assert_eq!(notes.last().map(|m| m.key), Some("note-ice-age-in"));
        assert!(move_notes(&start).is_empty());
    }

    /// Near the Ice Age a king without a neighbour is warned about, with its square; when
    /// the Ice Age freezes it, the move's notes say where it froze.
    #[test]
    fn a_lone_king_is_warned_of_and_its_freezing_told() {
        let catalogue = crate::bot::i18n::Catalogue::load().expect("the catalogue loads");
        let said = |notes: &[Msg]| {
            notes
                .iter()
                .map(|m| catalogue.text("en", m.key, &m.args))
                .collect::<Vec<_>>()
        };
        let board = "4k3/3pp3/8/6N1/8/8/8/4K3 b - - 0";
        let glacier = |text: String| {
            use crate::games::TwoPlayerGame;
            AnyGame::Glacier(
                crate::games::glacier::Position::parse_position(&text).expect("a position"),
            )
        };
        let far = glacier(format!("{board} 10"));
        assert!(
            !said(&position_notes(&far))
                .iter()
                .any(|n| n.contains("neighbour"))
        );
        let mut near = glacier(format!("{board} 20"));
        let notes = said(&position_notes(&near));
        assert!(
            notes.contains(&"White's king on e1 has no neighbour: it freezes in the Ice Age after Black's next move unless a piece stands beside it.".to_string()),
            "{notes:?}"
        );
        // Black's 20th move brings the Ice Age: the white king on e1 froze.
        assert!(near.play_message("d6").is_ok());
        let notes = said(&move_notes(&near));
        assert!(
            notes.contains(&"The white king froze on e1.".to_string()),
            "{notes:?}"
        );
    }

    #[test]
    fn a_chesimals_turn_in_progress_names_the_moving_chesimal() {
        let mut game = AnyGame::start(crate::games::GameKind::ChesimalsOne, 0);
        assert!(position_notes(&game).is_empty());
        let played = game.play_message("b3-b4");
        assert!(played.is_ok(), "{played:?}");
        let notes = position_notes(&game);
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].key, "note-chesimals-amp-moving");
        let catalogue = crate::bot::i18n::Catalogue::load().expect("the catalogue loads");
        let text = catalogue.text("en", notes[0].key, &notes[0].args);
        assert!(text.contains("orange"), "{text}");
    }
}
