//! The pen's flow from ink to the board, in plain Rust over the store and its ports, so that it
//! runs and is tested natively (`tests` below, on the fakes of `crate::ports`); `layer` only turns
//! pointer events into the calls here.
//!
//! A finished stroke in a cell joins that cell's pending ink. The ink is read `IDLE_MS` after
//! the last stroke, or at once when the pen moves on to another cell; if the recognizer is still
//! loading then, it is read as soon as it is ready (never before: that would split a digit whose
//! first stroke was written while it loaded). The answer places the digit (digit mode) or
//! toggles the note (notes mode) and offers the runner-up on the correction chip; ink the
//! recognizer declines stays, with its two best guesses on the chip. Each drawing is read once;
//! an answer for a cell the player has written more ink in since is dropped (the newer drawing
//! is read in its turn). A zig-zag erases what the mode writes and says what went.

use super::chip;
use super::geometry::{self, Point};
use super::hand::{self, LastWritten};
use super::recognition::Recognition;
use crate::controller;
use crate::i18n::fill;
use crate::ports::InkStatus;
use crate::services::platform::warn;
use crate::state::{InkState, InputMode, Pending, Store};
use inkdoku_engine::game::{Action, Stroke};
use inkdoku_engine::{Cell, Digit, Size};
use leptos::prelude::*;

/// How long after the last stroke a cell's ink is read.
pub const IDLE_MS: u32 = 500;

/// The flow's own bookkeeping (not reactive: nothing renders from it).
#[derive(Default)]
pub struct Writing {
    /// Counts the strokes that joined pending ink: the pending ink's version is the last one.
    version: u32,
    /// The version of the pending ink the recognizer was asked to read (it is asked once).
    asked: Option<u32>,
    /// The idle timer that counts (timers can't be called off: a stale one finds another
    /// number here and does nothing).
    idle: u32,
    /// The ink's idle time passed while the recognizer was loading: read it once it is ready.
    waiting_for_recognizer: bool,
}

/// The highest value the recognizer may answer: 4 on 4x4, 9 on 9x9, and on 16x16 16 (the
/// letters A-G stand for 10-16 there, and the recognizer reads them only when asked for 16).
fn max_digit(size: Size) -> u8 {
    size.side() as u8
}

/// Whether the pen writes digits to be recognized (digit and notes modes) rather than
/// scratchpad ink.
pub fn recognizes(mode: InputMode) -> bool {
    mode != InputMode::Scratchpad
}

/// Starts the ink worker if it isn't started (on first use, or when the page is idle). The
/// player's corrected drawings go to it first, ahead of any drawing to read.
pub fn warm_up(store: Store) {
    if store.ink.state.get_untracked() != InkState::Unloaded {
        return;
    }
    store.ink.state.set(InkState::Loading);
    match store.ports().ink.start(Box::new(move |status| status_changed(store, status))) {
        Ok(()) => teach(store),
        Err(e) => store.ink.state.set(InkState::Unavailable(e)),
    }
}

/// Hands the player's corrected drawings to the ink worker; it reads every later drawing with them.
pub fn teach(store: Store) {
    let ink = store.ports().ink;
    store.ink.hand.with_untracked(|hand| ink.teach(hand));
}

fn status_changed(store: Store, status: InkStatus) {
    match status {
        InkStatus::Ready => store.ink.state.set(InkState::Ready),
        InkStatus::Unavailable(why) => store.ink.state.set(InkState::Unavailable(why)),
        // It was working: the next stroke starts a fresh one (what it was reading is answered
        // with an error by the worker's client).
        InkStatus::Crashed => {
            store.ink.state.set(InkState::Unloaded);
            return;
        }
    }
    // Ink written while it loaded is read now (or the player is told writing is off).
    if store.ink.writing.try_update_value(|w| std::mem::take(&mut w.waiting_for_recognizer)).unwrap_or(false) {
        flush(store);
    }
}

/// Handwriting can't be read in this browser: plain words for the player (the pad and keys
/// work), the technical reason for the console.
fn writing_off(store: Store, why: &str) {
    warn(&format!("inkdoku: handwriting is off: {why}"));
    store.status.set(store.t().ink_unavailable.into());
}

/// Whether ink waits to be read in a cell other than the one under `at`.
fn pending_elsewhere(store: Store, at: Point) -> bool {
    let cell = geometry::cell_at(store.size(), at[0], at[1]);
    store.ink.pending.with_untracked(|p| p.as_ref().is_some_and(|p| Some(p.cell) != cell))
}

/// The pen comes down at `at` to write: the recognizer loads if it hasn't, the idle timer stops,
/// and ink waiting in another cell is read now.
pub fn stroke_begins(store: Store, at: Point) {
    warm_up(store);
    store.ink.writing.update_value(|w| {
        w.idle = w.idle.wrapping_add(1);
        w.waiting_for_recognizer = false;
    });
    if pending_elsewhere(store, at) {
        flush(store);
    }
}

