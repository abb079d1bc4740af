//! A solver for every grid size: one candidate set per cell, naked and hidden singles, and
//! branching on a cell with the fewest candidates.
//!
//! It is the solver for 4x4 and 16x16 grids and the one the generator uses to make random full
//! grids: given an `Rng`, ties between equally constrained cells and the order of digits are
//! broken at random, so solving an empty grid yields a random solution. A node budget bounds the
//! work (the generator gives up on a removal rather than wait on a pathological search).

use crate::geometry::{Cell, DigitSet, Size};
use crate::random::Rng;

/// Search settings and counters.
pub(crate) struct Search<'a> {
    pub limit: usize,
    pub count: usize,
    pub guesses: u64,
    /// Stop (as if the limit were reached) after this many branch nodes.
    pub node_budget: u64,
    pub nodes: u64,
    pub rng: Option<&'a mut Rng>,
    pub on_solution: &'a mut dyn FnMut(&[u8]),
}

impl Search<'_> {
    /// Whether the search ran out of budget before finishing.
    pub fn exhausted(&self) -> bool {
        self.nodes >= self.node_budget
    }
}

/// Fixed arrays for the largest grid: a branch copies 768 bytes instead of allocating.
#[derive(Clone)]
struct State {
    size: Size,
    values: [u8; MAX_CELLS],
    cands: [DigitSet; MAX_CELLS],
    /// The digits placed in each house (rows, columns, boxes: `House::index`), kept as cells
    /// are placed so that the hidden-single pass needs no look at placed cells.
    placed: [DigitSet; MAX_HOUSES],
}

const MAX_CELLS: usize = 256;
const MAX_HOUSES: usize = 48;

impl State {
    fn place(&mut self, cell: usize, d: crate::geometry::Digit) -> bool {
        if !self.cands[cell].contains(d) {
            return false;
        }
        self.values[cell] = d.get();
        self.cands[cell] = DigitSet::EMPTY;
        for house in self.size.houses_of(Cell::new(cell)) {
            self.placed[house.index(self.size)].insert(d);
        }
        for &p in self.size.peers(Cell::new(cell)) {
            let p = p.index();
            if self.values[p] == 0 {
                self.cands[p].remove(d);
                if self.cands[p].is_empty() {
                    return false;
                }
            }
        }
        true
    }

    fn propagate(&mut self) -> bool {
        let size = self.size;
        let all = size.all_digits();
        loop {
            let mut progress = false;
            for cell in 0..size.cell_count() {
                if self.values[cell] == 0
                    && let Some(d) = self.cands[cell].single_digit()
                {
                    if !self.place(cell, d) {
                        return false;
                    }
                    progress = true;
                }
            }
            for house in size.houses() {
                let cells = size.house_cells(house);
                let placed = self.placed[house.index(size)];
                let (mut once, mut twice) = (DigitSet::EMPTY, DigitSet::EMPTY);
                // Placed cells have no candidates left: they add nothing here.
                for &c in cells {
                    let k = self.cands[c.index()];
                    twice |= once & k;
                    once |= k;
                }
                if (once | placed) != all {
                    return false;
                }
                let hidden = once.difference(twice).difference(placed);
                for d in hidden {
                    let Some(&c) = cells.iter().find(|c| self.cands[c.index()].contains(d)) else {
                        return false; // taken by an earlier single of this loop
                    };
                    if !self.place(c.index(), d) {
                        return false;
                    }
                    progress = true;
                }
            }
            if !progress {
                return true;
            }
        }
    }

    /// An empty cell with the fewest candidates: the first, or (given an `Rng`) one of them
    /// at random.
    fn branch_cell(&self, rng: Option<&mut Rng>) -> Option<usize> {
        let cells = self.size.cell_count();
        let (mut best, mut first, mut ties) = (usize::MAX, 0, 0);
        for cell in 0..cells {
            if self.values[cell] == 0 {
                let n = self.cands[cell].len();
                if n < best {
                    (best, first, ties) = (n, cell, 0);
                }
                if n == best {
                    ties += 1;
                }
            }
        }
        match rng {
            _ if ties == 0 => None,
            Some(rng) => {
                let pick = rng.below(ties);
                (first..cells).filter(|&c| self.values[c] == 0 && self.cands[c].len() == best).nth(pick)
            }
            None => Some(first),
        }
    }

    fn search(&self, s: &mut Search<'_>) -> bool {
        s.nodes += 1;
        if s.exhausted() {
            return false;
        }
        let Some(cell) = self.branch_cell(s.rng.as_deref_mut()) else {
            s.count += 1;
            (s.on_solution)(&self.values[..self.size.cell_count()]);
            return s.count < s.limit;
        };
        let mut buffer = [crate::geometry::Digit::new(1).expect("1 is a digit"); 16];
        let mut n = 0;
        for d in self.cands[cell] {
            buffer[n] = d;
            n += 1;
        }
        let digits = &mut buffer[..n];
        if let Some(rng) = s.rng.as_deref_mut() {
            rng.shuffle(digits);
        }
        for (i, &d) in digits.iter().enumerate() {
            if i > 0 {
                s.guesses += 1;
            }
            let mut child = self.clone();
            if child.place(cell, d) && child.propagate() && !child.search(s) {
                return false;
            }
        }
        true
    }
}

/// The state after placing the givens and every naked and hidden single they lead to; `None`
/// if they contradict each other.
fn propagated(size: Size, givens: &[u8]) -> Option<State> {
    let mut state = State { size, values: [0; MAX_CELLS], cands: [size.all_digits(); MAX_CELLS], placed: [DigitSet::EMPTY; MAX_HOUSES] };
    for (cell, &v) in givens.iter().enumerate() {
        if v != 0 {
            match crate::geometry::Digit::new(v) {
                Some(d) if d.fits(size) && state.place(cell, d) => {}
                _ => return None,
            }
        }
    }
    state.propagate().then_some(state)
}

/// Searches a grid of any size given as values per cell (0 = blank).
pub(crate) fn solve(size: Size, givens: &[u8], search: &mut Search<'_>) {
    if search.limit == 0 {
        return;
    }
    if let Some(state) = propagated(size, givens) {
        state.search(search);
    }
}

/// Whether naked and hidden singles alone fill the grid (no branch): the search's root.
pub(crate) fn filled_by_singles(size: Size, givens: &[u8]) -> bool {
    propagated(size, givens).is_some_and(|s| s.values[..size.cell_count()].iter().all(|&v| v != 0))
}
