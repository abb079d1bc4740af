//! The correction chip (`components::chip` shows it): after the pen writes a digit, a small
//! chip at the cell offers the recognizer's runner-up ("Change to 5"); a long press on it (or
//! its "…" button) offers every digit. Picking one replaces the written digit as one undoable
//! step. For ink the recognizer declined, the chip offers its two best guesses. The chip goes
//! at the next stroke, at any change of the board, when the game is replaced, or after
//! `SHOW_MS` unless the player opened the full choice.
//!
//! The chip never takes a stroke meant for a cell: a pen or finger that comes down on it and
//! moves further than a tap is handed to the board as a stroke that began there (the chip
//! goes, the ink goes to the cell under it), so writing on along a row or down a column loses
//! nothing. It sits above the cell (below it on the top row shown, and when the pen is going up
//! a column, so that it covers the digit just written rather than the next cell), and the full
//! choice opens towards the larger part of the board and never past the board's sides, so that
//! it is all on screen.

use crate::controller::{self, hand};
use crate::state::zoom::{CELL, ViewBox};
use crate::state::{Chip, Store};
use inkdoku_engine::{Cell, Digit, Size};
use leptos::prelude::*;
use std::cell::Cell as Counter;

/// How long the chip stays when the player doesn't touch it.
const SHOW_MS: u32 = 5000;
thread_local! {
    /// Which chip the pending auto-dismiss timer belongs to (a newer chip outlives it).
    static SHOWN: Counter<u32> = const { Counter::new(0) };
    /// The cell the last chip was offered for: where the pen wrote before.
    static LAST_CELL: Counter<Option<Cell>> = const { Counter::new(None) };
}

/// Offers a correction for `cell`: the `choices` (recognizer digits; zeros, digits the grid
/// doesn't have and the written digit itself are left out).
pub fn offer(store: Store, cell: Cell, choices: &[u8], written: Option<Digit>) {
    let size = store.size();
    let mut digits: Vec<Digit> = Vec::new();
    for d in choices.iter().filter_map(|&v| Digit::new(v)) {
        if d.fits(size) && Some(d) != written && !digits.contains(&d) {
            digits.push(d);
        }
    }
    let before = LAST_CELL.with(|last| last.replace(Some(cell)));
    let going_up = before.is_some_and(|b| size.col_of(b) == size.col_of(cell) && size.row_of(b) == size.row_of(cell) + 1);
    if digits.is_empty() && written.is_some() {
        return;
    }
    store.ink.chip.set(Some(Chip { cell, choices: digits, written, all: false, going_up }));
    let generation = SHOWN.with(|n| {
        n.set(n.get().wrapping_add(1));
        n.get()
    });
    let expire = move || {
        let open = store.ink.chip.try_with_untracked(|c| c.as_ref().is_some_and(|c| c.all)).unwrap_or(true);
        if SHOWN.with(Counter::get) == generation && !open {
            store.ink.chip.set(None);
        }
    };
    store.ports().clock.after(SHOW_MS, Box::new(expire));
}

/// Takes the chip away (the next stroke begins).
pub fn dismiss(store: Store) {
    if store.ink.chip.with_untracked(Option::is_some) {
        store.ink.chip.set(None);
    }
}

/// The player picked `digit` on the chip: it replaces what the pen wrote.
pub fn choose(store: Store, digit: Digit) {
    let Some(chip) = store.ink.chip.get_untracked() else { return };
    store.ink.chip.set(None);
    if chip.written.is_none() {
        store.ink.pending.set(None); // the declined ink is read now
    }
    controller::rewrite(store, chip.cell, chip.written, digit);
    // The recognizer learns the drawing as the player meant it.
    hand::corrected(store, chip.cell, digit);
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
}
