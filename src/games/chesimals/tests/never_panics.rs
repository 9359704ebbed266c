//! Random texts never make the parsers or a typed turn panic.

use super::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn parse_position_never_panics(text in ".{0,80}") {
        let _ = Position::parse_position(&text);
    }

    #[test]
    fn mutated_setups_never_panic(index in 0usize..500, byte in 0u8..128, which in 0usize..3) {
        let setup = [CHESIMALS_1_SETUP, CRITTERS_SETUP, CRITTERS_SETUP_4_BRAINS][which];
        let mut bytes = setup.as_bytes().to_vec();
        let index = index % bytes.len();
        bytes[index] = byte;
        if let Ok(text) = String::from_utf8(bytes)
            && let Ok(p) = Position::parse_position(&text) {
                let mut moves = Vec::new();
                p.legal_moves(&mut moves);
                let _ = p.status();
                prop_assert_eq!(Position::parse_position(&p.position_text()).map(|q| q.position_text()), Ok(p.position_text()));
            }
    }

    #[test]
    fn parse_move_never_panics(text in ".{0,24}", which in 0usize..3) {
        let p = start(Variant::ALL[which]);
        let _ = p.parse_move(&text);
    }

    #[test]
    fn play_turn_text_never_panics(text in "[a-t0-9xX@= -]{0,40}|.{0,40}", which in 0usize..3) {
        let mut p = start(Variant::ALL[which]);
        let before = p.clone();
        if p.play_turn_text(&text).is_err() {
            prop_assert_eq!(p, before);
        }
    }
}
