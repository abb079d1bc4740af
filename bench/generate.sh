#!/usr/bin/env bash
# Generation natively and in wasm (node), same sizes, levels and seeds: median, p90 and max per
# level, and a check that both builds make the same puzzles.
#   bench/generate.sh        COUNT=21 CASES="16:easy 16:expert" bench/generate.sh
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${COUNT:-11}
CASES=${CASES:-"4:easy 9:easy 9:medium 9:hard 9:expert 16:easy 16:medium 16:hard 16:expert"}
cargo build --release --quiet --bin inkdoku
cargo build --release --quiet --target wasm32-unknown-unknown -p inkdoku-wasm-bench
# shellcheck disable=SC2086
node bench/generate.mjs "$COUNT" $CASES
