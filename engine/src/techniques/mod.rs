//! The human solving techniques, one file each. Each exposes `find(&Position) -> Option<Step>`:
//! the first instance it sees, as a step that changes something, or `None`.
//!
//! `ORDER` lists the implemented techniques easiest first (singles, intersections, subsets,
//! fish, single-digit patterns, wings, uniqueness, chains); `next_step` walks it, which is what
//! hints, the logical solver and the grading use.

mod full_house;
mod hidden_single;
mod naked_single;

use crate::position::Position;
use crate::step::{Step, Technique};

/// The implemented techniques, easiest first.
pub const ORDER: &[Technique] = &[Technique::FullHouse, Technique::HiddenSingle, Technique::NakedSingle];

/// Looks for one instance of a technique.
pub fn find(position: &Position, technique: Technique) -> Option<Step> {
    match technique {
        Technique::FullHouse => full_house::find(position),
        Technique::HiddenSingle => hidden_single::find(position),
        Technique::NakedSingle => naked_single::find(position),
        _ => None,
    }
}

/// The easiest step that applies, trying the techniques of `ORDER`.
pub fn next_step(position: &Position) -> Option<Step> {
    ORDER.iter().find_map(|&t| find(position, t))
}

/// Whether a technique has an implementation (the rest of `Technique` is planned).
pub fn is_implemented(technique: Technique) -> bool {
    ORDER.contains(&technique)
}
