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
use crate::state::{Chip, Store};
use inkdoku_engine::{Cell, Digit};
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
