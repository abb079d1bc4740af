//! The ink worker: loads the digit model (fetched lazily, once), then answers recognition
//! requests. All the logic is in `inkdoku_recognizer::protocol` (tested natively); this file
//! connects it to the worker's message port. The app starts this worker when the player first
//! writes (or the page is idle), so the recognizer never delays the first paint.

use inkdoku_recognizer::protocol::{self, Reply};
use inkdoku_recognizer::{Hand, Recognizer};
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, Response};

thread_local! {
    /// The model once loaded, and the player's corrected drawings it reads with.
    static RECOGNIZER: RefCell<Option<(Recognizer, Hand)>> = const { RefCell::new(None) };
}

/// The global the loader puts the model's download (a `fetch` promise) in.
const MODEL_DOWNLOAD: &str = "inkdokuModelDownload";

fn post(scope: &DedicatedWorkerGlobalScope, reply: &Reply) {
    let _ = scope.post_message(&JsValue::from_str(&protocol::encode(reply)));
}

/// The recognizer, and how long it took to load once its file was here (milliseconds).
async fn load(scope: &DedicatedWorkerGlobalScope) -> Result<(Recognizer, f64), String> {
    let text = |e: JsValue| e.as_string().unwrap_or_else(|| format!("{e:?}"));
    // The loader (scripts/build-ink-worker) starts the model's download before the wasm is
    // compiled, so the two overlap; without it, the download starts here.
    let prefetched =
        js_sys::Reflect::get(scope, &JsValue::from_str(MODEL_DOWNLOAD)).ok().and_then(|v| v.dyn_into::<js_sys::Promise>().ok());
    let download = prefetched.unwrap_or_else(|| scope.fetch_with_str("digits.cnn"));
    let response: Response = JsFuture::from(download).await.map_err(text)?.unchecked_into();
    if !response.ok() {
        return Err(format!("the model file answered {}", response.status()));
    }
    let buffer = JsFuture::from(response.array_buffer().map_err(text)?).await.map_err(text)?;
    let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
    let clock = scope.performance();
    let now = || clock.as_ref().map_or(0.0, |c| c.now());
    let started = now();
    let recognizer = Recognizer::load(&bytes).map_err(|e| e.to_string())?;
    Ok((recognizer, now() - started))
}

fn main() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let port = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let text = event.data().as_string().unwrap_or_default();
        let reply = RECOGNIZER.with_borrow_mut(|r| match r {
            Some((r, hand)) => protocol::handle(r, hand, &text),
            None => Reply::Error { id: None, message: "the recognizer is not loaded".into() },
        });
        post(&port, &reply);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    wasm_bindgen_futures::spawn_local(async move {
        match load(&scope).await {
            Ok((r, load_ms)) => {
                RECOGNIZER.with_borrow_mut(|slot| *slot = Some((r, Hand::default())));
                post(&scope, &Reply::Ready { load_ms: (load_ms * 10.0).round() / 10.0 });
            }
            Err(message) => post(&scope, &Reply::Unavailable { message }),
        }
    });
}
