//! The player's hand: drawings the player corrected, each with the value it should have been
//! read as. A new drawing that looks like one of them (nearest neighbours over the features
//! the network's last layer reads, by cosine similarity) is pulled towards that value, the
//! more the closer it is; a drawing like none of them is read by the network alone, so the
//! player's other digits are read as before.
//!
//! ```text
//!  features ──cosine with each example──▶ nearness 0..1 per example (0 below NEAR, 1 at SAME)
//!  vote for a value = the nearness of its nearest example; α = SHARE × the highest nearness
//!  probabilities = (1 − α) × network's + α × votes (normalized)
//! ```
//!
//! The examples live on the device only: the app keeps the drawings (not these features, which
//! change with the model) and hands them to the ink worker, which turns them into features.
//!
//! A player does not write a digit the same way twice: the next 6 leans a little more, or is a
//! little narrower. So each corrected drawing is learned with its `redrawings` too — slanted
//! either way and made narrower and wider — and a later drawing is pulled by the nearest of
//! them. (One correction of an upright seven-segment 6 otherwise left the same 6 written in
//! italics read as 5: its features are 0.85 from the upright one, 0.97 from the slanted one.)

/// Below this cosine similarity an example has no say. Measured on the 340 fixtures: 0.05 % of
/// the pairs of drawings of different values come this close (and 0.01 % past `SAME`), while
/// redrawings of one style (tests/hand.rs: seven-segment 6s, moved, resized, slanted) are
/// 0.93-0.98 apart and the seven-segment 5 is at most 0.68 from its 6.
pub const NEAR: f32 = 0.84;

use crate::{Point, Stroke};
/// From this cosine similarity on, an example has its full say.
pub const SAME: f32 = 0.92;
/// The largest share of the answer the examples may take (the network keeps the rest).
pub const SHARE: f32 = 0.85;

/// The corrected drawings, as unit feature vectors (of each drawing and its redrawings) with
/// their right value.
#[derive(Clone, Debug, Default)]
pub struct Hand {
    examples: Vec<(u8, Vec<f32>)>,
    drawings: usize,
    /// The features of each drawing's redrawings by the drawing's key (`protocol`'s hash of
    /// value and strokes): the app sends every drawing again with each correction, and only the
    /// new one needs the network.
    redrawn: Vec<(u64, Vec<Vec<f32>>)>,
}

/// The slants (horizontal shift per unit of height, about ±14°) and widths (around the
/// drawing's centre) a corrected drawing is also learned at. Wider variation would reach other
/// digits: at ±0.4 a slanted 6 comes as near a learned 5 as its own redrawings.
const SLANTS: [f64; 2] = [-0.25, 0.25];
const WIDTHS: [f64; 2] = [0.8, 1.25];

/// A drawing as the player might write it again: itself first, then slanted either way, then
/// narrower and wider.
pub fn redrawings(strokes: &[Stroke]) -> Vec<Vec<Stroke>> {
    let points = || strokes.iter().flatten();
    let count = points().count().max(1) as f64;
    let (cx, cy) = (points().map(|p| p.x).sum::<f64>() / count, points().map(|p| p.y).sum::<f64>() / count);
    let moved = |f: &dyn Fn(&Point) -> Point| -> Vec<Stroke> { strokes.iter().map(|s| s.iter().map(f).collect()).collect() };
    let mut all = vec![strokes.to_vec()];
    for k in SLANTS {
        all.push(moved(&|p| Point { x: p.x - k * (p.y - cy), ..*p }));
    }
    for w in WIDTHS {
        all.push(moved(&|p| Point { x: cx + w * (p.x - cx), ..*p }));
    }
    all
}

fn unit(features: &[f32]) -> Option<Vec<f32>> {
    let norm = features.iter().map(|v| v * v).sum::<f32>().sqrt();
    (norm.is_finite() && norm > 0.0).then(|| features.iter().map(|v| v / norm).collect())
}

