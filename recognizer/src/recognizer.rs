//! Running the model: load it once, then score each drawing and answer a digit or decline.

use crate::hand::Hand;
use crate::network::{Kernel, Network};
use crate::raster::{SIZE, Stroke, rasterize};
use crate::trajectory::{self, CHANNELS, SAMPLES};
pub use inkdoku_ink_protocol::Recognition;
use std::sync::Arc;
use thiserror::Error;
use tract_core::internal::*;

/// How many scores the network gives: the digits 0-9, then the letters A-G as 10-16 (how a
/// 16x16 grid writes its values 10-16).
pub const CLASSES: usize = 17;

/// A digits-only network (0-9, the models before the letters) loads too: it never answers a
/// letter.
pub const DIGIT_CLASSES: usize = 10;

/// The highest value a grid without letters may answer.
const MAX_PLAIN_DIGIT: u8 = 9;

/// The highest value of all, the letter G, allowed only when a request's `max_digit` is 16.
pub const MAX_VALUE: u8 = 16;

/// Below this confidence (softmax over the allowed values) the recognizer declined before issue
/// 45 (chosen then on held-out synthetic strokes, models/metrics.json: "thresholds_synthetic");
/// now, below it, the picture's network must back the answer (`RULE`).
pub const THRESHOLD: f32 = 0.6;

/// Ink flatter than this (height over width) is no digit or letter but a dash or a stray
/// stroke: the network never saw one and may name it with confidence (the 8x8-scan training
/// reads a dash as 2), so it is declined, with the network's two guesses for the chip.
pub const FLATTEST: f64 = 0.25;

/// How much the trajectory network's logits weigh beside the picture's, added to them
/// (`models/strokes.json`, chosen on validation writers and held-out pen styles: the model card).
pub const STROKE_WEIGHT: f32 = 2.0;

/// Why the model could not be loaded or run.
#[derive(Debug, Error)]
pub enum Error {
    #[error("the recognizer model could not be read: {0}")]
    Load(String),
    #[error("the recognizer model failed to run: {0}")]
    Run(String),
}

/// A loaded model.
pub struct Recognizer {
    plan: Arc<TypedRunnableModel>,
    classes: usize,
    /// The trajectory network (`models/strokes.cnn`), when it loaded: without it the picture
    /// reads alone, as before it existed.
    strokes: Option<Arc<TypedRunnableModel>>,
}

impl Recognizer {
    /// Loads the model from the bytes of its network file (`models/digits.cnn`).
    pub fn load(bytes: &[u8]) -> Result<Recognizer, Error> {
        let network = Network::read(bytes).map_err(|e| Error::Load(e.to_string()))?;
        let classes = network.outputs();
        if network.side != SIZE || (classes != CLASSES && classes != DIGIT_CLASSES) {
            return Err(Error::Load(format!(
                "the network reads {0}x{0} images into {classes} scores, not 28x28 into {CLASSES} (or {DIGIT_CLASSES})",
                network.side
            )));
        }
        let plan = network.plan().map_err(|e| Error::Load(e.to_string()))?;
        Ok(Recognizer { plan, classes, strokes: None })
    }

    /// Adds the trajectory network from the bytes of its file (`models/strokes.cnn`): a
    /// sequence network over `trajectory::features` giving as many scores as the picture's.
    pub fn add_strokes(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let network = Network::read(bytes).map_err(|e| Error::Load(format!("the stroke network: {e}")))?;
        if network.kernel() != Kernel::Line || network.input_shape() != [1, CHANNELS, 1, SAMPLES] || network.outputs() != self.classes {
            return Err(Error::Load(format!(
                "the stroke network reads {:?} into {} scores, not {CHANNELS} channels of {SAMPLES} points into {}",
                network.input_shape(),
                network.outputs(),
                self.classes
            )));
        }
        self.strokes = Some(network.plan().map_err(|e| Error::Load(e.to_string()))?);
        Ok(())
    }

    /// Whether the trajectory network is loaded.
    pub fn reads_strokes(&self) -> bool {
        self.strokes.is_some()
    }

