//! How near the network's features put drawings (cosine similarity, as `Hand` measures it):
//! the measurement behind `hand::NEAR` and `hand::SAME`. Not a check, a report, to run again
//! when the model changes:
//! `cargo test -p inkdoku-recognizer --test similarity -- --ignored --nocapture`.

use inkdoku_recognizer::hand::{NEAR, SAME};
use inkdoku_recognizer::{Point, Recognizer, Stroke};
use serde::Deserialize;
use std::path::PathBuf;

#[derive(Deserialize)]
struct Drawing {
    #[serde(alias = "digit")]
    label: u8,
    strokes: Vec<Vec<[f64; 3]>>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn unit_features(recognizer: &Recognizer, file: &str) -> Vec<(u8, Vec<f32>)> {
    let all: Vec<Drawing> = serde_json::from_str(&std::fs::read_to_string(root().join(file)).unwrap()).unwrap();
    all.into_iter()
        .filter_map(|d| {
            let strokes: Vec<Stroke> =
                d.strokes.iter().map(|s| s.iter().map(|p| Point { x: p[0], y: p[1], pressure: p[2] }).collect()).collect();
            let f = recognizer.features(&strokes).unwrap()?;
            let norm = f.iter().map(|v| v * v).sum::<f32>().sqrt();
            Some((d.label, f.iter().map(|v| v / norm).collect()))
        })
        .collect()
}

fn cosine(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn quantiles(name: &str, mut v: Vec<f32>) {
    v.sort_by(f32::total_cmp);
    let q = |p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
    println!(
        "{name}: {} pairs, min {:.3}, 1 % {:.3}, 5 % {:.3}, median {:.3}, 95 % {:.3}, 99 % {:.3}, 99.9 % {:.3}, max {:.3}",
        v.len(),
        q(0.0),
        q(0.01),
        q(0.05),
        q(0.5),
        q(0.95),
        q(0.99),
        q(0.999),
        q(1.0)
    );
    for t in [0.70, 0.75, 0.78, 0.80, 0.82, 0.84, 0.85, 0.86, 0.88, 0.90, 0.92] {
        let n = v.iter().filter(|&&c| c >= t).count();
        print!("  ≥{t:.2}: {n} ({:.3} %)", 100.0 * n as f64 / v.len() as f64);
    }
    println!();
}

#[test]
#[ignore = "a measurement, not a check"]
fn feature_similarity() {
    let recognizer = Recognizer::load(&std::fs::read(root().join("models/digits.cnn")).unwrap()).unwrap();
    let fixtures = unit_features(&recognizer, "models/fixtures/strokes.json");
    let hand = unit_features(&recognizer, "models/fixtures/seven_segment.json");
    println!("NEAR {NEAR}, SAME {SAME}; {} fixtures, {} seven-segment drawings", fixtures.len(), hand.len());

    let (mut same, mut different) = (Vec::new(), Vec::new());
    let mut closest_different = Vec::new();
    for (i, (a, fa)) in fixtures.iter().enumerate() {
        for (b, fb) in &fixtures[i + 1..] {
            let c = cosine(fa, fb);
            if a == b {
                same.push(c)
            } else {
                different.push(c);
                closest_different.push((c, *a, *b));
            }
        }
    }
    quantiles("fixtures, same value", same);
    quantiles("fixtures, different values", different);
    closest_different.sort_by(|x, y| y.0.total_cmp(&x.0));
    println!("closest different-value fixture pairs: {:?}", &closest_different[..10.min(closest_different.len())]);

    let sixes: Vec<&Vec<f32>> = hand.iter().filter(|(l, _)| *l == 6).map(|(_, f)| f).collect();
    println!("seven-segment 6s, pairwise (row i: cosine to the earlier ones):");
    let mut six_pairs = Vec::new();
    for (i, a) in sixes.iter().enumerate() {
        let row: Vec<String> = sixes[..i].iter().map(|b| format!("{:.3}", cosine(a, b))).collect();
        six_pairs.extend(sixes[..i].iter().map(|b| cosine(a, b)));
        println!("  6 #{}: {}", i + 1, row.join(" "));
    }
    quantiles("seven-segment 6s, redrawings", six_pairs);
    for digit in 1..=9u8 {
        if digit == 6 {
            continue;
        }
        let to_sixes: Vec<f32> =
            hand.iter().filter(|(l, _)| *l == digit).flat_map(|(_, f)| sixes.iter().map(move |s| cosine(f, s))).collect();
        if let Some(max) = to_sixes.iter().copied().reduce(f32::max) {
            println!("seven-segment {digit}s to its 6s: max {max:.3}");
        }
        let same_digit: Vec<&Vec<f32>> = hand.iter().filter(|(l, _)| *l == digit).map(|(_, f)| f).collect();
        let pairs: Vec<f32> =
            same_digit.iter().enumerate().flat_map(|(i, a)| same_digit[i + 1..].iter().map(move |b| cosine(a, b))).collect();
        if let (Some(lo), Some(hi)) = (pairs.iter().copied().reduce(f32::min), pairs.iter().copied().reduce(f32::max)) {
            println!("  seven-segment {digit}s among themselves: {lo:.3}-{hi:.3}");
        }
    }
    let mut fixture_to_six: Vec<(f32, u8)> =
        fixtures.iter().map(|(l, f)| (sixes.iter().map(|s| cosine(f, s)).fold(f32::MIN, f32::max), *l)).collect();
    fixture_to_six.sort_by(|x, y| y.0.total_cmp(&x.0));
    println!("fixtures nearest a seven-segment 6 (cosine, label): {:?}", &fixture_to_six[..10]);
}
