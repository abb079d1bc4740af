// The 9x9 solvers compiled to wasm (what the engine worker runs): the SIMD solver's simd128
// backend against the bitboard solver (`fast9`) on a sample of every benchmark set, puzzle by
// puzzle: the same count of solutions (up to 2), and the same first solution, which must
// complete the givens with every row, column and box a permutation of 1-9. Native builds hold
// the same solvers against each other and a naive reference in the engine's tests; this is
// the check that the wasm intrinsics compute what the specification does.
//
// Needs target/wasm32-unknown-unknown/release/inkdoku_wasm_bench.wasm (scripts/test builds it).
// With INKDOKU_RELAXED_SIMD=1 it checks the module built with relaxed SIMD instead (the engine
// worker's second build; node needs --experimental-wasm-relaxed-simd: scripts/test runs both).
import test from 'node:test';
import assert from 'node:assert/strict';
import { dataFile, relaxedWasmPath, wasmBench, wasmPath } from '../../bench/wasm-bench.mjs';

const SIMD = 0;
const FAST9 = 1;
// Every set, sampled evenly (the sets are 375 to 49,151 puzzles); serg's puzzles all have
// several solutions, the others one.
const SETS = [
  ['hodoku/sudoku17', 400],
  ['tdoku/magictour_top1465', 400],
  ['tdoku/forum_hardest_1905_11plus', 400],
  ['tdoku/forum_hardest_1106', 375],
  ['tdoku/serg_benchmark', 400],
];

const relaxed = process.env.INKDOKU_RELAXED_SIMD === '1';
const backend = relaxed ? 'simd128 with relaxed SIMD' : 'simd128';
const { exports, loadPuzzles } = await wasmBench(relaxed ? relaxedWasmPath : wasmPath);

/** The first solution `solve_one_with` kept, as a string of 81 digits. */
function solution() {
  return Array.from(new Uint8Array(exports.memory.buffer, exports.solution_at(), 81)).join('');
}

/** Why `grid` is not a solution of `puzzle`, or null. */
function flaw(puzzle, grid) {
  for (let i = 0; i < 81; i++) {
    if (puzzle[i] >= '1' && puzzle[i] <= '9' && puzzle[i] !== grid[i]) return `cell ${i} changes a given`;
  }
  for (let u = 0; u < 9; u++) {
    const houses = {
      row: [...Array(9)].map((_, k) => 9 * u + k),
      column: [...Array(9)].map((_, k) => u + 9 * k),
      box: [...Array(9)].map((_, k) => 27 * Math.floor(u / 3) + 3 * (u % 3) + 9 * Math.floor(k / 3) + (k % 3)),
    };
    for (const [kind, cells] of Object.entries(houses)) {
      if (cells.map((c) => grid[c]).sort().join('') !== '123456789') return `${kind} ${u + 1} is not 1-9`;
    }
  }
  return null;
}

for (const [set, sample] of SETS) {
  test(`wasm: ${backend} and fast9 agree on ${set} (${sample} puzzles)`, () => {
    const lines = loadPuzzles(dataFile(set));
    const step = Math.max(1, Math.floor(lines.length / sample));
    let checked = 0;
    for (let i = 0; i < lines.length && checked < sample; i += step, checked++) {
      const simd = exports.solve_one_with(i, 2, SIMD);
      const simdSolution = solution();
      const fast9 = exports.solve_one_with(i, 2, FAST9);
      const fast9Solution = solution();
      assert.equal(simd, fast9, `${set} #${i}: solutions counted`);
      assert.ok(simd >= 1, `${set} #${i}: every benchmark puzzle has a solution`);
      assert.equal(flaw(lines[i], simdSolution), null, `${set} #${i}: the ${backend} solution`);
      assert.equal(flaw(lines[i], fast9Solution), null, `${set} #${i}: the fast9 solution`);
      // With one solution both must find it; with several each finds one of them.
      if (simd === 1) assert.equal(simdSolution, fast9Solution, `${set} #${i}: the solution`);
    }
    assert.equal(checked, sample);
  });
}

test('wasm: the module under test has the shuffles it is meant to have', async () => {
  const fs = await import('node:fs');
  const bytes = fs.readFileSync(relaxed ? relaxedWasmPath : wasmPath);
  const count = (a, b, c) => bytes.reduce((n, x, i) => n + (x === a && bytes[i + 1] === b && bytes[i + 2] === c ? 1 : 0), 0);
  const relaxedSwizzles = count(0xfd, 0x80, 0x02); // i8x16.relaxed_swizzle
  if (relaxed) assert.ok(relaxedSwizzles > 0, 'the relaxed build uses i8x16.relaxed_swizzle');
  else assert.equal(relaxedSwizzles, 0, 'the plain build has no relaxed SIMD (it would not load in Safari)');
});

test('wasm: a puzzle with no solution and one with a digit twice in a box count 0', () => {
  // Row 1 forces r1c9 = 9, which its column already has; the second repeats a 5 in box 1.
  const lines = [
    '12345678.' + '........9' + '.'.repeat(63),
    '5.......' + '.' + '.5' + '.'.repeat(70),
  ];
  for (const [i, line] of lines.entries()) {
    assert.equal(line.length, 81);
    const at = exports.buffer(1);
    const bytes = new Uint8Array(exports.memory.buffer, at, 81);
    for (let c = 0; c < 81; c++) bytes[c] = line[c] === '.' ? 0 : Number(line[c]);
    assert.equal(exports.solve_one_with(0, 2, SIMD), 0, `puzzle ${i} with simd128`);
    assert.equal(exports.solve_one_with(0, 2, FAST9), 0, `puzzle ${i} with fast9`);
  }
});
