#!/usr/bin/env bash
# Every engine figure in one run, printed beside the last recorded ones: run it after every
# engine change, and keep docs/benchmarks/engine.md (and the README's few figures) true.
#
#   bench/engine.sh                     # every figure; RECORD=1 makes this run the last recorded
#   TDOKU=~/tdoku bench/engine.sh       # the solver against tdoku too (a checkout you give)
#   COUNT=11 RUNS=5 WASM=0 RATE=0 bench/engine.sh
#
# Figures (bench/results/engine.tsv keeps the last recorded run: figure, value):
# - solver: puzzles/s on 17-clue, top1465 and forum hardest 1905 (median of RUNS), inkdoku's
#   best build here and its AVX2 one, tdoku built for this machine and without AVX-512 (or
#   "not available"), and the ratios on the same instruction set;
# - generation: median and p90 ms per size and level (seeds 1..COUNT), natively and in wasm
#   under node (the engine worker's code; WASM=0 skips it);
# - rating: all of magictour top1465 (`inkdoku rate`), seconds (RATE=0 skips it);
# - hints: Master puzzles (seeds 1..HINTS) in wasm, the logical solve and a hint before each
#   one's hardest step (the slowest hint a player asks for).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
COUNT=${COUNT:-11}
HINTS=${HINTS:-11}
WASM=${WASM:-1}
RATE=${RATE:-1}
last=bench/results/engine.tsv
now=target/bench-engine.tsv
mkdir -p bench/results target
: > "$now"
fig() { printf '%s\t%s\n' "$1" "$2" >> "$now"; }
field() { sed -E "s/.*\"$1\":([0-9.]+).*/\\1/"; }
pps() { field puzzles_per_second | xargs printf '%.0f\n'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 > 0 && a + 0 > 0) printf "%.2f", a / b; else print "not available" }'; }

cargo build --release --quiet --bin inkdoku
cli=target/release/inkdoku
isa=$(grep -q -w avx512bw /proc/cpuinfo && echo "AVX-512" || (grep -q -w avx2 /proc/cpuinfo && echo "AVX2" || echo "no AVX2"))
fig date "$(date -u +%Y-%m-%d)"
fig machine "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, $isa"
fig "load at start" "$(cut -d' ' -f1-3 /proc/loadavg)"

# The solver, and tdoku where a checkout is given: tdoku's own build (-march=native) and the
# same without AVX-512, against inkdoku's run-time choice and its AVX2 backend.
tdoku="" tdoku2=""
if [ -n "${TDOKU:-}" ]; then
  tdoku=$(bench/tdoku.sh "$TDOKU" native -march=native)
  tdoku2=$(bench/tdoku.sh "$TDOKU" avx2 -march=native -mno-avx512f)
fi
for set in hodoku/sudoku17 tdoku/magictour_top1465 tdoku/forum_hardest_1905_11plus; do
  f="tests/data/$set.txt"
  if [ ! -f "$f" ]; then
    mkdir -p "target/data/$(dirname "$set")"
    [ -f "target/data/$set.txt" ] || gunzip -c "$f.gz" > "target/data/$set.txt"
    f="target/data/$set.txt"
  fi
  name=$(basename "$set")
  best=$("$cli" bench "$f" --runs "$RUNS" | pps)
  avx2=$("$cli" bench "$f" --runs "$RUNS" --engine avx2 | pps)
  t=$([ -n "$tdoku" ] && "$tdoku" "$f" "$RUNS" | pps || echo "not available")
  t2=$([ -n "$tdoku2" ] && "$tdoku2" "$f" "$RUNS" | pps || echo "not available")
  fig "solver $name: inkdoku ($isa), puzzles/s" "$best"
  fig "solver $name: inkdoku (AVX2), puzzles/s" "$avx2"
  fig "solver $name: tdoku (-march=native), puzzles/s" "$t"
  fig "solver $name: tdoku (no AVX-512), puzzles/s" "$t2"
  fig "solver $name: inkdoku / tdoku, $isa" "$(ratio "$best" "$t")"
  fig "solver $name: inkdoku / tdoku, AVX2" "$(ratio "$avx2" "$t2")"
