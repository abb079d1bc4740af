//! Shared by the tests that read the variant set (`tests/data/variants/set.jsonl`: engine-made
//! unique 9x9 variant puzzles with their solutions; how they were made: tests/data/README.md).

use inkdoku_engine::Grid;
use inkdoku_engine::variant::Puzzle;

/// One puzzle of the set.
#[derive(serde::Deserialize)]
pub struct Entry {
    pub name: String,
    pub puzzle: Puzzle,
    pub solution: Grid,
}

/// Every puzzle of the set, in its order (tests name them by line).
pub fn the_set() -> Vec<Entry> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/variants/set.jsonl");
    std::fs::read_to_string(path).expect("the variant set").lines().map(|l| serde_json::from_str(l).expect("a set entry")).collect()
}

/// Killers made by another program, not by this engine (`tests/data/variants/outside-killers.jsonl`:
/// killer-sudoku-generator 1.1.2, MIT, whose cage shapes, sizes and sums are its own; how they
/// were made: tests/data/README.md). A check on puzzles the engine's hands did not shape.
#[allow(dead_code)] // not every test file that shares this module reads it
pub fn outside_killers() -> Vec<Entry> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/variants/outside-killers.jsonl");
    std::fs::read_to_string(path)
        .expect("the outside killers")
        .lines()
        .map(|l| serde_json::from_str(l).expect("an outside killer"))
        .collect()
}