    /// The trajectory network's scores for a drawing, when it is loaded and the drawing has a
    /// path (not a dot).
    pub fn stroke_logits(&self, strokes: &[Stroke]) -> Result<Option<[f32; CLASSES]>, Error> {
        let (Some(plan), Some(features)) = (&self.strokes, trajectory::features(strokes)) else {
            return Ok(None);
        };
        let input = Tensor::from_shape(&[1, CHANNELS, 1, SAMPLES], &features).map_err(|e| Error::Run(e.to_string()))?;
        let out = plan.run(tvec!(input.into())).map_err(|e| Error::Run(e.to_string()))?;
        let scores = out[0].to_plain_array_view::<f32>().map_err(|e| Error::Run(e.to_string()))?;
        let mut logits = [f32::NEG_INFINITY; CLASSES];
        for (l, &v) in logits.iter_mut().zip(scores.iter()) {
            *l = v;
        }
        Ok(Some(logits))
    }

    /// How many classes the loaded network scores: 17 (0-9, A-G), or 10 for a digits-only one.
    pub fn classes(&self) -> usize {
        self.classes
    }

    /// The model's scores (logits) for an image: 0-9, then A-G (minus infinity for the letters
    /// of a digits-only network, so they are never answered).
    pub fn logits(&self, image: &[f32; SIZE * SIZE]) -> Result<[f32; CLASSES], Error> {
        Ok(self.read(image)?.0)
    }

    /// The logits and the features the last layer reads them from (what the player's own
    /// drawings are compared by, `Hand`).
    pub fn read(&self, image: &[f32; SIZE * SIZE]) -> Result<([f32; CLASSES], Vec<f32>), Error> {
        let input = Tensor::from_shape(&[1, 1, SIZE, SIZE], image).map_err(|e| Error::Run(e.to_string()))?;
        let out = self.plan.run(tvec!(input.into())).map_err(|e| Error::Run(e.to_string()))?;
        let view = |i: usize| out[i].to_plain_array_view::<f32>().map(|v| v.iter().copied().collect::<Vec<f32>>());
        let scores = view(0).map_err(|e| Error::Run(e.to_string()))?;
        let features = view(1).map_err(|e| Error::Run(e.to_string()))?;
        let mut logits = [f32::NEG_INFINITY; CLASSES];
        for (l, v) in logits.iter_mut().zip(scores) {
            *l = v;
        }
        Ok((logits, features))
    }

    /// The features of a drawing (none for a drawing without ink), for `Hand::learn`.
    pub fn features(&self, strokes: &[Stroke]) -> Result<Option<Vec<f32>>, Error> {
        let image = rasterize(strokes);
        if image.iter().all(|&v| v == 0.0) {
            return Ok(None);
        }
        Ok(Some(self.read(&image)?.1))
    }

    /// Recognizes a drawing; only values `1..=max_digit` may be answered: 9 on 9x9, 4 on 4x4,
    /// 16 on 16x16 (where 10-16 are written as the letters A-G and answered as 10-16). The
    /// letters are allowed only when `max_digit` is 16 (or more); 10-15 count as 9.
    pub fn recognize(&self, strokes: &[Stroke], max_digit: u8) -> Result<Recognition, Error> {
        self.recognize_in(strokes, max_digit, &Hand::default())
    }

    /// Recognizes a drawing as `recognize` does, and where it looks like one of the player's
    /// corrected drawings (`hand`), the value the player gave that one weighs in. The picture's
    /// scores and (weighted by `STROKE_WEIGHT`) the trajectory's are added before the softmax.
    pub fn recognize_in(&self, strokes: &[Stroke], max_digit: u8, hand: &Hand) -> Result<Recognition, Error> {
        Ok(match self.reading(strokes, max_digit, hand)? {
            Some(reading) => RULE.judge(&reading),
            None => Recognition::Declined { declined: true, confidence: 0.0, best: 0, second: 0 },
        })
    }

