//! Uniqueness: Unique Rectangle types 1-4, Hidden Rectangle, and BUG+1. They rest on the
//! puzzle having one solution (every inkdoku puzzle has).
//!
//! A deadly pattern: four empty cells at the corners of a rectangle spanning two boxes, all
//! holding only {a,b}. Its a's and b's could be swapped, giving two solutions — so in a unique
//! puzzle it can't happen, and whatever prevents it must be true:
//!
//! - Type 1: three corners are exactly {a,b}: the fourth is not a or b.
//! - Type 2: two corners on one side are {a,b,c}: one of them is c, so cells seeing both lose c.
//! - Type 3: the extras of two corners on one side act as one cell: with other cells of a
//!   shared house they form a naked subset.
//! - Type 4: two corners on one side, and a is only in them in that side's house: a is in one
//!   of them, so b in neither.
//! - Type 5: two diagonal corners, or three, each with the one extra c: one of them is c, so
//!   cells seeing all of them lose c.
//! - Type 6: two diagonal corners are {a,b}, the other two have extras, and a lies only in the
//!   rectangle in both its rows (or both its columns): a is on one diagonal (an X-Wing). On the
//!   extra corners' diagonal, the other corners would be b — the deadly pattern — so a is on
//!   the {a,b} diagonal, and the extra corners lose a.
//! - Hidden Rectangle: one corner is {a,b}; in the opposite corner's row and column, a is only
//!   in the rectangle: that corner can't be b.
//! - BUG+1: every empty cell has two candidates but one, which has three: the one digit of it
//!   that appears three times in its houses is its digit (else the grid would be a bivalue
//!   "graveyard" with two solutions).
//!
//! Avoidable Rectangles are the same deadly pattern made of digits placed while solving, not
//! givens: four such corners holding a, b, a, b could be swapped without touching any given.
//!
//! - Type 1: three corners are placed, a on one diagonal and b on the other: the fourth can't
//!   be the digit of its opposite corner.
//! - Type 2: two corners of one side are placed with a and b; the other two hold {b,c} and
//!   {a,c} (each the digit that would complete the pattern, and c): one of them is c, so cells
//!   seeing both lose c.

use super::util::{Sink, combinations};
use crate::cellset::{CellSet, common_peers, house_set};
use crate::geometry::{Candidate, Cell, Digit, DigitSet, House, Size};
use crate::position::Position;
use crate::step::{Step, Technique};

struct Rect {
    corners: [Cell; 4], // (r1,c1) (r1,c2) (r2,c1) (r2,c2)
    a: Digit,
    b: Digit,
}

/// Calls `f` with every rectangle of empty cells over two boxes and each pair {a,b} common to
/// its corners, where some corner holds nothing but a or b: every Unique and Hidden Rectangle
/// needs one such corner (Type 1 three, Types 2-6 two, a Hidden Rectangle one), so the pairs
/// come from the corners with at most two candidates — on 16x16, where corners hold many
/// digits, this is what keeps the search quick.
fn rectangles(pos: &Position, f: &mut dyn FnMut(&Rect) -> bool) -> bool {
    let size = pos.size();
    let n = size.side();
    let (h, w) = (size.box_rows(), size.box_cols());
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            let same_band = r1 / h == r2 / h;
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    // Two boxes: the rows share a band or the columns a stack, not both.
                    if same_band == (c1 / w == c2 / w) {
                        continue;
                    }
                    let corners = [size.cell(r1, c1), size.cell(r1, c2), size.cell(r2, c1), size.cell(r2, c2)];
                    if corners.iter().any(|&c| pos.value(c).is_some()) {
                        continue;
                    }
                    // Every corner must still allow a or b. A corner may lack one of them: the
                    // deadly pattern needs only that the corners are empty (not givens), since
                    // a candidate soundly removed can't be in any solution, and a swap would
                    // make one ("URs with missing candidates").
                    let union = corners.iter().fold(DigitSet::EMPTY, |acc, &c| acc | pos.candidates(c));
                    let mut pairs: Vec<DigitSet> = Vec::new();
                    for &c in &corners {
                        let k = pos.candidates(c);
                        let found: Vec<DigitSet> = match k.len() {
                            2 => vec![k],
                            1 => union.difference(k).iter().map(|x| k | DigitSet::single(x)).collect(),
                            _ => Vec::new(),
                        };
                        for pair in found {
                            if !pairs.contains(&pair) {
                                pairs.push(pair);
                            }
                        }
                    }
                    // In digit order, as a walk over the union's pairs would meet them.
                    crate::keyed_sort::sort_by_key(&mut pairs, |p| {
                        let mut d = p.iter().map(|d| u64::from(d.get()));
                        d.next().map_or(0, |a| a << 8 | d.next().unwrap_or(0))
                    });
                    for pair in pairs {
                        if corners.iter().any(|&c| (pos.candidates(c) & pair).is_empty()) {
                            continue;
                        }
                        let mut digits = pair.iter();
                        let (Some(a), Some(b)) = (digits.next(), digits.next()) else { continue };
                        if !f(&Rect { corners, a, b }) {
                            return false;
                        }
                    }
                }
            }
        }
    }
    true
}

