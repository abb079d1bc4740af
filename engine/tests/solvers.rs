//! Differential tests: the fast solvers against the naive reference solver, on the benchmark
//! sets (the project's copy in tests/data) and on random puzzles with many solutions.

use inkdoku_engine::format::line;
use inkdoku_engine::random::Rng;
use inkdoku_engine::solver::{self, reference};
use inkdoku_engine::{Cell, Digit, Grid, Size};

mod sets;

fn data(name: &str) -> Vec<Grid> {
    sets::text(name).lines().filter(|l| !l.trim().is_empty()).map(|l| line::parse(l).unwrap()).collect()
}

/// Every `step`-th puzzle, so the sample spans the whole file.
fn sample(puzzles: Vec<Grid>, count: usize) -> Vec<Grid> {
    let step = (puzzles.len() / count).max(1);
    puzzles.into_iter().step_by(step).take(count).collect()
}

fn sorted(v: Vec<Grid>) -> Vec<String> {
    let mut lines: Vec<String> = v.into_iter().map(|g| g.to_line()).collect();
    lines.sort();
    lines
}

fn agree(puzzle: &Grid, limit: usize) {
    let fast = solver::solutions(puzzle, limit);
    let slow = reference::solutions(puzzle, limit);
    assert_eq!(fast.len(), slow.len(), "count differs on {puzzle}");
    for s in &fast {
        assert!(s.is_solved(), "not a solution: {s}");
        for cell in puzzle.size().cells() {
            if let Some(d) = puzzle.get(cell) {
                assert_eq!(s.get(cell), Some(d), "solution changes a given of {puzzle}");
            }
        }
    }
    // When both found every solution (count below the limit), they must be the same set.
    if fast.len() < limit {
        assert_eq!(sorted(fast), sorted(slow), "different solutions for {puzzle}");
    }
}

#[test]
fn benchmark_sets_agree_with_the_reference() {
    for (file, n) in [
        ("hodoku/sudoku17.txt", 60),
        ("tdoku/magictour_top1465.txt", 60),
        ("tdoku/forum_hardest_1106.txt", 20),
        ("tdoku/serg_benchmark.txt", 60),
    ] {
        for p in sample(data(file), n) {
            agree(&p, 2);
        }
    }
}

/// A random puzzle: a random full grid with `keep` cells left (usually many solutions).
fn random_puzzle(size: Size, keep: usize, rng: &mut Rng) -> Grid {
    let full = solver::solutions(&Grid::new(size), 1).remove(0);
    // Relabel digits and shuffle kept cells so puzzles differ beyond the first solution.
    let mut perm: Vec<u8> = (1..=size.side() as u8).collect();
    rng.shuffle(&mut perm);
    let mut cells: Vec<usize> = (0..size.cell_count()).collect();
    rng.shuffle(&mut cells);
    let mut g = Grid::new(size);
    for &i in cells.iter().take(keep) {
        let cell = Cell::new(i);
        let d = full.get(cell).unwrap();
        g.set(cell, Digit::new(perm[d.index()]));
    }
    g
}

#[test]
fn random_puzzles_with_many_solutions_agree() {
    let mut rng = Rng::seeded(2024);
    for round in 0..150 {
        let keep = 22 + round % 20;
        agree(&random_puzzle(Size::Nine, keep, &mut rng), 20);
    }
    for round in 0..300 {
        agree(&random_puzzle(Size::Four, round % 9, &mut rng), 300);
    }
    for round in 0..4 {
        agree(&random_puzzle(Size::Sixteen, 200 + 10 * round, &mut rng), 3);
    }
    for round in 0..100 {
        agree(&random_puzzle(Size::Six, 4 + round % 12, &mut rng), 300);
    }
}

#[test]
fn contradictory_givens_have_no_solution() {
    let mut rng = Rng::seeded(7);
    let size = Size::Nine;
    for _ in 0..100 {
        let mut p = random_puzzle(size, 30, &mut rng);
        // Copy a given into an empty peer: a duplicate in a house.
        let given = size.cells().find(|&c| p.get(c).is_some()).unwrap();
        let peer = size.peers(given).iter().copied().find(|&c| p.get(c).is_none()).unwrap();
        p.set(peer, p.get(given));
        assert_eq!(solver::count_solutions(&p, 2), 0, "{p}");
        assert!(reference::solutions(&p, 2).is_empty());
    }
}

/// Every 9x9 engine (the SIMD solver on this machine, with AVX2 only, on plain arrays, and the
/// bitboard solver) against the reference: the same count and the same solutions.
fn engines_agree(puzzle: &Grid, limit: usize) {
    use solver::Engine9;
    let slow = sorted(reference::solutions(puzzle, limit));
    for engine in [Engine9::Best, Engine9::Simd, Engine9::Avx2, Engine9::Portable, Engine9::Fast9] {
        let r = solver::search_9x9(engine, puzzle, limit, limit);
        assert_eq!(r.count, slow.len(), "{engine:?}: count differs on {puzzle}");
        assert_eq!(r.solutions.len(), r.count, "{engine:?}: solutions kept on {puzzle}");
        for s in &r.solutions {
            assert!(s.is_solved(), "{engine:?}: not a solution: {s}");
        }
        if r.count < limit {
            assert_eq!(sorted(r.solutions), slow, "{engine:?}: different solutions for {puzzle}");
        } else {
            for s in r.solutions.iter().map(|g| g.to_line()) {
                for cell in puzzle.size().cells() {
                    if let Some(d) = puzzle.get(cell) {
                        assert_eq!(s.as_bytes()[cell.index()], b'0' + d.get(), "{engine:?}: changes a given of {puzzle}");
                    }
                }
            }
        }
        // Counting without keeping solutions finds the same count.
        assert_eq!(solver::search_9x9(engine, puzzle, limit, 0).count, r.count, "{engine:?}: count-only differs on {puzzle}");
    }
}

#[test]
fn nine_by_nine_engines_agree_on_every_benchmark_set() {
    for (file, n) in [
        ("hodoku/sudoku17.txt", 150),
        ("tdoku/magictour_top1465.txt", 100),
        ("tdoku/forum_hardest_1905_11plus.txt", 40),
        ("tdoku/forum_hardest_1106.txt", 40),
        ("tdoku/serg_benchmark.txt", 150),
    ] {
        for p in sample(data(file), n) {
            engines_agree(&p, 2);
        }
    }
}

#[test]
fn nine_by_nine_engines_agree_on_random_puzzles() {
    let mut rng = Rng::seeded(99);
    for round in 0..400 {
        let keep = 17 + round % 24;
        let p = random_puzzle(Size::Nine, keep, &mut rng);
        engines_agree(&p, if round % 2 == 0 { 2 } else { 30 });
    }
    // The empty grid and nearly empty ones: many solutions, counted up to a limit.
    for limit in [1, 2, 100] {
        engines_agree(&Grid::new(Size::Nine), limit);
    }
}

#[test]
fn nine_by_nine_engines_see_contradictions() {
    let mut rng = Rng::seeded(8);
    let size = Size::Nine;
    for round in 0..300 {
        let mut p = random_puzzle(size, 20 + round % 20, &mut rng);
        let given = size.cells().filter(|&c| p.get(c).is_some()).nth(round % 5).unwrap();
        let peer = size.peers(given).iter().copied().filter(|&c| p.get(c).is_none()).nth(round % 3).unwrap();
        p.set(peer, p.get(given));
        engines_agree(&p, 2);
    }
}
