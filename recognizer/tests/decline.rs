//! When the recognizer declines (issue 45 item 1: decline only what is not a digit). An honest
//! digit declined must be written again; one misread is fixed with a tap on the chip, so the
//! rule should read every honest digit (its runner-up on the chip) and decline only ink that is
//! no digit. Measured here with both networks and the app's rule (`Recognizer::reading` then
//! `Rule::judge`), on:
//!
//! - **real writers**: UCI's pen-based digits (`models/data/pendigits-train.csv`), drawn as
//!   `models/pendigits.py` draws them: `measure` (one smooth stroke, 70 % of the cell) and
//!   `harsh` (small, slanted, shaky, sparse; its own seeded draws here, not Python's). Only the
//!   rows the networks never trained on (5995 on, the file's last fifth) are used, cut in two
//!   contiguous halves: rows 5995-6744 to tune the rule on, rows 6745-7493 to validate it. The
//!   file has no writer ids and its order is shuffled (blocks of 250 rows differ no more than a
//!   random shuffle's), so the two halves are by the same 30 writers;
//! - **held-out pen styles and non-digits**: `models/fixtures/decline.json`
//!   (`models/fixtures/decline.py`): heldout_styles.py's digits (both ways), 2s with a loop at
//!   the foot, flagged 1s; and letters A-G on a 9x9, 0s, scribbles, stray marks and
//!   strike-throughs, which must still be declined.
//!
//! The report (every set, per digit, declines and misreads apart, the old rule beside the new,
//! and the tuning sweep):
//! `cargo test --release -p inkdoku-recognizer --test decline -- --ignored --nocapture`.

use inkdoku_recognizer::{OLD_RULE, Point, RULE, Reading, Recognition, Recognizer, Rule, Stroke};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;

const OLD: Rule = OLD_RULE;

/// The first row the networks never trained on (`pendigits.VALIDATION_FROM`), and where the
/// validation half starts.
const UNTRAINED_FROM: usize = 5995;
const VALIDATION_FROM: usize = 6745;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn recognizer() -> Recognizer {
    let mut r = Recognizer::load(&std::fs::read(root().join("models/digits.cnn")).unwrap()).unwrap();
    r.add_strokes(&std::fs::read(root().join("models/strokes.cnn")).unwrap()).unwrap();
    r
}

// ---- real writers, drawn as models/pendigits.py draws them ----

/// The file's rows: label and 8 points (x right, y down, 0..1).
fn pendigits() -> Vec<(u8, Vec<(f64, f64)>)> {
    let text = std::fs::read_to_string(root().join("models/data/pendigits-train.csv")).unwrap();
    let rows: Vec<_> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let v: Vec<f64> = l.split(',').map(|t| t.parse().unwrap()).collect();
            (v[0] as u8, (0..8).map(|i| (v[1 + 2 * i] / 100.0, 1.0 - v[2 + 2 * i] / 100.0)).collect())
        })
        .collect();
    assert_eq!(rows.len(), 7494);
    rows
}

fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

/// `pendigits.spline`: a centripetal Catmull-Rom curve through the points.
fn spline(points: &[(f64, f64)], per_segment: usize) -> Vec<(f64, f64)> {
    let mut pts = vec![points[0]];
    for &p in &points[1..] {
        if dist(p, *pts.last().unwrap()) > 1e-6 {
            pts.push(p);
        }
    }
    if pts.len() < 2 {
        return pts;
    }
    let n = pts.len();
    let mut ext = vec![(2.0 * pts[0].0 - pts[1].0, 2.0 * pts[0].1 - pts[1].1)];
    ext.extend(&pts);
    ext.push((2.0 * pts[n - 1].0 - pts[n - 2].0, 2.0 * pts[n - 1].1 - pts[n - 2].1));
    let mut out = Vec::new();
    for i in 1..ext.len() - 2 {
        let (p0, p1, p2, p3) = (ext[i - 1], ext[i], ext[i + 1], ext[i + 2]);
        let t0 = 0.0;
        let t1 = t0 + dist(p0, p1).max(1e-6).sqrt();
        let t2 = t1 + dist(p1, p2).max(1e-6).sqrt();
        let t3 = t2 + dist(p2, p3).max(1e-6).sqrt();
        for k in 0..per_segment {
            let t = t1 + (t2 - t1) * k as f64 / per_segment as f64;
            let lerp = |a: (f64, f64), b: (f64, f64), ta: f64, tb: f64| {
                let (wa, wb) = ((tb - t) / (tb - ta), (t - ta) / (tb - ta));
                (wa * a.0 + wb * b.0, wa * a.1 + wb * b.1)
            };
            let (a1, a2, a3) = (lerp(p0, p1, t0, t1), lerp(p1, p2, t1, t2), lerp(p2, p3, t2, t3));
            let (b1, b2) = (lerp(a1, a2, t0, t2), lerp(a2, a3, t1, t3));
            out.push(lerp(b1, b2, t1, t2));
        }
    }
    out.push(pts[n - 1]);
    out
}

