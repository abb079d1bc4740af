//! The SIMD 9x9 solver: boxes and bands as small vectors of 9-bit digit sets, propagated with
//! byte shuffles (the idea of tdoku's "DPLL triad SIMD" solver, written anew for this crate).
//!
//! ## Layout
//! Every vector lane is a `u16` holding a set of digits (bit `d` = digit `d + 1`, 9 bits).
//!
//! **A box** is 16 lanes, a 4x4 matrix: lane `4r + c` for `r, c < 3` is the cell of row `r`,
//! column `c` of the box; lane `4r + 3` is the *horizontal negative triad* `H_r` (the digits
//! that may be absent from the box's row `r`), lane `12 + c` the vertical one `V_c` (digits
//! that may be absent from column `c`); lane 15 always holds every digit and means nothing.
//!
//! ```text
//!   c c c H0        each row and each column of the matrix (lane 15 aside) is an
//!   c c c H1        "exactly one" clause per digit: a digit is in exactly one cell of a
//!   c c c H2        minirow, or else absent from it (in H_r); the same for minicolumns
//!   V0 V1 V2 *
//! ```
//!
//! A cell needs at least one digit, a negative triad at least six (three digits fill a
//! minirow). Within a box, a lane at its minimum asserts its digits, and a digit that appears
//! once in a row or column of the matrix is asserted there (hidden singles of the clauses).
//! Asserted cells clear their digit from the rest of the box and from their `H_r` and `V_c`.
//!
//! **A band** (three boxes in a row, or in a column: six bands) is 8 lanes: lane `p < 6` holds
//! the digits that may still be placed by *configuration* `p`, one of the six ways a digit can
//! cross a band: a permutation giving, for each of its boxes `k`, the minirow (or minicolumn)
//! `PERM[p][k]` the digit uses there. A digit whose configurations are settled in every band
//! is placed: the solution is read from the boxes once all six bands are settled.
//!
//! ## Propagation
//! Bands and boxes send each other messages until nothing changes:
//! - a band turns its configurations into *positive triads* (the digits that may be in minirow
//!   `e` of box `k`), and restricts each box to them: cells of row `e` to triad `e`, `H_e` to the
//!   union of the two other triads. A triad with exactly three digits left forces them (a
//!   minirow has three cells): the configurations that put them elsewhere are dropped first.
//! - a box, after its own fixpoint, tells its two bands which configurations it rules out: a
//!   digit asserted in `H_r` is not in minirow `r`, a digit asserted in a cell of row `r` is in
//!   no other minirow. These are pending eliminations of the band, applied in one batch.
//!
//! The order of the work is a bitmask of bands with pending eliminations (a loop, not
//! recursion); each band update runs the restrictions of its three boxes at once.
//!
//! ## Search
//! When propagation stops, the unsettled band with the fewest configurations is chosen, and in
//! it the digit with the fewest (two if any): the search tries its first configuration, then
//! the others. The state is small and `Copy` (480 bytes): a branch copies it.
//!
//! ## Measured (callgrind instruction and branch-miss counts, and timings beside tdoku)
//! Kept: one copy of the band update per band and of the box restriction per box (const
//! generics: constant tables, and branches that predict better apart: -16 % instructions);
//! bands queued only when their pending eliminations meet their configurations (a third fewer
//! branch misses than a check at the top of every update); the givens found with byte compares
//! and placed with vector masks, without propagation (as tdoku does; 1,500 instructions a
//! puzzle less than a scalar loop); box messages to the bands sent once per restriction, not
//! once per fixpoint round; the band's forced triads (without them: more instructions and
//! branch misses on every set).
//! Rejected: restricting a box without first checking that the mask removes something (no
//! branch, but +25 % instructions and slower everywhere); `fast9` first with a budget of 0-4
//! guesses, then this solver (+11 % on 17-clue puzzles at best, -20 % on serg and top1465).
//!
//! In wasm (V8: node 20's 11.3 and Chromium 156, read with `--print-wasm-code` and `perf`;
//! instructions per puzzle counted with callgrind on node): a 128-bit constant (shuffle masks
//! included) is built in registers at each use (four instructions) where a load from memory is
//! one, a `v128.any_true` branch is five instructions, `i8x16.popcnt` a nibble table (about
//! ten), and with every box in two registers the allocator spills (a fifth of the samples).
//! Half of the time is in the boxes' fixpoint loops (1.5 rounds per restriction on top1465),
//! the rest in the band updates and the boxes' messages. Kept: the constant tables read with
//! volatile loads (`wasm.rs`; a shuffle by a control from memory is `i8x16.swizzle`, which V8
//! emits as the load, a saturating add and `pshufb`: +12-19 % per set in node, more in
//! Chromium); the box messages taken from the last round of the box's fixpoint instead of a
//! union over rounds (two fewer live vectors; -5 % instructions in wasm, 1-2 % faster
//! natively); signed compares for `any_less` and `nonzero` (one `pcmpgtw` in V8 instead of
//! max, compare and not: -3 %); a matrix row's hidden singles from its two pairs of lanes
//! instead of three rotations of the whole row (fewer rotations and live vectors: +3-5 % per set
//! in wasm, natively within the noise); the box's union from the rows' unions by column
//! rotations (fewer and cheaper rotations, one mask less: +2-6 % in wasm, natively too).
//! Rejected in wasm: the loop's two exit tests (a lane below its minimum, nothing new) as one
//! `any_true` (no change); a branch's copy of the state vector by vector instead of the
//! `memory.copy` LLVM makes of it (which V8 compiles to a call: no change on a quiet machine);
//! each band update in a function of its own
//! (V8's allocator spills no less: +2 %); without the band's forced triads (+6 %); looking for
//! a lane below its minimum only at the box's fixpoint instead of every round (+3 % on
//! top1465, -1 % on serg); the hidden singles' row and column rotations each made where it is
//! used (no change: V8 schedules them itself); `fast9` for the first 0-16 guesses, then this
//! solver (in Chromium, with 2: +25 % on the 17-clue set, -23 % on top1465); `wasm-opt -O3`
//! (what the worker's build runs) changes nothing measurable. Relaxed SIMD's
//! `i8x16.relaxed_swizzle` (a bare `pshufb`) is 7-15 % faster again per set in Chromium, but
//! Safari has no relaxed SIMD and a module that uses it does not load there at all: the engine
//! worker is built both ways (`scripts/build-engine-worker-relaxed`) and the app starts the one
//! the browser can run (`src/services/worker.rs`).
//!
//! Where it stands: at least tdoku's speed on every benchmark set natively (AVX-512 here),
//! faster than `fast9` except on the 17-clue set (about 0.8 of it: easy puzzles are nearly all
//! propagation, where the bitboards need fewer instructions). In wasm it is what the engine
//! worker runs (`solver::Engine9::Best`): faster than `fast9` in wasm on the three hard sets,
//! about as fast on serg, 0.7 of it on the 17-clue set; 0.6-0.8 of the native speed in
//! Chromium, since every box operation is two 128-bit instructions and the costs above remain
//! (docs/benchmarks/solver-wasm.md).
//!
//! ## Backends
//! The algorithm is generic over [`Wide`] (16 lanes) and [`Narrow`] (8 lanes) vectors. Byte
//! shuffles work within each 16-byte half of a `Wide` vector, as x86's `vpshufb` does, and a
//! control byte with its top bit set gives zero (as `vpshufb` and wasm's `i8x16.swizzle` do).
//! - `x86`: AVX2 (and AVX-512 with BITALG/VBMI2 where present), detected at run time;
//! - `wasm`: simd128 when the crate is compiled with it (see `.cargo/config.toml`);
//! - `portable`: plain arrays, for other targets' tests (the dispatcher uses `fast9` where
//!   there is no SIMD backend).

