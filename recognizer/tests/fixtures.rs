//! The recognizer against the training script's own output: the Rust rasterizer must draw the
//! fixture strokes as models/raster.py did, the network (built as a tract graph) must score them as the
//! trained model did, and the answers must be right. Fixtures: models/fixtures/strokes.json,
//! written by models/train.py from held-out synthetic pen strokes (digits 0-9 and the letters
//! A-G, labelled 10-16).

use inkdoku_recognizer::{CLASSES, DIGIT_CLASSES, Point, Recognition, Recognizer, Stroke, rasterize};
use serde::Deserialize;
use std::path::PathBuf;

#[derive(Deserialize)]
struct Fixture {
    label: u8,
    strokes: Vec<Vec<[f64; 3]>>,
    raster: Vec<f32>,
    logits: Vec<f32>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn fixtures() -> Vec<(Fixture, Vec<Stroke>)> {
    let text = std::fs::read_to_string(root().join("models/fixtures/strokes.json")).unwrap();
    let all: Vec<Fixture> = serde_json::from_str(&text).unwrap();
    all.into_iter()
        .map(|f| {
            let strokes = f.strokes.iter().map(|s| s.iter().map(|p| Point { x: p[0], y: p[1], pressure: p[2] }).collect()).collect();
            (f, strokes)
        })
        .collect()
}

#[test]
fn the_rasterizer_agrees_with_the_training_script() {
    for (f, strokes) in fixtures() {
        let img = rasterize(&strokes);
        let worst = img.iter().zip(&f.raster).map(|(a, b)| (a - b).abs()).fold(0.0f32, f32::max);
        assert!(worst < 1e-4, "a {} differs by {worst}", f.label);
    }
}

#[test]
fn the_model_scores_as_trained_and_reads_the_digits() {
    let r = recognizer();
    let (mut right, mut total) = (0, 0);
    for (f, strokes) in fixtures() {
        let logits = r.logits(&rasterize(&strokes)).unwrap();
        // The fixtures' logits are the shipped network's, its 8-bit weights computed in f32 by
        // the training side (models/quantize_eval.py --ship): the tract graph must agree.
        let worst = logits.iter().zip(&f.logits).map(|(a, b)| (a - b).abs()).fold(0.0f32, f32::max);
        assert!(worst < 1e-3, "logits of a {} differ by {worst}", f.label);
        // The fixtures are the shipped model's: as many scores as it has classes.
        assert_eq!(f.logits.len(), r.classes());
        assert!(logits[r.classes()..].iter().all(|&l| l == f32::NEG_INFINITY));
        let best = |l: &[f32]| (0..r.classes()).max_by(|&a, &b| l[a].total_cmp(&l[b]));
        assert_eq!(best(&logits), best(&f.logits), "a {} scored differently", f.label);
        if f.label == 0 {
            continue; // never an answer
        }
        total += 1;
        // Digits as a 9x9 grid asks for them, letters as a 16x16 grid does.
        let max_digit = if f.label <= 9 { 9 } else { 16 };
        if let Ok(Recognition::Digit { digit, .. }) = r.recognize(&strokes, max_digit) {
            right += usize::from(digit == f.label);
        }
        // Only a 16x16 grid ever gets a letter back.
        if let Ok(Recognition::Digit { digit, second, .. }) = r.recognize(&strokes, 9) {
            assert!((1..=9).contains(&digit) && (1..=9).contains(&second), "a {} read as {digit} / {second} on 9x9", f.label);
        }
    }
    assert!(total >= 250, "only {total} fixtures");
    assert!(right * 100 >= total * 97, "{right} of {total} read right");
}

fn line(points: &[(f64, f64)]) -> Stroke {
    // A slow pen: many closely spaced points along each segment.
    let mut out = Vec::new();
    for w in points.windows(2) {
        for i in 0..20 {
            let t = i as f64 / 20.0;
            out.push(Point { x: w[0].0 + t * (w[1].0 - w[0].0), y: w[0].1 + t * (w[1].1 - w[0].1), pressure: 0.6 });
        }
    }
    let last = points[points.len() - 1];
    out.push(Point { x: last.0, y: last.1, pressure: 0.6 });
    out
}

fn read(r: &Recognizer, strokes: &[Stroke], max: u8) -> Option<u8> {
    match r.recognize(strokes, max).unwrap() {
        Recognition::Digit { digit, .. } => Some(digit),
        Recognition::Declined { .. } => None,
    }
}

#[test]
fn hand_drawn_cases() {
    let r = recognizer();
    // A multi-stroke 4 (slanted bar first, then the upright), drawn slowly.
    let four = [line(&[(0.55, 0.15), (0.2, 0.6), (0.8, 0.6)]), line(&[(0.62, 0.3), (0.62, 0.88)])];
    assert_eq!(read(&r, &four, 9), Some(4));
    // A European 7: top bar and diagonal, then a crossbar.
    let seven = [line(&[(0.25, 0.15), (0.75, 0.15), (0.45, 0.88)]), line(&[(0.38, 0.5), (0.68, 0.5)])];
    assert_eq!(read(&r, &seven, 9), Some(7));
    // A 1 with a flag, and a plain 1.
    assert_eq!(read(&r, &[line(&[(0.35, 0.3), (0.55, 0.12), (0.55, 0.88)])], 9), Some(1));
    assert_eq!(read(&r, &[line(&[(0.5, 0.12), (0.5, 0.88)])], 9), Some(1));
    // On a 4x4 grid only 1-4 can be answered.
    assert!(matches!(read(&r, &seven, 4), None | Some(1..=4)));
    // A 6 as a straight slanted stem and a loop.
    let six = [line(&[(0.7, 0.12), (0.3, 0.68), (0.36, 0.86), (0.56, 0.88), (0.66, 0.74), (0.55, 0.6), (0.4, 0.6), (0.31, 0.7)])];
    assert_eq!(read(&r, &six, 9), Some(6));
    // A 1 with a flag and a base.
    let one = [line(&[(0.35, 0.28), (0.52, 0.12), (0.52, 0.88)]), line(&[(0.36, 0.88), (0.68, 0.88)])];
    assert_eq!(read(&r, &one, 9), Some(1));
    // Letters on 16x16 (with a network that has them): an E in four strokes, an F, an A; on 9x9
    // they can't be letters.
    let e = [
        line(&[(0.3, 0.12), (0.3, 0.88)]),
        line(&[(0.3, 0.12), (0.7, 0.12)]),
        line(&[(0.3, 0.5), (0.62, 0.5)]),
        line(&[(0.3, 0.88), (0.72, 0.88)]),
    ];
    let f = [line(&[(0.3, 0.88), (0.3, 0.12), (0.72, 0.12)]), line(&[(0.3, 0.48), (0.6, 0.48)])];
    let a = [line(&[(0.2, 0.88), (0.5, 0.12), (0.8, 0.88)]), line(&[(0.32, 0.6), (0.68, 0.6)])];
    for letter in [&e[..], &f[..], &a[..]] {
        assert!(matches!(read(&r, letter, 9), None | Some(1..=9)));
    }
    if r.classes() == CLASSES {
        assert_eq!(read(&r, &e, 16), Some(14));
        assert_eq!(read(&r, &f, 16), Some(15));
        assert_eq!(read(&r, &a, 16), Some(10));
    } else {
        // A digits-only network never answers a letter, even on 16x16.
        assert_eq!(r.classes(), DIGIT_CLASSES);
        for letter in [&e[..], &f[..], &a[..]] {
            assert!(matches!(read(&r, letter, 16), None | Some(1..=9)));
        }
    }
    // Digits stay digits on 16x16.
    assert_eq!(read(&r, &four, 16), Some(4));
    assert_eq!(read(&r, &seven, 16), Some(7));
    // No ink: declined.
    assert_eq!(read(&r, &[], 9), None);
}

/// The recognizer as the ink worker loads it: the picture's network and the trajectory's.
fn recognizer() -> Recognizer {
    let mut r = Recognizer::load(&std::fs::read(root().join("models/digits.cnn")).unwrap()).unwrap();
    r.add_strokes(&std::fs::read(root().join("models/strokes.cnn")).unwrap()).unwrap();
    r
}
