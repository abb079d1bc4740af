//! Learning the player's hand, on a fixed sequence of corrections: a player who writes digits
//! as a digital clock shows them (models/fixtures/seven_segment.json) gets every 6 read as 5.
//! They correct the misreads as they write; after at most three corrections their 6s are read
//! right, and nothing else they write — nor any fixture drawing — is read differently.
//! Everything goes through the ink worker's messages (`protocol::handle`), as in the app.

use inkdoku_recognizer::protocol::{self, Reply};
use inkdoku_recognizer::{Hand, Recognition, Recognizer};
use serde::Deserialize;
use serde_json::json;
use std::path::PathBuf;

#[derive(Deserialize)]
struct Odd {
    digit: u8,
    strokes: Vec<Vec<[f64; 3]>>,
}

#[derive(Deserialize)]
struct Fixture {
    label: u8,
    strokes: Vec<Vec<[f64; 3]>>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read<T: for<'a> Deserialize<'a>>(file: &str) -> T {
    serde_json::from_str(&std::fs::read_to_string(root().join(file)).unwrap()).unwrap()
}

/// What the worker answers for some strokes: the value read, or 0 when declined.
fn recognize(recognizer: &Recognizer, hand: &mut Hand, strokes: &[Vec<[f64; 3]>], max_digit: u8) -> u8 {
    let request = json!({ "kind": "recognize", "id": 1, "strokes": strokes, "max_digit": max_digit });
    match protocol::handle(recognizer, hand, &request.to_string()) {
        Reply::Recognized { result: Recognition::Digit { digit, .. }, .. } => digit,
        Reply::Recognized { result: Recognition::Declined { .. }, .. } => 0,
        other => panic!("{other:?}"),
    }
}

/// The app sends every corrected drawing each time one is added.
fn teach(recognizer: &Recognizer, hand: &mut Hand, drawings: &[(u8, Vec<Vec<[f64; 3]>>)]) -> usize {
    let drawings: Vec<_> = drawings.iter().map(|(value, strokes)| json!({ "value": value, "strokes": strokes })).collect();
    match protocol::handle(recognizer, hand, &json!({ "kind": "hand", "id": 2, "drawings": drawings }).to_string()) {
        Reply::Learned { count, .. } => count,
        other => panic!("{other:?}"),
    }
}

/// The drawings as the browser hands them over (tests/e2e's `draw`): points every 0.03 of the
/// cell along each stroke, at the pen's pressure of 0.6.
fn as_the_browser_sends(strokes: &[Vec<[f64; 3]>]) -> Vec<Vec<[f64; 3]>> {
    strokes
        .iter()
        .map(|stroke| {
            let mut out: Vec<[f64; 3]> = Vec::new();
            for pair in stroke.windows(2) {
                let ([x0, y0, _], [x1, y1, _]) = (pair[0], pair[1]);
                let steps = ((x1 - x0).hypot(y1 - y0) / 0.03).ceil().max(1.0) as usize;
                out.extend((0..steps).map(|i| {
                    let t = i as f64 / steps as f64;
                    [x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, 0.6]
                }));
            }
            out.extend(stroke.last().map(|&[x, y, _]| [x, y, 0.6]));
            out
        })
        .collect()
}

#[test]
fn three_corrections_teach_an_odd_six_and_change_nothing_else() {
    let mut odd: Vec<Odd> = read("models/fixtures/seven_segment.json");
    odd_six_taught(&odd);
    for o in &mut odd {
        o.strokes = as_the_browser_sends(&o.strokes);
    }
    odd_six_taught(&odd);
}

fn odd_six_taught(odd: &[Odd]) {
    let recognizer = shipped();
    let fixtures: Vec<Fixture> = read("models/fixtures/strokes.json");
    let mut hand = Hand::default();

    // Before: the model reads this hand's 6s as something else, and its other digits right (or,
    // unsure, declines one: the model of models/README.md declines one of its 8s at 0.54).
    // (Should a new model read these 6s right, this test needs another odd style.)
    let sixes: Vec<&Odd> = odd.iter().filter(|o| o.digit == 6).collect();
    let misread = sixes.iter().filter(|o| recognize(&recognizer, &mut hand, &o.strokes, 9) != 6).count();
    assert!(misread >= sixes.len() - 1, "the model reads {} of {} seven-segment 6s right already", sixes.len() - misread, sixes.len());
    let others: Vec<&Odd> = odd.iter().filter(|o| o.digit != 6).collect();
    let others_before: Vec<u8> = others.iter().map(|o| recognize(&recognizer, &mut hand, &o.strokes, 9)).collect();
    for (o, &read) in others.iter().zip(&others_before) {
        assert!(read == o.digit || read == 0, "a seven-segment {} read as {read}", o.digit);
    }
    let declined = others_before.iter().filter(|&&read| read == 0).count();
    assert!(declined <= 1, "{declined} of the hand's other digits declined");
    let before: Vec<u8> = fixtures.iter().map(|f| recognize(&recognizer, &mut hand, &f.strokes, 16)).collect();

    // The player writes their 6s in turn and corrects each misread one.
    let mut corrections: Vec<(u8, Vec<Vec<[f64; 3]>>)> = Vec::new();
    let mut last_correction = None;
    for (i, six) in sixes.iter().enumerate() {
        if recognize(&recognizer, &mut hand, &six.strokes, 9) != 6 {
            corrections.push((6, six.strokes.clone()));
            assert_eq!(teach(&recognizer, &mut hand, &corrections), corrections.len());
            last_correction = Some(i);
        }
    }
    assert!(corrections.len() <= 3, "{} corrections were needed", corrections.len());
    let learned_by = last_correction.expect("at least one correction");
    assert!(learned_by + 3 < sixes.len(), "the 6s were still misread at the end");
    for six in &sixes[learned_by + 1..] {
        assert_eq!(recognize(&recognizer, &mut hand, &six.strokes, 9), 6);
    }

    // Everything else reads as before: the hand's other digits (its 5 and 8 are the 6's
    // nearest shapes) and every fixture, digits and letters.
    for (o, &read) in others.iter().zip(&others_before) {
        assert_eq!(recognize(&recognizer, &mut hand, &o.strokes, 9), read, "a seven-segment {} after learning", o.digit);
    }
    let after: Vec<u8> = fixtures.iter().map(|f| recognize(&recognizer, &mut hand, &f.strokes, 16)).collect();
    let changed: Vec<u8> = fixtures.iter().zip(before.iter().zip(&after)).filter(|(_, (b, a))| b != a).map(|(f, _)| f.label).collect();
    assert!(changed.is_empty(), "fixtures of these labels read differently after learning: {changed:?}");

    // Forgetting (the app sends an empty list) brings the model's own reading back.
    assert_eq!(teach(&recognizer, &mut hand, &[]), 0);
    assert_ne!(recognize(&recognizer, &mut hand, &sixes[learned_by + 1].strokes, 9), 6);
}

#[test]
fn drawings_without_ink_or_value_are_not_learned() {
    let recognizer = shipped();
    let mut hand = Hand::default();
    let line = vec![vec![[0.5, 0.1, 0.5], [0.5, 0.9, 0.5]]];
    let drawings = [(0, line.clone()), (17, line.clone()), (6, vec![]), (1, line)];
    assert_eq!(teach(&recognizer, &mut hand, &drawings), 1);
    // A request that doesn't parse is an error, not a panic, and leaves the hand as it was.
    assert!(matches!(protocol::handle(&recognizer, &mut hand, "{\"kind\":\"hand\",\"id\":3}"), Reply::Error { .. }));
    assert_eq!(hand.len(), 1);
}

/// The recognizer as the ink worker loads it: the picture's network and the trajectory's.
fn shipped() -> Recognizer {
    let mut r = Recognizer::load(&std::fs::read(root().join("models/digits.cnn")).unwrap()).unwrap();
    r.add_strokes(&std::fs::read(root().join("models/strokes.cnn")).unwrap()).unwrap();
    r
}
