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
    next_step_within(position, f32::INFINITY)
}

/// The easiest step that applies among the techniques whose steps may score `max_score` or
/// less (`base_score`; the table is sorted by it).
///
/// Most techniques score the same for every step, so the first technique in the table that
/// finds one gives the easiest step. Chains and forcing steps grow with their length (a long
/// X-Chain can outscore a short loop; a contradiction net of 40 links, a cell net of 6), so
/// when the first step found is one of them, every later technique whose base score is within
/// reach of it is asked too and the lowest score wins, as in Sudoku Explainer: ties go to the
/// fewer links, then to the table's order. The bound shrinks as better steps are found, and a
/// technique whose base is above it is never run: forcing chains cap at 8.7 below the nets'
/// 8.8, chains and ALS at 8.2 below the forcing chains' 8.3, so a chain never makes the solver
/// look for a net.
pub fn next_step_within(position: &Position, max_score: f32) -> Option<Step> {
    let within = ORDER.iter().take_while(|&&t| base_score(t) <= max_score);
    let (first, step) = within.enumerate().find_map(|(i, &t)| find(position, t).map(|s| (i, s)))?;
    if !matches!(step.technique.family(), Family::Chain | Family::Forcing) {
        return Some(step);
    }
    let mut best = (rank(&step), step);
    for &t in &ORDER[first + 1..] {
        // In tenths, as scores are shown: a later technique can at best tie at its base.
        if tenths(base_score(t)) > best.0.0 || base_score(t) > max_score {
            break;
        }
        if let Some(s) = find(position, t) {
            let r = rank(&s);
            if r < best.0 {
                best = (r, s);
            }
        }
    }
    Some(best.1)
}

/// How a step ranks among the candidates for the next one: its score in tenths, then its links.
fn rank(step: &Step) -> (u32, usize) {
    (tenths(step_score(step)), forcing::proof_length(step))
}

fn tenths(score: f32) -> u32 {
    (score * 10.0).round() as u32
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
