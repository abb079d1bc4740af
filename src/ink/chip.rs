//! The correction chip on the store: offered after the pen writes, taken away, chosen. What it
//! offers and where it sits are the core's rules (`inkdoku_core::ink::chip`); `components::chip`
//! shows it.

use crate::controller::{self, hand};
use crate::state::Store;
pub use inkdoku_core::ink::chip::*;
use inkdoku_engine::{Cell, Digit};
use leptos::prelude::*;

/// Offers a correction for `cell`: the `choices` (recognizer digits; zeros, digits the grid
/// doesn't have and the written digit itself are left out).
pub fn offer(store: Store, cell: Cell, choices: &[u8], written: Option<Digit>) {
    let size = store.size();
    let offered = store.ink.chip_memory.try_update_value(|m| m.offer(size, cell, choices, written)).flatten();
    let Some((chip, shown)) = offered else { return };
    store.ink.chip.set(Some(chip));
    let expire = move || {
        let open = store.ink.chip.try_with_untracked(|c| c.as_ref().is_some_and(|c| c.all)).unwrap_or(true);
        let current = store.ink.chip_memory.try_with_value(|m| m.is_current(shown)).unwrap_or(false);
        if current && !open {
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
        // The declined ink is read now.
        store.pen(inkdoku_core::pen::Input::ChipPicked, &controller::context(store));
    }
    controller::rewrite(store, chip.cell, chip.written, digit);
    // The recognizer learns the drawing as the player meant it.
    hand::corrected(store, chip.cell, digit);
}
