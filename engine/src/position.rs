//! A solving position: placed digits plus the candidates still open in each empty cell.
//!
//! Logical techniques read a `Position` and describe a deduction as a `Step`; applying the step
//! updates the position. Candidates are kept explicitly (not recomputed from the digits) so that
//! eliminations accumulate, exactly as a player's pencil marks do.

use crate::cellset::CellSet;
use crate::geometry::{Candidate, Cell, Digit, DigitSet, House, Size};
use crate::grid::Grid;
use crate::layout::Layout;
use crate::step::Step;
use std::sync::Arc;

/// Placed digits and open candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    size: Size,
    values: Vec<Option<Digit>>,
    cands: Vec<DigitSet>,
    /// For each digit (index 0..16), the cells where it is a candidate: `cands` seen by digit,
    /// kept in step with it, for the techniques' set algebra.
    by_digit: [CellSet; 16],
    /// The cells whose digit was placed after the position was made (by `place`): found while
    /// solving, not givens. A position made from a grid counts all the grid's digits as givens,
    /// since a grid can't tell a given from a player's entry. Avoidable Rectangles need this:
    /// their deadly pattern is made of placed digits, and givens can never be swapped.
    placed: CellSet,
    /// The houses: the size's boxes, or a jigsaw's regions (`with_layout`).
    layout: Arc<Layout>,
}

impl Position {
    /// The position of a grid with every candidate its peers allow.
    pub fn from_grid(grid: &Grid) -> Position {
        let size = grid.size();
        let cands = size.cells().map(|c| if grid.get(c).is_some() { DigitSet::EMPTY } else { grid.open_digits(c) }).collect();
        let layout = Layout::boxes(size);
        let mut p = Position { size, values: grid.cells().to_vec(), cands, by_digit: [CellSet::EMPTY; 16], placed: CellSet::EMPTY, layout };
        p.index_digits();
        p
    }

    /// The position of a grid whose houses are `layout`'s (a jigsaw's regions instead of the
    /// boxes), with every candidate its peers there allow, narrowed to `cands` when given.
    /// `None` when the layout is for another size.
    pub fn with_layout(grid: &Grid, cands: Option<&[DigitSet]>, layout: Arc<Layout>) -> Option<Position> {
        let size = grid.size();
        if layout.size() != size {
            return None;
        }
        let all = size.all_digits();
        let open = |c: Cell| {
            let seen: DigitSet = layout.peers(c).iter().filter_map(|&p| grid.get(p)).collect();
            let kept = cands.and_then(|k| k.get(c.index()).copied()).unwrap_or(all);
            all.difference(seen) & kept
        };
        let cands = size.cells().map(|c| if grid.get(c).is_some() { DigitSet::EMPTY } else { open(c) }).collect();
        let mut p = Position { size, values: grid.cells().to_vec(), cands, by_digit: [CellSet::EMPTY; 16], placed: CellSet::EMPTY, layout };
        p.index_digits();
        Some(p)
    }

    /// The houses this position reasons over.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The houses, shared (for a position made from this one).
    pub fn layout_arc(&self) -> Arc<Layout> {
        Arc::clone(&self.layout)
    }

    fn index_digits(&mut self) {
        self.by_digit = [CellSet::EMPTY; 16];
        for cell in self.size.cells() {
            for d in self.cands[cell.index()] {
                self.by_digit[d.index()].insert(cell);
            }
        }
    }

    /// The cells where `digit` is a candidate.
    pub fn digit_cells(&self, digit: Digit) -> CellSet {
        self.by_digit[digit.index()]
    }

    /// The cells of `house` where `digit` is a candidate.
    pub fn house_digit_cells(&self, house: House, digit: Digit) -> CellSet {
        self.by_digit[digit.index()] & self.layout.house_set(house)
    }

    /// The empty cells as a set.
    pub fn open_set(&self) -> CellSet {
        self.open_cells().collect()
    }

    /// A position with explicit candidates per cell (placed cells' sets are ignored).
    /// Candidates a placed peer forbids are dropped, so the position is always consistent with
    /// its digits.
    pub fn with_candidates(grid: &Grid, cands: &[DigitSet]) -> Position {
        let mut p = Position::from_grid(grid);
        for cell in grid.size().cells() {
            if grid.get(cell).is_none() {
                p.cands[cell.index()] &= cands.get(cell.index()).copied().unwrap_or_default();
            }
        }
        p.index_digits();
        p
    }

    /// Marks which filled cells were placed while solving rather than given (a player's
    /// entries), so that the techniques that need givens (Avoidable Rectangles) may use them.
    pub fn set_placed(&mut self, cells: CellSet) {
        self.placed = cells.iter().filter(|&c| self.values[c.index()].is_some()).collect();
    }

    /// Whether a cell's digit was placed while solving (not a given; see `placed`).
    pub fn is_placed(&self, cell: Cell) -> bool {
        self.placed.contains(cell)
    }

