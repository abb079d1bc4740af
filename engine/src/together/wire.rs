//! What players say to each other inside a sealed frame (JSON): an operation on the board, kept
//! by the relay for later joiners, or where a player is right now, passed on only.

use super::op::{Op, OpError, PlayerId};
use crate::geometry::Cell;
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// The most points of live ink in one presence message (a stroke is sent as it grows, thinned).
pub const MAX_LIVE_POINTS: usize = 256;

/// A player's presence: their number in the room ("Player 2"), the cell they have selected,
/// their play time (the room's timer is the longest), and the ink they are drawing now.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Presence {
    pub player: PlayerId,
    pub number: u8,
    pub cell: Option<Cell>,
    pub play_ms: u64,
    /// Points of the stroke being drawn, `[x, y]` in 0..1 of the grid; empty when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ink: Vec<[f32; 2]>,
}

/// One sealed frame's content.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Said {
    Op(Op),
    Presence(Presence),
}

impl Said {
    /// Reads and checks what a peer said about the puzzle `givens`.
    pub fn from_json(text: &str, givens: &Grid) -> Result<Said, OpError> {
        let said: Said = serde_json::from_str(text).map_err(|e| OpError::Unreadable(e.to_string()))?;
        match &said {
            Said::Op(op) => op.check(givens)?,
            Said::Presence(p) => {
                if p.cell.is_some_and(|c| c.index() >= givens.size().cell_count()) {
                    return Err(OpError::CellOutside(p.cell.map_or(0, Cell::index)));
                }
                let on_grid = |q: &[f32; 2]| q.iter().all(|v| v.is_finite() && (0.0..=1.0).contains(v));
                if p.ink.len() > MAX_LIVE_POINTS || !p.ink.iter().all(on_grid) {
                    return Err(OpError::BadStroke);
                }
            }
        }
        Ok(said)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("plain data serializes")
    }
}
