// A full storage, with the browser's real quota: localStorage is filled with junk until it
// throws, then the player makes moves. A dialog says so (not only the status line); the game
// goes to the tab's spare store meanwhile, so a reload brings every move back; a new tab, where
// only the older stored game is left, says so instead of "where you left it".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, cells, cell, openByLink } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

/** Easy 9x9 (seed 7), as the native tests open it. */
const PUZZLE = '.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.';

/** Moves in a stored game record (of localStorage or sessionStorage), or -1 without one. */
const storedMoves = (page, where) => page.evaluate((where) => {
  const text = window[where].getItem('inkdoku.game.v1');
  return text ? JSON.parse(text).game.actions.length : -1;
}, where);

/** Writes digit `key` into the n-th empty cell of `empty`. */
async function play(page, empty, n, key) {
  await cell(page, empty[n].row, empty[n].col).click();
  await page.keyboard.press(key);
}

test('moves made after the storage filled up come back on reload, and a new tab tells the truth', async () => {
  const page = await openByLink(b, server.url, PUZZLE);
  const empty = (await cells(page)).filter((c) => c.label.endsWith('empty'));
  await play(page, empty, 0, '1');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('inkdoku.game.v1') || '{"game":{"actions":[]}}').game.actions.length === 1);

  // Junk until the browser's quota says no, in ever smaller pieces: nothing more fits.
  const junk = await page.evaluate(() => {
    let size = 1 << 20, n = 0;
    while (size >= 1) {
      try { localStorage.setItem(`junk.${n}`, 'x'.repeat(size)); n++; } catch (e) {
        if (e.name !== 'QuotaExceededError') throw e;
        size = Math.floor(size / 2);
      }
    }
    return n;
  });
  assert.ok(junk > 0);

  // The next move does not fit: a dialog says so, and where the game is meanwhile.
  await play(page, empty, 1, '2');
  const dialog = page.getByRole('dialog', { name: 'Storage full' });
  await dialog.waitFor();
  assert.match(await dialog.textContent(), /could not be saved there\. They are kept in this tab for now/);
  await dialog.getByRole('button', { name: 'OK' }).click();
  for (const [n, key] of [[2, '3'], [3, '4'], [4, '5'], [5, '6']]) await play(page, empty, n, key);
  // (Once only: the status line says the rest.)
  await page.waitForFunction(() => /still full/.test(document.querySelector('[role=status]').textContent));
  assert.equal(await dialog.count(), 0);
  await page.waitForFunction(() => JSON.parse(sessionStorage.getItem('inkdoku.game.v1') || '{"game":{"actions":[]}}').game.actions.length === 6);
  assert.equal(await storedMoves(page, 'localStorage'), 1, 'the full store kept its older game');
  const played = await cells(page);

  // A reload in this tab: every move is back, and "where you left it" is true.
  await page.reload();
  const welcome = page.getByRole('dialog', { name: 'Welcome back' });
  await welcome.waitFor();
  assert.match(await welcome.textContent(), /Your game is where you left it/);
  await welcome.getByRole('button', { name: 'Continue' }).click();
  assert.deepEqual(await cells(page), played);

  // A new tab (the first one closed): only the older game is stored, and it says so.
  const context = page.context();
  await page.close();
  const fresh = await b.pageIn(context);
  await fresh.goto(server.url);
  const older = fresh.getByRole('dialog', { name: 'Welcome back' });
  await older.waitFor();
  assert.match(await older.textContent(), /Your last moves could not be saved \(the storage was full\)/);
  assert.doesNotMatch(await older.textContent(), /where you left it/);
  const now = await cells(fresh);
  assert.equal(now.filter((c) => /column \d, \d/.test(c.label) && !/given/.test(c.label)).length, 1, 'the game as last saved: one move');
  await context.close();
});