pub(crate) mod portable;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86;

use super::fast9::Search;
use std::ops::{BitAnd, BitOr, BitXor};

/// Every digit.
const ALL: u16 = 0x1FF;

/// 16 lanes of `u16` (a box, or the positive triads of a band).
pub(crate) trait Wide: Copy + BitAnd<Output = Self> + BitOr<Output = Self> + BitXor<Output = Self> {
    /// The 8-lane type, one half of this one.
    type Half: Narrow;
    fn load(lanes: &[u16; 16]) -> Self;
    fn store(self) -> [u16; 16];
    fn splat(x: u16) -> Self;
    /// `self & !other`.
    fn and_not(self, other: Self) -> Self;
    /// Whether `self & !other` is empty.
    fn subset_of(self, other: Self) -> bool;
    /// Whether `self & other` is empty.
    fn disjoint(self, other: Self) -> bool;
    /// Bits set per lane (lanes hold at most 9 bits).
    fn popcounts(self) -> Self;
    /// All ones in lanes that are equal, else zero.
    fn equal(self, other: Self) -> Self;
    /// Whether some lane is below the other's (small values).
    fn any_less(self, other: Self) -> bool;
    /// Whether some lane is zero.
    fn any_zero(self) -> bool;
    /// All ones in non-zero lanes (small values).
    fn nonzero(self) -> Self;
    /// Byte shuffle within each 16-byte half (`vpshufb`); a control byte >= 0x80 gives 0.
    fn shuffle(self, control: &[u8; 32]) -> Self;
    /// Rotates each group of 4 lanes (a matrix row) by one lane.
    fn rotate_rows(self) -> Self;
    /// Rotates each group of 4 lanes by two lanes.
    fn rotate_rows2(self) -> Self;
    /// Rotates the groups of 4 lanes (the matrix rows) by one group.
    fn rotate_cols(self) -> Self;
    /// Rotates the groups of 4 lanes by two groups (swaps the halves).
    fn rotate_cols2(self) -> Self;
    fn lo(self) -> Self::Half;
    fn hi(self) -> Self::Half;
    /// The 8 lanes in both halves.
    fn broadcast(half: Self::Half) -> Self;
    /// `a | b | c` (one instruction with AVX-512).
    #[inline(always)]
    fn or3(a: Self, b: Self, c: Self) -> Self {
        a | b | c
    }
    /// `(a & !b) | c`.
    #[inline(always)]
    fn and_not_or(a: Self, b: Self, c: Self) -> Self {
        a.and_not(b) | c
    }
    /// `(a & b) | c`.
    #[inline(always)]
    fn and_or(a: Self, b: Self, c: Self) -> Self {
        (a & b) | c
    }
}

