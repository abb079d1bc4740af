//! Sue de Coq (two-sector disjoint subsets): a box (or a jigsaw's region) and a line that
//! cross, and a counting argument over cells of both.
//!
//! Take two or more empty cells C where the box and the line meet, holding the digits V, with at
//! least two digits more than cells (so C alone is no subset). Add some cells A of the line
//! outside the box and some cells B of the box outside the line, such that no digit of A is a
//! digit of B, and all the cells together (C, A and B) hold exactly as many digits as there are
//! cells. Then every one of those digits is in the pattern exactly once:
//!
//! - a digit of A (or of C and not of B) can only be in C or A, which all lie in the line — at
//!   most once; likewise a digit of B (or of C and not of A) at most once in the box part;
//! - N cells need N digits, each used at most once: so each is used exactly once.
//!
//! So the digits of A, and those of C that B lacks, leave the rest of the line; the digits of B,
//! and those of C that A lacks, leave the rest of the box. A digit of C that neither A nor B
//! holds leaves both.
//!
//! The basic form has one two-digit cell in A and one in B, with digits drawn from V. The
//! extended forms are the same count with more cells, and with digits in A or B that C doesn't
//! have: each such digit needs one more cell on its side, which the count checks.

use super::util::Sink;
use crate::cellset::{CellSet, house_set};
use crate::geometry::{Candidate, Cell, DigitSet, House, Size};
use crate::position::Position;
use crate::step::{Step, Technique};

/// One side's part of the pattern: some cells, their digits, and how many digits of the
/// crossing (V) they use up (cells minus the digits they bring from outside V).
struct Part {
    cells: CellSet,
    digits: DigitSet,
    absorbs: usize,
}

/// A subset of one side's cells: the cells, their digits, their number.
type Subset = (CellSet, DigitSet, usize);

/// The subsets of `cells` of at most `max` cells, with their digits.
fn subsets(pos: &Position, cells: &[Cell], max: usize) -> Vec<Subset> {
    let mut out = Vec::new();
    // Subsets as bit masks over `cells` (at most 12 on 16x16, 6 on 9x9).
    for mask in 1u32..(1 << cells.len()) {
        let k = mask.count_ones() as usize;
        if k > max {
            continue;
        }
        let mut set = CellSet::EMPTY;
        let mut digits = DigitSet::EMPTY;
        for (i, &c) in cells.iter().enumerate() {
            if mask & (1 << i) != 0 {
                set.insert(c);
                digits |= pos.candidates(c);
            }
        }
        out.push((set, digits, k));
    }
    out
}

/// The subsets that can be a side of a pattern over digits `v`: they hold at least one digit of
/// V and use up at least one but fewer than `need`.
fn parts(subsets: &[Subset], v: DigitSet, need: usize) -> Vec<Part> {
    subsets
        .iter()
        .filter_map(|&(cells, digits, k)| {
            let outside = digits.difference(v).len();
            let ok = !(digits & v).is_empty() && k > outside && k - outside < need;
            ok.then(|| Part { cells, digits, absorbs: k - outside })
        })
        .collect()
}

/// The candidates of `digits` in `cells`.
fn cands_in(pos: &Position, cells: CellSet, digits: DigitSet) -> Vec<Candidate> {
    digits.iter().flat_map(|d| super::util::eliminations(pos, cells, d)).collect()
}

pub fn find_all(pos: &Position, sink: Sink<'_>) -> bool {
    let size = pos.size();
    let open = pos.open_set();
    // Bigger grids have longer lines: cap each side's cells so the search stays quick.
    let max = if size == Size::Sixteen { 4 } else { 6 };
    let layout = pos.layout();
    for bhouse in layout.regions_houses() {
        let bset = layout.house_set(bhouse);
        // The rows, then the columns, that the box or region meets.
        let (rows, cols) = bset.iter().fold((0u32, 0u32), |(r, c), x| (r | 1 << size.row_of(x), c | 1 << size.col_of(x)));
        let lines = (0..size.side() as u8).filter(|&r| rows & 1 << r != 0).map(House::Row);
        for line in lines.chain((0..size.side() as u8).filter(|&c| cols & 1 << c != 0).map(House::Col)) {
            let lset = house_set(size, line);
            let crossing: Vec<Cell> = (lset & bset & open).to_vec();
            if crossing.len() < 2 {
                continue;
            }
            let line_rest = subsets(pos, &((lset - bset) & open).to_vec(), max);
            let box_rest = subsets(pos, &((bset - lset) & open).to_vec(), max);
            for mask in 1u32..(1 << crossing.len()) {
                if mask.count_ones() < 2 {
                    continue;
                }
                let c: CellSet = crossing.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, &x)| x).collect();
                let v = c.iter().fold(DigitSet::EMPTY, |acc, x| acc | pos.candidates(x));
                if v.len() < c.len() + 2 {
                    continue;
                }
                let need = v.len() - c.len();
                let pattern = Pattern { line, bhouse, lset, bset, c, v };
                if !pattern.search(pos, &line_rest, &box_rest, need, sink) {
                    return false;
                }
            }
        }
    }
    true
}

/// The crossing part of a pattern: the line, the box, and the cells C with digits V.
struct Pattern {
    line: House,
    bhouse: House,
    lset: CellSet,
    bset: CellSet,
    c: CellSet,
    v: DigitSet,
}

impl Pattern {
    /// Every pair of sides that completes the count.
    fn search(&self, pos: &Position, line_rest: &[Subset], box_rest: &[Subset], need: usize, sink: Sink<'_>) -> bool {
        let line_parts = parts(line_rest, self.v, need);
        if line_parts.is_empty() {
            return true;
        }
        let box_parts = parts(box_rest, self.v, need);
        for a in &line_parts {
            for b in &box_parts {
                if a.absorbs + b.absorbs != need || !(a.digits & b.digits).is_empty() {
                    continue;
                }
                if let Some(step) = self.step(pos, a, b)
                    && !sink(step)
                {
                    return false;
                }
            }
        }
        true
    }

    fn step(&self, pos: &Position, a: &Part, b: &Part) -> Option<Step> {
        let all = self.c | a.cells | b.cells;
        let line_digits = (a.digits | self.v).difference(b.digits);
        let box_digits = (b.digits | self.v).difference(a.digits);
        let mut eliminations = cands_in(pos, self.lset - all, line_digits);
        eliminations.extend(cands_in(pos, self.bset - all, box_digits));
        if eliminations.is_empty() {
            return None;
        }
        crate::keyed_sort::sort_by_key(&mut eliminations, Candidate::order);
        eliminations.dedup();
        let mut step = Step::new(Technique::SueDeCoq);
        step.eliminations = eliminations;
        // The crossing first, then the line's cells, then the box's: the sentence names them so.
        step.cells = self.c.iter().chain(a.cells.iter()).chain(b.cells.iter()).collect();
        step.houses = vec![self.line, self.bhouse];
        step.candidates = step.cells.iter().flat_map(|&x| pos.candidates(x).iter().map(move |d| Candidate::new(x, d))).collect();
        Some(step)
    }
}
