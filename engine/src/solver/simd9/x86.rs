//! The SIMD solver's vectors on x86-64: AVX2 (`__m256i` boxes, `__m128i` bands), and AVX-512
//! (VL, BW, BITALG, VBMI2) for the few operations it does in one instruction, picked at run
//! time.
//!
//! # Safety
//! This is the crate's one module with `unsafe` code (the crate denies it elsewhere). The
//! intrinsics need CPU features the default x86-64 target lacks. Every function here that uses
//! them is either `#[inline(always)]` and only reachable from the `#[target_feature]` entry
//! points below (`*_propagate`, `*_search`, `*_solve`), or is such an entry point; the entry
//! points are only called through [`Backend`] impls whose values are only created by
//! [`solve`] after `is_x86_feature_detected!` confirmed every feature of that backend. Loads
//! and stores go through references to arrays of the exact size.

#![allow(unsafe_code)]

use super::{Backend, Narrow, State, Wide};
use crate::solver::fast9::Search;
use std::arch::x86_64::*;
use std::ops::{BitAnd, BitOr, BitXor};

/// 16 lanes of `u16` with AVX2.
#[derive(Clone, Copy)]
pub(crate) struct W(__m256i);

/// 8 lanes of `u16` (SSE, available with AVX2).
#[derive(Clone, Copy)]
pub(crate) struct N(__m128i);

/// 16 lanes with the AVX-512 forms of a few operations (same registers).
#[derive(Clone, Copy)]
pub(crate) struct W512(__m256i);

macro_rules! bitops {
    ($t:ident, $and:ident, $or:ident, $xor:ident) => {
        impl BitAnd for $t {
            type Output = $t;
            #[inline(always)]
            fn bitand(self, o: $t) -> $t {
                // SAFETY: module comment (features checked before any entry point runs).
                $t(unsafe { $and(self.0, o.0) })
            }
        }
        impl BitOr for $t {
            type Output = $t;
            #[inline(always)]
            fn bitor(self, o: $t) -> $t {
                // SAFETY: module comment.
                $t(unsafe { $or(self.0, o.0) })
            }
        }
        impl BitXor for $t {
            type Output = $t;
            #[inline(always)]
            fn bitxor(self, o: $t) -> $t {
                // SAFETY: module comment.
                $t(unsafe { $xor(self.0, o.0) })
            }
        }
    };
}
bitops!(W, _mm256_and_si256, _mm256_or_si256, _mm256_xor_si256);
bitops!(W512, _mm256_and_si256, _mm256_or_si256, _mm256_xor_si256);
bitops!(N, _mm_and_si128, _mm_or_si128, _mm_xor_si128);

/// The AVX2 forms, shared by both wide types (all `#[inline(always)]` for the same reason).
mod avx2 {
    #![allow(clippy::undocumented_unsafe_blocks)]
    use std::arch::x86_64::*;

