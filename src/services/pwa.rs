//! The service worker: registered once the first puzzle is on screen; when a new deploy's
//! worker is installed and waiting, the app says "a new version is ready" and reloads into it
//! when the player agrees. Once the recognizer has loaded, the page asks it to complete the
//! offline copy with the pen's files (static/sw.js).
//!
//! Both wait so that a first visit's slow line carries what the first puzzle needs first: the
//! worker's install copies the build (the page, the icons, the manifest, and a request for each
//! file the page has, answered from the HTTP cache or revalidated), and the pen's copy asks for
//! the recognizer's files, which it then finds in the HTTP cache.

use crate::state::{InkState, Store, once_when};
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{ServiceWorkerRegistration, ServiceWorkerState};

thread_local! {
    static REGISTRATION: RefCell<Option<ServiceWorkerRegistration>> = const { RefCell::new(None) };
    static RELOAD_ON_CHANGE: Cell<bool> = const { Cell::new(false) };
}

/// Registers `sw.js` once a puzzle is on screen (where the browser supports service workers),
/// and watches for updates.
pub fn register(store: Store) {
    store.once_a_puzzle_is_on_screen(move || register_now(store));
}

fn register_now(store: Store) {
    let Some(window) = web_sys::window() else { return };
    let navigator = window.navigator();
    if js_sys::Reflect::get(&navigator, &"serviceWorker".into()).map_or(true, |v| v.is_undefined()) {
        return;
    }
    let container = navigator.service_worker();
    let on_controller = Closure::<dyn FnMut()>::new(move || {
        if RELOAD_ON_CHANGE.get() {
            let _ = web_sys::window().map(|w| w.location().reload());
        }
    });
    container.set_oncontrollerchange(Some(on_controller.as_ref().unchecked_ref()));
    on_controller.forget();
    let promise = container.register("sw.js");
    leptos::task::spawn_local(async move {
        // A registration that is not one (a browser or a test harness blocking service workers
        // resolves with `undefined`) is no registration: no offline play, and no error.
        match JsFuture::from(promise).await.map(JsCast::dyn_into::<ServiceWorkerRegistration>) {
            Ok(Ok(reg)) => watch(reg, store),
            Ok(Err(e)) | Err(e) => web_sys::console::warn_2(&"service worker not registered (no offline play):".into(), &e),
        }
    });
    complete_offline_copy_once_the_pen_has_loaded(store, container);
}

/// Tells the active service worker, once the recognizer has loaded (or could not: writing is
/// off), to cache the pen's files, which are then in the browser's HTTP cache. Once per start:
/// the worker fetches only what its cache lacks.
fn complete_offline_copy_once_the_pen_has_loaded(store: Store, container: web_sys::ServiceWorkerContainer) {
    let loaded = move || store.ink.state.with(|s| matches!(s, InkState::Ready | InkState::Unavailable(_)));
    once_when(loaded, move || {
        let Ok(ready) = container.ready() else { return };
        leptos::task::spawn_local(async move {
            // `ready` waits for an active worker (on a first visit, the end of its install).
            let Ok(Ok(reg)) = JsFuture::from(ready).await.map(JsCast::dyn_into::<ServiceWorkerRegistration>) else { return };
            if let Some(active) = reg.active() {
                let _ = active.post_message(&JsValue::from_str("complete-offline-copy"));
            }
        });
    });
}

fn has_controller() -> bool {
    web_sys::window().is_some_and(|w| w.navigator().service_worker().controller().is_some())
}

fn watch(reg: ServiceWorkerRegistration, store: Store) {
    // A new version is only "new" if an older one controls this page.
    if reg.waiting().is_some() && has_controller() {
        store.update_ready.set(true);
    }
    let watched = reg.clone();
    let on_update = Closure::<dyn FnMut()>::new(move || {
        let Some(installing) = watched.installing() else { return };
        let worker = installing.clone();
        let on_state = Closure::<dyn FnMut()>::new(move || {
            if worker.state() == ServiceWorkerState::Installed && has_controller() {
                store.update_ready.set(true);
            }
        });
        installing.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
        on_state.forget();
    });
    reg.set_onupdatefound(Some(on_update.as_ref().unchecked_ref()));
    on_update.forget();
    REGISTRATION.with_borrow_mut(|r| *r = Some(reg));
}

/// "Reload": the waiting worker takes over, and the page reloads into the new version.
pub fn apply_update() {
    let waiting = REGISTRATION.with_borrow(|r| r.as_ref().and_then(|r| r.waiting()));
    match waiting {
        Some(worker) => {
            RELOAD_ON_CHANGE.set(true);
            let _ = worker.post_message(&JsValue::from_str("skip-waiting"));
        }
        None => {
            let _ = web_sys::window().map(|w| w.location().reload());
        }
    }
}
