//! Hint + Apply, as a player presses them, carry a game from its givens to the end.
//!
//! Each walk starts a `Game` on a puzzle, asks `hint::advise` for the game's digits and candidate
//! state, applies the step with `Action::ApplyStep` (as the app's "Apply hint" does) and asks
//! again. Every applied step must change the board, no step may come back, and every puzzle the
//! techniques solve must end solved without a single reveal. Puzzles that need trial end in
//! reveals, which must be the solution's digits, and end solved too. Every hint's sentence is
//! at most `SENTENCE_MAX` characters in each of the four languages.
//!
//! The sets are those the help issue names: the first 1,000 of HoDoKu's 17-clue puzzles and all
//! of magictour's top1465. `INKDOKU_HINT_WALK=<n>` walks only n puzzles per set.

use inkdoku_engine::format::line;
use inkdoku_engine::game::{Action, Game};
use inkdoku_engine::hint::{Advice, advise};
use inkdoku_engine::lang::{Lang, SENTENCE_MAX, explain};
use inkdoku_engine::step::Technique;
use inkdoku_engine::{Grid, solver};
use std::collections::HashSet;

mod sets;

fn data(name: &str, first: usize) -> Vec<Grid> {
    let text = sets::text(name);
    let limit = std::env::var("INKDOKU_HINT_WALK").ok().and_then(|v| v.parse().ok()).unwrap_or(first);
    text.lines().filter(|l| !l.trim().is_empty()).take(limit).map(|l| line::parse(l).unwrap()).collect()
}

/// What one walk came to.
struct Walk {
    steps: usize,
    reveals: usize,
}

fn walk(puzzle: &Grid) -> Walk {
    let solution = solver::unique_solution(puzzle).expect("test puzzles have one solution");
    let mut game = Game::new(puzzle.clone(), Some(solution.clone()));
    let mut seen = HashSet::new();
    let (mut steps, mut reveals) = (0, 0);
    loop {
        let candidates = game.candidates();
        match advise(&game.grid(), Some(puzzle), Some(&candidates), Some(&solution)) {
            Advice::Step { step } => {
                assert!(seen.insert(format!("{step:?}")), "{puzzle}: the same step came back:\n{}", step.explanation(puzzle.size()));
                reveals += usize::from(step.technique == Technique::Reveal);
                // Every hint's sentence reads in one go, in every language (longer proofs are
                // stepped through link by link in the app).
                for lang in Lang::ALL {
                    let text = explain(&step, puzzle.size(), lang);
                    assert!(
                        text.chars().count() <= SENTENCE_MAX,
                        "{puzzle}: {lang:?} sentence of {} characters: {text}",
                        text.chars().count()
                    );
                }
                let action = Action::ApplyStep { placements: step.placements.clone(), eliminations: step.eliminations.clone() };
                assert_eq!(game.apply(action), Ok(true), "{puzzle}: applying changed nothing:\n{}", step.explanation(puzzle.size()));
                steps += 1;
            }
            Advice::Nothing => break,
            other => panic!("{puzzle}: a hint from sound candidates found a mistake: {other:?}"),
        }
    }
    assert!(game.is_solved(), "{puzzle}: the hints stopped before the end");
    assert_eq!(game.grid(), solution);
    Walk { steps, reveals }
}

fn walk_set(name: &str, first: usize) {
    let puzzles = data(name, first);
    let (mut logical, mut steps) = (0, 0);
    for p in &puzzles {
        let w = walk(p);
        logical += usize::from(w.reveals == 0);
        steps += w.steps;
    }
    println!("{name}: {} puzzles walked to the end, {logical} without a reveal, {steps} steps", puzzles.len());
    // Forcing chains and nets leave nothing to reveal on a valid puzzle.
    assert_eq!(logical, puzzles.len(), "{name}: some walks needed a reveal");
}

/// Puzzles the techniques solve never need a reveal: checked against the rater's own solve on
/// a sample, so that a walk that reveals where the rater reasons is caught.
fn matches_the_rater(name: &str, every: usize) {
    for p in data(name, 1_000).iter().step_by(every) {
        let solved = inkdoku_engine::rating::solve_logically(p).solved;
        assert_eq!(walk(p).reveals == 0, solved, "{p}: the walk and the rater disagree on whether logic solves it");
    }
}

#[test]
fn seventeen_clue_first_thousand() {
    walk_set("hodoku/sudoku17.txt", 1_000);
}

#[test]
fn magictour_top1465() {
    walk_set("tdoku/magictour_top1465.txt", 1_465);
}

#[test]
fn walks_agree_with_the_rater() {
    matches_the_rater("tdoku/magictour_top1465.txt", 25);
}

#[test]
fn every_size_and_level() {
    use inkdoku_engine::Size;
    use inkdoku_engine::generator::{Options, Symmetry, generate};
    use inkdoku_engine::rating::Level;
    let cases = [
        (Size::Four, Level::Easy),
        (Size::Nine, Level::Easy),
        (Size::Nine, Level::Medium),
        (Size::Nine, Level::Hard),
        (Size::Nine, Level::Expert),
        (Size::Nine, Level::Extreme),
        (Size::Nine, Level::Master),
        (Size::Sixteen, Level::Easy),
        (Size::Sixteen, Level::Medium),
        (Size::Sixteen, Level::Hard),
        (Size::Six, Level::Easy),
        (Size::Six, Level::Hard),
        (Size::Six, Level::Expert),
    ];
    for (size, level) in cases {
        for seed in 1..=3 {
            let made = generate(&Options { size, level, symmetry: Symmetry::None, seed }, &mut |_| true).expect("not cancelled");
            let w = walk(&made.puzzle);
            assert_eq!(w.reveals, 0, "{size:?} {level:?} seed {seed}: a generated puzzle rated {level:?} needed a reveal");
        }
    }
}
