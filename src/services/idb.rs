//! IndexedDB as a small key-value store (`ports::LaterStore`): the database `inkdoku`, one
//! object store `spare` of strings. It keeps the game when localStorage is full
//! (`storage::save_game`) and, unlike sessionStorage, outlives the tab.
//!
//! One connection, opened at the first use; requests made while it opens wait, and all run in
//! the order they were made (IndexedDB runs read-write transactions on one store in the order
//! they were created), so a removal after a write never loses to it. Where IndexedDB is missing
//! or refuses to open (some private modes), every write is refused and every read finds nothing:
//! the tab's spare store is then all there is, and the dialog says so.

use crate::ports::LaterStore;
use crate::ports::SaveError;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{IdbDatabase, IdbOpenDbRequest, IdbTransactionMode};

const DB: &str = "inkdoku";
const STORE: &str = "spare";

type Waiting = Box<dyn FnOnce(Option<IdbDatabase>)>;

enum Connection {
    Closed,
    Opening(Vec<Waiting>),
    Open(IdbDatabase),
    /// It could not be opened: nothing is asked again in this page.
    Failed,
}

thread_local! {
    static CONNECTION: RefCell<Connection> = const { RefCell::new(Connection::Closed) };
}

/// The browser's IndexedDB (`ports::Ports::lasting`).
pub struct Idb;

/// Runs `use_db` with the open database (None where there is none), opening it first if need be.
fn with_db(use_db: impl FnOnce(Option<IdbDatabase>) + 'static) {
    let mut use_db: Option<Waiting> = Some(Box::new(use_db));
    let (now, start) = CONNECTION.with(|c| match &mut *c.borrow_mut() {
        Connection::Open(db) => (Some(Some(db.clone())), false),
        Connection::Failed => (Some(None), false),
        Connection::Opening(waiting) => {
            waiting.extend(use_db.take());
            (None, false)
        }
        closed @ Connection::Closed => {
            *closed = Connection::Opening(use_db.take().into_iter().collect());
            (None, true)
        }
    });
    // (Outside the borrow: the answers may ask again.)
    if start {
        open();
    }
    if let (Some(db), Some(use_db)) = (now, use_db) {
        use_db(db);
    }
}

/// Ends the opening: every request waiting gets the database, or None.
fn opened(db: Option<IdbDatabase>) {
    let waiting = CONNECTION.with(|c| {
        let state = match &db {
            Some(db) => Connection::Open(db.clone()),
            None => Connection::Failed,
        };
        match std::mem::replace(&mut *c.borrow_mut(), state) {
            Connection::Opening(waiting) => waiting,
            _ => Vec::new(),
        }
    });
    for use_db in waiting {
        use_db(db.clone());
    }
}

fn open() {
    let request = web_sys::window().and_then(|w| w.indexed_db().ok().flatten()).and_then(|factory| factory.open_with_u32(DB, 1).ok());
    let Some(request) = request else {
        opened(None);
        return;
    };
    let upgrade = Closure::<dyn FnMut()>::new({
        let request = request.clone();
        move || {
            if let Some(db) = database(&request) {
                let _ = db.create_object_store(STORE);
            }
        }
    });
    request.set_onupgradeneeded(Some(upgrade.as_ref().unchecked_ref()));
    upgrade.forget();
    let success = Closure::once_into_js({
        let request = request.clone();
        move || {
            let db = database(&request);
            if let Some(db) = &db {
                // Another page asking for a newer version, or the browser closing it: the next
                // request opens it again.
                let forget = Closure::<dyn FnMut()>::new(|| CONNECTION.with(|c| *c.borrow_mut() = Connection::Closed));
                db.set_onversionchange(Some(forget.as_ref().unchecked_ref()));
                db.set_onclose(Some(forget.as_ref().unchecked_ref()));
                forget.forget();
            }
            opened(db);
        }
    });
    request.set_onsuccess(Some(success.unchecked_ref()));
    // An error or a block (an older connection elsewhere that will not close) answers None; of
    // the two only the first counts (`opened` empties the queue).
    let failed = Closure::<dyn FnMut()>::new(move || {
        if CONNECTION.with(|c| matches!(*c.borrow(), Connection::Opening(_))) {
            opened(None);
        }
    });
    request.set_onerror(Some(failed.as_ref().unchecked_ref()));
    request.set_onblocked(Some(failed.as_ref().unchecked_ref()));
    failed.forget();
}