/// A small seeded generator (SplitMix64) for the harsher draws.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    }
    fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }
    fn gauss(&mut self, sigma: f64) -> f64 {
        sigma * (-2.0 * (1.0 - self.next()).ln()).sqrt() * (2.0 * std::f64::consts::PI * self.next()).cos()
    }
}

/// How `pendigits._place` puts a curve in the cell.
struct Place {
    size: f64,
    slant: f64,
    cx: f64,
    cy: f64,
    tremor: f64,
    wobble: f64,
    pressure: f64,
}

fn place(curve: &[(f64, f64)], how: &Place, rng: &mut Rng) -> Vec<Stroke> {
    let sl = how.slant.tan();
    let n = curve.len();
    let shaky = how.tremor > 0.0 || how.wobble > 0.0;
    let (freq, phase) = if shaky { (rng.uniform(0.7, 2.5), rng.uniform(0.0, 2.0 * std::f64::consts::PI)) } else { (0.0, 0.0) };
    let stroke = curve
        .iter()
        .enumerate()
        .map(|(i, &(x, y))| {
            let t = i as f64 / (n.max(2) - 1) as f64;
            let (mut x, mut y) = ((x - 0.5) * how.size, (y - 0.5) * how.size);
            x -= sl * y;
            if shaky {
                let w = 2.0 * std::f64::consts::PI * freq * t;
                x += how.wobble * (w + phase).sin() + rng.gauss(how.tremor);
                y += how.wobble * (w + 1.7 * phase).cos() + rng.gauss(how.tremor);
            }
            let pressure =
                if how.pressure == 0.0 { 0.0 } else { (how.pressure * (0.65 + 0.35 * (std::f64::consts::PI * t).sin())).clamp(0.05, 1.0) };
            Point { x: how.cx + x, y: how.cy + y, pressure }
        })
        .collect();
    vec![stroke]
}

/// `pendigits.measure`: one smooth stroke, centred, 70 % of the cell.
fn measure(points: &[(f64, f64)]) -> Vec<Stroke> {
    let how = Place { size: 0.7, slant: 0.0, cx: 0.5, cy: 0.5, tremor: 0.0, wobble: 0.0, pressure: 0.0 };
    place(&spline(points, 9), &how, &mut Rng(0))
}

/// `pendigits.harsh`, with this file's generator: 40-65 % of the cell, slanted 15-30° either
/// way, shaky, sparse points.
fn harsh(points: &[(f64, f64)], rng: &mut Rng) -> Vec<Stroke> {
    let mut curve = if rng.next() < 0.4 { points.to_vec() } else { spline(points, 1 + (rng.next() * 3.0) as usize) };
    if curve.len() > 6 && rng.next() < 0.4 {
        let last = curve.len() - 1;
        curve = curve.into_iter().enumerate().filter(|&(i, _)| i == 0 || i == last || rng.next() > 0.25).map(|(_, p)| p).collect();
    }
    let size = rng.uniform(0.4, 0.65);
    let slant = rng.uniform(15f64, 30.0).to_radians() * if rng.next() < 0.5 { -1.0 } else { 1.0 };
    let (cx, cy) = (0.5 + rng.uniform(-0.1, 0.1), 0.5 + rng.uniform(-0.1, 0.1));
    let (tremor, wobble) = (rng.uniform(0.004, 0.01), rng.uniform(0.005, 0.02));
    let pressure = if rng.next() < 0.5 { 0.0 } else { rng.uniform(0.1, 1.0) };
    place(&curve, &Place { size, slant, cx, cy, tremor, wobble, pressure }, rng)
}

