//! The ink worker's handler of the messages between the app and its ink worker (their types:
//! `inkdoku_ink_protocol`, which the app reads too). JSON text, like the engine worker's:
//!
//! ```text
//!  worker ──{"kind":"ready","load_ms":57.2}──▶ app   (model loaded, in that time; or
//!                                                    {"kind":"unavailable","message":…})
//!  app ──{"kind":"recognize","id":4,"strokes":[[[x,y,p],…],…],"max_digit":9}──▶ worker
//!  app ◀──{"kind":"recognized","id":4,"result":{"digit":7,"confidence":0.98,"second":1}}──
//!  app ──{"kind":"hand","id":5,"drawings":[{"value":6,"strokes":[…]},…]}──▶ worker
//!  app ◀──{"kind":"learned","id":5,"count":3}──      (the player's corrected drawings, all of
//!                                                     them, replacing those it had: `Hand`)
//! ```
//!
//! On a 16x16 grid the app sends `"max_digit":16`, and the values 10-16, written as the letters
//! A-G, may be answered too (as numbers: an E is `"digit":14`); any other `max_digit` keeps the
//! letters out.

use crate::hand::redrawings;
use crate::{Hand, MAX_VALUE, Point, Recognizer, Stroke};
pub use inkdoku_ink_protocol::{Drawing, Reply, Request, Strokes};

/// The most corrected drawings the worker keeps (the app keeps at most 5 per value, 80 in all).
pub const MOST_DRAWINGS: usize = 200;

/// A drawing's key: a hash of its value and every coordinate's bits.
fn drawing_key(drawing: &Drawing) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    drawing.value.hash(&mut h);
    for stroke in &drawing.strokes {
        stroke.len().hash(&mut h);
        for p in stroke {
            p.map(f64::to_bits).hash(&mut h);
        }
    }
    h.finish()
}

fn points(strokes: &Strokes) -> Vec<Stroke> {
    strokes.iter().map(|s| s.iter().map(|p| Point { x: p[0], y: p[1], pressure: p[2] }).collect()).collect()
}

/// Answers a request: recognizes a drawing (with the player's hand), or learns the player's
/// corrected drawings.
pub fn handle(recognizer: &Recognizer, hand: &mut Hand, text: &str) -> Reply {
    let request: Request = match serde_json::from_str(text) {
        Ok(r) => r,
        Err(e) => return Reply::Error { id: None, message: format!("the ink worker could not read the request: {e}") },
    };
    match request {
        Request::Recognize { id, strokes, max_digit } => match recognizer.recognize_in(&points(&strokes), max_digit, hand) {
            Ok(result) => Reply::Recognized { id, result },
            Err(e) => Reply::Error { id: Some(id), message: e.to_string() },
        },
        Request::Hand { id, drawings } => {
            let mut learned = Hand::default();
            for drawing in drawings.iter().filter(|d| (1..=MAX_VALUE).contains(&d.value)).take(MOST_DRAWINGS) {
                let key = drawing_key(drawing);
                let redrawn = match hand.redrawn(key) {
                    Some(known) => known.to_vec(),
                    None => {
                        let mut redrawn = Vec::new();
                        for strokes in redrawings(&points(&drawing.strokes)) {
                            match recognizer.features(&strokes) {
                                Ok(Some(features)) => redrawn.push(features),
                                Ok(None) => {}
                                Err(e) => return Reply::Error { id: Some(id), message: e.to_string() },
                            }
                        }
                        redrawn
                    }
                };
                learned.learn_keyed(key, drawing.value, redrawn);
            }
            *hand = learned;
            Reply::Learned { id, count: hand.len() }
        }
    }
}

/// The JSON text of a reply.
pub fn encode(reply: &Reply) -> String {
    serde_json::to_string(reply).expect("replies serialize")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Recognition;

    #[test]
    fn bad_requests_get_an_error_not_a_panic() {
        // No model is needed to refuse a request that doesn't parse.
        let text = "{\"id\":1,\"strokes\":\"no\"}";
        assert!(serde_json::from_str::<Request>(text).is_err());
        let reply = Reply::Error { id: None, message: "x".into() };
        assert_eq!(encode(&reply), "{\"kind\":\"error\",\"id\":null,\"message\":\"x\"}");
        let ok = Reply::Recognized { id: 2, result: Recognition::Digit { digit: 7, confidence: 0.5, second: 1, picture: 0.25 } };
        assert_eq!(
            encode(&ok),
            "{\"kind\":\"recognized\",\"id\":2,\"result\":{\"digit\":7,\"confidence\":0.5,\"second\":1,\"picture\":0.25}}"
        );
        assert_eq!(
            encode(&Reply::Ready { load_ms: 57.25, reads_strokes: true }),
            "{\"kind\":\"ready\",\"load_ms\":57.25,\"reads_strokes\":true}"
        );
        // A letter on 16x16 is answered as its value: E is 14.
        let letter = Reply::Recognized { id: 3, result: Recognition::Digit { digit: 14, confidence: 0.75, second: 3, picture: 0.75 } };
        assert_eq!(
            encode(&letter),
            "{\"kind\":\"recognized\",\"id\":3,\"result\":{\"digit\":14,\"confidence\":0.75,\"second\":3,\"picture\":0.75}}"
        );
        let request: Request =
            serde_json::from_str("{\"kind\":\"recognize\",\"id\":3,\"strokes\":[[[0.2,0.1,0.5],[0.2,0.9,0.5]]],\"max_digit\":16}").unwrap();
        assert!(matches!(request, Request::Recognize { id: 3, max_digit: 16, ref strokes } if strokes[0].len() == 2));
        let hand: Request = serde_json::from_str("{\"kind\":\"hand\",\"id\":4,\"drawings\":[{\"value\":6,\"strokes\":[]}]}").unwrap();
        assert!(matches!(hand, Request::Hand { id: 4, ref drawings } if drawings[0].value == 6));
        assert!(serde_json::from_str::<Request>("{\"id\":3,\"strokes\":[],\"max_digit\":9}").is_err());
        assert_eq!(encode(&Reply::Learned { id: 4, count: 1 }), "{\"kind\":\"learned\",\"id\":4,\"count\":1}");
    }
}
