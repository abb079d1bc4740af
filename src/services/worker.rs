//! The engine worker, seen from the page: send a task, get progress and one answer back.
//!
//! One worker per page, created on first use. Requests carry ids; replies are routed to the
//! callbacks registered for them. Cancelling terminates the worker (a wasm worker busy in a
//! search can't read messages) and the next request starts a fresh one; the cancelled request's
//! callbacks are dropped, so a late answer can never land.

use inkdoku_engine::protocol::{self, Reply, Request, Task};
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker};

type Callback = Box<dyn FnMut(Reply)>;

struct Client {
    worker: Worker,
    next_id: u32,
    pending: HashMap<u32, Callback>,
    /// Requests written before the worker said "ready" (its wasm loads asynchronously, and a
    /// message that arrives before its handler is installed is lost).
    queued: Option<Vec<String>>,
    // Kept alive as long as the worker.
    _on_message: Closure<dyn FnMut(MessageEvent)>,
}

thread_local! {
    static CLIENT: RefCell<Option<Client>> = const { RefCell::new(None) };
}

fn start() -> Result<Client, JsValue> {
    let worker = Worker::new("./worker_loader.js")?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        let Some(text) = event.data().as_string() else { return };
        let reply: Reply = match serde_json::from_str(&text) {
            Ok(r) => r,
            Err(e) => {
                web_sys::console::error_1(&format!("unreadable worker message: {e}").into());
                return;
            }
        };
        deliver(reply);
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    Ok(Client { worker, next_id: 1, pending: HashMap::new(), queued: Some(Vec::new()), _on_message: on_message })
}

fn reply_id(reply: &Reply) -> Option<u32> {
    match reply {
        Reply::Ready => None,
        Reply::Progress { id, .. } | Reply::Generated { id, .. } | Reply::Analyzed { id, .. } | Reply::Hint { id, .. } => {
            Some(*id)
        }
        Reply::Error { id, .. } => *id,
    }
}

fn deliver(reply: Reply) {
    if reply == Reply::Ready {
        CLIENT.with_borrow_mut(|c| {
            if let Some(c) = c.as_mut() {
                for text in c.queued.take().unwrap_or_default() {
                    post(&c.worker, &text);
                }
            }
        });
        return;
    }
    let Some(id) = reply_id(&reply) else { return };
    let last = !matches!(reply, Reply::Progress { .. });
    // Take the callback out while it runs: it may start another request.
    let callback = CLIENT.with_borrow_mut(|c| c.as_mut().and_then(|c| c.pending.remove(&id)));
    if let Some(mut cb) = callback {
        cb(reply);
        if !last {
            CLIENT.with_borrow_mut(|c| {
                if let Some(c) = c.as_mut() {
                    c.pending.insert(id, cb);
                }
            });
        }
    }
}

fn post(worker: &Worker, text: &str) {
    if let Err(e) = worker.post_message(&JsValue::from_str(text)) {
        web_sys::console::error_1(&e);
    }
}

/// Sends a task; `on_reply` gets every progress message and then the answer. Returns the
/// request id (for `cancel`).
pub fn request(task: Task, on_reply: impl FnMut(Reply) + 'static) -> Result<u32, String> {
    CLIENT.with_borrow_mut(|slot| {
        if slot.is_none() {
            *slot = Some(start().map_err(|e| format!("the engine worker could not start: {e:?}"))?);
        }
        let client = slot.as_mut().expect("started above");
        let id = client.next_id;
        client.next_id += 1;
        let text = protocol::encode(&Request { id, task });
        match client.queued.as_mut() {
            Some(queue) => queue.push(text),
            None => post(&client.worker, &text),
        }
        client.pending.insert(id, Box::new(on_reply));
        Ok(id)
    })
}

/// Stops all work in progress; pending callbacks are dropped unanswered.
pub fn cancel_all() {
    CLIENT.with_borrow_mut(|slot| {
        if let Some(client) = slot.take() {
            client.worker.terminate();
        }
    });
}
