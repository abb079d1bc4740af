//! The app's long-lived side effects, each installed once with its cleanup: autosave, the
//! timer, page visibility, and the keyboard.

use crate::controller;
use crate::i18n::fill;
use crate::services::platform;
use crate::services::storage::{self, GAME_KEY, SETTINGS_KEY, StoredGame};
use crate::services::tabs;
use crate::state::{Phase, Store, TabRole};
use gloo_timers::callback::{Interval, Timeout};
use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

/// Saves the game now (skipped while a puzzle is being typed in, before there is one, and in
/// a tab that only follows another).
pub fn save_now(store: Store) {
    if let Some(record) = record(store) {
        match storage::save(&store.ports(), GAME_KEY, &record) {
            Ok(()) => tabs::announce_saved(),
            Err(e) => store.status.set(fill(store.t().cannot_save, &[("e", &storage::describe(store.t(), &e))])),
        }
    }
}

/// The record to save: none while a puzzle is being typed in, before there is one, and in a
/// tab that only follows another or lost the game to another (it must never write over the
/// playing tab's game).
fn record(store: Store) -> Option<StoredGame> {
    if store.phase.get_untracked() != Phase::Play || store.role.get_untracked() != TabRole::Active || !tabs::may_save() {
        return None;
    }
    store.game.with_untracked(|g| g.givens().filled_count() > 0).then(|| current_record(store))
}

/// The game on show as a record to store, its play time up to date.
pub fn current_record(store: Store) -> StoredGame {
    let mut meta = store.meta.get_untracked();
    meta.elapsed_ms = store.elapsed.get_untracked();
    StoredGame { version: 1, game: store.game.get_untracked(), meta }
}

/// Hands the game as it is now to the panic hook (`crash::keep`), so that a crash between two
/// debounced saves still saves the last move. Called by the autosave effect on every change of
/// the game, before the debounce.
pub fn keep_for_rescue(store: Store) {
    if let Some(text) = record(store).and_then(|r| serde_json::to_string(&r).ok()) {
        crate::crash::keep(text);
    }
}

/// Replaces the game on show by the stored one (a following tab keeping up, or a tab taking
/// over). A stored game that doesn't read is left for the playing tab to report.
pub fn reload_saved(store: Store) {
    if let storage::Loaded::Found(saved) = storage::load::<StoredGame>(&store.ports(), GAME_KEY) {
        store.game.set(saved.game);
        store.elapsed.set(saved.meta.elapsed_ms);
        store.meta.set(saved.meta);
        store.marks.set(Default::default());
    }
}

/// Saves after every change, debounced; settings are saved at once.
fn autosave(store: Store) {
    let pending = StoredValue::new_local(None::<Timeout>);
    Effect::new(move |_| {
        store.game.track();
        store.meta.track();
        keep_for_rescue(store);
        let t = Timeout::new(400, move || save_now(store));
        // Replacing the previous timeout drops (cancels) it: one save per burst of changes.
        pending.set_value(Some(t));
    });
    Effect::new(move |_| {
        let settings = store.settings.get();
        if let Err(e) = storage::save(&store.ports(), SETTINGS_KEY, &settings) {
            store.status.set(fill(store.t().cannot_save_settings, &[("e", &storage::describe(store.t(), &e))]));
        }
        // The page's language follows the interface's (screen readers, hyphenation, the crash text).
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", store.lang_now().code());
        }
    });
}

/// Counts play time while the game is on show: not when the page is hidden, a dialog covers the
/// board, a puzzle is being typed in, or the game is over.
fn timer(store: Store) {
    let last = StoredValue::new_local(js_sys::Date::now());
    let interval = Interval::new(250, move || {
        let now = js_sys::Date::now();
        let delta = (now - last.get_value()).max(0.0) as u64;
        last.set_value(now);
        let running = store.visible.get_untracked()
            && store.dialog.with_untracked(Option::is_none)
            && store.phase.get_untracked() == Phase::Play
            && store.game.with_untracked(|g| g.givens().filled_count() > 0 && !g.is_solved());
        if running && delta < 5_000 {
            store.elapsed.update(|t| *t += delta);
            // Time is saved with every change; while nothing changes, every 15 s.
            if store.elapsed.get_untracked() % 15_000 < delta {
                save_now(store);
            }
        }
    });
    let interval = StoredValue::new_local(Some(interval));
    on_cleanup(move || interval.set_value(None));
}

