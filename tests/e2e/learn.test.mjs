// The pen learns the player's hand. A player who writes digits as a digital clock shows them
// (models/fixtures/seven_segment.json: the model reads that 6 as 5) corrects each misread 6 on
// the chip; after at most three corrections their 6s are read right, their other digits still
// are, the learning survives a reload, Settings lists the drawings, and forgetting them brings
// the model's own reading back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, launch, snap, cell, waitForPuzzle, DIGITS, draw, emptyCells } from './support.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HAND = JSON.parse(fs.readFileSync(path.join(root, 'models/fixtures/seven_segment.json'), 'utf8'));
const strokesOf = (drawing) => drawing.strokes.map((s) => s.map(([x, y]) => [x, y]));
const sevenSegment = (digit) => HAND.filter((d) => d.digit === digit).map(strokesOf);

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

// A fixed puzzle (Easy 9x9, seed 7), opened by link: 51 empty cells to write in.
const PUZZLE = '.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.';

/** Writes strokes into cell `at` and waits for the recognizer: the digit read, or 0 when it
 *  declined the ink. */
async function write(page, at, strokes) {
  await draw(page, at.row, at.col, strokes);
  const handle = await page.waitForFunction(([r, c]) => {
    const label = document.querySelector(`[role=gridcell][aria-rowindex="${r}"][aria-colindex="${c}"]`).getAttribute('aria-label');
    const digit = label.match(/, (\d)(,|$)/);
    if (digit) return digit[1];
    return document.querySelector('.ink.pending.declined') ? 'declined' : null;
  }, [at.row, at.col], { timeout: 30000, polling: 100 });
  const read = await handle.jsonValue();
  return read === 'declined' ? 0 : Number(read);
}

/** Picks `digit` on the correction chip: the runner-up if it is one, else from every digit. */
async function correct(page, at, digit) {
  const chip = page.getByRole('group', { name: 'Correction' });
  await chip.waitFor();
  const pick = chip.getByRole('button', { name: `Change to ${digit}` });
  if (await pick.count() === 0) await chip.getByRole('button', { name: 'Other digits' }).click();
  await pick.click();
  assert.match(await cell(page, at.row, at.col).getAttribute('aria-label'), new RegExp(`, ${digit}(,|$)`));
}

test('three corrections teach the pen an odd 6; the other digits stay right, across a reload; Settings forgets', async () => {
  const page = await b.page();
  await page.goto(server.url + '#' + PUZZLE);
  await waitForPuzzle(page);
  const free = await emptyCells(page, 30);
  const next = () => free.shift();

  // The player writes their 6s, correcting each misread one on the chip.
  const sixes = sevenSegment(6);
  let corrections = 0;
  let lastCorrection = -1;
  for (const [i, six] of sixes.entries()) {
    const at = next();
    const read = await write(page, at, six);
    if (read !== 6) {
      if (i === 0) assert.equal(read, 5, 'the model reads a seven-segment 6 as 5 before it learns');
      console.log(`6 number ${i + 1} read as ${read || 'declined'}: corrected`);
      await correct(page, at, 6);
      corrections += 1;
      lastCorrection = i;
      assert.match(await page.getByRole('status').textContent(), /Learned: written like this, the pen reads 6/);
    }
  }
  assert.ok(corrections >= 1 && corrections <= 3, `${corrections} corrections`);
  assert.ok(lastCorrection < sixes.length - 3, 'the last 6s were read right without a correction');
  await snap(page, 'learn-after');

  // Their other digits — the 5 and 8 are the 6's nearest shapes — and plainer ones stay right.
  for (const digit of [5, 8, 9, 3]) {
    assert.equal(await write(page, next(), sevenSegment(digit)[1]), digit, `a seven-segment ${digit}`);
  }
  for (const digit of [1, 2, 4, 7]) {
    assert.equal(await write(page, next(), DIGITS[digit]), digit, `a plain ${digit}`);
  }

  // What it learned is kept on the device: after a reload a 6 is still read as 6.
  await page.reload();
  await waitForPuzzle(page);
  await page.getByRole('dialog', { name: 'Welcome back' }).getByRole('button', { name: 'Continue' }).click();
  const [after] = await emptyCells(page, 1);
  assert.equal(await write(page, after, sixes[0]), 6, 'read right after a reload');

  // Settings lists the learned drawings; forgetting them brings back the model's own reading.
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Your handwriting' });
  await section.waitFor();
  assert.match(await section.textContent(), new RegExp(`Drawings learned: ${corrections}`));
  assert.equal(await section.getByRole('button', { name: 'Forget this 6' }).count(), corrections);
  await snap(page, 'learn-settings');
  await section.getByRole('button', { name: 'Forget them all' }).click();
  assert.match(await section.textContent(), /Nothing learned yet/);
  await page.getByRole('button', { name: 'Close' }).click();
  const [again] = await emptyCells(page, 1);
  // (The model alone reads this 6 as 5 with a confidence near the threshold, so in another cell
  // it may decline it instead: either way, not the 6 it had learned.)
  const forgotten = await write(page, again, sixes[0]);
  assert.ok(forgotten === 5 || forgotten === 0, `forgotten: read as the model reads it (${forgotten})`);
});
