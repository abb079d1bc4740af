//! Messages between the app and its ink worker (the recognizer compiled to wasm), and the
//! worker's handler. JSON text, like the engine worker's:
//!
//! ```text
//!  worker ──{"kind":"ready","load_ms":57.2}──▶ app   (model loaded, in that time; or
//!                                                    {"kind":"unavailable","message":…})
//!  app ──{"id":4,"strokes":[[[x,y,p],…],…],"max_digit":9}──▶ worker
//!  app ◀──{"kind":"recognized","id":4,"result":{"digit":7,"confidence":0.98,"second":1}}──
//! ```
//!
//! On a 16x16 grid the app sends `"max_digit":16`, and the values 10-16, written as the letters
//! A-G, may be answered too (as numbers: an E is `"digit":14`); any other `max_digit` keeps the
//! letters out.

use crate::{Point, Recognition, Recognizer, Stroke};
use serde::{Deserialize, Serialize};

/// A drawing to recognize.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub id: u32,
    /// Strokes of `[x, y, pressure]` points, x and y in 0..1 of the cell.
    pub strokes: Vec<Vec<[f64; 3]>>,
    /// The highest value the grid allows by hand: 9, 4 on a 4x4 grid, or 16 on a 16x16 grid
    /// (10-16 written as the letters A-G).
    pub max_digit: u8,
}

/// A message from the ink worker.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reply {
    /// The model is loaded; `load_ms` is how long reading it and planning its graph took (the
    /// benchmark reports it; the worker's own start-up is not in it).
    Ready {
        load_ms: f64,
    },
    Unavailable {
        message: String,
    },
    Recognized {
        id: u32,
        result: Recognition,
    },
    Error {
        id: Option<u32>,
        message: String,
    },
}

/// Recognizes the drawing of a request.
pub fn handle(recognizer: &Recognizer, text: &str) -> Reply {
    let request: Request = match serde_json::from_str(text) {
        Ok(r) => r,
        Err(e) => return Reply::Error { id: None, message: format!("the ink worker could not read the request: {e}") },
    };
    let strokes: Vec<Stroke> =
        request.strokes.iter().map(|s| s.iter().map(|p| Point { x: p[0], y: p[1], pressure: p[2] }).collect()).collect();
    match recognizer.recognize(&strokes, request.max_digit) {
        Ok(result) => Reply::Recognized { id: request.id, result },
        Err(e) => Reply::Error { id: Some(request.id), message: e.to_string() },
    }
}

/// The JSON text of a reply.
pub fn encode(reply: &Reply) -> String {
    serde_json::to_string(reply).expect("replies serialize")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_requests_get_an_error_not_a_panic() {
        // No model is needed to refuse a request that doesn't parse.
        let text = "{\"id\":1,\"strokes\":\"no\"}";
        assert!(serde_json::from_str::<Request>(text).is_err());
        let reply = Reply::Error { id: None, message: "x".into() };
        assert_eq!(encode(&reply), "{\"kind\":\"error\",\"id\":null,\"message\":\"x\"}");
        let ok = Reply::Recognized { id: 2, result: Recognition::Digit { digit: 7, confidence: 0.5, second: 1 } };
        assert_eq!(encode(&ok), "{\"kind\":\"recognized\",\"id\":2,\"result\":{\"digit\":7,\"confidence\":0.5,\"second\":1}}");
        assert_eq!(encode(&Reply::Ready { load_ms: 57.25 }), "{\"kind\":\"ready\",\"load_ms\":57.25}");
        // A letter on 16x16 is answered as its value: E is 14.
        let letter = Reply::Recognized { id: 3, result: Recognition::Digit { digit: 14, confidence: 0.75, second: 3 } };
        assert_eq!(encode(&letter), "{\"kind\":\"recognized\",\"id\":3,\"result\":{\"digit\":14,\"confidence\":0.75,\"second\":3}}");
        let request: Request = serde_json::from_str("{\"id\":3,\"strokes\":[[[0.2,0.1,0.5],[0.2,0.9,0.5]]],\"max_digit\":16}").unwrap();
        assert_eq!((request.id, request.max_digit, request.strokes[0].len()), (3, 16, 2));
    }
}
