//! The live side of a game solved together, as the store keeps it (`controller::together` runs
//! it; its saved side is `GameMeta::together`).

use inkdoku_engine::together::link::RoomKey;
use inkdoku_engine::together::{Replica, Stamp};
use std::collections::BTreeSet;

/// The live side of a shared game (its saved side is `GameMeta::together`).
pub struct Together {
    pub key: RoomKey,
    pub replica: Replica,
    /// This player's number in the room ("Player 2"); 0 until the room's history is known.
    pub number: u8,
    /// The kept frames have all come in since the last connect.
    pub caught_up: bool,
    /// Operations the relay replayed since the last connect: ours among them need no resend.
    pub replayed: BTreeSet<Stamp>,
    /// The wait before the next try to connect, grown on each failure.
    pub retry_ms: u32,
    /// Bumped on each connect and leave: a retry of an older connection does nothing.
    pub generation: u32,
    /// The player was told they joined (once: a reconnect before their number is known says
    /// it again no more, nor covers a notice the reconnect brought).
    pub welcomed: bool,
}

impl Together {
    /// A room's live side before its first connection: this player's `number` (0 until known)
    /// and whether they were already told they joined.
    pub fn new(key: RoomKey, replica: Replica, number: u8, welcomed: bool, retry_ms: u32) -> Together {
        Together { key, replica, number, caught_up: false, replayed: BTreeSet::new(), retry_ms, generation: 0, welcomed }
    }
}