    #[inline(always)]
    pub fn load(lanes: &[u16; 16]) -> __m256i {
        // SAFETY: module comment of `x86`; the reference covers 32 bytes.
        unsafe { _mm256_loadu_si256(lanes.as_ptr().cast()) }
    }
    #[inline(always)]
    pub fn store(x: __m256i) -> [u16; 16] {
        let mut out = [0u16; 16];
        // SAFETY: as `load`.
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), x) };
        out
    }
    #[inline(always)]
    pub fn splat(x: u16) -> __m256i {
        // SAFETY: module comment of `x86`.
        unsafe { _mm256_set1_epi16(x as i16) }
    }
    #[inline(always)]
    pub fn and_not(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: module comment of `x86`.
        unsafe { _mm256_andnot_si256(b, a) }
    }
    #[inline(always)]
    pub fn subset_of(a: __m256i, b: __m256i) -> bool {
        // SAFETY: module comment of `x86`.
        unsafe { _mm256_testc_si256(b, a) != 0 }
    }
    #[inline(always)]
    pub fn disjoint(a: __m256i, b: __m256i) -> bool {
        // SAFETY: module comment of `x86`.
        unsafe { _mm256_testz_si256(a, b) != 0 }
    }
    #[inline(always)]
    pub fn popcounts(x: __m256i) -> __m256i {
        // SAFETY: module comment of `x86`.
        unsafe {
            let table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
            let low = _mm256_shuffle_epi8(table, _mm256_and_si256(x, _mm256_set1_epi16(0x0F)));
            // Bits 4-7 land in the low nibble of the low byte; bit 8 in bit 4, which the
            // lookup ignores; the high byte is zero.
            let mid = _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16::<4>(x), _mm256_set1_epi16(0x0F)));
            _mm256_add_epi16(_mm256_add_epi16(low, mid), _mm256_srli_epi16::<8>(x))
        }
    }
    #[inline(always)]
    pub fn equal(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: module comment of `x86`.
        unsafe { _mm256_cmpeq_epi16(a, b) }
    }
    #[inline(always)]
    pub fn any_less(a: __m256i, b: __m256i) -> bool {
        // SAFETY: module comment of `x86`.
        unsafe { _mm256_movemask_epi8(_mm256_cmpgt_epi16(b, a)) != 0 }
    }
    #[inline(always)]
    pub fn any_zero(a: __m256i) -> bool {
        // SAFETY: module comment of `x86`.
        unsafe { _mm256_movemask_epi8(_mm256_cmpeq_epi16(a, _mm256_setzero_si256())) != 0 }
    }
    #[inline(always)]
    pub fn nonzero(a: __m256i) -> __m256i {
        // SAFETY: module comment of `x86`.
        unsafe { _mm256_cmpgt_epi16(a, _mm256_setzero_si256()) }
    }
    #[inline(always)]
    pub fn shuffle(a: __m256i, control: &[u8; 32]) -> __m256i {
        // SAFETY: module comment of `x86`; the reference covers 32 bytes.
        unsafe { _mm256_shuffle_epi8(a, _mm256_loadu_si256(control.as_ptr().cast())) }
    }
    #[inline(always)]
    pub fn rotate_rows(a: __m256i) -> __m256i {
        // SAFETY: module comment of `x86`.
        unsafe {
            let c = _mm256_setr_epi8(
                2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9, 2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9,
            );
            _mm256_shuffle_epi8(a, c)
        }
    }
    #[inline(always)]
    pub fn rotate_rows2(a: __m256i) -> __m256i {
        // SAFETY: module comment of `x86`.
        unsafe { _mm256_shuffle_epi32::<0b10_11_00_01>(a) }
    }
    #[inline(always)]
    pub fn rotate_cols(a: __m256i) -> __m256i {
        // SAFETY: module comment of `x86`.
        unsafe { _mm256_permute4x64_epi64::<0b00_11_10_01>(a) }
    }
    #[inline(always)]
    pub fn rotate_cols2(a: __m256i) -> __m256i {
        // SAFETY: module comment of `x86`.
        unsafe { _mm256_permute4x64_epi64::<0b01_00_11_10>(a) }
    }
    #[inline(always)]
    pub fn lo(a: __m256i) -> __m128i {
        // SAFETY: module comment of `x86`.
        unsafe { _mm256_castsi256_si128(a) }
    }
    #[inline(always)]
    pub fn hi(a: __m256i) -> __m128i {
        // SAFETY: module comment of `x86`.
        unsafe { _mm256_extracti128_si256::<1>(a) }
    }
    #[inline(always)]
    pub fn broadcast(a: __m128i) -> __m256i {
        // SAFETY: module comment of `x86`.
        unsafe { _mm256_broadcastsi128_si256(a) }
    }
}

