//! Ink geometry: where a stroke is, what it is (a tap, a scratch-out, writing), and its outline.
//!
//! Points are `[x, y, pressure]` with x and y in 0..1 of the whole grid (not of the screen), so
//! ink keeps its place and size when the layout changes.

use inkdoku_engine::{Cell, Size};

pub type Point = [f32; 3];

/// The bounding box (min x, min y, max x, max y) of some points.
pub fn bounds(points: &[Point]) -> (f32, f32, f32, f32) {
    points.iter().fold((f32::MAX, f32::MAX, f32::MIN, f32::MIN), |(a, b, c, d), p| (a.min(p[0]), b.min(p[1]), c.max(p[0]), d.max(p[1])))
}

/// The cell at a grid position.
pub fn cell_at(size: Size, x: f32, y: f32) -> Option<Cell> {
    let n = size.side() as f32;
    if !(0.0..1.0).contains(&x) || !(0.0..1.0).contains(&y) {
        return None;
    }
    Some(size.cell((y * n) as usize, (x * n) as usize))
}

/// The cell a stroke belongs to: the one under its bounding box's centre.
pub fn cell_of(size: Size, points: &[Point]) -> Option<Cell> {
    let (x0, y0, x1, y1) = bounds(points);
    cell_at(size, (x0 + x1) / 2.0, (y0 + y1) / 2.0)
}

/// How far a contact may travel (in cells, along its path) and still be a tap: a finger's roll
/// or a pen's slip as it taps. The smallest loop the pen draws travels more: a 9's loop of 6x8 px
/// in a 48 px cell goes round about 22 px, 0.45 of a cell. (The old limit on the box, a fifth
/// of a cell either way, is kept on the path: every stroke that was ink stays ink, and the
/// shortest strike-through of a mark, 0.22 of a cell, is never a tap.)
pub const TAP_TRAVEL: f32 = 0.2;
/// How long a tap lasts at most (ms). A still contact held longer is a press; it selects too,
/// as long as it did not move (`PRESS_BOX`), else it is a short mark written slowly.
pub const TAP_MS: f64 = 350.0;
/// The most a press may move (in cells, its bounding box): a resting finger's wobble.
pub const PRESS_BOX: f32 = 0.1;
/// Moves shorter than this (in cells) are not counted as travel: a digitizer's jitter.
const JITTER: f32 = 0.03;

/// How far a stroke travels, in cells: its path's length, counted in steps of at least
/// `JITTER`, so that a contact trembling in place does not add up travel.
pub fn travel(size: Size, points: &[Point]) -> f32 {
    let n = size.side() as f32;
    let Some(first) = points.first() else { return 0.0 };
    let (mut anchor, mut length) = ([first[0] * n, first[1] * n], 0.0);
    for p in points {
        let step = (p[0] * n - anchor[0]).hypot(p[1] * n - anchor[1]);
        if step >= JITTER {
            length += step;
            anchor = [p[0] * n, p[1] * n];
        }
    }
    length
}

/// A tap, which selects: a short, still contact, told by its time and its travel, never by its
/// size alone — a closed loop is ink however small (a note's 9, a small 8). `held_ms` is how
/// long the pen or finger was down (`None` when unknown: taken as short). A still contact held
/// longer than `TAP_MS` is a press and selects too, if it never left its place (`PRESS_BOX`);
/// one that moved a little, slowly, is a deliberate short mark (ink).
pub fn is_tap(size: Size, points: &[Point], held_ms: Option<f64>) -> bool {
    if travel(size, points) >= TAP_TRAVEL {
        return false;
    }
    let (x0, y0, x1, y1) = bounds(points);
    let n = size.side() as f32;
    held_ms.is_none_or(|ms| ms < TAP_MS) || (x1 - x0).max(y1 - y0) * n < PRESS_BOX
}

