//! # inkdoku app
//!
//! The Leptos (client-side rendered) front end. It stays thin over the engine and over its core
//! in plain Rust, the `inkdoku-core` crate (`core/`: the ports, the player's words, the saved
//! records, the state's domain types, the pen's geometry and pointer rules, the key map, the
//! clock's rule, the start's reading), which builds and is tested without Leptos or a browser.
//! Its modules are layered, the highest first; each uses only the modules below it
//! (`scripts/check-engine-cycles --map src/lib.rs src`, in `scripts/test`'s checks, holds them to
//! this map; the core crate, below them all, has its own map in `core/src/lib.rs`):
//!
//! ```text
//!  app          the root component: restores the game, wires the store, ports and effects
//!  test_hooks   hooks for the end-to-end tests, switched on at run time by a test driver
//!  components/  what the player sees: board, pad, toolbar, status, dialogs, the ink surface
//!  services/    the browser: the ports' implementations (`browser_ports`) and the page's effects
//!  ink/         the pen on the store: strokes handed to the core's flow, its effects carried out; the correction chip
//!  controller/  the player's intent as engine actions and worker requests; saving, tabs, rooms
//!  crash        hands the crash rescue (static/crash.js) the game and the words it needs
//!  state        the store: the core's session (the game, selection, mode) mirrored and errands (hints, waits, progress) shown, the core's state in signals
//!  ports        the core's ports, the developer console, and a store on the fakes for tests
//!  i18n         (the core's, re-exported: the player's words, in every language)
//!  storage      (the core's, re-exported: the saved records and their keys)
//! ```
//!
//! The store and the controller reach the browser only through the core's `ports`, so they run
//! and are tested natively on `ports::fakes`. Data flows one way: input goes to the core's
//! session (`inkdoku_core::session`), which makes engine `Action`s of it; the engine's reducer
//! makes the next game state, the store mirrors it, signals derived from it render the board. Searches run in the worker only.

pub mod app;
pub mod components;
pub mod controller;
pub mod crash;
pub mod ink;
pub mod ports;
pub mod services;
pub mod state;
pub mod test_hooks;

// The core's modules that the app uses as they are, at their old paths.
pub use inkdoku_core::{i18n, storage};