done

# Generation: native, and the same seeds in wasm under node (bench/generate.mjs also checks
# that both builds make the same puzzles).
cases="9:easy 9:medium 9:hard 9:expert 9:extreme 9:master 16:easy 16:medium 16:hard 16:expert"
if [ "$WASM" = 1 ]; then
  cargo build --release --quiet --target wasm32-unknown-unknown -p inkdoku-wasm-bench
  # shellcheck disable=SC2086
  node bench/generate.mjs "$COUNT" $cases > target/bench-generate.jsonl
  while read -r row; do
    sl=$(node -e 'const r = JSON.parse(process.argv[1]); console.log(`${r.size}x${r.size} ${r.level}`)' "$row")
    fig "generate $sl: native median / p90, ms" "$(node -e 'const r = JSON.parse(process.argv[1]); console.log(`${r.native.median_ms} / ${r.native.p90_ms}`)' "$row")"
    fig "generate $sl: wasm median / p90, ms" "$(node -e 'const r = JSON.parse(process.argv[1]); console.log(`${r.wasm.median_ms} / ${r.wasm.p90_ms} (same puzzles ${r.same_puzzles})`)' "$row")"
  done < target/bench-generate.jsonl
else
  for c in $cases; do
    row=$("$cli" bench-generate --size "${c%%:*}" --level "${c##*:}" --count "$COUNT")
    fig "generate ${c%%:*}x${c%%:*} ${c##*:}: native median / p90, ms" "$(field median_ms <<< "$row") / $(field p90_ms <<< "$row")"
  done
fi

# Rating the hardest classic set.
if [ "$RATE" = 1 ]; then
  start=$(date +%s.%N)
  levels=$("$cli" rate < tests/data/tdoku/magictour_top1465.txt | sed -E 's/.*"level":"([^"]+)".*/\1/' | sort | uniq -c | awk '{ printf "%s%s %s", sep, $2, $1; sep = ", " }')
  fig "rate top1465: seconds" "$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')"
  fig "rate top1465: levels" "$levels"
fi

# Hints in wasm on Master puzzles: the logical solve, and a hint before each hardest step.
if [ "$WASM" = 1 ]; then
  "$cli" generate --size 9 --level master --seed 1 --count "$HINTS" > target/bench-master-9x9.txt
  node bench/logic.mjs target/bench-master-9x9.txt 1 > target/bench-logic.json
  pick() { node -e "const r = JSON.parse(require('fs').readFileSync('target/bench-logic.json', 'utf8')); console.log($1)"; }
  fig "hints, $HINTS Master: logical solve native median / p90, ms" "$(pick 'r.logical_solve_native.median_ms + " / " + r.logical_solve_native.p90_ms')"
  fig "hints, $HINTS Master: logical solve wasm median / p90, ms" "$(pick 'r.logical_solve_wasm.median_ms + " / " + r.logical_solve_wasm.p90_ms')"
  fig "hints, $HINTS Master: hint before the hardest step, wasm median / max, ms" "$(pick 'r.hardest_step_hint_wasm.median_ms + " / " + r.hardest_step_hint_wasm.max_ms')"
fi
fig "load at end" "$(cut -d' ' -f1-3 /proc/loadavg)"

# This run beside the last recorded one, as a Markdown table.
awk -F'\t' -v last="$last" '
  BEGIN { while ((getline line < last) > 0) { split(line, f, "\t"); before[f[1]] = f[2] } }
  { now[NR] = $1; value[$1] = $2 }
  END {
    printf "| figure | last recorded (%s) | this run (%s) |\n|---|---:|---:|\n", ("date" in before ? before["date"] : "none"), value["date"]
    for (i = 1; i <= NR; i++) if (now[i] != "date") printf "| %s | %s | %s |\n", now[i], (now[i] in before ? before[now[i]] : "—"), value[now[i]]
  }' "$now"
if [ "${RECORD:-0}" = 1 ]; then
  cp "$now" "$last"
  echo "recorded in $last"
fi
