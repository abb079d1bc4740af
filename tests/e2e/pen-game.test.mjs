// A whole game written with the pen, as a player would: every empty cell of a fixed Easy puzzle
// gets its digit drawn with pen PointerEvents (the recognizer's fixture drawings, held out from
// its training, a different drawing for each cell where there are enough), a misread or declined
// drawing is fixed on the correction chip, and the game ends won — without help.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, launch, snap, cells, solution, openByLink, penWrite } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = JSON.parse(fs.readFileSync(path.join(root, 'models/fixtures/strokes.json'), 'utf8'));
const drawingsOf = (digit) => fixtures.filter((f) => f.label === digit).map((f) => f.strokes.map((s) => s.map(([x, y]) => [x, y])));

// Easy 9x9 made by `inkdoku generate --seed 7` (49 empty cells).
const PUZZLE = '.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.';

test('a whole game written with the pen ends won, misreads fixed on the chip', async () => {
  const page = await openByLink(b, server.url, PUZZLE);
  const sol = await solution(page);
  const empty = (await cells(page)).filter((c) => c.label.endsWith('empty'));
  assert.equal(empty.length, 49);
  const chip = page.getByRole('group', { name: 'Correction' });
  const used = {};
  let fixed = 0;
  for (const c of empty) {
    const digit = Number(sol[(c.row - 1) * 9 + c.col - 1]);
    const drawings = drawingsOf(digit);
    used[digit] = (used[digit] ?? -1) + 1;
    if (await penWrite(page, c.row, c.col, digit, drawings[used[digit] % drawings.length])) fixed += 1;
  }
  const won = page.getByRole('dialog', { name: 'Congratulations!' });
  await won.waitFor({ timeout: 10000 });
  assert.doesNotMatch(await won.textContent(), /with help/);
  assert.equal(await chip.count(), 0, 'no correction chip over a won game');
  await snap(page, 'pen-game-won');
  // The recognizer reads these held-out drawings nearly always right: a fix now and then, not
  // one in a handful.
  assert.ok(fixed <= 3, `${fixed} of 49 drawings needed the chip`);
  assert.deepEqual(b.errors, []);
});
