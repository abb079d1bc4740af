//! Templates: every way one digit can still fill the whole grid.
//!
//! A template is a placement of one digit in every row, column and box (a jigsaw's region):
//! nine cells, one per row, no two in a column or a box (46,656 of them on an empty 9x9 grid). The templates that
//! fit the position use every cell where the digit is placed and otherwise only its
//! candidates. The solution's cells for each digit form one of them, so:
//! - a cell in every fitting template must hold the digit (Template Set);
//! - a candidate in no fitting template can't (Template Delete).
//!
//! The digits also constrain each other: a cell that every template of 7 uses is a 7, so no
//! template of 4 may use it. Such templates are dropped, for all digits, until none is left
//! to drop; then the cells above are read off.
//!
//! The templates are walked row by row with bitmasks (columns used, boxes used in the current
//! band; on a jigsaw, the regions used), nothing precomputed. Template Set and Delete run on 9x9 only: 4x4 grids never need
//! them (singles and subsets solve them), and a 16x16 digit has far too many templates to walk
//! ((4!)^8, about 10^11, on an empty grid). The walk also serves 4x4 for `outside_templates`,
//! which tells the fish searches which candidates they could possibly remove.

use super::util::{Memo, Sink, memo};
use crate::geometry::{Candidate, Cell, Digit, Size};
use crate::position::Position;
use crate::step::{Step, Technique};

/// Template Set (`set`) or Template Delete: one step per digit, with all its cells.
pub fn find_all(pos: &Position, set: bool, sink: Sink<'_>) -> bool {
    let size = pos.size();
    if size != Size::Nine {
        return true;
    }
    let Some(spans) = spans(pos) else { return true };
    for digit in size.digits() {
        let (union, every) = spans[digit.index()];
        let placed = bits_of(size.cells().filter(|&c| pos.value(c) == Some(digit)));
        let open = bits_of(pos.digit_cells(digit).iter());
        let mut step = Step::new(if set { Technique::TemplateSet } else { Technique::TemplateDelete });
        if set {
            // In every template and not yet placed.
            let cells: Vec<Cell> = cells_of(size, every & !placed);
            if cells.is_empty() {
                continue;
            }
            step.placements = cells.iter().map(|&c| Candidate::new(c, digit)).collect();
            step.cells = cells;
            step.candidates = step.placements.clone();
        } else {
            let gone: Vec<Cell> = cells_of(size, open & !union);
            if gone.is_empty() {
                continue;
            }
            step.eliminations = gone.iter().map(|&c| Candidate::new(c, digit)).collect();
            // The pattern: where the digit can still go.
            step.candidates = cells_of(size, open & union).into_iter().map(|c| Candidate::new(c, digit)).collect();
        }
        if !sink(step) {
            return false;
        }
    }
    true
}

/// Per digit, the cells some fitting template uses and those all of them use, after the
/// digits' templates have constrained each other; `None` for a broken position.
type Spans = Option<[(u128, u128); 9]>;

thread_local! {
    /// Template Set and Template Delete are tried one after the other on the same position,
    /// and the walk is most of their cost.
    static SPANS: Memo<(), Spans> = const { std::cell::RefCell::new(None) };
    /// Every fish search asks for every digit; the position is the same for a whole ladder.
    static OUTSIDE: Memo<(), [u128; 9]> = const { std::cell::RefCell::new(None) };
}

fn spans(pos: &Position) -> Spans {
    memo(&SPANS, pos, (), || spans_uncached(pos))
}

fn spans_uncached(pos: &Position) -> Spans {
    let mut all: Vec<Vec<u128>> = pos.size().digits().map(|d| templates(pos, d)).collect();
    // The cells in every template of a digit must hold it, so a template of another digit
    // through one of them can't be the solution's; dropping it may pin more cells down, so
    // repeat until nothing changes.
    loop {
        if all.iter().any(|ts| ts.is_empty()) {
            return None; // some digit fits nowhere: a broken position
        }
        let every: Vec<u128> = all.iter().map(|ts| ts.iter().fold(!0u128, |e, &t| e & t)).collect();
        let mut changed = false;
        for d in 0..9 {
            let others = (0..9).filter(|&e| e != d).fold(0u128, |m, e| m | every[e]);
            let before = all[d].len();
            all[d].retain(|&t| t & others == 0);
            changed |= all[d].len() != before;
        }
        if !changed {
            break;
        }
    }
    Some(std::array::from_fn(|d| all[d].iter().fold((0u128, !0u128), |(u, e), &t| (u | t, e & t))))
}

fn bits_of(cells: impl Iterator<Item = Cell>) -> u128 {
    cells.fold(0u128, |m, c| m | 1 << c.index())
}

fn cells_of(size: Size, bits: u128) -> Vec<Cell> {
    size.cells().filter(|c| bits & (1 << c.index()) != 0).collect()
}

