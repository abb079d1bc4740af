//! The killer generator's benchmark: `cargo run --release -p inkdoku-engine --example
//! killer_bench -- [SEEDS] [LEVEL…]` makes SEEDS killers (seeds 0..SEEDS, default 5) at each
//! level (default all) and prints each one's time, attempts and grade, then the level's median
//! time and how many came out at the level asked. Figures: docs/benchmarks/killer.md.

use inkdoku_engine::Size;
use inkdoku_engine::generator::{Options, Symmetry};
use inkdoku_engine::killer_generator::{LEVELS, generate};
use inkdoku_engine::rating::Level;
use std::time::{Duration, Instant};

fn main() {
    let seeds: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let mut levels: Vec<Level> = std::env::args().skip(2).filter_map(|a| Level::from_name(&a)).collect();
    if levels.is_empty() {
        levels = LEVELS.to_vec();
    }
    println!("| level | median | slowest | at the level asked | hardest steps |");
    println!("|---|---:|---:|---:|---|");
    for level in levels {
        let mut times: Vec<Duration> = Vec::new();
        let mut fits = 0;
        let mut hardest = Vec::new();
        for seed in 0..seeds {
            let start = Instant::now();
            let mut attempts = 0;
            let options = Options { size: Size::Nine, level, symmetry: Symmetry::None, seed };
            let made = generate(&options, &mut |p| {
                attempts = p.done;
                true
            })
            .expect("not cancelled");
            let took = start.elapsed();
            let givens = Size::Nine.cells().filter(|&c| made.puzzle.givens.get(c).is_some()).count();
            eprintln!(
                "{level:?} seed {seed}: {took:.2?}, {attempts} attempts, {:?} {} ({:?}), {givens} givens, {} cages",
                made.rating.level,
                made.rating.score,
                made.rating.hardest,
                made.puzzle.constraints.len()
            );
            fits += usize::from(made.fits());
            hardest.push(made.rating.hardest.map_or("none", |t| t.name()));
            times.push(took);
        }
        times.sort();
        let median = times[times.len() / 2];
        hardest.sort();
        hardest.dedup();
        println!(
            "| {} | {:.2} s | {:.2} s | {fits} of {seeds} | {} |",
            level.name(),
            median.as_secs_f64(),
            times.last().unwrap().as_secs_f64(),
            hardest.join(", ")
        );
    }
}