    /// What the decline rule reads of a drawing (none for a drawing without ink): the
    /// recognizer's answer is `Rule::judge` of it. Apart so that the rule can be measured and
    /// tuned on many drawings without running the networks again (`recognizer/tests/decline.rs`).
    pub fn reading(&self, strokes: &[Stroke], max_digit: u8, hand: &Hand) -> Result<Option<Reading>, Error> {
        let image = rasterize(strokes);
        if image.iter().all(|&v| v == 0.0) {
            return Ok(None);
        }
        let (picture, features) = self.read(&image)?;
        let read = |logits: &[f32; CLASSES]| {
            let mut scores = probabilities(logits, max_digit);
            hand.weigh_in(&features, &mut scores);
            scores
        };
        let picture_scores = read(&picture);
        let (scores, combined) = match self.stroke_logits(strokes)? {
            Some(path) => {
                let mut both = picture;
                for (l, p) in both.iter_mut().zip(path) {
                    *l += STROKE_WEIGHT * p;
                }
                (read(&both), both)
            }
            None => (picture_scores.clone(), picture),
        };
        Ok(Some(Reading { outside: outside(&combined, max_digit), scores, picture: picture_scores, flat: too_flat(strokes) }))
    }
}

/// What the decline rule decides from, for one drawing.
#[derive(Clone, Debug)]
pub struct Reading {
    /// The allowed values' probabilities, both networks together (entry `i` is the value
    /// `i + 1`), with the player's hand weighed in.
    pub scores: Vec<f32>,
    /// The same from the picture's network alone.
    pub picture: Vec<f32>,
    /// How much of a softmax over every class the network knows goes to 0 and to letters the
    /// grid does not allow (on a 9x9): ink that looks like no value of the grid's kind.
    pub outside: f32,
    /// Flatter than any digit (`FLATTEST`).
    pub flat: bool,
}

/// The mass a softmax over every class puts on what is no value of the grid's kind: 0, and
/// the letters where they are not allowed (a digits-only network's letters are minus infinity
/// and take none). Digits above a small grid's values do not count: a flagged 1 on a 4x4 that
/// looks like a 7 is still read as the best of 1-4.
fn outside(logits: &[f32; CLASSES], max_digit: u8) -> f32 {
    let top = logits.iter().copied().filter(|l| l.is_finite()).fold(f32::MIN, f32::max);
    let exp = |l: f32| if l.is_finite() { (l - top).exp() } else { 0.0 };
    let all: f32 = logits.iter().map(|&l| exp(l)).sum();
    let letters_allowed = allowed_max(max_digit) == MAX_VALUE;
    let out: f32 = exp(logits[0]) + if letters_allowed { 0.0 } else { logits[DIGIT_CLASSES..].iter().map(|&l| exp(l)).sum() };
    if all > 0.0 && all.is_finite() { (out / all).clamp(0.0, 1.0) } else { 1.0 }
}

/// The decline rule: when the recognizer answers a value and when it declines. An honest digit
/// declined must be written again, a misread one is fixed with one tap on the chip (its
/// runner-up), so the rule reads what may be a digit and declines what looks like none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rule {
    /// Below this confidence the answer is declined.
    pub threshold: f32,
    /// At or above this share of a softmax over every class going to classes the grid does not
    /// allow (`Reading::outside`: a letter or a 0 on a 9x9) the ink is declined, however sure
    /// the allowed values' softmax is (it only compares the allowed values with each other).
    pub outside: f32,
    /// Below this confidence (`unsure`) the picture's network alone must give the answer at
    /// least `backs`: where only the pen's path makes the answer, a scribble is as likely.
    pub unsure: f32,
    pub backs: f32,
}

/// The rule before issue 45: decline below 0.6, nothing else.
pub const OLD_RULE: Rule = Rule { threshold: THRESHOLD, outside: f32::INFINITY, unsure: 0.0, backs: 0.0 };

/// The rule the recognizer answers by, tuned on real writers' digits never trained on (the
/// tuning half of UCI pendigits' untrained rows) against scribbles, stray marks and
/// strike-throughs, and checked on the other half, held-out pen styles, letters and 0s
/// (`recognizer/tests/decline.rs`, the model card): the old rule declined 9 of 1,340 tuning
/// digits, this one 3; letters on a 9x9 and 0s were mostly read as digits, now all declined.
pub const RULE: Rule = Rule { threshold: LOWEST, outside: 0.85, unsure: THRESHOLD, backs: 0.1 };

