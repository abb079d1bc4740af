//! # inkdoku app
//!
//! The Leptos (client-side rendered) front end. It stays thin over the engine:
//!
//! ```text
//!  components/  what the player sees: board, pad, toolbar, status, dialogs
//!  app          the root component: wires state, services and components together
//!  services/    every side effect, each behind a small API: the engine worker, storage
//! ```
//!
//! Data flows one way: input becomes an engine `Action`, the engine's reducer makes the next
//! game state, signals derived from it render the board. Searches run in the worker only.

pub mod app;
pub mod components;
pub mod controller;
pub mod crash;
pub mod i18n;
pub mod ink;
pub mod ports;
pub mod services;
pub mod state;
pub mod test_hooks;
