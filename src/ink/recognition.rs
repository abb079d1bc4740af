//! The page's side of the ink worker: starts it (lazily), tracks whether it can recognize, and
//! asks it to read a cell's ink.

use crate::services::worker::{self, Which};
use crate::state::{InkState, Store};
use leptos::prelude::*;
use serde::Deserialize;
use serde_json::Value;

/// The worker's answer for a drawing (the JSON of `inkdoku_recognizer::Recognition`).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum Recognition {
    Digit {
        digit: u8,
        confidence: f32,
        second: u8,
    },
    /// Not sure enough; `best` and `second` are its two best guesses (0 from a recognizer that
    /// doesn't say).
    Declined {
        declined: bool,
        confidence: f32,
        #[serde(default)]
        best: u8,
        #[serde(default)]
        second: u8,
    },
}

/// Starts the ink worker if it isn't started (on first use, or when the page is idle).
pub fn warm_up(store: Store) {
    if store.ink.state.get_untracked() != InkState::Unloaded {
        return;
    }
    store.ink.state.set(InkState::Loading);
    let watched = worker::watch(Which::Ink, move |v: Value| match v.get("kind").and_then(Value::as_str) {
        Some("ready") => store.ink.state.set(InkState::Ready),
        Some("unavailable") => {
            let why = v.get("message").and_then(Value::as_str).unwrap_or_default().to_string();
            store.ink.state.set(InkState::Unavailable(why));
        }
        // It was working: the next stroke starts a fresh one.
        Some("crashed") => store.ink.state.set(InkState::Unloaded),
        _ => {}
    });
    match watched {
        // The player's corrected drawings go first, ahead of any drawing to read.
        Ok(()) => teach(store),
        Err(e) => store.ink.state.set(InkState::Unavailable(e)),
    }
}

/// Hands the player's corrected drawings to the ink worker (all of them: they replace what it
/// had). It reads every later drawing with them.
pub fn teach(store: Store) {
    let sent = worker::send(
        Which::Ink,
        |id| store.ink.hand.with_untracked(|h| h.message(id)),
        move |v: Value| {
            if v.get("kind").and_then(Value::as_str) != Some("learned") {
                web_sys::console::warn_1(&format!("the ink worker did not learn the player's drawings: {v}").into());
            }
        },
    );
    if let Err(e) = sent {
        web_sys::console::warn_1(&e.into());
    }
}

/// Asks for the digit of some strokes (cell-relative points); `done` gets the answer, or an
/// error text.
pub fn recognize(strokes: Vec<Vec<[f64; 3]>>, max_digit: u8, done: impl FnOnce(Result<Recognition, String>) + 'static) {
    // Shared by the reply callback and the error path below (only one of them runs it).
    let done = std::rc::Rc::new(std::cell::RefCell::new(Some(done)));
    let on_reply = done.clone();
    let sent = worker::send(
        Which::Ink,
        |id| serde_json::json!({ "kind": "recognize", "id": id, "strokes": strokes, "max_digit": max_digit }).to_string(),
        move |v: Value| {
            let answer = match v.get("kind").and_then(Value::as_str) {
                Some("recognized") => serde_json::from_value::<Recognition>(v["result"].clone()).map_err(|e| e.to_string()),
                _ => Err(v.get("message").and_then(Value::as_str).unwrap_or("the ink worker failed").to_string()),
            };
            if let Some(done) = on_reply.borrow_mut().take() {
                done(answer);
            }
        },
    );
    if let Err(e) = sent
        && let Some(done) = done.borrow_mut().take()
    {
        done(Err(e));
    }
}
