//! Learning the player's hand: drawings the player corrected, kept on this device only
//! (`inkdoku.hand.v1`, never in a link, file or print), listed and erasable in Settings, and
//! sent to the ink worker, whose recognizer reads new drawings with them
//! (`inkdoku_recognizer::Hand`).
//!
//! A correction is a drawing with the value the player gave it:
//! - a pick on the correction chip ("Change to 6", or any digit of the full choice), for a
//!   digit the pen wrote or ink the recognizer declined;
//! - the same cell rewritten (by pen, key or pad) within `REWRITE_MS` of the pen writing there,
//!   when the recognizer was unsure of it: it declined, was below `UNSURE`, or the new value is
//!   its runner-up. (A confident reading changed to something else is the player changing their
//!   mind, not a misread, and teaching it would spoil their own digit.)
//!
//! At most `PER_VALUE` drawings per value are kept, the newest.

use super::writing;
use crate::i18n::fill;
use crate::ports::Ports;
use crate::services::storage::{self, Loaded};
use crate::state::{InkState, Store};
use inkdoku_engine::{Cell, Digit};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// Where the drawings are kept.
pub const HAND_KEY: &str = "inkdoku.hand.v1";
/// The most drawings kept per value (the oldest go first).
pub const PER_VALUE: usize = 5;
/// How long after the pen wrote a cell a rewrite of it counts as a correction.
pub const REWRITE_MS: f64 = 6000.0;
/// Below this confidence a rewrite of the recognizer's reading counts as a correction.
pub const UNSURE: f32 = 0.9;
/// The most points a kept drawing may have (a digit has a few dozen to a few hundred).
const MOST_POINTS: usize = 2000;

/// One corrected drawing: cell-relative strokes of `[x, y, pressure]`, and its right value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    pub value: u8,
    pub strokes: Vec<Vec<[f32; 3]>>,
}

/// The stored record.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Handwriting {
    pub version: u32,
    /// Oldest first.
    pub samples: Vec<Sample>,
}

/// Why a stored record was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandError {
    /// Not the record's JSON (the parser's words).
    Unreadable(String),
    /// A version this app doesn't know.
    Version(u32),
}

impl Handwriting {
    /// Reads a stored record. Drawings that can't be right (a value no grid has, no points,
    /// a coordinate that is not a number, absurdly many points) are left out; past
    /// `PER_VALUE` of one value, the newest are kept.
    pub fn parse(text: &str) -> Result<Handwriting, HandError> {
        let stored: Handwriting = serde_json::from_str(text).map_err(|e| HandError::Unreadable(e.to_string()))?;
        if stored.version != 1 {
            return Err(HandError::Version(stored.version));
        }
        let mut hand = Handwriting::new();
        for sample in stored.samples {
            hand.add(sample.value, sample.strokes);
        }
        Ok(hand)
    }

    pub fn new() -> Handwriting {
        Handwriting { version: 1, samples: Vec::new() }
    }

    /// Keeps a drawing with its right value; false (and nothing kept) for a drawing that can't
    /// be right. Coordinates are kept to a thousandth of the cell.
    pub fn add(&mut self, value: u8, strokes: Vec<Vec<[f32; 3]>>) -> bool {
        let points: usize = strokes.iter().map(Vec::len).sum();
        let sane = strokes.iter().flatten().all(|p| p.iter().all(|v| v.is_finite() && v.abs() <= 4.0));
        if !(1..=16).contains(&value) || points == 0 || points > MOST_POINTS || !sane {
            return false;
        }
        let round = |v: f32| (v * 1000.0).round() / 1000.0;
        let strokes = strokes.into_iter().filter(|s| !s.is_empty()).map(|s| s.into_iter().map(|p| p.map(round)).collect()).collect();
        self.samples.push(Sample { value, strokes });
        let of_value = self.samples.iter().filter(|s| s.value == value).count();
        if of_value > PER_VALUE
            && let Some(oldest) = self.samples.iter().position(|s| s.value == value)
        {
            self.samples.remove(oldest);
        }
        true
    }

    /// Forgets one drawing (by its place in `samples`).
    pub fn remove(&mut self, index: usize) {
        if index < self.samples.len() {
            self.samples.remove(index);
        }
    }

    /// The ink worker's message that hands it every drawing.
    pub fn message(&self, id: u32) -> String {
        let drawings: Vec<serde_json::Value> =
            self.samples.iter().map(|s| serde_json::json!({ "value": s.value, "strokes": s.strokes })).collect();
        serde_json::json!({ "kind": "hand", "id": id, "drawings": drawings }).to_string()
    }
}

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

/// Loads the stored drawings; a record that can't be read is set aside, and its reason given.
pub fn load(ports: &Ports) -> (Handwriting, Option<String>) {
    let parse = |raw: &str| {
        Handwriting::parse(raw).map_err(|e| match e {
            HandError::Unreadable(why) => why,
            HandError::Version(v) => format!("version {v} is not known to this app"),
        })
    };
    match storage::load_with(ports, HAND_KEY, parse) {
        Loaded::Found(hand) => (hand, None),
        Loaded::Missing => (Handwriting::new(), None),
        Loaded::Corrupt { reason, .. } => (Handwriting::new(), Some(reason)),
    }
}