fn database(request: &IdbOpenDbRequest) -> Option<IdbDatabase> {
    request.result().ok()?.dyn_into::<IdbDatabase>().ok()
}

/// The name of the error of a failed transaction (e.g. "QuotaExceededError").
fn error_name(target: &JsValue) -> String {
    js_sys::Reflect::get(target, &"error".into())
        .ok()
        .and_then(|e| js_sys::Reflect::get(&e, &"name".into()).ok())
        .and_then(|n| n.as_string())
        .unwrap_or_default()
}

/// One answer, shared by the handlers that may give it (success, error, abort).
fn once<T: 'static>(done: Box<dyn FnOnce(T)>) -> Rc<dyn Fn(T)> {
    let slot = RefCell::new(Some(done));
    Rc::new(move |value| {
        let done = slot.borrow_mut().take();
        if let Some(done) = done {
            done(value);
        }
    })
}

impl LaterStore for Idb {
    fn get(&self, key: &str, done: Box<dyn FnOnce(Option<String>)>) {
        let key = key.to_string();
        with_db(move |db| {
            let done = once(done);
            let request = db
                .and_then(|db| db.transaction_with_str(STORE).ok())
                .and_then(|t| t.object_store(STORE).ok())
                .and_then(|s| s.get(&key.into()).ok());
            let Some(request) = request else { return done(None) };
            let success = Closure::once_into_js({
                let (done, request) = (done.clone(), request.clone());
                move || done(request.result().ok().and_then(|v| v.as_string()))
            });
            request.set_onsuccess(Some(success.unchecked_ref()));
            let failed = Closure::once_into_js(move || done(None));
            request.set_onerror(Some(failed.unchecked_ref()));
        });
    }

    fn set(&self, key: &str, value: String, done: Box<dyn FnOnce(Result<(), SaveError>)>) {
        let key = key.to_string();
        with_db(move |db| {
            let done = once(done);
            let Some(db) = db else { return done(Err(SaveError::NoStorage)) };
            let Ok(transaction) = db.transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite) else {
                return done(Err(SaveError::NoStorage));
            };
            let put = transaction.object_store(STORE).and_then(|s| s.put_with_key(&value.into(), &key.into()));
            if let Err(e) = put {
                let name = js_sys::Reflect::get(&e, &"name".into()).ok().and_then(|n| n.as_string()).unwrap_or_default();
                return done(Err(SaveError::Refused(name)));
            }
            // Stored for good only once the transaction completes.
            let complete = Closure::once_into_js({
                let done = done.clone();
                move || done(Ok(()))
            });
            transaction.set_oncomplete(Some(complete.unchecked_ref()));
            let failed = Closure::once_into_js({
                let transaction = transaction.clone();
                move || {
                    let name = error_name(&transaction);
                    web_sys::console::warn_1(&format!("inkdoku: IndexedDB refused the game: {name}").into());
                    done(Err(if name == "QuotaExceededError" { SaveError::Full } else { SaveError::Refused(name) }))
                }
            });
            transaction.set_onabort(Some(failed.unchecked_ref()));
        });
    }

    fn remove(&self, key: &str) {
        let key = key.to_string();
        with_db(move |db| {
            let store = db
                .and_then(|db| db.transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite).ok())
                .and_then(|t| t.object_store(STORE).ok());
            if let Some(store) = store {
                let _ = store.delete(&key.into());
            }
        });
    }
}
