#!/usr/bin/env bash
# The solver in wasm (node, and headless Chromium unless CHROMIUM=0) beside native, same files,
# same method: a ratio per set.
#   bench/wasm.sh            RUNS=11 bench/wasm.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
SETS=${SETS:-"hodoku/sudoku17 tdoku/magictour_top1465 tdoku/forum_hardest_1905_11plus tdoku/forum_hardest_1106 tdoku/serg_benchmark"}
cargo build --release --quiet --bin inkdoku
cargo build --release --quiet --target wasm32-unknown-unknown -p inkdoku-wasm-bench
# The engine worker's second build's flags and target directory (scripts/build-engine-worker-relaxed).
RUSTFLAGS="-C target-feature=+simd128,+relaxed-simd" CARGO_TARGET_DIR="$PWD/target/relaxed-simd" \
  cargo build --release --quiet --target wasm32-unknown-unknown -p inkdoku-wasm-bench
# shellcheck disable=SC2086
node bench/wasm.mjs "$RUNS" $SETS
