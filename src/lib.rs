//! # inkdoku app
//!
//! The Leptos (client-side rendered) front end. It stays thin over the engine. Its modules are
//! layered, the highest first; each uses only the modules below it (`scripts/check-engine-cycles
//! --map src/lib.rs src`, in `scripts/test`'s checks, holds them to this map):
//!
//! ```text
//!  app          the root component: restores the game, wires the store, ports and effects
//!  test_hooks   hooks for the end-to-end tests, switched on at run time by a test driver
//!  components/  what the player sees: board, pad, toolbar, status, dialogs, the ink surface
//!  services/    the browser: the ports' implementations (`browser_ports`) and the page's effects
//!  ink/         the pen's flow from strokes to digits, scratch-outs, the correction chip
//!  controller/  the player's intent as engine actions and worker requests; saving, tabs, rooms
//!  crash        the panic hook: saves the game, says so in plain words
//!  storage      the saved records and their keys, over the `KeyValue` ports
//!  state        the store: the game and what the app keeps beside it (view, pen, tab, room)
//!  i18n         the player's words, in every language
//!  ports        the outside world's traits and the values that cross them (and test fakes)
//! ```
//!
//! The core (`state`, `storage`, `controller`, `ink`) reaches the browser only through `ports`,
//! so it runs and is tested natively on `ports::fakes`. Data flows one way: input becomes an
//! engine `Action`, the engine's reducer makes the next game state, signals derived from it
//! render the board. Searches run in the worker only.

pub mod app;
pub mod components;
pub mod controller;
pub mod crash;
pub mod i18n;
pub mod ink;
pub mod ports;
pub mod services;
pub mod state;
pub mod storage;
pub mod test_hooks;
