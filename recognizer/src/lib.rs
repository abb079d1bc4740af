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
//! ```text
//!  strokes ──raster──▶ [f32; 784] ──CNN──▶ 17 logits ──softmax over allowed values──▶
//!          (20x20 box, centre of mass at 14,14)       Digit { digit, confidence, second }
//!                                                     or Declined { confidence, best, second }
//! ```

pub mod hand;
pub mod network;
pub mod protocol;
pub mod raster;
mod recognizer;

pub use hand::Hand;
pub use raster::{Point, Stroke, rasterize};
pub use recognizer::{CLASSES, DIGIT_CLASSES, Error, MAX_VALUE, Recognition, Recognizer, THRESHOLD, allowed_max, decide};