macro_rules! wide_common {
    () => {
        type Half = N;
        #[inline(always)]
        fn load(lanes: &[u16; 16]) -> Self {
            Self(avx2::load(lanes))
        }
        #[inline(always)]
        fn store(self) -> [u16; 16] {
            avx2::store(self.0)
        }
        #[inline(always)]
        fn splat(x: u16) -> Self {
            Self(avx2::splat(x))
        }
        #[inline(always)]
        fn and_not(self, o: Self) -> Self {
            Self(avx2::and_not(self.0, o.0))
        }
        #[inline(always)]
        fn subset_of(self, o: Self) -> bool {
            avx2::subset_of(self.0, o.0)
        }
        #[inline(always)]
        fn disjoint(self, o: Self) -> bool {
            avx2::disjoint(self.0, o.0)
        }
        #[inline(always)]
        fn equal(self, o: Self) -> Self {
            Self(avx2::equal(self.0, o.0))
        }
        #[inline(always)]
        fn any_zero(self) -> bool {
            avx2::any_zero(self.0)
        }
        #[inline(always)]
        fn nonzero(self) -> Self {
            Self(avx2::nonzero(self.0))
        }
        #[inline(always)]
        fn shuffle(self, control: &[u8; 32]) -> Self {
            Self(avx2::shuffle(self.0, control))
        }
        #[inline(always)]
        fn rotate_rows2(self) -> Self {
            Self(avx2::rotate_rows2(self.0))
        }
        #[inline(always)]
        fn rotate_cols(self) -> Self {
            Self(avx2::rotate_cols(self.0))
        }
        #[inline(always)]
        fn rotate_cols2(self) -> Self {
            Self(avx2::rotate_cols2(self.0))
        }
        #[inline(always)]
        fn lo(self) -> N {
            N(avx2::lo(self.0))
        }
        #[inline(always)]
        fn hi(self) -> N {
            N(avx2::hi(self.0))
        }
        #[inline(always)]
        fn broadcast(half: N) -> Self {
            Self(avx2::broadcast(half.0))
        }
    };
}

impl Wide for W {
    wide_common!();
    #[inline(always)]
    fn popcounts(self) -> W {
        W(avx2::popcounts(self.0))
    }
    #[inline(always)]
    fn any_less(self, o: W) -> bool {
        avx2::any_less(self.0, o.0)
    }
    #[inline(always)]
    fn rotate_rows(self) -> W {
        W(avx2::rotate_rows(self.0))
    }
}

impl Wide for W512 {
    wide_common!();
    #[inline(always)]
    fn popcounts(self) -> W512 {
        // SAFETY: module comment (AVX-512 BITALG and VL checked for this backend).
        W512(unsafe { _mm256_popcnt_epi16(self.0) })
    }
    #[inline(always)]
    fn any_less(self, o: W512) -> bool {
        // SAFETY: module comment (AVX-512 BW and VL checked for this backend).
        unsafe { _mm256_cmplt_epu16_mask(self.0, o.0) != 0 }
    }
    #[inline(always)]
    fn rotate_rows(self) -> W512 {
        // Rotates each 64-bit row left by one lane: lane c+1 gets lane c. (The other way round
        // from the AVX2 form: every use is symmetric in the direction.)
        // SAFETY: module comment (AVX-512 VBMI2 and VL checked for this backend).
        W512(unsafe { _mm256_shldi_epi64::<16>(self.0, self.0) })
    }
    #[inline(always)]
    fn or3(a: Self, b: Self, c: Self) -> Self {
        // SAFETY: module comment (AVX-512 F and VL checked for this backend).
        W512(unsafe { _mm256_ternarylogic_epi32::<0xFE>(a.0, b.0, c.0) })
    }
    #[inline(always)]
    fn and_not_or(a: Self, b: Self, c: Self) -> Self {
        // (a & !b) | c: truth table over (a, b, c) = bits (0xF0, 0xCC, 0xAA).
        // SAFETY: module comment.
        W512(unsafe { _mm256_ternarylogic_epi32::<{ (0xF0 & !0xCC) | 0xAA }>(a.0, b.0, c.0) })
    }
    #[inline(always)]
    fn and_or(a: Self, b: Self, c: Self) -> Self {
        // SAFETY: module comment.
        W512(unsafe { _mm256_ternarylogic_epi32::<{ (0xF0 & 0xCC) | 0xAA }>(a.0, b.0, c.0) })
    }
}

