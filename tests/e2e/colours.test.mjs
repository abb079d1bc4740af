// Colour mode: digits (keys, pad, pen) paint colours on cells (several per cell, drawn as
// wedges with patterns), the palette paints candidates; undo, reload, a link with progress,
// Clear colours. Screenshots in light and dark mode at 1280x800 and 800x480.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, snap, cells, cell, cellBack, waitForPuzzle, draw, DIGITS, reloadAndContinue, openSharedWithProgress, openByLink } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

// Easy 9x9 made by `inkdoku generate --seed 7`: r1c1, r1c3, r1c5 empty; r1c2 holds a given 7.
const PUZZLE = '.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.';
const clip = { permissions: ['clipboard-read', 'clipboard-write'] };
const label = (page, r, c) => cell(page, r, c).getAttribute('aria-label');

const openPuzzle = (options = {}) => openByLink(b, server.url, PUZZLE, options);

/** Notes 4 and 6 in r1c3, then Colour mode with the palette painting candidates in colour 5. */
async function paintCandidate(page) {
  await page.keyboard.press('n');
  await cell(page, 1, 3).click();
  await page.keyboard.press('4');
  await page.keyboard.press('6');
  await page.keyboard.press('v');
  const palette = page.getByRole('group', { name: 'Colours' });
  await palette.getByRole('button', { name: 'Paint candidates' }).click();
  await palette.getByRole('button', { name: 'Colour 5: blue' }).click();
  await page.getByRole('button', { name: '4', exact: true }).click();
}

test('paint cells and candidates, undo, reload, share with progress, clear', async () => {
  const page = await openPuzzle(clip);
  await cell(page, 1, 1).click();
  await page.keyboard.press('v');
  assert.equal(await page.getByRole('button', { name: 'Colour', exact: true }).getAttribute('aria-pressed'), 'true');
  await page.keyboard.press('3');
  await page.getByRole('button', { name: '9', exact: true }).click();
  assert.equal(await label(page, 1, 1), 'Row 1, column 1, empty, colours 3 9');
  assert.equal(await cellBack(page, 1, 1).locator('polygon.paint').count(), 2, 'two colours, two wedges');
  // Givens take colours too; painting the same colour again takes it off.
  await cell(page, 1, 2).click();
  await page.keyboard.press('1');
  await page.keyboard.press('2');
  await page.keyboard.press('2');
  assert.equal(await label(page, 1, 2), 'Row 1, column 2, 7, given, colours 1');
  await paintCandidate(page);
  assert.equal(await label(page, 1, 3), 'Row 1, column 3, empty, notes 4 6, 4 in colour 5');
  assert.equal(await cell(page, 1, 3).locator('circle.candidate-paint').count(), 1);
  await snap(page, 'colours-1280x800');
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(await label(page, 1, 3), 'Row 1, column 3, empty, notes 4 6');
  await page.getByRole('button', { name: 'Redo' }).click();
  const before = await cells(page);

  await reloadAndContinue(page);
  assert.deepEqual(await cells(page), before);

  const fresh = await openSharedWithProgress(b, page);
  assert.deepEqual(await cells(fresh), before);

  // Clear colours: every colour goes, in one undo step.
  await page.keyboard.press('v'); // out of colour mode (the reload kept none)
  if (await page.getByRole('button', { name: 'Colour', exact: true }).getAttribute('aria-pressed') !== 'true') await page.keyboard.press('v');
  await page.getByRole('group', { name: 'Colours' }).getByRole('button', { name: 'Clear colours' }).click();
  assert.ok((await cells(page)).every((c) => !/colour/.test(c.label)));
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.deepEqual(await cells(page), before);
  assert.deepEqual(b.errors, []);
});

test('the pen paints in Colour mode', async () => {
  const page = await openPuzzle();
  await page.getByRole('button', { name: 'Colour', exact: true }).click();
  await draw(page, 1, 5, DIGITS[4]);
  await page.waitForFunction(() => /colours/.test((document.querySelector('[role=gridcell][aria-rowindex="1"][aria-colindex="5"]')?.getAttribute('aria-label') ?? '')), null, { timeout: 30000 });
  assert.equal(await label(page, 1, 5), 'Row 1, column 5, empty, colours 4');
});

test('the palette at 800x480 in dark mode', async () => {
  const page = await openPuzzle({ viewport: { width: 800, height: 480 }, colorScheme: 'dark' });
  await cell(page, 1, 1).click();
  await page.keyboard.press('v');
  for (const k of ['1', '2', '3', '4']) await page.keyboard.press(k);
  for (const [c, k] of [[5, '5'], [6, '6'], [7, '7'], [8, '8'], [9, '9']]) {
    await cell(page, 2, c).click();
    await page.keyboard.press(k);
  }
  await paintCandidate(page);
  const palette = page.getByRole('group', { name: 'Colours' });
  for (const name of ['Colour 1: orange', 'Colour 9: indigo', 'Clear colours']) {
    const button = palette.getByRole('button', { name });
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    assert.ok(box && box.y >= -1 && box.y + box.height <= 481 && box.x + box.width <= 800, `${name}: ${JSON.stringify(box)}`);
  }
  await snap(page, 'colours-800x480-dark');
});
