//! The ink worker as the browser runs it (the `InkWorker` port): starts it, hands it the
//! player's corrected drawings, asks it to read a cell's ink. Its messages are the ink worker's
//! own types (`inkdoku_ink_protocol`), which the worker reads and writes too. What the app does
//! with the answers is the pen's flow's (`inkdoku_core::pen`, wired by `ink::writing`).

use crate::ports::{CellStrokes, Handwriting, InkStatus, InkWorker, Recognition, warn};
use crate::services::worker::{self, Which};
use inkdoku_ink_protocol::{Drawing, Reply, Request};
use serde_json::Value;

/// The ink worker in the browser (`services::worker`): JSON messages with ids.
pub struct InkChannel;

/// A message from the ink worker, or one the channel says of it (`crashed`, `unavailable`,
/// `error`: `services::worker`); None for one that is neither.
///
/// Read by walking its `Value` (whose reader the app has for links and old frames anyway), not
/// by the protocol's derived reader: an internally tagged enum holding an untagged one is read
/// through serde's buffered `Content`, 12 KB of the app's wasm for five small messages (issue
/// 48). It reads what the derive reads: the same fields, required or defaulted alike, numbers
/// out of their type's range refused.
fn reply(text: &str) -> Option<Reply> {
    let v: Value = serde_json::from_str(text).ok()?;
    let message = || v.get("message")?.as_str().map(str::to_string);
    let id = || v.get("id")?.as_u64().and_then(|n| u32::try_from(n).ok());
    Some(match v.get("kind")?.as_str()? {
        "ready" => Reply::Ready { load_ms: v.get("load_ms")?.as_f64()?, reads_strokes: v.get("reads_strokes")?.as_bool()? },
        "unavailable" => Reply::Unavailable { message: message()? },
        "recognized" => Reply::Recognized { id: id()?, result: recognition(v.get("result")?)? },
        "learned" => Reply::Learned { id: id()?, count: usize::try_from(v.get("count")?.as_u64()?).ok()? },
        "error" => Reply::Error {
            id: match v.get("id") {
                None | Some(Value::Null) => None,
                Some(_) => Some(id()?),
            },
            message: message()?,
        },
        _ => return None,
    })
}

/// A drawing's answer: a digit if it has the digit's fields, else declined (the derive's
/// untagged order).
fn recognition(v: &Value) -> Option<Recognition> {
    let small = |key: &str| v.get(key)?.as_u64().and_then(|n| u8::try_from(n).ok());
    let real = |key: &str| v.get(key)?.as_f64().map(|x| x as f32);
    // A defaulted field may be absent, but not of the wrong type.
    let or = |key: &str, read: &dyn Fn(&str) -> Option<f32>, default: f32| match v.get(key) {
        None => Some(default),
        Some(_) => read(key),
    };
    let digit = (|| {
        let (digit, confidence, second) = (small("digit")?, real("confidence")?, small("second")?);
        Some(Recognition::Digit { digit, confidence, second, picture: or("picture", &real, 1.0)? })
    })();
    digit.or_else(|| {
        let byte = |key: &str| small(key).map(f32::from);
        Some(Recognition::Declined {
            declined: v.get("declined")?.as_bool()?,
            confidence: real("confidence")?,
            best: or("best", &byte, 0.0)? as u8,
            second: or("second", &byte, 0.0)? as u8,
        })
    })
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
        worker::watch(Which::Ink, move |text: &str| {
            let crashed = worker::is_crash(text);
            match reply(text) {
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
            move |text: &str| {
                if !matches!(reply(text), Some(Reply::Learned { .. })) {
                    warn(&format!("the ink worker did not learn the player's drawings: {text}"));
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
            move |text: &str| {
                let answer = match reply(text) {
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
        let read = reply;
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

    #[test]
    fn every_reply_the_worker_writes_reads_back_and_bad_ones_are_refused() {
        // Written by the protocol's own serializer, as the ink worker writes them.
        let digit = |picture| Recognition::Digit { digit: 12, confidence: 0.75, second: 3, picture };
        let declined = Recognition::Declined { declined: true, confidence: 0.25, best: 4, second: 9 };
        for sent in [
            Reply::Ready { load_ms: 12.5, reads_strokes: true },
            Reply::Ready { load_ms: 3.0, reads_strokes: false },
            Reply::Unavailable { message: "no SIMD".into() },
            Reply::Recognized { id: 1, result: digit(0.5) },
            Reply::Recognized { id: 2, result: declined },
            Reply::Recognized { id: 3, result: Recognition::Declined { declined: false, confidence: 0.0, best: 0, second: 0 } },
            Reply::Learned { id: 8, count: 31 },
            Reply::Error { id: Some(9), message: "gone".into() },
            Reply::Error { id: None, message: "unreadable".into() },
        ] {
            let text = serde_json::to_string(&sent).unwrap();
            assert_eq!(reply(&text), Some(sent), "{text}");
        }
        // What the derive refused is refused: a missing or mistyped field, a number out of its
        // type's range, a defaulted field of the wrong type, another kind, not JSON.
        for bad in [
            "{\"kind\":\"ready\",\"load_ms\":1}",
            "{\"kind\":\"learned\",\"id\":-1,\"count\":1}",
            "{\"kind\":\"recognized\",\"id\":4294967296,\"result\":{\"declined\":true,\"confidence\":0.4}}",
            "{\"kind\":\"recognized\",\"id\":1,\"result\":{\"digit\":300,\"confidence\":0.9,\"second\":1}}",
            "{\"kind\":\"recognized\",\"id\":1,\"result\":{\"digit\":3,\"confidence\":0.9,\"second\":1,\"picture\":\"x\"}}",
            "{\"kind\":\"recognized\",\"id\":1,\"result\":{\"declined\":true,\"confidence\":0.4,\"best\":256}}",
            "{\"kind\":\"recognized\",\"id\":1}",
            "{\"kind\":\"error\",\"id\":\"7\",\"message\":\"x\"}",
            "{\"kind\":\"unavailable\"}",
            "{\"kind\":\"recognise\",\"id\":1}",
            "[1]",
            "not json",
        ] {
            assert_eq!(reply(bad), None, "{bad}");
        }
    }
}