/// A hovering pen moved to `at`: ink it left in another cell is read now (unless declined: that
/// ink waits for the player).
pub fn pen_hovers(store: Store, at: Point) {
    let declined = store.ink.pending.with_untracked(|p| p.as_ref().is_some_and(|p| p.declined));
    if !declined && pending_elsewhere(store, at) {
        flush(store);
    }
}

/// Reads the pending ink now (the pen moved on, or it rested long enough).
pub fn flush(store: Store) {
    store.ink.writing.update_value(|w| w.idle = w.idle.wrapping_add(1));
    let Some(pending) = store.ink.pending.get_untracked() else { return };
    if pending.declined {
        return;
    }
    match store.ink.state.get_untracked() {
        InkState::Ready => {}
        InkState::Loading | InkState::Unloaded => {
            store.ink.writing.update_value(|w| w.waiting_for_recognizer = true);
            return;
        }
        InkState::Unavailable(e) => {
            store.ink.pending.set(None);
            writing_off(store, &e);
            return;
        }
    }
    // Asked once per drawing (the pen coming down elsewhere and the stroke ending both flush).
    let Some(version) = store
        .ink
        .writing
        .try_update_value(|w| {
            let fresh = w.asked != Some(w.version);
            w.asked = Some(w.version);
            fresh.then_some(w.version)
        })
        .flatten()
    else {
        return;
    };
    let size = store.size();
    let cell = pending.cell;
    let strokes: Vec<Vec<[f64; 3]>> = pending.strokes.iter().map(|s| geometry::in_cell(size, pending.cell, s)).collect();
    let drawing = strokes.iter().map(|s| s.iter().map(|p| p.map(|v| v as f32)).collect()).collect();
    let note = store.mode.get_untracked().marks();
    let remember = move |read: Option<Digit>, confidence: f32, second: u8| {
        let at = store.ports().clock.now_ms();
        hand::remember(store, LastWritten { cell: pending.cell, strokes: drawing, note, read, confidence, second: Digit::new(second), at });
    };
    let answered = move |answer: Result<Recognition, String>| {
        // More ink written in this cell since: that drawing is read in its turn, not this one.
        let current = store.ink.writing.try_with_value(|w| w.version);
        let still_pending = store.ink.pending.try_with_untracked(|p| p.as_ref().is_some_and(|p| p.cell == cell));
        if still_pending == Some(true) && current != Some(version) {
            return;
        }
        // The ink just read leaves the board (ink since written in another cell stays).
        let drop_read_ink = move || {
            if still_pending == Some(true) {
                store.ink.pending.set(None);
            }
        };
        match answer {
            Ok(Recognition::Digit { digit, confidence, second }) => {
                drop_read_ink();
                if let Some(d) = Digit::new(digit).filter(|d| d.fits(size)) {
                    controller::write(store, cell, d);
                    remember(Some(d), confidence, second);
                    // No chip for a colour painted by pen (Undo takes it off), nor over the
                    // board of a game this digit just won.
                    let won = store.meta.with_untracked(|m| m.won);
                    if store.mode.get_untracked() != InputMode::Colour && !won {
                        chip::offer(store, cell, &[second], Some(d));
                    }
                    store.settings.update(|s| s.pen_tip_done = true);
                }
            }
            Ok(Recognition::Declined { best, second, confidence, .. }) => {
                remember(None, confidence, second);
                store.ink.pending.update(|p| {
                    if let Some(p) = p.as_mut().filter(|p| p.cell == cell) {
                        p.declined = true;
                    }
                });
                store.status.set(store.t().ink_declined.into());
                chip::offer(store, cell, &[best, second], None);
            }
            Err(e) => {
                // The ink worker failed (it starts afresh with the next stroke).
                warn(&format!("inkdoku: handwriting: {e}"));
                drop_read_ink();
                store.status.set(store.t().ink_failed.into());
            }
        }
    };
    store.ports().ink.recognize(strokes, max_digit(size), Box::new(answered));
}

/// A stroke was drawn (grid coordinates): a tap selects, a zig-zag scratches out, scratchpad
/// ink is kept, and anything else joins the cell's pending ink, read after `IDLE_MS` of rest.
pub fn finish_drawing(store: Store, points: Vec<Point>) {
    let size = store.size();
    if points.is_empty() {
        return;
    }
    if geometry::is_tap(size, &points) && !joins_pending_ink(store, &points) {
        if let Some(cell) = geometry::cell_at(size, points[0][0], points[0][1]) {
            controller::tap(store, cell);
        }
        // The pen coming down stopped the idle timer: ink still waiting is read in its time.
        if store.ink.pending.with_untracked(Option::is_some) {
            read_when_idle(store);
        }
        return;
    }
    let Some(cell) = geometry::cell_of(size, &points) else { return };
    let mode = store.mode.get_untracked();
    if geometry::is_scratch_out(size, &points) {
        scratch_out(store, cell, &points, mode);
        return;
    }
    if !recognizes(mode) {
        // A stroke that overshoots the board's edge is kept, clipped to it.
        let points = points.into_iter().map(|[x, y, p]| [x.clamp(0.0, 1.0), y.clamp(0.0, 1.0), p]).collect();
        controller::apply(store, Action::AddStroke { stroke: Stroke { id: 0, cell: Some(cell), points } });
        return;
    }
    if mode != InputMode::Colour && store.game.with_untracked(|g| g.givens().get(cell).is_some()) {
        store.status.set(store.t().given_cannot_change.into());
        return;
    }
    if let InkState::Unavailable(e) = store.ink.state.get_untracked() {
        writing_off(store, &e);
        return;
    }
    let same_cell = store.ink.pending.with_untracked(|p| p.as_ref().is_some_and(|p| p.cell == cell));
    if !same_cell {
        flush(store);
    }
    store.ink.writing.update_value(|w| w.version = w.version.wrapping_add(1));
    store.ink.pending.update(|p| match p {
        Some(p) if p.cell == cell => {
            p.strokes.push(points);
            p.declined = false;
        }
        _ => *p = Some(Pending { cell, strokes: vec![points], declined: false }),
    });
    read_when_idle(store);
}

