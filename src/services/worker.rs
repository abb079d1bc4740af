//! The app's Web Workers, seen from the page: the engine worker (puzzles, solving, hints) and
//! the ink worker (handwriting). Both speak JSON text: requests carry ids, replies carry them
//! back (progress messages first, then one answer); a worker says `{"kind":"ready"}` once its
//! wasm is loaded, and requests written before that wait in a queue (a message that arrives
//! before a worker's handler is installed is lost).
//!
//! A message is handed on as its text, read by its receiver with `serde_json::from_str`, as the
//! stored game and every other JSON of the app is (issue 48): a reader through a parsed `Value`
//! (`from_value`) would be a second copy of each type's reader, monomorphized for another
//! deserializer (the puzzle's, the grid's, the rating's, all in the stored game too), and would
//! bring serde_json's `Value` deserializer into the app.
//!
//! Each worker starts on first use. Cancelling terminates it (a wasm worker busy in a search
//! can't read its messages) and the next request starts a fresh one; the cancelled requests'
//! callbacks are dropped, so a late answer can never land.
//!
//! A worker that fails (an uncaught error or a crash in its wasm, or a script that can't load)
//! never leaves a request waiting: it is terminated, every pending request is answered with an
//! error (`{"kind":"error","id":…}`), and the next request starts a fresh worker. Its watcher is
//! told `unavailable` if it never became ready, `crashed` if it did.

use inkdoku_engine::protocol::{self, Reply, Request, Task};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker};

type Callback = Box<dyn FnMut(&str)>;

/// Which worker.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Which {
    Engine,
    Ink,
}

impl Which {
    fn url(self) -> &'static str {
        match self {
            // Two builds of the engine worker: with relaxed SIMD where the browser has it (the
            // 9x9 solver's shuffles are bare `pshufb`s then: scripts/build-engine-worker-relaxed),
            // else the plain one (Safari has no relaxed SIMD, and such a module would not compile).
            Which::Engine if relaxed_simd() => "./worker_relaxed_loader.js",
            Which::Engine => "./worker_loader.js",
            Which::Ink => "./ink_loader.js",
        }
    }
}

/// Whether the browser compiles WebAssembly relaxed SIMD: it validates a module whose one
/// function does an `i8x16.relaxed_swizzle` (hand-assembled: header; type () -> v128; one
/// function; its body i32.const 0, i8x16.splat, twice, then i8x16.relaxed_swizzle, end).
fn relaxed_simd() -> bool {
    const PROBE: [u8; 36] = [
        0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
        0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // types: () -> v128
        0x03, 0x02, 0x01, 0x00, // functions: one, of type 0
        0x0a, 0x0f, 0x01, 0x0d, 0x00, // code: one body of 13 bytes, no locals
        0x41, 0x00, 0xfd, 0x0f, 0x41, 0x00, 0xfd, 0x0f, 0xfd, 0x80, 0x02, 0x0b,
    ];
    let bytes = js_sys::Uint8Array::from(&PROBE[..]);
    js_sys::WebAssembly::validate(&bytes).unwrap_or(false)
}

