//! The start positions of every variant and Critters option.

use super::*;

#[test]
fn setups_match_the_rules() {
    chesimals_1_setup_matches_the_rules();
    critters_setups_match_the_rules();
}

/// The boards' sizes; Chesimals I: the AMPs' sizes, Black the mirror of White.
fn chesimals_1_setup_matches_the_rules() {
    let one = start(Variant::One);
    assert_eq!(one.board_size(), BoardSize::new(12, 16));
    assert_eq!(
        start(Variant::Critters).board_size(),
        BoardSize::new(20, 20)
    );
    // Chesimals: 32 units a side, AMPs of 9, 7, 7, 9 units; Black mirrors White.
    for colour in Colour::ALL {
        let count = one
            .size
            .squares()
            .filter(|&s| one.unit_at(s).is_some_and(|u| u.colour == Some(colour)))
            .count();
        let expected = if colour.is_royal() { 7 } else { 9 };
        assert_eq!(count, expected, "{colour:?}");
    }
    let mirror = |c: Colour| match c {
        Colour::Orange => Colour::Green,
        Colour::White => Colour::Blue,
        Colour::Grey => Colour::Red,
        Colour::Yellow => Colour::Purple,
        Colour::Green => Colour::Orange,
        Colour::Blue => Colour::White,
        Colour::Red => Colour::Grey,
        Colour::Purple => Colour::Yellow,
    };
    for square in one.size.squares() {
        let image = Square::new(square.file, 15 - square.rank);
        let (a, b) = (one.unit_at(square), one.unit_at(image));
        assert_eq!(a.map(|u| u.kind), b.map(|u| u.kind), "{square}");
        if let (Some(a), Some(b)) = (a, b) {
            assert_eq!(a.colour.map(mirror), b.colour, "{square}");
        }
    }
    assert_eq!(
        one.unit_at(sq("b2")).and_then(|u| u.colour),
        Some(Colour::Orange)
    );
    assert_eq!(one.unit_at(sq("k2")).map(|u| u.kind), Some(Kind::Chief));
    assert_eq!(one.unit_at(sq("d3")), None);
}

/// Critters with two, three and four brains a side: the counts, the mirror, every unit in
/// reach of a brain, and where the brains stand.
fn critters_setups_match_the_rules() {
    for brains in 2..=4u8 {
        let options = CrittersOptions {
            brains,
            ..CrittersOptions::default()
        };
        let critters = Position::new(Variant::Critters, options);
        let size = critters.size;
        let brain_squares: Vec<Square> = size
            .squares()
            .filter(|&s| critters.unit_at(s).is_some_and(|u| u.kind == Kind::Chief))
            .collect();
        assert_eq!(brain_squares.len(), 2 * brains as usize);
        for side in Side::BOTH {
            let extra = if brains > 2 { 2 } else { 0 };
            assert_eq!(critters.count(side, Kind::Guard), 8);
            assert_eq!(critters.count(side, Kind::Knight), 6 + extra);
            assert_eq!(critters.count(side, Kind::Warmachine), 6 + extra);
            assert_eq!(critters.count(side, Kind::Elephant), 6 + extra);
        }
        for square in size.squares() {
            let Some(unit) = critters.unit_at(square) else {
                continue;
            };
            assert!(!turn::GREEN_SQUARES.contains(&square), "{square}");
            let image = Square::new(square.file, 19 - square.rank);
            assert_eq!(
                critters.unit_at(image),
                Some(Unit {
                    side: unit.side.opposite(),
                    ..unit
                })
            );
            // Every unit within 3 of a brain of its own side.
            assert!(brain_squares.iter().any(|&b| {
                critters.unit_at(b).is_some_and(|u| u.side == unit.side)
                    && turn::king_distance(b, square) <= 3
            }));
        }
    }
    let standard = start(Variant::Critters);
    for brain in ["e4", "p4", "e17", "p17"] {
        assert_eq!(
            standard.unit_at(sq(brain)).map(|u| u.kind),
            Some(Kind::Chief)
        );
    }
    let three = Position::new(
        Variant::Critters,
        CrittersOptions {
            brains: 3,
            ..CrittersOptions::default()
        },
    );
    assert_eq!(three.unit_at(sq("k4")).map(|u| u.kind), Some(Kind::Chief));
    assert_eq!(three.unit_at(sq("k17")).map(|u| u.kind), Some(Kind::Chief));
}