fn cosine(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

impl Hand {
    /// Keeps one drawing with the value the player gave it: the features of the drawing and of
    /// its redrawings. Features without ink (all zero) or not numbers are left out; so is a value
    /// of 0. Whether anything of the drawing was kept.
    pub fn learn(&mut self, value: u8, redrawn: &[Vec<f32>]) -> bool {
        let kept: Vec<_> = redrawn.iter().filter_map(|f| unit(f)).filter(|_| value > 0).collect();
        if kept.is_empty() {
            return false;
        }
        self.examples.extend(kept.into_iter().map(|f| (value, f)));
        self.drawings += 1;
        true
    }

    /// The features a drawing with this key was learned from, if it was.
    pub fn redrawn(&self, key: u64) -> Option<&[Vec<f32>]> {
        self.redrawn.iter().find(|(k, _)| *k == key).map(|(_, f)| f.as_slice())
    }

    /// `learn`, remembering the features under the drawing's key for the next time.
    pub fn learn_keyed(&mut self, key: u64, value: u8, redrawn: Vec<Vec<f32>>) -> bool {
        let learned = self.learn(value, &redrawn);
        if learned {
            self.redrawn.push((key, redrawn));
        }
        learned
    }

    /// How many drawings were learned.
    pub fn len(&self) -> usize {
        self.drawings
    }

    pub fn is_empty(&self) -> bool {
        self.drawings == 0
    }

    /// How near the nearest example of each value is (entry `i` for value `i + 1`, 0..1), for
    /// `values` values.
    pub fn nearness(&self, features: &[f32], values: usize) -> Vec<f32> {
        let mut near = vec![0f32; values];
        let Some(f) = unit(features) else { return near };
        for (value, example) in &self.examples {
            let Some(slot) = near.get_mut(*value as usize - 1) else { continue };
            if example.len() != f.len() {
                continue;
            }
            let weight = ((cosine(&f, example) - NEAR) / (SAME - NEAR)).clamp(0.0, 1.0);
            *slot = slot.max(weight);
        }
        near
    }

    /// Pulls the network's probabilities (entry `i` for value `i + 1`) towards the values of
    /// the examples near `features`.
    pub fn weigh_in(&self, features: &[f32], probabilities: &mut [f32]) {
        let near = self.nearness(features, probabilities.len());
        let (top, total) = (near.iter().copied().fold(0.0, f32::max), near.iter().sum::<f32>());
        if top <= 0.0 {
            return;
        }
        let share = SHARE * top;
        for (p, n) in probabilities.iter_mut().zip(&near) {
            *p = (1.0 - share) * *p + share * n / total;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redrawings_slant_and_narrow_around_the_centre() {
        let stem = vec![vec![Point { x: 0.5, y: 0.2, pressure: 0.5 }, Point { x: 0.5, y: 0.8, pressure: 0.5 }]];
        let all = redrawings(&stem);
        assert_eq!(all.len(), 5);
        assert_eq!(all[0], stem);
        // Slanted: the top and the bottom move apart sideways, the middle stays.
        let slanted = &all[1][0];
        assert!((slanted[0].x - slanted[1].x).abs() > 0.1 && ((slanted[0].x + slanted[1].x) / 2.0 - 0.5).abs() < 1e-9);
        assert_eq!((slanted[0].y, slanted[1].y), (0.2, 0.8));
        // A vertical line is its own narrower and wider drawing.
        assert_eq!(all[3], stem);
        assert!(redrawings(&[]).iter().all(|d| d.is_empty()));
    }

    #[test]
    fn an_example_pulls_only_what_is_near_it() {
        let mut hand = Hand::default();
        assert!(!hand.learn(6, &[vec![0.0, 0.0, 0.0]]));
        assert!(!hand.learn(0, &[vec![1.0, 0.0, 0.0]]));
        assert!(!hand.learn(6, &[vec![f32::NAN, 1.0, 0.0]]));
        assert!(!hand.learn(6, &[]));
        assert!(hand.learn(6, &[vec![1.0, 0.1, 0.0], vec![0.0, 0.0, 0.0]]));
        assert_eq!(hand.len(), 1);
        // The network says 5; the drawing is the player's 6 again: read as 6.
        let mut p = vec![0.0, 0.0, 0.0, 0.0, 0.9, 0.1, 0.0, 0.0, 0.0];
        hand.weigh_in(&[2.0, 0.2, 0.0], &mut p);
        assert!(p[5] > 0.8 && (p.iter().sum::<f32>() - 1.0).abs() < 1e-5, "{p:?}");
        // A drawing unlike it is left as the network reads it.
        let mut q = vec![0.0, 0.0, 0.0, 0.0, 0.9, 0.1, 0.0, 0.0, 0.0];
        hand.weigh_in(&[0.0, 1.0, 1.0], &mut q);
        assert_eq!(q, vec![0.0, 0.0, 0.0, 0.0, 0.9, 0.1, 0.0, 0.0, 0.0]);
        // A value the grid doesn't allow (6 on 4x4) has no say, and bad features change nothing.
        let mut four = vec![0.1, 0.2, 0.3, 0.4];
        hand.weigh_in(&[1.0, 0.1, 0.0], &mut four);
        hand.weigh_in(&[f32::NAN, 0.0, 0.0], &mut four);
        hand.weigh_in(&[1.0, 0.1], &mut four);
        assert_eq!(four, vec![0.1, 0.2, 0.3, 0.4]);
    }
}
