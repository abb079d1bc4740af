//! The correction chip: after the pen writes a digit, a small chip at the cell offers the
//! recognizer's runner-up ("Change to 5"); a long press on it (or its "…" button) offers every
//! digit. Picking one replaces the written digit as one undoable step. For ink the recognizer
//! declined, the chip offers its two best guesses. The chip goes at the next stroke, at any
//! change of the board, or after `SHOW_MS` unless the player opened the full choice.

use super::hand;
use crate::components::board::CELL;
use crate::controller;
use crate::state::{Chip, Store};
use gloo_timers::callback::Timeout;
use inkdoku_engine::{Cell, Digit};
use leptos::prelude::*;
use std::cell::Cell as Counter;

/// How long the chip stays when the player doesn't touch it.
const SHOW_MS: u32 = 5000;
/// How long a press on the chip must last to open every digit.
const LONG_PRESS_MS: u32 = 500;

thread_local! {
    /// Which chip the pending auto-dismiss timer belongs to (a newer chip outlives it).
    static SHOWN: Counter<u32> = const { Counter::new(0) };
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
    if digits.is_empty() && written.is_some() {
        return;
    }
    store.ink.chip.set(Some(Chip { cell, choices: digits, written, all: false }));
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
    let digits = chip.written.into_iter().chain([digit]).collect();
    if let Some(marks) = controller::toggle_marks(store.mode.get_untracked(), chip.cell, digits) {
        // A misread mark: the wrong one toggled back and the right one toggled, one undo step.
        controller::apply(store, marks);
    } else {
        // One action: a Place over the written digit replaces it.
        controller::write(store, chip.cell, digit);
    }
    // The recognizer learns the drawing as the player meant it.
    hand::corrected(store, chip.cell, digit);
}

/// The chip, over the board square at its cell.
#[component]
pub fn CorrectionChip(store: Store) -> impl IntoView {
    let press = StoredValue::new_local(None::<Timeout>);
    let open_all = move || store.ink.chip.update(|c| c.iter_mut().for_each(|c| c.all = true));
    move || {
        let chip = store.ink.chip.get()?;
        let size = store.size();
        // Where the board shows the cell (the whole board, or the focus view's window).
        let view = crate::components::zoom::view_box(store);
        // Above the cell (below it on the top row shown), centred on it: players write on along
        // a row, so the chip stays off the next cell of the row.
        let (r, c) = (size.row_of(chip.cell) as f64, size.col_of(chip.cell) as f64);
        let (left, above) = view.percent((c + 0.5) * CELL, r * CELL);
        let style = if above < 100.0 * CELL / view.span {
            format!("left:{left:.2}%;top:{:.2}%", view.percent(0.0, (r + 1.0) * CELL).1)
        } else {
            format!("left:{left:.2}%;bottom:{:.2}%", 100.0 - above)
        };
        let digits: Vec<Digit> = if chip.all { size.digits().filter(|&d| Some(d) != chip.written).collect() } else { chip.choices.clone() };
        let t = store.ui();
        let buttons = digits
            .into_iter()
            .map(|d| {
                let ch = size.digit_char(d).to_string();
                let name = crate::i18n::fill(t.change_to, &[("d", &ch)]);
                view! { <button type="button" aria-label=name on:click=move |_| choose(store, d)>{ch}</button> }
            })
            .collect_view();
        Some(view! {
            <div class="ink-chip" class:all=chip.all role="group" aria-label=t.correction style=style
                 // The board square draws on pointer events: the chip's own must not reach it.
                 on:pointerdown=move |ev| {
                     ev.stop_propagation();
                     press.set_value(Some(Timeout::new(LONG_PRESS_MS, open_all)));
                 }
                 on:pointermove=move |ev| ev.stop_propagation()
                 on:pointerup=move |ev| { ev.stop_propagation(); press.set_value(None); }
                 on:pointerleave=move |_| press.set_value(None)
                 on:contextmenu=move |ev| ev.prevent_default()>
                {buttons}
                <Show when=move || !store.ink.chip.with(|c| c.as_ref().is_some_and(|c| c.all))>
                    <button type="button" class="more" aria-label=move || store.ui().other_digits on:click=move |_| open_all()>"…"</button>
                </Show>
            </div>
        })
    }
}
