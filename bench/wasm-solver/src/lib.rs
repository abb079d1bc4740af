//! The solver as a bare wasm module (no wasm-bindgen) for `bench/wasm.mjs`.
//!
//! JavaScript asks for a buffer of `n` 81-byte puzzles (`buffer(n)` returns its address in
//! linear memory), writes the puzzles there (0 = blank, 1-9 given), and calls
//! `count_all(n, limit)`, timing it. The buffer is a Rust `Vec`, so no unsafe code is needed:
//! JavaScript writes into memory Rust owns.

use inkdoku_engine::{Digit, Grid, Size, solver};
use std::cell::RefCell;

thread_local! {
    static PUZZLES: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Makes room for `n` puzzles and returns the buffer's address.
#[unsafe(no_mangle)]
pub extern "C" fn buffer(n: usize) -> usize {
    PUZZLES.with_borrow_mut(|b| {
        b.clear();
        b.resize(n * 81, 0);
        b.as_mut_ptr() as usize
    })
}

/// Counts solutions (up to `limit`) of the `n` puzzles in the buffer; returns how many had
/// exactly one (a check that the work was done).
#[unsafe(no_mangle)]
pub extern "C" fn count_all(n: usize, limit: usize) -> usize {
    let grids: Vec<Grid> = PUZZLES.with_borrow(|b| {
        b.chunks(81)
            .take(n)
            .map(|p| Grid::from_cells(Size::Nine, p.iter().map(|&v| Digit::new(v)).collect()).expect("81 cells"))
            .collect()
    });
    grids.iter().filter(|g| solver::count_solutions(g, limit) == 1).count()
}
