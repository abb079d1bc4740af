//! # inkdoku-recognizer
//!
//! Handwritten digits, recognized offline: ink strokes are drawn into a 28x28 image exactly as
//! the training script draws them (`raster`), and a small CNN (`models/`, built as a tract-core
//! graph from the network file, `network`) scores the digits 0-9 and the letters A-G. Only the
//! values the grid allows may be answered (1-9; 1-4 on a 4x4 grid; 1-16 on a 16x16 grid, where
//! A-G are written for 10-16 and answered as 10-16); below a confidence threshold the recognizer
//! declines, and the app keeps the ink so the player can fix it. No web dependency: it runs natively (tests, the
//! `recognize` tool) and in the app's ink worker (wasm).
//!
//! The order the pen went in is read too: the strokes resampled along their path
//! (`trajectory`) go through a small sequence network (`models/strokes.cnn`), and its logits
//! are added to the picture's (weighted), so a crossed 7 or a flagged 1 is told by how it was
//! written, not only by how it looks.
//!
//! ```text
//!  strokes ──raster──▶ [f32; 784] ──CNN──▶ 17 logits ─┐
//!          (20x20 box, centre of mass at 14,14)        ├─ sum ──softmax over allowed values──▶
//!  strokes ──trajectory──▶ 5 x 32 ──1-D CNN──▶ 17 ×w ─┘   Digit { digit, confidence, second }
//!          (path resampled: x, y, direction, pen-up)       or Declined { confidence, best, second }
//! ```

pub mod hand;
pub mod network;
pub mod protocol;
pub mod raster;
mod recognizer;
pub mod trajectory;

pub use hand::Hand;
pub use raster::{Point, Stroke, rasterize};
pub use recognizer::{
    CLASSES, DIGIT_CLASSES, Error, LOWEST, MAX_VALUE, OLD_RULE, RULE, Reading, Recognition, Recognizer, Rule, STROKE_WEIGHT, THRESHOLD,
    allowed_max, decide,
};