// ---- the sets ----

#[derive(Deserialize)]
struct Drawing {
    set: String,
    label: u8,
    strokes: Vec<Vec<[f64; 3]>>,
}

/// One drawing as the rule sees it: its set, its digit (0: no digit, must be declined), and
/// what the networks made of it (`None`: no ink, always declined).
struct Item {
    set: String,
    label: u8,
    reading: Option<Reading>,
}

fn items() -> &'static [Item] {
    static ITEMS: OnceLock<Vec<Item>> = OnceLock::new();
    ITEMS.get_or_init(|| {
        let r = recognizer();
        let hand = Default::default();
        let mut out = Vec::new();
        let mut push = |set: &str, label: u8, strokes: &[Stroke]| {
            let reading = r.reading(strokes, 9, &hand).unwrap();
            out.push(Item { set: set.to_string(), label, reading });
        };
        let rows = pendigits();
        let mut rng = Rng(20_261_145);
        for (i, (label, points)) in rows.iter().enumerate().skip(UNTRAINED_FROM) {
            // 0 is no value of any grid: the real writers' 0s are left out, as in the card.
            if *label == 0 {
                continue;
            }
            let part = if i < VALIDATION_FROM { "tuning" } else { "validation" };
            push(&format!("pendigits {part}"), *label, &measure(points));
            push(&format!("pendigits {part} harsher"), *label, &harsh(points, &mut rng));
        }
        let text = std::fs::read_to_string(root().join("models/fixtures/decline.json")).unwrap();
        let drawings: Vec<Drawing> = serde_json::from_str(&text).unwrap();
        for d in drawings {
            let strokes: Vec<Stroke> = d
                .strokes
                .iter()
                .map(|s| s.iter().map(|p| Point { x: p[0] / 1000.0, y: p[1] / 1000.0, pressure: p[2] / 100.0 }).collect())
                .collect();
            push(&d.set, d.label, &strokes);
        }
        out
    })
}

/// What a rule makes of a set: per digit (0 for the non-digits), [drawings, read right,
/// declined, misread].
fn tally(rule: &Rule, set: &str) -> BTreeMap<u8, [usize; 4]> {
    let mut out = BTreeMap::new();
    for item in items().iter().filter(|i| i.set == set) {
        let t = out.entry(item.label).or_insert([0; 4]);
        t[0] += 1;
        match item.reading.as_ref().map(|r| rule.judge(r)) {
            Some(Recognition::Digit { digit, .. }) if digit == item.label => t[1] += 1,
            Some(Recognition::Digit { .. }) => t[3] += 1,
            _ => t[2] += 1,
        }
    }
    out
}

fn total(t: &BTreeMap<u8, [usize; 4]>) -> [usize; 4] {
    t.values().fold([0; 4], |a, v| [a[0] + v[0], a[1] + v[1], a[2] + v[2], a[3] + v[3]])
}

const DIGIT_SETS: [&str; 8] = [
    "pendigits tuning",
    "pendigits tuning harsher",
    "pendigits validation",
    "pendigits validation harsher",
    "heldout",
    "heldout_harsh",
    "loop2",
    "flag1",
];
const NON_DIGIT_SETS: [&str; 5] = ["letter", "zero", "scribble", "stray", "strike"];