/// Keeps the drawings in storage, and the ink worker up to date, whenever they change.
pub fn install(store: Store) {
    Effect::new(move |before: Option<()>| {
        let hand = store.ink.hand.get();
        // The first run is the loaded record: nothing to save, and the worker gets it when it
        // starts (`writing::warm_up`).
        if before.is_none() {
            return;
        }
        if let Err(e) = storage::save(&store.ports(), HAND_KEY, &hand) {
            store.status.set(fill(store.t().cannot_save_settings, &[("e", &storage::describe(store.t(), &e))]));
        }
        if matches!(store.ink.state.get_untracked(), InkState::Loading | InkState::Ready) {
            writing::teach(store);
        }
    });
}

/// The pen wrote in a cell (or its ink was declined): remembered for a quick rewrite.
pub fn remember(store: Store, written: LastWritten) {
    store.ink.last_written.set(Some(written));
}

/// A digit placed in `cell` (by pen, key or pad; after the board changed): if it corrects what
/// the pen just wrote there, the drawing is learned.
pub fn noticed(store: Store, cell: Cell, digit: Digit) {
    let now = store.ports().clock.now_ms();
    let corrects = store.ink.last_written.with_untracked(|w| w.as_ref().is_some_and(|w| w.corrected_by(cell, digit, now)));
    if corrects {
        learn(store, digit);
    }
}

/// The player picked `digit` on the correction chip of `cell` (after it was written): the
/// drawing is learned.
pub fn corrected(store: Store, cell: Cell, digit: Digit) {
    if store.ink.last_written.with_untracked(|w| w.as_ref().is_some_and(|w| w.cell == cell && w.read != Some(digit))) {
        learn(store, digit);
    }
}

fn learn(store: Store, digit: Digit) {
    let Some(written) = store.ink.last_written.get_untracked() else { return };
    store.ink.last_written.set(None);
    let mut kept = false;
    store.ink.hand.update(|h| kept = h.add(digit.get(), written.strokes));
    if kept {
        let shown = store.size().digit_char(digit).to_string();
        store.status.set(fill(store.t().hand_learned, &[("d", &shown)]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stroke(x: f32) -> Vec<Vec<[f32; 3]>> {
        vec![vec![[x, 0.1, 0.5], [x, 0.9, 0.5]]]
    }

    #[test]
    fn keeps_the_newest_few_per_value() {
        let mut hand = Handwriting::new();
        for i in 0..PER_VALUE + 2 {
            assert!(hand.add(6, stroke(i as f32 / 10.0)));
        }
        assert!(hand.add(1, stroke(0.5)));
        assert_eq!(hand.samples.len(), PER_VALUE + 1);
        // The two oldest 6s went; the newest stayed, in order.
        assert_eq!(hand.samples[0].strokes, stroke(0.2));
        assert_eq!(hand.samples[PER_VALUE].value, 1);
        hand.remove(0);
        hand.remove(99);
        assert_eq!(hand.samples.len(), PER_VALUE);
        assert_eq!(hand.samples[0].strokes, stroke(0.3));
    }

    #[test]
    fn drawings_that_cannot_be_right_are_refused() {
        let mut hand = Handwriting::new();
        assert!(!hand.add(0, stroke(0.5)));
        assert!(!hand.add(17, stroke(0.5)));
        assert!(!hand.add(6, vec![]));
        assert!(!hand.add(6, vec![vec![]]));
        assert!(!hand.add(6, vec![vec![[f32::NAN, 0.1, 0.5]]]));
        assert!(!hand.add(6, vec![vec![[0.5, 0.5, 0.5]; MOST_POINTS + 1]]));
        assert!(hand.samples.is_empty());
        // Coordinates are kept to a thousandth.
        assert!(hand.add(16, vec![vec![[0.123_456, 0.5, 0.5]], vec![]]));
        assert_eq!(hand.samples[0].strokes, vec![vec![[0.123, 0.5, 0.5]]]);
    }

    #[test]
    fn stored_records_round_trip_and_bad_ones_are_refused_with_a_reason() {
        let mut hand = Handwriting::new();
        hand.add(6, stroke(0.4));
        hand.add(11, stroke(0.6));
        let text = serde_json::to_string(&hand).unwrap();
        assert_eq!(Handwriting::parse(&text), Ok(hand.clone()));
        assert!(matches!(Handwriting::parse("{\"version\":1"), Err(HandError::Unreadable(_))));
        assert!(matches!(Handwriting::parse("[]"), Err(HandError::Unreadable(_))));
        assert_eq!(Handwriting::parse("{\"version\":2,\"samples\":[]}"), Err(HandError::Version(2)));
        // Bad drawings inside a good record are left out, the rest kept.
        let mixed =
            "{\"version\":1,\"samples\":[{\"value\":40,\"strokes\":[[[0.1,0.1,0.5]]]},{\"value\":3,\"strokes\":[[[0.1,0.1,0.5]]]}]}";
        assert_eq!(Handwriting::parse(mixed).unwrap().samples.len(), 1);
        // The worker's message carries every drawing.
        let message: serde_json::Value = serde_json::from_str(&hand.message(7)).unwrap();
        assert_eq!(message["kind"], "hand");
        assert_eq!(message["id"], 7);
        assert_eq!(message["drawings"][1]["value"], 11);
        assert_eq!(message["drawings"][0]["strokes"][0][1][1].as_f64(), Some(0.9f32 as f64));
    }

    #[test]
    fn a_rewrite_is_a_correction_only_soon_in_the_same_cell_of_an_unsure_reading() {
        let digit = |d| Digit::new(d).unwrap();
        let cell = Cell::new(10);
        let written = LastWritten {
            cell,
            strokes: stroke(0.5),
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
