// Loads the engine's bare wasm benchmark module (bench/wasm-solver) under node and copies
// puzzle files into its memory; shared by bench/wasm.mjs (solver) and bench/logic.mjs (steps).
import fs from 'node:fs';

export const wasmPath = 'target/wasm32-unknown-unknown/release/inkdoku_wasm_bench.wasm';

export async function wasmBench() {
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmPath), {});
  const { exports } = instance;
  /** Reads a file of 81-character puzzles into the module's buffer; returns the lines. */
  function loadPuzzles(file) {
    const lines = fs.readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    const at = exports.buffer(lines.length);
    const bytes = new Uint8Array(exports.memory.buffer, at, lines.length * 81);
    lines.forEach((l, i) => {
      for (let c = 0; c < 81; c++) {
        const ch = l.charCodeAt(c);
        bytes[i * 81 + c] = ch >= 49 && ch <= 57 ? ch - 48 : 0;
      }
    });
    return lines;
  }
  return { exports, loadPuzzles };
}
