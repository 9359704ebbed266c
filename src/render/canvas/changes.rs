//! Where a picture differs from the one before it, as a few rectangles: what a replay's frame
//! has to write.
//!
//! One bounding rectangle is what a GIF frame holds, but a move changes places far apart: the
//! players' cards in the header, the caption, the last move's squares going off and the new
//! move's coming on. Their single bounding box is most of the picture, and the LZW coder's
//! time and the bytes grow with the area it is given, unchanged pixels included. So the
//! changes are cut apart where an unchanged gap runs between them: first into bands of rows,
//! then each band into columns.

use super::Indexed;

/// A rectangle of pixels, from (`x0`, `y0`) to (`x1`, `y1`) exclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Rect {
    pub x0: usize,
    pub y0: usize,
    pub x1: usize,
    pub y1: usize,
}

impl Rect {
    /// The whole of `picture`.
    pub(super) fn all_of(picture: &Indexed) -> Rect {
        Rect {
            x0: 0,
            y0: 0,
            x1: picture.width as usize,
            y1: picture.height as usize,
        }
    }

    fn area(&self) -> usize {
        (self.x1 - self.x0) * (self.y1 - self.y0)
    }

    pub(super) fn union(&self, other: &Rect) -> Rect {
        Rect {
            x0: self.x0.min(other.x0),
            y0: self.y0.min(other.y0),
            x1: self.x1.max(other.x1),
            y1: self.y1.max(other.y1),
        }
    }
}

/// The unchanged run, in pixels, that parts two changes. Below it one rectangle covers both:
/// a part costs a frame's headers (about 20 bytes) and a fresh LZW dictionary, which a
/// dozen transparent pixels a row do not repay.
const GAP: usize = 12;

/// At most `most` rectangles (top to bottom) that together hold every pixel where `current`
/// differs from `previous` (pictures of the same size); none when they are the same. Past
/// `most`, the two whose union adds the fewest unchanged pixels are joined, until `most`
/// remain.
pub(super) fn changed_parts(current: &Indexed, previous: &Indexed, most: usize) -> Vec<Rect> {
    let mut parts = Vec::new();
    for band in changed_bands(current, previous) {
        split_columns(current, previous, band, &mut parts);
    }
    while parts.len() > most.max(1) {
        let mut best = (usize::MAX, 0, 1);
        for i in 0..parts.len() {
            for j in i + 1..parts.len() {
                // Parts may overlap once joined, so the difference saturates at nothing.
                let waste = parts[i]
                    .union(&parts[j])
                    .area()
                    .saturating_sub(parts[i].area() + parts[j].area());
                if waste < best.0 {
                    best = (waste, i, j);
                }
            }
        }
        let (_, i, j) = best;
        let joined = parts[i].union(&parts[j]);
        parts[i] = joined;
        parts.remove(j);
    }
    parts.sort_by_key(|part| (part.y0, part.x0));
    parts
}

/// The bands of rows holding changes, each as wide as its changes.
fn changed_bands(current: &Indexed, previous: &Indexed) -> Vec<Rect> {
    let width = current.width as usize;
    let rows = current
        .pixels
        .chunks_exact(width)
        .zip(previous.pixels.chunks_exact(width));
    let mut bands: Vec<Rect> = Vec::new();
    for (y, (now, before)) in rows.enumerate() {
        let Some((first, last)) = differing_span(now, before) else {
            continue;
        };
        match bands.last_mut() {
            Some(band) if y < band.y1 + GAP => {
                band.x0 = band.x0.min(first);
                band.x1 = band.x1.max(last);
                band.y1 = y + 1;
            }
            _ => bands.push(Rect {
                x0: first,
                y0: y,
                x1: last,
                y1: y + 1,
            }),
        }
    }
    bands
}

/// The first differing position and one past the last, or `None` when the rows are equal.
fn differing_span(now: &[u8], before: &[u8]) -> Option<(usize, usize)> {
    if now == before {
        return None;
    }
    let first = now.iter().zip(before).position(|(a, b)| a != b)?;
    let from_end = now
        .iter()
        .rev()
        .zip(before.iter().rev())
        .position(|(a, b)| a != b)?;
    Some((first, now.len() - from_end))
}