/// Page hidden or closed: stop the timer and save at once (the web's "standby").
fn visibility(store: Store) {
    let document = document();
    let on_change = window_event_listener(ev::visibilitychange, move |_| {
        let hidden = document.hidden();
        store.visible.set(!hidden);
        if hidden {
            save_now(store);
        }
    });
    let on_hide = window_event_listener(ev::pagehide, move |_| save_now(store));
    // Page Lifecycle: a frozen page may be discarded without another event.
    let on_freeze = Closure::<dyn FnMut()>::new(move || save_now(store));
    let _ = leptos::prelude::document().add_event_listener_with_callback("freeze", on_freeze.as_ref().unchecked_ref());
    on_freeze.forget();
    on_cleanup(move || {
        on_change.remove();
        on_hide.remove();
    });
}

/// Keys: arrows move, 1-9 (A-G on 16x16) write, Backspace/Delete clear, N toggles notes,
/// Ctrl+Z undo, Ctrl+Y / Ctrl+Shift+Z redo, Escape closes a dialog, leaves the focus view
/// (small screens) or clears the selection.
fn keyboard(store: Store) {
    let handle = window_event_listener(ev::keydown, move |e| {
        let key = e.key();
        if store.dialog.with_untracked(Option::is_some) {
            if key == "Escape" && store.making.get_untracked().is_none() {
                store.dialog.set(None);
                e.prevent_default();
            }
            return;
        }
        let ctrl = e.ctrl_key() || e.meta_key();
        let handled = match key.as_str() {
            "ArrowUp" => {
                controller::move_selection(store, -1, 0);
                true
            }
            "ArrowDown" => {
                controller::move_selection(store, 1, 0);
                true
            }
            "ArrowLeft" => {
                controller::move_selection(store, 0, -1);
                true
            }
            "ArrowRight" => {
                controller::move_selection(store, 0, 1);
                true
            }
            "Backspace" | "Delete" => {
                controller::clear(store);
                true
            }
            "Escape" => {
                // First back from the focus view to the whole board (the selection stays).
                if !crate::components::zoom::whole_board(store) {
                    store.selected.set(None);
                    store.active_digit.set(None);
                    store.marks.set(Default::default());
                }
                true
            }
            "z" | "Z" if ctrl && e.shift_key() => {
                controller::redo(store);
                true
            }
            "z" | "Z" if ctrl => {
                controller::undo(store);
                true
            }
            "y" | "Y" if ctrl => {
                controller::redo(store);
                true
            }
            "n" | "N" if !ctrl => {
                controller::toggle_notes(store);
                true
            }
            "c" | "C" if ctrl && !text_selected() => {
                controller::copy_puzzle(store);
                true
            }
            k if !ctrl => match controller::key_digit(store.size(), k) {
                Some(d) => {
                    match store.selected.get_untracked() {
                        Some(cell) => controller::write(store, cell, d),
                        None => controller::digit(store, d),
                    }
                    true
                }
                None => false,
            },
            _ => false,
        };
        if handled {
            e.prevent_default();
        }
    });
    on_cleanup(move || handle.remove());
}

fn text_selected() -> bool {
    window().get_selection().ok().flatten().is_some_and(|s| !s.is_collapsed())
}

/// Ctrl+V (or the browser's Paste) anywhere outside a dialog loads a puzzle from the text.
fn paste(store: Store) {
    let handle = window_event_listener(ev::paste, move |e| {
        if store.dialog.with_untracked(Option::is_some) {
            return;
        }
        let text = e.clipboard_data().and_then(|d| d.get_data("text").ok()).unwrap_or_default();
        if !text.trim().is_empty() {
            e.prevent_default();
            controller::open_text(store, &text, store.t().the_pasted_text);
        }
    });
    on_cleanup(move || handle.remove());
}

/// A link followed inside the open app changes only the fragment: open its puzzle too.
fn links(store: Store) {
    let handle = window_event_listener(ev::hashchange, move |_| {
        if let Some(text) = platform::location_puzzle() {
            platform::clear_location();
            controller::open_text(store, &text, store.t().the_link);
        }
    });
    on_cleanup(move || handle.remove());
}

/// Installs every effect.
pub fn install(store: Store) {
    autosave(store);
    timer(store);
    visibility(store);
    keyboard(store);
    paste(store);
    links(store);
}