/// 8 lanes of `u16` (a band's configurations).
pub(crate) trait Narrow: Copy + BitAnd<Output = Self> + BitOr<Output = Self> + BitXor<Output = Self> {
    fn load(lanes: &[u16; 8]) -> Self;
    fn store(self) -> [u16; 8];
    fn splat(x: u16) -> Self;
    fn and_not(self, other: Self) -> Self;
    fn disjoint(self, other: Self) -> bool;
    /// Byte shuffle (`pshufb`); a control byte >= 0x80 gives 0.
    fn shuffle(self, control: &[u8; 16]) -> Self;
    /// Bits set over all lanes.
    fn popcount(self) -> u32;
}

/// A vector backend: its types and the entry points that must be compiled with its target
/// features (on x86 they are `#[target_feature]` functions; elsewhere plain calls).
pub(crate) trait Backend: Sized + Copy {
    type W: Wide<Half = Self::N>;
    type N: Narrow;
    /// `propagate` compiled for this backend (x86 overrides it to enable its target features).
    fn propagate(state: &mut State<Self>, dirty: u32) -> bool {
        state.propagate_inline(dirty)
    }
    /// `search` compiled for this backend (likewise).
    fn search(state: &mut State<Self>, s: &mut Search<'_>) -> bool {
        state.search_inline(s)
    }
    /// The cells with a given (bit `i` for cell `i`).
    #[inline(always)]
    fn given_cells(givens: &[u8; 81]) -> u128 {
        givens.iter().enumerate().fold(0, |acc, (i, &v)| acc | u128::from(v != 0) << i)
    }
}

/// The search state.
#[derive(Clone, Copy)]
pub(crate) struct State<B: Backend> {
    /// Box `3 * band_row + band_col`, laid out as the module comment says.
    boxes: [B::W; 9],
    /// Bands 0-2: rows of boxes (horizontal); 3-5: columns of boxes (vertical).
    configs: [B::N; 6],
    /// Eliminations not yet applied to `configs` (they accumulate; applying twice is harmless).
    pending: [B::N; 6],
}

// ---------------------------------------------------------------------------------------------
// Tables, all computed at compile time from the permutations.

/// A table aligned to 16 bytes, as every table row the vector code reads is (rows are 16 or
/// 32 bytes): the wasm backend reads tables with aligned volatile loads (see `wasm.rs`).
#[repr(C, align(16))]
pub(crate) struct Aligned<T>(T);

impl<T> std::ops::Deref for Aligned<T> {
    type Target = T;
    #[inline(always)]
    fn deref(&self) -> &T {
        &self.0
    }
}