/// Cuts `band` where a run of unchanged columns at least [`GAP`] wide crosses it, each piece
/// trimmed to the rows that change in it.
fn split_columns(current: &Indexed, previous: &Indexed, band: Rect, parts: &mut Vec<Rect>) {
    let width = current.width as usize;
    let row = |y: usize, x0: usize, x1: usize| y * width + x0..y * width + x1;
    // Non-zero where a column changes: XOR-ORed bytes, which the compiler vectorises.
    let mut differences = vec![0u8; band.x1 - band.x0];
    for y in band.y0..band.y1 {
        let span = row(y, band.x0, band.x1);
        let (now, before) = (&current.pixels[span.clone()], &previous.pixels[span]);
        for (difference, (a, b)) in differences.iter_mut().zip(now.iter().zip(before)) {
            *difference |= a ^ b;
        }
    }
    let changed_columns: Vec<bool> = differences.iter().map(|&d| d != 0).collect();
    let mut x = 0;
    while x < changed_columns.len() {
        if !changed_columns[x] {
            x += 1;
            continue;
        }
        // A piece runs on until GAP unchanged columns in a row (or the band's edge).
        let start = x;
        let mut end = x + 1;
        let mut unchanged = 0;
        x += 1;
        while x < changed_columns.len() && unchanged < GAP {
            if changed_columns[x] {
                end = x + 1;
                unchanged = 0;
            } else {
                unchanged += 1;
            }
            x += 1;
        }
        let (x0, x1) = (band.x0 + start, band.x0 + end);
        let changes = |y: &usize| {
            let span = row(*y, x0, x1);
            current.pixels[span.clone()] != previous.pixels[span]
        };
        let y0 = (band.y0..band.y1).find(changes).unwrap_or(band.y0);
        let y1 = (band.y0..band.y1)
            .rev()
            .find(changes)
            .map_or(band.y1, |y| y + 1);
        parts.push(Rect { x0, y0, x1, y1 });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(width: u32, height: u32) -> Indexed {
        Indexed {
            width,
            height,
            pixels: vec![0; (width * height) as usize],
        }
    }

    fn set(picture: &mut Indexed, x: usize, y: usize) {
        let width = picture.width as usize;
        picture.pixels[y * width + x] = 1;
    }

    #[test]
    fn the_same_picture_has_no_parts() {
        let before = picture(40, 40);
        assert!(changed_parts(&before, &before, 4).is_empty());
    }

    #[test]
    fn changes_close_together_are_one_part() {
        let before = picture(40, 40);
        let mut after = before.clone();
        set(&mut after, 1, 1);
        set(&mut after, 2, 3);
        set(&mut after, 5, 8);
        let parts = changed_parts(&after, &before, 4);
        assert_eq!(
            parts,
            vec![Rect {
                x0: 1,
                y0: 1,
                x1: 6,
                y1: 9
            }]
        );
    }

    #[test]
    fn changes_far_apart_are_parts_of_their_own() {
        // Two in one band, far apart across it, and one far below.
        let before = picture(100, 100);
        let mut after = before.clone();
        set(&mut after, 2, 2);
        set(&mut after, 90, 4);
        set(&mut after, 50, 80);
        let parts = changed_parts(&after, &before, 4);
        assert_eq!(
            parts,
            vec![
                Rect {
                    x0: 2,
                    y0: 2,
                    x1: 3,
                    y1: 3
                },
                Rect {
                    x0: 90,
                    y0: 4,
                    x1: 91,
                    y1: 5
                },
                Rect {
                    x0: 50,
                    y0: 80,
                    x1: 51,
                    y1: 81
                },
            ]
        );
    }

    #[test]
    fn past_the_most_parts_the_nearest_are_joined_and_every_change_stays_covered() {
        let before = picture(200, 200);
        let mut after = before.clone();
        let changes = [(0, 0), (30, 0), (60, 0), (199, 199), (0, 199), (100, 100)];
        for (x, y) in changes {
            set(&mut after, x, y);
        }
        for most in 1..=6 {
            let parts = changed_parts(&after, &before, most);
            assert_eq!(parts.len(), most.min(changes.len()), "most {most}");
            for (x, y) in changes {
                assert!(
                    parts
                        .iter()
                        .any(|p| (p.x0..p.x1).contains(&x) && (p.y0..p.y1).contains(&y)),
                    "({x}, {y}) with most {most}: {parts:?}"
                );
            }
        }
        // With three allowed, the three along the top row are the ones joined first.
        let three = changed_parts(&after, &before, 3);
        assert!(three.contains(&Rect {
            x0: 0,
            y0: 0,
            x1: 61,
            y1: 1
        }));
    }
}
