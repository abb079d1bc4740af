//! Writes the variant test set (`tests/data/variants/set.jsonl`): puzzles constructed by the
//! engine from fixed seeds, one JSON object a line with its name, kinds, seed, puzzle and
//! solution. Run: `cargo run -p inkdoku-engine --example variant_set > tests/data/variants/set.jsonl`.
//! Every line is the same on every machine (the constructor is seeded and deterministic).

use inkdoku_engine::Size;
use inkdoku_engine::variant::construct::{Kind, construct};
use std::time::Instant;

fn main() {
    // (name, kinds, constraints of each kind (0: killer cages over the whole grid), puzzles)
    let recipes: &[(&str, &[Kind], usize, u64)] = &[
        ("pure killer", &[Kind::Killer], 0, 8),
        ("killer", &[Kind::Killer], 8, 3),
        ("little killer", &[Kind::LittleKiller], 6, 2),
        ("sandwich", &[Kind::Sandwich], 8, 2),
        ("arrow", &[Kind::Arrow], 6, 2),
        ("thermometer", &[Kind::Thermometer], 6, 2),
        ("kropki", &[Kind::Kropki], 14, 2),
        ("xv", &[Kind::Xv], 12, 2),
        ("kropki negative", &[Kind::KropkiNegative], 1, 2),
        ("xv negative", &[Kind::XvNegative], 1, 2),
        ("whispers", &[Kind::Whispers], 6, 2),
        ("renban", &[Kind::Renban], 6, 2),
        ("palindrome", &[Kind::Palindrome], 5, 2),
        ("diagonal", &[Kind::Diagonal], 1, 2),
        ("anti-knight", &[Kind::AntiKnight], 1, 2),
        ("anti-king", &[Kind::AntiKing], 1, 2),
        ("non-consecutive", &[Kind::NonConsecutive], 1, 2),
        ("extra region", &[Kind::ExtraRegion], 2, 2),
        ("disjoint groups", &[Kind::DisjointGroups], 1, 2),
        ("parity", &[Kind::Parity], 12, 2),
        ("killer + thermometer", &[Kind::Killer, Kind::Thermometer], 4, 1),
        ("arrow + kropki", &[Kind::Arrow, Kind::Kropki], 5, 1),
        ("diagonal + anti-knight + killer", &[Kind::Diagonal, Kind::AntiKnight, Kind::Killer], 4, 1),
        ("whispers + renban + palindrome", &[Kind::Whispers, Kind::Renban, Kind::Palindrome], 3, 1),
    ];
    let mut seed = 4300;
    for &(name, kinds, count, n) in recipes {
        for _ in 0..n {
            let t = Instant::now();
            let (puzzle, solution) = loop {
                seed += 1;
                let (p, s) = construct(Size::Nine, kinds, count, seed);
                // Pure killers: only those the cages alone make unique.
                if count > 0 || p.givens.filled_count() == 0 {
                    break (p, s);
                }
            };
            let line = serde_json::json!({ "name": name, "kinds": kinds, "seed": seed, "puzzle": puzzle, "solution": solution });
            println!("{line}");
            eprintln!(
                "{name} (seed {seed}): {} givens, {} constraints, {:.2?}",
                puzzle.givens.filled_count(),
                puzzle.constraints.len(),
                t.elapsed()
            );
        }
    }
}
