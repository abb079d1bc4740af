// Times the engine's logical solve (every step, easiest technique first) in wasm under node
// beside the native build on the same puzzles, and a hint on a mid-game position (half of the
// puzzle's logical steps applied) in wasm, as the app's worker gives one.
//
//   node bench/logic.mjs FILE [RUNS]      (run bench/logic.sh, which builds both and makes FILE)
import { execFileSync } from 'node:child_process';
import { wasmBench } from './wasm-bench.mjs';

const [file, runsArg] = process.argv.slice(2);
const runs = Number(runsArg || 3);
const { exports: { logic_one, prepare_mid_game, prepare_hardest, hint_prepared }, loadPuzzles } = await wasmBench();
const lines = loadPuzzles(file);

const stats = (times) => {
  const s = [...times].sort((a, b) => a - b);
  const at = (q) => s[Math.floor((s.length - 1) * q)];
  return { median_ms: +at(0.5).toFixed(3), p90_ms: +at(0.9).toFixed(3), max_ms: +at(1).toFixed(3) };
};

const logic = [];
for (let r = 0; r < runs; r++) {
  for (let i = 0; i < lines.length; i++) {
    const t0 = performance.now();
    logic_one(i);
    logic.push(performance.now() - t0);
  }
}
const hints = [];
for (let i = 0; i < lines.length; i++) {
  prepare_mid_game(i);
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    if (!hint_prepared()) throw new Error(`no hint for puzzle ${i + 1}`);
    hints.push(performance.now() - t0);
  }
}
// The hint before each puzzle's hardest step, asked once (a second ask of the same position
// would reuse the forcing sweep the engine keeps for it).
const hardest = [];
for (let i = 0; i < lines.length; i++) {
  prepare_hardest(i);
  const t0 = performance.now();
  if (!hint_prepared()) throw new Error(`no hint before the hardest step of puzzle ${i + 1}`);
  hardest.push(performance.now() - t0);
}
const native = JSON.parse(execFileSync('target/release/inkdoku', ['bench-logic', file, '--runs', String(runs)], { encoding: 'utf8' }));
const wasm = stats(logic);
console.log(JSON.stringify({
  puzzles: lines.length,
  runs,
  logical_solve_native: { median_ms: +native.median_ms.toFixed(3), p90_ms: +native.p90_ms.toFixed(3), max_ms: +native.max_ms.toFixed(3) },
  logical_solve_wasm: wasm,
  wasm_over_native_median: +(wasm.median_ms / native.median_ms).toFixed(2),
  mid_game_hint_wasm: stats(hints),
  hardest_step_hint_wasm: stats(hardest),
}, null, 1));
