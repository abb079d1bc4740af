//! # inkdoku-ink-protocol
//!
//! The messages between the app and its ink worker (the recognizer compiled to wasm), as one set
//! of types both sides use: the worker (`inkdoku_recognizer::protocol::handle`) and the app
//! (`services::ink_worker`), which reads them without the recognizer and its tract. JSON text,
//! like the engine worker's:
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

use serde::{Deserialize, Serialize};

/// Strokes of `[x, y, pressure]` points, x and y in 0..1 of the cell.
pub type Strokes = Vec<Vec<[f64; 3]>>;

/// A message to the ink worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Request {
    /// A drawing to recognize.
    Recognize {
        id: u32,
        strokes: Strokes,
        /// The highest value the grid allows by hand: 9, 4 on a 4x4 grid, or 16 on a 16x16
        /// grid (10-16 written as the letters A-G).
        max_digit: u8,
    },
    /// The player's corrected drawings: they replace the ones the worker had.
    Hand { id: u32, drawings: Vec<Drawing> },
}

/// A drawing the player corrected, with the value it should have been read as.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Drawing {
    pub value: u8,
    pub strokes: Strokes,
}

/// A message from the ink worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reply {
    /// The model is loaded; `load_ms` is how long reading it and planning its graph took (the
    /// benchmark reports it; the worker's own start-up is not in it); `reads_strokes` whether the
    /// trajectory network loaded beside the picture's (without it the picture reads alone).
    Ready {
        load_ms: f64,
        reads_strokes: bool,
    },
    Unavailable {
        message: String,
    },
    Recognized {
        id: u32,
        result: Recognition,
    },
    /// The player's drawings are learned: `count` of them (drawings without ink, or with a
    /// value no grid has, are left out).
    Learned {
        id: u32,
        count: usize,
    },
    Error {
        id: Option<u32>,
        message: String,
    },
}

/// The answer for a drawing.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Recognition {
    /// A value, how sure the model is (0..1), and the runner-up: 1-9, or on a 16x16 grid
    /// also 10-16 for the letters A-G. `picture` is how sure the picture's network (with the
    /// player's hand) is of the same value without the pen's path: where the path alone makes
    /// the answer, the ink may be unfinished (the first stroke of a 4 runs as a 2's foot does),
    /// and the app waits for more before placing it.
    Digit {
        digit: u8,
        confidence: f32,
        second: u8,
        /// 1 when read from a recognizer that doesn't say.
        #[serde(default = "sure")]
        picture: f32,
    },
    /// Not sure enough (or no ink): the ink stays for the player to fix.
    /// `best` and `second` are its two best guesses, for the player to pick from (0 when there
    /// is no ink or the scores are not numbers).
    Declined {
        declined: bool,
        confidence: f32,
        /// 0 when read from a recognizer that doesn't say.
        #[serde(default)]
        best: u8,
        #[serde(default)]
        second: u8,
    },
}

fn sure() -> f32 {
    1.0
}
