//! The palette, its ramps and clipped blits.

use super::*;

#[test]
fn ramps_span_background_to_foreground() -> Result<(), RenderError> {
    let mut palette = Palette::new();
    let ramp = palette.ramp(Rgb(0, 0, 0), Rgb(255, 255, 255), 5)?;
    assert_eq!(palette.colours.len(), 5);
    assert_eq!(palette.colours[ramp.at(0) as usize], Rgb(0, 0, 0));
    assert_eq!(palette.colours[ramp.at(255) as usize], Rgb(255, 255, 255));
    assert_eq!(palette.colours[ramp.at(128) as usize], Rgb(128, 128, 128));
    Ok(())
}

#[test]
fn the_palette_refuses_a_257th_colour() {
    let mut palette = Palette::new();
    for i in 0..256u32 {
        assert!(palette.add(Rgb(i as u8, 0, 0)).is_ok());
    }
    assert!(matches!(
        palette.add(Rgb(0, 1, 0)),
        Err(RenderError::PaletteFull)
    ));
}

#[test]
fn blits_are_clipped_at_every_edge() {
    let mut canvas = Indexed {
        width: 4,
        height: 4,
        pixels: vec![0; 16],
    };
    let sprite = Indexed {
        width: 3,
        height: 3,
        pixels: vec![7; 9],
    };
    for (x, y) in [(-2, -2), (3, 3), (-10, 0), (0, 10), (2, -1)] {
        canvas.blit(&sprite, x, y);
    }
    // One corner pixel each from the first two, a 2 x 2 block from the last.
    assert_eq!(canvas.pixels.iter().filter(|&&p| p == 7).count(), 1 + 1 + 4);
}