/// Reads the pending ink after `IDLE_MS` unless the pen comes down again first.
fn read_when_idle(store: Store) {
    let ticket = store.ink.writing.try_update_value(|w| {
        w.idle = w.idle.wrapping_add(1);
        w.idle
    });
    store.ports().clock.after(
        IDLE_MS,
        Box::new(move || {
            if ticket.is_some() && store.ink.writing.try_with_value(|w| w.idle) == ticket {
                flush(store);
            }
        }),
    );
}

/// A short stroke in a cell whose ink waits to be read is part of that digit (the base of a 1,
/// a 7's crossbar), not a tap — unless it is a dot.
fn joins_pending_ink(store: Store, points: &[Point]) -> bool {
    let size = store.size();
    let (x0, y0, x1, y1) = geometry::bounds(points);
    let dot = (x1 - x0).max(y1 - y0) < 0.05 / size.side() as f32;
    let here = geometry::cell_of(size, points);
    !dot && here.is_some() && store.ink.pending.with_untracked(|p| p.as_ref().is_some_and(|p| Some(p.cell) == here && !p.declined))
}

/// A zig-zag: erases what the mode writes — the digit (pen mode), the cell's notes (notes mode)
/// or the scratchpad strokes under it (scratchpad mode) — and says what went (Undo brings it
/// back). Over ink still waiting to be read, it just drops that ink.
fn scratch_out(store: Store, cell: Cell, path: &[Point], mode: InputMode) {
    if store.ink.pending.with_untracked(|p| p.as_ref().is_some_and(|p| p.cell == cell)) {
        store.ink.pending.set(None);
        return;
    }
    let size = store.size();
    let t = store.t();
    let name = inkdoku_engine::geometry::cell_name(size, cell);
    match mode {
        InputMode::Scratchpad => {
            if erase_strokes(store, path) {
                store.status.set(t.scratched_ink.into());
            }
        }
        // Colours are taken off by painting again (or Clear colours), not scratched out.
        InputMode::Colour => {}
        InputMode::Notes | InputMode::Corner | InputMode::Centre => {
            let had_notes = store.game.with_untracked(|g| {
                let b = g.board();
                b.entries.get(cell).is_none() && [&b.notes, &b.corner, &b.centre].iter().any(|m| !m[cell.index()].is_empty())
            });
            if had_notes && controller::apply(store, Action::Clear { cell }) {
                store.status.set(fill(t.scratched_notes, &[("cell", &name)]));
            }
        }
        InputMode::Digit => {
            let Some(digit) = store.game.with_untracked(|g| g.board().entries.get(cell)) else { return };
            if controller::apply(store, Action::Clear { cell }) {
                store.status.set(fill(t.scratched_digit, &[("d", &size.digit_char(digit).to_string()), ("cell", &name)]));
            }
        }
    }
}

/// Erases the scratchpad strokes `path` passes near; whether any went.
fn erase_strokes(store: Store, path: &[Point]) -> bool {
    let radius = 0.3 / store.size().side() as f32;
    let ids: Vec<u32> =
        store.game.with_untracked(|g| g.board().ink.iter().filter(|s| geometry::touches(&s.points, path, radius)).map(|s| s.id).collect());
    !ids.is_empty() && controller::apply(store, Action::EraseStrokes { ids })
}

/// The eraser passed along `path`: it erases the digits it crossed (scratchpad ink in
/// scratchpad mode) and drops pending ink under it.
pub fn finish_erasing(store: Store, path: Vec<Point>) {
    let size = store.size();
    let cells = geometry::cells_touched(size, &path);
    if store.ink.pending.with_untracked(|p| p.as_ref().is_some_and(|p| cells.contains(&p.cell))) {
        store.ink.pending.set(None);
    }
    if store.mode.get_untracked() == InputMode::Scratchpad {
        erase_strokes(store, &path);
        return;
    }
    let filled: Vec<Cell> = store.game.with_untracked(|g| cells.into_iter().filter(|&c| g.board().entries.get(c).is_some()).collect());
    if !filled.is_empty() {
        controller::apply(store, Action::Erase { cells: filled });
    }
}

#[cfg(test)]
mod tests;
