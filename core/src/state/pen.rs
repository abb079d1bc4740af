//! The pen's state kept beside the app's `Ink` signals: what it last wrote (a quick rewrite of
//! the cell teaches the recognizer: `controller::hand`) and the bookkeeping of its flow from ink
//! to a digit (`pen`).

use crate::ports::Recognition;
use crate::state::InputMode;
use inkdoku_engine::{Cell, Digit};

/// How long after the pen wrote a cell a rewrite of it counts as a correction.
pub const REWRITE_MS: f64 = 6000.0;
/// Below this confidence a rewrite of the recognizer's reading counts as a correction.
pub const UNSURE: f32 = 0.9;
/// What the pen last wrote, to tell a rewrite of the same cell from a new entry.
#[derive(Clone, Debug, PartialEq)]
pub struct LastWritten {
    pub cell: Cell,
    /// Cell-relative strokes, as the recognizer read them.
    pub strokes: Vec<Vec<[f32; 3]>>,
    /// Written in Notes mode (as a candidate mark): only the chip corrects it, since a second
    /// mark in the cell is another note, not a rewrite.
    pub note: bool,
    /// What it was read as (none: declined), how sure, and the runner-up.
    pub read: Option<Digit>,
    pub confidence: f32,
    pub second: Option<Digit>,
    /// When (ms, the page's clock).
    pub at: f64,
}

impl LastWritten {
    /// Whether `digit` placed in `cell` at `now` corrects this drawing: the same cell, soon,
    /// another value, and the recognizer was unsure of it (module comment).
    pub fn corrected_by(&self, cell: Cell, digit: Digit, now: f64) -> bool {
        let soon = now >= self.at && now - self.at <= REWRITE_MS;
        let unsure = self.read.is_none() || self.confidence < UNSURE || self.second == Some(digit);
        cell == self.cell && !self.note && soon && self.read != Some(digit) && unsure
    }
}

/// Whether the first visit's tip ("write digits right in the cells") shows: on a device with a
/// touch screen (`ports::Device`), while a game is played and writing works, until the pen wrote
/// its first digit (`pen_tip_done`, a setting: once for good).
pub fn pen_tip_shown(touch_screen: bool, pen_tip_done: bool, playing: bool, writing_off: bool) -> bool {
    touch_screen && !pen_tip_done && playing && !writing_off
}

/// The flow's own bookkeeping (not reactive: nothing renders from it).
#[derive(Default)]
pub struct Writing {
    /// Counts the strokes that joined pending ink: the pending ink's version is the last one.
    pub version: u32,
    /// The version of the pending ink the recognizer was asked to read (it is asked once).
    pub asked: Option<u32>,
    /// The answer for the pending ink, held while the ink may still grow.
    pub held: Option<(u32, Recognition)>,
    /// The versions of ink to place as soon as they are read (the pen moved on, or the ink
    /// waited `GROW_MS`): several, as the pen may move on again before an answer comes (the
    /// recognizer loading or busy), and each drawing it left is placed when read. The last few
    /// are kept (`PLACE_WHEN_READ`).
    pub place_when_read: Vec<u32>,
    /// The grow timer that counts (timers can't be called off: a stale one finds another
    /// number here and does nothing).
    pub idle: u32,
    /// Ink waits to be read until the recognizer is ready.
    pub waiting_for_recognizer: bool,
    /// Counts the games: an answer asked for in an earlier game is dropped.
    pub game: u32,
    /// The digit the pen placed last, for a stroke that finishes it.
    pub placed: Option<Placed>,
    /// When the stroke being drawn began (the clock's ms): how long a contact lasted tells a
    /// tap from writing.
    pub down_at: Option<f64>,
}

/// How many drawings to place when read are remembered (the pen moving on this many times before
/// one answer comes is far beyond any writing pace).
pub const PLACE_WHEN_READ: usize = 8;

impl Writing {
    /// The game on the board was replaced: answers asked for in the game before are dropped,
    /// its grow timers and the ink it waited to place go (`Ink::game_changed` in the app).
    #[inline]
    pub fn game_changed(&mut self) {
        self.game = self.game.wrapping_add(1);
        self.idle = self.idle.wrapping_add(1);
        self.held = None;
        self.place_when_read.clear();
        self.waiting_for_recognizer = false;
        self.placed = None;
    }

    /// Marks the ink of `version` to be placed as soon as it is read.
    #[inline]
    pub fn place_when_read(&mut self, version: u32) {
        if !self.place_when_read.contains(&version) {
            if self.place_when_read.len() == PLACE_WHEN_READ {
                self.place_when_read.remove(0);
            }
            self.place_when_read.push(version);
        }
    }
}

/// A digit the pen placed, with the ink it was read from.
#[derive(Clone)]
pub struct Placed {
    pub cell: Cell,
    pub digit: Digit,
    /// Placed as a digit, or as a note, corner or centre mark.
    pub mode: InputMode,
    pub strokes: Vec<Vec<[f32; 3]>>,
    pub at: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pen_tip_shows_on_a_touch_screen_during_play_until_the_first_written_digit() {
        assert!(pen_tip_shown(true, false, true, false));
        assert!(!pen_tip_shown(false, false, true, false), "no touch screen: a mouse and keys, no pen");
        assert!(!pen_tip_shown(true, true, true, false), "gone for good after the first digit");
        assert!(!pen_tip_shown(true, false, false, false), "not while entering a puzzle");
        assert!(!pen_tip_shown(true, false, true, true), "not when handwriting is off");
    }

    #[test]
    fn a_rewrite_is_a_correction_only_soon_in_the_same_cell_of_an_unsure_reading() {
        let digit = |d| Digit::new(d).unwrap();
        let cell = Cell::new(10);
        let written = LastWritten {
            cell,
            strokes: vec![vec![[0.5, 0.1, 0.5], [0.5, 0.9, 0.5]]],
            note: false,
            read: Some(digit(5)),
            confidence: 0.95,
            second: Some(digit(6)),
            at: 1000.0,
        };
        // The runner-up, soon, same cell: a correction.
        assert!(written.corrected_by(cell, digit(6), 3000.0));
        // Too late, another cell, the same digit again: not.
        assert!(!written.corrected_by(cell, digit(6), 1000.0 + REWRITE_MS + 1.0));
        assert!(!written.corrected_by(Cell::new(11), digit(6), 3000.0));
        assert!(!written.corrected_by(cell, digit(5), 3000.0));
        // A confident 5 changed to 8 (not the runner-up): the player changed their mind.
        assert!(!written.corrected_by(cell, digit(8), 3000.0));
        // An unsure 5, or declined ink: any other value corrects it.
        assert!(LastWritten { confidence: 0.7, ..written.clone() }.corrected_by(cell, digit(8), 3000.0));
        assert!(LastWritten { read: None, second: None, ..written.clone() }.corrected_by(cell, digit(8), 3000.0));
        // A note written by pen, then a digit placed in its cell: not a rewrite.
        assert!(!LastWritten { note: true, ..written }.corrected_by(cell, digit(6), 3000.0));
    }
}
