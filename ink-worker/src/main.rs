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

/// The globals the loader puts the networks' downloads (`fetch` promises) in: the picture's and
/// the trajectory's.
const MODEL_DOWNLOAD: &str = "inkdokuModelDownload";
const STROKE_MODEL_DOWNLOAD: &str = "inkdokuStrokeModelDownload";

fn post(scope: &DedicatedWorkerGlobalScope, reply: &Reply) {
    let _ = scope.post_message(&JsValue::from_str(&protocol::encode(reply)));
}

/// The bytes of a network file: the loader's download from `global` (it starts before the wasm
/// is compiled, so the two overlap), or without the loader, a download started here.
async fn download(scope: &DedicatedWorkerGlobalScope, global: &str, file: &str) -> Result<Vec<u8>, String> {
    let text = |e: JsValue| e.as_string().unwrap_or_else(|| format!("{e:?}"));
    let prefetched = js_sys::Reflect::get(scope, &JsValue::from_str(global)).ok().and_then(|v| v.dyn_into::<js_sys::Promise>().ok());
    let download = prefetched.unwrap_or_else(|| scope.fetch_with_str(file));
    let response: Response = JsFuture::from(download).await.map_err(text)?.unchecked_into();
    if !response.ok() {
        return Err(format!("{file} answered {}", response.status()));
    }
    let buffer = JsFuture::from(response.array_buffer().map_err(text)?).await.map_err(text)?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// The recognizer, and how long it took to load once its files were here (milliseconds).
async fn load(scope: &DedicatedWorkerGlobalScope) -> Result<(Recognizer, f64), String> {
    let bytes = download(scope, MODEL_DOWNLOAD, "digits.cnn").await?;
    // The trajectory network only adds to the picture's reading: if it cannot be had, the
    // picture reads alone (as before it existed) rather than the pen not working at all.
    let strokes = download(scope, STROKE_MODEL_DOWNLOAD, "strokes.cnn").await;
    let clock = scope.performance();
    let now = || clock.as_ref().map_or(0.0, |c| c.now());
    let started = now();
    let mut recognizer = Recognizer::load(&bytes).map_err(|e| e.to_string())?;
    if let Ok(strokes) = strokes {
        // A damaged file leaves the picture to read alone; `Ready` says which.
        let _ = recognizer.add_strokes(&strokes);
    }
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
                let reads_strokes = r.reads_strokes();
                RECOGNIZER.with_borrow_mut(|slot| *slot = Some((r, Hand::default())));
                post(&scope, &Reply::Ready { load_ms: (load_ms * 10.0).round() / 10.0, reads_strokes });
            }
            Err(message) => post(&scope, &Reply::Unavailable { message }),
        }
    });
}
