//! A position as a board a player taps sees it: every square's name and what stands on it,
//! and every legal move as the squares tapped to make it, with the text that plays it. The
//! board app draws from this and sends the texts back; the rules stay here.

use super::{
    AnyGame, BoardSize, Side, Square, TwoPlayerGame, ambit, chesimals, glacier, knight_fight,
};
use serde::Serialize;

/// What one square shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CellView {
    /// The square's name in the game's notation (`e4`, `t20`).
    pub square: String,
    /// Zero-based, from the left (White's view).
    pub file: u8,
    /// Zero-based, from White's side.
    pub rank: u8,
    pub ground: Ground,
    pub piece: Option<PieceView>,
    /// Knight Fight's number on the square.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<u8>,
}

/// The square itself, under whatever stands on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Ground {
    Light,
    Dark,
    /// Glacier: frozen.
    Ice,
    /// Knight Fight: a square no knight may land on again.
    Blocked,
    /// Chesimals: a green (growing) square.
    Green,
    /// AMBIT: a square of the puzzle's footprint no piece covers yet.
    Footprint,
    /// AMBIT: a footprint square a placed piece covers.
    Covered,
}

/// A piece or unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceView {
    pub side: &'static str,
    /// Glacier's piece letter (`k`, `q`, … as in FEN, lower case), a Chesimals unit's kind
    /// letter, `n` for a Knight Fight knight.
    pub letter: char,
    /// A Chesimals chesimal's colour letter (`y`, `w`, `g`, `o`, `e`, `b`, `r`, `p`); Critters
    /// and the other games colour by side.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colour: Option<char>,
    /// Chesimals: moved this turn already.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub moved: bool,
    /// Chesimals: a unit whose chief is lost.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub leaderless: bool,
}

/// One legal move: the squares tapped to make it, in order, and the text that plays it. A
/// move with no squares (a Chesimals turn's `end` or `pass`) is a button.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveChoice {
    pub taps: Vec<String>,
    pub text: String,
    /// The other moves the same taps make, by their texts (a promotion to another piece
    /// than the queen `text` makes): the page asks which.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<String>,
}

/// The whole board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardView {
    pub files: u8,
    pub ranks: u8,
    /// Rank by rank from White's side, files left to right.
    pub cells: Vec<CellView>,
    /// The side to move's legal moves, none once the game is over.
    pub choices: Vec<MoveChoice>,
    /// The last move's squares (or this turn's so far), to mark.
    pub marked: Vec<String>,
    /// Glacier: Black's moves until the next Ice Age.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ice_age_in: Option<u32>,
    /// Knight Fight: White's and Black's scores.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<(u32, u32)>,
    /// AMBIT: the rack's pieces (their letters), each a first tap.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rack: Vec<char>,
    /// AMBIT: the lives left.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lives: Option<u8>,
}

impl AnyGame {
    /// The position as a board to tap.
    pub fn board_view(&self) -> BoardView {
        let ongoing = !self.status().is_over();
        let (size, cells, mut choices, marked) = match self {
            AnyGame::KnightFight(game) => knight_fight_board(game),
            AnyGame::Glacier(game) => glacier_board(game),
            AnyGame::Chesimals(game) => chesimals_board(game),
        };
        if !ongoing {
            choices.clear();
        }
        BoardView {
            files: size.files,
            ranks: size.ranks,
            cells,
            choices,
            marked: marked.iter().map(Square::to_string).collect(),
            ice_age_in: match self {
                AnyGame::Glacier(game) => Some(game.black_moves_to_ice_age()),
                _ => None,
            },
            scores: self.scores(),
            rack: Vec::new(),
            lives: None,
        }
    }
}