struct Client {
    worker: Worker,
    next_id: u32,
    pending: HashMap<u32, Callback>,
    queued: Option<Vec<String>>,
    /// Told of messages without an id (ready, unavailable).
    on_status: Option<Callback>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

thread_local! {
    static CLIENTS: RefCell<HashMap<Which, Client>> = RefCell::new(HashMap::new());
}

fn post(worker: &Worker, text: &str) {
    if let Err(e) = worker.post_message(&JsValue::from_str(text)) {
        web_sys::console::error_1(&e);
    }
}

fn start(which: Which) -> Result<Client, JsValue> {
    let worker = Worker::new(which.url())?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let Some(text) = event.data().as_string() else { return };
        match serde_json::from_str::<Head>(&text) {
            Ok(head) => deliver(which, head, &text),
            Err(e) => web_sys::console::error_1(&format!("unreadable worker message: {e}").into()),
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        let detail = event.dyn_ref::<web_sys::ErrorEvent>().map(|e| e.message()).unwrap_or_default();
        failed(which, &detail);
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(Client {
        worker,
        next_id: 1,
        pending: HashMap::new(),
        queued: Some(Vec::new()),
        on_status: None,
        _on_message: on_message,
        _on_error: on_error,
    })
}

/// What routes a message: its kind and the request's id (the rest is the receiver's to read).
#[derive(Deserialize)]
struct Head {
    #[serde(default)]
    kind: String,
    #[serde(default)]
    id: Option<u32>,
}

/// What the channel says of a worker itself, in the workers' own form (`{"kind":"error",…}`).
#[derive(Serialize)]
struct Said<'a> {
    kind: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<u32>,
    message: &'a str,
}

fn said(kind: &str, id: Option<u32>, message: &str) -> String {
    serde_json::to_string(&Said { kind, id, message }).expect("plain fields serialize")
}

/// Whether a status message is the channel's word that a ready worker crashed (`failed`).
pub fn is_crash(message: &str) -> bool {
    serde_json::from_str::<Head>(message).is_ok_and(|head| head.kind == "crashed")
}

fn deliver(which: Which, Head { kind, id }: Head, message: &str) {
    if kind == "ready" {
        CLIENTS.with_borrow_mut(|all| {
            if let Some(c) = all.get_mut(&which) {
                for text in c.queued.take().unwrap_or_default() {
                    post(&c.worker, &text);
                }
            }
        });
    }
    let Some(id) = id else {
        // Run the status callback outside the borrow: it may send requests.
        let callback = CLIENTS.with_borrow_mut(|all| all.get_mut(&which).and_then(|c| c.on_status.take()));
        if let Some(mut cb) = callback {
            cb(message);
            CLIENTS.with_borrow_mut(|all| {
                if let Some(c) = all.get_mut(&which) {
                    c.on_status.get_or_insert(cb);
                }
            });
        }
        return;
    };
    let last = kind != "progress";
    let callback = CLIENTS.with_borrow_mut(|all| all.get_mut(&which).and_then(|c| c.pending.remove(&id)));
    if let Some(mut cb) = callback {
        cb(message);
        if !last {
            CLIENTS.with_borrow_mut(|all| {
                if let Some(c) = all.get_mut(&which) {
                    c.pending.insert(id, cb);
                }
            });
        }
    }
}

/// The worker failed: answer its pending requests with an error, drop it (the next request
/// starts a new one), and tell its watcher.
fn failed(which: Which, detail: &str) {
    let Some(client) = CLIENTS.with_borrow_mut(|all| all.remove(&which)) else { return };
    client.worker.terminate();
    let was_ready = client.queued.is_none();
    let message = if detail.is_empty() { "the worker failed".to_string() } else { format!("the worker failed: {detail}") };
    // Callbacks run outside the borrow (they may send new requests, which restart the worker).
    for (id, mut callback) in client.pending {
        callback(&said("error", Some(id), &message));
    }
    if let Some(mut watcher) = client.on_status {
        let kind = if was_ready { "crashed" } else { "unavailable" };
        let why = if was_ready { message.clone() } else { "the worker could not start".to_string() };
        watcher(&said(kind, None, &why));
    }
}

fn with_client<T>(which: Which, f: impl FnOnce(&mut Client) -> T) -> Result<T, String> {
    CLIENTS.with_borrow_mut(|all| {
        if let std::collections::hash_map::Entry::Vacant(e) = all.entry(which) {
            let client = start(which).map_err(|e| format!("the worker could not start: {e:?}"))?;
            e.insert(client);
        }
        Ok(f(all.get_mut(&which).expect("started above")))
    })
}

/// Starts a worker (if it isn't running) and tells `on_status` of its id-less messages.
pub fn watch(which: Which, on_status: impl FnMut(&str) + 'static) -> Result<(), String> {
    with_client(which, |c| c.on_status = Some(Box::new(on_status)))
}

/// Sends a request (`make` writes it, given its id); `on_reply` gets each reply with that id.
pub fn send(which: Which, make: impl FnOnce(u32) -> String, on_reply: impl FnMut(&str) + 'static) -> Result<u32, String> {
    with_client(which, |client| {
        let id = client.next_id;
        client.next_id += 1;
        let text = make(id);
        match client.queued.as_mut() {
            Some(queue) => queue.push(text),
            None => post(&client.worker, &text),
        }
        client.pending.insert(id, Box::new(on_reply));
        id
    })
}

/// Sends a task to the engine worker; `on_reply` gets every progress message, then the answer.
pub fn request(task: Task, mut on_reply: impl FnMut(Reply) + 'static) -> Result<u32, String> {
    send(
        Which::Engine,
        |id| protocol::encode(&Request { id, task }),
        move |text| match protocol::read_reply(text) {
            Ok(reply) => on_reply(reply),
            Err(e) => web_sys::console::error_1(&format!("unreadable engine reply: {e}").into()),
        },
    )
}

/// The engine worker as the app's logic sees it (`crate::ports::EngineWorker`).
pub struct EngineChannel;

impl crate::ports::EngineWorker for EngineChannel {
    fn request(&self, task: Task, on_reply: Box<dyn FnMut(Reply)>) -> Result<u32, String> {
        request(task, on_reply)
    }

    fn cancel_all(&self) {
        cancel_all();
    }

    fn start(&self) {
        if let Err(e) = with_client(Which::Engine, |_| ()) {
            // The next request tries again, and says so to the player if it fails too.
            web_sys::console::warn_1(&e.into());
        }
    }
}

/// Stops all work in progress in the engine worker; its pending callbacks are dropped.
pub fn cancel_all() {
    CLIENTS.with_borrow_mut(|all| {
        if let Some(client) = all.remove(&Which::Engine) {
            client.worker.terminate();
        }
    });
}