fn line(rule: &Rule, set: &str) -> String {
    let t = tally(rule, set);
    let [n, right, declined, misread] = total(&t);
    let per: Vec<String> =
        t.iter().filter(|(_, v)| v[2] + v[3] > 0).map(|(d, v)| format!("{d}: {} declined, {} misread", v[2], v[3])).collect();
    format!(
        "{set}: {n} drawings, {right} read right ({:.2} %), {declined} declined, {misread} misread; {}",
        100.0 * right as f64 / n as f64,
        per.join("; ")
    )
}

#[test]
#[ignore = "a report: run with --ignored --nocapture"]
fn report() {
    for (name, rule) in [("old rule", OLD), ("shipped rule", RULE)] {
        println!("== {name}: {rule:?}");
        for set in DIGIT_SETS.iter().chain(&NON_DIGIT_SETS) {
            println!("{}", line(&rule, set));
        }
    }
}

#[test]
#[ignore = "writes the readings for analysis: run with --ignored"]
fn dump() {
    use std::io::Write;
    let mut f = std::fs::File::create(std::env::var("DUMP").unwrap_or("/tmp/decline-readings.jsonl".into())).unwrap();
    for item in items() {
        let v = item
            .reading
            .as_ref()
            .map(|r| serde_json::json!({"scores": r.scores, "picture": r.picture, "outside": r.outside, "flat": r.flat}));
        writeln!(f, "{}", serde_json::json!({"set": item.set, "label": item.label, "reading": v})).unwrap();
    }
}

/// Declines and misreads of a rule over some sets together.
fn misses(rule: &Rule, sets: &[&str]) -> (usize, usize, usize) {
    sets.iter().map(|s| total(&tally(rule, s))).fold((0, 0, 0), |(n, d, m), t| (n + t[0], d + t[2], m + t[3]))
}

#[test]
fn honest_digits_are_read_rather_than_declined() {
    // The validation half of the real writers, both ways of drawing them (1,354 digits): the
    // old rule declined 7 and misread 26; this one declines 4 (1 in the plain measure) and
    // misreads 29; their sum no higher.
    let validation = ["pendigits validation", "pendigits validation harsher"];
    let (n, declined, misread) = misses(&RULE, &validation);
    assert_eq!(n, 1354);
    assert!(declined <= 4, "{declined} honest digits declined on the validation writers");
    assert!(declined + misread <= 33, "{declined} declined and {misread} misread on the validation writers");
    let (_, declined, misread) = misses(&RULE, &["pendigits validation"]);
    assert!(declined <= 1 && 677 - declined - misread >= 670, "the plain measure: {declined} declined, {misread} misread of 677");
    // The held-out pen styles, a 2 with a loop at its foot and flagged 1s: all read right.
    for set in ["loop2", "flag1", "heldout"] {
        let (n, declined, misread) = misses(&RULE, &[set]);
        assert!(declined == 0 && misread <= 1, "{set}: {declined} declined, {misread} misread of {n}");
    }
    let (_, declined, _) = misses(&RULE, &["heldout_harsh"]);
    assert!(declined <= 2, "held-out styles drawn the harsher way: {declined} declined");
}

#[test]
fn what_is_no_digit_is_still_declined() {
    // Letters on a 9x9, 0s, scribbles, stray marks, strike-throughs (490): the old rule
    // declined 118 (letters 61 of 210, 0s 10 of 40); this one 293, every letter and 0.
    let (n, declined, _) = misses(&RULE, &NON_DIGIT_SETS);
    assert_eq!(n, 490);
    assert!(declined >= 290, "only {declined} of {n} non-digits declined");
    for set in ["letter", "zero"] {
        let (n, declined, _) = misses(&RULE, &[set]);
        assert_eq!(declined, n, "{set}: {declined} of {n} declined");
    }
    // Marks alone (scribbles, stray marks, strike-throughs, 240): the old rule declined 47; the
    // lower threshold costs at most a few of them (43 with 127-step weights; the shipped 15-step
    // ones read one scribble more as a digit, and 31 steps two: models/README.md).
    let (_, declined, _) = misses(&RULE, &["scribble", "stray", "strike"]);
    assert!(declined >= 42, "only {declined} of 240 marks declined");
}
