//! The ink worker as the browser runs it (the `InkWorker` port): starts it, hands it the
//! player's corrected drawings, asks it to read a cell's ink. Its messages are the ink worker's
//! own types (`inkdoku_ink_protocol`), which the worker reads and writes too. What the app does
//! with the answers is `ink::writing`'s.

use crate::ports::{CellStrokes, Handwriting, InkStatus, InkWorker, Recognition, warn};
use crate::services::worker::{self, Which};
use inkdoku_ink_protocol::{Drawing, Reply, Request};
use serde_json::Value;

/// The ink worker in the browser (`services::worker`): JSON messages with ids.
pub struct InkChannel;

/// A message from the ink worker, or one the channel says of it (`crashed`, `unavailable`,
/// `error`: `services::worker`); None for one that is neither.
fn reply(v: Value) -> Option<Reply> {
    serde_json::from_value(v).ok()
}

/// The request that hands the ink worker every drawing the player corrected.
fn hand_request(hand: &Handwriting, id: u32) -> Request {
    let drawings = hand
        .samples
        .iter()
        .map(|s| Drawing {
            value: s.value,
            strokes: s.strokes.iter().map(|stroke| stroke.iter().map(|p| p.map(f64::from)).collect()).collect(),
        })
        .collect();
    Request::Hand { id, drawings }
}

fn text(request: &Request) -> String {
    serde_json::to_string(request).expect("requests serialize")
}

impl InkWorker for InkChannel {
    fn start(&self, mut on_status: Box<dyn FnMut(InkStatus)>) -> Result<(), String> {
        worker::watch(Which::Ink, move |v: Value| {
            let crashed = v.get("kind").and_then(Value::as_str) == Some("crashed");
            match reply(v) {
                Some(Reply::Ready { .. }) => on_status(InkStatus::Ready),
                Some(Reply::Unavailable { message }) => on_status(InkStatus::Unavailable(message)),
                _ if crashed => on_status(InkStatus::Crashed),
                _ => {}
            }
        })
    }

    fn teach(&self, hand: &Handwriting) {
        let sent = worker::send(
            Which::Ink,
            |id| text(&hand_request(hand, id)),
            move |v: Value| {
                let said = v.to_string();
                if !matches!(reply(v), Some(Reply::Learned { .. })) {
                    warn(&format!("the ink worker did not learn the player's drawings: {said}"));
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
            |id| text(&Request::Recognize { id, strokes, max_digit }),
            move |v: Value| {
                let answer = match reply(v) {
                    Some(Reply::Recognized { result, .. }) => Ok(result),
                    Some(Reply::Error { message, .. } | Reply::Unavailable { message }) => Err(message),
                    _ => Err("the ink worker failed".to_string()),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worker_gets_every_drawing_and_its_answers_read_back() {
        let mut hand = Handwriting::new();
        hand.add(6, vec![vec![[0.4, 0.1, 0.5], [0.4, 0.9, 0.5]]]);
        hand.add(11, vec![vec![[0.6, 0.1, 0.5], [0.6, 0.9, 0.5]]]);
        // The message carries every drawing, as the worker reads it.
        let message: Value = serde_json::from_str(&text(&hand_request(&hand, 7))).unwrap();
        assert_eq!(message["kind"], "hand");
        assert_eq!(message["id"], 7);
        assert_eq!(message["drawings"][1]["value"], 11);
        assert_eq!(message["drawings"][0]["strokes"][0][1][1].as_f64(), Some(0.9f32 as f64));
        let recognize: Value =
            serde_json::from_str(&text(&Request::Recognize { id: 3, strokes: vec![vec![[0.5, 0.5, 1.0]]], max_digit: 16 })).unwrap();
        assert_eq!((recognize["kind"].as_str(), recognize["max_digit"].as_u64()), (Some("recognize"), Some(16)));
        // The worker's answers, and the channel's own words of it.
        let read = |text: &str| reply(serde_json::from_str(text).unwrap());
        assert_eq!(
            read("{\"kind\":\"recognized\",\"id\":4,\"result\":{\"digit\":7,\"confidence\":0.98,\"second\":1}}"),
            Some(Reply::Recognized { id: 4, result: Recognition::Digit { digit: 7, confidence: 0.98, second: 1, picture: 1.0 } }),
            "a recognizer that doesn't say how sure the picture is: sure"
        );
        assert_eq!(
            read("{\"kind\":\"recognized\",\"id\":5,\"result\":{\"declined\":true,\"confidence\":0.4}}"),
            Some(Reply::Recognized { id: 5, result: Recognition::Declined { declined: true, confidence: 0.4, best: 0, second: 0 } })
        );
        assert_eq!(read("{\"kind\":\"error\",\"id\":6,\"message\":\"gone\"}"), Some(Reply::Error { id: Some(6), message: "gone".into() }));
        assert_eq!(read("{\"kind\":\"unavailable\",\"message\":\"no SIMD\"}"), Some(Reply::Unavailable { message: "no SIMD".into() }));
        assert_eq!(read("{\"kind\":\"crashed\",\"message\":\"x\"}"), None, "the channel's own: start() tells it");
    }
}
