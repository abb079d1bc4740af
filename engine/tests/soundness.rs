//! Every step the engine emits is sound: its placements are the solution's digits and its
//! eliminations never remove a solution digit. Checked along whole logical solves, and on every
//! instance every technique reports, over puzzles of the benchmark sets and generated ones.
//!
//! The default sample keeps `cargo test` quick; `INKDOKU_SOUNDNESS=<n>` checks n puzzles per set.

use inkdoku_engine::format::line;
use inkdoku_engine::generator::{self, Options, Symmetry};
use inkdoku_engine::position::Position;
use inkdoku_engine::rating::{Level, base_score, solve_logically, step_score};
use inkdoku_engine::step::Step;
use inkdoku_engine::techniques::util::chain_problem;
use inkdoku_engine::{Grid, Size, solver, techniques};

mod sets;

fn data(name: &str) -> Vec<Grid> {
    sets::text(name).lines().filter(|l| !l.trim().is_empty()).map(|l| line::parse(l).unwrap()).collect()
}

fn per_set() -> usize {
    std::env::var("INKDOKU_SOUNDNESS").ok().and_then(|v| v.parse().ok()).unwrap_or(60)
}

fn check_step(puzzle: &Grid, solution: &Grid, position: &Position, step: &Step) {
    let size = puzzle.size();
    // Every link a chain step draws holds in the position it was found in (a forcing step's
    // branches are implications of their own, checked by being sound).
    if let Some(problem) = chain_problem(position, step).filter(|_| step.forcing.is_none()) {
        panic!("{:?} in {puzzle}: {problem}\n{}", step.technique, step.explanation(size));
    }
    for p in &step.placements {
        assert_eq!(
            solution.get(p.cell),
            Some(p.digit),
            "{:?} places a wrong digit in {puzzle}:\n{}",
            step.technique,
            step.explanation(size)
        );
    }
    for e in &step.eliminations {
        assert_ne!(
            solution.get(e.cell),
            Some(e.digit),
            "{:?} removes the solution's digit in {puzzle}:\n{}",
            step.technique,
            step.explanation(size)
        );
    }
    assert!(!step.is_empty(), "{:?} reported a step that changes nothing", step.technique);
    // Limited solves (the generator's) skip techniques by their floor: no step may score below it.
    assert!(
        step_score(step) >= base_score(step.technique),
        "{:?} scores {} below its floor {}",
        step.technique,
        step_score(step),
        base_score(step.technique)
    );
}

/// Checks the whole logical solve, and at each position every instance of every technique.
/// A valid puzzle must be solved to the end: forcing nets leave nothing to trial.
fn check_puzzle(puzzle: &Grid) {
    let solution = solver::unique_solution(puzzle).expect("test puzzles have one solution");
    let solve = solve_logically(puzzle);
    let mut position = Position::from_grid(puzzle);
    for (i, step) in solve.steps.iter().enumerate() {
        check_step(puzzle, &solution, &position, step);
        // All instances, at a few positions along the way (all of them would be slow).
        if i % 7 == 0 {
            for &t in techniques::ORDER {
                for s in techniques::find_every(&position, t) {
                    check_step(puzzle, &solution, &position, &s);
                }
            }
        }
        position.apply(step);
    }
    assert!(solve.solved, "the logical solve got stuck (needs trial): {puzzle}");
    assert_eq!(solve.position.grid(), solution, "a logical solve ended on a wrong grid: {puzzle}");
}

fn sample(puzzles: Vec<Grid>, count: usize) -> Vec<Grid> {
    let step = (puzzles.len() / count.max(1)).max(1);
    puzzles.into_iter().step_by(step).take(count).collect()
}

fn sound_on(file: &str) {
    for p in sample(data(file), per_set()) {
        check_puzzle(&p);
    }
}

// One test per set, so that the test harness runs them side by side (one set alone takes over
// a minute on one core).
#[test]
fn steps_are_sound_on_seventeen_clue_puzzles() {
    sound_on("hodoku/sudoku17.txt");
}

#[test]
fn steps_are_sound_on_magictour_top1465() {
    sound_on("tdoku/magictour_top1465.txt");
}

#[test]
fn steps_are_sound_on_forum_hardest_1106() {
    sound_on("tdoku/forum_hardest_1106.txt");
}

#[test]
fn steps_are_sound_on_generated_puzzles() {
    for (i, size) in [Size::Four, Size::Nine, Size::Nine, Size::Nine, Size::Sixteen, Size::Six].into_iter().enumerate() {
        for level in [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Extreme, Level::Master] {
            if (size == Size::Sixteen && level > Level::Easy) || (size != Size::Nine && level > Level::Expert) {
                continue; // slow to make; Easy covers the 16x16 code paths of the singles
            }
            let g = generator::generate(&Options { size, level, symmetry: Symmetry::None, seed: 100 + i as u64 }, &mut |_| true).unwrap();
            check_puzzle(&g.puzzle);
        }
    }
}
