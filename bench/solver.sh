#!/usr/bin/env bash
# Solver benchmark: inkdoku next to the Rust `sudoku` crate (a JCZSolve port), in one run.
#
# The `sudoku` crate is AGPL: inkdoku never depends on it. This script writes a throwaway
# harness crate under target/ (outside the workspace), builds it, and runs both solvers on the
# same files, alternating, counting solutions up to 2. It prints puzzles/second (median of RUNS
# runs) and inkdoku's speed as a ratio of the reference, which is what to compare across
# machines: this kind of machine is noisy, ratios measured in one run are not.
#
#   bench/solver.sh            # all sets, 5 runs each
#   RUNS=11 bench/solver.sh    # as the anchors in the issues were measured
#   TDOKU=~/tdoku bench/solver.sh
#                              # tdoku too, built from a checkout you give (its src/ folder:
#                              # BSD-2; never committed, never downloaded by this script)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
# The benchmark sets: the project's copy in tests/data (gzipped when large; unzipped into
# target/data for the solvers, which read text), or DATA=<folder of plain .txt sets>.
DATA=${DATA:-tests/data}
SETS=${SETS:-"hodoku/sudoku17 tdoku/magictour_top1465 tdoku/forum_hardest_1905_11plus tdoku/forum_hardest_1106 tdoku/serg_benchmark"}

cargo build --release --quiet --bin inkdoku

ref=target/bench-reference
mkdir -p "$ref/src"
cat > "$ref/Cargo.toml" <<'TOML'
[package]
name = "bench-reference"
version = "0.0.0"
edition = "2021"
publish = false
[workspace]
[dependencies]
sudoku = "=0.8.0"
serde_json = "1"
[profile.release]
lto = true
codegen-units = 1
TOML
cat > "$ref/src/main.rs" <<'RS'
// Times the `sudoku` crate on a file of puzzles, printing the same JSON fields as
// `inkdoku bench`: counts solutions up to 2, median of N runs.
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (path, runs): (&str, usize) = (&args[1], args[2].parse().unwrap());
    let text = std::fs::read_to_string(path).unwrap();
    let puzzles: Vec<sudoku::Sudoku> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| sudoku::Sudoku::from_str_line(l.trim()).unwrap())
        .collect();
    let mut times = Vec::new();
    let mut counts = [0usize; 3];
    for run in 0..runs {
        let start = Instant::now();
        for p in &puzzles {
            let n = p.solutions_count_up_to(2);
            if run == 0 { counts[n] += 1; }
        }
        times.push(start.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    println!("{}", serde_json::json!({"file": path, "puzzles": puzzles.len(), "runs": runs,
        "median_seconds": median, "puzzles_per_second": (puzzles.len() as f64 / median).round(),
        "counts": counts}));
}
RS
(cd "$ref" && cargo build --release --quiet)

# tdoku (optional): its SIMD solver and a harness of ours that prints the same JSON fields.
tdoku=""
if [ -n "${TDOKU:-}" ]; then
  # As tdoku's own build does it: -O3 for the machine it runs on.
  tdoku=$(bench/tdoku.sh "$TDOKU" native -march=native)
fi

pps() { sed -E 's/.*"puzzles_per_second":([0-9.]+).*/\1/'; }
if [ -n "$tdoku" ]; then
  printf '%-36s %12s %12s %12s %9s %9s\n' "set (puzzles/s, median of $RUNS)" inkdoku sudoku-crate tdoku "/crate" "/tdoku"
else
  printf '%-36s %12s %12s %7s\n' "set (puzzles/s, median of $RUNS)" inkdoku sudoku-crate ratio
fi
for set in $SETS; do
  f="$DATA/$set.txt"
  if [ ! -f "$f" ] && [ -f "$f.gz" ]; then
    mkdir -p "target/data/$(dirname "$set")"
    gunzip -c "$f.gz" > "target/data/$set.txt"
    f="target/data/$set.txt"
  fi
  a=$(./target/release/inkdoku bench "$f" --runs "$RUNS" | pps)
  b=$("$ref/target/release/bench-reference" "$f" "$RUNS" | pps)
  if [ -n "$tdoku" ]; then
    t=$("$tdoku" "$f" "$RUNS" | pps)
    awk -v s="$set" -v a="$a" -v b="$b" -v t="$t" 'BEGIN { printf "%-36s %12.0f %12.0f %12.0f %9.2f %9.2f\n", s, a, b, t, a / b, a / t }'
  else
    awk -v s="$set" -v a="$a" -v b="$b" 'BEGIN { printf "%-36s %12.0f %12.0f %7.2f\n", s, a, b, a / b }'
  fi
done