/// The lowest confidence ever answered (`RULE`): the runner-up is on the chip.
pub const LOWEST: f32 = 0.35;

impl Rule {
    /// The answer for a drawing read as `reading`.
    pub fn judge(&self, reading: &Reading) -> Recognition {
        let backed = |digit: u8| reading.picture.get(usize::from(digit) - 1).copied().unwrap_or(0.0);
        match self.choose(&reading.scores) {
            Recognition::Digit { digit, confidence, second, .. }
                if reading.flat || reading.outside >= self.outside || (confidence < self.unsure && backed(digit) < self.backs) =>
            {
                Recognition::Declined { declined: true, confidence, best: digit, second }
            }
            Recognition::Digit { digit, confidence, second, .. } => {
                Recognition::Digit { digit, confidence, second, picture: backed(digit) }
            }
            answer => answer,
        }
    }

    /// The best value and the runner-up of some probabilities (entry `i` is the value `i + 1`),
    /// or declined below the threshold.
    fn choose(&self, probabilities: &[f32]) -> Recognition {
        let mut order: Vec<usize> = (0..probabilities.len()).collect();
        order.sort_by(|&a, &b| probabilities[b].total_cmp(&probabilities[a]));
        let confidence = probabilities[order[0]];
        if !confidence.is_finite() {
            return Recognition::Declined { declined: true, confidence: 0.0, best: 0, second: 0 };
        }
        if confidence < self.threshold {
            return Recognition::Declined { declined: true, confidence, best: order[0] as u8 + 1, second: order[1] as u8 + 1 };
        }
        Recognition::Digit { digit: order[0] as u8 + 1, confidence, second: order[1] as u8 + 1, picture: confidence }
    }
}

/// Whether the ink's bounding box is flatter than any written digit or letter (`FLATTEST`).
fn too_flat(strokes: &[Stroke]) -> bool {
    let points = || strokes.iter().flatten();
    let span = |v: &dyn Fn(&crate::raster::Point) -> f64| {
        let (lo, hi) = points().map(v).fold((f64::MAX, f64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)));
        if lo <= hi { hi - lo } else { 0.0 }
    };
    let (width, height) = (span(&|p| p.x), span(&|p| p.y));
    width > 0.0 && height < FLATTEST * width
}

/// The highest value a request's `max_digit` allows: 2-9 as asked, 16 for 16 and above (the
/// letters come all together or not at all), 9 for anything between.
pub fn allowed_max(max_digit: u8) -> u8 {
    if max_digit >= MAX_VALUE { MAX_VALUE } else { max_digit.clamp(2, MAX_PLAIN_DIGIT) }
}

/// Softmax over the allowed values, best and runner-up, and the threshold.
pub fn decide(logits: &[f32; CLASSES], max_digit: u8) -> Recognition {
    RULE.choose(&probabilities(logits, max_digit))
}