/// Configuration `p` puts a digit in element (minirow or minicolumn) `PERM[p][k]` of box `k`
/// of a band.
const PERM: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// A 32-byte shuffle control from a source lane per destination lane (-1: zero). Sources must
/// be in the destination's half.
const fn wide_control(src: [i8; 16]) -> [u8; 32] {
    let mut c = [0x80u8; 32];
    let mut i = 0;
    while i < 16 {
        if src[i] >= 0 {
            let s = src[i] as usize;
            assert!(s / 8 == i / 8, "a vpshufb source must be in its destination's half");
            c[2 * i] = (2 * (s % 8)) as u8;
            c[2 * i + 1] = (2 * (s % 8) + 1) as u8;
        }
        i += 1;
    }
    c
}

const fn narrow_control(src: [i8; 8]) -> [u8; 16] {
    let mut c = [0x80u8; 16];
    let mut i = 0;
    while i < 8 {
        if src[i] >= 0 {
            let s = src[i] as usize;
            c[2 * i] = (2 * s) as u8;
            c[2 * i + 1] = (2 * s + 1) as u8;
        }
        i += 1;
    }
    c
}

/// The two configurations that use element `e` of box `k`: `(first, second)`.
const fn users(k: usize, e: usize) -> (usize, usize) {
    let (mut first, mut p) = (usize::MAX, 0);
    while p < 6 {
        if PERM[p][k] == e {
            if first == usize::MAX {
                first = p;
            } else {
                return (first, p);
            }
        }
        p += 1;
    }
    panic!("every element has two configurations")
}

/// Positive triads from configurations broadcast to both halves: lane `4k + e` (k = 0, 1 in
/// the low half; k = 2 at lanes 8-10) gets one of the two configurations using it; the two
/// tables together give both.
static TRIADS: Aligned<[[u8; 32]; 2]> = Aligned({
    let mut t = [[0u8; 32]; 2];
    let mut which = 0;
    while which < 2 {
        let mut src = [-1i8; 16];
        let mut k = 0;
        while k < 3 {
            let mut e = 0;
            while e < 3 {
                let (a, b) = users(k, e);
                let p = if which == 0 { a } else { b };
                // Both halves hold the configurations (lanes 0-7 and 8-15).
                src[4 * k + e] = (p + if k == 2 { 8 } else { 0 }) as i8;
                e += 1;
            }
            k += 1;
        }
        t[which] = wide_control(src);
        which += 1;
    }
    t
});

/// In a triads vector: lane `4k + e` gets lane `4k + (e + s) % 3` (`s` = 1, 2); lanes `4k + 3`
/// get zero.
static TRIAD_OTHERS: Aligned<[[u8; 32]; 2]> = Aligned({
    let mut t = [[0u8; 32]; 2];
    let mut s = 1;
    while s < 3 {
        let mut src = [-1i8; 16];
        let mut k = 0;
        while k < 4 {
            let mut e = 0;
            while e < 3 {
                src[4 * k + e] = (4 * k + (e + s) % 3) as i8;
                e += 1;
            }
            k += 1;
        }
        t[s - 1] = wide_control(src);
        s += 1;
    }
    t
});

/// From a triads-shaped vector `x` to configurations: `[0]` puts `x[4*0 + PERM[p][0]]` in low
/// lane `p` and `x[8 + PERM[p][2]]` in high lane `p`; `[1]` puts `x[4 + PERM[p][1]]` in low
/// lane `p`. OR-ing the four halves gives, per configuration, the OR over its three boxes.
static TRIADS_TO_CONFIGS: Aligned<[[u8; 32]; 2]> = Aligned({
    let mut a = [-1i8; 16];
    let mut b = [-1i8; 16];
    let mut p = 0;
    while p < 6 {
        a[p] = PERM[p][0] as i8;
        a[8 + p] = (8 + PERM[p][2]) as i8;
        b[p] = (4 + PERM[p][1]) as i8;
        p += 1;
    }
    [wide_control(a), wide_control(b)]
});

/// Box restriction masks from a band's triads for box `k` of the band, with the 8 lanes holding
/// that box's triads (at lanes `base..base + 3`, `base` = 0 for k = 0 and 2, 4 for k = 1)
/// broadcast to both halves. `[vertical][k][which]`: cells get their own triad (both tables),
/// the negative triad of element `e` the two others (one per table); lanes of the other
/// orientation get zero here and all digits from `BOX_FREE`.
static BOX_MASKS: Aligned<[[[[u8; 32]; 2]; 3]; 2]> = Aligned({
    let mut t = [[[[0u8; 32]; 2]; 3]; 2];
    let mut vertical = 0;
    while vertical < 2 {
        let mut k = 0;
        while k < 3 {
            let base = if k == 1 { 4 } else { 0 };
            let mut which = 0;
            while which < 2 {
                let mut src = [-1i8; 16];
                let mut i = 0;
                while i < 16 {
                    let half = 8 * (i / 8);
                    let (r, c) = (i / 4, i % 4);
                    if r < 3 && c < 3 {
                        let e = if vertical == 1 { c } else { r };
                        src[i] = (half + base + e) as i8;
                    } else if vertical == 0 && c == 3 && r < 3 {
                        src[i] = (half + base + (r + 1 + which) % 3) as i8;
                    } else if vertical == 1 && r == 3 && c < 3 {
                        src[i] = (half + base + (c + 1 + which) % 3) as i8;
                    }
                    i += 1;
                }
                t[vertical][k][which] = wide_control(src);
                which += 1;
            }
            k += 1;
        }
        vertical += 1;
    }
    t
});

