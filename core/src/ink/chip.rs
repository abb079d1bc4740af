//! The correction chip's rules: what it offers and where it sits (the app's `ink::chip` offers
//! it on the store, `components::chip` shows it). After the pen writes a digit, a small
//! chip at the cell offers the recognizer's runner-up ("Change to 5"); a long press on it (or
//! its "…" button) offers every digit. Picking one replaces the written digit as one undoable
//! step. For ink the recognizer declined, the chip offers its two best guesses. The chip goes
//! at the next stroke, at any change of the board, when the game is replaced, or after
//! a few seconds (`SHOW_MS`) unless the player opened the full choice.
//!
//! The chip never takes a stroke meant for a cell: a pen or finger that comes down on it and
//! moves further than a tap is handed to the board as a stroke that began there (the chip
//! goes, the ink goes to the cell under it), so writing on along a row or down a column loses
//! nothing. It sits above the cell (below it on the top row shown, and when the pen is going up
//! a column, so that it covers the digit just written rather than the next cell), and the full
//! choice opens towards the larger part of the board and never past the board's sides, so that
//! it is all on screen.

use crate::state::Chip;
use crate::state::zoom::{CELL, ViewBox};
use inkdoku_engine::{Cell, Digit, Size};

/// How long the chip stays when the player doesn't touch it.
pub const SHOW_MS: u32 = 5000;

/// What the chip remembers from one offer to the next: a value its owner keeps (the app's
/// store has one), so that two stores never share it.
#[derive(Debug, Default)]
pub struct ChipMemory {
    /// Counts the chips offered: the last one's auto-dismiss timer is the one that counts (a
    /// newer chip outlives an older one's timer).
    shown: u32,
    /// The cell the last chip was offered for: where the pen wrote before.
    last_cell: Option<Cell>,
}

impl ChipMemory {
    /// The chip to offer for `cell` of a grid of `size`, and its number for `is_current`: the
    /// `choices` (recognizer digits; zeros, digits the grid doesn't have and the written digit
    /// itself are left out). None when a written digit has no other choice to offer (declined
    /// ink always gets its chip). The cell is remembered either way: the pen wrote there.
    #[inline]
    pub fn offer(&mut self, size: Size, cell: Cell, choices: &[u8], written: Option<Digit>) -> Option<(Chip, u32)> {
        let mut digits: Vec<Digit> = Vec::new();
        for d in choices.iter().filter_map(|&v| Digit::new(v)) {
            if d.fits(size) && Some(d) != written && !digits.contains(&d) {
                digits.push(d);
            }
        }
        let before = self.last_cell.replace(cell);
        let going_up = before.is_some_and(|b| size.col_of(b) == size.col_of(cell) && size.row_of(b) == size.row_of(cell) + 1);
        if digits.is_empty() && written.is_some() {
            return None;
        }
        self.shown = self.shown.wrapping_add(1);
        Some((Chip { cell, choices: digits, written, all: false, going_up }, self.shown))
    }

    /// Whether the chip numbered `shown` is the last one offered (its timer may take it away).
    #[inline]
    pub fn is_current(&self, shown: u32) -> bool {
        self.shown == shown
    }
}

/// Where the chip's edge is, up and down, in percent of the board square: its top below the
/// cell, or its bottom above it (measured from the square's bottom).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Vertical {
    Below(f64),
    Above(f64),
}

/// Where the chip is across, in percent of the board square: lined up with the square's left
/// or right side near the edges (from that side), else centred on the cell (its centre).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Horizontal {
    Left(f64),
    Right(f64),
    Centred(f64),
}

/// Where the chip sits over the board square that shows `view`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    pub vertical: Vertical,
    pub horizontal: Horizontal,
}

