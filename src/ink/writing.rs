//! The pen's flow wired to the store: `components::ink` hands the strokes it read from pointer
//! events to the functions here, which pass them to the core's flow (`inkdoku_core::pen`, where
//! the rules are, tested natively) through `Store::pen`, and carry out what it asks for: the ink
//! worker started and asked, the grow timer set (both answer back into the flow), the session's
//! effects of its moves, the chip, the status line, what the recognizer learns from.

use super::chip;
use super::geometry::Point;
use crate::controller::{self, hand};
use crate::ports::warn;
use crate::state::Store;
pub use inkdoku_core::pen::{CONTINUE_MS, GROW_MS, PICTURE_BACKS, WARM_UP_MS, recognizes};
use inkdoku_core::pen::{Effect, Input};
use leptos::prelude::*;

/// Takes `input` into the pen's flow and carries out its effects.
fn pen(store: Store, input: Input) {
    let effects = store.pen(input, &controller::context(store));
    for effect in effects {
        carry_out(store, effect);
    }
}

fn carry_out(store: Store, effect: Effect) {
    match effect {
        // The player's corrected drawings go to the worker first, ahead of any drawing to read.
        Effect::Start => match store.ports().ink.start(Box::new(move |status| pen(store, Input::Status(status)))) {
            Ok(()) => hand::teach(store),
            Err(e) => pen(store, Input::StartFailed(e)),
        },
        Effect::Recognize { ask, strokes, max_digit } => {
            store.ports().ink.recognize(strokes, max_digit, Box::new(move |answer| pen(store, Input::Answer { ask, answer })))
        }
        Effect::After { ms, tick } => _ = store.ports().clock.after(ms, Box::new(move || pen(store, Input::Grown(tick)))),
        Effect::Played(effects) => _ = controller::carry_out(store, effects),
        Effect::Tap(cell) => controller::tap(store, cell),
        Effect::Noticed { cell, digit } => hand::noticed(store, cell, digit),
        Effect::Remember(written) => hand::remember(store, written),
        Effect::Forget => store.ink.last_written.set(None),
        Effect::Chip { cell, choices, written } => chip::offer(store, cell, &choices, written),
        Effect::Status(text) => store.say(text),
        Effect::Warn(text) => warn(&text),
        Effect::PenTipDone => store.settings.update(|s| s.pen_tip_done = true),
    }
}

/// The first puzzle is on screen: the recognizer loads `WARM_UP_MS` later (the Clock port's
/// timer), so that the first stroke is quick, and its megabyte does not share a slow line
/// with what the puzzle needed. A pen-down before then loads it at once.
pub fn warm_up_soon(store: Store) {
    store.ports().clock.after(WARM_UP_MS, Box::new(move || warm_up(store)));
}

/// Starts the ink worker if it isn't started (on first use, or when the page is idle).
pub fn warm_up(store: Store) {
    pen(store, Input::WarmUp);
}

/// The pen comes down at `at` to write: the grow timer stops, and ink waiting in another cell
/// is placed now.
pub fn stroke_begins(store: Store, at: Point) {
    pen(store, Input::Begins(at));
}

/// A hovering pen moved to `at`: ink it left in another cell is placed now (unless declined).
pub fn pen_hovers(store: Store, at: Point) {
    pen(store, Input::Hovers(at));
}

/// Places the pending ink now, as the pen moved on to another cell.
pub fn flush(store: Store) {
    pen(store, Input::Flush);
}

/// A stroke was drawn (grid coordinates): a tap selects, a zig-zag scratches out, scratchpad
/// ink is kept, and anything else joins the cell's pending ink, read at once.
pub fn finish_drawing(store: Store, points: Vec<Point>) {
    pen(store, Input::Drawn(points));
}

/// The eraser passed along `path`: it erases the digits it crossed (scratchpad ink in
/// scratchpad mode) and drops pending ink under it.
pub fn finish_erasing(store: Store, path: Vec<Point>) {
    pen(store, Input::Erased(path));
}

#[cfg(test)]
mod tests;
