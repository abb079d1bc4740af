// SudokuPad's corner and centre marks beside the candidate notes: written with the mode buttons,
// the pad, the keys (X, C, Shift+digit) and the pen; undone; found again after a reload; carried
// by a link with progress to a fresh browser. Screenshots in light and dark mode.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, snap, cells, cell, waitForPuzzle, draw, DIGITS, reloadAndContinue, openSharedWithProgress, openByLink } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

// Easy 9x9 made by `inkdoku generate --seed 7`: r1c1, r1c3 and r1c5 are empty.
const PUZZLE = '.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.';
const clip = { permissions: ['clipboard-read', 'clipboard-write'] };
const label = (page, r, c) => cell(page, r, c).getAttribute('aria-label');

const openPuzzle = (options = {}) => openByLink(b, server.url, PUZZLE, options);

test('corner and centre marks with keys and pad, undo, reload, and a link with progress', async () => {
  const page = await openPuzzle(clip);
  await cell(page, 1, 1).click();
  await page.keyboard.press('x');
  assert.equal(await page.getByRole('button', { name: 'Corner' }).getAttribute('aria-pressed'), 'true');
  await page.keyboard.press('1');
  await page.keyboard.press('2');
  assert.equal(await label(page, 1, 1), 'Row 1, column 1, empty, corner 1 2');
  // The Centre button and the pad; a second press takes a mark away.
  await page.getByRole('button', { name: 'Centre' }).click();
  assert.equal(await page.getByRole('button', { name: 'Corner' }).getAttribute('aria-pressed'), 'false');
  await cell(page, 1, 3).click();
  for (const d of ['3', '4', '6', '3']) await page.getByRole('button', { name: d, exact: true }).click();
  assert.equal(await label(page, 1, 3), 'Row 1, column 3, empty, centre 4 6');
  // Shift+digit: a corner mark in any mode; Z back to digits.
  await page.keyboard.press('z');
  await cell(page, 1, 5).click();
  await page.keyboard.press('Shift+Digit8');
  assert.equal(await label(page, 1, 5), 'Row 1, column 5, empty, corner 8');
  await page.keyboard.press('Shift+Digit9');
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(await label(page, 1, 5), 'Row 1, column 5, empty, corner 8');
  // Drawn where they belong: corner marks in the corners, centre marks as a row in the middle.
  const cellBox = await cell(page, 1, 1).locator('rect').boundingBox();
  const marks = await cell(page, 1, 1).locator('.corner-mark').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()));
  assert.equal(marks.length, 2);
  assert.ok(marks[0].x < cellBox.x + cellBox.width / 3 && marks[0].y < cellBox.y + cellBox.height / 3, 'first mark top left');
  assert.ok(marks[1].x > cellBox.x + cellBox.width / 2 && marks[1].y < cellBox.y + cellBox.height / 3, 'second mark top right');
  const centre = await cell(page, 1, 3).locator('.centre-mark').boundingBox();
  const box3 = await cell(page, 1, 3).locator('rect').boundingBox();
  assert.ok(Math.abs(centre.x + centre.width / 2 - (box3.x + box3.width / 2)) < 3, 'centred');
  assert.equal(await cell(page, 1, 3).locator('.centre-mark').textContent(), '46');
  await snap(page, 'pencil-1280x800');
  const before = await cells(page);

  // Kept with the game.
  await reloadAndContinue(page);
  assert.deepEqual(await cells(page), before);

  // A link with progress carries them.
  const fresh = await openSharedWithProgress(b, page);
  assert.deepEqual(await cells(fresh), before);
  // A digit written over them clears the cell's marks.
  await cell(fresh, 1, 1).click();
  await fresh.keyboard.press('2');
  assert.match(await label(fresh, 1, 1), /^Row 1, column 1, 2(, conflict)?$/);
  assert.deepEqual(b.errors, []);
});

test('the pen writes corner marks in Corner mode, and the chip corrects one', async () => {
  const page = await openPuzzle();
  await page.getByRole('button', { name: 'Corner' }).click();
  await draw(page, 1, 1, DIGITS[4]);
  await page.waitForFunction(() => /corner/.test((document.querySelector('[role=gridcell][aria-rowindex="1"][aria-colindex="1"]')?.getAttribute('aria-label') ?? '')), null, { timeout: 30000 });
  assert.equal(await label(page, 1, 1), 'Row 1, column 1, empty, corner 4');
  // The chip's runner-up replaces the mark in one undo step.
  const change = page.getByRole('button', { name: /^Change to \d$/ });
  const name = await change.getAttribute('aria-label') ?? await change.textContent();
  const runnerUp = name.match(/\d/)[0];
  await change.click();
  assert.equal(await label(page, 1, 1), `Row 1, column 1, empty, corner ${runnerUp}`);
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(await label(page, 1, 1), 'Row 1, column 1, empty, corner 4');
});

test('marks at 800x480 in dark mode', async () => {
  const page = await openPuzzle({ viewport: { width: 800, height: 480 }, colorScheme: 'dark' });
  await cell(page, 1, 1).click();
  await page.keyboard.press('x');
  for (const k of ['1', '2', '3', '5']) await page.keyboard.press(k);
  await page.keyboard.press('c');
  await cell(page, 1, 3).click();
  for (const k of ['1', '2', '3', '4', '5', '6']) await page.keyboard.press(k);
  assert.equal(await label(page, 1, 1), 'Row 1, column 1, empty, corner 1 2 3 5');
  assert.equal(await label(page, 1, 3), 'Row 1, column 3, empty, centre 1 2 3 4 5 6');
  // The six centre marks stay inside their cell.
  const box = await cell(page, 1, 3).locator('rect').boundingBox();
  const row = await cell(page, 1, 3).locator('.centre-mark').boundingBox();
  assert.ok(row.x >= box.x && row.x + row.width <= box.x + box.width, JSON.stringify({ box, row }));
  // Every mode button is on screen.
  for (const name of ['Notes', 'Corner', 'Centre', 'Undo']) {
    const b2 = await page.getByRole('button', { name, exact: true }).boundingBox();
    assert.ok(b2 && b2.y + b2.height <= 480 && b2.x + b2.width <= 800, `${name}: ${JSON.stringify(b2)}`);
  }
  await snap(page, 'pencil-800x480-dark');
});
