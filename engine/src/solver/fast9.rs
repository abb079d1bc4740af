//! The fast 9x9 solver: per-digit bitboards split into bands, updated with table lookups.
//!
//! ## Layout
//! For each digit, the cells where it may still go are three 27-bit words, one per band
//! (three rows). Within a band, bit `9 * r + c` is row `r` (0-2), column `c` (0-8); a *triad*
//! is the three cells of one row inside one box:
//!
//! ```text
//!            col 0 1 2 | 3 4 5 | 6 7 8
//!   row 0:  bits 0 1 2 | 3 4 5 | 6 7 8      triad (row r, box k) = bits 9r+3k .. 9r+3k+2
//!   row 1:  bits 9 ...                      triad index 3r+k in the 9-bit triad masks
//!   row 2:  bits 18 ...                 26
//! ```
//!
//! A placed digit keeps its own bit, so while the grid is consistent every row, column and box
//! holds at least one bit of every digit, and a cell's bits over all digits are never empty.
//!
//! ## Update of one digit in one band (all table lookups, almost no branches)
//! 1. **Permutation filter.** In a band a digit fills exactly one triad per row and per box: a
//!    permutation of the 3x3 triad grid. Triads on no permutation of non-empty triads are
//!    cleared (pointing and claiming inside the band); none left means a contradiction.
//! 2. **Column claims.** If in some box of the band the digit has one column left, the digit
//!    of that column is in this band: the column is cleared in the two other bands.
//! 3. **Solved cells.** A triad that every permutation uses, in a box where the digit has one
//!    column left, holds one cell: the digit goes there (hidden singles of rows and boxes), and
//!    the cell is taken from the other digits. Both masks are at hand from steps 1 and 2.
//!
//! Givens are placed with all their consequences at once (row, box, column, cell), which
//! spares the first sweep most of its work.
//!
//! Only digit-bands whose bits changed since their last update are updated again. When none
//! changed, naked singles (cells with one candidate) are placed from per-band
//! "at least one / two / three candidates" accumulators, which also spot empty cells and find
//! the bivalue cells to branch on.
//!
//! ## Branching
//! On the first bivalue cell if there is one (nearly always), else on the first open cell of
//! a band with the fewest candidates. The last alternative reuses the current state instead of
//! a copy.
//!
//! Rejected alternatives (each measured with callgrind's instruction counts on the benchmark
//! sets, which unlike timings on this noisy machine repeat exactly): a cell-major layout (`[u16; 81]`) needs a loop per house for every
//! hidden single; explicit hidden singles in columns cost more per node than the guesses they
//! save; so does "box-line" reduction for columns (a column whose digit can only be in this
//! band confines it within the box); a transposed copy (stacks as bands) doubles the cost of
//! every placement; branching on a row with two places for a digit when no cell is bivalue,
//! or on the open cell with the fewest candidates over the whole grid, gives more nodes on the
//! hardest sets; a sweep driven by a bitmask of changed digit-bands, or one that settles each
//! digit's three bands before the next digit, updates more often; placing naked singles
//! before the first sweep costs more than it saves.

const BAND: u32 = (1 << 27) - 1;
const LOW9: u32 = 0x1FF;