/// A scratch-out: a zig-zag over about one cell. It must be unmistakable, because it erases:
/// the pen turns back left/right at least four times, each pass covering a good part of the
/// cell; the path is much longer than the drawing is wide; and most of it runs sideways. That
/// last test is what keeps loops out: a one-stroke 8, a 0 or a 6 turns back left/right as often,
/// but runs sideways along only about a third of its length (a zig-zag: nine tenths).
pub fn is_scratch_out(size: Size, points: &[Point]) -> bool {
    let cell = 1.0 / size.side() as f32;
    let (x0, y0, x1, y1) = bounds(points);
    let (w, h) = (x1 - x0, y1 - y0);
    if w < cell * 0.4 || w > cell * 1.8 || h > cell * 1.5 {
        return false;
    }
    let mut turns = 0;
    let mut direction = 0.0f32;
    let mut anchor = points[0][0];
    let (mut length, mut sideways) = (0.0, 0.0);
    for pair in points.windows(2) {
        let (dx, dy) = (pair[1][0] - pair[0][0], pair[1][1] - pair[0][1]);
        let step = (dx * dx + dy * dy).sqrt();
        length += step;
        if dx.abs() > 2.0 * dy.abs() {
            sideways += step;
        }
        let run = pair[1][0] - anchor;
        if run.abs() > w * 0.5 {
            let d = run.signum();
            if direction != 0.0 && d != direction {
                turns += 1;
            }
            direction = d;
            anchor = pair[1][0];
        } else if run.signum() == direction {
            anchor = pair[1][0];
        }
    }
    turns >= 4 && length > w * 3.5 && sideways > length * 0.6
}

