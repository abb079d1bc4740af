//! The browser's side of the tab election (`controller::tabs`): the Web Locks API as the
//! `TabLock` port, a BroadcastChannel as the `TabChannel` port.

use crate::ports::{TabChannel, TabLock};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{BroadcastChannel, MessageEvent};

const LOCK: &str = "inkdoku-game";

/// The Web Locks API (`navigator.locks`), where the browser has it.
pub struct WebLocks(JsValue);

impl WebLocks {
    pub fn find() -> Option<WebLocks> {
        let navigator = web_sys::window()?.navigator();
        js_sys::Reflect::get(&navigator, &"locks".into()).ok().filter(|l| !l.is_undefined() && !l.is_null()).map(WebLocks)
    }
}

impl TabLock for WebLocks {
    /// `navigator.locks.request(LOCK, options, callback)`: the callback gets the lock (or null
    /// with `ifAvailable`) and returns a promise that never settles, so the lock is held until
    /// the tab closes or another tab steals it; `on_lost` runs then.
    fn request(&self, steal: bool, on_granted: Box<dyn FnOnce(bool)>, on_lost: Box<dyn FnOnce()>) {
        let opts = js_sys::Object::new();
        let option = if steal { "steal" } else { "ifAvailable" };
        let _ = js_sys::Reflect::set(&opts, &option.into(), &true.into());
        let mut on_granted = Some(on_granted);
        let callback = Closure::<dyn FnMut(JsValue) -> js_sys::Promise>::new(move |lock: JsValue| {
            let granted = !lock.is_null() && !lock.is_undefined();
            if let Some(f) = on_granted.take() {
                f(granted);
            }
            if granted { js_sys::Promise::new(&mut |_, _| {}) } else { js_sys::Promise::resolve(&JsValue::UNDEFINED) }
        });
        let request = js_sys::Reflect::get(&self.0, &"request".into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        let Some(request) = request else { return };
        let promise = request.call3(&self.0, &LOCK.into(), &opts, callback.as_ref().unchecked_ref());
        callback.forget();
        if let Ok(promise) = promise.and_then(|p| p.dyn_into::<js_sys::Promise>()) {
            let lost = Closure::once(move |_: JsValue| on_lost());
            let _ = promise.catch(&lost);
            lost.forget();
        }
    }
}

/// The tabs' BroadcastChannel (none where the browser lacks it: the tab then hears nothing).
pub struct Broadcast(Option<BroadcastChannel>);

impl Broadcast {
    pub fn open() -> Broadcast {
        Broadcast(BroadcastChannel::new("inkdoku-game").ok())
    }
}

impl TabChannel for Broadcast {
    fn post(&self, text: &str) {
        if let Some(c) = &self.0 {
            let _ = c.post_message(&JsValue::from_str(text));
        }
    }

    fn listen(&self, mut on_message: Box<dyn FnMut(String)>) {
        let Some(c) = &self.0 else { return };
        let handler = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            if let Some(text) = e.data().as_string() {
                on_message(text);
            }
        });
        c.set_onmessage(Some(handler.as_ref().unchecked_ref()));
        handler.forget();
    }
}
