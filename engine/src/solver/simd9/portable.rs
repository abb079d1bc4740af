//! The SIMD solver's vectors as plain arrays: the specification of every operation, run by the
//! tests on any machine (and the reference the intrinsics backends are held against).

use super::{Backend, Narrow, Wide};
use crate::solver::fast9::Search;
use std::ops::{BitAnd, BitOr, BitXor};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct W([u16; 16]);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct N([u16; 8]);

macro_rules! bitops {
    ($t:ident) => {
        impl BitAnd for $t {
            type Output = $t;
            #[inline(always)]
            fn bitand(self, o: $t) -> $t {
                $t(std::array::from_fn(|i| self.0[i] & o.0[i]))
            }
        }
        impl BitOr for $t {
            type Output = $t;
            #[inline(always)]
            fn bitor(self, o: $t) -> $t {
                $t(std::array::from_fn(|i| self.0[i] | o.0[i]))
            }
        }
        impl BitXor for $t {
            type Output = $t;
            #[inline(always)]
            fn bitxor(self, o: $t) -> $t {
                $t(std::array::from_fn(|i| self.0[i] ^ o.0[i]))
            }
        }
    };
}
bitops!(W);
bitops!(N);

/// A byte shuffle of 16 bytes as lanes of `u16` (controls always move whole lanes).
#[inline(always)]
fn shuffle8(x: &[u16], control: &[u8]) -> [u16; 8] {
    std::array::from_fn(|i| {
        let c = control[2 * i];
        if c & 0x80 != 0 { 0 } else { x[usize::from(c & 15) / 2] }
    })
}

impl Wide for W {
    type Half = N;
    #[inline(always)]
    fn load(lanes: &[u16; 16]) -> W {
        W(*lanes)
    }
    #[inline(always)]
    fn store(self) -> [u16; 16] {
        self.0
    }
    #[inline(always)]
    fn splat(x: u16) -> W {
        W([x; 16])
    }
    #[inline(always)]
    fn and_not(self, o: W) -> W {
        W(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }
    #[inline(always)]
    fn subset_of(self, o: W) -> bool {
        self.and_not(o).0 == [0; 16]
    }
    #[inline(always)]
    fn disjoint(self, o: W) -> bool {
        (self & o).0 == [0; 16]
    }
    #[inline(always)]
    fn popcounts(self) -> W {
        W(self.0.map(|x| x.count_ones() as u16))
    }
    #[inline(always)]
    fn equal(self, o: W) -> W {
        W(std::array::from_fn(|i| if self.0[i] == o.0[i] { 0xFFFF } else { 0 }))
    }
    #[inline(always)]
    fn any_less(self, o: W) -> bool {
        (0..16).any(|i| self.0[i] < o.0[i])
    }
    #[inline(always)]
    fn any_zero(self) -> bool {
        self.0.contains(&0)
    }
    #[inline(always)]
    fn nonzero(self) -> W {
        W(self.0.map(|x| if x != 0 { 0xFFFF } else { 0 }))
    }
    #[inline(always)]
    fn shuffle(self, control: &[u8; 32]) -> W {
        let lo = shuffle8(&self.0[..8], &control[..16]);
        let hi = shuffle8(&self.0[8..], &control[16..]);
        W(std::array::from_fn(|i| if i < 8 { lo[i] } else { hi[i - 8] }))
    }
    #[inline(always)]
    fn rotate_rows(self) -> W {
        W(std::array::from_fn(|i| self.0[i / 4 * 4 + (i + 1) % 4]))
    }
    #[inline(always)]
    fn rotate_rows2(self) -> W {
        W(std::array::from_fn(|i| self.0[i / 4 * 4 + (i + 2) % 4]))
    }
    #[inline(always)]
    fn rotate_cols(self) -> W {
        W(std::array::from_fn(|i| self.0[(i + 4) % 16]))
    }
    #[inline(always)]
    fn rotate_cols2(self) -> W {
        W(std::array::from_fn(|i| self.0[(i + 8) % 16]))
    }
    #[inline(always)]
    fn lo(self) -> N {
        N(std::array::from_fn(|i| self.0[i]))
    }
    #[inline(always)]
    fn hi(self) -> N {
        N(std::array::from_fn(|i| self.0[8 + i]))
    }
    #[inline(always)]
    fn broadcast(half: N) -> W {
        W(std::array::from_fn(|i| half.0[i % 8]))
    }
}

impl Narrow for N {
    #[inline(always)]
    fn load(lanes: &[u16; 8]) -> N {
        N(*lanes)
    }
    #[inline(always)]
    fn store(self) -> [u16; 8] {
        self.0
    }
    #[inline(always)]
    fn splat(x: u16) -> N {
        N([x; 8])
    }
    #[inline(always)]
    fn and_not(self, o: N) -> N {
        N(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }
    #[inline(always)]
    fn disjoint(self, o: N) -> bool {
        (self & o).0 == [0; 8]
    }
    #[inline(always)]
    fn shuffle(self, control: &[u8; 16]) -> N {
        N(shuffle8(&self.0, control))
    }
    #[inline(always)]
    fn popcount(self) -> u32 {
        self.0.iter().map(|x| x.count_ones()).sum()
    }
}

/// The portable backend.
#[derive(Clone, Copy)]
pub(crate) struct Portable;

impl Backend for Portable {
    type W = W;
    type N = N;
}

/// Solves with the portable backend.
pub(crate) fn solve(givens: &[u8; 81], s: &mut Search<'_>) {
    super::solve_inline::<Portable>(givens, s);
}
