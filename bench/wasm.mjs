// Times the engine's 9x9 solver compiled to wasm beside the native build, on the same files,
// counting solutions up to 2: puzzles/second and the wasm/native ratio, under node and in
// headless Chromium (the browser the app's engine worker runs in; CHROMIUM=0 skips it), where
// both builds run: plain simd128 and with relaxed SIMD (the one Chromium's worker loads).
//
//   node bench/wasm.mjs [RUNS] [set ...]      (run bench/wasm.sh, which builds both first)
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { plainDataFile, readPuzzles, relaxedWasmPath, wasmBench, wasmPath } from './wasm-bench.mjs';

const runs = Number(process.argv[2] || 5);
const sets = process.argv.slice(3);
const { exports: { prepare, count_prepared, count_prepared_with }, loadPuzzles } = await wasmBench();

// The engines take turns, one timed run each per round (native, node, node fast9, Chromium),
// so this machine's drift, which can be a quarter within minutes, falls on all of them alike;
// the ratios are the medians of each round's ratios. Every engine first runs once untimed: V8
// compiles wasm in tiers and the optimized code comes later.
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One timed call: seconds and its count of puzzles with one solution. Runs as it is under
 *  node and, serialized, inside Chromium's page. */
function timeOnce(count) {
  const t0 = performance.now();
  const unique = count();
  return { seconds: (performance.now() - t0) / 1000, unique };
}

/** The native solver: the best backend of this machine (AVX-512 here), or the AVX2 one (what
 *  an x86-64 machine without AVX-512, most players' computers, runs). */
function nativeOnce(file, engine = 'best') {
  const out = execFileSync('target/release/inkdoku', ['bench', file, '--runs', '1', '--engine', engine], { encoding: 'utf8' });
  const { median_seconds: seconds, counts } = JSON.parse(out);
  return { seconds, unique: counts[1] };
}

const browser = process.env.CHROMIUM === '0' ? null : await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = browser && (await browser.newPage());
// Chromium runs both builds of the engine worker's solver: plain simd128 (what a browser
// without relaxed SIMD gets) and with relaxed SIMD (what Chromium's engine worker runs).
const modules = { plain: wasmPath, relaxed: relaxedWasmPath };

/** Loads a module and a set into Chromium's page (the worker's solver, as under node). */
async function chromiumLoad(file, name) {
  const { bytes } = readPuzzles(file);
  const wasmBase64 = fs.readFileSync(modules[name]).toString('base64');
  await page.evaluate(async ({ name, puzzles, wasmBase64, timeSource }) => {
    const decode = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const { instance: { exports } } = await WebAssembly.instantiate(decode(wasmBase64), {});
    const cells = decode(puzzles);
    const at = exports.buffer(cells.length / 81); // may grow the memory: its buffer after this
    new Uint8Array(exports.memory.buffer, at, cells.length).set(cells);
    exports.prepare(cells.length / 81);
    const timeOnce = new Function(`return (${timeSource})`)();
    globalThis.benchOnce ??= {};
    globalThis.benchOnce[name] = () => timeOnce(() => exports.count_prepared(2));
  }, { name, puzzles: Buffer.from(bytes).toString('base64'), wasmBase64, timeSource: timeOnce.toString() });
}

const cols = [['set (puzzles/s, median of ' + runs + ')', 34], ['native', 9], ['native AVX2', 12], ['node', 9], ['node fast9', 11], ['Chromium', 9], ['Chr. relaxed', 13], ['node/native', 12], ['Chromium/native', 16], ['relaxed/native', 15], ['relaxed/AVX2', 13]];
console.log(cols.map(([c, w], i) => (i ? c.padStart(w) : c.padEnd(w))).join(' '));
for (const set of sets) {
  const file = plainDataFile(set); // the native CLI reads text
  const n = loadPuzzles(file).length;
  prepare(n); // parsed before timing, as the native benchmark does
  if (page) for (const name of Object.keys(modules)) await chromiumLoad(file, name);
  // `count_prepared` is what the app's worker runs (the SIMD solver); engine 1 is `fast9`.
  const engines = {
    native: async () => nativeOnce(file),
    'native AVX2': async () => nativeOnce(file, 'avx2'),
    node: async () => timeOnce(() => count_prepared(2)),
    'node fast9': async () => timeOnce(() => count_prepared_with(2, 1)),
    ...(page ? {
      Chromium: () => page.evaluate(() => globalThis.benchOnce.plain()),
      'Chr. relaxed': () => page.evaluate(() => globalThis.benchOnce.relaxed()),
    } : {}),
  };
  const seconds = Object.fromEntries(Object.keys(engines).map((e) => [e, []]));
  for (let round = -1; round < runs; round++) {
    const uniques = {};
    for (const [name, once] of Object.entries(engines)) {
      const r = await once();
      uniques[name] = r.unique;
      if (round >= 0) seconds[name].push(r.seconds);
    }
    // The same answers or the figures mean nothing.
    for (const [name, unique] of Object.entries(uniques)) {
      if (unique !== uniques.native) throw new Error(`${set}: unique solutions differ: native ${uniques.native}, ${name} ${unique}`);
    }
  }
  const rate = (e) => (seconds[e] ? n / median(seconds[e]) : NaN);
  const ratio = (e, to = 'native') => (seconds[e] ? median(seconds[e].map((s, i) => seconds[to][i] / s)) : NaN);
  const row = [
    set,
    ...['native', 'native AVX2', 'node', 'node fast9', 'Chromium', 'Chr. relaxed'].map((e) => Math.round(rate(e))),
    ...['node', 'Chromium', 'Chr. relaxed'].map((e) => ratio(e).toFixed(2)),
    ratio('Chr. relaxed', 'native AVX2').toFixed(2),
  ];
  console.log(row.map((v, i) => (i ? String(v).padStart(cols[i][1]) : String(v).padEnd(cols[i][1]))).join(' '));
}
await browser?.close();
