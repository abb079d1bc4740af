#!/usr/bin/env bash
# The variant solver benchmark: inkdoku's engine against lisudoku-solver (a benchmark reference
# only: its licence is not stated) on tests/data/variants/set.jsonl, best of REPEATS runs each.
# Usage: bench/variants.sh [REPEATS]   Figures: docs/benchmarks/variants.md
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
cargo build --release --manifest-path bench/variants/Cargo.toml
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores"
echo "load: $(uptime | sed 's/.*load average/load average/')"
bench/variants/target/release/inkdoku-bench-variants tests/data/variants/set.jsonl "${1:-5}"