fn base_step(technique: Technique, pos: &Position, r: &Rect) -> Step {
    let mut step = Step::new(technique);
    step.cells = r.corners.to_vec();
    for &c in &r.corners {
        for d in [r.a, r.b] {
            if pos.has(c, d) {
                step.candidates.push(Candidate::new(c, d));
            }
        }
    }
    step
}

/// The houses two cells share (row or column, and box).
fn shared_houses(size: Size, x: Cell, y: Cell) -> Vec<House> {
    size.houses_of(x).into_iter().filter(|h| size.houses_of(y).contains(h)).collect()
}

pub fn unique_rectangle(pos: &Position, technique: Technique, sink: Sink<'_>) -> bool {
    let size = pos.size();
    rectangles(pos, &mut |r| {
        let pair = DigitSet::single(r.a) | DigitSet::single(r.b);
        let extra: Vec<DigitSet> = r.corners.iter().map(|&c| pos.candidates(c).difference(pair)).collect();
        let with: Vec<usize> = (0..4).filter(|&i| !extra[i].is_empty()).collect();
        match technique {
            Technique::UniqueRectangle1 if with.len() == 1 => {
                let t = r.corners[with[0]];
                let mut step = base_step(technique, pos, r);
                step.eliminations = [r.a, r.b].into_iter().filter(|&d| pos.has(t, d)).map(|d| Candidate::new(t, d)).collect();
                sink(step)
            }
            Technique::UniqueRectangle2 | Technique::UniqueRectangle3 | Technique::UniqueRectangle4 if with.len() == 2 => {
                let (x, y) = (r.corners[with[0]], r.corners[with[1]]);
                if !on_one_side(size, x, y) {
                    return true;
                }
                let mut step = base_step(technique, pos, r);
                match technique {
                    Technique::UniqueRectangle2 => {
                        let (ex, ey) = (extra[with[0]], extra[with[1]]);
                        let Some(c) = ex.single_digit() else { return true };
                        if ey != ex {
                            return true;
                        }
                        let targets = (common_peers(size, &[x, y]) & pos.digit_cells(c)) - r.corners.iter().copied().collect();
                        step.eliminations = targets.iter().map(|t| Candidate::new(t, c)).collect();
                        step.eliminations.is_empty() || sink(step)
                    }
                    Technique::UniqueRectangle4 => {
                        for house in shared_houses(size, x, y) {
                            for (keep, drop) in [(r.a, r.b), (r.b, r.a)] {
                                let places = pos.house_digit_cells(house, keep);
                                if places.len() == 2 && places.contains(x) && places.contains(y) {
                                    let mut s = step.clone();
                                    s.houses = vec![house];
                                    s.eliminations =
                                        [x, y].into_iter().filter(|&c| pos.has(c, drop)).map(|c| Candidate::new(c, drop)).collect();
                                    if !s.eliminations.is_empty() && !sink(s) {
                                        return false;
                                    }
                                }
                            }
                        }
                        true
                    }
                    _ => ur3(pos, r, x, y, extra[with[0]] | extra[with[1]], step, sink),
                }
            }
            Technique::UniqueRectangle5 if with.len() == 2 || with.len() == 3 => {
                let Some(c) = extra[with[0]].single_digit() else { return true };
                let holders: Vec<Cell> = with.iter().map(|&i| r.corners[i]).collect();
                if with.iter().any(|&i| extra[i] != extra[with[0]]) || (with.len() == 2 && on_one_side(size, holders[0], holders[1])) {
                    return true; // two on one side with the same extra is Type 2
                }
                let mut step = base_step(technique, pos, r);
                let targets = (common_peers(size, &holders) & pos.digit_cells(c)) - r.corners.iter().copied().collect();
                step.eliminations = targets.iter().map(|t| Candidate::new(t, c)).collect();
                step.eliminations.is_empty() || sink(step)
            }
            Technique::UniqueRectangle6 if with.len() == 2 => ur6(pos, r, with[0], with[1], sink),
            _ => true,
        }
    })
}

/// Whether two cells share a row or a column.
fn on_one_side(size: Size, x: Cell, y: Cell) -> bool {
    size.row_of(x) == size.row_of(y) || size.col_of(x) == size.col_of(y)
}

/// Whether `digit` must go in the rectangle in `house` (it isn't placed there yet, and has no
/// place outside the corners).
fn locked_in(pos: &Position, house: House, digit: Digit, corners: CellSet) -> bool {
    !pos.placed_in(house, digit) && pos.house_digit_cells(house, digit).is_subset(corners)
}

