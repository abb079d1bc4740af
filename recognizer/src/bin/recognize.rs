//! `recognize`: reads one drawing per line — a JSON array of strokes, each an array of
//! `[x, y, pressure]` with x, y in 0..1 of the cell — and prints one JSON answer per line:
//! `{"digit":d,"confidence":p,"second":d2}` or `{"declined":true,"confidence":p}`; a bad line
//! gets `{"error":"…"}` and the tool carries on (exit status 0).
//!
//!     cargo run --release -p inkdoku-recognizer --bin recognize [-- --digits 4] < drawings.jsonl
//!
//! `--digits` is the request's `max_digit`: 9 (the default), 4, or 16 to allow the letters A-G
//! (answered as 10-16).
//!
//! `--bench N` times instead: every drawing N times, printing the median and 90th percentile
//! milliseconds per recognition (rasterizing included) and the model's load time.

use inkdoku_recognizer::{Point, Recognizer, Stroke};
use std::io::{self, BufRead, Write};

static MODEL: &[u8] = include_bytes!("../../../models/digits.cnn");

fn parse(line: &str) -> Result<Vec<Stroke>, String> {
    let raw: Vec<Vec<Vec<f64>>> = serde_json::from_str(line).map_err(|e| format!("not an array of strokes: {e}"))?;
    raw.into_iter()
        .map(|s| {
            s.into_iter()
                .map(|p| match p.as_slice() {
                    [x, y] => Ok(Point { x: *x, y: *y, pressure: 0.0 }),
                    [x, y, pressure] => Ok(Point { x: *x, y: *y, pressure: *pressure }),
                    _ => Err(format!("a point has {} numbers; expected [x, y, pressure]", p.len())),
                })
                .collect()
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let max_digit = args.iter().position(|a| a == "--digits").and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok()).unwrap_or(9);
    let bench: Option<usize> = args.iter().position(|a| a == "--bench").and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok());
    let loading = std::time::Instant::now();
    let recognizer = match Recognizer::load(MODEL) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("recognize: {e}");
            std::process::exit(2);
        }
    };
    let load_ms = loading.elapsed().as_secs_f64() * 1000.0;
    if let Some(runs) = bench {
        let drawings: Vec<Vec<Stroke>> = io::stdin().lock().lines().map_while(Result::ok).filter_map(|l| parse(&l).ok()).collect();
        let mut times = Vec::new();
        for _ in 0..runs.max(1) {
            for d in &drawings {
                let t = std::time::Instant::now();
                let _ = recognizer.recognize(d, max_digit);
                times.push(t.elapsed().as_secs_f64() * 1000.0);
            }
        }
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times.get(((times.len().max(1) - 1) as f64 * q) as usize).copied().unwrap_or(0.0);
        println!(
            "{}",
            serde_json::json!({"drawings": drawings.len(), "runs": runs, "load_ms": load_ms, "median_ms": at(0.5), "p90_ms": at(0.9)})
        );
        return;
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    for line in io::stdin().lock().lines().map_while(Result::ok) {
        if line.trim().is_empty() {
            continue;
        }
        let answer = match parse(&line) {
            Ok(strokes) => match recognizer.recognize(&strokes, max_digit) {
                Ok(r) => serde_json::to_string(&r).expect("serializable"),
                Err(e) => serde_json::json!({ "error": e.to_string() }).to_string(),
            },
            Err(e) => serde_json::json!({ "error": e }).to_string(),
        };
        let _ = writeln!(out, "{answer}");
    }
}
