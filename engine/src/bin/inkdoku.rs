//! `inkdoku`: the engine on the command line, for puzzle makers and for our tests.
//!
//! Reads puzzles one per line from stdin (blank and `#` lines skipped) and prints one JSON
//! object per puzzle per line. A bad line gets `{"puzzle":…,"error":"…"}` and the exit status
//! stays 0, so one bad line never hides the answers to the others.

use inkdoku_engine::format::{self, line};
use inkdoku_engine::generator::{self, Symmetry};
use inkdoku_engine::rating::{self, Level};
use inkdoku_engine::{Size, solver, techniques};
use serde::Serialize;
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "\
inkdoku: solve, generate and grade Sudoku puzzles

USAGE:
  inkdoku solve [--limit N]          count solutions (default limit 2) of each puzzle on stdin
  inkdoku generate [--size 4|6|9|16] [--level easy|medium|hard|expert|extreme|master]
                   [--symmetry none|rotational|mirror|diagonal] [--seed S] [--count N]
                                     print N new puzzles, one line each (the n-th uses seed S+n)
  inkdoku book                       print the book of premade first puzzles (every size and
                                     level, fixed seeds; static/first-puzzles.txt)
  inkdoku bench FILE [--limit N] [--runs R] [--engine best|simd|fast9|avx2|portable]
                                     solve every puzzle of FILE, print puzzles per second
                                     (median of R runs; 9x9 with a chosen solver)
  inkdoku bench-generate [--size N] [--level L] [--count N] [--seed S]
                                     time making N puzzles: median, 90th percentile, worst,
                                     and the levels they rate
  inkdoku steps                      the whole logical solve of each puzzle on stdin
  inkdoku rate                       level, score and hardest technique of each puzzle
  inkdoku hint                       the first logical step of each puzzle
  inkdoku bench-logic FILE [--runs R]
                                     logical solves (steps) of every puzzle of FILE: median and
                                     90th percentile time per puzzle

