//! How constraints are drawn and described: `Shape`s in board coordinates for the app to
//! render (the engine knows no colours, only kinds), and `CellNote`s for screen readers.
//!
//! Board coordinates are in cell units from the grid's top-left corner: the centre of r1c1 is
//! (0.5, 0.5), the grid's right edge is x = side, and clues outside stand at -0.5 or
//! side + 0.5.

use super::cells::diagonal_cells;
use super::outside::line_cells;
use super::{Constraint, Diagonal, Dot, Line};
use crate::geometry::{Cell, Size};
use serde::{Deserialize, Serialize};

/// A point in board coordinates (x to the right, y down, in cells).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    /// Across, in cells from the left edge.
    pub x: f32,
    /// Down, in cells from the top edge.
    pub y: f32,
}

/// The kind of a line drawn through cell centres, for the app to pick its colour and width
/// (SudokuPad's: whispers green, renban purple, palindrome grey).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineKind {
    /// German whispers.
    Whispers,
    /// Renban.
    Renban,
    /// Palindrome.
    Palindrome,
}

/// One thing to draw.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "shape", rename_all = "snake_case")]
pub enum Shape {
    /// A killer cage: a dashed outline along `outline` (unit edges between a cage cell and a
    /// cell outside it, each `[from, to]`; the app insets them), and the sum, if any, written
    /// in the top-left corner of `label_cell` (the cage's first cell in reading order).
    Cage { cells: Vec<Cell>, outline: Vec<[Point; 2]>, sum: Option<u16>, label_cell: Cell },
    /// A thermometer: a bulb (circle) at `bulb` and a thick line through `line` (which starts at
    /// the bulb).
    Thermometer { bulb: Point, line: Vec<Point> },
    /// An arrow: a circle of radius `ARROW_RADIUS` at the centre of each cell of `circle`
    /// (joined into a pill when there are several), a line through `line` (which starts on the
    /// circle's edge, as SudokuPad draws it), and an arrowhead at its last point pointing away
    /// from the point before.
    Arrow { circle: Vec<Point>, line: Vec<Point> },
    /// A kropki dot on the edge between two cells.
    Dot { at: Point, dot: Dot },
    /// A letter or number on the edge between two cells (XV: "X", "V").
    Edge { at: Point, text: String },
    /// A line through cell centres.
    Line { kind: LineKind, points: Vec<Point> },
    /// A diagonal of the grid, corner to corner.
    Diagonal { from: Point, to: Point },
    /// A parity mark in a cell: a circle for odd, a square for even.
    Parity { at: Point, even: bool },
    /// The cells of an extra region, shaded.
    Shaded { cells: Vec<Cell> },
    /// A little killer clue outside the grid: the sum at `at`, and a small arrow pointing
    /// along (`dx`, `dy`) (each ±1) into the grid.
    LittleKiller { at: Point, sum: u16, dx: i8, dy: i8 },
    /// A number outside the grid (sandwich sums).
    Outside { at: Point, value: u16 },
    /// Thick lines between cells of different irregular regions (the grid's outer border is
    /// not included).
    RegionBorders { segments: Vec<[Point; 2]> },
}

/// What the constraints say about a cell, for a screen reader. The app words it in its
/// languages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "note", rename_all = "snake_case")]
pub enum CellNote {
    /// In a killer cage of `cells` cells, with its sum if given.
    Cage { cells: usize, sum: Option<u16> },
    /// On a thermometer, `position` cells from the bulb (1 = the bulb).
    Thermometer { position: usize, length: usize },
    /// In an arrow's circle, whose shaft has `shaft` cells.
    ArrowCircle { shaft: usize },
    /// On an arrow's shaft of `length` cells.
    ArrowShaft { length: usize },
    /// A kropki dot with a neighbour.
    Dot { dot: Dot, with: Cell },
    /// An X or V with a neighbour (the pair's sum).
    Xv { sum: u8, with: Cell },
    /// On a line of `length` cells.
    Line { kind: LineKind, length: usize },
    /// On a diagonal that holds each digit once.
    Diagonal { diagonal: Diagonal },
    /// In an extra region of `cells` cells.
    ExtraRegion { cells: usize },
    /// Must hold an even digit (or odd).
    Parity { even: bool },
    /// On a little killer diagonal whose digits add up to `sum`.
    LittleKiller { sum: u16, length: usize },
    /// In a row or column with a sandwich sum.
    Sandwich { line: Line, sum: u16 },
}

