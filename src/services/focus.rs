//! Keyboard focus around dialogs, as a native app keeps it: a dialog takes the focus when it
//! opens (on its main button, so Enter does what that button says), Tab and Shift+Tab go round
//! inside it, and when it closes the focus goes back to where it was (the button that opened it).

use crate::state::Store;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, KeyboardEvent};

/// What can take the focus inside a dialog, in document order.
const FOCUSABLE: &str = "button:not([disabled]), input:not([disabled]), select:not([disabled]), \
                         textarea:not([disabled]), a[href], summary, [tabindex]:not([tabindex='-1'])";

fn document() -> Option<web_sys::Document> {
    web_sys::window()?.document()
}

fn active() -> Option<HtmlElement> {
    document()?.active_element()?.dyn_into().ok()
}

/// The focusable elements of the dialog on show.
fn focusables() -> Vec<HtmlElement> {
    let Some(list) = document().and_then(|d| d.query_selector_all(&format!(".dialog :is({FOCUSABLE})")).ok()) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<HtmlElement>().ok())
        // Hidden ones (a closed <details>' content) have no boxes.
        .filter(|e| e.get_client_rects().length() > 0)
        .collect()
}

/// Focuses the dialog's main button, or else the first thing that takes the focus.
fn focus_dialog() {
    let main = document()
        .and_then(|d| d.query_selector(".dialog button.primary:not([disabled])").ok().flatten())
        .and_then(|e| e.dyn_into::<HtmlElement>().ok());
    if let Some(target) = main.or_else(|| focusables().into_iter().next()) {
        target.focus().ok();
    }
}

/// Follows the dialog signal: the focus moves into a dialog that opens (or replaces another)
/// and returns when the last one closes.
pub fn install(store: Store) {
    let opener: StoredValue<Option<HtmlElement>, LocalStorage> = StoredValue::new_local(None);
    Effect::new(move |shown_before: Option<Option<std::mem::Discriminant<crate::state::Dialog>>>| {
        // Which kind of dialog, not its content: a dialog whose content updates keeps its focus.
        let shown = store.dialog.with(|d| d.as_ref().map(std::mem::discriminant));
        let before = shown_before.flatten();
        match (before, shown) {
            (None, Some(_)) => {
                opener.set_value(active());
                request_animation_frame(focus_dialog);
            }
            (Some(a), Some(b)) if a != b => request_animation_frame(focus_dialog),
            (Some(_), None) => {
                if let Some(el) = opener.get_value().filter(|e| e.is_connected()) {
                    el.focus().ok();
                }
                opener.set_value(None);
            }
            _ => {}
        }
        shown
    });
}

/// Tab and Shift+Tab while a dialog is open: round inside it. True when the key was handled.
pub fn keep_tab_inside(e: &KeyboardEvent) -> bool {
    if e.key() != "Tab" {
        return false;
    }
    let items = focusables();
    let (Some(first), Some(last)) = (items.first(), items.last()) else {
        return true;
    };
    let now = active();
    let inside = now.as_ref().is_some_and(|a| items.iter().any(|i| i == a));
    let target = match (e.shift_key(), now) {
        (_, _) if !inside => first,
        (false, Some(a)) if &a == last => first,
        (true, Some(a)) if &a == first => last,
        _ => return false,
    };
    target.focus().ok();
    true
}