/// Type 6: corners `i` and `j` (a diagonal) have extras.
fn ur6(pos: &Position, r: &Rect, i: usize, j: usize, sink: Sink<'_>) -> bool {
    let size = pos.size();
    let (x, y) = (r.corners[i], r.corners[j]);
    if on_one_side(size, x, y) {
        return true;
    }
    let corners: CellSet = r.corners.iter().copied().collect();
    let rows = [House::Row(size.row_of(x) as u8), House::Row(size.row_of(y) as u8)];
    let cols = [House::Col(size.col_of(x) as u8), House::Col(size.col_of(y) as u8)];
    for d in [r.a, r.b] {
        for lines in [rows, cols] {
            if !lines.iter().all(|&h| locked_in(pos, h, d, corners)) {
                continue;
            }
            let mut step = base_step(Technique::UniqueRectangle6, pos, r);
            step.houses = lines.to_vec();
            step.eliminations = [x, y].into_iter().filter(|&c| pos.has(c, d)).map(|c| Candidate::new(c, d)).collect();
            if !step.eliminations.is_empty() && !sink(step) {
                return false;
            }
            break; // the columns would remove the same
        }
    }
    true
}

/// Type 3: the two extra-holding corners x, y act as one cell holding `extras`.
fn ur3(pos: &Position, r: &Rect, x: Cell, y: Cell, extras: DigitSet, step: Step, sink: Sink<'_>) -> bool {
    let size = pos.size();
    for house in shared_houses(size, x, y) {
        let others: Vec<Cell> =
            (house_set(size, house) & pos.open_set()).iter().filter(|&c| c != x && c != y && !r.corners.contains(&c)).collect();
        for k in 1..=3usize.min(others.len()) {
            let go_on = combinations(&others, k, &mut |chosen| {
                let digits = chosen.iter().fold(extras, |acc, &c| acc | pos.candidates(c));
                if digits.len() != k + 1 {
                    return true;
                }
                let subset: CellSet = chosen.iter().copied().chain([x, y]).collect();
                // The subset is naked in every house all its cells share (a line and a box).
                let houses: Vec<House> =
                    shared_houses(size, x, y).into_iter().filter(|&h| chosen.iter().all(|&c| house_set(size, h).contains(c))).collect();
                if houses.first() != Some(&house) {
                    return true; // found from its first shared house only
                }
                let area = houses.iter().fold(CellSet::EMPTY, |a, &h| a | house_set(size, h)) & (pos.open_set() - subset);
                let mut s = step.clone();
                s.houses = houses;
                for d in digits {
                    s.eliminations.extend((area & pos.digit_cells(d)).iter().map(|c| Candidate::new(c, d)));
                }
                s.cells.extend(chosen.iter().copied());
                s.eliminations.is_empty() || sink(s)
            });
            if !go_on {
                return false;
            }
        }
    }
    true
}

pub fn hidden_rectangle(pos: &Position, sink: Sink<'_>) -> bool {
    let size = pos.size();
    rectangles(pos, &mut |r| {
        let pair = DigitSet::single(r.a) | DigitSet::single(r.b);
        // Corner i's opposite is 3 - i; its row partner and column partner are the others.
        for i in 0..4 {
            let corner = r.corners[i];
            if pos.candidates(corner) != pair {
                continue;
            }
            let far = r.corners[3 - i];
            for (a, b) in [(r.a, r.b), (r.b, r.a)] {
                let row = House::Row(size.row_of(far) as u8);
                let col = House::Col(size.col_of(far) as u8);
                let in_rect: CellSet = r.corners.iter().copied().collect();
                // a must still need a place in both lines (not placed there already: found by
                // the soundness test), and have it only inside the rectangle.
                if locked_in(pos, row, a, in_rect) && locked_in(pos, col, a, in_rect) && pos.has(far, b) {
                    let mut step = base_step(Technique::HiddenRectangle, pos, r);
                    step.houses = vec![row, col];
                    step.eliminations = vec![Candidate::new(far, b)];
                    if !sink(step) {
                        return false;
                    }
                }
            }
        }
        true
    })
}

