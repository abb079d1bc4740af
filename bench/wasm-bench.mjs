// Loads the engine's bare wasm benchmark module (bench/wasm-solver) under node and copies
// puzzle files into its memory; shared by bench/wasm.mjs (solver), bench/logic.mjs (steps) and
// tests/wasm.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const wasmPath = 'target/wasm32-unknown-unknown/release/inkdoku_wasm_bench.wasm';

/** The file of a benchmark set by its name under tests/data (e.g. `tdoku/serg_benchmark`): the
 *  project's own copy, gzipped when large (tests/data/README.md has their sources). */
export function dataFile(set) {
  const plain = `tests/data/${set}.txt`;
  if (fs.existsSync(plain)) return plain;
  if (fs.existsSync(`${plain}.gz`)) return `${plain}.gz`;
  throw new Error(`no benchmark set ${set}: neither ${plain} nor ${plain}.gz`);
}

/** The same set as a plain text file, for tools that read only text (the native CLI):
 *  unzipped once into target/data. */
export function plainDataFile(set) {
  const file = dataFile(set);
  if (!file.endsWith('.gz')) return file;
  const out = `target/data/${set}.txt`;
  if (!fs.existsSync(out) || fs.statSync(out).mtimeMs < fs.statSync(file).mtimeMs) {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, zlib.gunzipSync(fs.readFileSync(file)));
  }
  return out;
}

/** A file of 81-character puzzles (gzipped when its name ends in .gz): its lines, and their
 *  cells as bytes (0 blank, 1-9 given), 81 per puzzle, as the module's `buffer` takes them. */
export function readPuzzles(file) {
  const raw = fs.readFileSync(file);
  const text = (file.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8');
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const bytes = new Uint8Array(lines.length * 81);
  lines.forEach((l, i) => {
    for (let c = 0; c < 81; c++) {
      const ch = l.charCodeAt(c);
      bytes[i * 81 + c] = ch >= 49 && ch <= 57 ? ch - 48 : 0;
    }
  });
  return { lines, bytes };
}

/** The same module built with relaxed SIMD as well (what the engine worker runs in a browser
 *  that has it; scripts/test builds it): node 20 runs it with --experimental-wasm-relaxed-simd. */
export const relaxedWasmPath = 'target/relaxed-simd/wasm32-unknown-unknown/release/inkdoku_wasm_bench.wasm';

export async function wasmBench(path = wasmPath) {
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(path), {});
  const { exports } = instance;
  /** Reads a file of 81-character puzzles into the module's buffer; returns the lines. */
  function loadPuzzles(file) {
    const { lines, bytes } = readPuzzles(file);
    const at = exports.buffer(lines.length); // may grow the memory: its buffer after this
    new Uint8Array(exports.memory.buffer, at, bytes.length).set(bytes);
    return lines;
  }
  return { exports, loadPuzzles };
}
