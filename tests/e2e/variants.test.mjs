// Variant puzzles played in the built app (issue 43, items 2 and 4): an f-puzzles killer link
// opens with its cages drawn and named, shows its rules, and is won from the keyboard only when
// the cages add up; a SudokuPad link with a thermometer, arrows and kropki dots draws them
// (screenshots at 800x480, 600x960 and 1280x800, light and dark); the share link with progress
// and the "Open in f-puzzles" link carry the constraints; Check names a cage over its sum.
//
// The links were made by inkdoku's own writers from puzzles of tests/data/variants/set.jsonl
// (`cargo run -p inkdoku-engine --example variant_fixtures` prints them).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, snap, cells, cell, waitForPuzzle, savedWhen, openSharedWithProgress } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

const KILLER = 'N4IghgrgLgFg9gJxALhASwHYGsAmcsQgA0IA5gmjigNrXAC+RDTjzbrrZaAbgKYYooCCLxLcwAGxEoArBwC6ROhyZc+A5EJFjJ05ADYVbNf0HDRIcVN4oAnEYVLjpHqc3md1lAHYjJjVoWVnoAHA4sEaAu6mbalro2yPaKyqrRboGeevaR4ewsKflFeY6pUa4BHvFeyABMfumVccGJAIwlaRWxQQk+pcW5g+yFDV3uzb1JnI3dWYkALKMx4z017UP+s9V6ciNDHc5jmduJYfKKIFhoEhK8CADGYKSJdCD3vDcAzjQgAEoyAGFbMQ/vMgSALi0UCBvCBOO8vj9frUAfMQb9WqiIXNoa1WnDVAiJN9kNQ/pj8SQMQDauiUZS/gBmAEM37M2mQyYgWoyAmgIkksnUkLozHAqkokVUzGwiUA2Gcmrc/Hwj7EpGY/R0gFauW8xV6ECtEWqxGkpny9HMqWggE2tnguXAg2Jbm803q82/fQA3lU7y+9EhQMu3HAj2Ci1+23R35grWh1CtNH0C7CW6fXhQaEAOUQAFtJAACADKEDwBCL6d4nyLYAADvWJABPAB0AB0MAARNAuKC1zB1ouPZ51nA4IsQetFqBwItoftFz4QfN1jATvBFjBwKBV3j13hgKCtkGfNAAL0SthIUAXt2hAEEi1cbncZ3OoDXs/QgA';
const KILLER_SOLUTION = '932647851186529347574813629895376214617294583423158976348765192269481735751932468';
const SHOW = 'N4IghgThD2DuIC4DaoDGBTANpgzopIASgBwDCATCALoA0ImAlgHbp7IEkUh2cDM3RAJxcqVAL400WXPiIA2UoOp1GLNkg4KlPAOyliAwgp3VxkkBmzqiAFn3L6zVvg52DPXvZ7l7oiVKtZQk8ARgdVZ3YiUMMfMI8RMwCZZHlSOXCndU10wwBWUhM/WhAAEwYAMwr0CHQmDHxk60ICvPzcpItpZs8bQ082zssUjj1tIjIlIe6gu3iiArDxEvQANzrGruxEIVJ+MRKAcwgGUpdQQ4Z1pkQAFwgAV3Q6VbBMJ8QdfxBL67vH54gV7vdCIYj+CGSSHAaEHGgoaE/K4bBD3J4vN4fBB5RG/FFowHArHkXHIm6ogEYkFg0l/CnooGY0EIQRwhFQjkwzmwqG0dlcgU8wW8+HCsXfPHkglUrFyCVk/4MonM1mcpF06WM6kIcF8sXq/GUrVY3hCs16s1qyWKwlMxAhc2iy0Cg1So3KxAk7nma3023ar4W73i4Oum0y5kO0R0ADWDGwNVQYEOzJQWxGRBCpD6PCzbW82YcHoQIBCYThIAgYFuDGgm2GzWEGR4wiKFZwDAAXiq6LcABY1AC20EH6FuNU2EWyaXmhD0s7IS2WvYYt0wzJAAEEoHAcDQAASlaC3HD7sBMUpn/f9ocjscTugAD1W9ZmqWCuQSRQjOwAGiADjEIA===';

