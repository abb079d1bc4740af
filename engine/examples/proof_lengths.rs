//! How long the proofs of the chain and forcing steps run along each puzzle's hint path (the
//! steps `next_step` takes, applied one after another: what Hint + Apply shows and what the
//! rating reads): chains, forcing chains and nets per puzzle, and the mean and longest proof in
//! links (`forcing::proof_length`: every link of every chain a step carries), and the time.
//!
//!   cargo run --release -p inkdoku-engine --example proof_lengths -- SET [PUZZLES]
//!
//! SET is `top1465`, `hardest` (the forum's hardest, `forum_hardest_1106.txt`) or a file of
//! puzzles, one a line.

use inkdoku_engine::format::line;
use inkdoku_engine::rating::{self, Family};
use inkdoku_engine::step::Technique;
use inkdoku_engine::techniques::forcing::proof_length;
use std::process::ExitCode;
use std::time::Instant;

/// Totals of one kind of step.
#[derive(Default)]
struct Tally {
    steps: usize,
    links: usize,
    longest: usize,
}

impl Tally {
    fn add(&mut self, links: usize) {
        self.steps += 1;
        self.links += links;
        self.longest = self.longest.max(links);
    }

    fn row(&self, name: &str, puzzles: usize) {
        let mean = if self.steps == 0 { 0.0 } else { self.links as f64 / self.steps as f64 };
        println!("{name:<28} {:>6} {:>8.2} {:>10.1} {:>8}", self.steps, self.steps as f64 / puzzles as f64, mean, self.longest);
    }
}

fn is_net(t: Technique) -> bool {
    use Technique::*;
    matches!(t, ContradictionForcingNet | UnitForcingNet | CellForcingNet)
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(set) = args.next() else {
        eprintln!("usage: proof_lengths top1465|hardest|FILE [PUZZLES]");
        return ExitCode::FAILURE;
    };
    let limit: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(usize::MAX);
    let file = match set.as_str() {
        "top1465" => concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/tdoku/magictour_top1465.txt").to_string(),
        "hardest" => concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/tdoku/forum_hardest_1106.txt").to_string(),
        other => other.to_string(),
    };
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let start = Instant::now();
    let (mut puzzles, mut unsolved, mut score_sum) = (0usize, 0usize, 0.0f64);
    let [mut chains, mut forcing_chains, mut nets, mut nested, mut all] = std::array::from_fn(|_| Tally::default());
    for puzzle in text.lines().filter_map(|l| line::parse(l.trim()).ok()).take(limit) {
        let solve = rating::solve_logically(&puzzle);
        puzzles += 1;
        unsolved += usize::from(!solve.solved);
        score_sum += rating::rate_solve(&solve).score as f64;
        for step in &solve.steps {
            let links = proof_length(step);
            match rating::family(step.technique) {
                Family::Forcing if step.technique == Technique::NestedForcingNet => nested.add(links),
                Family::Forcing if is_net(step.technique) => nets.add(links),
                Family::Forcing => forcing_chains.add(links),
                Family::Chain => chains.add(links),
                _ => continue,
            }
            all.add(links);
        }
    }
    if puzzles == 0 {
        eprintln!("{file}: no puzzles");
        return ExitCode::FAILURE;
    }
    println!(
        "{puzzles} puzzles ({unsolved} unsolved) in {:.1} s; mean rating {:.2}",
        start.elapsed().as_secs_f64(),
        score_sum / puzzles as f64
    );
    println!("{:<28} {:>6} {:>8} {:>10} {:>8}", "steps", "all", "/puzzle", "mean links", "longest");
    chains.row("chains, loops, ALS", puzzles);
    forcing_chains.row("forcing chains", puzzles);
    nets.row("forcing nets", puzzles);
    nested.row("nested forcing nets", puzzles);
    all.row("all of them", puzzles);
    ExitCode::SUCCESS
}
