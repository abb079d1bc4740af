//! Pen, touch and mouse ink on the board: writing recognized digits, scratchpad notes, the
//! eraser, the scratch-out gesture, palm rejection. The pointer events and the drawing are
//! `components::ink`'s (the surface) and `components::chip`'s; what they mean is the core's, in
//! plain Rust (the flow from ink to a digit: `inkdoku_core::pen`; `geometry`, `pointers`, the
//! chip's rules: `inkdoku_core::ink`), all tested natively; here it is wired to the store
//! (`writing`, `chip`).
//!
//! ```text
//!  pointer events on one overlay ─┬─ eraser (mode, pen eraser end/button) ─▶ Erase / EraseStrokes
//!  (touch-action: none, capture,  ├─ tap (smaller than a fifth of a cell) ─▶ select the cell
//!   coalesced points, pressure)   ├─ scratch-out zig-zag ─▶ Clear the digit / the notes / erase
//!                                 │    the strokes, and say what went
//!                                 ├─ scratchpad mode ─▶ AddStroke (free ink, one undo step each)
//!                                 └─ pen and notes modes ─▶ pending ink of a cell ─(read at each
//!                                      lift)─▶ ink worker ─▶ at once, or for ink that could still
//!                                      grow after up to GROW_MS or when the pen moves on:
//!                                      Place the digit (pen) or toggle the note (notes), and
//!                                      offer the runner-up on a chip; or declined: the ink
//!                                      stays, with the two best guesses on the chip
//! ```
//! One pointer draws at a time (by `pointerId`). While a pen is down, hovering in range, or
//! lifted less than a second ago, touches on the grid are ignored, and so are contacts the size
//! of a palm: a palm resting or moving on the screen never joins the pen's stroke (`pointers`,
//! on the Clock port's time).
//!
//! Pointer positions go to grid coordinates through what the board shows (the whole board, or
//! the focus view's magnified boxes: `state::zoom`); where the whole board's cells are too
//! small to write in, the pen coming down there picks the cell to magnify instead of writing.

pub mod chip;
pub mod writing;

// The pen's geometry and its palm rejection and pointer arbitration are the core's.
pub use inkdoku_core::ink::{geometry, pointers};
