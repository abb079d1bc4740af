//! Solving: count a puzzle's solutions up to a limit and return them.
//!
//! Two search engines share one contract (the same solutions, in any order, up to the limit):
//!
//! - `simd9`: boxes and bands as SIMD vectors (AVX2/AVX-512 on x86-64, simd128 in wasm), 9x9
//!   only; what the CLI and the generator use for 9x9 grids on x86-64;
//! - `fast9`: bitboards per digit, 9x9 only; the 9x9 solver elsewhere (in wasm it measured
//!   faster than `simd9`'s simd128 backend), and the second reference of the differential tests;
//! - `general`: one candidate set per cell, every size; also makes random full grids for the
//!   generator.
//!
//! `reference` is a deliberately naive third solver that the tests hold both against.

mod fast9;
mod general;
pub mod reference;
mod simd9;

use crate::geometry::{Digit, Size};
use crate::grid::Grid;
use crate::random::Rng;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Solutions counted, capped at the limit.
    pub count: usize,
    /// The first `keep` solutions found.
    pub solutions: Vec<Grid>,
    /// Branches taken beyond the first alternative: a rough measure of how much guessing the
    /// puzzle needs from a solver with singles only.
    pub guesses: u64,
}

/// Searches up to `limit` solutions, keeping the first `keep` of them.
pub fn search(grid: &Grid, limit: usize, keep: usize) -> Report {
    search_within(grid, limit, keep, u64::MAX).expect("an unlimited search always finishes")
}

/// `search` within a budget of search nodes (4x4 and 16x16; 9x9 always finishes quickly and
/// has no budget): `None` when the budget ran out first. Puzzles from links and files are
/// checked this way, so a pathological 16x16 grid gets a message instead of an endless wait.
pub fn search_within(grid: &Grid, limit: usize, keep: usize, node_budget: u64) -> Option<Report> {
    let size = grid.size();
    let mut solutions = Vec::new();
    let mut record = |digits: &[u8]| {
        if solutions.len() < keep {
            solutions.push(grid_from_values(size, digits));
        }
    };
    if size == Size::Nine {
        let mut givens = [0u8; 81];
        for (g, c) in givens.iter_mut().zip(grid.cells()) {
            *g = c.map_or(0, Digit::get);
        }
        let (count, guesses) = search_9x9_with(Engine9::Best, &givens, limit, keep, &mut record);
        Some(Report { count, solutions, guesses })
    } else {
        let mut s = general::Search { limit, count: 0, guesses: 0, node_budget, nodes: 0, rng: None, on_solution: &mut record };
        general::solve(size, &values(grid), &mut s);
        if s.exhausted() && s.count < limit {
            return None;
        }
        let (count, guesses) = (s.count, s.guesses);
        Some(Report { count, solutions, guesses })
    }
}

/// The 9x9 search engines, to hold them against each other in tests and benchmarks.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine9 {
    /// What `search` uses: the SIMD solver where it has a backend (x86-64 with AVX2, wasm
    /// with simd128), else `fast9`.
    Best,
    /// The SIMD solver with the best backend here (AVX-512, AVX2, simd128), else `fast9`.
    Simd,
    /// The SIMD solver's algorithm on plain arrays (slow; the specification of the backends).
    Portable,
    /// The SIMD solver with AVX2 even where AVX-512 is present (x86-64; else as `Best`).
    Avx2,
    /// The bitboard solver.
    Fast9,
}

/// `search` of a 9x9 grid with a chosen engine.
#[doc(hidden)]
pub fn search_9x9(engine: Engine9, grid: &Grid, limit: usize, keep: usize) -> Report {
    assert_eq!(grid.size(), Size::Nine);
    let mut givens = [0u8; 81];
    for (g, c) in givens.iter_mut().zip(grid.cells()) {
        *g = c.map_or(0, Digit::get);
    }
    let mut solutions = Vec::new();
    let mut record = |digits: &[u8]| {
        if solutions.len() < keep {
            solutions.push(grid_from_values(Size::Nine, digits));
        }
    };
    let (count, guesses) = search_9x9_with(engine, &givens, limit, keep, &mut record);
    Report { count, solutions, guesses }
}

/// Runs a 9x9 search engine: (count, guesses). `record` gets the first `keep` solutions.
fn search_9x9_with(engine: Engine9, givens: &[u8; 81], limit: usize, keep: usize, record: &mut dyn FnMut(&[u8])) -> (usize, u64) {
    let mut on_solution = |d: &[u8; 81]| record(d);
    let on_solution: Option<&mut fast9::OnSolution> = if keep > 0 { Some(&mut on_solution) } else { None };
    let mut s = fast9::Search { limit, count: 0, guesses: 0, on_solution };
    let done = match engine {
        Engine9::Best | Engine9::Simd => simd9::solve(givens, &mut s),
        Engine9::Portable => {
            simd9::portable::solve(givens, &mut s);
            true
        }
        #[cfg(target_arch = "x86_64")]
        Engine9::Avx2 => simd9::x86::solve_avx2(givens, &mut s),
        #[cfg(not(target_arch = "x86_64"))]
        Engine9::Avx2 => simd9::solve(givens, &mut s),
        Engine9::Fast9 => false,
    };
    if !done {
        fast9::solve(givens, &mut s);
    }
    (s.count, s.guesses)
}