Puzzles on stdin: one per line in any accepted format; blank and # lines are skipped.
Each answer is one JSON line; a bad line gets {\"puzzle\":…,\"error\":\"…\"}.
";

enum Command {
    Steps,
    Rate,
    Hint,
    BenchLogic { file: String, runs: usize },
    BenchGenerate { size: usize, level: String, seed: u64, count: u64 },
    Solve { limit: usize },
    Generate { size: usize, level: String, symmetry: String, seed: u64, count: u64 },
    Book,
    Bench { file: String, limit: usize, runs: usize, engine: Option<solver::Engine9> },
}

fn parse_args() -> Result<Command, String> {
    let mut args = pico_args::Arguments::from_env();
    if args.contains(["-h", "--help"]) {
        print!("{USAGE}");
        std::process::exit(0);
    }
    let err = |e: pico_args::Error| e.to_string();
    let command = match args.subcommand().map_err(err)?.as_deref() {
        Some("steps") => Command::Steps,
        Some("book") => Command::Book,
        Some("rate") => Command::Rate,
        Some("hint") => Command::Hint,
        Some("bench-logic") => Command::BenchLogic {
            runs: args.opt_value_from_str("--runs").map_err(err)?.unwrap_or(1),
            file: args.free_from_str().map_err(|_| "bench-logic needs a FILE of puzzles".to_string())?,
        },
        Some("bench-generate") => Command::BenchGenerate {
            size: args.opt_value_from_str("--size").map_err(err)?.unwrap_or(9),
            level: args.opt_value_from_str("--level").map_err(err)?.unwrap_or_else(|| "expert".into()),
            seed: args.opt_value_from_str("--seed").map_err(err)?.unwrap_or(1),
            count: args.opt_value_from_str("--count").map_err(err)?.unwrap_or(21),
        },
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
            engine: match args.opt_value_from_str::<_, String>("--engine").map_err(err)?.as_deref() {
                None => None,
                Some("best") => Some(solver::Engine9::Best),
                Some("simd") => Some(solver::Engine9::Simd),
                Some("fast9") => Some(solver::Engine9::Fast9),
                Some("avx2") => Some(solver::Engine9::Avx2),
                Some("portable") => Some(solver::Engine9::Portable),
                Some(other) => return Err(format!("unknown engine '{other}'")),
            },
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
struct StepJson {
    technique: &'static str,
    place: Vec<[u8; 3]>,
    eliminate: Vec<[u8; 3]>,
    explanation: String,
}

impl StepJson {
    fn of(step: &inkdoku_engine::step::Step, size: Size) -> StepJson {
        let rcd = |c: &inkdoku_engine::Candidate| [size.row_of(c.cell) as u8 + 1, size.col_of(c.cell) as u8 + 1, c.digit.get()];
        StepJson {
            technique: step.technique.name(),
            place: step.placements.iter().map(rcd).collect(),
            eliminate: step.eliminations.iter().map(rcd).collect(),
            explanation: step.explanation(size),
        }
    }
}

#[derive(Serialize)]
struct Steps<'a> {
    puzzle: &'a str,
    steps: Vec<StepJson>,
    solved: bool,
}

#[derive(Serialize)]
struct Rated<'a> {
    puzzle: &'a str,
    level: &'static str,
    score: f32,
    hardest: Option<&'static str>,
}

#[derive(Serialize)]
struct HintJson<'a> {
    puzzle: &'a str,
    technique: &'static str,
    place: Vec<[u8; 3]>,
    eliminate: Vec<[u8; 3]>,
    explanation: String,
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
        Command::Solve { limit } => for_each_puzzle(|text, out| match format::parse_any(text) {
            Ok((grid, _)) => {
                let r = solver::search(&grid, limit, 1);
                let solution = r.solutions.first().map(|g| g.to_line());
                emit(out, &Solved { puzzle: text, count: r.count, solution })
            }
            Err(e) => emit(out, &Failed { puzzle: text, error: e.to_string() }),
        }),
        Command::Generate { size, level, symmetry, seed, count } => generate(size, &level, &symmetry, seed, count),
        Command::Book => book(),
        Command::Steps => for_each_grid(|text, grid, out| {
            let solve = rating::solve_logically(&grid);
            let steps: Vec<StepJson> = solve.steps.iter().map(|s| StepJson::of(s, grid.size())).collect();
            emit(out, &Steps { puzzle: text, steps, solved: solve.solved })
        }),
        Command::Rate => for_each_grid(|text, grid, out| {
            if !solver::is_unique(&grid) {
                return emit(out, &Failed { puzzle: text, error: "the puzzle does not have exactly one solution".into() });
            }
            let r = rating::rate(&grid);
            emit(out, &Rated { puzzle: text, level: r.level.name(), score: r.score, hardest: r.hardest.map(|t| t.name()) })
        }),
        Command::Hint => for_each_grid(|text, grid, out| {
            let position = inkdoku_engine::position::Position::from_grid(&grid);
            match techniques::next_step(&position) {
                Some(step) => {
                    let s = StepJson::of(&step, grid.size());
                    emit(
                        out,
                        &HintJson {
                            puzzle: text,
                            technique: s.technique,
                            place: s.place,
                            eliminate: s.eliminate,
                            explanation: s.explanation,
                        },
                    )
                }
                None => emit(out, &Failed { puzzle: text, error: "no technique applies (solved, or trial and error needed)".into() }),
            }
        }),
        Command::BenchLogic { file, runs } => bench_logic(&file, runs),
        Command::BenchGenerate { size, level, seed, count } => bench_generate(size, &level, seed, count),
        Command::Bench { file, limit, runs, engine } => bench(&file, limit, runs, engine),
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

/// Like `for_each_puzzle`, but parses each line first (a bad line gets an `error` answer).
fn for_each_grid(mut f: impl FnMut(&str, inkdoku_engine::Grid, &mut dyn Write) -> io::Result<()>) -> Result<(), String> {
    for_each_puzzle(|text, out| match format::parse_any(text) {
        Ok((grid, _)) => f(text, grid, out),
        Err(e) => emit(out, &Failed { puzzle: text, error: e.to_string() }),
    })
}

#[derive(Serialize)]
struct LogicReport<'a> {
    file: &'a str,
    puzzles: usize,
    runs: usize,
    median_ms: f64,
    p90_ms: f64,
    max_ms: f64,
    solved: usize,
}

