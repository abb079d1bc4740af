//! Hooks for the end-to-end tests, switched on at run time only in a browser under automation.
//!
//! They are installed when both hold before the app starts:
//! - `navigator.webdriver` is true: the browser sets it when a test driver (Playwright, WebDriver)
//!   controls it; a link, a page or a saved game cannot, and a player's browser has it false;
//! - `window.inkdokuTestHooks === true`: the test set it before the app's scripts ran
//!   (Playwright's `addInitScript`); the app never sets it, so a driven browser that did not ask
//!   (a crawler, the other e2e tests) gets no hook either.
//!
//! One release build thus serves players and the tests (scripts/test builds the app once), and
//! tests/e2e/app.test.mjs checks that neither condition alone installs anything.
//!
//! `window.inkdokuCrash()` panics in the middle of an update of the game, as a real bug in the
//! reducer's caller would (the app's wasm aborts: a trap): the game stays locked afterwards, so
//! nothing that runs later (the debounced autosave, the save on `pagehide`) can save it. Only
//! the crash rescue can (`static/crash.js`, with the record `crash::keep` handed it), which is
//! what the crash test checks.

use crate::state::Store;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Whether this page runs under a test driver that asked for the hooks (see the module).
fn asked(window: &web_sys::Window) -> bool {
    let flag =
        |target: &JsValue, name: &str| js_sys::Reflect::get(target, &JsValue::from_str(name)).ok().and_then(|v| v.as_bool()) == Some(true);
    flag(&window.navigator(), "webdriver") && flag(window, "inkdokuTestHooks")
}

pub fn install(store: Store) {
    let Some(window) = web_sys::window() else { return };
    if !asked(&window) {
        return;
    }
    let crash = Closure::<dyn Fn()>::new(move || store.session_mut(|_| -> () { panic!("crash requested by a test (inkdokuCrash)") }));
    let _ = js_sys::Reflect::set(&window, &JsValue::from_str("inkdokuCrash"), crash.as_ref().unchecked_ref());
    crash.forget();
}
