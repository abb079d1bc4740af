//! Solving together: one board shared by several players, each with a replica that merges the
//! others' operations so that every replica ends with the same board, whatever the order in
//! which operations arrive, and however often.
//!
//! The board is a set of registers (`Field`s of cells), each last-writer-wins by a Lamport
//! `Stamp` (clock, then player id), and a set of scratchpad strokes with removals (an erased
//! stroke stays erased). A player's move is made by the game's own reducer on the shared
//! board (`Game::next_board`), and the difference it makes becomes an operation
//! (`Replica::local`). Undo takes back the player's own last move as a new operation, leaving
//! what others wrote since.
//!
//! Nothing here knows about the network or encryption: the app sends operations through its
//! room port, sealed, and the relay only passes them on. What travels and what is saved is in a
//! compact binary form (`codec`); the JSON form of before is still read (`legacy`).

mod codec;
mod legacy;
pub mod link;
mod op;
mod replica;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_codec;
mod wire;

pub use codec::VERSION as WIRE_VERSION;
pub use op::{Field, Key, MAX_STROKE_POINTS, MAX_STROKES, Op, OpError, PlayerId, SharedStroke, Stamp, StrokeKey, Write};
pub use replica::{Replica, SavedReplica};
pub use wire::{MAX_LIVE_POINTS, Presence, Said};
