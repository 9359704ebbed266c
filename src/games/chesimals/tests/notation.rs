//! Position texts: round trips and refusals.

use super::*;

#[test]
fn start_positions_round_trip() {
    for text in [
        CHESIMALS_1_SETUP,
        CHESIMALS_2_SETUP,
        CRITTERS_SETUP,
        CRITTERS_SETUP_3_BRAINS,
        CRITTERS_SETUP_4_BRAINS,
    ] {
        let p = Position::parse_position(text).expect("setup");
        assert_eq!(p.position_text(), text);
    }
    let options = CrittersOptions {
        growth: true,
        promotion: true,
        brains: 4,
    };
    let p = Position::new(Variant::Critters, options);
    assert!(p.position_text().ends_with(" gp4"));
    assert_eq!(
        Position::parse_position(&p.position_text()).map(|q| q.options()),
        Ok(options)
    );
}

#[test]
fn malformed_positions_are_refused() {
    let good = CHESIMALS_1_SETUP;
    let cases = [
        good.replace(" w - ", " x - "),
        good.replace("chesimals-1", "chesimals-9"),
        good.replace(" 0 0 1", " 0 0 0"),
        good.replace(" 0 0 1", " 0 01 1"),
        good.replace(" 0 0 1", " 3 0 1"),
        good.replace(" 0 0 1", " 0 101 1"),
        good.replace("/12/", "/11/"),
        good.replace("/12/", "/66/"),
        good.replace("/12/", "/12/12/"),
        good.replace("oC", "oC*").replace("wC", "wC*"),
        good.replace("eC", "eC*"),
        good.replace("oWoCoW", "oWoCoC"),
        good.replace("yE", "zE"),
        good.replace(" w - ", " w x "),
        good.replace(" 0 0 1", " 0 0 1 -"),
        CRITTERS_SETUP.replace(" w - ", " w e4:1 "),
        CRITTERS_SETUP.replace(" 1 -", " 1 q"),
        CRITTERS_SETUP.replace(" 1 -", " 1 gg"),
        CRITTERS_SETUP.replace("wN", "oN"),
        String::new(),
    ];
    for text in cases {
        assert!(Position::parse_position(&text).is_err(), "{text}");
    }
    // A turn in progress: marks and charges that agree are fine.
    let mid = CRITTERS_SETUP
        .replace("3wGwCwG8", "3wG*wCwG8")
        .replace(" w - ", " w e4:1 ");
    assert!(Position::parse_position(&mid).is_ok());
    assert!(Position::parse_position(&mid.replace("e4:1", "p4:1")).is_ok());
    assert!(Position::parse_position(&mid.replace("e4:1", "e4:2")).is_err());
}

/// A run of empty squares so long that adding it wraps around must not make a rank fit:
/// `eG18446744073709551615` was read as one unit and then no squares at all.
#[test]
fn a_run_of_empty_squares_that_would_wrap_around_is_refused() {
    let wrapping = CHESIMALS_1_SETUP.replacen(
        "eGeWeGbNbGbNrNrGrNpEpGpE/",
        "eG18446744073709551615eGeWeGbNbGbNrNrGrNpEpGpE/",
        1,
    );
    assert_ne!(wrapping, CHESIMALS_1_SETUP);
    let refused = Position::parse_position(&wrapping).map(|_| ());
    assert_eq!(refused.map_err(|e| e.key), Err("chesimals-position-rank"));
    let critters = CRITTERS_SETUP.replacen("4bE10bE4/", "bE18446744073709551615bE3bE10bE4/", 1);
    assert_ne!(critters, CRITTERS_SETUP);
    let refused = Position::parse_position(&critters).map(|_| ());
    assert_eq!(refused.map_err(|e| e.key), Err("chesimals-position-rank"));
}