/// An AMBIT puzzle as a board to tap: the footprint, open and covered, the pieces placed, and
/// every placement the rack allows, a piece's letter and then an empty square. Every empty
/// square is offered, not only the placements that fit: finding those is the puzzle, and a
/// wrong one costs a life as it does typed.
pub fn ambit_board_view(game: &ambit::Game) -> BoardView {
    let size = BoardSize::new(8, 8);
    let footprint = game.footprint().0;
    let covered = game.covered();
    let cells = size
        .squares()
        .map(|square| {
            let bit = ambit::footprint::bit(square);
            let ground = if covered & bit != 0 {
                Ground::Covered
            } else if footprint & bit != 0 {
                Ground::Footprint
            } else {
                checker(square)
            };
            let placed = game
                .piece_on(square)
                .map(|placement| piece(Side::White, placement.piece.letter().to_ascii_lowercase()));
            cell(square, ground, placed)
        })
        .collect();
    let ongoing = game.status() == ambit::GameStatus::Ongoing;
    let rack: Vec<char> = ambit::Piece::ALL.iter().map(|p| p.letter()).collect();
    let occupied = game.occupied();
    let choices = if ongoing {
        rack.iter()
            .flat_map(|&letter| {
                size.squares()
                    .filter(move |&square| occupied & ambit::footprint::bit(square) == 0)
                    .map(move |square| MoveChoice {
                        taps: vec![letter.to_string(), square.to_string()],
                        text: format!("{letter}{square}"),
                        also: Vec::new(),
                    })
            })
            .collect()
    } else {
        Vec::new()
    };
    BoardView {
        files: size.files,
        ranks: size.ranks,
        cells,
        choices,
        marked: game
            .placements()
            .last()
            .map(|last| vec![last.square.to_string()])
            .unwrap_or_default(),
        ice_age_in: None,
        scores: None,
        rack: if ongoing { rack } else { Vec::new() },
        lives: Some(game.lives()),
    }
}

type Parts = (BoardSize, Vec<CellView>, Vec<MoveChoice>, Vec<Square>);

fn cell(square: Square, ground: Ground, piece: Option<PieceView>) -> CellView {
    CellView {
        square: square.to_string(),
        file: square.file,
        rank: square.rank,
        ground,
        piece,
        number: None,
    }
}

fn checker(square: Square) -> Ground {
    // a1 is dark, as on a chess board.
    if (square.file + square.rank).is_multiple_of(2) {
        Ground::Dark
    } else {
        Ground::Light
    }
}

fn piece(side: Side, letter: char) -> PieceView {
    PieceView {
        side: side.name(),
        letter,
        colour: None,
        moved: false,
        leaderless: false,
    }
}

/// Every legal move's taps and text, each tap sequence once: where several moves share one
/// (a promotion's four pieces), `preferred` picks the one the tap makes, and the others are
/// its `also`.
fn choices_of<G: TwoPlayerGame>(
    game: &G,
    taps_of: impl Fn(&G, G::Move) -> Vec<Square>,
    preferred: impl Fn(&str) -> bool,
) -> Vec<MoveChoice> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut choices: Vec<MoveChoice> = Vec::with_capacity(moves.len());
    for mv in moves {
        let taps: Vec<String> = taps_of(game, mv).iter().map(Square::to_string).collect();
        let text = game.move_text(mv);
        match choices.iter_mut().find(|choice| choice.taps == taps) {
            Some(seen) if !taps.is_empty() => {
                if preferred(&text) && !preferred(&seen.text) {
                    let other = std::mem::replace(&mut seen.text, text);
                    seen.also.push(other);
                } else {
                    seen.also.push(text);
                }
            }
            _ => choices.push(MoveChoice {
                taps,
                text,
                also: Vec::new(),
            }),
        }
    }
    for choice in &mut choices {
        choice.also.sort();
    }
    choices.sort_by(|a, b| a.taps.cmp(&b.taps).then_with(|| a.text.cmp(&b.text)));
    choices
}

/// A move's taps where it is a piece's from and to (Glacier, a Chesimals unit).
fn from_and_to<G: TwoPlayerGame>(game: &G, mv: G::Move) -> Vec<Square> {
    let squares = game.move_squares(mv);
    squares.from.into_iter().chain(squares.to).collect()
}

