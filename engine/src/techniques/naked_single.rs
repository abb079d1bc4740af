//! Naked Single: an empty cell with one candidate left takes it (the seeds' "CRME": scan the
//! cell's row, column and box, and one digit remains).

use crate::geometry::Candidate;
use crate::position::Position;
use crate::step::{Step, Technique};

pub fn find(pos: &Position) -> Option<Step> {
    let cell = pos.open_cells().find(|&c| pos.candidates(c).len() == 1)?;
    let digit = pos.candidates(cell).single_digit()?;
    let mut step = Step::new(Technique::NakedSingle);
    step.placements.push(Candidate::new(cell, digit));
    step.cells.push(cell);
    step.houses.extend(pos.size().houses_of(cell));
    Some(step)
}
