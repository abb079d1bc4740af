//! The Web Worker: receives JSON requests, runs the engine, posts JSON replies.
//!
//! All the logic is in `inkdoku_engine::protocol::handle` (tested natively), reached through
//! `inkdoku_worker_json`, whose JSON code is compiled for size; this file only connects it to
//! the worker's message port. Built by Trunk as `data-type="worker"` with a loader shim
//! (`worker_loader.js`), speed-optimized (see the workspace's release profile).

use inkdoku_engine::protocol::Reply;
use inkdoku_worker_json as json;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

fn main() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let port = scope.clone();
    let post = move |text: String| {
        // A failed post means the page is gone; there is nobody left to tell.
        let _ = port.post_message(&JsValue::from_str(&text));
    };
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let reply = match event.data().as_string() {
            Some(text) => json::handle(&text, &mut |p| post(p)),
            None => json::encode(&Reply::Error { id: None, message: "worker requests are JSON text".into() }),
        };
        post(reply);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as the page: the closure must too.
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(&json::encode(&Reply::Ready)));
}