/// The cells a stroke passes over.
pub fn cells_touched(size: Size, points: &[Point]) -> Vec<Cell> {
    let mut out: Vec<Cell> = Vec::new();
    for pair in points.windows(2).chain(std::iter::once(&points[..1]).filter(|p| p.len() == 1)) {
        let (a, b) = (pair[0], *pair.last().unwrap_or(&pair[0]));
        for k in 0..=8 {
            let t = k as f32 / 8.0;
            if let Some(c) = cell_at(size, a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
                && !out.contains(&c)
            {
                out.push(c);
            }
        }
    }
    out
}

/// Whether a stroke passes within `radius` (grid units) of any of `path`'s points.
pub fn touches(stroke: &[Point], path: &[Point], radius: f32) -> bool {
    stroke.iter().any(|p| path.iter().any(|q| (p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) < radius * radius))
}

/// A strike-through of one pencil mark: a single short, straight, nearly level stroke across
/// one of the cell's mark places (a box's shape of them: `box_cols` wide and `box_rows` high, as
/// `components::board` lays the marks out).
/// Returns the place it crosses (0 = top left, row by row). `points` are cell-relative. It is
/// longer than a tap (so never taken for one), shorter than one and a half mark places (so a
/// stroke across the cell is writing), at most half as high as it is wide, and its path is
/// nearly its chord: no digit is written as one such dash (a 1 is upright, a 7 bends), and the
/// flow takes it for a strike only once no second stroke followed (`pen`).
pub fn struck_place(size: Size, points: &[[f64; 3]]) -> Option<usize> {
    let (first, last) = (points.first()?, points.last()?);
    let (k, rows) = (size.box_cols(), size.box_rows());
    let slot = 1.0 / k as f64;
    let chord = (last[0] - first[0]).hypot(last[1] - first[1]);
    let path: f64 = points.windows(2).map(|w| (w[1][0] - w[0][0]).hypot(w[1][1] - w[0][1])).sum();
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in points {
        (x0, y0, x1, y1) = (x0.min(p[0]), y0.min(p[1]), x1.max(p[0]), y1.max(p[1]));
    }
    let level = y1 - y0 <= 0.5 * (x1 - x0);
    let straight = path <= 1.25 * chord;
    if chord < (0.6 * slot).max(0.22) || chord > 1.5 * slot || !level || !straight {
        return None;
    }
    let (mx, my) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    if !(0.0..1.0).contains(&mx) || !(0.0..1.0).contains(&my) {
        return None;
    }
    Some((my * rows as f64) as usize * k + (mx / slot) as usize)
}

/// Points of the stroke relative to a cell (0..1 inside it), for the recognizer.
pub fn in_cell(size: Size, cell: Cell, points: &[Point]) -> Vec<[f64; 3]> {
    let n = size.side() as f32;
    let (r, c) = (size.row_of(cell) as f32, size.col_of(cell) as f32);
    points.iter().map(|p| [(p[0] * n - c) as f64, (p[1] * n - r) as f64, p[2] as f64]).collect()
}

/// The stroke's outline as an SVG path, in board units (`full` = the grid's side): the pen's
/// pressure sets the width at each point (0 = no pressure data: a constant width).
pub fn outline(points: &[Point], full: f32, cell: f32) -> String {
    let width = |p: &Point| if p[2] > 0.0 { cell * (0.035 + 0.09 * p[2].min(1.0)) } else { cell * 0.07 };
    let at = |p: &Point| (p[0] * full, p[1] * full);
    if points.len() == 1 {
        let (x, y) = at(&points[0]);
        let r = width(&points[0]) / 2.0;
        return format!("M{} {y}a{r} {r} 0 1 0 {} 0a{r} {r} 0 1 0 {} 0Z", x - r, 2.0 * r, -2.0 * r);
    }
    let n = points.len();
    let mut left = Vec::with_capacity(n);
    let mut right = Vec::with_capacity(n);
    for i in 0..n {
        let (a, b) = (at(&points[i.saturating_sub(1)]), at(&points[(i + 1).min(n - 1)]));
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-6);
        let (nx, ny) = (-dy / len, dx / len);
        let (x, y) = at(&points[i]);
        let h = width(&points[i]) / 2.0;
        left.push((x + nx * h, y + ny * h));
        right.push((x - nx * h, y - ny * h));
    }
    let mut d = format!("M{:.1} {:.1}", left[0].0, left[0].1);
    for p in &left[1..] {
        d.push_str(&format!("L{:.1} {:.1}", p.0, p.1));
    }
    let r = width(&points[n - 1]) / 2.0;
    d.push_str(&format!("A{r:.1} {r:.1} 0 0 1 {:.1} {:.1}", right[n - 1].0, right[n - 1].1));
    for p in right.iter().rev().skip(1) {
        d.push_str(&format!("L{:.1} {:.1}", p.0, p.1));
    }
    let r0 = width(&points[0]) / 2.0;
    d.push_str(&format!("A{r0:.1} {r0:.1} 0 0 1 {:.1} {:.1}Z", left[0].0, left[0].1));
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pts(xy: &[(f32, f32)]) -> Vec<Point> {
        xy.iter().map(|&(x, y)| [x, y, 0.5]).collect()
    }

    fn cell_pts(xy: &[(f64, f64)]) -> Vec<[f64; 3]> {
        xy.iter().map(|&(x, y)| [x, y, 0.5]).collect()
    }

    #[test]
    fn a_short_level_dash_strikes_the_mark_it_crosses_and_digits_never_do() {
        // Across the 5 (the middle place of 3x3), and across the 3 (top right), a little slanted.
        assert_eq!(struck_place(Size::Nine, &cell_pts(&[(0.36, 0.5), (0.5, 0.52), (0.64, 0.53)])), Some(4));
        assert_eq!(struck_place(Size::Nine, &cell_pts(&[(0.7, 0.2), (0.95, 0.13)])), Some(2));
        // A 6x6 cell has 3x2 places (the 5 is bottom middle); a 16x16 cell 4x4.
        assert_eq!(struck_place(Size::Six, &cell_pts(&[(0.37, 0.75), (0.63, 0.74)])), Some(4));
        assert_eq!(struck_place(Size::Six, &cell_pts(&[(0.37, 0.25), (0.63, 0.24)])), Some(1));
        assert_eq!(struck_place(Size::Sixteen, &cell_pts(&[(0.01, 0.9), (0.24, 0.88)])), Some(12));
        // Not strikes: a 1, a dash across the whole cell, a dot-sized dash, a bent 7, a steep stroke.
        assert_eq!(struck_place(Size::Nine, &cell_pts(&[(0.5, 0.15), (0.5, 0.85)])), None);
        assert_eq!(struck_place(Size::Nine, &cell_pts(&[(0.1, 0.5), (0.9, 0.5)])), None);
        assert_eq!(struck_place(Size::Nine, &cell_pts(&[(0.45, 0.5), (0.5, 0.5)])), None);
        assert_eq!(struck_place(Size::Nine, &cell_pts(&[(0.3, 0.35), (0.6, 0.35), (0.45, 0.6)])), None);
        assert_eq!(struck_place(Size::Nine, &cell_pts(&[(0.4, 0.3), (0.6, 0.6)])), None);
    }

    /// No drawing of a digit written in one stroke (the recognizer's held-out fixture drawings)
    /// is a strike-through; a dash that is the first of several strokes (a 7's or 5's bar) may
    /// look like one, which is why the flow strikes only when no second stroke follows.
    #[test]
    fn no_one_stroke_digit_of_the_fixtures_is_a_strike() {
        #[derive(serde::Deserialize)]
        struct Fixture {
            label: u8,
            strokes: Vec<Vec<[f64; 3]>>,
        }
        let fixtures: Vec<Fixture> = serde_json::from_str(include_str!("../../../models/fixtures/strokes.json")).unwrap();
        let single: Vec<&Fixture> = fixtures.iter().filter(|f| f.strokes.len() == 1).collect();
        assert!(single.len() > 100, "{} one-stroke drawings", single.len());
        for f in single {
            for k in [Size::Nine, Size::Six, Size::Sixteen] {
                assert_eq!(struck_place(k, &f.strokes[0]), None, "a one-stroke {} taken for a strike", f.label);
            }
        }
    }

    #[test]
    fn taps_scratches_and_writing() {
        let s = Size::Nine;
        let c = 1.0 / 9.0;
        assert!(is_tap(s, &pts(&[(0.5, 0.5), (0.5 + c * 0.05, 0.5)]), Some(80.0)));
        assert!(!is_tap(s, &pts(&[(0.5, 0.45), (0.5, 0.5 + c * 0.6)]), Some(80.0)));
        let zig: Vec<(f32, f32)> = (0..10).map(|i| (0.45 + if i % 2 == 0 { 0.0 } else { c * 0.8 }, 0.45 + i as f32 * c * 0.05)).collect();
        assert!(is_scratch_out(s, &pts(&zig)));
        let one = pts(&[(0.5, 0.45), (0.5, 0.55)]);
        assert!(!is_scratch_out(s, &one));
        // Closed loops are never scratch-outs, however often they turn back left and right.
        let (cx, cy, r) = (4.5 * c, 4.5 * c, 0.4 * c);
        // A one-stroke 8 (x turns back four times a loop), gone round one and a half times.
        let eight: Vec<(f32, f32)> = (0..=180)
            .map(|i| {
                let t = i as f32 / 120.0 * std::f32::consts::TAU;
                (cx + 0.8 * r * (2.0 * t).sin(), cy + r * t.sin())
            })
            .collect();
        assert!(!is_scratch_out(s, &pts(&eight)), "a one-stroke 8");
        let zero: Vec<(f32, f32)> = (0..=90)
            .map(|i| {
                (cx + 0.3 * c * (i as f32 / 30.0 * std::f32::consts::TAU).cos(), cy + r * (i as f32 / 30.0 * std::f32::consts::TAU).sin())
            })
            .collect();
        assert!(!is_scratch_out(s, &pts(&zero)), "a 0 gone round three times");
        // A zig-zag whose passes are short wiggles is not one either.
        let wiggle: Vec<(f32, f32)> =
            (0..12).map(|i| (0.45 + if i % 2 == 0 { 0.0 } else { c * 0.1 }, 0.45 + i as f32 * c * 0.08)).collect();
        assert!(!is_scratch_out(s, &pts(&wiggle)));
        assert_eq!(cell_of(s, &one), Some(s.cell(4, 4)));
        assert_eq!(cells_touched(s, &pts(&[(0.05, 0.05), (0.3, 0.05)])).len(), 3);
        assert!(outline(&one, 900.0, 100.0).starts_with('M'));
    }

    /// A loop of `w` by `h` cells round (x, y), drawn once, closed, with a point every `step`.
    fn loop_at(x: f32, y: f32, w: f32, h: f32, step: f32) -> Vec<(f32, f32)> {
        let c = 1.0 / 9.0;
        let n = ((std::f32::consts::PI * (w + h) / 2.0) / step).ceil().max(8.0) as usize;
        (0..=n)
            .map(|i| {
                let t = i as f32 / n as f32 * std::f32::consts::TAU;
                (x + c * w / 2.0 * t.sin(), y - c * h / 2.0 * t.cos())
            })
            .collect()
    }

    #[test]
    fn a_tap_is_short_and_still_and_a_loop_of_any_size_is_ink() {
        let s = Size::Nine;
        let c = 1.0 / 9.0;
        let (x, y) = (4.5 * c, 4.5 * c);
        // A small 9's loop, 6x8 px in a 48 px cell (0.125 x 0.17 of a cell): inside the old
        // limit of a fifth of a cell either way, so it was a tap. Quick or slow, it is ink; so is
        // a small 8's loop, and a 0-like loop of 0.15 of a cell.
        for (w, h) in [(0.125, 0.17), (0.12, 0.12), (0.15, 0.15)] {
            let ring = pts(&loop_at(x, y, w, h, 0.02));
            for ms in [40.0, 150.0, 600.0] {
                assert!(!is_tap(s, &ring, Some(ms)), "a {w}x{h} loop in {ms} ms");
            }
            assert!(travel(s, &ring) > 0.3, "{w}x{h}: {}", travel(s, &ring));
        }
        // A tap: the pen down and up where it was, or with a finger's roll of 0.1 of a cell.
        assert!(is_tap(s, &pts(&[(x, y), (x, y)]), Some(60.0)));
        assert!(is_tap(s, &pts(&[(x, y), (x + 0.05 * c, y + 0.02 * c), (x + 0.1 * c, y)]), Some(120.0)));
        // A finger resting to look at the candidates, trembling in place: a press, which selects.
        let trembling: Vec<(f32, f32)> = (0..200).map(|i| (x + if i % 2 == 0 { 0.0 } else { 0.02 * c }, y)).collect();
        assert!(travel(s, &pts(&trembling)) < 0.05, "jitter is no travel");
        assert!(is_tap(s, &pts(&trembling), Some(900.0)));
        // A short tick drawn slowly is a deliberate mark: ink.
        assert!(!is_tap(s, &pts(&[(x, y), (x + 0.06 * c, y + 0.06 * c), (x + 0.12 * c, y + 0.12 * c)]), Some(500.0)));
        // The old rule's answer for the small 9's loop, kept here as the bug's record: a tap.
        let (x0, y0, x1, y1) = bounds(&pts(&loop_at(x, y, 0.125, 0.17, 0.02)));
        assert!((x1 - x0).max(y1 - y0) < c * 0.2);
    }

    #[test]
    fn with_room_for_clues_outside_the_grid_a_point_lands_on_the_cell_under_it() {
        use crate::state::zoom::{CELL, Sides, ViewBox};
        let s = Size::Nine;
        for sides in [
            Sides::default(),
            Sides { top: true, left: true, ..Sides::default() },
            Sides { bottom: true, ..Sides::default() },
            Sides { top: true, right: true, bottom: true, left: true },
        ] {
            let vb = ViewBox::whole(s, sides);
            // Where the screen shows a cell's centre (fractions of the board square), the pen
            // lands in that cell: r1c1, r9c9 and every other.
            for cell in s.cells() {
                let (r, c) = (s.row_of(cell) as f64, s.col_of(cell) as f64);
                for (dx, dy) in [(0.5, 0.5), (0.05, 0.05), (0.95, 0.95)] {
                    let (px, py) = vb.percent((c + dx) * CELL, (r + dy) * CELL);
                    let (gx, gy) = vb.to_grid(s, px / 100.0, py / 100.0);
                    assert_eq!(cell_at(s, gx as f32, gy as f32), Some(cell), "{sides:?} {cell:?} at ({dx}, {dy})");
                }
            }
            // The room for the clues is no cell: a tap there selects nothing.
            if sides.top {
                let (px, py) = vb.percent(0.5 * CELL, -0.5 * CELL);
                let (gx, gy) = vb.to_grid(s, px / 100.0, py / 100.0);
                assert_eq!(cell_at(s, gx as f32, gy as f32), None);
            }
        }
    }
}
