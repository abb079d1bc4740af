//! The SIMD solver's vectors in WebAssembly with simd128: a box is two `v128` (the rows 0-1 and
//! 2-3 of its matrix), a band one. Compiled only when the crate is built with
//! `-C target-feature=+simd128` (`.cargo/config.toml` does it for every wasm32 build), so there
//! is no run-time detection: the module fails to load on an engine without SIMD (every current
//! browser has it).
//!
//! The algorithm's constant tables (shuffle controls, lane masks) are read with volatile
//! loads: V8 builds each 128-bit constant in registers at every use (two 64-bit moves and an
//! insert) where a load from memory is one instruction. Volatile keeps LLVM from folding the
//! tables into `v128.const`; it also keeps a constant shuffle a `i8x16.swizzle` (V8: the load,
//! a saturating add from memory, `pshufb`) instead of an `i8x16.shuffle` with a built mask.
//! Together 12-19 % faster per benchmark set than the constants (node 20).
//!
//! # Safety
//! The only `unsafe` operations are `v128` reads (volatile ones only where 16-byte aligned)
//! and `v128_store`, through references to at least 16 bytes (each checked); wasm's own loads
//! and stores need no alignment.

#![allow(unsafe_code)]

use super::{Backend, Narrow, Wide};
use crate::solver::fast9::Search;
use core::arch::wasm32::*;
use std::ops::{BitAnd, BitOr, BitXor};

#[derive(Clone, Copy)]
pub(crate) struct W(v128, v128);

#[derive(Clone, Copy)]
pub(crate) struct N(v128);

impl BitAnd for W {
    type Output = W;
    #[inline(always)]
    fn bitand(self, o: W) -> W {
        W(v128_and(self.0, o.0), v128_and(self.1, o.1))
    }
}
impl BitOr for W {
    type Output = W;
    #[inline(always)]
    fn bitor(self, o: W) -> W {
        W(v128_or(self.0, o.0), v128_or(self.1, o.1))
    }
}
impl BitXor for W {
    type Output = W;
    #[inline(always)]
    fn bitxor(self, o: W) -> W {
        W(v128_xor(self.0, o.0), v128_xor(self.1, o.1))
    }
}
impl BitAnd for N {
    type Output = N;
    #[inline(always)]
    fn bitand(self, o: N) -> N {
        N(v128_and(self.0, o.0))
    }
}
impl BitOr for N {
    type Output = N;
    #[inline(always)]
    fn bitor(self, o: N) -> N {
        N(v128_or(self.0, o.0))
    }
}
impl BitXor for N {
    type Output = N;
    #[inline(always)]
    fn bitxor(self, o: N) -> N {
        N(v128_xor(self.0, o.0))
    }
}

#[inline(always)]
fn load8(x: &[u16]) -> v128 {
    assert!(x.len() >= 8);
    // SAFETY: module comment: 16 readable bytes (checked above).
    unsafe { read16(x.as_ptr().cast()) }
}

#[inline(always)]
fn store8(x: v128, out: &mut [u16]) {
    assert!(out.len() >= 8);
    // SAFETY: 16 writable bytes (checked above); wasm stores need no alignment.
    unsafe { v128_store(out.as_mut_ptr().cast(), x) }
}

#[inline(always)]
fn control(c: &[u8]) -> v128 {
    assert!(c.len() >= 16);
    // SAFETY: module comment: `c` is 16 readable bytes (checked above).
    unsafe { read16(c.as_ptr()) }
}

/// 16 bytes at `p`, one `v128.load`. The algorithm's tables are 16-byte aligned
/// (`super::Aligned`) and read with a volatile load, which LLVM cannot fold into a
/// `v128.const`; other data (a search's arrays on the stack) is read plainly. For a table the
/// alignment test folds away at compile time.
///
/// # Safety
/// `p` must be valid for reading 16 bytes.
#[inline(always)]
unsafe fn read16(p: *const u8) -> v128 {
    if p.addr().is_multiple_of(16) {
        // SAFETY: the caller's promise, and `p` is aligned as `v128` needs.
        unsafe { p.cast::<v128>().read_volatile() }
    } else {
        // SAFETY: the caller's promise; `v128_load` needs no alignment.
        unsafe { v128_load(p.cast()) }
    }
}

/// A byte shuffle by a control from memory (every control byte is below 16, or 0x80 for a zero,
/// so the relaxed form gives the same bytes everywhere). With `relaxed-simd` (the engine
/// worker's second build, scripts/build-engine-worker-relaxed) V8 emits a bare `pshufb`, 7-15 %
/// faster again in Chromium on the benchmark sets.
#[inline(always)]
fn swizzle(x: v128, c: v128) -> v128 {
    #[cfg(target_feature = "relaxed-simd")]
    {
        i8x16_relaxed_swizzle(x, c)
    }
    #[cfg(not(target_feature = "relaxed-simd"))]
    {
        u8x16_swizzle(x, c)
    }
}

/// Bits set per 16-bit lane: bytes counted, then the two bytes of each lane added.
#[inline(always)]
fn popcounts8(x: v128) -> v128 {
    u16x8_extadd_pairwise_u8x16(u8x16_popcnt(x))
}