const clip = { permissions: ['clipboard-read', 'clipboard-write'] };
const status = (page, re) => page.waitForFunction((s) => new RegExp(s).test((document.querySelector('[role=status]')?.textContent ?? '')), re.source);
const count = (page, selector) => page.locator(selector).count();

/** Opens a link in a fresh page and waits until its puzzle is on and announced. */
async function openLink(link, options = {}) {
  const page = await b.page(options);
  await page.goto(server.url + link);
  await waitForPuzzle(page);
  await status(page, /Opened a 9x9 puzzle/);
  return page;
}

/** The game's variant as saved (its constraints, with cells as indices in reading order). */
async function variant(page) {
  const record = await savedWhen(page, (r) => r.game?.variant, { what: 'the variant game' });
  return record.game.variant;
}

/** Types `digits` (a string of 81, '.' to skip) from the keyboard, walking from r1c1. */
async function typeGrid(page, digits) {
  await page.locator('[role=grid]').focus();
  await page.keyboard.press('ArrowRight');
  const selected = () => page.evaluate(() => {
    const c = document.querySelector('[role=gridcell][aria-selected=true]');
    return [Number(c.getAttribute('aria-rowindex')), Number(c.getAttribute('aria-colindex'))];
  });
  let [r, c] = await selected();
  for (; r > 1; r--) await page.keyboard.press('ArrowUp');
  for (; c > 1; c--) await page.keyboard.press('ArrowLeft');
  for (let row = 1; row <= 9; row++) {
    for (let col = 1; col <= 9; col++) {
      const d = digits[(row - 1) * 9 + col - 1];
      if (d !== '.') await page.keyboard.press(d);
      if (col < 9) await page.keyboard.press('ArrowRight');
    }
    for (let col = 9; col > 1; col--) await page.keyboard.press('ArrowLeft');
    if (row < 9) await page.keyboard.press('ArrowDown');
  }
}

const name = (i) => `r${Math.floor(i / 9) + 1}c${i % 9 + 1}`;

test('an f-puzzles killer link opens with its cages drawn and named, shows its rules, and is won by keyboard', async () => {
  const page = await openLink(`?load=${encodeURIComponent(KILLER)}`);
  const puzzle = await variant(page);
  const cages = puzzle.constraints.filter((c) => c.kind === 'killer');
  assert.ok(cages.length >= 4, `${cages.length} cages`);
  assert.equal(await count(page, '.cst-cage'), cages.length, 'each cage is drawn');
  assert.equal(await count(page, '.cst-cage-sum'), cages.length, 'each sum is written');
  // Each cage's cells say so in their names.
  for (const cage of cages) {
    for (const i of cage.cells) {
      const label = await cell(page, Math.floor(i / 9) + 1, i % 9 + 1).getAttribute('aria-label');
      assert.ok(label.includes(`cage of ${cage.cells.length} cells, sum ${cage.sum}`), label);
    }
  }
  // The Rules panel: title, author, rules text.
  await page.getByRole('button', { name: 'Rules' }).click();
  const rules = page.getByRole('dialog', { name: 'Rules' });
  await rules.waitFor();
  const text = await rules.textContent();
  for (const part of ['A killer to test', 'by inkdoku', 'Digits in a cage add up to its sum']) assert.ok(text.includes(part), text);
  await rules.getByRole('button', { name: 'Close' }).click();

  // Typed to the end: won.
  const givens = (await cells(page)).map((c) => c.label.includes(', given') ? 'g' : '.');
  await typeGrid(page, [...KILLER_SOLUTION].map((d, i) => givens[i] === 'g' ? '.' : d).join(''));
  const won = page.getByRole('dialog', { name: 'Congratulations!' });
  await won.waitFor({ timeout: 15000 });
  await page.context().close();
});

