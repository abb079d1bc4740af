//! The player's corrected drawings (`controller::hand` learns them): the record kept on this
//! device (`inkdoku.hand.v1`) and handed to the ink worker (`InkWorker::teach`).

use serde::{Deserialize, Serialize};

/// The most drawings kept per value (the oldest go first).
pub const PER_VALUE: usize = 5;
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
    #[inline]
    pub fn remove(&mut self, index: usize) {
        if index < self.samples.len() {
            self.samples.remove(index);
        }
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
    }
}
