//! Hidden Single (the seeds' "lone ranger"): a digit with one place left in a house goes there,
//! whatever else that cell could hold. Boxes are scanned first, then rows, then columns, as
//! players usually look (and as the ratings reward: a box single is the easier find).

use super::util::{Sink, lines};
use crate::position::Position;
use crate::step::{Step, Technique};

pub fn find_all(pos: &Position, sink: Sink<'_>) -> bool {
    let size = pos.layout();
    let houses = size.regions_houses().into_iter().chain(lines(pos.size(), true)).chain(lines(pos.size(), false));
    for house in houses {
        for digit in size.digits() {
            let cells = pos.house_digit_cells(house, digit);
            if cells.len() != 1 {
                continue;
            }
            let cell = cells.first().expect("one cell");
            if !sink(Step::single(Technique::HiddenSingle, cell, digit, house)) {
                return false;
            }
        }
    }
    true
}