/// For a 9-bit row: which of its three triads are non-empty (3 bits).
const ROW_TRIADS: [u8; 512] = {
    let mut t = [0; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if (x >> (3 * k)) & 7 != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
};

const PERMUTATIONS: [u32; 6] = {
    const P: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut t = [0; 6];
    let mut i = 0;
    while i < 6 {
        t[i] = (1 << P[i][0]) | (1 << (3 + P[i][1])) | (1 << (6 + P[i][2]));
        i += 1;
    }
    t
};

/// For a 9-bit triad occupancy (bit 3r+k = row r, box k): (triads on some permutation made
/// only of occupied triads, triads on every such permutation). Both 0 if there is none.
const TRIAD_LOGIC: [(u16, u16); 512] = {
    let mut t = [(0, 0); 512];
    let mut occ = 0;
    while occ < 512 {
        let (mut any, mut all, mut found) = (0u16, 0x1FFu16, false);
        let mut p = 0;
        while p < 6 {
            let m = PERMUTATIONS[p] as u16;
            if occ as u16 & m == m {
                any |= m;
                all &= m;
                found = true;
            }
            p += 1;
        }
        t[occ] = if found { (any, all) } else { (0, 0) };
        occ += 1;
    }
    t
};

/// A 9-bit triad mask expanded to the 27 cell bits it covers.
const TRIAD_CELLS: [u32; 512] = {
    let mut t = [0; 512];
    let mut m = 0;
    while m < 512 {
        let mut i = 0;
        while i < 9 {
            if m & (1 << i) != 0 {
                t[m] |= 0b111 << (9 * (i / 3) + 3 * (i % 3));
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// For the 9-bit set of columns a digit may use in a band: the cells (all three rows) of the
/// columns it claims, i.e. the only column left to it in some box.
const CLAIMED_COLUMNS: [u32; 512] = {
    let mut t = [0; 512];
    let mut cols: usize = 0;
    while cols < 512 {
        let mut k = 0;
        while k < 3 {
            let stack = (cols >> (3 * k)) & 7;
            if stack != 0 && stack & (stack - 1) == 0 {
                let c = 3 * k + (stack.trailing_zeros() as usize);
                t[cols] |= (1 << c) | (1 << (c + 9)) | (1 << (c + 18));
            }
            k += 1;
        }
        cols += 1;
    }
    t
};

/// For a bit position in a band: the other cells of its row and box in the band.
const BAND_PEERS: [u32; 27] = {
    let mut t = [0; 27];
    let mut p = 0;
    while p < 27 {
        let row = LOW9 << (9 * (p / 9));
        let bx = {
            let tri = 0b111 << (3 * ((p % 9) / 3));
            tri | (tri << 9) | (tri << 18)
        };
        t[p] = (row | bx) & !(1 << p);
        p += 1;
    }
    t
};

/// Looks up each of the three rows of a band in a per-row table of 3-bit results.
/// (The `& LOW9` masks also let the compiler drop bounds checks.)
#[inline(always)]
fn triads(x: u32, table: &[u8; 512]) -> usize {
    let row = |shift: u32| table[((x >> shift) & LOW9) as usize] as usize;
    (row(0) | row(9) << 3 | row(18) << 6) & LOW9 as usize
}

/// The search state. Small and `Copy`: a branch copies it (136 bytes).
#[derive(Clone, Copy)]
struct State {
    /// `cand[3 * digit + band]`: cells of the band where the digit may go (placed ones included).
    cand: [u32; 27],
    /// Cells not yet placed, per band.
    unsolved: [u32; 3],
    /// Bivalue cells per band, as of the last naked-singles pass.
    pairs: [u32; 3],
    /// Each digit-band as its last update left it; one that differs needs an update.
    /// (Comparing is cheaper than tracking a dirty bit at every narrowing.)
    prev: [u32; 27],
}

/// A callback that receives each solution (digits 1-9 per cell, reading order).
pub(crate) type OnSolution<'a> = dyn FnMut(&[u8; 81]) + 'a;

/// What a search reports to its caller for each solution.
pub(crate) struct Search<'a> {
    /// Stop after this many solutions.
    pub limit: usize,
    /// Solutions found so far.
    pub count: usize,
    /// Guesses made (branches beyond the first alternative), a measure of the work a solve needs.
    pub guesses: u64,
    /// Called with each solution (digits 1-9 per cell, reading order); `None` when only the
    /// count matters, which saves reading the digits out of the bitboards.
    pub on_solution: Option<&'a mut OnSolution<'a>>,
}

impl State {
    fn empty() -> State {
        State { cand: [BAND; 27], unsolved: [BAND; 3], pairs: [0; 3], prev: [0; 27] }
    }

    /// Keeps only the bits of `mask` in digit-band `i`.
    #[inline(always)]
    fn narrow(&mut self, i: usize, mask: u32) {
        self.cand[i] &= mask;
    }

    /// Puts digit `d` at bit `p` of band `b`: clears the rest of its row and box in the band;
    /// the update of that digit-band then finds the cell solved and does the rest. False if `d`
    /// can no longer go there.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, p: usize) -> bool {
        let i = 3 * d + b;
        if self.cand[i] & (1 << p) == 0 {
            return false;
        }
        self.narrow(i, !BAND_PEERS[p]);
        true
    }

    /// Puts given digit `d` at bit `p` of band `b` with every consequence a given has at once:
    /// its row and box in the band, its column in the other bands, the other digits of its cell.
    fn place_given(&mut self, d: usize, b: usize, p: usize) -> bool {
        let i = 3 * d + b;
        let bit = 1u32 << p;
        if self.cand[i] & bit == 0 {
            return false;
        }
        let column = !(0o001_001_001u32 << (p % 9));
        self.narrow(3 * d + (b + 1) % 3, column);
        self.narrow(3 * d + (b + 2) % 3, column);
        for e in 0..9 {
            self.narrow(3 * e + b, !bit);
        }
        self.cand[i] = (self.cand[i] & !BAND_PEERS[p]) | bit;
        self.unsolved[b] &= !bit;
        true
    }

    /// The three steps of the module comment for digit `D` in band `B`. Const parameters: the
    /// sweep in `propagate` is unrolled, so every index below is a constant.
    #[inline(always)]
    fn update<const D: usize, const B: usize>(&mut self) -> bool {
        let i = 3 * D + B;
        let (keep, forced) = TRIAD_LOGIC[triads(self.cand[i], &ROW_TRIADS)];
        let x = self.cand[i] & TRIAD_CELLS[keep as usize & LOW9 as usize];
        if x == 0 {
            return false;
        }

        let cols = (x | x >> 9 | x >> 18) & LOW9;
        let claimed = CLAIMED_COLUMNS[(cols & LOW9) as usize];
        self.narrow(3 * D + (B + 1) % 3, !claimed);
        self.narrow(3 * D + (B + 2) % 3, !claimed);

        // A forced triad in a box with one column left holds one cell: solved. It leaves every
        // digit of the band; this digit gets its word back right after. Unconditional: whether
        // anything was solved is unpredictable, a branch costs more.
        let solved = x & claimed & TRIAD_CELLS[forced as usize & LOW9 as usize];
        self.unsolved[B] &= !solved;
        for e in 0..9 {
            self.narrow(3 * e + B, !solved);
        }
        self.cand[i] = x;
        self.prev[i] = x;
        true
    }

    /// One pass over all digit-bands, updating those that changed. `None` on contradiction,
    /// else whether any was updated.
    #[inline(always)]
    fn sweep(&mut self) -> Option<bool> {
        let mut any = false;
        macro_rules! visit {
            ($($d:literal $b:literal),*) => {$(
                if self.cand[3 * $d + $b] != self.prev[3 * $d + $b] {
                    any = true;
                    if !self.update::<$d, $b>() {
                        return None;
                    }
                }
            )*};
        }
        visit!(0 0, 0 1, 0 2, 1 0, 1 1, 1 2, 2 0, 2 1, 2 2, 3 0, 3 1, 3 2, 4 0, 4 1, 4 2,
               5 0, 5 1, 5 2, 6 0, 6 1, 6 2, 7 0, 7 1, 7 2, 8 0, 8 1, 8 2);
        Some(any)
    }

    /// Updates changed digit-bands and places naked singles until nothing changes.
    /// False on contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            loop {
                match self.sweep() {
                    None => return false,
                    Some(true) => {}
                    Some(false) => break,
                }
            }
            if self.is_solved() {
                return true;
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => {}
                Some(false) => return true,
            }
        }
    }

    /// Places the cells with one candidate left and notes the bivalue cells (for branching).
    /// `None` on contradiction (a cell without candidates), else whether any was placed.
    fn naked_singles(&mut self) -> Option<bool> {
        let mut placed = false;
        for b in 0..3 {
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let c = self.cand[3 * d + b];
                three |= two & c;
                two |= one & c;
                one |= c;
            }
            if one != BAND {
                return None;
            }
            self.pairs[b] = two & !three;
            let mut singles = !two & self.unsolved[b];
            while singles != 0 {
                let p = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // The cell's one digit, without a search loop: exactly one digit-band has
                // the bit (an earlier single of this pass may have taken it: then none, and
                // `place` reports the contradiction).
                let mut d = 0;
                for e in 0..9 {
                    d += e * ((self.cand[3 * e + b] >> p) & 1) as usize;
                }
                if !self.place(d, b, p) {
                    return None;
                }
                placed = true;
            }
        }
        Some(placed)
    }

    fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    fn digits(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut bits = self.cand[3 * d + b];
                while bits != 0 {
                    let p = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    out[27 * b + p] = d as u8 + 1;
                }
            }
        }
        out
    }

    /// The cell to branch on: the first bivalue cell (there nearly always is one); else, of the
    /// first open cell of each band, the one with fewest candidates. (A scan of every open cell
    /// for the fewest measured slower on the hardest sets: more nodes, not fewer.)
    fn branch_cell(&self) -> (usize, usize) {
        for b in 0..3 {
            let pairs = self.pairs[b] & self.unsolved[b];
            if pairs != 0 {
                return (b, pairs.trailing_zeros() as usize);
            }
        }
        let mut best = (0, 0, u32::MAX);
        for b in 0..3 {
            let open = self.unsolved[b];
            if open != 0 {
                let p = open.trailing_zeros() as usize;
                let n = (0..9).filter(|&d| self.cand[3 * d + b] & (1 << p) != 0).count() as u32;
                if n < best.2 {
                    best = (b, p, n);
                }
            }
        }
        (best.0, best.1)
    }

    /// Depth-first search from a propagated state. Returns false once the limit is reached.
    fn search(&mut self, s: &mut Search<'_>) -> bool {
        loop {
            if self.is_solved() {
                s.count += 1;
                if let Some(f) = s.on_solution.as_mut() {
                    f(&self.digits());
                }
                return s.count < s.limit;
            }
            let (b, p) = self.branch_cell();
            let bit = 1u32 << p;
            let mut digits = 0u16;
            for d in 0..9 {
                digits |= u16::from(self.cand[3 * d + b] & bit != 0) << d;
            }
            while digits & (digits - 1) != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut child = *self;
                if child.place(d, b, p) && child.propagate() && !child.search(s) {
                    return false;
                }
                s.guesses += 1;
                // The alternative failed: `d` is not the digit of this cell.
                self.narrow(3 * d + b, !bit);
            }
            let last = digits.trailing_zeros() as usize;
            if !(self.place(last, b, p) && self.propagate()) {
                return true;
            }
        }
    }
}

