#!/usr/bin/env bash
# Logical solve natively and in wasm (node) on the same generated puzzles, and a mid-game hint
# in wasm.   bench/logic.sh          LEVEL=expert COUNT=41 RUNS=5 bench/logic.sh
set -euo pipefail
cd "$(dirname "$0")/.."
LEVEL=${LEVEL:-hard}
COUNT=${COUNT:-41}
RUNS=${RUNS:-3}
cargo build --release --quiet --bin inkdoku
cargo build --release --quiet --target wasm32-unknown-unknown -p inkdoku-wasm-bench
file="target/bench-$LEVEL-9x9.txt"
target/release/inkdoku generate --size 9 --level "$LEVEL" --seed 1 --count "$COUNT" > "$file"
node bench/logic.mjs "$file" "$RUNS"