fn knight_fight_board(game: &knight_fight::Position) -> Parts {
    let size = game.board_size();
    let cells = size
        .squares()
        .map(|square| {
            let knight = Side::BOTH
                .into_iter()
                .find(|&side| game.knight(side) == Some(square));
            let ground = if knight.is_none() && game.is_blocked(square) {
                Ground::Blocked
            } else {
                checker(square)
            };
            let mut view = cell(square, ground, knight.map(|side| piece(side, 'n')));
            view.number = Some(game.number_at(square));
            view
        })
        .collect();
    // The landing square, then for a double the square it blocks.
    let choices = choices_of(
        game,
        |_, mv: knight_fight::Move| std::iter::once(mv.to).chain(mv.double).collect(),
        |_| false,
    );
    let marked = Side::BOTH
        .into_iter()
        .filter_map(|side| game.knight(side))
        .collect();
    (size, cells, choices, marked)
}

fn glacier_board(game: &glacier::Position) -> Parts {
    let size = game.board_size();
    let cells = size
        .squares()
        .map(|square| match game.cell(square) {
            glacier::Cell::Empty => cell(square, checker(square), None),
            glacier::Cell::Ice => cell(square, Ground::Ice, None),
            glacier::Cell::Piece(side, role) => {
                cell(square, checker(square), Some(piece(side, role.char())))
            }
        })
        .collect();
    let choices = choices_of(
        game,
        from_and_to,
        // A pawn reaching the last rank is a queen unless the chat says otherwise.
        |text| text.ends_with('q'),
    );
    (size, cells, choices, Vec::new())
}

