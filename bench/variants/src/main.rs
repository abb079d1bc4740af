//! Times inkdoku's variant solver and lisudoku-solver on every puzzle of the variant set
//! (counting to two, as a uniqueness check does), grouped by the puzzle's kind, and prints a
//! table with the ratio. Puzzles with a constraint lisudoku-solver does not know are timed for
//! inkdoku only. Usage: inkdoku-bench-variants [SET] [REPEATS] [--inkdoku-only]

use inkdoku_engine::Size;
use inkdoku_engine::variant::{self, Constraint, Diagonal, Dot, Puzzle};
use lisudoku_solver::solver::Solver;
use lisudoku_solver::types::SudokuConstraints;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

#[derive(serde::Deserialize)]
struct Entry {
    name: String,
    seed: u64,
    puzzle: Puzzle,
    solution: inkdoku_engine::Grid,
}

fn pos(size: Size, c: inkdoku_engine::Cell) -> Value {
    json!({ "row": size.row_of(c), "col": size.col_of(c) })
}

/// The puzzle in lisudoku-solver's terms, or `None` when it has a constraint lisudoku does not
/// know (little killer, sandwich, XV, whispers, non-consecutive, disjoint groups).
fn to_lisudoku(p: &Puzzle) -> Option<SudokuConstraints> {
    let size = p.size();
    let cells = |v: &[inkdoku_engine::Cell]| v.iter().map(|&c| pos(size, c)).collect::<Vec<_>>();
    let fixed: Vec<Value> =
        size.cells().filter_map(|c| p.givens.get(c).map(|d| json!({ "position": pos(size, c), "value": d.get() }))).collect();
    let mut o = json!({ "gridSize": size.side(), "fixedNumbers": fixed });
    let mut push = |key: &str, v: Value| {
        let list = o.as_object_mut().unwrap().entry(key).or_insert(json!([]));
        list.as_array_mut().unwrap().push(v);
    };
    let mut flags = Vec::new();
    for c in &p.constraints {
        match c {
            Constraint::Killer { cells: v, sum } => push("killerCages", json!({ "sum": sum, "region": cells(v) })),
            Constraint::Thermometer { cells: v } => push("thermos", json!(cells(v))),
            Constraint::Arrow { circle, line } => push("arrows", json!({ "circleCells": cells(circle), "arrowCells": cells(line) })),
            Constraint::Kropki { cells: [a, b], dot } => {
                let t = if *dot == Dot::White { "Consecutive" } else { "Double" };
                push("kropkiDots", json!({ "dotType": t, "cell1": pos(size, *a), "cell2": pos(size, *b) }))
            }
            Constraint::KropkiNegative { white: true, black: true } => flags.push("kropkiNegative"),
            Constraint::Renban { cells: v } => push("renbans", json!(cells(v))),
            Constraint::Palindrome { cells: v } => push("palindromes", json!(cells(v))),
            Constraint::Diagonal { diagonal: Diagonal::Main } => flags.push("primaryDiagonal"),
            Constraint::Diagonal { diagonal: Diagonal::Anti } => flags.push("secondaryDiagonal"),
            Constraint::AntiKnight => flags.push("antiKnight"),
            Constraint::AntiKing => flags.push("antiKing"),
            Constraint::ExtraRegion { cells: v } => push("extraRegions", json!(cells(v))),
            Constraint::Parity { cell, even } => push(if *even { "evenCells" } else { "oddCells" }, pos(size, *cell)),
            _ => return None,
        }
    }
    if p.regions.is_some() {
        return None;
    }
    for f in flags {
        o[f] = json!(true);
    }
    Some(serde_json::from_value(o).expect("lisudoku constraints"))
}

/// The fastest of `repeats` runs (the least disturbed by the other work on the machine).
fn time<T>(repeats: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..repeats {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed());
        out = Some(r);
    }
    (best, out.expect("at least one run"))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or_else(|| "tests/data/variants/set.jsonl".into());
    let repeats: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    // `--inkdoku-only`: skip lisudoku-solver (it takes minutes), to iterate on the engine.
    let ours_only = args.next().is_some_and(|a| a == "--inkdoku-only");
    let text = std::fs::read_to_string(&path).expect("the variant set");
    let set: Vec<Entry> = text.lines().map(|l| serde_json::from_str(l).expect("an entry")).collect();
    // name -> (puzzles, inkdoku total, slowest inkdoku, lisudoku total, puzzles lisudoku ran)
    let mut rows: Vec<(String, usize, Duration, Duration, Duration, usize)> = Vec::new();
    for e in &set {
        let (ours, r) = time(repeats, || variant::solve(&e.puzzle, 2, 1).expect("well formed"));
        assert_eq!((r.count, &r.solutions[0]), (1, &e.solution), "inkdoku on {} (seed {})", e.name, e.seed);
        let theirs = to_lisudoku(&e.puzzle).filter(|_| !ours_only).map(|c| {
            // lisudoku-solver takes minutes on some puzzles: those are timed once.
            let (first, _) = time(1, || Solver::new(c.clone()).brute_solve(true));
            let again = if first.as_secs_f64() > 1.0 { 1 } else { repeats };
            let (t, r) = time(again, || Solver::new(c.clone()).brute_solve(true));
            let t = t.min(first);
            assert_eq!(r.solution_count, 1, "lisudoku on {} (seed {})", e.name, e.seed);
            let grid = r.solution.expect("a solution");
            let line: String = grid.0.iter().flatten().map(|d| char::from_digit(*d, 10).unwrap_or('?')).collect();
            assert_eq!(line, e.solution.to_line(), "lisudoku on {} (seed {})", e.name, e.seed);
            t
        });
        let row = match rows.iter_mut().position(|r| r.0 == e.name) {
            Some(i) => &mut rows[i],
            None => {
                rows.push((e.name.clone(), 0, Duration::ZERO, Duration::ZERO, Duration::ZERO, 0));
                rows.last_mut().unwrap()
            }
        };
        row.1 += 1;
        row.2 += ours;
        row.3 = row.3.max(ours);
        if let Some(t) = theirs {
            row.4 += t;
            row.5 += 1;
        }
    }
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("| kind | puzzles | inkdoku mean (ms) | inkdoku slowest (ms) | lisudoku-solver mean (ms) | ratio (lisudoku / inkdoku) |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    let (mut all_ours, mut all_theirs, mut both_ours) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    for (name, n, ours, slowest, theirs, ran) in &rows {
        let mean = ms(*ours) / *n as f64;
        all_ours += *ours;
        let (theirs_text, ratio) = if *ran == *n {
            all_theirs += *theirs;
            both_ours += *ours;
            let t = ms(*theirs) / *n as f64;
            (format!("{t:.3}"), format!("{:.1}x", t / mean))
        } else {
            ("not supported".into(), "-".into())
        };
        println!("| {name} | {n} | {mean:.3} | {:.3} | {theirs_text} | {ratio} |", ms(*slowest));
    }
    println!();
    println!(
        "All {} puzzles, inkdoku: {:.1} ms in all, slowest {:.3} ms.",
        set.len(),
        ms(all_ours),
        rows.iter().map(|r| ms(r.3)).fold(0.0, f64::max)
    );
    println!(
        "Puzzles both solve: inkdoku {:.1} ms, lisudoku-solver {:.1} ms ({:.1}x).",
        ms(both_ours),
        ms(all_theirs),
        ms(all_theirs) / ms(both_ours)
    );
}