/// Softmax over the allowed values: entry `i` is the value `i + 1`.
fn probabilities(logits: &[f32; CLASSES], max_digit: u8) -> Vec<f32> {
    let allowed = &logits[1..=allowed_max(max_digit) as usize];
    let top = allowed.iter().copied().fold(f32::MIN, f32::max);
    let exp: Vec<f32> = allowed.iter().map(|&l| (l - top).exp()).collect();
    let sum: f32 = exp.iter().sum();
    exp.iter().map(|e| e / sum).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decide_restricts_to_the_allowed_digits() {
        let mut logits = [0f32; CLASSES];
        logits[7] = 9.0; // a clear 7 ...
        logits[1] = 4.0;
        assert!(matches!(decide(&logits, 9), Recognition::Digit { digit: 7, second: 1, .. }));
        // ... on a 4x4 grid 7 can't be answered: the best of 1-4 is 1.
        assert!(matches!(decide(&logits, 4), Recognition::Digit { digit: 1, .. }));
        // Flat scores: not sure, declined.
        assert!(matches!(decide(&[0.0; CLASSES], 9), Recognition::Declined { .. }));
        // Torn between a 4 and a 9: read as 4, the 9 on the chip (a tap fixes a misread; a
        // declined digit must be written again) ...
        let mut torn = [0f32; CLASSES];
        torn[4] = 5.0;
        torn[9] = 4.9;
        assert!(matches!(decide(&torn, 9), Recognition::Digit { digit: 4, second: 9, .. }));
        // ... but torn three ways, below `LOWEST`, declined with its two best guesses.
        torn[7] = 4.95;
        assert!(matches!(decide(&torn, 9), Recognition::Declined { best: 4, second: 7, .. }));
        assert!(matches!(decide(&[f32::NAN; CLASSES], 9), Recognition::Declined { confidence, .. } if confidence == 0.0));
    }

    #[test]
    fn flat_ink_is_no_digit() {
        let line = |pts: &[(f64, f64)]| pts.iter().map(|&(x, y)| crate::raster::Point { x, y, pressure: 0.5 }).collect::<Stroke>();
        assert!(too_flat(&[line(&[(0.2, 0.5), (0.8, 0.52)])]), "a dash");
        assert!(too_flat(&[line(&[(0.1, 0.45), (0.9, 0.6)])]), "a long, slightly tilted dash");
        assert!(!too_flat(&[line(&[(0.5, 0.1), (0.45, 0.9)])]), "a 1");
        assert!(!too_flat(&[line(&[(0.2, 0.2), (0.8, 0.2), (0.4, 0.9)])]), "a 7");
        // A 1 slanted by 25 degrees and a wide 2 stay well inside.
        assert!(!too_flat(&[line(&[(0.6, 0.1), (0.25, 0.9)])]));
        assert!(!too_flat(&[line(&[(0.1, 0.3), (0.5, 0.1), (0.9, 0.3), (0.1, 0.7), (0.9, 0.7)])]));
        assert!(!too_flat(&[line(&[(0.5, 0.5)])]), "a dot is not flat (no width)");
    }

    #[test]
    fn letters_only_on_sixteen_by_sixteen() {
        let mut logits = [0f32; CLASSES];
        logits[14] = 10.0; // a clear E (14) ...
        logits[3] = 5.0; // ... that looks a little like a 3
        logits[11] = 4.0; // and a little like a B
        assert!(matches!(decide(&logits, 16), Recognition::Digit { digit: 14, second: 3, .. }));
        // On 9x9 (and for any max_digit short of 16) the letters can't be answered.
        assert!(matches!(decide(&logits, 9), Recognition::Digit { digit: 3, .. }));
        assert!(matches!(decide(&logits, 15), Recognition::Digit { digit: 3, .. }));
        assert!(matches!(decide(&logits, 4), Recognition::Digit { digit: 3, .. }));
        // The runner-up may be a letter too, and anything above 16 means 16.
        logits[3] = 0.0;
        assert!(matches!(decide(&logits, 16), Recognition::Digit { digit: 14, second: 11, .. }));
        assert!(matches!(decide(&logits, 200), Recognition::Digit { digit: 14, second: 11, .. }));
        // 0 is never an answer, even when it scores best.
        logits[0] = 30.0;
        assert!(matches!(decide(&logits, 16), Recognition::Digit { digit: 14, .. }));
        // A digits-only network's letters score minus infinity: never answered, not even second.
        let mut digits_only = [f32::NEG_INFINITY; CLASSES];
        digits_only[..DIGIT_CLASSES].copy_from_slice(&[0.0, 1.0, 0.5, 6.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
        assert!(matches!(decide(&digits_only, 16), Recognition::Digit { digit: 3, second: 1, .. }));
        assert_eq!((allowed_max(0), allowed_max(4), allowed_max(9), allowed_max(12), allowed_max(16)), (2, 4, 9, 9, 16));
    }

    #[test]
    fn bad_model_bytes_are_an_error() {
        assert!(Recognizer::load(b"not a model").is_err());
        assert!(Recognizer::load(&[]).is_err());
    }
}
