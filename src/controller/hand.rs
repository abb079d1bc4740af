//! Learning the player's hand: drawings the player corrected, kept on this device only
//! (`inkdoku.hand.v1`, never in a link, file or print), listed and erasable in Settings, and
//! sent to the ink worker, whose recognizer reads new drawings with them
//! (`inkdoku_recognizer::Hand`).
//!
//! A correction is a drawing with the value the player gave it:
//! - a pick on the correction chip ("Change to 6", or any digit of the full choice), for a
//!   digit the pen wrote or ink the recognizer declined;
//! - the same cell rewritten (by pen, key or pad) within `REWRITE_MS` of the pen writing there,
//!   when the recognizer was unsure of it: it declined, was below `UNSURE`, or the new value is
//!   its runner-up. (A confident reading changed to something else is the player changing their
//!   mind, not a misread, and teaching it would spoil their own digit.)
//!
//! At most `PER_VALUE` drawings per value are kept, the newest.

use crate::i18n::fill;
use crate::state::pen::LastWritten;
use crate::state::{InkState, Store};
use crate::storage;
use inkdoku_engine::{Cell, Digit};
use leptos::prelude::*;

pub use crate::storage::HAND_KEY;

/// Keeps the drawings in storage, and the ink worker up to date, whenever they change.
pub fn install(store: Store) {
    Effect::new(move |before: Option<()>| {
        let hand = store.ink.hand.get();
        // The first run is the loaded record: nothing to save, and the worker gets it when it
        // starts (`ink::writing::warm_up`).
        if before.is_none() {
            return;
        }
        if let Err(e) = storage::save(&store.ports(), HAND_KEY, &hand) {
            store.say(fill(store.t().cannot_save_settings, &[("e", &storage::describe(store.t(), &e))]));
        }
        if matches!(store.ink.state.get_untracked(), InkState::Loading | InkState::Ready) {
            teach(store);
        }
    });
}

/// Hands the player's corrected drawings to the ink worker; it reads every later drawing with them.
pub fn teach(store: Store) {
    let ink = store.ports().ink;
    store.ink.hand.with_untracked(|hand| ink.teach(hand));
}

/// The pen wrote in a cell (or its ink was declined): remembered for a quick rewrite.
pub fn remember(store: Store, written: LastWritten) {
    store.ink.last_written.set(Some(written));
}

/// A digit placed in `cell` (by pen, key or pad; after the board changed): if it corrects what
/// the pen just wrote there, the drawing is learned.
pub fn noticed(store: Store, cell: Cell, digit: Digit) {
    let now = store.ports().clock.now_ms();
    let corrects = store.ink.last_written.with_untracked(|w| w.as_ref().is_some_and(|w| w.corrected_by(cell, digit, now)));
    if corrects {
        learn(store, digit);
    }
}

/// The player picked `digit` on the correction chip of `cell` (after it was written): the
/// drawing is learned.
pub fn corrected(store: Store, cell: Cell, digit: Digit) {
    if store.ink.last_written.with_untracked(|w| w.as_ref().is_some_and(|w| w.cell == cell && w.read != Some(digit))) {
        learn(store, digit);
    }
}

fn learn(store: Store, digit: Digit) {
    let Some(written) = store.ink.last_written.get_untracked() else { return };
    store.ink.last_written.set(None);
    let mut kept = false;
    store.ink.hand.update(|h| kept = h.add(digit.get(), written.strokes));
    if kept {
        let shown = store.size().digit_char(digit).to_string();
        store.say(fill(store.t().hand_learned, &[("d", &shown)]));
    }
}