/// All digits in the lanes a band of this orientation leaves free (the other orientation's
/// negative triads, and lane 15).
static BOX_FREE: Aligned<[[u16; 16]; 2]> = Aligned({
    let mut t = [[0u16; 16]; 2];
    let mut i = 0;
    while i < 16 {
        let (r, c) = (i / 4, i % 4);
        if r == 3 {
            t[0][i] = ALL;
        }
        if c == 3 {
            t[1][i] = ALL;
        }
        i += 1;
    }
    t
});

/// Gathers a box's negative triads: `H0, H1` to low lanes 0, 1, `H2` to high lane 2 and
/// `V0-V2` to high lanes 4-6; OR-ing the halves gives `[H0, H1, H2, 0, V0, V1, V2, 0]`.
static GATHER: Aligned<[u8; 32]> = Aligned(wide_control([3, 7, -1, -1, -1, -1, -1, -1, -1, -1, 11, -1, 12, 13, 14, -1]));

/// On gathered negative triads: lane `e` (and `4 + e`) gets lane `(e + s) % 3` (`4 + ...`).
static GATHERED_OTHERS: Aligned<[[u8; 16]; 2]> =
    Aligned([narrow_control([1, 2, 0, -1, 5, 6, 4, -1]), narrow_control([2, 0, 1, -1, 6, 4, 5, -1])]);

/// Gathered eliminations to configurations: `[vertical][k]`: lane `p` gets element
/// `PERM[p][k]` of the horizontal (lanes 0-2) or vertical (4-6) group.
static GATHERED_TO_CONFIGS: Aligned<[[[u8; 16]; 3]; 2]> = Aligned({
    let mut t = [[[0u8; 16]; 3]; 2];
    let mut v = 0;
    while v < 2 {
        let mut k = 0;
        while k < 3 {
            let mut src = [-1i8; 8];
            let mut p = 0;
            while p < 6 {
                src[p] = (4 * v + PERM[p][k]) as i8;
                p += 1;
            }
            t[v][k] = narrow_control(src);
            k += 1;
        }
        v += 1;
    }
    t
});

/// The minimum number of digits per box lane.
static MINIMUMS: Aligned<[u16; 16]> = Aligned([1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 0]);
/// All ones in cell lanes.
static CELLS: Aligned<[u16; 16]> = Aligned({
    let mut t = [0u16; 16];
    let mut i = 0;
    while i < 16 {
        if i / 4 < 3 && i % 4 < 3 {
            t[i] = 0xFFFF;
        }
        i += 1;
    }
    t
});

/// Configurations of box-element pair `[k][e]` that do NOT use it: all ones in those lanes.
static NOT_USING: Aligned<[[[u16; 8]; 3]; 3]> = Aligned({
    let mut t = [[[0u16; 8]; 3]; 3];
    let mut k = 0;
    while k < 3 {
        let mut e = 0;
        while e < 3 {
            let mut p = 0;
            while p < 6 {
                if PERM[p][k] != e {
                    t[k][e][p] = 0xFFFF;
                }
                p += 1;
            }
            e += 1;
        }
        k += 1;
    }
    t
});

// ---------------------------------------------------------------------------------------------
// The algorithm.

/// The bands of box `b`: (horizontal band, position in it, vertical band, position in it).
#[inline(always)]
const fn bands_of(b: usize) -> (usize, usize, usize, usize) {
    (b / 3, b % 3, 3 + b % 3, b / 3)
}

