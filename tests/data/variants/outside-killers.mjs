// Makes killer puzzles with another program than inkdoku's engine, for the outside check
// (engine/tests/variant_hints.rs, `killers_made_by_another_generator_are_explained_to_the_win`):
// killer-sudoku-generator 1.1.2 (npm, MIT, by Jérémy Lemoine), installed apart from the project
// (`npm install --prefix /tmp/ksg killer-sudoku-generator@1.1.2`; it is not a dependency).
//   node tests/data/variants/outside-killers.mjs /tmp/ksg LEVEL REMOVED COUNT >> candidates.jsonl
// prints one line of inkdoku's variant set format (name, kinds, puzzle, solution) per puzzle,
// with its givens and, on a second line, its cages alone. That package draws with Math.random
// (no seed), so a run gives new puzzles; the engine's test keeps only lines its variant solver
// finds unique (the package's own check lets some through with two solutions).
import { createRequire } from 'node:module';
import path from 'node:path';

const [prefix, level, removed, count] = process.argv.slice(2);
const require = createRequire(path.resolve(prefix, 'node_modules') + '/');
const generator = require('killer-sudoku-generator');
generator.overrideNumberOfCellsToRemove(level, Number(removed));
for (let i = 0; i < Number(count); i++) {
  const made = generator.generateKillerSudoku(level);
  // Its cells are [row, column] from 0; inkdoku's are indices in reading order.
  const constraints = made.areas.map((a) => ({ cells: a.cells.map(([r, c]) => r * 9 + c), kind: 'killer', sum: a.sum }));
  if (constraints.reduce((n, c) => n + c.cells.length, 0) !== 81) throw new Error('cages that do not cover the grid');
  const givens = made.puzzle.replaceAll('-', '.');
  const filled = 81 - [...givens].filter((c) => c === '.').length;
  const line = (name, g) => JSON.stringify({ name, kinds: ['killer'], puzzle: { givens: g, constraints }, solution: made.solution });
  console.log(line(`outside killer, ${level} ${removed}: ${filled} givens`, givens));
  console.log(line(`outside killer, ${level} ${removed}: its cages alone`, '.'.repeat(81)));
}
