//! Pen, touch and mouse ink on the board: writing recognized digits, scratchpad notes, the
//! eraser, the scratch-out gesture, palm rejection.
//!
//! ```text
//!  pointer events on one overlay ─┬─ eraser (mode, pen eraser end/button) ─▶ Erase / EraseStrokes
//!  (touch-action: none, capture,  ├─ tap (smaller than a fifth of a cell) ─▶ select the cell
//!   coalesced points, pressure)   ├─ scratch-out zig-zag ─▶ Clear the digit / erase the strokes
//!                                 ├─ notes mode ─▶ AddStroke (scratchpad ink, one undo step each)
//!                                 └─ pen mode ─▶ pending ink of a cell ─(500 ms idle, or the pen
//!                                      moves on to another cell)─▶ ink worker ─▶ Place digit,
//!                                      or declined: the ink stays for the player to fix
//! ```
//! While a pen is near (hovering or drawing, and a second after), touches on the grid are
//! ignored: that is the palm resting on the screen.

pub mod geometry;
mod layer;
pub mod recognition;

pub use layer::InkSurface;
