//! Footprint and placement texts: round trips, forgiving forms, other languages, partial
//! placements, refusals.

use super::*;

#[test]
fn footprint_text_has_rank_8_first() {
    let fp = squares_fp(&["a8", "h1", "c4"]);
    assert_eq!(
        footprint_text(fp),
        "#......./......../......../......../..#...../......../......../.......#"
    );
    assert_eq!(parse_footprint(&footprint_text(fp)), Ok(fp));
    assert_eq!(fp.to_string().parse::<Footprint>(), Ok(fp));
}

#[test]
fn malformed_footprints_are_refused() {
    let good = footprint_text(squares_fp(&["d4"]));
    for text in [
        "",
        "/",
        "#",
        &good.replace('#', "x"),
        &good[..good.len() - 1],
        &format!("{good}/........"),
        &good.replacen('/', "", 1),
        &good.replacen('.', "é", 1),
    ] {
        let error = parse_footprint(text).unwrap_err();
        assert_eq!(error.key, "ambit-footprint-malformed", "{text}");
    }
    let empty = footprint_text(Footprint(0));
    assert_eq!(
        parse_footprint(&empty).unwrap_err().key,
        "ambit-footprint-empty"
    );
    assert_eq!(
        parse_footprint(&format!("  {} ", good.replace('/', " / "))),
        parse_footprint(&good)
    );
}

#[test]
fn every_placement_round_trips_and_forgiving_forms_are_read() {
    for placement in Placement::all() {
        let text = placement.to_string();
        assert_eq!(parse_placement(&text), Ok(placement));
        assert_eq!(parse_placement(&text.to_lowercase()), Ok(placement));
        let square = placement.square.to_string();
        let letter = placement.piece.letter();
        for form in [
            format!("{letter} {square}"),
            format!("{square}{letter}"),
            format!("{square} {}", letter.to_ascii_lowercase()),
            format!("{letter}@{square}"),
            format!("{} {square}", placement.piece.name()),
            format!(" {}{} ", letter, square.to_uppercase()),
        ] {
            assert_eq!(parse_placement(&form), Ok(placement), "{form}");
        }
    }
    assert_eq!(pl("bb3"), Placement::new(Piece::Bishop, sq("b3")));
    assert_eq!(pl("Knight f3"), Placement::new(Piece::Knight, sq("f3")));
}

#[test]
fn malformed_placements_are_refused() {
    for text in [
        "",
        "f3",
        "N",
        "Pf3",
        "Ni3",
        "Nf9",
        "Nf0",
        "Nf33",
        "NNf3",
        "Nf3N",
        "N f 3 x",
        "kingdom f3",
        "Q a1 b2",
    ] {
        let error = parse_placement(text).unwrap_err();
        assert_eq!(error.key, "ambit-placement-malformed", "{text}");
    }
}

#[test]
fn russian_and_norwegian_piece_names_and_letters_are_read() {
    for (typed, expected) in [
        ("Крe1", "Ke1"),
        ("кр e1", "Ke1"),
        ("Фd1", "Qd1"),
        ("ладья a1", "Ra1"),
        ("Сc4", "Bc4"),
        ("Кf3", "Nf3"),
        ("конь f3", "Nf3"),
        ("Ke1", "Ke1"),
        ("Dd1", "Qd1"),
        ("Ta1", "Ra1"),
        ("Lc4", "Bc4"),
        ("Sf3", "Nf3"),
        ("springer f3", "Nf3"),
        ("tårn a1", "Ra1"),
        ("løper c4", "Bc4"),
    ] {
        assert_eq!(parse_placement(typed), Ok(pl(expected)), "{typed}");
    }
    assert!(parse_placement("Жf3").is_err());
}

#[test]
fn a_piece_or_a_piece_and_file_is_a_partial_placement() {
    use PartialPlacement::{Piece as Only, PieceOnFile as OnFile};
    for (text, expected) in [
        ("N", Some(Only(Piece::Knight))),
        ("knight", Some(Only(Piece::Knight))),
        ("конь", Some(Only(Piece::Knight))),
        ("S", Some(Only(Piece::Knight))),
        ("Кр", Some(Only(Piece::King))),
        ("Nf", Some(OnFile(Piece::Knight, 5))),
        ("q a", Some(OnFile(Piece::Queen, 0))),
        ("Dh", Some(OnFile(Piece::Queen, 7))),
        ("Kb", Some(OnFile(Piece::King, 1))),
        ("Nf3", None),
        ("Ni", None),
        ("Nfg", None),
        ("", None),
        ("x", None),
    ] {
        assert_eq!(parse_partial_placement(text), expected, "{text:?}");
    }
    // Every whole placement stays whole.
    for piece in Piece::ALL {
        for index in 0..64 {
            let placement = Placement::new(piece, footprint::square_at(index));
            assert_eq!(parse_partial_placement(&placement.to_string()), None);
        }
    }
}