fn chesimals_board(game: &chesimals::Position) -> Parts {
    let size = game.board_size();
    let green = game.green_squares();
    let moved = game.moved_this_turn();
    let critters = game.variant() == chesimals::Variant::Critters;
    let cells = size
        .squares()
        .map(|square| {
            let ground = if green.contains(&square) {
                Ground::Green
            } else {
                checker(square)
            };
            let unit = game.unit_at(square).map(|unit| PieceView {
                side: unit.side.name(),
                letter: unit.kind.letter(),
                colour: unit
                    .colour
                    .filter(|_| !critters)
                    .map(chesimals::Colour::letter),
                moved: moved.contains(&square),
                leaderless: game.leaderless(square),
            });
            cell(square, ground, unit)
        })
        .collect();
    let choices = choices_of(game, from_and_to, |_| false)
        .into_iter()
        .map(|choice| MoveChoice {
            // Files run a..t, so the only `x` in a unit move is its capture mark; the chat's
            // grammar reads `-` for both.
            text: choice.text.replacen('x', "-", 1),
            ..choice
        })
        .collect();
    let trail = if game.turn_in_progress() {
        game.current_turn()
    } else {
        game.last_turn()
    };
    let marked = trail.iter().flat_map(|&(from, to)| [from, to]).collect();
    (size, cells, choices, marked)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    #[test]
    fn every_choice_plays_and_its_taps_name_squares_of_the_board() {
        for kind in [
            GameKind::KnightFight,
            GameKind::Glacier,
            GameKind::ChesimalsOne,
            GameKind::ChesimalsTwo,
            GameKind::Critters,
        ] {
            let game = AnyGame::start(kind, 7);
            let view = game.board_view();
            assert_eq!(
                view.cells.len(),
                usize::from(view.files) * usize::from(view.ranks)
            );
            assert!(!view.choices.is_empty(), "{kind:?} has moves at the start");
            let names: Vec<&str> = view.cells.iter().map(|c| c.square.as_str()).collect();
            for choice in &view.choices {
                for tap in &choice.taps {
                    assert!(names.contains(&tap.as_str()), "{kind:?}: {tap}");
                }
                let mut played = game.clone();
                played
                    .play_message(&choice.text)
                    .unwrap_or_else(|e| panic!("{kind:?}: {} does not play: {e:?}", choice.text));
            }
            // Each tap sequence stands for one move.
            let mut taps: Vec<&Vec<String>> = view
                .choices
                .iter()
                .filter(|c| !c.taps.is_empty())
                .map(|c| &c.taps)
                .collect();
            let all = taps.len();
            taps.dedup();
            assert_eq!(taps.len(), all, "{kind:?}");
        }
    }

    #[test]
    fn glacier_shows_its_pieces_and_ice_and_offers_the_twenty_opening_moves_by_two_taps() {
        let game = AnyGame::start(GameKind::Glacier, 1);
        let view = game.board_view();
        let e1 = view.cells.iter().find(|c| c.square == "e1").unwrap();
        assert_eq!(
            e1.piece.as_ref().map(|p| (p.side, p.letter)),
            Some(("white", 'k'))
        );
        assert!(view.cells.iter().any(|c| c.ground == Ground::Ice));
        assert!(view.choices.iter().all(|c| c.taps.len() == 2));
        assert_eq!(view.choices.len(), game.legal_move_texts().len());
        assert!(view.ice_age_in.is_some());
    }

    #[test]
    fn a_promotion_taps_to_the_queen_and_offers_the_other_pieces_beside_it() {
        let game = AnyGame::Glacier(
            crate::games::glacier::Position::parse_position("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
                .unwrap(),
        );
        let view = game.board_view();
        let promotion: Vec<&MoveChoice> = view
            .choices
            .iter()
            .filter(|c| c.taps == ["b7", "b8"])
            .collect();
        assert_eq!(promotion.len(), 1, "one tap sequence: {promotion:?}");
        assert_eq!(promotion[0].text, "b7b8q");
        assert_eq!(promotion[0].also, ["b7b8b", "b7b8n", "b7b8r"]);
        // Every other move is made by its taps alone.
        assert!(
            view.choices
                .iter()
                .filter(|c| c.taps != ["b7", "b8"])
                .all(|c| c.also.is_empty())
        );
        // All four are the rules' moves.
        let legal = game.legal_move_texts();
        for text in promotion[0].also.iter().chain([&promotion[0].text]) {
            assert!(legal.contains(text), "{text}");
        }
    }

    #[test]
    fn an_ambit_puzzle_offers_each_rack_piece_on_every_empty_square_and_plays_its_text() {
        let footprint = ambit::Footprint::union_of(&[ambit::Placement {
            piece: ambit::Piece::Knight,
            square: Square::parse("b1").unwrap(),
        }]);
        let mut game = ambit::Game::new(footprint);
        let view = ambit_board_view(&game);
        assert_eq!(view.rack, ['K', 'Q', 'R', 'B', 'N']);
        assert_eq!(view.lives, Some(3));
        assert_eq!(view.choices.len(), 5 * 64);
        let footprint_cells: Vec<&str> = view
            .cells
            .iter()
            .filter(|c| c.ground == Ground::Footprint)
            .map(|c| c.square.as_str())
            .collect();
        assert_eq!(footprint_cells, ["d2", "a3", "c3"]);
        let knight = view.choices.iter().find(|c| c.taps == ["N", "b1"]).unwrap();
        // The text the chat's `place` reads, and the rules take.
        let placement = ambit::notation::parse_placement(&knight.text).unwrap();
        game.place(placement).unwrap();
        let solved = ambit_board_view(&game);
        assert!(solved.choices.is_empty() && solved.rack.is_empty());
        assert!(
            solved
                .cells
                .iter()
                .any(|c| c.square == "b1" && c.piece.as_ref().map(|p| p.letter) == Some('n'))
        );
        assert_eq!(
            solved
                .cells
                .iter()
                .filter(|c| c.ground == Ground::Covered)
                .count(),
            3
        );
    }

    #[test]
    fn a_chesimals_turn_can_end_with_a_button_once_a_unit_moved() {
        let mut game = AnyGame::start(GameKind::Critters, 1);
        let start = game.board_view();
        // At the turn's start the side may pass, a button; a unit moves by two taps.
        assert!(
            start
                .choices
                .iter()
                .any(|c| c.taps.is_empty() && c.text == "pass")
        );
        let first = start
            .choices
            .iter()
            .find(|c| c.taps.len() == 2)
            .unwrap()
            .clone();
        game.play_message(&first.text).unwrap();
        let view = game.board_view();
        assert!(
            view.choices.iter().any(|c| c.taps.is_empty()),
            "{:?}",
            view.choices
        );
        assert!(view.marked.contains(&first.taps[1]));
        let moved = view
            .cells
            .iter()
            .find(|c| c.square == first.taps[1])
            .unwrap();
        assert!(moved.piece.as_ref().is_some_and(|p| p.moved));
    }
}