impl<B: Backend> State<B> {
    /// Restricts box `bx` to `mask` and runs the box to its fixpoint, queuing eliminations for
    /// its two bands. False on contradiction.
    #[inline(always)]
    fn restrict_box<const BX: usize>(&mut self, mask: B::W, dirty: &mut u32) -> bool {
        let bx = BX;
        let mut cells = self.boxes[bx];
        if cells.subset_of(mask) {
            return true;
        }
        let mut eliminate = cells.and_not(mask);
        // Loaded where used: natively the compiler keeps them in registers anyway; in wasm a
        // reload is one instruction, cheaper than a register held across the loop (V8 spills).
        let minimums = || B::W::load(&MINIMUMS);
        let cell_lanes = || B::W::load(&CELLS);
        let (h, hk, v, vk) = bands_of(bx);
        // The last round's assertions and clearings stand for all rounds': they only grow (a
        // lane that falls below its minimum is a contradiction, reported at once), and the
        // messages read only the negative triads, which no cell's assertion covers.
        let (asserted, new) = loop {
            cells = cells.and_not(eliminate);
            let counts = cells.popcounts();
            if counts.any_less(minimums()) {
                return false;
            }
            // Lanes at their minimum assert their digits.
            let mut asserted = cells & counts.equal(minimums());
            // Digits once in a row or column of the matrix are asserted there. A row's four
            // lanes as two pairs: a digit is twice in the row if it is twice in either pair or
            // once in both (two rotations by one lane fewer than summing the three rotations).
            let twice_in = |next: B::W, other_pair: fn(B::W) -> B::W| {
                let (pairs, pairs_twice) = (cells | next, cells & next);
                B::W::or3(pairs_twice, other_pair(pairs_twice), pairs & other_pair(pairs))
            };
            for twice in [twice_in(cells.rotate_rows(), B::W::rotate_rows2), twice_in(cells.rotate_cols(), B::W::rotate_cols2)] {
                asserted = B::W::and_not_or(cells, twice, asserted);
            }
            // Asserted cells: their digit leaves their row, column (negative triads included)
            // and box, the other digits leave the cell.
            let a = asserted & cell_lanes();
            let mut in_row = a | a.rotate_rows2();
            in_row = in_row | in_row.rotate_rows();
            let mut in_col = a | a.rotate_cols2();
            in_col = in_col | in_col.rotate_cols();
            // The box: the rows' unions gathered down the columns (the matrix's fourth row is
            // empty in `in_row`, as in `a`); column rotations are the cheaper ones in wasm.
            let mut in_box = in_row | in_row.rotate_cols2();
            in_box = (in_box | in_box.rotate_cols()) & cell_lanes();
            let new = B::W::or3(in_row, in_col, in_box | a.nonzero()) ^ a;
            if cells.disjoint(new) {
                break (asserted, new);
            }
            eliminate = new;
        };
        self.boxes[bx] = cells;
        // Messages to the bands: a digit asserted in a negative triad is not in its element;
        // one cleared from it by an asserted cell is in no other element of the box.
        let neg = gather(asserted);
        let pos = gather(new);
        let out = neg | pos.shuffle(&GATHERED_OTHERS[0]) | pos.shuffle(&GATHERED_OTHERS[1]);
        self.pending[h] = self.pending[h] | out.shuffle(&GATHERED_TO_CONFIGS[0][hk]);
        self.pending[v] = self.pending[v] | out.shuffle(&GATHERED_TO_CONFIGS[1][vk]);
        // Only bands that have work (a branch per band update mispredicts often).
        *dirty |=
            (u32::from(!self.configs[h].disjoint(self.pending[h])) << h) | (u32::from(!self.configs[v].disjoint(self.pending[v])) << v);
        true
    }

