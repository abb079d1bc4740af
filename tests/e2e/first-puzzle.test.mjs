// A first visit's first puzzle comes from the book of premade puzzles served beside the page
// (first-puzzles.txt, issue 48), not from the engine worker: with the worker's download held
// back, the puzzle shows and plays; once the worker is let through, New game has it make a
// fresh one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, launch, snap, dist, cell, waitForPuzzle, digitIn } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

/** The book as served: { givens, solution, level } per line. */
function book() {
  return fs.readFileSync(path.join(dist, 'first-puzzles.txt'), 'utf8').split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => { const [givens, solution, level] = l.trim().split(/\s+/); return { givens, solution, level }; });
}

/** The board's givens as one line (`.` for a cell without a given), in reading order. */
function givens(page) {
  return page.getByRole('gridcell').evaluateAll((els) => els.map((e) => {
    const digit = e.getAttribute('aria-label').match(/^Row \d+, column \d+, ([1-9A-G])(,|$)/)?.[1];
    return e.classList.contains('given') && digit ? digit : '.';
  }).join(''));
}

test('a first visit plays a premade puzzle of the level asked for while the engine worker is held back; then the worker makes New game\'s', async () => {
  const page = await b.page({ serviceWorkers: 'block' });
  // No saved game, no link; the settings ask for Hard (as a player who changed them and never
  // kept a game would).
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('set')) {
      localStorage.setItem('inkdoku.settings.v1', JSON.stringify({ level: 'Hard' }));
      sessionStorage.setItem('set', '1');
    }
  });
  // Every request for the engine worker's files (either build) is held until let through.
  const held = [];
  let letThrough = false;
  const served = [];
  page.on('requestfinished', (r) => served.push(new URL(r.url()).pathname));
  await page.context().route(/\/worker[^/]*$/, (route) => (letThrough ? route.continue() : held.push(route)));

  await page.goto(server.url);
  await waitForPuzzle(page);
  const shown = await givens(page);
  const premade = book().find((e) => e.givens === shown);
  assert.ok(premade, `the puzzle on the board is one of the book's: ${shown}`);
  assert.equal(premade.level, 'Hard', 'of the level asked for');
  await page.getByText('New 9x9 Hard puzzle.').waitFor();
  assert.ok(!served.some((f) => /^\/worker/.test(f)), `no engine worker file before the puzzle: ${served.join(' ')}`);
  // The engine worker is asked for once the puzzle is on screen (and is held back here).
  for (let i = 0; i < 100 && held.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
  assert.ok(held.length > 0, 'the engine worker starts once the puzzle is on screen');

  // It plays: digits typed land where they are typed (the book's solution's digits).
  const empties = [...shown].map((c, i) => (c === '.' ? i : -1)).filter((i) => i >= 0).slice(0, 3);
  for (const i of empties) {
    const [row, col] = [Math.floor(i / 9) + 1, (i % 9) + 1];
    await cell(page, row, col).click();
    await page.keyboard.press(premade.solution[i]);
    assert.equal(await digitIn(page, row, col), premade.solution[i], `r${row}c${col}`);
  }
  await snap(page, 'first-puzzle-premade-1280x800');

  // The worker is let through; New game has it make a fresh puzzle.
  letThrough = true;
  held.splice(0).forEach((route) => route.continue());
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('dialog', { name: 'New game' }).getByRole('button', { name: 'Start' }).click();
  await page.getByRole('button', { name: 'Start new game' }).click();
  let fresh = shown;
  for (const end = Date.now() + 60000; Date.now() < end && (fresh === shown || !/[1-9]/.test(fresh));) {
    await new Promise((r) => setTimeout(r, 100));
    fresh = await givens(page);
  }
  assert.notEqual(fresh, shown, 'a fresh puzzle');
  assert.ok(!book().some((e) => e.givens === fresh), 'made by the worker, not the book\'s');
  assert.ok(served.some((f) => /^\/worker.*_bg\.wasm$/.test(f)), 'the engine worker loaded');
  await page.getByText('New 9x9 Hard puzzle.').waitFor();
  assert.deepEqual(b.errors, []);
});
