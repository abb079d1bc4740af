//! # inkdoku core
//!
//! The app's core in plain Rust: what the app knows and decides without a screen or a browser.
//! No Leptos, no wasm-bindgen, no web-sys (`scripts/check-pure-crates` holds it to that), so all
//! of it builds and is tested natively (`cargo test -p inkdoku-core`). The app crate (`src/`)
//! re-uses it: its store wraps these values in signals, its services implement these ports.
//! The modules are layered, the highest first; each uses only the modules below it
//! (`scripts/check-engine-cycles --map core/src/lib.rs core/src`, in `scripts/test`'s checks):
//!
//! ```text
//!  errands/     the engine errands: the hint asked and applied, check and solve, a puzzle made or typed in, another app's link or a file read, a link's puzzle checked and a variant graded, a print set made; replies in, effects out
//!  sharing      links, pastes and files read (or the note why not), a checked puzzle started or refused, the links and file text written, a share's status line
//!  pen          the pen's flow from ink to a digit: strokes, the recognizer's answers and ticks in, effects out (through the session)
//!  games        the games beside the session: a game started, kept aside, resumed, typed in and cancelled, won with its best time; the play clock; the room's record and play time, a grade; inputs in, effects out
//!  saving       when to save (one save per burst of the changes the session's and the games' effects tell, on the Clock port) and what storage's answers tell the player; inputs in, effects out
//!  session      the play of one game: the game, the selection, the picked digit, the entry mode; inputs in, effects out
//!  together/    a game solved together: the player's buttons and moves, what the room said and the clock's ticks in; the room's view and effects out
//!  controller/  pure rules of the player's intent: the key map, the play clock, long presses, the start's first screen, the tabs' election, the QR code
//!  ink/         the pen on the board: screen to grid geometry, palm rejection and pointer arbitration, the chip's place
//!  storage      the saved records and their keys, over the `KeyValue` ports
//!  screen       what covers the board: the open dialog (one at a time, the newest on show), the open menu, Escape, the note kept for after an open
//!  state        the game's and the app's values beside it: settings, meta, dialogs, the pen, the room, the board's window
//!  i18n         the player's words, in every language
//!  ports        the outside world's traits and the values that cross them (and, with `fakes`, test stand-ins)
//! ```
//!
//! Nothing here keeps state of its own between calls (no thread-local, no global): what must
//! outlive a call is a value its owner holds (`ink::chip::ChipMemory`, `pen::Pen`,
//! `session::Session`, `errands::Errands`, `together::Together`, `games::Games`, `saving::Saving`, `screen::Screen`,
//! which the app's store holds and shows).

pub mod controller;
pub mod errands;
pub mod games;
pub mod i18n;
pub mod ink;
pub mod pen;
pub mod ports;
pub mod saving;
pub mod screen;
pub mod session;
pub mod sharing;
pub mod state;
pub mod storage;
pub mod together;
