//! Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish and Empty Rectangle.
//!
//! The first three are the same short chain on one digit d: a strong link A=B (d is in exactly
//! A or B of some house), a weak link B-C (B and C see each other), a strong link C=D. If A is
//! not d, B is; then C isn't, so D is. Either A or D holds d, and a cell seeing both loses it.
//!
//! ```text
//!  Skyscraper: both strong links    2-String Kite: one in a row,   Turbot Fish: any other
//!  in parallel lines, B and C in    one in a column, B and C in    shape (a box link).
//!  one cross line.                  one box.
//!    A . . . . . B                    . . . | A . . . . C=B-box
//!    x . . . . . |                    . . . |
//!    . . . D . . C                    D . . | . . .
//! ```
//! Empty Rectangle: in a box, d lies only in one row and one column of it (the rest, a
//! rectangle, is empty). With a strong link A=B in a column whose A is in that row, a cell E in
//! B's row and the box's column can't be d: if it were, B isn't, A is, the box's row is taken,
//! so the box's d is in its column — which E already holds.
//!
//! Dual 2-String Kite and Dual Empty Rectangle: two of them sharing their box (an Empty
//! Rectangle's digit, a kite's two box cells), each removing something: one step that makes
//! both eliminations.

use super::util::Sink;
use crate::cellset::{CellSet, house_set};
use crate::geometry::{Candidate, Cell, Digit, House};
use crate::layout::Layout;
use crate::position::Position;
use crate::step::{Link, Node, Step, Technique};

/// The conjugate pairs (strong links) of a digit: houses where it has exactly two places.
fn strong_links(pos: &Position, digit: Digit) -> Vec<(Cell, Cell, House)> {
    let mut out = Vec::new();
    for house in pos.layout().houses() {
        let cells = pos.house_digit_cells(house, digit);
        if cells.len() == 2 {
            let v = cells.to_vec();
            out.push((v[0], v[1], house));
        }
    }
    out
}

fn classify(layout: &Layout, h1: House, h2: House, b: Cell, c: Cell) -> Technique {
    let size = layout.size();
    let parallel = matches!((h1, h2), (House::Row(_), House::Row(_)) | (House::Col(_), House::Col(_)));
    let crossing = matches!((h1, h2), (House::Row(_), House::Col(_)) | (House::Col(_), House::Row(_)));
    let same_line = size.row_of(b) == size.row_of(c) || size.col_of(b) == size.col_of(c);
    if parallel && same_line && h1 != h2 {
        Technique::Skyscraper
    } else if crossing && layout.region_of(b) == layout.region_of(c) {
        Technique::TwoStringKite
    } else {
        Technique::TurbotFish
    }
}

/// The three-link chains of `technique`'s shape.
pub fn chains(pos: &Position, technique: Technique, sink: Sink<'_>) -> bool {
    pos.size().digits().all(|digit| chains_of(pos, digit, technique, sink))
}

/// The three-link chains of `technique`'s shape on one digit.
fn chains_of(pos: &Position, digit: Digit, technique: Technique, sink: Sink<'_>) -> bool {
    let layout = pos.layout();
    let links = strong_links(pos, digit);
    // Each link can be walked either way.
    let ends: Vec<(Cell, Cell, House)> = links.iter().flat_map(|&(a, b, h)| [(a, b, h), (b, a, h)]).collect();
    for (i, &(a, b, h1)) in ends.iter().enumerate() {
        for &(c, d, h2) in &ends[i + 1..] {
            if h1 == h2 || b == c || !layout.sees(b, c) {
                continue;
            }
            let cells = [a, b, c, d];
            if cells.iter().enumerate().any(|(x, p)| cells[x + 1..].contains(p)) {
                continue;
            }
            if classify(layout, h1, h2, b, c) != technique {
                continue;
            }
            let targets = (layout.common_peers(&[a, d]) & pos.digit_cells(digit)) - cells.iter().copied().collect();
            if targets.is_empty() {
                continue;
            }
            let mut step = Step::new(technique);
            step.eliminations = targets.iter().map(|t| Candidate::new(t, digit)).collect();
            step.cells = cells.to_vec();
            step.candidates = cells.iter().map(|&x| Candidate::new(x, digit)).collect();
            step.houses = vec![h1, h2];
            // A is d, or B is, so C isn't, so D is.
            let cand = |x: Cell| Candidate::new(x, digit);
            step.chains =
                vec![vec![Link::cells(cand(a), cand(b), true), Link::cells(cand(b), cand(c), false), Link::cells(cand(c), cand(d), true)]];
            if !sink(step) {
                return false;
            }
        }
    }
    true
}

/// Empty Rectangles.
pub fn empty_rectangle(pos: &Position, sink: Sink<'_>) -> bool {
    pos.size().digits().all(|digit| empty_rectangles_of(pos, digit, sink))
}