impl Narrow for N {
    #[inline(always)]
    fn load(lanes: &[u16; 8]) -> N {
        // SAFETY: module comment; the reference covers 16 bytes.
        N(unsafe { _mm_loadu_si128(lanes.as_ptr().cast()) })
    }
    #[inline(always)]
    fn store(self) -> [u16; 8] {
        let mut out = [0u16; 8];
        // SAFETY: as `load`.
        unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), self.0) };
        out
    }
    #[inline(always)]
    fn splat(x: u16) -> N {
        // SAFETY: module comment.
        N(unsafe { _mm_set1_epi16(x as i16) })
    }
    #[inline(always)]
    fn and_not(self, o: N) -> N {
        // SAFETY: module comment.
        N(unsafe { _mm_andnot_si128(o.0, self.0) })
    }
    #[inline(always)]
    fn disjoint(self, o: N) -> bool {
        // SAFETY: module comment.
        unsafe { _mm_testz_si128(self.0, o.0) != 0 }
    }
    #[inline(always)]
    fn shuffle(self, control: &[u8; 16]) -> N {
        // SAFETY: module comment; the reference covers 16 bytes.
        N(unsafe { _mm_shuffle_epi8(self.0, _mm_loadu_si128(control.as_ptr().cast())) })
    }
    #[inline(always)]
    fn popcount(self) -> u32 {
        // SAFETY: module comment.
        unsafe { (_mm_cvtsi128_si64(self.0) as u64).count_ones() + (_mm_extract_epi64::<1>(self.0) as u64).count_ones() }
    }
}

/// The cells with a given: bytes compared 32 at a time.
#[inline(always)]
fn given_cells(givens: &[u8; 81]) -> u128 {
    let (a, rest) = givens.split_at(32);
    let (b, rest) = rest.split_at(32);
    let (c, last) = rest.split_at(16);
    let (a, b, c): (&[u8; 32], &[u8; 32], &[u8; 16]) = (a.try_into().unwrap(), b.try_into().unwrap(), c.try_into().unwrap());
    // SAFETY: module comment (AVX2); each load reads exactly the array it is given.
    let (ma, mb, mc) = unsafe {
        let zero = _mm256_setzero_si256();
        let ma = _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_loadu_si256(a.as_ptr().cast()), zero)) as u32;
        let mb = _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_loadu_si256(b.as_ptr().cast()), zero)) as u32;
        let mc = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(c.as_ptr().cast()), _mm_setzero_si128())) as u32 & 0xFFFF;
        (ma, mb, mc)
    };
    let zeros = u128::from(ma) | u128::from(mb) << 32 | u128::from(mc) << 64;
    (!zeros & ((1 << 80) - 1)) | u128::from(last[0] != 0) << 80
}

