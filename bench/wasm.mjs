// Times the engine's solver compiled to wasm (under node) beside the native build, on the same
// files, counting solutions up to 2; prints puzzles/second and the wasm/native ratio.
//
//   node bench/wasm.mjs [RUNS] [set ...]      (run bench/wasm.sh, which builds both first)
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { wasmBench } from './wasm-bench.mjs';

const runs = Number(process.argv[2] || 5);
const sets = process.argv.slice(3);
const { exports: { prepare, count_prepared, count_prepared_with }, loadPuzzles } = await wasmBench();

// `count` is what the app's worker runs (count_prepared), or the SIMD solver's simd128 backend.
function wasmRate(file, count = (limit) => count_prepared(limit)) {
  const lines = loadPuzzles(file);
  prepare(lines.length); // parsed before timing, as the native benchmark does
  count(2); // one untimed run: node compiles wasm in tiers, the optimized code comes later
  const times = [];
  let unique = 0;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    unique = count(2);
    times.push((performance.now() - t0) / 1000);
  }
  times.sort((a, b) => a - b);
  return { pps: lines.length / times[Math.floor(times.length / 2)], unique };
}

function nativeRate(file) {
  const out = execFileSync('target/release/inkdoku', ['bench', file, '--runs', String(runs)], { encoding: 'utf8' });
  const { puzzles_per_second: pps, counts } = JSON.parse(out);
  return { pps, unique: counts[1] };
}

console.log(`${'set (puzzles/s, median of ' + runs + ')'.padEnd(0)}`.padEnd(36), 'native'.padStart(10), 'wasm'.padStart(10), 'wasm simd9'.padStart(11), 'native/wasm'.padStart(12), 'wasm/native'.padStart(12));
for (const set of sets) {
  const file = `../shared/data/${set}.txt`;
  const { pps: native, unique: nativeUnique } = nativeRate(file);
  const { pps, unique } = wasmRate(file);
  const { pps: simd, unique: simdUnique } = wasmRate(file, (limit) => count_prepared_with(limit, 0));
  // The same answers or the figures mean nothing.
  if (unique !== nativeUnique || simdUnique !== nativeUnique) {
    throw new Error(`${set}: unique solutions differ: native ${nativeUnique}, wasm ${unique}, wasm simd9 ${simdUnique}`);
  }
  console.log(set.padEnd(36), String(Math.round(native)).padStart(10), String(Math.round(pps)).padStart(10), String(Math.round(simd)).padStart(11),
    (native / pps).toFixed(2).padStart(12), (pps / native).toFixed(2).padStart(12));
}
