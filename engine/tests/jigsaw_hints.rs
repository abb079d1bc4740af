//! Hints on jigsaw (irregular region) puzzles: three puzzles made here by the engine (a region
//! map written by hand, its first solution from the variant solver, then givens taken away in an
//! order from a fixed seed while the solution stays unique: fewer givens, harder), each walked
//! from its givens to the win by `advise_variant`, as the app asks; every step true of the
//! unique solution, every sentence within 300 characters in every language, and a region named
//! as one.

use inkdoku_engine::geometry::House;
use inkdoku_engine::hint::{Advice, advise_variant};
use inkdoku_engine::lang::{self, Lang};
use inkdoku_engine::random::Rng;
use inkdoku_engine::step::Technique;
use inkdoku_engine::variant::{Puzzle, solve};
use inkdoku_engine::{Grid, Size};
use std::collections::BTreeMap;

/// Nine regions of nine cells: the boxes with a cell swapped across five borders, so that a
/// region's cell sits in another region's box (boxes used as houses would be wrong there).
const REGIONS: &str = "000111222\
                       000111222\
                       003114225\
                       033144255\
                       333444555\
                       333444558\
                       666677588\
                       666777888\
                       667777888";

fn regions() -> Vec<u8> {
    REGIONS.bytes().filter(u8::is_ascii_digit).map(|b| b - b'0').collect()
}

/// A jigsaw puzzle and its solution: the solver's first solution of the empty jigsaw, then
/// every cell in an order from `seed` emptied when the solution stays unique, until `keep`
/// givens are left or none can go.
fn make(seed: u64, keep: usize) -> (Puzzle, Grid) {
    let empty = Puzzle { givens: Grid::new(Size::Nine), regions: Some(regions()), constraints: Vec::new(), about: Default::default() };
    let solution = solve(&empty, 1, 1).expect("a valid jigsaw").solutions.remove(0);
    let mut puzzle = Puzzle { givens: solution.clone(), ..empty };
    let mut cells: Vec<_> = Size::Nine.cells().collect();
    Rng::seeded(seed).shuffle(&mut cells);
    let mut givens = 81;
    for cell in cells {
        if givens == keep {
            break;
        }
        let digit = puzzle.givens.get(cell);
        puzzle.givens.set(cell, None);
        if solve(&puzzle, 2, 0).unwrap().count == 1 {
            givens -= 1;
        } else {
            puzzle.givens.set(cell, digit);
        }
    }
    (puzzle, solution)
}

/// Walks a puzzle by hints to the win; returns the techniques used (a reveal fails the walk).
fn walk(puzzle: &Puzzle, solution: &Grid) -> BTreeMap<Technique, usize> {
    let mut digits = puzzle.givens.clone();
    let mut cands: Option<Vec<_>> = None;
    let mut used = BTreeMap::new();
    let mut named_a_region = false;
    for _ in 0..500 {
        let step = match advise_variant(Some(puzzle), &digits, Some(&puzzle.givens), cands.as_deref(), Some(solution)) {
            Advice::Step { step } => step,
            Advice::Nothing => break,
            other => panic!("{other:?}"),
        };
        assert_ne!(step.technique, Technique::Reveal, "a reveal after {used:?}");
        assert!(!step.placements.is_empty() || !step.eliminations.is_empty(), "an empty step {step:?}");
        for p in &step.placements {
            assert_eq!(solution.get(p.cell), Some(p.digit), "{step:?} places a wrong digit");
        }
        for x in &step.eliminations {
            assert_ne!(solution.get(x.cell), Some(x.digit), "{step:?} removes the answer");
        }
        assert!(!step.houses.iter().any(|h| matches!(h, House::Box(_))), "a box on a jigsaw: {step:?}");
        for lang in Lang::ALL {
            let text = lang::explain(&step, Size::Nine, lang);
            assert!(text.chars().count() <= 300, "{lang:?} {} chars: {text}", text.chars().count());
            assert!(!text.contains(['{', '}']), "{text}");
        }
        let text = lang::explain(&step, Size::Nine, Lang::En);
        assert!(!text.contains("box "), "{text}");
        named_a_region |= step.houses.iter().any(|h| matches!(h, House::Region(_))) && text.contains("region ");
        // The player's candidates after the step, as the app keeps them.
        let mut next: Vec<_> = match &cands {
            Some(c) => c.clone(),
            None => puzzle.candidates(&digits),
        };
        for p in &step.placements {
            digits.set(p.cell, Some(p.digit));
        }
        for x in &step.eliminations {
            next[x.cell.index()].remove(x.digit);
        }
        let allowed = puzzle.candidates(&digits);
        cands = Some(next.iter().zip(&allowed).map(|(&a, &b)| a & b).collect());
        *used.entry(step.technique).or_insert(0) += 1;
    }
    assert_eq!(digits, *solution, "stalled after {used:?}");
    assert!(named_a_region, "no step named a region: {used:?}");
    used
}

#[test]
fn jigsaw_puzzles_are_explained_to_the_win_on_their_regions() {
    for (seed, keep) in [(1, 36), (2, 28), (3, 0)] {
        let (puzzle, solution) = make(seed, keep);
        let givens = Size::Nine.cells().filter(|&c| puzzle.givens.get(c).is_some()).count();
        let used = walk(&puzzle, &solution);
        eprintln!("seed {seed}: {givens} givens {}: {used:?}", puzzle.givens);
    }
}
