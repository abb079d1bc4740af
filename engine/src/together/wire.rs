//! What players say to each other inside a sealed frame: an operation on the board, kept by the
//! relay for later joiners, or where a player is right now, passed on only. Written in the
//! compact binary form (`codec`); frames of the JSON form that came before are still read
//! (`legacy`), as a relay may keep them for a week.

use super::codec::{In, Out};
use super::legacy;
use super::op::{Op, OpError, PlayerId};
use crate::geometry::Cell;
use crate::grid::Grid;

/// The most points of live ink in one presence message (a stroke is sent as it grows, thinned).
pub const MAX_LIVE_POINTS: usize = 256;

/// A player's presence: their number in the room ("Player 2"), the cell they have selected,
/// their play time (the room's timer is the longest), and the ink they are drawing now.
#[derive(Clone, Debug, PartialEq)]
pub struct Presence {
    pub player: PlayerId,
    pub number: u8,
    pub cell: Option<Cell>,
    pub play_ms: u64,
    /// Points of the stroke being drawn, `[x, y]` in 0..1 of the grid; empty when none.
    pub ink: Vec<[f32; 2]>,
}

/// One sealed frame's content.
#[derive(Clone, Debug, PartialEq)]
pub enum Said {
    Op(Op),
    Presence(Presence),
}

impl Said {
    /// Reads and checks what a peer said about the puzzle `givens`: a frame's content in the
    /// binary form, or in the JSON form of before (it begins with `{`, which is no version).
    pub fn from_bytes(bytes: &[u8], givens: &Grid) -> Result<Said, OpError> {
        let read = if bytes.first() == Some(&b'{') { legacy::said(bytes) } else { In::new(bytes).and_then(In::said) };
        let said = read.map_err(OpError::Unreadable)?;
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

    /// The frame's content in the binary form.
    pub fn to_bytes(&self) -> Vec<u8> {
        match self {
            Said::Op(op) => Out::said_op(op),
            Said::Presence(p) => Out::said_presence(p),
        }
    }
}
