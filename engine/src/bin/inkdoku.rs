//! `inkdoku`: the engine on the command line, for puzzle makers and for our tests.
//!
//! Reads puzzles one per line from stdin (blank and `#` lines skipped) and prints one JSON
//! object per puzzle per line. A bad line gets `{"puzzle":…,"error":"…"}` and the exit status
//! stays 0, so one bad line never hides the answers to the others.

use inkdoku_engine::format::{self, line};
use inkdoku_engine::generator::{self, Symmetry};
use inkdoku_engine::rating::Level;
use inkdoku_engine::{Size, solver};
use serde::Serialize;
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "\
inkdoku: solve, generate and grade Sudoku puzzles

USAGE:
  inkdoku solve [--limit N]          count solutions (default limit 2) of each puzzle on stdin
  inkdoku generate [--size 4|9|16] [--level easy|medium|hard|expert]
                   [--symmetry none|rotational|mirror|diagonal] [--seed S] [--count N]
                                     print N new puzzles, one line each (the n-th uses seed S+n)
  inkdoku bench FILE [--limit N] [--runs R]
                                     solve every puzzle of FILE, print puzzles per second
                                     (median of R runs)

Puzzles on stdin: one per line in any accepted format; blank and # lines are skipped.
Each answer is one JSON line; a bad line gets {\"puzzle\":…,\"error\":\"…\"}.
";

enum Command {
    Solve { limit: usize },
    Generate { size: usize, level: String, symmetry: String, seed: u64, count: u64 },
    Bench { file: String, limit: usize, runs: usize },
}

fn parse_args() -> Result<Command, String> {
    let mut args = pico_args::Arguments::from_env();
    if args.contains(["-h", "--help"]) {
        print!("{USAGE}");
        std::process::exit(0);
    }
    let err = |e: pico_args::Error| e.to_string();
    let command = match args.subcommand().map_err(err)?.as_deref() {
        Some("solve") => Command::Solve { limit: args.opt_value_from_str("--limit").map_err(err)?.unwrap_or(2) },
        Some("generate") => Command::Generate {
            size: args.opt_value_from_str("--size").map_err(err)?.unwrap_or(9),
            level: args.opt_value_from_str("--level").map_err(err)?.unwrap_or_else(|| "medium".into()),
            symmetry: args.opt_value_from_str("--symmetry").map_err(err)?.unwrap_or_else(|| "rotational".into()),
            seed: args.opt_value_from_str("--seed").map_err(err)?.unwrap_or(1),
            count: args.opt_value_from_str("--count").map_err(err)?.unwrap_or(1),
        },
        Some("bench") => Command::Bench {
            limit: args.opt_value_from_str("--limit").map_err(err)?.unwrap_or(2),
            runs: args.opt_value_from_str("--runs").map_err(err)?.unwrap_or(1),
            file: args.free_from_str().map_err(|_| "bench needs a FILE of puzzles".to_string())?,
        },
        Some(other) => return Err(format!("unknown command '{other}'\n\n{USAGE}")),
        None => return Err(USAGE.to_string()),
    };
    let rest = args.finish();
    if !rest.is_empty() {
        return Err(format!("unexpected arguments: {rest:?}"));
    }
    Ok(command)
}

#[derive(Serialize)]
struct Solved<'a> {
    puzzle: &'a str,
    count: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
}

#[derive(Serialize)]
struct Failed<'a> {
    puzzle: &'a str,
    error: String,
}

fn main() -> ExitCode {
    let command = match parse_args() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("inkdoku: {e}");
            return ExitCode::from(2);
        }
    };
    let result = match command {
        Command::Solve { limit } => for_each_puzzle(|text, out| {
            match format::parse_any(text) {
                Ok((grid, _)) => {
                    let r = solver::search(&grid, limit, 1);
                    let solution = r.solutions.first().map(|g| g.to_line());
                    emit(out, &Solved { puzzle: text, count: r.count, solution })
                }
                Err(e) => emit(out, &Failed { puzzle: text, error: e.to_string() }),
            }
        }),
        Command::Generate { size, level, symmetry, seed, count } => generate(size, &level, &symmetry, seed, count),
        Command::Bench { file, limit, runs } => bench(&file, limit, runs),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("inkdoku: {e}");
            ExitCode::from(2)
        }
    }
}

fn emit<T: Serialize>(out: &mut dyn Write, value: &T) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    out.write_all(b"\n")
}

/// Calls `f` with each puzzle line of stdin (trimmed; blank and `#` lines skipped).
fn for_each_puzzle(mut f: impl FnMut(&str, &mut dyn Write) -> io::Result<()>) -> Result<(), String> {
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| format!("reading stdin: {e}"))?;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        f(text, &mut out).map_err(|e| format!("writing: {e}"))?;
    }
    out.flush().map_err(|e| format!("writing: {e}"))
}

fn parse_level(name: &str) -> Result<Level, String> {
    match name {
        "easy" => Ok(Level::Easy),
        "medium" => Ok(Level::Medium),
        "hard" => Ok(Level::Hard),
        "expert" => Ok(Level::Expert),
        _ => Err(format!("--level {name}: expected easy, medium, hard or expert")),
    }
}

fn generate(size: usize, level: &str, symmetry: &str, seed: u64, count: u64) -> Result<(), String> {
    let size = Size::from_side(size).ok_or(format!("--size {size}: expected 4, 9 or 16"))?;
    let level = parse_level(level)?;
    let symmetry = Symmetry::from_name(symmetry)
        .ok_or(format!("--symmetry {symmetry}: expected none, rotational, mirror or diagonal"))?;
    let mut out = BufWriter::new(io::stdout().lock());
    for i in 0..count {
        let options = generator::Options { size, level, symmetry, seed: seed.wrapping_add(i) };
        let g = generator::generate(&options, &mut |_| true).ok_or("generation was cancelled")?;
        writeln!(out, "{}", g.puzzle.to_line()).map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}

#[derive(Serialize)]
struct BenchReport<'a> {
    file: &'a str,
    puzzles: usize,
    runs: usize,
    median_seconds: f64,
    puzzles_per_second: f64,
    /// Puzzles by solution count (capped at the limit): a check that the run did real work.
    counts: Vec<usize>,
}

fn bench(path: &str, limit: usize, runs: usize) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut puzzles = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        puzzles.push(line::parse(l).map_err(|e| format!("{path}:{}: {e}", i + 1))?);
    }
    let mut times = Vec::new();
    let mut counts = vec![0usize; limit + 1];
    for run in 0..runs.max(1) {
        let start = Instant::now();
        for p in &puzzles {
            let n = solver::count_solutions(p, limit);
            if run == 0 {
                counts[n] += 1;
            }
        }
        times.push(start.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    let report = BenchReport {
        file: path,
        puzzles: puzzles.len(),
        runs: times.len(),
        median_seconds: median,
        puzzles_per_second: (puzzles.len() as f64 / median).round(),
        counts,
    };
    let mut out = io::stdout().lock();
    emit(&mut out, &report).map_err(|e| e.to_string())
}
