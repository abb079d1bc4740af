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
  [ -f "$TDOKU/src/solver_dpll_triad_simd.cc" ] || { echo "TDOKU=$TDOKU: no src/solver_dpll_triad_simd.cc there" >&2; exit 2; }
  tdoku=target/bench-tdoku
  mkdir -p "$tdoku"
  cat > "$tdoku/harness.cc" <<'CC'
// Times tdoku's TdokuSolverDpllTriadSimd on a file of puzzles, printing the same JSON fields as
// `inkdoku bench`: counts solutions up to 2, median of N runs.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>
extern "C" size_t TdokuSolverDpllTriadSimd(const char *puzzle, size_t limit, uint32_t configuration,
                                           char *solution, size_t *num_guesses);
int main(int argc, char **argv) {
    std::ifstream in(argv[1]);
    int runs = std::stoi(argv[2]);
    std::vector<std::string> puzzles;
    for (std::string line; std::getline(in, line);) {
        if (line.size() < 81 || line[0] == '#') continue;
        // tdoku reads blanks as '.' only; some sets (sudoku17) write them as '0'.
        std::string p = line.substr(0, 81);
        for (auto &c : p) if (c < '1' || c > '9') c = '.';
        puzzles.push_back(p);
    }
    std::vector<double> times;
    size_t counts[3] = {0, 0, 0};
    char solution[81];
    for (int run = 0; run < runs; run++) {
        auto start = std::chrono::steady_clock::now();
        for (auto &p : puzzles) {
            size_t guesses = 0;
            size_t n = TdokuSolverDpllTriadSimd(p.c_str(), 2, 0, solution, &guesses);
            if (run == 0) counts[std::min<size_t>(n, 2)]++;
        }
        times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    double median = times[times.size() / 2];
    std::printf("{\"file\":\"%s\",\"puzzles\":%zu,\"runs\":%d,\"median_seconds\":%f,\"puzzles_per_second\":%.0f,\"counts\":[%zu,%zu,%zu]}\n",
                argv[1], puzzles.size(), runs, median, puzzles.size() / median, counts[0], counts[1], counts[2]);
}
CC
  # As tdoku's own build does it: -O3 for the machine it runs on.
  g++ -O3 -march=native -std=c++17 -I"$TDOKU/src" -o "$tdoku/tdoku-bench" "$tdoku/harness.cc" "$TDOKU/src/solver_dpll_triad_simd.cc" "$TDOKU/src/util.cc"
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
    t=$("$tdoku/tdoku-bench" "$f" "$RUNS" | pps)
    awk -v s="$set" -v a="$a" -v b="$b" -v t="$t" 'BEGIN { printf "%-36s %12.0f %12.0f %12.0f %9.2f %9.2f\n", s, a, b, t, a / b, a / t }'
  else
    awk -v s="$set" -v a="$a" -v b="$b" 'BEGIN { printf "%-36s %12.0f %12.0f %7.2f\n", s, a, b, a / b }'
  fi
done
