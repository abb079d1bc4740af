//! The solver as a bare wasm module (no wasm-bindgen) for `bench/wasm.mjs`.
//!
//! JavaScript asks for a buffer of `n` 81-byte puzzles (`buffer(n)` returns its address in
//! linear memory), writes the puzzles there (0 = blank, 1-9 given), calls `prepare(n)` to
//! turn them into grids, then times `count_prepared(limit)`. The buffer is a Rust `Vec`, so no unsafe code is needed:
//! JavaScript writes into memory Rust owns.

use inkdoku_engine::position::Position;
use inkdoku_engine::rating::Level;
use inkdoku_engine::{Digit, Grid, Size, hint, rating, solver};
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

thread_local! {
    static GRIDS: RefCell<Vec<Grid>> = const { RefCell::new(Vec::new()) };
}

/// Turns the first `n` puzzles of the buffer into grids for `count_prepared` (not timed: the
/// native benchmark parses its file before timing too).
#[unsafe(no_mangle)]
pub extern "C" fn prepare(n: usize) {
    let grids = PUZZLES.with_borrow(|b| {
        b.chunks(81).take(n).map(|p| Grid::from_cells(Size::Nine, p.iter().map(|&v| Digit::new(v)).collect()).expect("81 cells")).collect()
    });
    GRIDS.with_borrow_mut(|g| *g = grids);
}

/// Counts solutions (up to `limit`) of the prepared puzzles; returns how many had exactly one
/// (a check that the work was done).
#[unsafe(no_mangle)]
pub extern "C" fn count_prepared(limit: usize) -> usize {
    GRIDS.with_borrow(|grids| grids.iter().filter(|g| solver::count_solutions(g, limit) == 1).count())
}

/// The 9x9 solver JavaScript names by number: 1 the bitboard one (`fast9`), anything else the
/// SIMD one (simd128, what `count_prepared` and the app's worker use).
fn engine9(id: usize) -> solver::Engine9 {
    if id == 1 { solver::Engine9::Fast9 } else { solver::Engine9::Simd }
}

/// `count_prepared` with a chosen 9x9 solver (`engine9`), to compare them.
#[unsafe(no_mangle)]
pub extern "C" fn count_prepared_with(limit: usize, engine: usize) -> usize {
    let engine = engine9(engine);
    GRIDS.with_borrow(|grids| grids.iter().filter(|g| solver::search_9x9(engine, g, limit, 0).count == 1).count())
}

thread_local! {
    static SOLUTION: RefCell<[u8; 81]> = const { RefCell::new([0; 81]) };
}

/// Searches puzzle `i` of the buffer with a chosen 9x9 solver (as `count_prepared_with`) up to
/// `limit` solutions; returns how many it found and keeps the first (digits 1-9, or zeros if
/// none) at `solution_at()`, for the wasm differential test (`tests/wasm`).
#[unsafe(no_mangle)]
pub extern "C" fn solve_one_with(i: usize, limit: usize, engine: usize) -> usize {
    let report = solver::search_9x9(engine9(engine), &puzzle(i), limit, 1);
    SOLUTION.with_borrow_mut(|out| {
        *out = [0; 81];
        if let Some(solution) = report.solutions.first() {
            for (o, c) in out.iter_mut().zip(solution.cells()) {
                *o = c.map_or(0, Digit::get);
            }
        }
    });
    report.count
}

/// The address of the 81 digits `solve_one_with` keeps.
#[unsafe(no_mangle)]
pub extern "C" fn solution_at() -> usize {
    SOLUTION.with_borrow(|s| s.as_ptr() as usize)
}

fn puzzle(i: usize) -> Grid {
    PUZZLES.with_borrow(|b| {
        let cells = b[i * 81..(i + 1) * 81].iter().map(|&v| Digit::new(v)).collect();
        Grid::from_cells(Size::Nine, cells).expect("81 cells")
    })
}

/// The logical solve (every step, easiest technique first) of puzzle `i`; returns the number
/// of steps.
#[unsafe(no_mangle)]
pub extern "C" fn logic_one(i: usize) -> usize {
    rating::solve_logically(&puzzle(i)).steps.len()
}

thread_local! {
    static MID_GAME: RefCell<Option<(Position, Grid)>> = const { RefCell::new(None) };
}

/// Sets up a mid-game position of puzzle `i` (half of its logical steps applied) and its
/// solution, for `hint_prepared` (not timed).
#[unsafe(no_mangle)]
pub extern "C" fn prepare_mid_game(i: usize) {
    let grid = puzzle(i);
    let steps = rating::solve_logically(&grid).steps;
    let mut position = Position::from_grid(&grid);
    for step in &steps[..steps.len() / 2] {
        position.apply(step);
    }
    let solution = solver::solutions(&grid, 1).into_iter().next().expect("a solvable puzzle");
    MID_GAME.with_borrow_mut(|m| *m = Some((position, solution)));
}

/// Prepares the position just before the hardest step of puzzle `i`'s logical solve (a forcing
/// step on a Master puzzle), for `hint_prepared`.
#[unsafe(no_mangle)]
pub extern "C" fn prepare_hardest(i: usize) {
    let grid = puzzle(i);
    let steps = rating::solve_logically(&grid).steps;
    let hardest = (0..steps.len()).max_by(|&a, &b| rating::step_score(&steps[a]).total_cmp(&rating::step_score(&steps[b]))).unwrap_or(0);
    let mut position = Position::from_grid(&grid);
    for step in &steps[..hardest] {
        position.apply(step);
    }
    let solution = solver::solutions(&grid, 1).into_iter().next().expect("a solvable puzzle");
    MID_GAME.with_borrow_mut(|m| *m = Some((position, solution)));
}

/// A hint (as the app asks the worker for one) on the prepared position; 1 if it found a step.
#[unsafe(no_mangle)]
pub extern "C" fn hint_prepared() -> usize {
    MID_GAME.with_borrow(|m| {
        let (position, solution) = m.as_ref().expect("prepare_mid_game first");
        usize::from(hint::hint(position, Some(solution)).is_some())
    })
}

thread_local! {
    static GENERATED: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Makes the puzzle the generator makes for `size` (4, 9 or 16), `level` (0 = Easy … 5 =
/// Master) and `seed`, with rotational symmetry as `inkdoku bench-generate` does; returns the
/// address of its line (`Grid::to_line`, ASCII) and leaves its length to `generated_len`, so
/// that JavaScript can check it is the native build's puzzle.
#[unsafe(no_mangle)]
pub extern "C" fn generate_one(size: usize, level: usize, seed: u64) -> usize {
    use inkdoku_engine::generator::{self, Options, Symmetry};
    let levels = [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Extreme, Level::Master];
    let (Some(size), Some(&level)) = (Size::from_side(size), levels.get(level)) else { return 0 };
    let options = Options { size, level, symmetry: Symmetry::Rotational, seed };
    let line = generator::generate(&options, &mut |_| true).map_or(String::new(), |g| g.puzzle.to_line());
    GENERATED.with_borrow_mut(|b| {
        *b = line.into_bytes();
        b.as_ptr() as usize
    })
}

/// The length of the last `generate_one` line.
#[unsafe(no_mangle)]
pub extern "C" fn generated_len() -> usize {
    GENERATED.with_borrow(Vec::len)
}