/// The templates of one digit that fit the position, as cell masks.
fn templates(pos: &Position, digit: Digit) -> Vec<u128> {
    let mut found = Vec::new();
    walk(pos, &rows_of(pos, digit), &mut |t| {
        found.push(t);
        true
    });
    found
}

/// The candidates of a digit that no fitting template uses (as a cell mask): exactly those
/// that reasoning on this digit alone (any fish, finned or not, any single-digit chain) can
/// remove. For 4x4, 6x6 and 9x9; `None` on 16x16, where the templates can't be walked.
pub fn outside_templates(pos: &Position, digit: Digit) -> Option<u128> {
    if pos.size().cell_count() > 128 {
        return None;
    }
    let size = pos.size();
    let all =
        memo(&OUTSIDE, pos, (), || std::array::from_fn(|d| if d < size.side() { outside_uncached(pos, Digit::from_index(d)) } else { 0 }));
    Some(all[digit.index()])
}

fn outside_uncached(pos: &Position, digit: Digit) -> u128 {
    let size = pos.size();
    let rows = rows_of(pos, digit);
    let open = bits_of(pos.digit_cells(digit).iter());
    // One template through each candidate not yet on a template found: most candidates come
    // for free with the templates found for others.
    let (mut union, mut outside) = (0u128, 0u128);
    for c in pos.digit_cells(digit).iter() {
        let bit = 1u128 << c.index();
        if union & bit != 0 {
            continue;
        }
        let mut through = rows;
        through[size.row_of(c)] = 1 << size.col_of(c);
        let mut found = 0u128;
        walk(pos, &through, &mut |t| {
            found = t;
            false
        });
        if found == 0 {
            outside |= bit;
        }
        union |= found;
    }
    open & outside
}

/// Per row, the columns a template of `digit` may use: the placed one only, or the candidates.
fn rows_of(pos: &Position, digit: Digit) -> [u16; 9] {
    let size = pos.size();
    let mut rows = [0u16; 9];
    for r in 0..size.side().min(9) {
        let row = crate::geometry::House::Row(r as u8);
        let placed = size.house_cells(row).iter().position(|&c| pos.value(c) == Some(digit));
        rows[r] = match placed {
            Some(c) => 1 << c,
            None => (pos.house_digit_cells(row, digit)).iter().fold(0u16, |m, c| m | 1 << size.col_of(c)),
        };
    }
    rows
}

/// Calls `f` with every template (4x4, 6x6 or 9x9) of the position's houses that uses, in
/// each row, one of the columns `rows` allows there, until `f` returns false.
fn walk(pos: &Position, rows: &[u16; 9], f: &mut dyn FnMut(u128) -> bool) {
    let (size, layout) = (pos.size(), pos.layout());
    let (n, h, w) = (size.side(), size.box_rows(), size.box_cols());
    if layout.is_irregular() {
        let regions: Vec<u8> = size.cells().map(|c| layout.region_of(c).number() as u8).collect();
        Walk { n, h, w, rows, f, regions: &regions }.row::<true>(0, 0, 0, 0);
    } else {
        Walk { n, h, w, rows, f, regions: &[] }.row::<false>(0, 0, 0, 0);
    }
}

struct Walk<'a> {
    n: usize,
    /// The box's rows and columns.
    h: usize,
    w: usize,
    rows: &'a [u16; 9],
    f: &'a mut dyn FnMut(u128) -> bool,
    /// A jigsaw's region of each cell (empty for the boxes).
    regions: &'a [u8],
}
impl Walk<'_> {
    /// Places the digit in row `r` and below; `cols` are the columns used, `boxes` the box
    /// columns used in the current band (a `JIGSAW`'s regions used so far), `path` the cells
    /// chosen so far. False to stop. Generic so that the boxes' walk pays nothing for regions.
    fn row<const JIGSAW: bool>(&mut self, r: usize, cols: u16, boxes: u16, path: u128) -> bool {
        if r == self.n {
            return (self.f)(path);
        }
        let boxes = if !JIGSAW && r.is_multiple_of(self.h) { 0 } else { boxes };
        let mut options = self.rows[r] & !cols;
        while options != 0 {
            let c = options.trailing_zeros() as usize;
            options &= options - 1;
            let bx = if JIGSAW { 1u16 << self.regions[self.n * r + c] } else { 1u16 << (c / self.w) };
            if boxes & bx != 0 {
                continue;
            }
            // Every row below must keep a free column: most dead ends end here, not rows later.
            let cols = cols | 1 << c;
            if self.rows[r + 1..self.n].iter().any(|&row| row & !cols == 0) {
                continue;
            }
            if !self.row::<JIGSAW>(r + 1, cols, boxes | bx, path | 1 << (self.n * r + c)) {
                return false;
            }
        }
        true
    }
}
