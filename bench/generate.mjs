// Times the generator in wasm (under node, as the engine worker runs it) beside the native
// build, for the same sizes, levels and seeds, and checks that both make the same puzzles.
//
//   node bench/generate.mjs COUNT [size:level ...]      (run bench/generate.sh, which builds both)
import { execFileSync } from 'node:child_process';
import { wasmBench } from './wasm-bench.mjs';

const [countArg, ...cases] = process.argv.slice(2);
const count = Number(countArg || 11);
const LEVELS = ['easy', 'medium', 'hard', 'expert', 'extreme', 'master'];
const { exports } = await wasmBench();
const cli = (...args) => execFileSync('target/release/inkdoku', args, { encoding: 'utf8' });

const stats = (times) => {
  const s = [...times].sort((a, b) => a - b);
  const at = (q) => +s[Math.floor((s.length - 1) * q)].toFixed(1);
  return { median_ms: at(0.5), p90_ms: at(0.9), max_ms: at(1) };
};

const rows = [];
for (const c of cases) {
  const [size, level] = c.split(':');
  const native = JSON.parse(cli('bench-generate', '--size', size, '--level', level, '--seed', '1', '--count', String(count)));
  const expected = cli('generate', '--size', size, '--level', level, '--seed', '1', '--count', String(count)).trim().split('\n');
  const times = [];
  let same = 0;
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const at = exports.generate_one(Number(size), LEVELS.indexOf(level), BigInt(1 + i));
    times.push(performance.now() - t0);
    const line = Buffer.from(new Uint8Array(exports.memory.buffer, at, exports.generated_len())).toString('latin1');
    same += line === expected[i] ? 1 : 0;
  }
  const wasm = stats(times);
  rows.push({ size: Number(size), level, count, native: { median_ms: native.median_ms, p90_ms: native.p90_ms, max_ms: native.max_ms },
    wasm, wasm_over_native_median: +(wasm.median_ms / native.median_ms).toFixed(2), rated: native.rated, same_puzzles: `${same}/${count}` });
}
for (const row of rows) console.log(JSON.stringify(row));