    /// Applies band `b`'s pending eliminations and restricts its boxes. False on contradiction.
    #[inline(always)]
    fn update_band<const BAND: usize>(&mut self, dirty: &mut u32) -> bool {
        let b = BAND;
        let pending = self.pending[b];
        let mut configs = self.configs[b];
        if configs.disjoint(pending) {
            return true;
        }
        configs = configs.and_not(pending);
        // Triads with three digits left force them.
        let both = B::W::broadcast(configs);
        let triads = both.shuffle(&TRIADS[0]) | both.shuffle(&TRIADS[1]);
        let forced = triads & triads.popcounts().equal(B::W::splat(3));
        let others = forced.shuffle(&TRIAD_OTHERS[0]) | forced.shuffle(&TRIAD_OTHERS[1]);
        let per_config = others.shuffle(&TRIADS_TO_CONFIGS[0]) | others.shuffle(&TRIADS_TO_CONFIGS[1]);
        configs = configs.and_not(per_config.lo() | per_config.hi());
        self.configs[b] = configs;

        let both = B::W::broadcast(configs);
        let triads = both.shuffle(&TRIADS[0]) | both.shuffle(&TRIADS[1]);
        let (low, high) = (B::W::broadcast(triads.lo()), B::W::broadcast(triads.hi()));
        let vertical = usize::from(b >= 3);
        let free = B::W::load(&BOX_FREE[vertical]);
        // Each box of each band is its own copy of `restrict_box` (constant tables, and
        // branches that predict better apart).
        macro_rules! restrict {
            ($k:literal, $src:ident) => {{
                let mask = B::W::or3($src.shuffle(&BOX_MASKS[vertical][$k][0]), $src.shuffle(&BOX_MASKS[vertical][$k][1]), free);
                match BAND {
                    0 => self.restrict_box::<{ $k }>(mask, dirty),
                    1 => self.restrict_box::<{ 3 + $k }>(mask, dirty),
                    2 => self.restrict_box::<{ 6 + $k }>(mask, dirty),
                    3 => self.restrict_box::<{ 3 * $k }>(mask, dirty),
                    4 => self.restrict_box::<{ 3 * $k + 1 }>(mask, dirty),
                    _ => self.restrict_box::<{ 3 * $k + 2 }>(mask, dirty),
                }
            }};
        }
        restrict!(0, low) && restrict!(1, low) && restrict!(2, high)
    }