    /// The grid size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The digit placed in a cell.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.values[cell.index()]
    }

    /// The open candidates of a cell (empty for placed cells).
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.cands[cell.index()]
    }

    /// Whether `digit` is a candidate of `cell`.
    pub fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.cands[cell.index()].contains(digit)
    }

    /// The placed digits as a grid.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.size, self.values.clone()).expect("position digits fit")
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(Option::is_some)
    }

    /// The empty cells, in reading order.
    pub fn open_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.size.cells().filter(|&c| self.values[c.index()].is_none())
    }

    /// Whether a digit is already placed in a house.
    pub fn placed_in(&self, house: House, digit: Digit) -> bool {
        self.layout.house_cells(house).iter().any(|&c| self.values[c.index()] == Some(digit))
    }

    /// The empty cells of a house where `digit` is still a candidate.
    pub fn cells_with(&self, house: House, digit: Digit) -> Vec<Cell> {
        self.layout.house_cells(house).iter().copied().filter(|&c| self.cands[c.index()].contains(digit)).collect()
    }

    /// Places a digit: the cell loses its candidates and its peers lose the digit.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        self.values[cell.index()] = Some(digit);
        self.placed.insert(cell);
        for d in self.cands[cell.index()] {
            self.by_digit[d.index()].remove(cell);
        }
        self.cands[cell.index()] = DigitSet::EMPTY;
        for &p in self.layout.peers(cell) {
            self.cands[p.index()].remove(digit);
            self.by_digit[digit.index()].remove(p);
        }
    }

    /// Removes a candidate; returns whether it was there.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> bool {
        self.by_digit[digit.index()].remove(cell);
        self.cands[cell.index()].remove(digit)
    }

    /// Applies a step's placements and eliminations.
    pub fn apply(&mut self, step: &Step) {
        for c in &step.placements {
            self.place(c.cell, c.digit);
        }
        for c in &step.eliminations {
            self.eliminate(c.cell, c.digit);
        }
    }

    /// The first sign that the position cannot be completed: an empty cell without candidates,
    /// or a digit with no place left in a house.
    pub fn dead_end(&self) -> Option<DeadEnd> {
        if let Some(cell) = self.open_cells().find(|&c| self.cands[c.index()].is_empty()) {
            return Some(DeadEnd::NoCandidate(cell));
        }
        // Every logical solve asks this after each step: one pass over each house's cells,
        // the digits placed or open there as a 16-bit set, instead of a 256-bit set operation
        // per house and digit (a third of a 16x16 Easy generation went to those).
        let all = self.size.all_digits();
        for house in self.layout.houses() {
            let mut seen = DigitSet::EMPTY;
            for &c in self.layout.house_cells(house) {
                seen |= self.cands[c.index()];
                if let Some(d) = self.values[c.index()] {
                    seen.insert(d);
                }
            }
            if let Some(digit) = all.difference(seen).first() {
                return Some(DeadEnd::NoPlace(house, digit));
            }
        }
        None
    }

    /// Places every naked and hidden single, and every single they lead to, until none is left;
    /// `false` at a dead end (as `dead_end` tells one), `true` otherwise, with no dead end left.
    ///
    /// Which digits a position's singles place, and the candidates left after, do not depend on
    /// the order they are placed in: this gives the position a logical solve reaches once it
    /// has taken every single open to it, one step at a time, without the steps.
    pub fn fill_singles(&mut self) -> bool {
        let all = self.size.all_digits();
        loop {
            let mut progress = false;
            for i in 0..self.size.cell_count() {
                if self.values[i].is_none() {
                    let cands = self.cands[i];
                    if cands.is_empty() {
                        return false;
                    }
                    if let Some(d) = cands.single_digit() {
                        self.place(Cell::new(i), d);
                        progress = true;
                    }
                }
            }
            let layout = Arc::clone(&self.layout);
            for house in layout.houses() {
                let cells = layout.house_cells(house);
                let (mut once, mut twice, mut placed) = (DigitSet::EMPTY, DigitSet::EMPTY, DigitSet::EMPTY);
                for &c in cells {
                    let k = self.cands[c.index()];
                    twice |= once & k;
                    once |= k;
                    if let Some(d) = self.values[c.index()] {
                        placed.insert(d);
                    }
                }
                if (once | placed) != all {
                    return false;
                }
                for d in once.difference(twice).difference(placed) {
                    // Gone if an earlier single of this pass took the cell or the digit.
                    let Some(&c) = cells.iter().find(|c| self.cands[c.index()].contains(d)) else { return false };
                    self.place(c, d);
                    progress = true;
                }
            }
            if !progress {
                return true;
            }
        }
    }

    /// Every candidate of every empty cell.
    pub fn all_candidates(&self) -> impl Iterator<Item = Candidate> + '_ {
        self.open_cells().flat_map(move |c| self.cands[c.index()].iter().map(move |d| Candidate::new(c, d)))
    }
}

/// Why a position cannot be completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadEnd {
    /// An empty cell has no candidate left.
    NoCandidate(Cell),
    /// A digit has no place left in a house.
    NoPlace(House, Digit),
}
