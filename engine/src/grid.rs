//! A grid of digits: the givens of a puzzle, a player's entries, or a solution.
//!
//! A `Grid` knows its size and holds `Option<Digit>` per cell. It serializes as its 16/81/256
//! character line (see `format::line`), so stored games stay small and readable, and a corrupt
//! stored grid is rejected by the same parser that reads puzzles. That parser, and the other
//! text forms (`to_pretty`), live in `format`, which builds on this module (not the reverse).

use crate::geometry::{Cell, Digit, DigitSet, House, Size};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A square grid of optional digits.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Grid {
    size: Size,
    cells: Vec<Option<Digit>>,
}

/// A rule broken by the digits of a grid: `digit` appears more than once in `house`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conflict {
    /// The house with the repeated digit.
    pub house: House,
    /// The repeated digit.
    pub digit: Digit,
    /// The cells that hold it, in reading order.
    pub cells: Vec<Cell>,
}

impl Grid {
    /// An empty grid.
    pub fn new(size: Size) -> Grid {
        Grid { size, cells: vec![None; size.cell_count()] }
    }

    /// A grid from its cells in reading order. Returns `None` if the count or a digit does not
    /// fit the size.
    pub fn from_cells(size: Size, cells: Vec<Option<Digit>>) -> Option<Grid> {
        let fits = cells.len() == size.cell_count() && cells.iter().flatten().all(|d| d.fits(size));
        fits.then_some(Grid { size, cells })
    }

    /// The grid's size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The digit in a cell.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        self.cells[cell.index()]
    }

    /// Sets or clears a cell. Panics if the digit does not fit the size (a caller bug).
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        if let Some(d) = digit {
            assert!(d.fits(self.size), "digit {d} does not fit a {} grid", self.size);
        }
        self.cells[cell.index()] = digit;
    }

    /// The cells in reading order.
    pub fn cells(&self) -> &[Option<Digit>] {
        &self.cells
    }

    /// How many cells hold a digit.
    pub fn filled_count(&self) -> usize {
        self.cells.iter().filter(|c| c.is_some()).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// The digits a cell could still take: those not already placed among its peers.
    pub fn open_digits(&self, cell: Cell) -> DigitSet {
        let mut seen = DigitSet::EMPTY;
        for &p in self.size.peers(cell) {
            if let Some(d) = self.get(p) {
                seen.insert(d);
            }
        }
        self.size.all_digits().difference(seen)
    }

    /// Every house where a digit is repeated, in house order.
    pub fn conflicts(&self) -> Vec<Conflict> {
        let mut out = Vec::new();
        for house in self.size.houses() {
            for digit in self.size.digits() {
                let cells: Vec<Cell> = self.size.house_cells(house).iter().copied().filter(|&c| self.get(c) == Some(digit)).collect();
                if cells.len() > 1 {
                    out.push(Conflict { house, digit, cells });
                }
            }
        }
        out
    }

    /// Whether the grid is full and breaks no rule.
    pub fn is_solved(&self) -> bool {
        self.is_full() && self.conflicts().is_empty()
    }

    /// The grid as one line, `.` for empty cells (1-9 then A-G for digits).
    pub fn to_line(&self) -> String {
        self.cells.iter().map(|c| c.map_or('.', |d| self.size.digit_char(d))).collect()
    }
}

impl From<Grid> for String {
    fn from(g: Grid) -> String {
        g.to_line()
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conflicts_name_house_digit_and_cells() {
        let mut g = Grid::new(Size::Nine);
        let five = Digit::new(5).unwrap();
        g.set(Size::Nine.cell(0, 0), Some(five));
        g.set(Size::Nine.cell(0, 8), Some(five));
        let c = g.conflicts();
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].house, House::Row(0));
        assert_eq!(c[0].cells, vec![Size::Nine.cell(0, 0), Size::Nine.cell(0, 8)]);
    }

    #[test]
    fn serde_uses_the_line_format() {
        let g = crate::format::line::parse("1.3.....4.2.3..1").unwrap();
        let json = serde_json::to_string(&g).unwrap();
        assert_eq!(json, "\"1.3.....4.2.3..1\"");
        let back: Grid = serde_json::from_str(&json).unwrap();
        assert_eq!(back, g);
        assert!(serde_json::from_str::<Grid>("\"12x\"").is_err());
    }
}