    /// Updates bands until none has pending work. False on contradiction.
    #[inline(always)]
    fn propagate_inline(&mut self, mut dirty: u32) -> bool {
        while dirty != 0 {
            let b = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            let ok = match b {
                0 => self.update_band::<0>(&mut dirty),
                1 => self.update_band::<1>(&mut dirty),
                2 => self.update_band::<2>(&mut dirty),
                3 => self.update_band::<3>(&mut dirty),
                4 => self.update_band::<4>(&mut dirty),
                _ => self.update_band::<5>(&mut dirty),
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// The band and digit (one bit) to branch on, or `None` when every band is settled.
    #[inline(always)]
    fn choose(&self) -> Option<(usize, u16)> {
        let mut best = (usize::MAX, u32::MAX);
        for b in 0..6 {
            let n = self.configs[b].popcount();
            if n > 9 && n < best.1 {
                best = (b, n);
            }
        }
        if best.0 == usize::MAX {
            return None;
        }
        let lanes = self.configs[best.0].store();
        let (mut one, mut two, mut three, mut four) = (0u16, 0u16, 0u16, 0u16);
        for &x in &lanes[..6] {
            four |= three & x;
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        let pick = [two & !three, three & !four, four].into_iter().find(|&m| m != 0).unwrap_or(0);
        Some((best.0, pick & pick.wrapping_neg()))
    }

    /// Whether a state with every band settled is a solution: each digit has exactly one
    /// configuration per band and no box lane is empty.
    #[inline(always)]
    fn is_solution(&self) -> bool {
        for b in 0..6 {
            let lanes = self.configs[b].store();
            let any = lanes[..6].iter().fold(0, |acc, &x| acc | x);
            if any != ALL || self.configs[b].popcount() != 9 {
                return false;
            }
        }
        self.boxes.iter().all(|b| !b.any_zero())
    }

    fn digits(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for (bx, b) in self.boxes.iter().enumerate() {
            let lanes = b.store();
            for r in 0..3 {
                for c in 0..3 {
                    let cell = 27 * (bx / 3) + 9 * r + 3 * (bx % 3) + c;
                    out[cell] = lanes[4 * r + c].trailing_zeros() as u8 + 1;
                }
            }
        }
        out
    }

    /// Depth-first search from a propagated state. False once the limit is reached.
    #[inline(always)]
    fn search_inline(&mut self, s: &mut Search<'_>) -> bool {
        loop {
            let Some((band, digit)) = self.choose() else {
                if !self.is_solution() {
                    return true;
                }
                s.count += 1;
                if let Some(f) = s.on_solution.as_mut() {
                    f(&self.digits());
                }
                return s.count < s.limit;
            };
            let lanes = self.configs[band].store();
            let first = lanes.iter().position(|&x| x & digit != 0).unwrap_or(0);
            let mut only_first = [0u16; 8];
            for (p, l) in only_first.iter_mut().enumerate().take(6) {
                if p != first {
                    *l = digit;
                }
            }
            let mut child = *self;
            child.pending[band] = child.pending[band] | B::N::load(&only_first);
            if B::propagate(&mut child, 1 << band) && !B::search(&mut child, s) {
                return false;
            }
            s.guesses += 1;
            let mut not_first = [0u16; 8];
            not_first[first] = digit;
            self.pending[band] = self.pending[band] | B::N::load(&not_first);
            if !B::propagate(self, 1 << band) {
                return true;
            }
        }
    }
}

/// Gathers the negative-triad lanes of a box: `[H0, H1, H2, 0, V0, V1, V2, 0]`.
#[inline(always)]
fn gather<W: Wide>(x: W) -> W::Half {
    let g = x.shuffle(&GATHER);
    g.lo() | g.hi()
}

/// Per cell of a box (`4r + c`): all ones in the lanes a given there clears its digit from (the
/// other cells, `H_r`, `V_c`), and in its own lane.
static GIVEN_MASKS: Aligned<[[[u16; 16]; 2]; 12]> = Aligned({
    let mut t = [[[0u16; 16]; 2]; 12];
    let mut r = 0;
    while r < 3 {
        let mut c = 0;
        while c < 3 {
            let me = 4 * r + c;
            let mut i = 0;
            while i < 16 {
                let (rr, cc) = (i / 4, i % 4);
                if i != me && ((rr < 3 && cc < 3) || i == 4 * r + 3 || i == 12 + c) {
                    t[me][0][i] = 0xFFFF;
                }
                i += 1;
            }
            t[me][1][me] = 0xFFFF;
            c += 1;
        }
        r += 1;
    }
    t
});

/// The whole solve, generic; each backend calls it from its entry point.
#[inline(always)]
fn solve_inline<B: Backend>(givens: &[u8; 81], s: &mut Search<'_>) {
    if s.limit == 0 {
        return;
    }
    let mut state = State::<B> {
        boxes: [B::W::splat(ALL); 9],
        configs: [B::N::load(&[ALL, ALL, ALL, ALL, ALL, ALL, 0, 0]); 6],
        pending: [B::N::splat(0); 6],
    };
    let bits = B::given_cells(givens);
    let words = [bits as u64, (bits >> 64) as u64];
    // Each given clears its digit from its box (cells, negative triads) and its cell of the
    // other digits, and queues the configurations that miss its minirow and minicolumn. A
    // contradiction (a digit twice in a box) leaves an empty cell, which propagation finds
    // (and the leaf check of `is_solution` at the latest).
    for (w, mut bits) in words.into_iter().enumerate() {
        while bits != 0 {
            let i = 64 * w + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            place_given(&mut state, i, givens[i]);
        }
    }
    if !B::propagate(&mut state, 0b11_1111) {
        return;
    }
    B::search(&mut state, s);
}

/// Box, row in the box and column in the box of each cell.
const CELL_PLACES: [(u8, u8, u8); 81] = {
    let mut t = [(0, 0, 0); 81];
    let mut i = 0;
    while i < 81 {
        let (row, col) = (i / 9, i % 9);
        t[i] = ((3 * (row / 3) + col / 3) as u8, (row % 3) as u8, (col % 3) as u8);
        i += 1;
    }
    t
};

/// The givens' part of `solve_inline`, for one given `v` (1-9) at cell `i`.
#[inline(always)]
fn place_given<B: Backend>(state: &mut State<B>, i: usize, v: u8) {
    {
        let bit = 1u16 << ((v - 1) & 15);
        let (bx, r, c) = CELL_PLACES[i];
        let (bx, r, c) = (usize::from(bx), usize::from(r), usize::from(c));
        let masks = &GIVEN_MASKS[4 * r + c];
        let clear = B::W::and_or(B::W::splat(bit), B::W::load(&masks[0]), B::W::splat(ALL ^ bit) & B::W::load(&masks[1]));
        state.boxes[bx] = state.boxes[bx].and_not(clear);
        let (h, hk, v, vk) = bands_of(bx);
        let digit = B::N::splat(bit);
        state.pending[h] = state.pending[h] | (digit & B::N::load(&NOT_USING[hk][r]));
        state.pending[v] = state.pending[v] | (digit & B::N::load(&NOT_USING[vk][c]));
    }
}

/// Solves with the best backend of this machine; false (nothing done) if there is none.
pub(crate) fn solve(givens: &[u8; 81], s: &mut Search<'_>) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        x86::solve(givens, s)
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        wasm::solve(givens, s);
        true
    }
    #[cfg(not(any(target_arch = "x86_64", all(target_arch = "wasm32", target_feature = "simd128"))))]
    {
        let _ = (givens, s);
        false
    }
}
