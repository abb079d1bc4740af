// Times the engine's 9x9 solver compiled to wasm beside the native build, on the same files,
// counting solutions up to 2: puzzles/second and the wasm/native ratio, under node and in
// headless Chromium (the browser the app's engine worker runs in; CHROMIUM=0 skips it).
//
//   node bench/wasm.mjs [RUNS] [set ...]      (run bench/wasm.sh, which builds both first)
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { readPuzzles, wasmBench, wasmPath } from './wasm-bench.mjs';

const runs = Number(process.argv[2] || 5);
const sets = process.argv.slice(3);
const { exports: { prepare, count_prepared, count_prepared_with }, loadPuzzles } = await wasmBench();

/** Median seconds of `runs` timed calls of `count`, after one untimed one (V8 compiles wasm in
 *  tiers: the optimized code comes later); the count of unique puzzles with it. Runs as it is
 *  under node and, serialized, inside Chromium's page. */
function time(runs, count) {
  count();
  const times = [];
  let unique = 0;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    unique = count();
    times.push((performance.now() - t0) / 1000);
  }
  times.sort((a, b) => a - b);
  return { seconds: times[Math.floor(times.length / 2)], unique };
}

// `count` is what the app's worker runs (count_prepared: the SIMD solver), or `fast9`.
function nodeRate(file, count = (limit) => count_prepared(limit)) {
  const lines = loadPuzzles(file);
  prepare(lines.length); // parsed before timing, as the native benchmark does
  const { seconds, unique } = time(runs, () => count(2));
  return { pps: lines.length / seconds, unique };
}

function nativeRate(file) {
  const out = execFileSync('target/release/inkdoku', ['bench', file, '--runs', String(runs)], { encoding: 'utf8' });
  const { puzzles_per_second: pps, counts } = JSON.parse(out);
  return { pps, unique: counts[1] };
}

const browser = process.env.CHROMIUM === '0' ? null : await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = browser && (await browser.newPage());
const wasmBase64 = fs.readFileSync(wasmPath).toString('base64');

/** The worker's solver in Chromium: the same module, puzzles and method as `nodeRate`. */
async function chromiumRate(file) {
  const { bytes } = readPuzzles(file);
  return page.evaluate(async ({ runs, puzzles, wasmBase64, timeSource }) => {
    const time = new Function(`return (${timeSource})`)();
    const decode = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const { instance: { exports } } = await WebAssembly.instantiate(decode(wasmBase64), {});
    const cells = decode(puzzles);
    const n = cells.length / 81;
    const at = exports.buffer(n); // may grow the memory: its buffer after this
    new Uint8Array(exports.memory.buffer, at, cells.length).set(cells);
    exports.prepare(n);
    const { seconds, unique } = time(runs, () => exports.count_prepared(2));
    return { pps: n / seconds, unique };
  }, { runs, puzzles: Buffer.from(bytes).toString('base64'), wasmBase64, timeSource: time.toString() });
}

const cols = [['set (puzzles/s, median of ' + runs + ')', 34], ['native', 9], ['node', 9], ['node fast9', 11], ['Chromium', 9], ['node/native', 12], ['Chromium/native', 16]];
console.log(cols.map(([c, w], i) => (i ? c.padStart(w) : c.padEnd(w))).join(' '));
for (const set of sets) {
  const file = `../shared/data/${set}.txt`;
  const native = nativeRate(file);
  const node = nodeRate(file);
  const fast9 = nodeRate(file, (limit) => count_prepared_with(limit, 1));
  const chrome = page ? await chromiumRate(file) : { pps: NaN, unique: native.unique };
  // The same answers or the figures mean nothing.
  for (const [name, r] of [['node', node], ['node fast9', fast9], ['Chromium', chrome]]) {
    if (r.unique !== native.unique) throw new Error(`${set}: unique solutions differ: native ${native.unique}, ${name} ${r.unique}`);
  }
  const row = [set, Math.round(native.pps), Math.round(node.pps), Math.round(fast9.pps), Math.round(chrome.pps), (node.pps / native.pps).toFixed(2), (chrome.pps / native.pps).toFixed(2)];
  console.log(row.map((v, i) => (i ? String(v).padStart(cols[i][1]) : String(v).padEnd(cols[i][1]))).join(' '));
}
await browser?.close();