pub fn bug_plus_one(pos: &Position, sink: Sink<'_>) -> bool {
    let size = pos.size();
    let mut triple = None;
    for cell in pos.open_cells() {
        match pos.candidates(cell).len() {
            2 => {}
            3 if triple.is_none() => triple = Some(cell),
            _ => return true,
        }
    }
    let Some(t) = triple else { return true };
    // The digit that appears three times in each of the cell's houses.
    let odd = pos.candidates(t).iter().find(|&d| size.houses_of(t).iter().all(|&h| pos.house_digit_cells(h, d).len() == 3));
    let Some(d) = odd else { return true };
    // And the grave itself: without that one candidate, every digit would have exactly two
    // places in every house that still needs it (else the position is no BUG).
    for house in size.houses() {
        for x in size.digits() {
            let mut n = pos.house_digit_cells(house, x).len();
            if x == d && size.houses_of(t).contains(&house) {
                n -= 1;
            }
            if n != 0 && n != 2 {
                return true;
            }
        }
    }
    let mut step = Step::new(Technique::Bug1);
    step.eliminations = pos.candidates(t).iter().filter(|&x| x != d).map(|x| Candidate::new(t, x)).collect();
    step.cells = vec![t];
    step.candidates = vec![Candidate::new(t, d)];
    step.houses = size.houses_of(t).to_vec();
    sink(step)
}

/// Calls `f` with every rectangle over two boxes whose corners are empty or hold digits placed
/// while solving (never givens), with the number of placed corners.
fn avoidable_rectangles(pos: &Position, f: &mut dyn FnMut([Cell; 4], usize) -> bool) -> bool {
    let size = pos.size();
    let n = size.side();
    let usable = |c: Cell| pos.value(c).is_none() || pos.is_placed(c);
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let corners = [size.cell(r1, c1), size.cell(r1, c2), size.cell(r2, c1), size.cell(r2, c2)];
                    let two_boxes = size.box_of(corners[0]) != size.box_of(corners[3])
                        && (size.box_of(corners[0]) == size.box_of(corners[1]) || size.box_of(corners[0]) == size.box_of(corners[2]));
                    if !two_boxes || !corners.iter().all(|&c| usable(c)) {
                        continue;
                    }
                    let placed = corners.iter().filter(|&&c| pos.value(c).is_some()).count();
                    if !f(corners, placed) {
                        return false;
                    }
                }
            }
        }
    }
    true
}

fn avoidable_step(technique: Technique, pos: &Position, corners: [Cell; 4], digits: DigitSet) -> Step {
    let mut step = Step::new(technique);
    // The placed corners first, then the empty ones (the sentence names them so).
    step.cells = corners
        .iter()
        .copied()
        .filter(|&c| pos.value(c).is_some())
        .chain(corners.iter().copied().filter(|&c| pos.value(c).is_none()))
        .collect();
    step.candidates = corners.iter().flat_map(|&c| (pos.candidates(c) & digits).iter().map(move |d| Candidate::new(c, d))).collect();
    step
}

pub fn avoidable_rectangle(pos: &Position, technique: Technique, sink: Sink<'_>) -> bool {
    let size = pos.size();
    avoidable_rectangles(pos, &mut |corners, placed| {
        // Corner i's opposite is 3 - i; its row partner is i ^ 1, its column partner i ^ 2.
        match technique {
            Technique::AvoidableRectangle1 if placed == 3 => {
                let Some(e) = (0..4).find(|&i| pos.value(corners[i]).is_none()) else { return true };
                let (Some(a), Some(b1), Some(b2)) = (pos.value(corners[3 - e]), pos.value(corners[e ^ 1]), pos.value(corners[e ^ 2]))
                else {
                    return true;
                };
                if b1 != b2 || a == b1 || !pos.has(corners[e], a) {
                    return true;
                }
                let mut step = avoidable_step(technique, pos, corners, DigitSet::single(a));
                step.eliminations = vec![Candidate::new(corners[e], a)];
                sink(step)
            }
            Technique::AvoidableRectangle2 if placed == 2 => {
                let empty: Vec<usize> = (0..4).filter(|&i| pos.value(corners[i]).is_none()).collect();
                let (u, v) = (empty[0], empty[1]);
                if !on_one_side(size, corners[u], corners[v]) {
                    return true;
                }
                // Each empty corner's completing digit is its opposite corner's.
                let (Some(du), Some(dv)) = (pos.value(corners[3 - u]), pos.value(corners[3 - v])) else { return true };
                let (cu, cv) = (pos.candidates(corners[u]), pos.candidates(corners[v]));
                if du == dv || !cu.contains(du) || !cv.contains(dv) {
                    return true;
                }
                let (xu, xv) = (cu.difference(DigitSet::single(du)), cv.difference(DigitSet::single(dv)));
                let Some(c) = xu.single_digit() else { return true };
                if xu != xv || c == du || c == dv {
                    return true;
                }
                let pair = [corners[u], corners[v]];
                let mut step = avoidable_step(technique, pos, corners, DigitSet::single(du) | DigitSet::single(dv) | xu);
                step.eliminations = (common_peers(size, &pair) & pos.digit_cells(c)).iter().map(|t| Candidate::new(t, c)).collect();
                step.eliminations.is_empty() || sink(step)
            }
            _ => true,
        }
    })
}