/// Defines a backend: its marker type and its `#[target_feature]` entry points.
macro_rules! backend {
    ($name:ident, $wide:ident, $features:literal, $propagate:ident, $search:ident, $solve:ident) => {
        /// A backend marker; only `solve` creates states for it, after checking its features.
        #[derive(Clone, Copy)]
        pub(crate) struct $name;

        impl Backend for $name {
            type W = $wide;
            type N = N;
            #[inline(always)]
            fn propagate(state: &mut State<Self>, dirty: u32) -> bool {
                // SAFETY: states of this backend exist only after `solve` checked the features.
                unsafe { $propagate(state, dirty) }
            }
            #[inline(always)]
            fn search(state: &mut State<Self>, s: &mut Search<'_>) -> bool {
                // SAFETY: as `propagate`.
                unsafe { $search(state, s) }
            }
            #[inline(always)]
            fn given_cells(givens: &[u8; 81]) -> u128 {
                given_cells(givens)
            }
        }

        #[target_feature(enable = $features)]
        fn $propagate(state: &mut State<$name>, dirty: u32) -> bool {
            state.propagate_inline(dirty)
        }

        #[target_feature(enable = $features)]
        fn $search(state: &mut State<$name>, s: &mut Search<'_>) -> bool {
            state.search_inline(s)
        }

        #[target_feature(enable = $features)]
        fn $solve(givens: &[u8; 81], s: &mut Search<'_>) {
            super::solve_inline::<$name>(givens, s);
        }
    };
}

backend!(Avx2, W, "avx2,bmi1,bmi2,popcnt,lzcnt", avx2_propagate, avx2_search, avx2_solve);
backend!(
    Avx512,
    W512,
    "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f,avx512vl,avx512bw,avx512bitalg,avx512vbmi2",
    avx512_propagate,
    avx512_search,
    avx512_solve
);

/// Which backend this machine runs: 0 none, 1 AVX2, 2 AVX-512.
fn level() -> u8 {
    use std::sync::atomic::{AtomicU8, Ordering};
    static LEVEL: AtomicU8 = AtomicU8::new(u8::MAX);
    let cached = LEVEL.load(Ordering::Relaxed);
    if cached != u8::MAX {
        return cached;
    }
    let avx2 = is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("lzcnt");
    let avx512 = avx2
        && is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512vl")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512bitalg")
        && is_x86_feature_detected!("avx512vbmi2");
    let level = if avx512 && std::env::var_os("INKDOKU_NO_AVX512").is_none() {
        2
    } else if avx2 {
        1
    } else {
        0
    };
    LEVEL.store(level, Ordering::Relaxed);
    level
}

/// Solves with the best backend of this machine; false if there is none.
pub(crate) fn solve(givens: &[u8; 81], s: &mut Search<'_>) -> bool {
    match level() {
        // SAFETY: `level` checked every feature of the backend.
        2 => unsafe { avx512_solve(givens, s) },
        // SAFETY: as above.
        1 => unsafe { avx2_solve(givens, s) },
        _ => return false,
    }
    true
}

/// Solves with the AVX2 backend even where AVX-512 is present (tests); false without AVX2.
pub(crate) fn solve_avx2(givens: &[u8; 81], s: &mut Search<'_>) -> bool {
    if level() == 0 {
        return false;
    }
    // SAFETY: `level` checked AVX2 and the rest of that backend's features.
    unsafe { avx2_solve(givens, s) };
    true
}

#[cfg(test)]
mod tests {
    //! Every operation of both x86 wide types and of `N` against the portable specification,
    //! on random vectors and with every shuffle table the solver uses. (Here the intrinsics
    //! run outside the `#[target_feature]` entry points: each test first checks the features,
    //! which is all their safety needs.)
    use super::super::portable;
    use super::super::*;
    use super::*;
    use crate::random::Rng;

    fn lanes16(rng: &mut Rng) -> [u16; 16] {
        std::array::from_fn(|_| match rng.below(4) {
            0 => 0,
            1 => 1 << rng.below(9),
            _ => rng.below(512) as u16,
        })
    }

