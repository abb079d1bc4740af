//! The ink worker as the browser runs it (the `InkWorker` port): starts it, hands it the
//! player's corrected drawings, asks it to read a cell's ink. What the app does with the answers
//! is `ink::writing`'s.

use crate::ports::{CellStrokes, Handwriting, InkStatus, InkWorker, Recognition, warn};
use crate::services::worker::{self, Which};
use serde_json::Value;

/// The ink worker in the browser (`services::worker`): JSON messages with ids.
pub struct InkChannel;

impl InkWorker for InkChannel {
    fn start(&self, mut on_status: Box<dyn FnMut(InkStatus)>) -> Result<(), String> {
        worker::watch(Which::Ink, move |v: Value| match v.get("kind").and_then(Value::as_str) {
            Some("ready") => on_status(InkStatus::Ready),
            Some("unavailable") => {
                let why = v.get("message").and_then(Value::as_str).unwrap_or_default().to_string();
                on_status(InkStatus::Unavailable(why));
            }
            Some("crashed") => on_status(InkStatus::Crashed),
            _ => {}
        })
    }

    fn teach(&self, hand: &Handwriting) {
        let sent = worker::send(
            Which::Ink,
            |id| hand.message(id),
            move |v: Value| {
                if v.get("kind").and_then(Value::as_str) != Some("learned") {
                    warn(&format!("the ink worker did not learn the player's drawings: {v}"));
                }
            },
        );
        if let Err(e) = sent {
            warn(&e);
        }
    }

    fn recognize(&self, strokes: CellStrokes, max_digit: u8, done: Box<dyn FnOnce(Result<Recognition, String>)>) {
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
}
