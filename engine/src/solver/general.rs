//! A solver for every grid size: one candidate set per cell, naked and hidden singles, and
//! branching on a cell with the fewest candidates.
//!
//! It is the solver for 4x4 and 16x16 grids and the one the generator uses to make random full
//! grids: given an `Rng`, ties between equally constrained cells and the order of digits are
//! broken at random, so solving an empty grid yields a random solution. A node budget bounds the
//! work (the generator gives up on a removal rather than wait on a pathological search).

use crate::geometry::{Cell, DigitSet, House, Size};
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
    /// Whether a branch's propagation looks for locked candidates too (`propagate_deep`).
    deep: bool,
    /// Cells that a change left with one candidate, as bits: the naked singles to place, so
    /// that propagation need not scan every cell after every change.
    pending: [u64; MAX_CELLS / 64],
    /// Houses whose candidates or placed digits changed since they were last looked at for
    /// hidden singles (bits of `House::index`): an unchanged house has none to give. Singles
    /// reach one fixed point in any order (each one stays true as candidates go), so this
    /// bookkeeping changes how fast propagation gets there, never where it ends.
    dirty: u64,
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
        let masks = self.size.house_masks();
        self.dirty |= masks[cell];
        let mut houses = masks[cell];
        while houses != 0 {
            self.placed[houses.trailing_zeros() as usize].insert(d);
            houses &= houses - 1;
        }
        for &p in self.size.peers(Cell::new(cell)) {
            let p = p.index();
            // A placed cell has no candidates, so only empty cells can hold `d`.
            if self.cands[p].contains(d) {
                self.cands[p].remove(d);
                if !self.narrowed(p, masks) {
                    return false;
                }
            }
        }
        true
    }

    /// Notes that an empty cell lost candidates: its houses are to be looked at again, and a
    /// cell left with one candidate is a naked single to place. `false` if none is left.
    fn narrowed(&mut self, cell: usize, masks: &[u64]) -> bool {
        match self.cands[cell].len() {
            0 => return false,
            1 => self.pending[cell / 64] |= 1 << (cell % 64),
            _ => {}
        }
        self.dirty |= masks[cell];
        true
    }

    /// The next cell marked as a naked single, unmarked.
    fn next_pending(&mut self) -> Option<usize> {
        let (word, bits) = self.pending.iter_mut().enumerate().find(|(_, bits)| **bits != 0)?;
        let bit = bits.trailing_zeros() as usize;
        *bits &= *bits - 1;
        Some(word * 64 + bit)
    }

    fn propagate(&mut self) -> bool {
        let size = self.size;
        let all = size.all_digits();
        loop {
            while let Some(cell) = self.next_pending() {
                if self.values[cell] == 0
                    && let Some(d) = self.cands[cell].single_digit()
                    && !self.place(cell, d)
                {
                    return false;
                }
            }
            if self.dirty == 0 {
                return true;
            }
            let mut houses = std::mem::take(&mut self.dirty);
            while houses != 0 {
                let index = houses.trailing_zeros() as usize;
                houses &= houses - 1;
                let cells = size.house_cells(House::from_index(size, index));
                let placed = self.placed[index];
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
                }
            }
        }
    }

    /// Singles, then locked candidates (pointing and claiming) whenever singles stall, until
    /// neither finds anything; `false` on a contradiction. Only the counting search uses it: on
    /// a near-minimal 16x16 it cuts the time of a count several times over, and leaving the
    /// random search as it was keeps every seed's full grid (and so every seed's puzzle) the same.
    fn propagate_deep(&mut self) -> bool {
        loop {
            if !self.propagate() {
                return false;
            }
            match self.locked_candidates() {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Every box-line intersection once: a digit that a box holds only in one of its lines
    /// leaves the rest of that line (pointing), and a digit that a line holds only inside one
    /// box leaves the rest of that box (claiming). `Some(removed anything)`, or `None` when a
    /// cell is left without a candidate. Each direction's segments (a line's cells inside one
    /// box) are read once and not refreshed as candidates go: a stale segment holds more
    /// digits than the cells do, which can only make a deduction less likely, never wrong.
    fn locked_candidates(&mut self) -> Option<bool> {
        let (side, h, w) = (self.size.side(), self.size.box_rows(), self.size.box_cols());
        let mut removed = false;
        for across in [true, false] {
            // Along a row a box spans `w` cells and a band of boxes `h` rows; along a column
            // the other way round (they differ on 6x6).
            let (b, band_width) = if across { (w, h) } else { (h, w) };
            // The cell of line `line` (a row across, else a column) at `j` along it.
            let at = |line: usize, j: usize| if across { line * side + j } else { j * side + line };
            let mut segment = [[DigitSet::EMPTY; 4]; 16];
            for (line, segs) in segment.iter_mut().enumerate().take(side) {
                for j in 0..side {
                    segs[j / b] |= self.cands[at(line, j)];
                }
            }
            for line in 0..side {
                let band = line / band_width * band_width;
                for k in 0..side / b {
                    let mine = segment[line][k];
                    let others = (band..band + band_width).filter(|&l| l != line).fold(DigitSet::EMPTY, |acc, l| acc | segment[l][k]);
                    let outside = (0..side / b).filter(|&m| m != k).fold(DigitSet::EMPTY, |acc, m| acc | segment[line][m]);
                    let pointing = mine.difference(others).intersection(outside);
                    if !pointing.is_empty() {
                        for j in (0..side).filter(|j| j / b != k) {
                            removed |= self.strip(at(line, j), pointing)?;
                        }
                    }
                    let claiming = mine.difference(outside).intersection(others);
                    if !claiming.is_empty() {
                        for l in (band..band + band_width).filter(|&l| l != line) {
                            for j in k * b..(k + 1) * b {
                                removed |= self.strip(at(l, j), claiming)?;
                            }
                        }
                    }
                }
            }
        }
        Some(removed)
    }

    /// Takes `digits` out of an empty cell's candidates: `Some(whether any was there)`, `None`
    /// if none is left.
    fn strip(&mut self, cell: usize, digits: DigitSet) -> Option<bool> {
        let cands = &mut self.cands[cell];
        if self.values[cell] != 0 || cands.intersection(digits).is_empty() {
            return Some(false);
        }
        *cands = cands.difference(digits);
        self.narrowed(cell, self.size.house_masks()).then_some(true)
    }

    /// Singles, and locked candidates too when the search is `deep`.
    fn settle(&mut self) -> bool {
        if self.deep { self.propagate_deep() } else { self.propagate() }
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
            if child.place(cell, d) && child.settle() && !child.search(s) {
                return false;
            }
        }
        true
    }
}

/// The state after placing the givens and every naked and hidden single they lead to; `None`
/// if they contradict each other.
fn propagated(size: Size, givens: &[u8]) -> Option<State> {
    let mut state = State {
        size,
        values: [0; MAX_CELLS],
        cands: [size.all_digits(); MAX_CELLS],
        placed: [DigitSet::EMPTY; MAX_HOUSES],
        deep: false,
        pending: [0; MAX_CELLS / 64],
        // Every house is looked at once: a house with a digit in no cell is a contradiction.
        dirty: (1u64 << (3 * size.side())) - 1,
    };
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
    solve_with(size, givens, search, search.rng.is_none());
}

/// `solve`, choosing whether branches look for locked candidates (the tests hold one way
/// against the other).
fn solve_with(size: Size, givens: &[u8], search: &mut Search<'_>, deep: bool) {
    if let Some(mut state) = propagated(size, givens) {
        state.deep = deep;
        if state.settle() {
            state.search(search);
        }
    }
}

/// Whether naked and hidden singles alone fill the grid (no branch): the search's root.
pub(crate) fn filled_by_singles(size: Size, givens: &[u8]) -> bool {
    propagated(size, givens).is_some_and(|s| s.values[..size.cell_count()].iter().all(|&v| v != 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every solution (up to `limit`) of `givens`, sorted, with or without locked candidates.
    fn solutions(size: Size, givens: &[u8], limit: usize, deep: bool) -> (usize, Vec<Vec<u8>>) {
        let mut found = Vec::new();
        let mut record = |values: &[u8]| found.push(values.to_vec());
        let mut s = Search { limit, count: 0, guesses: 0, node_budget: u64::MAX, nodes: 0, rng: None, on_solution: &mut record };
        solve_with(size, givens, &mut s, deep);
        let count = s.count;
        found.sort();
        (count, found)
    }

    /// Locked candidates change how a count is searched, never what it finds: the same
    /// solutions as singles alone on puzzles of every size with many solutions, one or none
    /// (a random full grid thinned out at random; a given changed for the ones with none).
    #[test]
    fn locked_candidates_find_the_same_solutions_as_singles_alone() {
        let mut rng = Rng::seeded(20261128);
        let (mut deductions, mut compared) = (0, 0);
        for (size, keeps) in [(Size::Four, 4..9), (Size::Nine, 24..34), (Size::Sixteen, 105..125)] {
            for keep in keeps {
                let mut full = vec![0u8; size.cell_count()];
                let mut grid = Vec::new();
                let mut keep_grid = |v: &[u8]| grid = v.to_vec();
                let mut s = Search {
                    limit: 1,
                    count: 0,
                    guesses: 0,
                    node_budget: u64::MAX,
                    nodes: 0,
                    rng: Some(&mut rng),
                    on_solution: &mut keep_grid,
                };
                solve(size, &full, &mut s);
                let mut cells: Vec<usize> = (0..size.cell_count()).collect();
                rng.shuffle(&mut cells);
                for &c in cells.iter().take(keep) {
                    full[c] = grid[c];
                }
                if keep % 5 == 0 {
                    // A wrong given: usually no solution at all.
                    full[cells[0]] = full[cells[0]] % size.side() as u8 + 1;
                }
                let plain = solutions(size, &full, 40, false);
                let deep = solutions(size, &full, 40, true);
                // Below the limit both found every solution: the same set. At it, both stopped
                // there (in different orders).
                assert_eq!(plain.0, deep.0, "{size:?}, {keep} givens: how many solutions");
                assert!(plain.0 == 40 || plain.1 == deep.1, "{size:?}, {keep} givens: different solutions");
                compared += usize::from(plain.0 < 40);
                if let Some(mut state) = propagated(size, &full) {
                    deductions += usize::from(state.locked_candidates() == Some(true));
                }
            }
        }
        // The comparison means something only if locked candidates did find things.
        assert!(deductions > 10, "locked candidates found something in only {deductions} puzzles");
        assert!(compared > 10, "only {compared} puzzles had all their solutions compared");
    }
}
