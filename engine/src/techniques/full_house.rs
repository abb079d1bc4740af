//! Full House: a house with one empty cell left; that cell takes the one missing digit.

use super::util::Sink;
use crate::position::Position;
use crate::step::{Step, Technique};

pub fn find_all(pos: &Position, sink: Sink<'_>) -> bool {
    let size = pos.layout();
    for house in size.houses() {
        let mut open = size.house_cells(house).iter().filter(|&&c| pos.value(c).is_none());
        let (Some(&cell), None) = (open.next(), open.next()) else { continue };
        // The missing digit is the cell's only candidate when the position is consistent.
        let Some(digit) = pos.candidates(cell).single_digit() else { continue };
        if !sink(Step::single(Technique::FullHouse, cell, digit, house)) {
            return false;
        }
    }
    true
}
