//! The trajectory network against the training script's own output
//! (`models/fixtures/trajectory.json`, written by `models/trajectory.py`): the Rust features must
//! be the script's (same resampling, same normalisation, same pen-up marks), the stroke network
//! built as a tract graph must score them as the trained one did (f16 weights), and the weight
//! the recognizer adds its logits with must be the one the script chose.

use inkdoku_recognizer::trajectory::{CHANNELS, SAMPLES, features};
use inkdoku_recognizer::{CLASSES, Point, Recognizer, STROKE_WEIGHT, Stroke};
use serde::Deserialize;
use std::path::PathBuf;

#[derive(Deserialize)]
struct Fixtures {
    weight: f32,
    n: usize,
    drawings: Vec<Drawing>,
}

#[derive(Deserialize)]
struct Drawing {
    source: String,
    label: u8,
    strokes: Vec<Vec<[f64; 3]>>,
    features: Option<Vec<Vec<f32>>>,
    logits: Option<Vec<f32>>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn fixtures() -> Fixtures {
    serde_json::from_str(&std::fs::read_to_string(root().join("models/fixtures/trajectory.json")).unwrap()).unwrap()
}

fn strokes(d: &Drawing) -> Vec<Stroke> {
    d.strokes.iter().map(|s| s.iter().map(|p| Point { x: p[0], y: p[1], pressure: p[2] }).collect()).collect()
}

fn recognizer() -> Recognizer {
    let mut r = Recognizer::load(&std::fs::read(root().join("models/digits.cnn")).unwrap()).unwrap();
    r.add_strokes(&std::fs::read(root().join("models/strokes.cnn")).unwrap()).unwrap();
    r
}

#[test]
fn the_features_are_the_training_scripts() {
    let f = fixtures();
    assert_eq!(f.n, SAMPLES);
    assert!(f.drawings.len() >= 40 && f.drawings.iter().any(|d| d.features.is_none()), "dots are among the fixtures");
    for d in &f.drawings {
        let got = features(&strokes(d));
        match (&got, &d.features) {
            (None, None) => {}
            (Some(got), Some(want)) => {
                let want: Vec<f32> = want.iter().flatten().copied().collect();
                assert_eq!(want.len(), CHANNELS * SAMPLES, "{}", d.source);
                let worst = got.iter().zip(&want).map(|(a, b)| (a - b).abs()).fold(0.0f32, f32::max);
                assert!(worst < 1e-4, "{} ({}): the features differ by {worst}", d.source, d.label);
            }
            _ => panic!("{} ({}): one side has a trajectory, the other none", d.source, d.label),
        }
    }
}

#[test]
fn the_stroke_network_scores_as_trained() {
    let f = fixtures();
    let r = recognizer();
    assert!(r.reads_strokes());
    assert!((STROKE_WEIGHT - f.weight).abs() < 1e-6, "the recognizer's weight {STROKE_WEIGHT} is not the script's {}", f.weight);
    for d in &f.drawings {
        let got = r.stroke_logits(&strokes(d)).unwrap();
        match (got, &d.logits) {
            (None, None) => {}
            (Some(got), Some(want)) => {
                assert_eq!(want.len(), CLASSES);
                let worst = got.iter().zip(want).map(|(a, b)| (a - b).abs()).fold(0.0f32, f32::max);
                assert!(worst < 1e-3, "{} ({}): logits differ by {worst}: {got:?} vs {want:?}", d.source, d.label);
            }
            _ => panic!("{} ({}): one side has logits, the other none", d.source, d.label),
        }
    }
}

#[test]
fn a_damaged_or_mismatched_stroke_network_is_refused_and_the_picture_reads_alone() {
    let mut r = Recognizer::load(&std::fs::read(root().join("models/digits.cnn")).unwrap()).unwrap();
    assert!(r.add_strokes(b"not a network").is_err());
    // The picture's network is no stroke network.
    assert!(r.add_strokes(&std::fs::read(root().join("models/digits.cnn")).unwrap()).is_err());
    assert!(!r.reads_strokes());
    assert_eq!(r.stroke_logits(&[vec![Point { x: 0.5, y: 0.1, pressure: 0.5 }, Point { x: 0.5, y: 0.9, pressure: 0.5 }]]).unwrap(), None);
}

/// A slow pen: points every 0.01 of the cell along each segment, pressure 0.6.
fn slow(segments: &[&[(f64, f64)]]) -> Vec<Stroke> {
    segments
        .iter()
        .map(|pts| {
            let mut out: Stroke = Vec::new();
            for w in pts.windows(2) {
                let n = (((w[1].0 - w[0].0).hypot(w[1].1 - w[0].1)) / 0.01).ceil().max(1.0) as usize;
                for i in 0..n {
                    let t = i as f64 / n as f64;
                    out.push(Point { x: w[0].0 + t * (w[1].0 - w[0].0), y: w[0].1 + t * (w[1].1 - w[0].1), pressure: 0.6 });
                }
            }
            let last = pts[pts.len() - 1];
            out.push(Point { x: last.0, y: last.1, pressure: 0.6 });
            out
        })
        .collect()
}

#[test]
fn where_the_path_alone_makes_the_answer_the_picture_says_it_does_not_back_it() {
    // The first stroke of a two-stroke 4 runs as a 2's foot does: the path reads a 2, the picture
    // does not; the answer says so (`picture`), and the app waits for the 4's second stroke.
    let r = recognizer();
    let half_four = slow(&[&[(0.56, 0.13), (0.2, 0.6), (0.82, 0.6)]]);
    match r.recognize(&half_four, 9).unwrap() {
        inkdoku_recognizer::Recognition::Digit { picture, .. } => assert!(picture < 0.5, "the picture backs it at {picture}"),
        declined => panic!("expected the path's reading, got {declined:?}"),
    }
    // The whole 4, and a plain 7: both networks agree.
    for (digit, strokes) in [
        (4, slow(&[&[(0.56, 0.13), (0.2, 0.6), (0.82, 0.6)], &[(0.63, 0.3), (0.63, 0.88)]])),
        (7, slow(&[&[(0.25, 0.16), (0.76, 0.15), (0.45, 0.88)]])),
    ] {
        match r.recognize(&strokes, 9).unwrap() {
            inkdoku_recognizer::Recognition::Digit { digit: d, confidence, picture, .. } => {
                assert_eq!(d, digit);
                assert!(confidence > 0.9 && picture > 0.9, "{digit}: {confidence} / {picture}");
            }
            declined => panic!("{digit}: {declined:?}"),
        }
    }
}
