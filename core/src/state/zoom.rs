//! The focus view's model (`components::zoom` shows it): which part of the board is on show,
//! in board units (one cell is `CELL` units), and the window of boxes magnified around the
//! selection where the whole board's cells are too small to write in.

use inkdoku_engine::variant::{Point, Shape};
use inkdoku_engine::{Cell, Size};

/// One cell, in board units: a 9x9 board is a 900x900 `viewBox` (plus `MARGIN`).
pub const CELL: f64 = 100.0;
/// Room around the grid so the outer border isn't clipped.
pub const MARGIN: f64 = 4.0;

/// Room for the clues outside the grid (sandwich sums, little killers), on each side that has
/// them: a little killer's sum stands 0.62 of a cell out and a sum of three digits (a 16x16
/// diagonal's) is half a cell wide, so less than a cell would cut it.
pub const OUTSIDE: f64 = CELL;

/// The sides of the grid that carry clues outside it (they get `OUTSIDE` room; the others only
/// `MARGIN`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sides {
    pub top: bool,
    pub right: bool,
    pub bottom: bool,
    pub left: bool,
}

impl Sides {
    /// The sides on which `shapes` (a puzzle's drawing, in cells) put something outside the
    /// grid: where they are drawn decides, so whatever the engine places outside gets room.
    pub fn of(size: Size, shapes: &[Shape]) -> Sides {
        let side = size.side() as f32;
        shapes.iter().fold(Sides::default(), |s, shape| match shape {
            Shape::Outside { at, .. } | Shape::LittleKiller { at, .. } => Sides {
                top: s.top || at.y < 0.0,
                right: s.right || at.x > side,
                bottom: s.bottom || at.y > side,
                left: s.left || at.x < 0.0,
            },
            _ => s,
        })
    }
}

/// The smallest cell, in CSS px, that the player writes in.
pub const MIN_CELL_PX: f64 = 40.0;
/// The focus window shows as many boxes as keep its cells at least this wide (a little above
/// the minimum, so that rounding never takes them below it).
const TARGET_CELL_PX: f64 = 44.0;
/// How much of the neighbouring cells shows around the window, in board units (a cell is
/// `CELL`): enough to see that the board goes on, and to tap there to move on.
pub const CONTEXT: f64 = 0.35 * CELL;

/// A square part of the board in board units (the SVG's `viewBox`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewBox {
    pub x: f64,
    pub y: f64,
    pub span: f64,
}

impl ViewBox {
    /// The whole board with its margin, and room on the `sides` with clues outside the grid.
    /// The board square stays square: the longer way decides the span, and the grid is
    /// centred the other way (clues on the top alone leave equal blanks left and right).
    pub fn whole(size: Size, sides: Sides) -> ViewBox {
        let full = size.side() as f64 * CELL;
        let room = |on: bool| MARGIN + if on { OUTSIDE } else { 0.0 };
        let (left, right, top, bottom) = (room(sides.left), room(sides.right), room(sides.top), room(sides.bottom));
        let (wide, high) = (full + left + right, full + top + bottom);
        let span = wide.max(high);
        ViewBox { x: -left - (span - wide) / 2.0, y: -top - (span - high) / 2.0, span }
    }

    /// The `viewBox` attribute.
    pub fn svg(&self) -> String {
        format!("{} {} {} {}", self.x, self.y, self.span, self.span)
    }

    /// A point given as fractions (0..1) of the square on screen, in fractions of the grid (the
    /// ink's coordinates: 0..1 is the whole grid).
    pub fn to_grid(&self, size: Size, fx: f64, fy: f64) -> (f64, f64) {
        let full = size.side() as f64 * CELL;
        ((self.x + fx * self.span) / full, (self.y + fy * self.span) / full)
    }

    /// A point in board units as percentages of the square on screen (for HTML over the board).
    pub fn percent(&self, x: f64, y: f64) -> (f64, f64) {
        (100.0 * (x - self.x) / self.span, 100.0 * (y - self.y) / self.span)
    }

    /// How wide a cell is on a square `square_px` wide.
    pub fn cell_px(&self, square_px: f64) -> f64 {
        square_px * CELL / self.span
    }
}