    fn check<X: Wide<Half = N>>(rotate_rows_turns: usize) {
        let mut rng = Rng::seeded(5);
        let controls: Vec<&[u8; 32]> = TRIADS
            .iter()
            .chain(TRIAD_OTHERS.iter())
            .chain(TRIADS_TO_CONFIGS.iter())
            .chain(BOX_MASKS.iter().flatten().flatten())
            .chain([&*GATHER])
            .collect();
        for _ in 0..2000 {
            let (a, b, c) = (lanes16(&mut rng), lanes16(&mut rng), lanes16(&mut rng));
            let (pa, pb, pc) = (portable::W::load(&a), portable::W::load(&b), portable::W::load(&c));
            let (xa, xb, xc) = (X::load(&a), X::load(&b), X::load(&c));
            let same = |x: X, p: portable::W| assert_eq!(x.store(), p.store());
            same(xa & xb, pa & pb);
            same(xa | xb, pa | pb);
            same(xa ^ xb, pa ^ pb);
            same(xa.and_not(xb), pa.and_not(pb));
            same(X::splat(a[0]), portable::W::splat(a[0]));
            assert_eq!(xa.subset_of(xb), pa.subset_of(pb));
            assert!(xa.subset_of(xa | xb));
            assert_eq!(xa.disjoint(xb), pa.disjoint(pb));
            assert!(xa.disjoint(xb.and_not(xa)));
            same(xa.popcounts(), pa.popcounts());
            same(xa.equal(xb), pa.equal(pb));
            same(xa.equal(xa & xb), pa.equal(pa & pb));
            let (ca, cb) = (xa.popcounts(), xb.popcounts());
            assert_eq!(ca.any_less(cb), pa.popcounts().any_less(pb.popcounts()));
            assert_eq!(xa.any_zero(), pa.any_zero());
            same(xa.nonzero(), pa.nonzero());
            for control in &controls {
                same(xa.shuffle(control), pa.shuffle(control));
            }
            let mut rotated = pa;
            for _ in 0..rotate_rows_turns {
                rotated = rotated.rotate_rows();
            }
            same(xa.rotate_rows(), rotated);
            same(xa.rotate_rows2(), pa.rotate_rows2());
            same(xa.rotate_cols(), pa.rotate_cols());
            same(xa.rotate_cols2(), pa.rotate_cols2());
            assert_eq!(xa.lo().store(), pa.lo().store());
            assert_eq!(xa.hi().store(), pa.hi().store());
            same(X::broadcast(xa.hi()), portable::W::broadcast(pa.hi()));
            same(X::or3(xa, xb, xc), portable::W::or3(pa, pb, pc));
            same(X::and_not_or(xa, xb, xc), portable::W::and_not_or(pa, pb, pc));
            same(X::and_or(xa, xb, xc), portable::W::and_or(pa, pb, pc));

            let (n, m): ([u16; 8], [u16; 8]) = (a[..8].try_into().unwrap(), b[8..].try_into().unwrap());
            let (xn, xm, pn, pm) = (N::load(&n), N::load(&m), portable::N::load(&n), portable::N::load(&m));
            assert_eq!((xn & xm).store(), (pn & pm).store());
            assert_eq!((xn | xm).store(), (pn | pm).store());
            assert_eq!(xn.and_not(xm).store(), pn.and_not(pm).store());
            assert_eq!(xn.disjoint(xm), pn.disjoint(pm));
            assert_eq!(xn.popcount(), pn.popcount());
            assert_eq!(N::splat(n[1]).store(), portable::N::splat(n[1]).store());
            for control in GATHERED_OTHERS.iter().chain(GATHERED_TO_CONFIGS.iter().flatten()) {
                assert_eq!(xn.shuffle(control).store(), pn.shuffle(control).store());
            }
        }
        let givens: [u8; 81] = std::array::from_fn(|i| if i % 7 == 0 || i == 80 { (i % 9) as u8 + 1 } else { 0 });
        assert_eq!(given_cells(&givens), <portable::Portable as Backend>::given_cells(&givens));
    }

    #[test]
    fn avx2_operations_match_the_portable_ones() {
        if level() >= 1 {
            check::<W>(1);
        }
    }

    #[test]
    fn avx512_operations_match_the_portable_ones() {
        if level() >= 2 {
            // Its row rotation turns the other way: three portable turns.
            check::<W512>(3);
        }
    }
}