test('Check names a cage over its sum; the board shows its cells in conflict', async () => {
  const page = await openLink(`?load=${encodeURIComponent(KILLER)}`);
  const puzzle = await variant(page);
  const givens = puzzle.givens;
  // A cage without givens: its first cells right, its last one a digit the cage lacks (no
  // repeat, so the sum is what is wrong).
  const cage = puzzle.constraints.find((c) => c.kind === 'killer' && c.cells.length >= 2 && c.cells.every((i) => givens[i] === '.'));
  assert.ok(cage, 'a cage without givens');
  const cells_ = [...cage.cells].sort((x, y) => x - y);
  const right = cells_.map((i) => Number(KILLER_SOLUTION[i]));
  const last = cells_.at(-1);
  const wrong = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => !right.includes(d));
  const typed = [...'.'.repeat(81)];
  cells_.forEach((i, k) => { typed[i] = String(k === cells_.length - 1 ? wrong : right[k]); });
  await typeGrid(page, typed.join(''));
  await page.getByRole('button', { name: 'Check' }).click();
  const got = right.slice(0, -1).reduce((a, d) => a + d, 0) + wrong;
  const first = name(Math.min(...cage.cells));
  await status(page, new RegExp(`^The cage at ${first} adds up to ${got}, not ${cage.sum}\\.$`));
  const label = await cell(page, Math.floor(last / 9) + 1, last % 9 + 1).getAttribute('aria-label');
  assert.match(label, /conflict/, 'the broken cage is shown in conflict');
  await page.context().close();
});

test('a SudokuPad link with a thermometer, arrows and kropki dots draws them, legibly at three sizes in light and dark', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const page = await openLink(`?puzzleid=fpuzzles${encodeURIComponent(SHOW)}`, { colorScheme });
    const puzzle = await variant(page);
    const kinds = (k) => puzzle.constraints.filter((c) => c.kind === k);
    assert.equal(await count(page, 'circle.cst-thermo'), kinds('thermometer').length);
    assert.ok(kinds('thermometer').length >= 1);
    assert.equal(await count(page, '.cst-arrow-circle'), kinds('arrow').length);
    assert.equal(await count(page, '.cst-dot-white'), kinds('kropki').filter((c) => c.dot === 'white').length);
    assert.equal(await count(page, '.cst-dot-black'), kinds('kropki').filter((c) => c.dot === 'black').length);
    assert.equal(await count(page, '.cst-cage'), kinds('killer').length);
    assert.equal(await count(page, '.cst-edge'), kinds('xv').length);
    // The thermometer's bulb cell names it.
    const bulb = kinds('thermometer')[0].cells[0];
    const label = await cell(page, Math.floor(bulb / 9) + 1, bulb % 9 + 1).getAttribute('aria-label');
    assert.match(label, /thermometer, cell 1 of \d from the bulb/);
    // A few marks in a caged cell and a note, for the screenshots.
    const caged = kinds('killer')[0].cells[0];
    await cell(page, Math.floor(caged / 9) + 1, caged % 9 + 1).click();
    await page.keyboard.press('Shift+1');
    await page.keyboard.press('Shift+2');
    for (const [width, height] of [[800, 480], [600, 960], [1280, 800]]) {
      await page.setViewportSize({ width, height });
      await snap(page, `variants-${width}x${height}-${colorScheme}`);
    }
    await page.context().close();
  }
});

test('the share link with progress and the Open in f-puzzles link carry the constraints', async () => {
  const page = await openLink(`?load=${encodeURIComponent(KILLER)}`, clip);
  const puzzle = await variant(page);
  const open = [...puzzle.givens].findIndex((ch) => ch === '.');
  await cell(page, Math.floor(open / 9) + 1, open % 9 + 1).click();
  await page.keyboard.press(KILLER_SOLUTION[open]);
  const fresh = await openSharedWithProgress(b, page);
  assert.deepEqual(await variant(fresh), puzzle, 'the constraints, title, author and rules travel with the link');
  assert.match(await cell(fresh, Math.floor(open / 9) + 1, open % 9 + 1).getAttribute('aria-label'), new RegExp(`, ${KILLER_SOLUTION[open]}, cage of`));
  assert.equal(await count(fresh, '.cst-cage'), await count(page, '.cst-cage'));

  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const link = page.getByRole('dialog', { name: 'Share' }).getByRole('link', { name: 'Open in f-puzzles' });
  const href = await link.getAttribute('href');
  assert.match(href, /^https:\/\/www\.f-puzzles\.com\/\?load=N4Ig/);
  const back = await openLink(new URL(href).search);
  assert.deepEqual(await variant(back), puzzle, 'f-puzzles\' link reads back to the same puzzle');
  await page.context().close();
});
