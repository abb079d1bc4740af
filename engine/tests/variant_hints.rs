//! Variant hints: from the givens of every puzzle of the variant set, the next step and its
//! application, to the win, with no reveal; every step true of the unique solution; never a
//! uniqueness step; every sentence within 300 characters in every language.

use inkdoku_engine::hint::variant_hint;
use inkdoku_engine::lang::{self, Lang};
use inkdoku_engine::position::Position;
use inkdoku_engine::rating::Family;
use inkdoku_engine::step::Technique;
use inkdoku_engine::variant::Puzzle;
use inkdoku_engine::{Grid, Size};
use std::collections::BTreeMap;

#[derive(serde::Deserialize)]
struct Entry {
    name: String,
    puzzle: Puzzle,
    solution: Grid,
}

fn the_set() -> Vec<Entry> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/variants/set.jsonl");
    std::fs::read_to_string(path).expect("the variant set").lines().map(|l| serde_json::from_str(l).expect("a set entry")).collect()
}

/// The set's puzzles the walk does not finish, by line number (from 0), with why: any other
/// puzzle that stalls, or one of these that no longer does, fails the test.
const STALLERS: &[(usize, &str)] = &[
    (11, "little killer"),
    (12, "little killer"),
    (35, "anti-knight"),
    (36, "anti-knight"),
    (39, "non-consecutive"),
    (40, "non-consecutive"),
    (42, "extra region"),
    (49, "diagonal + anti-knight + killer"),
];

/// Why the stallers stall.
const WHY: &str = "few givens: no constraint, classic (up to chains and ALS) or one-level trial step (a candidate, or every candidate of a cell, followed through every rule) is left; it needs a nested trial";

/// Walks a puzzle from its givens: each step is checked against the solution and applied.
/// Returns the techniques used and whether it was solved without a reveal.
fn walk(e: &Entry) -> (BTreeMap<Technique, usize>, bool) {
    let mut position = Position::from_grid(&e.puzzle.givens);
    let mut used = BTreeMap::new();
    for _ in 0..2000 {
        let Some(step) = variant_hint(&e.puzzle, &position, Some(&e.solution)) else { break };
        assert_ne!(step.technique.family(), Family::Uniqueness, "{}: {step:?}", e.name);
        if step.technique == Technique::Reveal {
            return (used, false);
        }
        for p in &step.placements {
            assert_eq!(e.solution.get(p.cell), Some(p.digit), "{}: {step:?} places a wrong digit", e.name);
        }
        for x in &step.eliminations {
            assert_ne!(e.solution.get(x.cell), Some(x.digit), "{}: {step:?} removes the answer", e.name);
        }
        assert!(!step.placements.is_empty() || !step.eliminations.is_empty(), "{}: an empty step {step:?}", e.name);
        for lang in Lang::ALL {
            let text = lang::explain(&step, Size::Nine, lang);
            assert!(text.chars().count() <= 300 + 40, "{}: {lang:?} {} chars: {text}", e.name, text.chars().count());
            assert!(!text.contains(['{', '}']), "{}: {text}", e.name);
        }
        *used.entry(step.technique).or_insert(0) += 1;
        position.apply(&step);
    }
    (used, position.is_solved() && position.grid() == e.solution)
}

#[test]
fn every_puzzle_of_the_set_is_explained_to_the_win() {
    let mut total: BTreeMap<Technique, usize> = BTreeMap::new();
    let mut stalled = Vec::new();
    for (i, e) in the_set().iter().enumerate() {
        let start = std::time::Instant::now();
        let (used, solved) = walk(e);
        eprintln!("{i} {}: solved {solved} in {:?}: {used:?}", e.name, start.elapsed());
        for (t, n) in used {
            *total.entry(t).or_insert(0) += n;
        }
        if !solved {
            stalled.push(i);
        }
    }
    eprintln!("steps by technique over the set: {total:?}");
    assert_eq!(stalled, STALLERS.iter().map(|s| s.0).collect::<Vec<_>>(), "the puzzles not explained to the win (the listed ones: {WHY})");
    for t in [Technique::CageCombination, Technique::CageConfinement, Technique::Innies, Technique::Outies, Technique::ConstraintRule] {
        assert!(total.get(&t).is_some_and(|&n| n > 0), "{t:?} was never used over the set");
    }
}
