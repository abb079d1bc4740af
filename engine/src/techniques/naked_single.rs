//! Naked Single: an empty cell with one candidate left takes it (the seeds' "CRME": scan the
//! cell's row, column and box, and one digit remains).

use super::util::Sink;
use crate::geometry::Candidate;
use crate::position::Position;
use crate::step::{Step, Technique};

pub fn find_all(pos: &Position, sink: Sink<'_>) -> bool {
    for cell in pos.open_cells() {
        let Some(digit) = pos.candidates(cell).single_digit() else { continue };
        let mut step = Step::new(Technique::NakedSingle);
        step.placements.push(Candidate::new(cell, digit));
        step.cells.push(cell);
        step.houses.extend(pos.layout().houses_of(cell));
        if !sink(step) {
            return false;
        }
    }
    true
}