/// The Empty Rectangles of one digit.
fn empty_rectangles_of(pos: &Position, digit: Digit, sink: Sink<'_>) -> bool {
    let (size, layout) = (pos.size(), pos.layout());
    let links = strong_links(pos, digit);
    for bhouse in layout.regions_houses() {
        let in_box = pos.house_digit_cells(bhouse, digit);
        if in_box.len() < 2 {
            continue;
        }
        // The rows and columns the box (or a jigsaw's region) meets.
        let box_cells = layout.house_set(bhouse);
        let (rows, cols) = box_cells.iter().fold((0u32, 0u32), |(r, c), x| (r | 1 << size.row_of(x), c | 1 << size.col_of(x)));
        let outside = |x: Cell| !box_cells.contains(x);
        for r in (0..size.side()).filter(|&r| rows & 1 << r != 0) {
            for c in (0..size.side()).filter(|&c| cols & 1 << c != 0) {
                let row = House::Row(r as u8);
                let col = House::Col(c as u8);
                let cross = house_set(size, row) | house_set(size, col);
                if !in_box.is_subset(cross) {
                    continue;
                }
                // Not all in the row part or all in the column part (that is pointing).
                let row_only = in_box - house_set(size, col);
                let col_only = in_box - house_set(size, row);
                if row_only.is_empty() || col_only.is_empty() {
                    continue;
                }
                for &(p, q, h) in &links {
                    for (a, other) in [(p, q), (q, p)] {
                        // A strong link along a column, A in the ER row outside the box:
                        // E = (row of the other end, ER column), outside the box too. And the
                        // transposed case.
                        let (ok, e) = match h {
                            House::Col(_) if size.row_of(a) == r => (outside(a), size.cell(size.row_of(other), c)),
                            House::Row(_) if size.col_of(a) == c => (outside(a), size.cell(r, size.col_of(other))),
                            _ => (false, a),
                        };
                        if !ok || !outside(e) || !pos.has(e, digit) || e == other {
                            continue;
                        }
                        let mut step = Step::new(Technique::EmptyRectangle);
                        step.eliminations = vec![Candidate::new(e, digit)];
                        step.cells = in_box.iter().chain([a, other]).collect::<CellSet>().to_vec();
                        step.candidates = step.cells.iter().map(|&x| Candidate::new(x, digit)).collect();
                        step.houses = vec![bhouse, h];
                        // The box's digit is in the line through A (which A would rule out) or in
                        // the other line of the cross: `other` or that line holds it, and E sees both.
                        let (near, far) = if matches!(h, House::Col(_)) { (row, col_only) } else { (col, row_only) };
                        let near_part = in_box & house_set(size, near);
                        let group = |cells: CellSet| Node { digit, cells: cells.to_vec() };
                        step.chains = vec![vec![
                            Link::cells(Candidate::new(other, digit), Candidate::new(a, digit), true),
                            Link { from: Node::cell(a, digit), to: group(near_part), strong: false, set: Vec::new() },
                            Link { from: group(near_part), to: group(far), strong: true, set: Vec::new() },
                        ]];
                        if !sink(step) {
                            return false;
                        }
                    }
                }
            }
        }
    }
    true
}

/// Dual 2-String Kites (`DualTwoStringKite`) or Dual Empty Rectangles (`DualEmptyRectangle`):
/// two single patterns sharing their box, each removing something. Two Empty Rectangles share a
/// digit; two kites share their two box cells, on one digit or on two (as HoDoKu pairs them).
pub fn dual(pos: &Position, technique: Technique, sink: Sink<'_>) -> bool {
    let size = pos.size();
    // The patterns that may pair: all kites together, Empty Rectangles digit by digit.
    let groups: Vec<Vec<Step>> = if technique == Technique::DualTwoStringKite {
        let mut kites = Vec::new();
        for digit in size.digits() {
            chains_of(pos, digit, Technique::TwoStringKite, &mut |s: Step| {
                kites.push(s);
                true
            });
        }
        vec![kites]
    } else {
        size.digits()
            .map(|digit| {
                let mut rectangles = Vec::new();
                empty_rectangles_of(pos, digit, &mut |s: Step| {
                    rectangles.push(s);
                    true
                });
                rectangles
            })
            .collect()
    };
    for singles in &groups {
        for (i, x) in singles.iter().enumerate() {
            for y in &singles[i + 1..] {
                if pattern_box(pos.layout(), x) != pattern_box(pos.layout(), y) || x.eliminations == y.eliminations {
                    continue;
                }
                let mut step = combine(technique, x, y);
                // A jigsaw's kites share a region, named so that the sentence says "region".
                if technique == Technique::DualTwoStringKite && pos.layout().is_irregular() {
                    step.houses.push(pattern_box(pos.layout(), x).0);
                }
                if !sink(step) {
                    return false;
                }
            }
        }
    }
    true
}

/// What two patterns must share to make a dual: a kite's two box cells (its middle ones, in
/// either role), an Empty Rectangle's box.
fn pattern_box(layout: &Layout, step: &Step) -> (House, CellSet) {
    match step.technique {
        Technique::TwoStringKite => (layout.region_of(step.cells[1]), [step.cells[1], step.cells[2]].into_iter().collect()),
        _ => (step.houses[0], CellSet::EMPTY),
    }
}

/// One step from two: both patterns, both chains, both eliminations.
fn combine(technique: Technique, x: &Step, y: &Step) -> Step {
    fn merged<T: Clone + PartialEq>(a: &[T], b: &[T]) -> Vec<T> {
        let mut out = a.to_vec();
        out.extend(b.iter().filter(|v| !a.contains(v)).cloned());
        out
    }
    let mut step = Step::new(technique);
    step.eliminations = merged(&x.eliminations, &y.eliminations);
    crate::keyed_sort::sort_by_key(&mut step.eliminations, Candidate::order);
    step.cells = merged(&x.cells, &y.cells);
    step.candidates = merged(&x.candidates, &y.candidates);
    step.houses = merged(&x.houses, &y.houses);
    step.chains = x.chains.iter().chain(&y.chains).cloned().collect();
    step
}
