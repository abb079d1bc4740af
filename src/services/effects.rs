//! The app's long-lived side effects, each installed once with its cleanup: the settings
//! saved, the timer, page visibility, and the keyboard. (The game's autosave is no effect of
//! the page's: the core's effects of each change trigger it, `controller::saving`.)

use crate::controller::{self, save_now};
use crate::i18n::fill;
use crate::state::Store;
use crate::storage::{self, SETTINGS_KEY};
use gloo_timers::callback::Interval;
use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

/// Settings are saved at once when they change.
fn save_settings(store: Store) {
    Effect::new(move |_| {
        let settings = store.settings.get();
        if let Err(e) = storage::save(&store.ports(), SETTINGS_KEY, &settings) {
            store.say(fill(store.t().cannot_save_settings, &[("e", &storage::describe(store.t(), &e))]));
        }
        // The page's language follows the interface's (screen readers, hyphenation), and so do
        // the crash message's words.
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", store.lang_now().code());
        }
        crate::crash::speak(store.lang_now());
    });
}

/// Ticks the play clock every 250 ms with the time since the last tick; the core's rule
/// (`controller::clock_ticked`) says whether it counts and when it is saved.
fn timer(store: Store) {
    let clock = store.ports().clock;
    let last = StoredValue::new_local(clock.now_ms());
    let interval = Interval::new(250, move || {
        let now = clock.now_ms();
        let delta = (now - last.get_value()).max(0.0) as u64;
        last.set_value(now);
        controller::clock_ticked(store, delta);
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
        } else {
            // Back on screen: a room's players see this one here again at once (a hidden page
            // sends no beat, and shows as away after a while).
            controller::tell_presence(store);
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

/// Keys: the core's key map (`controller::interpret_key`) decides and carries out what a key
/// does; here the DOM event is read, and the browser's default prevented when the key was the
/// app's. Tab and Shift+Tab in a dialog go round inside it (DOM focus: `focus::keep_tab_inside`).
fn keyboard(store: Store) {
    let handle = window_event_listener(ev::keydown, move |e| {
        let (key, code) = (e.key(), e.code());
        let ctrl = e.ctrl_key() || e.meta_key();
        let press = controller::KeyPress { key: &key, code: &code, ctrl, shift: e.shift_key() };
        // The page's selection matters to Ctrl+C alone (then the browser copies the text).
        let handled = controller::key_pressed(store, &press, ctrl && text_selected())
            || (store.dialog.with_untracked(Option::is_some) && crate::services::focus::keep_tab_inside(&e));
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
    let handle = window_event_listener(ev::hashchange, move |_| controller::address_changed(store));
    on_cleanup(move || handle.remove());
}

/// In a game solved together, the others see the cell this player selects, and the stroke they
/// are drawing (`controller::live_ink_changed` decides when it goes).
fn presence(store: Store) {
    Effect::new(move |_| {
        store.selected.track();
        controller::tell_presence(store);
    });
    let last_sent = StoredValue::new_local(0.0);
    Effect::new(move |_| {
        store.ink.live.with(|live| {
            let drawing = (!live.is_empty()).then_some(live.as_slice());
            last_sent.update_value(|last| controller::live_ink_changed(store, drawing, last));
        });
    });
}

/// Installs every effect.
pub fn install(store: Store) {
    save_settings(store);
    presence(store);
    timer(store);
    visibility(store);
    keyboard(store);
    crate::services::focus::install(store);
    paste(store);
    links(store);
}
