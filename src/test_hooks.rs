//! Hooks for the end-to-end tests, compiled only with `--features test-hooks` (scripts/test
//! builds that copy into target/dist-test; the production build has none of this).
//!
//! `window.inkdokuCrash()` panics in the middle of an update of the game, as a real bug in the
//! reducer's caller would: the game stays locked afterwards, so nothing that runs later (the
//! debounced autosave, the save on `pagehide`) can save it. Only the panic hook's own rescue
//! can, which is what the crash test checks.

use crate::state::Store;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

pub fn install(store: Store) {
    let Some(window) = web_sys::window() else { return };
    let crash = Closure::<dyn Fn()>::new(move || store.game.update(|_| panic!("crash requested by a test (inkdokuCrash)")));
    let _ = js_sys::Reflect::set(&window, &JsValue::from_str("inkdokuCrash"), crash.as_ref().unchecked_ref());
    crash.forget();
}