/// The side of a box on the sizes with a focus view (square boxes; `focus_boxes`).
pub fn box_side(size: Size) -> usize {
    size.box_rows()
}

/// How many boxes a side the focus window shows on a board square `square_px` wide, or `None`
/// when the whole board's cells are big enough to write in (no focus view then).
pub fn focus_boxes(size: Size, sides: Sides, square_px: f64) -> Option<usize> {
    // The window is square in boxes: a 6x6 grid's wide boxes have no such window, and its
    // cells are bigger than a 9x9 grid's anyway.
    if square_px <= 0.0 || !size.square_boxes() || ViewBox::whole(size, sides).cell_px(square_px) >= MIN_CELL_PX {
        return None;
    }
    let per_side = size.side() / box_side(size);
    let fits = |k: usize| Window { row: 0, col: 0, boxes: k }.view_box(size).cell_px(square_px) >= TARGET_CELL_PX;
    Some((1..per_side).rev().find(|&k| fits(k)).unwrap_or(1))
}

/// The focus window: `boxes` × `boxes` boxes from box row `row`, box column `col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub row: usize,
    pub col: usize,
    pub boxes: usize,
}

impl Window {
    fn per_side(size: Size) -> usize {
        size.side() / box_side(size)
    }

    /// The window of `boxes` boxes a side around `cell`: its box, and the boxes on the side of
    /// the box the cell is nearer to.
    pub fn around(size: Size, boxes: usize, cell: Cell) -> Window {
        let (b, last) = (box_side(size) as f64, Window::per_side(size).saturating_sub(boxes) as f64);
        let start = |i: usize| ((i as f64 + 0.5) / b - boxes as f64 / 2.0).round().clamp(0.0, last) as usize;
        Window { row: start(size.row_of(cell)), col: start(size.col_of(cell)), boxes }
    }

    /// The same place with another number of boxes (the screen changed), kept on the board.
    pub fn resized(self, size: Size, boxes: usize) -> Window {
        let last = Window::per_side(size).saturating_sub(boxes);
        Window { row: self.row.min(last), col: self.col.min(last), boxes }
    }

    /// Whether `cell` is inside the window.
    pub fn contains(&self, size: Size, cell: Cell) -> bool {
        let b = box_side(size);
        let inside = |i: usize, start: usize| (start..start + self.boxes).contains(&(i / b));
        inside(size.row_of(cell), self.row) && inside(size.col_of(cell), self.col)
    }

    /// The window moved as little as needed (whole boxes) to hold `cell`.
    pub fn follow(self, size: Size, cell: Cell) -> Window {
        let b = box_side(size);
        let shift = |i: usize, start: usize| {
            let bx = i / b;
            if bx < start {
                bx
            } else if bx >= start + self.boxes {
                bx + 1 - self.boxes
            } else {
                start
            }
        };
        Window { row: shift(size.row_of(cell), self.row), col: shift(size.col_of(cell), self.col), boxes: self.boxes }
    }

    /// The window moved by whole boxes, or `None` at the board's edge.
    pub fn pan(self, size: Size, d_row: isize, d_col: isize) -> Option<Window> {
        let last = Window::per_side(size).saturating_sub(self.boxes) as isize;
        let (row, col) = (self.row as isize + d_row, self.col as isize + d_col);
        ((0..=last).contains(&row) && (0..=last).contains(&col)).then_some(Window {
            row: row as usize,
            col: col as usize,
            boxes: self.boxes,
        })
    }

    /// What the board shows: the window and a strip of its neighbours.
    pub fn view_box(&self, size: Size) -> ViewBox {
        let box_units = box_side(size) as f64 * CELL;
        ViewBox {
            x: self.col as f64 * box_units - CONTEXT,
            y: self.row as f64 * box_units - CONTEXT,
            span: self.boxes as f64 * box_units + 2.0 * CONTEXT,
        }
    }

    /// The first and last row and column in the window (0-based, inclusive).
    pub fn bounds(&self, size: Size) -> ((usize, usize), (usize, usize)) {
        let b = box_side(size);
        let span = |start: usize| (start * b, (start + self.boxes) * b - 1);
        (span(self.row), span(self.col))
    }
}

