//! The pure rules of the player's intent, as functions of values: the app's `controller` carries
//! them out on the store.
//!
//! ```text
//!  keys.rs      the key map (`interpret_key`: a key press and the app's state to a command)
//!  timer.rs     the play clock's rule (when it runs, when its time is saved)
//!  press.rs     long presses (a cell's candidates, the chip's every digit) on the Clock's timers
//!  startup.rs   what could not be read at start, said in one dialog
//!  qr.rs        the live link as a QR code (an SVG path of its modules)
//! ```

pub mod keys;
pub mod press;
pub mod qr;
pub mod startup;
pub mod timer;
