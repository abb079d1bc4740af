// Loads the engine's bare wasm benchmark module (bench/wasm-solver) under node and copies
// puzzle files into its memory; shared by bench/wasm.mjs (solver), bench/logic.mjs (steps) and
// tests/wasm.
import fs from 'node:fs';

export const wasmPath = 'target/wasm32-unknown-unknown/release/inkdoku_wasm_bench.wasm';

/** A file of 81-character puzzles: its lines, and their cells as bytes (0 blank, 1-9 given),
 *  81 per puzzle, as the module's `buffer` takes them. */
export function readPuzzles(file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
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