/// The radius of an arrow's circle (and of a pill's round ends), in cells: the shaft starts on
/// it, so the app draws the circle with this radius too.
pub const ARROW_RADIUS: f32 = 0.36;

/// The centre of a cell.
pub(super) fn centre(size: Size, c: Cell) -> Point {
    Point { x: size.col_of(c) as f32 + 0.5, y: size.row_of(c) as f32 + 0.5 }
}

/// The middle of two cells' centres (the middle of their common edge when adjacent).
fn between(size: Size, a: Cell, b: Cell) -> Point {
    let (p, q) = (centre(size, a), centre(size, b));
    Point { x: (p.x + q.x) / 2.0, y: (p.y + q.y) / 2.0 }
}

/// The unit edges of the cells for which `keep(cell, neighbour across the edge)` holds (no
/// neighbour beyond the grid's border).
fn edges(size: Size, keep: impl Fn(Cell, Option<Cell>) -> bool) -> Vec<[Point; 2]> {
    let side = size.side() as i32;
    let mut out = Vec::new();
    for c in size.cells() {
        let (r, col) = (size.row_of(c) as i32, size.col_of(c) as i32);
        let (x, y) = (col as f32, r as f32);
        let sides = [
            ((-1, 0), [(x, y), (x + 1.0, y)]),
            ((1, 0), [(x, y + 1.0), (x + 1.0, y + 1.0)]),
            ((0, -1), [(x, y), (x, y + 1.0)]),
            ((0, 1), [(x + 1.0, y), (x + 1.0, y + 1.0)]),
        ];
        for ((dr, dc), [a, b]) in sides {
            let (r2, c2) = (r + dr, col + dc);
            let other = ((0..side).contains(&r2) && (0..side).contains(&c2)).then(|| size.cell(r2 as usize, c2 as usize));
            if keep(c, other) {
                out.push([Point { x: a.0, y: a.1 }, Point { x: b.0, y: b.1 }]);
            }
        }
    }
    out
}

/// The borders between irregular regions, each edge once.
pub(super) fn region_borders(size: Size, region: &[usize]) -> Shape {
    let segments = edges(size, |c, o| o.is_some_and(|o| o > c && region[o.index()] != region[c.index()]));
    Shape::RegionBorders { segments }
}