/// A clue outside the grid repeated at the focus window's edge, in board units: the window
/// shows whole boxes and a strip of their neighbours, so a row's or column's sum (a
/// sandwich's) would be out of sight, and so would a little killer's sum for a diagonal that
/// crosses the window.
#[derive(Clone, Debug, PartialEq)]
pub struct ClueEcho {
    pub x: f64,
    pub y: f64,
    pub value: u16,
    /// A little killer's: where its diagonal enters the window (a cell's corner), and the
    /// diagonal's direction; the echo sits just before it in the strip, with a small arrow.
    pub enters: Option<Entry>,
}

/// How far along the strip a little killer's repeated sum sits from the corner where its
/// diagonal enters the window (board units): room for its arrow, clear of the next row's sum.
pub const ECHO_ALONG: f64 = 0.28 * CELL;

/// Where a little killer's diagonal enters the focus window.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    pub x: f64,
    pub y: f64,
    pub dx: i8,
    pub dy: i8,
    /// The sum sits along a side's strip, leaving room for the arrow's shaft (not when the
    /// diagonal comes in at the window's corner: the sum fills the strip's corner square).
    pub shaft: bool,
}

/// The clues outside the grid whose row or column is in the window, placed in the strip on
/// the window's side that faces them; and the little killers whose diagonal crosses the
/// window, placed in the strip where it enters.
pub fn clue_echoes(size: Size, shapes: &[Shape], window: Window) -> Vec<ClueEcho> {
    let ((r0, r1), (c0, c1)) = window.bounds(size);
    let vb = window.view_box(size);
    let side = size.side() as f32;
    let (near, far) = (CONTEXT / 2.0, vb.span - CONTEXT / 2.0);
    let in_range = |i: f32, lo: usize, hi: usize| i >= 0.0 && (lo..=hi).contains(&(i.floor() as usize));
    shapes
        .iter()
        .filter_map(|shape| {
            if let Shape::LittleKiller { at, sum, dx, dy } = *shape {
                return little_killer_echo(size, window, at, sum, (dx, dy));
            }
            let Shape::Outside { at, value } = *shape else { return None };
            let (x, y) = (f64::from(at.x) * CELL, f64::from(at.y) * CELL);
            let echo = |x: f64, y: f64| Some(ClueEcho { x, y, value, enters: None });
            if (at.x < 0.0 || at.x > side) && in_range(at.y, r0, r1) {
                echo(vb.x + if at.x < 0.0 { near } else { far }, y)
            } else if (at.y < 0.0 || at.y > side) && in_range(at.x, c0, c1) {
                echo(x, vb.y + if at.y < 0.0 { near } else { far })
            } else {
                None
            }
        })
        .collect()
}