/// Where the chip sits: the full choice opens towards the larger part of the board (below the
/// cell in the upper half, above it in the lower half), the short one above the cell (below it
/// on the top row shown, as there is no room above, and when the pen is going up a column,
/// unless there is no room below); it is centred on the cell, or lined up with the board's side
/// near the edges. `view` is what the board shows (the whole board, or the focus view's window).
pub fn placement(size: Size, view: &ViewBox, chip: &Chip) -> Placement {
    let (r, c) = (size.row_of(chip.cell) as f64, size.col_of(chip.cell) as f64);
    let (left, top) = view.percent(c * CELL, r * CELL);
    let (right, bottom) = view.percent((c + 1.0) * CELL, (r + 1.0) * CELL);
    let row_height = 100.0 * CELL / view.span;
    let below =
        if chip.all { (top + bottom) / 2.0 < 50.0 } else { top < row_height || (chip.going_up && bottom <= 100.0 - row_height + 0.01) };
    let vertical = if below { Vertical::Below(bottom) } else { Vertical::Above(100.0 - top) };
    let centre = (left + right) / 2.0;
    let horizontal = if centre < 25.0 {
        Horizontal::Left(left.max(0.0))
    } else if centre > 75.0 {
        Horizontal::Right((100.0 - right).max(0.0))
    } else {
        Horizontal::Centred(centre)
    };
    Placement { vertical, horizontal }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::zoom::{Sides, Window};

    fn chip(size: Size, row: usize, col: usize) -> Chip {
        Chip { cell: size.cell(row, col), choices: Vec::new(), written: None, all: false, going_up: false }
    }

    #[test]
    fn the_short_chip_sits_above_its_cell_but_on_the_top_row_and_going_up_a_column() {
        let size = Size::Nine;
        let view = ViewBox::whole(size, Sides::default());
        let at = |c: &Chip| placement(size, &view, c);
        // r5c5: above, centred on the cell (its bottom edge at the cell's top).
        let middle = chip(size, 4, 4);
        let (_, top) = view.percent(400.0, 400.0);
        assert_eq!(at(&middle), Placement { vertical: Vertical::Above(100.0 - top), horizontal: Horizontal::Centred(50.0) });
        // The top row: no room above.
        assert!(matches!(at(&chip(size, 0, 4)).vertical, Vertical::Below(_)));
        // Going up a column: below, over the digit just written; on the bottom row, above still.
        assert!(matches!(at(&Chip { going_up: true, ..middle.clone() }).vertical, Vertical::Below(_)));
        assert!(matches!(at(&Chip { going_up: true, ..chip(size, 8, 4) }).vertical, Vertical::Above(_)));
        // Near the sides: lined up with the board's side, never off it.
        assert!(matches!(at(&chip(size, 4, 0)).horizontal, Horizontal::Left(l) if l >= 0.0));
        assert!(matches!(at(&chip(size, 4, 8)).horizontal, Horizontal::Right(r) if r >= 0.0));
    }

    #[test]
    fn every_digit_opens_towards_the_larger_part_of_the_board_also_in_the_focus_view() {
        let size = Size::Sixteen;
        let all = |row, col| Chip { all: true, ..chip(size, row, col) };
        let whole = ViewBox::whole(size, Sides::default());
        assert!(matches!(placement(size, &whole, &all(3, 3)).vertical, Vertical::Below(_)));
        assert!(matches!(placement(size, &whole, &all(12, 3)).vertical, Vertical::Above(_)));
        // The focus view's bottom-right window (rows 8-15): row 9 is in its upper half.
        let window = Window { row: 2, col: 2, boxes: 2 }.view_box(size);
        assert!(matches!(placement(size, &window, &all(9, 9)).vertical, Vertical::Below(_)));
        assert!(matches!(placement(size, &window, &all(14, 9)).vertical, Vertical::Above(_)));
        // r1c1 is far off the window's top-left: lined up with the left side at 0, not beyond.
        assert_eq!(placement(size, &window, &all(8, 0)).horizontal, Horizontal::Left(0.0));
    }

    #[test]
    fn a_chip_offers_the_other_digits_of_the_grid_once_and_knows_when_the_pen_goes_up_a_column() {
        let size = Size::Nine;
        let d = |v| Digit::new(v).unwrap();
        let mut memory = ChipMemory::default();
        // The written 5 itself, a zero, a 12 (not a 9x9 digit) and a repeat are left out.
        let (first, one) = memory.offer(size, size.cell(4, 4), &[6, 5, 0, 12, 6, 3], Some(d(5))).unwrap();
        assert_eq!(first.choices, vec![d(6), d(3)]);
        assert!(!first.going_up && !first.all);
        // The cell above next: going up the column.
        let (up, two) = memory.offer(size, size.cell(3, 4), &[1], Some(d(7))).unwrap();
        assert!(up.going_up);
        assert!(memory.is_current(two) && !memory.is_current(one), "a newer chip outlives the older one's timer");
        // A written digit with nothing else to offer: no chip, but the pen's cell counts.
        assert_eq!(memory.offer(size, size.cell(2, 4), &[8], Some(d(8))), None);
        assert!(memory.is_current(two));
        let (next, _) = memory.offer(size, size.cell(1, 4), &[2], Some(d(4))).unwrap();
        assert!(next.going_up, "the cell before was r3c5, written without a chip");
        // Declined ink gets its chip even with no guesses; a cell to the side is not going up.
        let (declined, _) = memory.offer(size, size.cell(1, 5), &[], None).unwrap();
        assert_eq!((declined.choices.len(), declined.written, declined.going_up), (0, None, false));
        // Two owners never share what they remember: r1c6 is above this memory's last cell,
        // not the other's.
        let mut other = ChipMemory::default();
        assert!(!other.offer(size, size.cell(0, 5), &[3], Some(d(1))).unwrap().0.going_up);
    }
}