impl Wide for W {
    type Half = N;
    #[inline(always)]
    fn load(lanes: &[u16; 16]) -> W {
        W(load8(&lanes[..8]), load8(&lanes[8..]))
    }
    #[inline(always)]
    fn store(self) -> [u16; 16] {
        let mut out = [0u16; 16];
        store8(self.0, &mut out[..8]);
        store8(self.1, &mut out[8..]);
        out
    }
    #[inline(always)]
    fn splat(x: u16) -> W {
        W(u16x8_splat(x), u16x8_splat(x))
    }
    #[inline(always)]
    fn and_not(self, o: W) -> W {
        W(v128_andnot(self.0, o.0), v128_andnot(self.1, o.1))
    }
    #[inline(always)]
    fn subset_of(self, o: W) -> bool {
        !v128_any_true(v128_or(v128_andnot(self.0, o.0), v128_andnot(self.1, o.1)))
    }
    #[inline(always)]
    fn disjoint(self, o: W) -> bool {
        !v128_any_true(v128_or(v128_and(self.0, o.0), v128_and(self.1, o.1)))
    }
    #[inline(always)]
    fn popcounts(self) -> W {
        W(popcounts8(self.0), popcounts8(self.1))
    }
    #[inline(always)]
    fn equal(self, o: W) -> W {
        W(u16x8_eq(self.0, o.0), u16x8_eq(self.1, o.1))
    }
    #[inline(always)]
    fn any_less(self, o: W) -> bool {
        // Signed: one `pcmpgtw` in V8 (unsigned is max, compare, not); the values are small.
        v128_any_true(v128_or(i16x8_gt(o.0, self.0), i16x8_gt(o.1, self.1)))
    }
    #[inline(always)]
    fn any_zero(self) -> bool {
        !(u16x8_all_true(self.0) && u16x8_all_true(self.1))
    }
    #[inline(always)]
    fn nonzero(self) -> W {
        // Signed `> 0` (one `pcmpgtw`; lanes hold at most 9 bits) rather than `!= 0` (compare, not).
        let zero = u16x8_splat(0);
        W(i16x8_gt(self.0, zero), i16x8_gt(self.1, zero))
    }
    #[inline(always)]
    fn shuffle(self, c: &[u8; 32]) -> W {
        W(swizzle(self.0, control(&c[..16])), swizzle(self.1, control(&c[16..])))
    }
    #[inline(always)]
    fn rotate_rows(self) -> W {
        let r = |x| u8x16_shuffle::<2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9>(x, x);
        W(r(self.0), r(self.1))
    }
    #[inline(always)]
    fn rotate_rows2(self) -> W {
        let r = |x| u32x4_shuffle::<1, 0, 3, 2>(x, x);
        W(r(self.0), r(self.1))
    }
    #[inline(always)]
    fn rotate_cols(self) -> W {
        // Row r gets row r + 1: (rows 1, 2) and (rows 3, 0).
        W(u64x2_shuffle::<1, 2>(self.0, self.1), u64x2_shuffle::<1, 2>(self.1, self.0))
    }
    #[inline(always)]
    fn rotate_cols2(self) -> W {
        W(self.1, self.0)
    }
    #[inline(always)]
    fn lo(self) -> N {
        N(self.0)
    }
    #[inline(always)]
    fn hi(self) -> N {
        N(self.1)
    }
    #[inline(always)]
    fn broadcast(half: N) -> W {
        W(half.0, half.0)
    }
}

impl Narrow for N {
    #[inline(always)]
    fn load(lanes: &[u16; 8]) -> N {
        N(load8(lanes))
    }
    #[inline(always)]
    fn store(self) -> [u16; 8] {
        let mut out = [0u16; 8];
        store8(self.0, &mut out);
        out
    }
    #[inline(always)]
    fn splat(x: u16) -> N {
        N(u16x8_splat(x))
    }
    #[inline(always)]
    fn and_not(self, o: N) -> N {
        N(v128_andnot(self.0, o.0))
    }
    #[inline(always)]
    fn disjoint(self, o: N) -> bool {
        !v128_any_true(v128_and(self.0, o.0))
    }
    #[inline(always)]
    fn shuffle(self, c: &[u8; 16]) -> N {
        N(swizzle(self.0, control(c)))
    }
    #[inline(always)]
    fn popcount(self) -> u32 {
        let bytes = u8x16_popcnt(self.0);
        let w = u32x4_extadd_pairwise_u16x8(u16x8_extadd_pairwise_u8x16(bytes));
        let w = u32x4_add(w, u64x2_shuffle::<1, 0>(w, w));
        u32x4_extract_lane::<0>(w) + u32x4_extract_lane::<1>(w)
    }
}

/// The simd128 backend.
#[derive(Clone, Copy)]
pub(crate) struct Simd128;

impl Backend for Simd128 {
    type W = W;
    type N = N;
    #[inline(always)]
    fn given_cells(givens: &[u8; 81]) -> u128 {
        // Five 16-byte compares (bytes 0-79) and the last cell.
        let zero = u8x16_splat(0);
        let mut zeros = 0u128;
        for k in 0..5 {
            let chunk = &givens[16 * k..16 * k + 16];
            // SAFETY: module comment: `chunk` is 16 readable bytes.
            let bytes = unsafe { v128_load(chunk.as_ptr().cast()) };
            zeros |= u128::from(u8x16_bitmask(u8x16_eq(bytes, zero))) << (16 * k);
        }
        (!zeros & ((1 << 80) - 1)) | u128::from(givens[80] != 0) << 80
    }
}

/// Solves with simd128.
pub(crate) fn solve(givens: &[u8; 81], s: &mut Search<'_>) {
    super::solve_inline::<Simd128>(givens, s);
}
