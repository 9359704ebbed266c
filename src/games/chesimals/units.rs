//! How each unit moves, per variant (rules: "Units, Chesimals I/II" and Critters "Units").
//!
//! Every target is produced once, by geometry rather than by path, so no deduplication is
//! needed: the Chief's 24 squares are its 8 steps plus 16 squares at distance 2, each
//! reachable when at least one of its (up to 3) stop-overs is empty; the line leapers
//! (Warmachine, Elephant and their Critters forms) reach distance 1 and 2 always, 3 when
//! square 1 or square 2 is empty (W+D or D+W) and 4 when square 2 is empty (D+D); the Guard
//! (and sliding general) slides 1, or 2 over an empty square.

use super::{Kind, Position, Unit, Variant};
use crate::games::geometry::{
    BISHOP_DIRECTIONS, KING_STEPS, KNIGHT_JUMPS, ROOK_DIRECTIONS, Square,
};
use crate::games::side::Side;

/// A square at king distance 2 from a Chief, with the stop-overs that lead there.
#[derive(Clone, Copy)]
struct FarStep {
    to: (i8, i8),
    via: [(i8, i8); 3],
    count: u8,
}

const CHIEF_FAR: [FarStep; 16] = build_far_steps();

const fn build_far_steps() -> [FarStep; 16] {
    let blank = FarStep {
        to: (0, 0),
        via: [(0, 0); 3],
        count: 0,
    };
    let mut out = [blank; 16];
    let mut n = 0;
    let mut dx: i8 = -2;
    while dx <= 2 {
        let mut dy: i8 = -2;
        while dy <= 2 {
            if dx.abs() == 2 || dy.abs() == 2 {
                let mut step = FarStep {
                    to: (dx, dy),
                    ..blank
                };
                let mut mx: i8 = -1;
                while mx <= 1 {
                    let mut my: i8 = -1;
                    while my <= 1 {
                        if (mx != 0 || my != 0) && (dx - mx).abs() <= 1 && (dy - my).abs() <= 1 {
                            step.via[step.count as usize] = (mx, my);
                            step.count += 1;
                        }
                        my += 1;
                    }
                    mx += 1;
                }
                out[n] = step;
                n += 1;
            }
            dy += 1;
        }
        dx += 1;
    }
    out
}

/// How far the line leapers reach: D/W (I), W+D (II), two components (Critters).
const fn line_reach(variant: Variant) -> i8 {
    match variant {
        Variant::One => 2,
        Variant::Two => 3,
        Variant::Critters => 4,
    }
}

/// Whether `kind` could go `(dx, dy)` on an empty board: tells a wrong pattern
/// (`chesimals-bad-path`) from a blocked one (`chesimals-blocked`).
pub(super) fn pattern_reaches(variant: Variant, kind: Kind, dx: i16, dy: i16) -> bool {
    let (ax, ay) = (dx.abs(), dy.abs());
    let distance = ax.max(ay);
    if distance == 0 {
        return false;
    }
    let line = dx == 0 || dy == 0 || ax == ay;
    match kind {
        Kind::Chief => distance <= 2,
        Kind::Knight => (ax == 1 && ay == 2) || (ax == 2 && ay == 1),
        Kind::Warmachine => (dx == 0 || dy == 0) && distance <= line_reach(variant) as i16,
        Kind::Elephant => ax == ay && distance <= line_reach(variant) as i16,
        Kind::Guard => match variant {
            Variant::One => distance == 1,
            Variant::Two | Variant::Critters => line && distance <= 2,
        },
    }
}

impl Position {
    fn is_empty(&self, square: Square) -> bool {
        self.cell(square).unit.is_none()
    }

    /// Empty, or an enemy of `side` to capture.
    fn landable(&self, square: Square, side: Side) -> bool {
        self.cell(square).unit.is_none_or(|unit| unit.side != side)
    }

    /// Calls `visit` once for every square `unit` on `from` may move to now, as if it were
    /// the only unit moving (activation is the caller's business).
    pub(super) fn for_each_target(&self, from: Square, unit: Unit, visit: &mut impl FnMut(Square)) {
        let side = unit.side;
        let size = self.size;
        match unit.kind {
            Kind::Chief => {
                self.leaps(from, side, &KING_STEPS, visit);
                for far in &CHIEF_FAR {
                    let Some(to) = size.offset(from, far.to) else {
                        continue;
                    };
                    if !self.landable(to, side) {
                        continue;
                    }
                    let open = far.via[..far.count as usize].iter().any(|&via| {
                        size.offset(from, via)
                            .is_some_and(|stop| self.is_empty(stop))
                    });
                    if open {
                        visit(to);
                    }
                }
            }
            Kind::Knight => self.leaps(from, side, &KNIGHT_JUMPS, visit),
            Kind::Warmachine => self.line(
                from,
                side,
                &ROOK_DIRECTIONS,
                line_reach(self.variant),
                visit,
            ),
            Kind::Elephant => self.line(
                from,
                side,
                &BISHOP_DIRECTIONS,
                line_reach(self.variant),
                visit,
            ),
            Kind::Guard => {
                let far = !matches!(self.variant, Variant::One);
                for &step in &KING_STEPS {
                    let Some(first) = size.offset(from, step) else {
                        continue;
                    };
                    if !self.landable(first, side) {
                        continue;
                    }
                    visit(first);
                    if far
                        && self.is_empty(first)
                        && let Some(second) = size.offset(first, step)
                        && self.landable(second, side)
                    {
                        visit(second);
                    }
                }
            }
        }
    }

    fn leaps(&self, from: Square, side: Side, jumps: &[(i8, i8)], visit: &mut impl FnMut(Square)) {
        for &jump in jumps {
            if let Some(to) = self.size.offset(from, jump)
                && self.landable(to, side)
            {
                visit(to);
            }
        }
    }

    /// W/D (or F/A) along each direction up to `reach`.
    fn line(
        &self,
        from: Square,
        side: Side,
        directions: &[(i8, i8)],
        reach: i8,
        visit: &mut impl FnMut(Square),
    ) {
        for &(dx, dy) in directions {
            let at = |n: i8| self.size.offset(from, (dx * n, dy * n));
            let (one, two) = (at(1), at(2));
            if let Some(square) = one
                && self.landable(square, side)
            {
                visit(square);
            }
            let Some(two) = two else {
                continue;
            };
            if self.landable(two, side) {
                visit(two);
            }
            let two_open = self.is_empty(two);
            if reach >= 3 {
                let one_open = one.is_some_and(|square| self.is_empty(square));
                if let Some(three) = at(3)
                    && (one_open || two_open)
                    && self.landable(three, side)
                {
                    visit(three);
                }
            }
            if reach >= 4
                && two_open
                && let Some(four) = at(4)
                && self.landable(four, side)
            {
                visit(four);
            }
        }
    }
}
