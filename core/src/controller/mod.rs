//! The pure rules of the player's intent, as functions of values: the app's `controller` carries
//! them out on the store.
//!
//! ```text
//!  keys.rs      the key map (`interpret_key`: a key press and the app's state to a command)
//!  timer.rs     the play clock's rule (when it runs, when its time is saved)
//!  press.rs     long presses (a cell's candidates, the chip's every digit) on the Clock's timers
//!  startup.rs   the start: what could not be read, said in one dialog; the first screen decided
//!  stored.rs    storage's answers about games: the stored game reloaded, the kept games made room in
//!  tabs.rs      the election of the playing tab: the lock's, the channel's and storage's answers in, effects out
//!  qr.rs        the live link as a QR code (an SVG path of its modules)
//! ```

pub mod keys;
pub mod press;
pub mod qr;
pub mod startup;
pub mod stored;
pub mod tabs;
pub mod timer;
