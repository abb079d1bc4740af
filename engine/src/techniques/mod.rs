//! The human solving techniques, one file (or family) each. Every technique can report all its
//! instances in a position (`find_all`, for tests and tools) or just the first (`find`, for
//! hints and the logical solver).
//!
//! `TABLE` (in `table.rs`) has one row per technique: its names, family, score and finder, in
//! the order they are tried, by score, easiest first. `next_step` walks it, which is what
//! hints, the logical solver and the grading use, so the step taken is always the easiest one
//! available.

mod als;
mod chains;
mod colors;
mod complex_fish;
mod fish;
pub mod forcing;
mod full_house;
mod hidden_single;
mod intersections;
mod medusa;
mod naked_single;
mod single_digit;
mod subsets;
mod sue_de_coq;
mod table;
mod templates;
mod uniqueness;
pub mod util;
mod wings;

use crate::position::Position;
use crate::step::{Step, Technique};
pub use table::{About, Family, Finder, Names, Row, Score, TABLE, about, base_score, row, step_score};
use util::Sink;

/// The implemented techniques, in the order they are tried (the table's, by score, easiest
/// first).
pub const ORDER: &[Technique] = &table::ORDER;

/// Reports every instance of a technique to `sink` (until it returns false).
pub fn find_all(position: &Position, technique: Technique, sink: Sink<'_>) {
    if let Some(find) = table::row(technique).find {
        find(position, sink);
    }
}

/// The first instance of a technique.
pub fn find(position: &Position, technique: Technique) -> Option<Step> {
    let mut found = None;
    find_all(position, technique, &mut |s| {
        found = Some(s);
        false
    });
    found
}

/// Every instance of a technique.
pub fn find_every(position: &Position, technique: Technique) -> Vec<Step> {
    let mut all = Vec::new();
    find_all(position, technique, &mut |s| {
        all.push(s);
        true
    });
    all
}

/// The easiest step that applies.
pub fn next_step(position: &Position) -> Option<Step> {
    ORDER.iter().find_map(|&t| find(position, t))
}

/// The easiest step that applies among the techniques whose steps may score `max_score` or
/// less (`base_score`; the table is sorted by it).
pub fn next_step_within(position: &Position, max_score: f32) -> Option<Step> {
    ORDER.iter().take_while(|&&t| base_score(t) <= max_score).find_map(|&t| find(position, t))
}

/// Whether a technique has an implementation (the rest of `Technique` is planned).
pub fn is_implemented(technique: Technique) -> bool {
    ORDER.contains(&technique)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_sorted_by_score() {
        // Hidden singles score by house; the box single (1.2) is the technique's floor.
        let base = crate::rating::base_score;
        for pair in ORDER.windows(2) {
            assert!(base(pair[0]) <= base(pair[1]), "{:?} before {:?}", pair[0], pair[1]);
        }
    }
}
