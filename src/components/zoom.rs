//! The focus view: where the whole board's cells would be too small to write in (a 16x16 game
//! on a 800x480 screen has 28 px cells), selecting a cell magnifies a window of whole boxes
//! around it so that every cell there is at least `MIN_CELL_PX` wide.
//!
//! ```text
//!  whole board (cells < 40 px) ──tap / pen-down / arrow key on a cell──▶ focus window (k×k boxes
//!        ▲                                                               around the cell, a strip
//!        └── "Whole board", Escape, a hint or check on show, no selection  of their neighbours)
//! ```
//! The focus is a view, not a second board: the SVG board and the ink layer show the same grid
//! through one `ViewBox` (the window plus a strip of the neighbouring cells), so every cell stays
//! the `gridcell` it was, pen strokes map to the magnified cells through the same box, and
//! scratchpad ink keeps its place. The selection always stays in view: moving it across a box
//! edge (arrow keys, a tap on the neighbours' strip) moves the window by one box; the bar's
//! arrows move the window a box and the selection with it. On bigger screens, and for 9x9 and
//! 4x4 boards whose cells are big enough, nothing of this shows.

use crate::components::parts::word;
use crate::state::Store;
use crate::state::zoom::{focus_on, pan, shown, whole_board};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
/// Keeps the view in step with the game: the selected cell is magnified (a tap, a pen-down or
/// an arrow key in the whole board zooms in there); no selection, a hint or cells a check or a
/// message points at (they speak of the whole board), and printing show the whole board.
pub fn install(store: Store) {
    Effect::new(move |_| match store.selected.get() {
        Some(cell) => focus_on(store, cell),
        None => {
            store.view.window.set(None);
        }
    });
    Effect::new(move |_| {
        if store.highlights.with(|m| m.hint.is_some() || !m.cells.is_empty()) {
            store.view.window.set(None);
        }
    });
    let before_print = window_event_listener(leptos::ev::beforeprint, move |_| store.view.window.set(None));
    on_cleanup(move || before_print.remove());
}

/// Measures the board square whenever its size changes (a ResizeObserver).
pub fn measure(store: Store, square: web_sys::Element) {
    let measured = square.clone();
    let on_resize = Closure::<dyn FnMut()>::new(move || {
        let px = measured.get_bounding_client_rect().width();
        if (px - store.view.square_px.get_untracked()).abs() > 0.5 {
            store.view.square_px.set(px);
        }
    });
    match web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
        Ok(observer) => {
            observer.observe(&square);
            on_resize.forget();
            on_cleanup(move || observer.disconnect());
        }
        // No ResizeObserver: measure once (the focus view then follows the first layout).
        Err(_) => store.view.square_px.set(square.get_bounding_client_rect().width()),
    }
}

fn pressed(on: bool) -> &'static str {
    if on { "true" } else { "false" }
}

/// The bar beside the board when the focus view exists: "Whole board" (pressed while the whole
/// board shows; pressing it magnifies the selected cell's boxes again) and arrows that move the
/// window by a box.
#[component]
pub fn ZoomBar(store: Store) -> impl IntoView {
    let zoomed = Memo::new(move |_| shown(store));
    let can = move |dr: isize, dc: isize| zoomed.get().is_some_and(|w| w.pan(store.size(), dr, dc).is_some());
    let toggle = move |_| {
        if !whole_board(store) {
            // Magnify the selected cell, or the top left boxes (selecting nothing).
            focus_on(store, store.selected.get_untracked().unwrap_or_else(|| store.size().cell(0, 0)));
        }
    };
    let arrow = move |label: fn(&'static crate::i18n::Ui) -> &'static str,
                      glyph: &'static str,
                      dr: isize,
                      dc: isize,
                      class: &'static str| {
        view! {
            <button type="button" class=format!("zoom-arrow {class}") aria-label=move || label(store.ui()) title=move || label(store.ui())
                    disabled=move || !can(dr, dc) on:click=move |_| pan(store, dr, dc)>{glyph}</button>
        }
    };
    let shows = move || {
        let t = store.ui();
        match zoomed.get() {
            Some(w) => {
                let ((r0, r1), (c0, c1)) = w.bounds(store.size());
                crate::i18n::fill(
                    t.view_window,
                    &[
                        ("r0", &(r0 + 1).to_string()),
                        ("r1", &(r1 + 1).to_string()),
                        ("c0", &(c0 + 1).to_string()),
                        ("c1", &(c1 + 1).to_string()),
                    ],
                )
            }
            None => t.whole_board.to_string(),
        }
    };
    view! {
        <div class="zoom-bar" role="group" aria-label=move || format!("{}: {}", store.ui().board_view, shows())>
            <button type="button" class="zoom-whole" aria-pressed=move || pressed(zoomed.get().is_none())
                    class:active=move || zoomed.get().is_none() on:click=toggle>
                <span class="zoom-icon" aria-hidden="true">"⊞"</span>
                <span class="zoom-label">{word(store, |t| t.whole_board)}</span>
            </button>
            {arrow(|t| t.view_up, "▲", -1, 0, "up")}
            {arrow(|t| t.view_left, "◀", 0, -1, "left")}
            {arrow(|t| t.view_right, "▶", 0, 1, "right")}
            {arrow(|t| t.view_down, "▼", 1, 0, "down")}
        </div>
    }
}
