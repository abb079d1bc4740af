// Times the engine's solver compiled to wasm (under node) beside the native build, on the same
// files, counting solutions up to 2; prints puzzles/second and the wasm/native ratio.
//
//   node bench/wasm.mjs [RUNS] [set ...]      (run bench/wasm.sh, which builds both first)
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';

const runs = Number(process.argv[2] || 5);
const sets = process.argv.slice(3);
const wasmPath = 'target/wasm32-unknown-unknown/release/inkdoku_wasm_bench.wasm';
const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmPath), {});
const { memory, buffer, count_all } = instance.exports;

function wasmRate(file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const at = buffer(lines.length);
  const bytes = new Uint8Array(memory.buffer, at, lines.length * 81);
  lines.forEach((l, i) => {
    for (let c = 0; c < 81; c++) {
      const ch = l.charCodeAt(c);
      bytes[i * 81 + c] = ch >= 49 && ch <= 57 ? ch - 48 : 0;
    }
  });
  const times = [];
  let unique = 0;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    unique = count_all(lines.length, 2);
    times.push((performance.now() - t0) / 1000);
  }
  times.sort((a, b) => a - b);
  return { pps: lines.length / times[Math.floor(times.length / 2)], unique };
}

function nativeRate(file) {
  const out = execFileSync('target/release/inkdoku', ['bench', file, '--runs', String(runs)], { encoding: 'utf8' });
  return JSON.parse(out).puzzles_per_second;
}

console.log(`${'set (puzzles/s, median of ' + runs + ')'.padEnd(0)}`.padEnd(36), 'native'.padStart(10), 'wasm'.padStart(10), 'native/wasm'.padStart(12));
for (const set of sets) {
  const file = `../shared/data/${set}.txt`;
  const native = nativeRate(file);
  const { pps } = wasmRate(file);
  console.log(set.padEnd(36), String(Math.round(native)).padStart(10), String(Math.round(pps)).padStart(10), (native / pps).toFixed(2).padStart(12));
}