/// Counts solutions, stopping at `limit` (2 tells "unique" from "several").
pub fn count_solutions(grid: &Grid, limit: usize) -> usize {
    search(grid, limit, 0).count
}

/// Up to `limit` solutions.
pub fn solutions(grid: &Grid, limit: usize) -> Vec<Grid> {
    search(grid, limit, limit).solutions
}

/// The solution if there is exactly one.
pub fn unique_solution(grid: &Grid) -> Option<Grid> {
    let r = search(grid, 2, 1);
    if r.count == 1 { r.solutions.into_iter().next() } else { None }
}

/// Whether the puzzle has exactly one solution.
pub fn is_unique(grid: &Grid) -> bool {
    count_solutions(grid, 2) == 1
}

/// Counts solutions up to `limit` within a budget of search nodes; `None` if the budget ran
/// out first. Deterministic (nodes, not time), so generation stays the same on every machine.
pub(crate) fn count_within(grid: &Grid, limit: usize, node_budget: u64) -> Option<usize> {
    if grid.size() == Size::Nine {
        // The 9x9 solver is fast on every grid the generator makes; no budget needed.
        return Some(count_solutions(grid, limit));
    }
    let mut ignore = |_: &[u8]| {};
    let mut s = general::Search { limit, count: 0, guesses: 0, node_budget, nodes: 0, rng: None, on_solution: &mut ignore };
    general::solve(grid.size(), &values(grid), &mut s);
    (!s.exhausted()).then_some(s.count)
}

/// Whether naked and hidden singles alone fill the grid, any size. Then the grid has exactly
/// one solution (a single holds in every solution), and a logical solve that may use singles
/// fills it too: `generator` skips its uniqueness search and logical solve on such grids.
pub(crate) fn solved_by_singles(grid: &Grid) -> bool {
    general::filled_by_singles(grid.size(), &values(grid))
}

/// A grid's digits as the general solver reads them (0 = blank).
fn values(grid: &Grid) -> Vec<u8> {
    grid.cells().iter().map(|c| c.map_or(0, Digit::get)).collect()
}

/// A random full grid: the empty grid solved with random tie-breaks. `None` only if the node
/// budget runs out (the caller retries with the same `rng`, which has moved on).
pub(crate) fn random_solution(size: Size, rng: &mut Rng, node_budget: u64) -> Option<Grid> {
    let mut found: Option<Vec<u8>> = None;
    let mut record = |d: &[u8]| found = Some(d.to_vec());
    let mut s = general::Search { limit: 1, count: 0, guesses: 0, node_budget, nodes: 0, rng: Some(rng), on_solution: &mut record };
    general::solve(size, &vec![0; size.cell_count()], &mut s);
    found.map(|v| grid_from_values(size, &v))
}

fn grid_from_values(size: Size, values: &[u8]) -> Grid {
    let cells = values.iter().map(|&v| Digit::new(v)).collect();
    Grid::from_cells(size, cells).expect("solver output fits its grid")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::line;

    #[test]
    fn counts_unique_multiple_and_none() {
        let p = line::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").unwrap();
        let r = search(&p, 2, 2);
        assert_eq!(r.count, 1);
        assert!(r.solutions[0].is_solved());
        assert_eq!(r.solutions[0].to_line(), "417369825632158947958724316825437169791586432346912758289643571573291684164875293");
        let empty = Grid::new(Size::Nine);
        assert_eq!(count_solutions(&empty, 5), 5);
        let mut bad = p.clone();
        bad.set(Size::Nine.cell(0, 1), Digit::new(4));
        assert_eq!(count_solutions(&bad, 2), 0);
    }

    #[test]
    fn other_sizes() {
        let four = line::parse("1...............").unwrap();
        assert_eq!(count_solutions(&four, 1000), 72);
        let r = reference::solutions(&four, 1000);
        assert_eq!(r.len(), 72);
        let sixteen = Grid::new(Size::Sixteen);
        let s = solutions(&sixteen, 1);
        assert!(s[0].is_solved());
    }

    #[test]
    fn random_solutions_depend_on_the_seed() {
        for size in Size::ALL {
            let a = random_solution(size, &mut Rng::seeded(1), u64::MAX).unwrap();
            let b = random_solution(size, &mut Rng::seeded(1), u64::MAX).unwrap();
            let c = random_solution(size, &mut Rng::seeded(2), u64::MAX).unwrap();
            assert!(a.is_solved());
            assert_eq!(a, b);
            assert_ne!(a, c);
        }
    }
}
