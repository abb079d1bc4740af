//! Times the variant hint walk over the variant set (`tests/data/variants/set.jsonl`): for each
//! puzzle, Hint + Apply from its givens to the win, as `tests/variant_hints.rs` walks it, with
//! the walk's time, its slowest hint and the time spent in the trials (`ConstraintTrial`,
//! `NestedConstraintTrial` steps). Run:
//! `nice -n -15 cargo run --release -p inkdoku-engine --example variant_hint_times`
//! (an argument: only the puzzles of those line numbers, from 0, comma-separated).

use inkdoku_engine::Grid;
use inkdoku_engine::hint::variant_hint;
use inkdoku_engine::position::Position;
use inkdoku_engine::step::Technique;
use inkdoku_engine::techniques::constraint_cells;
use inkdoku_engine::variant::{Constraint, Puzzle};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/variants/set.jsonl");
    let only: Option<Vec<usize>> = std::env::args().nth(1).map(|a| a.split(',').filter_map(|n| n.parse().ok()).collect());
    let text = std::fs::read_to_string(path).expect("the variant set");
    println!("| line | puzzle | hints | walk (s) | slowest hint (ms) | trial steps | nested steps | in nested (s) | solved |");
    println!("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    let (mut all, mut slowest_all) = (Duration::ZERO, Duration::ZERO);
    // Steps by technique over the walked puzzles: what the walk leans on.
    let mut by_technique: BTreeMap<Technique, usize> = BTreeMap::new();
    // The trials (one level and nested) by the puzzle's kinds, where the candidate removed sits
    // (the constraints over its cell) and what the one-level trial runs into: what an explained
    // step or a stronger narrowing would have to replace.
    let mut trials_at: BTreeMap<(String, &str, String, String), usize> = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        if only.as_ref().is_some_and(|o| !o.contains(&i)) {
            continue;
        }
        let v: serde_json::Value = serde_json::from_str(line).expect("a set entry");
        let puzzle: Puzzle = serde_json::from_value(v["puzzle"].clone()).expect("a puzzle");
        let solution: Grid = serde_json::from_value(v["solution"].clone()).expect("a solution");
        let mut position = Position::from_grid(&puzzle.givens);
        let (mut hints, mut trials, mut nested) = (0, 0, 0);
        let (mut walk, mut slowest, mut in_nested) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
        for _ in 0..2000 {
            let t = Instant::now();
            let Some(step) = variant_hint(&puzzle, &position, Some(&solution)) else { break };
            let took = t.elapsed();
            if step.technique == Technique::Reveal {
                break;
            }
            walk += took;
            slowest = slowest.max(took);
            hints += 1;
            *by_technique.entry(step.technique).or_insert(0) += 1;
            if matches!(step.technique, Technique::ConstraintTrial | Technique::NestedConstraintTrial) {
                let form = match (step.technique, step.eliminations.len()) {
                    (Technique::NestedConstraintTrial, _) => "nested",
                    (_, 1) if step.candidates.len() == 1 => "one candidate",
                    _ => "a cell's every digit",
                };
                let cell = step.cells[0];
                let mut over: Vec<&str> = puzzle.constraints.iter().filter(|c| covers(c, cell)).map(kind_name).collect();
                over.dedup();
                let broken = step.broken.map_or("-".to_string(), |b| format!("{b:?}").split('(').next().unwrap_or("?").to_string());
                let kinds = v["name"].as_str().unwrap_or("?").to_string();
                *trials_at.entry((kinds, form, if over.is_empty() { "none".into() } else { over.join("+") }, broken)).or_insert(0) += 1;
            }
            match step.technique {
                Technique::ConstraintTrial => trials += 1,
                Technique::NestedConstraintTrial => {
                    nested += 1;
                    in_nested += took;
                }
                _ => {}
            }
            position.apply(&step);
        }
        let solved = position.is_solved() && position.grid() == solution;
        println!(
            "| {i} | {} | {hints} | {:.2} | {:.0} | {trials} | {nested} | {:.2} | {solved} |",
            v["name"].as_str().unwrap_or("?"),
            walk.as_secs_f64(),
            slowest.as_secs_f64() * 1000.0,
            in_nested.as_secs_f64()
        );
        all += walk;
        slowest_all = slowest_all.max(slowest);
    }
    println!("\nsteps by technique: {by_technique:?}");
    println!("\n| puzzle | trial | the removed candidate's cell in | runs into | steps |\n| --- | --- | --- | --- | ---: |");
    for ((kinds, form, over, broken), n) in &trials_at {
        println!("| {kinds} | {form} | {over} | {broken} | {n} |");
    }
    println!("whole walk: {:.2} s, slowest hint: {:.0} ms", all.as_secs_f64(), slowest_all.as_secs_f64() * 1000.0);
}

/// Whether a constraint with cells of its own holds `cell` (not a rule over the whole grid,
/// nor a sandwich's or a diagonal's line: those reach across the grid).
fn covers(c: &Constraint, cell: inkdoku_engine::geometry::Cell) -> bool {
    !matches!(c, Constraint::Sandwich { .. } | Constraint::Diagonal { .. })
        && constraint_cells(inkdoku_engine::Size::Nine, c).is_some_and(|cells| cells.contains(&cell))
}

/// A short name of a constraint's kind.
fn kind_name(c: &Constraint) -> &'static str {
    match c {
        Constraint::Killer { .. } => "cage",
        Constraint::LittleKiller { .. } => "little killer",
        Constraint::Thermometer { .. } => "thermo",
        Constraint::Whispers { .. } => "whispers",
        Constraint::Renban { .. } => "renban",
        Constraint::Palindrome { .. } => "palindrome",
        Constraint::ExtraRegion { .. } => "extra region",
        Constraint::Arrow { .. } => "arrow",
        Constraint::Kropki { .. } => "dot",
        Constraint::Xv { .. } => "xv",
        Constraint::Parity { .. } => "parity",
        _ => "grid rule",
    }
}