/// The shapes of one constraint (none for rules drawn as text: anti-knight, negative rules…).
/// The caller has checked that it fits the grid.
pub(super) fn of(size: Size, c: &Constraint) -> Vec<Shape> {
    let centres = |cells: &[Cell]| cells.iter().map(|&c| centre(size, c)).collect::<Vec<_>>();
    let side = size.side() as f32;
    let shape = match c {
        Constraint::Killer { cells, sum } => {
            let set: crate::cellset::CellSet = cells.iter().copied().collect();
            let outline = edges(size, |c, o| set.contains(c) && !o.is_some_and(|o| set.contains(o)));
            let label_cell = cells.iter().copied().min().unwrap_or(Cell::new(0));
            Shape::Cage { cells: cells.clone(), outline, sum: *sum, label_cell }
        }
        Constraint::Thermometer { cells } => Shape::Thermometer { bulb: centre(size, cells[0]), line: centres(cells) },
        Constraint::Arrow { circle, line } => {
            // The shaft leaves from the circle cell nearest its first cell, on the circle's edge
            // towards that cell (a line from the centre would cross the digit in the circle).
            let first = centre(size, line[0]);
            let dist = |p: &Point| (p.x - first.x).powi(2) + (p.y - first.y).powi(2);
            let from = centres(circle).into_iter().min_by(|a, b| dist(a).total_cmp(&dist(b))).unwrap_or(first);
            let (dx, dy) = (first.x - from.x, first.y - from.y);
            let len = (dx * dx + dy * dy).sqrt();
            let start = if len > 0.0 { Point { x: from.x + dx / len * ARROW_RADIUS, y: from.y + dy / len * ARROW_RADIUS } } else { from };
            Shape::Arrow { circle: centres(circle), line: std::iter::once(start).chain(centres(line)).collect() }
        }
        Constraint::Kropki { cells, dot } => Shape::Dot { at: between(size, cells[0], cells[1]), dot: *dot },
        Constraint::Xv { cells, sum } => {
            let text = match sum {
                10 => "X".to_string(),
                5 => "V".to_string(),
                n => n.to_string(),
            };
            Shape::Edge { at: between(size, cells[0], cells[1]), text }
        }
        Constraint::Whispers { cells } => Shape::Line { kind: LineKind::Whispers, points: centres(cells) },
        Constraint::Renban { cells } => Shape::Line { kind: LineKind::Renban, points: centres(cells) },
        Constraint::Palindrome { cells } => Shape::Line { kind: LineKind::Palindrome, points: centres(cells) },
        Constraint::Diagonal { diagonal } => match diagonal {
            Diagonal::Main => Shape::Diagonal { from: Point { x: 0.0, y: 0.0 }, to: Point { x: side, y: side } },
            Diagonal::Anti => Shape::Diagonal { from: Point { x: 0.0, y: side }, to: Point { x: side, y: 0.0 } },
        },
        Constraint::Parity { cell, even } => Shape::Parity { at: centre(size, *cell), even: *even },
        Constraint::ExtraRegion { cells } => Shape::Shaded { cells: cells.clone() },
        Constraint::LittleKiller { cells, sum, clue } => {
            let at = Point { x: clue.1 as f32 + 0.5, y: clue.0 as f32 + 0.5 };
            let first = centre(size, cells[0]);
            let (dx, dy) = ((first.x - at.x).signum() as i8, (first.y - at.y).signum() as i8);
            Shape::LittleKiller { at, sum: *sum, dx, dy }
        }
        Constraint::Sandwich { line, sum, start } => {
            let far = if *start { -0.5 } else { side + 0.5 };
            let at = match line {
                Line::Row(r) => Point { x: far, y: *r as f32 + 0.5 },
                Line::Col(c) => Point { x: *c as f32 + 0.5, y: far },
            };
            Shape::Outside { at, value: *sum }
        }
        _ => return Vec::new(),
    };
    vec![shape]
}

/// What one constraint says about a cell (nothing when the cell is not on it, or the rule
/// covers the whole grid and the rules text says it).
pub(super) fn notes(size: Size, c: &Constraint, cell: Cell) -> Vec<CellNote> {
    let on = |cells: &[Cell]| cells.contains(&cell);
    let other = |cells: &[Cell; 2]| if cells[0] == cell { cells[1] } else { cells[0] };
    let note = match c {
        Constraint::Killer { cells, sum } if on(cells) => CellNote::Cage { cells: cells.len(), sum: *sum },
        Constraint::Thermometer { cells } if on(cells) => {
            CellNote::Thermometer { position: cells.iter().position(|&c| c == cell).unwrap_or(0) + 1, length: cells.len() }
        }
        Constraint::Arrow { circle, line } if on(circle) => CellNote::ArrowCircle { shaft: line.len() },
        Constraint::Arrow { line, .. } if on(line) => CellNote::ArrowShaft { length: line.len() },
        Constraint::Kropki { cells, dot } if on(cells) => CellNote::Dot { dot: *dot, with: other(cells) },
        Constraint::Xv { cells, sum } if on(cells) => CellNote::Xv { sum: *sum, with: other(cells) },
        Constraint::Whispers { cells } if on(cells) => CellNote::Line { kind: LineKind::Whispers, length: cells.len() },
        Constraint::Renban { cells } if on(cells) => CellNote::Line { kind: LineKind::Renban, length: cells.len() },
        Constraint::Palindrome { cells } if on(cells) => CellNote::Line { kind: LineKind::Palindrome, length: cells.len() },
        Constraint::Diagonal { diagonal } if on(&diagonal_cells(size, *diagonal)) => CellNote::Diagonal { diagonal: *diagonal },
        Constraint::ExtraRegion { cells } if on(cells) => CellNote::ExtraRegion { cells: cells.len() },
        Constraint::Parity { cell: c, even } if *c == cell => CellNote::Parity { even: *even },
        Constraint::LittleKiller { cells, sum, .. } if on(cells) => CellNote::LittleKiller { sum: *sum, length: cells.len() },
        Constraint::Sandwich { line, sum, .. } if on(&line_cells(size, *line)) => CellNote::Sandwich { line: *line, sum: *sum },
        _ => return Vec::new(),
    };
    vec![note]
}