fn bench_logic(path: &str, runs: usize) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let puzzles: Vec<_> =
        text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).filter_map(|l| line::parse(l.trim()).ok()).collect();
    let mut times = Vec::new();
    let mut solved = 0;
    for run in 0..runs.max(1) {
        for p in &puzzles {
            let start = Instant::now();
            let s = rating::solve_logically(p);
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            if run == 0 && s.solved {
                solved += 1;
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    let report =
        LogicReport { file: path, puzzles: puzzles.len(), runs: runs.max(1), median_ms: at(0.5), p90_ms: at(0.9), max_ms: at(1.0), solved };
    emit(&mut io::stdout().lock(), &report).map_err(|e| e.to_string())
}

#[derive(Serialize)]
struct GenerateReport {
    size: usize,
    level: &'static str,
    count: u64,
    median_ms: f64,
    p90_ms: f64,
    max_ms: f64,
    /// How many of the puzzles rate at each level.
    rated: std::collections::BTreeMap<&'static str, u64>,
}

fn bench_generate(size: usize, level: &str, seed: u64, count: u64) -> Result<(), String> {
    let size_t = Size::from_side(size).ok_or(format!("--size {size}: expected 4, 6, 9 or 16"))?;
    let level_t = parse_level(level)?;
    let mut times = Vec::new();
    let mut rated = std::collections::BTreeMap::new();
    for i in 0..count.max(1) {
        let options = generator::Options { size: size_t, level: level_t, symmetry: Symmetry::Rotational, seed: seed.wrapping_add(i) };
        let start = Instant::now();
        let g = generator::generate(&options, &mut |_| true).ok_or("cancelled")?;
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        *rated.entry(g.rating.level.name()).or_insert(0) += 1;
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| (times[((times.len() - 1) as f64 * q) as usize] * 10.0).round() / 10.0;
    let report =
        GenerateReport { size, level: level_t.name(), count: count.max(1), median_ms: at(0.5), p90_ms: at(0.9), max_ms: at(1.0), rated };
    emit(&mut io::stdout().lock(), &report).map_err(|e| e.to_string())
}

fn parse_level(name: &str) -> Result<Level, String> {
    match name {
        "easy" => Ok(Level::Easy),
        "medium" => Ok(Level::Medium),
        "hard" => Ok(Level::Hard),
        "expert" => Ok(Level::Expert),
        "extreme" => Ok(Level::Extreme),
        "master" => Ok(Level::Master),
        _ => Err(format!("--level {name}: expected easy, medium, hard, expert, extreme or master")),
    }
}

fn generate(size: usize, level: &str, symmetry: &str, seed: u64, count: u64) -> Result<(), String> {
    let size = Size::from_side(size).ok_or(format!("--size {size}: expected 4, 6, 9 or 16"))?;
    let level = parse_level(level)?;
    let symmetry = Symmetry::from_name(symmetry).ok_or(format!("--symmetry {symmetry}: expected none, rotational, mirror or diagonal"))?;
    let mut out = BufWriter::new(io::stdout().lock());
    for i in 0..count {
        let options = generator::Options { size, level, symmetry, seed: seed.wrapping_add(i) };
        let g = generator::generate(&options, &mut |_| true).ok_or("generation was cancelled")?;
        writeln!(out, "{}", g.puzzle.to_line()).map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}

/// The book of premade first puzzles (`inkdoku_engine::book`), each made as it is planned; the
/// puzzles made are said on stderr as they come (the hardest levels take seconds each).
fn book() -> Result<(), String> {
    use inkdoku_engine::book;
    let mut entries = Vec::new();
    for options in book::plan() {
        let started = Instant::now();
        entries.push(book::make(&options)?);
        eprintln!("{} {} seed {}: {:.1} s", options.size.name(), options.level.name(), options.seed, started.elapsed().as_secs_f64());
    }
    print!("{}", book::write(&entries));
    Ok(())
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

fn bench(path: &str, limit: usize, runs: usize, engine: Option<solver::Engine9>) -> Result<(), String> {
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
            let n = match engine {
                Some(e) => solver::search_9x9(e, p, limit, 0).count,
                None => solver::count_solutions(p, limit),
            };
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