/// A little killer's sum repeated where its diagonal (from the clue at `at`, a cell's centre
/// outside the grid, going `d`) first enters the window, if it does: the corner of the first
/// cell inside, the echo half a strip back along the diagonal.
fn little_killer_echo(size: Size, window: Window, at: Point, sum: u16, d: (i8, i8)) -> Option<ClueEcho> {
    let ((r0, r1), (c0, c1)) = window.bounds(size);
    let side = size.side() as f64;
    let (dx, dy) = (f64::from(d.0), f64::from(d.1));
    let (x0, y0) = (f64::from(at.x), f64::from(at.y));
    let first_inside = (1..=size.side()).map(|k| k as f64).find_map(|k| {
        let (x, y) = (x0 + k * dx, y0 + k * dy);
        if !(0.0..side).contains(&x) || !(0.0..side).contains(&y) {
            return Some(None); // off the grid: the diagonal never crossed the window
        }
        let (row, col) = (y.floor() as usize, x.floor() as usize);
        ((r0..=r1).contains(&row) && (c0..=c1).contains(&col)).then_some(Some(k))
    })??;
    let corner = ((x0 + (first_inside - 0.5) * dx) * CELL, (y0 + (first_inside - 0.5) * dy) * CELL);
    // The cell before it on the diagonal is beside the window (through a side: the sum goes
    // in that side's strip, moved along it so that the arrow to the corner has room) or
    // diagonally off its corner (the sum in the corner's square of the strip).
    let before = (y0 + (first_inside - 1.0) * dy, x0 + (first_inside - 1.0) * dx);
    let within = |i: f64, lo: usize, hi: usize| i >= lo as f64 && i < (hi + 1) as f64;
    let (row_within, col_within) = (within(before.0, r0, r1), within(before.1, c0, c1));
    let (back, along) = (CONTEXT / 2.0, ECHO_ALONG);
    let (ox, oy, shaft) = match (row_within, col_within) {
        (true, false) => (back, along, true),
        (false, true) => (along, back, true),
        _ => (back, back, false),
    };
    Some(ClueEcho {
        x: corner.0 - dx * ox,
        y: corner.1 - dy * oy,
        value: sum,
        enters: Some(Entry { x: corner.0, y: corner.1, dx: d.0, dy: d.1, shaft }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Size = Size::Sixteen;

    #[test]
    fn the_focus_view_exists_only_where_cells_are_too_small() {
        // 800x480: a 450 px square gives 16x16 cells of 28 px; two boxes a side give 51 px.
        assert_eq!(focus_boxes(S, Sides::default(), 450.0), Some(2));
        assert!(Window { row: 0, col: 0, boxes: 2 }.view_box(S).cell_px(450.0) >= MIN_CELL_PX);
        // 600x960 (portrait, the bar below): three boxes still give 44 px or more.
        let k = focus_boxes(S, Sides::default(), 594.0).unwrap();
        assert!(Window { row: 0, col: 0, boxes: k }.view_box(S).cell_px(594.0) >= TARGET_CELL_PX);
        // A tiny square still magnifies one box, as large as it can.
        assert_eq!(focus_boxes(S, Sides::default(), 150.0), Some(1));
        // 1280x800 (a 760 px square: 47 px cells), and 9x9 or 4x4 at 800x480: no focus view.
        assert_eq!(focus_boxes(S, Sides::default(), 760.0), None);
        assert_eq!(focus_boxes(Size::Nine, Sides::default(), 450.0), None);
        assert_eq!(focus_boxes(Size::Four, Sides::default(), 450.0), None);
        // Before the first layout there is nothing to measure.
        assert_eq!(focus_boxes(S, Sides::default(), 0.0), None);
        // A 9x9 board on a small phone gets one too.
        assert_eq!(focus_boxes(Size::Nine, Sides::default(), 300.0), Some(2));
    }

    #[test]
    fn the_window_holds_the_cell_and_stays_on_the_board() {
        for boxes in 1..4 {
            for cell in S.cells() {
                let w = Window::around(S, boxes, cell);
                assert!(w.contains(S, cell), "{boxes} boxes around {cell:?}");
                assert!(w.row + boxes <= 4 && w.col + boxes <= 4);
                // Following a cell moves the window as little as needed.
                for other in S.cells() {
                    let f = w.follow(S, other);
                    assert!(f.contains(S, other));
                    if w.contains(S, other) {
                        assert_eq!(f, w);
                    }
                    assert!(f.row.abs_diff(w.row) <= 3 && f.row + boxes <= 4 && f.col + boxes <= 4);
                }
            }
        }
        // Two boxes: the cell's box and the one on the side it is nearer to.
        assert_eq!(Window::around(S, 2, S.cell(5, 14)), Window { row: 0, col: 2, boxes: 2 });
        assert_eq!(Window::around(S, 2, S.cell(7, 0)), Window { row: 1, col: 0, boxes: 2 });
        // Across a box edge the window moves by one box.
        let w = Window { row: 0, col: 0, boxes: 2 };
        assert_eq!(w.follow(S, S.cell(8, 3)), Window { row: 1, col: 0, boxes: 2 });
        assert_eq!(w.pan(S, 0, 1), Some(Window { row: 0, col: 1, boxes: 2 }));
        assert_eq!(w.pan(S, -1, 0), None);
        assert_eq!(Window { row: 2, col: 2, boxes: 2 }.pan(S, 1, 0), None);
        assert_eq!(Window { row: 2, col: 2, boxes: 3 }.resized(S, 3), Window { row: 1, col: 1, boxes: 3 });
        assert_eq!(w.bounds(S), ((0, 7), (0, 7)));
    }

    #[test]
    fn points_on_the_screen_map_to_the_magnified_cells() {
        let w = Window { row: 1, col: 2, boxes: 2 };
        let vb = w.view_box(S);
        // The middle of the square is the middle of the window: between rows 7 and 8 and
        // columns 11 and 12 of the grid.
        let (gx, gy) = vb.to_grid(S, 0.5, 0.5);
        assert!((gx - 12.0 / 16.0).abs() < 1e-9 && (gy - 8.0 / 16.0).abs() < 1e-9);
        // The window's first cell starts just inside the neighbours' strip.
        let edge = CONTEXT / vb.span;
        let (gx, gy) = vb.to_grid(S, edge + 0.01, edge + 0.01);
        assert_eq!(((gy * 16.0) as usize, (gx * 16.0) as usize), (4, 8));
        // And back: the cell's corner is where the screen shows it.
        let (left, top) = vb.percent(8.0 * CELL, 4.0 * CELL);
        assert!((left - 100.0 * edge).abs() < 1e-9 && (top - 100.0 * edge).abs() < 1e-9);
        // The whole board maps as the board always did.
        let whole = ViewBox::whole(S, Sides::default());
        let (gx, _) = whole.to_grid(S, MARGIN / whole.span, 0.5);
        assert!(gx.abs() < 1e-9);
    }

    #[test]
    fn clues_outside_the_grid_get_room_on_their_sides_only() {
        use inkdoku_engine::variant::Point;
        let nine = Size::Nine;
        let full = 9.0 * CELL;
        // A classic board: the border's margin all round, as before.
        assert_eq!(ViewBox::whole(nine, Sides::default()), ViewBox { x: -MARGIN, y: -MARGIN, span: full + 2.0 * MARGIN });
        // Sandwich sums above and a little killer left of the grid: room above and to the left.
        let top = Shape::Outside { at: Point { x: 4.5, y: -0.5 }, value: 12 };
        let left = Shape::LittleKiller { at: Point { x: -0.5, y: 3.5 }, sum: 17, dx: 1, dy: -1 };
        let sides = Sides::of(nine, &[top.clone(), left.clone()]);
        assert_eq!(sides, Sides { top: true, left: true, ..Sides::default() });
        let vb = ViewBox::whole(nine, sides);
        assert_eq!(vb, ViewBox { x: -MARGIN - OUTSIDE, y: -MARGIN - OUTSIDE, span: full + 2.0 * MARGIN + OUTSIDE });
        // The right and bottom edges keep the border's margin only.
        assert!((vb.x + vb.span - (full + MARGIN)).abs() < 1e-9 && (vb.y + vb.span - (full + MARGIN)).abs() < 1e-9);
        // Every clue, as far as its text reaches (0.3 of a cell beyond its centre), is inside.
        for at in [(4.5, -0.5), (-0.62, 3.62)] {
            let (x, y) = (at.0 * CELL, at.1 * CELL);
            assert!(x - 0.3 * CELL > vb.x && y - 0.3 * CELL > vb.y, "{at:?}");
        }
        // Clues on the top alone: the square is kept, the grid centred across.
        let vb = ViewBox::whole(nine, Sides::of(nine, &[top]));
        assert_eq!(vb.span, full + 2.0 * MARGIN + OUTSIDE);
        assert!((vb.x - (-MARGIN - OUTSIDE / 2.0)).abs() < 1e-9 && (vb.y - (-MARGIN - OUTSIDE)).abs() < 1e-9);
        // Clues on every side (a corner's little killer at the bottom right counts for both).
        let corner = Shape::LittleKiller { at: Point { x: 9.5, y: 9.5 }, sum: 40, dx: -1, dy: -1 };
        assert_eq!(Sides::of(nine, &[corner]), Sides { bottom: true, right: true, ..Sides::default() });
        // Shapes inside the grid take no room.
        assert_eq!(Sides::of(nine, &[Shape::Diagonal { from: Point { x: 0.0, y: 0.0 }, to: Point { x: 9.0, y: 9.0 } }]), Sides::default());
        // A 9x9 with clues on two sides still needs no focus view at 800x480 (a 450 px square).
        assert_eq!(focus_boxes(nine, Sides { top: true, left: true, bottom: true, right: true }, 450.0), None);
    }

    #[test]
    fn a_windows_rows_and_columns_keep_their_outside_sums_at_its_edges() {
        let size = Size::Nine;
        let sum = |x: f32, y: f32, value: u16| Shape::Outside { at: Point { x, y }, value };
        // Left of row 5 (index 4), above column 2 (index 1), right of row 1, below column 9,
        // and a little killer left of row 4 going down-right.
        let shapes = vec![
            sum(-0.5, 4.5, 12),
            sum(1.5, -0.5, 7),
            sum(9.5, 0.5, 30),
            sum(8.5, 9.5, 4),
            Shape::LittleKiller { at: Point { x: -0.5, y: 3.5 }, sum: 20, dx: 1, dy: 1 },
        ];
        // Boxes 2x2 from the top-left: rows and columns 0-5.
        let w = Window { row: 0, col: 0, boxes: 2 };
        let vb = w.view_box(size);
        let echoes = clue_echoes(size, &shapes, w);
        assert_eq!(
            echoes,
            vec![
                ClueEcho { x: vb.x + CONTEXT / 2.0, y: 450.0, value: 12, enters: None },
                ClueEcho { x: 150.0, y: vb.y + CONTEXT / 2.0, value: 7, enters: None },
                ClueEcho { x: vb.x + vb.span - CONTEXT / 2.0, y: 50.0, value: 30, enters: None },
                // The little killer left of row 4 runs down-right from r5c1, the first cell
                // inside, entered at its top-left corner (0, 400).
                ClueEcho {
                    x: -CONTEXT / 2.0,
                    y: 400.0 - ECHO_ALONG,
                    value: 20,
                    enters: Some(Entry { x: 0.0, y: 400.0, dx: 1, dy: 1, shaft: true })
                },
            ]
        );
        // Each within the window's view, in the strip, not over its cells.
        for e in &echoes {
            assert!(e.x > vb.x && e.x < vb.x + vb.span && e.y > vb.y && e.y < vb.y + vb.span, "{e:?}");
        }
        // The bottom-right window: only column 9's sum below it (row 5 and column 2 are out).
        let w = Window { row: 1, col: 1, boxes: 2 };
        assert_eq!(clue_echoes(size, &shapes, w).iter().map(|e| e.value).collect::<Vec<_>>(), vec![12, 4, 20]);
    }

    #[test]
    fn a_little_killer_is_repeated_where_its_diagonal_enters_the_window_and_only_then() {
        let size = Size::Nine;
        let lk = |x: f32, y: f32, dx: i8, dy: i8| Shape::LittleKiller { at: Point { x, y }, sum: 17, dx, dy };
        // From above column 9 going down-left: r1c8, r2c7, r3c6, r4c5, ... The bottom-right
        // window (rows and columns 3-8, 0-based) is entered at r4c5 (row 3, col 4), at its
        // top-right corner (500, 300).
        let w = Window { row: 1, col: 1, boxes: 2 };
        let vb = w.view_box(size);
        let echoes = clue_echoes(size, &[lk(8.5, -0.5, -1, 1)], w);
        let entry = Entry { x: 500.0, y: 300.0, dx: -1, dy: 1, shaft: true };
        // Through the window's top (r3c6 is above it): the sum in the top strip, along it.
        assert_eq!(echoes, vec![ClueEcho { x: 500.0 + ECHO_ALONG, y: 300.0 - CONTEXT / 2.0, value: 17, enters: Some(entry) }]);
        let e = &echoes[0];
        // In the strip: in the view, outside the window's cells (rows 3-8 start at y 300).
        assert!(e.x > vb.x && e.x < vb.x + vb.span && e.y > vb.y && e.y < 300.0, "{e:?}");
        // A diagonal that never crosses the window: from the left of row 2 going up-right
        // (r1c1 only) is not repeated in the bottom-right window.
        assert!(clue_echoes(size, &[lk(-0.5, 1.5, 1, -1)], w).is_empty());
    }
}