/// Solves a 9x9 puzzle given as 81 values (0 = blank, 1-9 given), calling back for each
/// solution until `limit` solutions are found.
pub(crate) fn solve(givens: &[u8; 81], search: &mut Search<'_>) {
    let mut state = State::empty();
    for (i, &v) in givens.iter().enumerate() {
        if v != 0 && !state.place_given(v as usize - 1, i / 27, i % 27) {
            return;
        }
    }
    if search.limit == 0 || !state.propagate() {
        return;
    }
    state.search(search);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_sound() {
        // All triads occupied: every triad lies on a permutation, none on all of them.
        assert_eq!(TRIAD_LOGIC[511], (511, 0));
        // Row 0 only in box 0: that triad is forced, boxes 0 of rows 1-2 are excluded.
        assert_eq!(TRIAD_LOGIC[0b111_111_001], (0b110_110_001, 0b000_000_001));
        // An empty row: no permutation.
        assert_eq!(TRIAD_LOGIC[0b111_000_111], (0, 0));
        assert_eq!(TRIAD_CELLS[1], 0b111);
        assert_eq!(ROW_TRIADS[0b100_000_010], 0b101);
        // Columns 0 and 1 in stack 0 (two left), column 4 alone in stack 1: column 4 claimed.
        assert_eq!(CLAIMED_COLUMNS[0b000_010_011], (1 << 4) | (1 << 13) | (1 << 22));
    }
}
