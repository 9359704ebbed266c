//! `/app/theme.css`: the board page's colours, written from the same theme as the pictures,
//! so that a board looks the same tapped as posted.

use crate::games::chesimals::Colour;
use crate::render::theme::{Rgb, Theme};
use std::fmt::Write;

fn hex(Rgb(r, g, b): Rgb) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The style sheet of `theme`'s board colours.
pub fn theme_css(theme: &Theme) -> String {
    let variables = [
        ("frame", theme.frame.background),
        ("turn", theme.header.turn),
        ("last", theme.glacier.last_move),
        ("target", theme.chesimals.target),
        ("gl-light", theme.glacier.light),
        ("gl-dark", theme.glacier.dark),
        ("gl-ice", theme.glacier.ice_face),
        ("gl-ice-rim", theme.glacier.ice_rim),
        ("kf-light", theme.knight_fight.light),
        ("kf-dark", theme.knight_fight.dark),
        ("kf-blocked", theme.knight_fight.blocked),
        ("kf-number", theme.knight_fight.number),
        ("kf-blocked-number", theme.knight_fight.blocked_number),
        ("ch-light", theme.chesimals.light),
        ("ch-dark", theme.chesimals.dark),
        ("ch-green", theme.chesimals.green_light),
        ("ch-outline", theme.chesimals.outline),
        ("ch-moved", theme.chesimals.moved),
        ("ch-chief", theme.chesimals.chief_ring),
        ("ch-letter-light", theme.chesimals.letter_on_light),
        ("ch-letter-dark", theme.chesimals.letter_on_dark),
        ("am-out-light", theme.ambit.outside[0]),
        ("am-out-dark", theme.ambit.outside[1]),
        ("am-open", theme.ambit.open[1]),
        ("am-covered", theme.ambit.covered[0]),
        ("am-ink", theme.ambit.ink),
        ("piece-white-fill", theme.pieces.white_fill),
        ("piece-white-line", theme.pieces.white_line),
        ("piece-black-fill", theme.pieces.black_fill),
        ("piece-black-line", theme.pieces.black_line),
    ];
    let mut css = String::from(":root {\n");
    for (name, colour) in variables {
        let _ = writeln!(css, "  --{name}: {};", hex(colour));
    }
    css.push_str("}\n");
    // A chesimal's units in its colour (Chesimals I and II); a Critters unit in its side's.
    for (colour, fill) in Colour::ALL.iter().zip(theme.chesimals.units) {
        let _ = writeln!(
            css,
            "svg.board .unit.c-{} {{ fill: {}; }}",
            colour.letter(),
            hex(fill)
        );
    }
    for (side, fill) in ["white", "black"].iter().zip(theme.chesimals.critters) {
        let _ = writeln!(css, "svg.board .unit.c-{side} {{ fill: {}; }}", hex(fill));
    }
    css
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_colour_the_page_names_is_written_once() {
        let css = theme_css(&Theme::DEFAULT);
        let page = include_str!("../../../assets/app/board.css");
        for name in page.split("var(--").skip(1) {
            let name = name.split(')').next().unwrap_or_default();
            let own = ["bg", "text", "hint", "panel", "button", "button-text"];
            if own.contains(&name) {
                continue;
            }
            assert_eq!(
                css.matches(&format!("--{name}:")).count(),
                1,
                "--{name} in {css}"
            );
        }
        assert_eq!(css.matches("svg.board .unit.c-").count(), 10);
        assert!(css.contains(&format!(
            "--gl-ice: {};",
            hex(Theme::DEFAULT.glacier.ice_face)
        )));
    }
}
