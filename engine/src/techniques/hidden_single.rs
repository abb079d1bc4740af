//! Hidden Single (the seeds' "lone ranger"): a digit with one place left in a house goes there,
//! whatever else that cell could hold. Boxes are scanned first, then rows, then columns, as
//! players usually look (and as the ratings reward: a box single is the easier find).

use crate::geometry::{Candidate, House};
use crate::position::Position;
use crate::step::{Step, Technique};

pub fn find(pos: &Position) -> Option<Step> {
    let size = pos.size();
    let n = size.side() as u8;
    let houses = (0..n).map(House::Box).chain((0..n).map(House::Row)).chain((0..n).map(House::Col));
    for house in houses {
        for digit in size.digits() {
            let cells = pos.cells_with(house, digit);
            if cells.len() != 1 {
                continue;
            }
            let cell = cells[0];
            let mut step = Step::new(Technique::HiddenSingle);
            step.placements.push(Candidate::new(cell, digit));
            step.cells.push(cell);
            step.houses.push(house);
            return Some(step);
        }
    }
    None
}
