// A full storage, with the browser's real quota: localStorage is filled with junk until it
// throws, then the player makes moves. A dialog says so (not only the status line); the game
// goes to IndexedDB meanwhile (and to the tab's sessionStorage), so a reload, and a new tab
// after the first was closed, bring every move back. The dialog's buttons make room: the
// oldest kept game or the learned drawings go, and the game is saved in localStorage again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, cells, cell, openByLink } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

/** Easy 9x9 (seed 7), as the native tests open it. */
const PUZZLE = '.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.';
/** Another Easy puzzle. */
const OTHER = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const GAME_KEY = 'inkdoku.game.v1';

/** Moves in a stored game record (of localStorage or sessionStorage), or -1 without one. */
const storedMoves = (page, where) => page.evaluate(([where, key]) => {
  const text = window[where].getItem(key);
  return text ? JSON.parse(text).game.actions.length : -1;
}, [where, GAME_KEY]);

/** Waits until the game record in `where` has `n` moves. */
const movesSaved = (page, where, n) => page.waitForFunction(([where, key, n]) => {
  const text = window[where].getItem(key);
  return text && JSON.parse(text).game.actions.length === n;
}, [where, GAME_KEY, n]);

/** Moves in IndexedDB's copy of the game (database `inkdoku`, store `spare`), or -1 without one. */
const idbMoves = (page) => page.evaluate((key) => new Promise((resolve, reject) => {
  const open = indexedDB.open('inkdoku');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('spare')) { db.close(); resolve(-1); return; }
    const get = db.transaction('spare').objectStore('spare').get(key);
    get.onsuccess = () => { db.close(); resolve(get.result ? JSON.parse(get.result).game.actions.length : -1); };
    get.onerror = () => reject(get.error);
  };
}), GAME_KEY);

/** Asks IndexedDB until its copy has `n` moves (it is written after the failed save). */
async function idbHas(page, n) {
  for (let tries = 0; tries < 200; tries++) {
    if (await idbMoves(page) === n) return;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 20))));
  }
  assert.fail(`IndexedDB never held ${n} moves (it holds ${await idbMoves(page)})`);
}

/** Junk until the browser's quota says no, in ever smaller pieces: nothing more fits. */
async function fillQuota(page) {
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
}

/** Stops the play clock (the page's clock stands, so no tick counts): the clock saves the play
 * time every 15 s, and such a save between filling the quota and the next move would open the
 * dialog before the move, its key then going to the dialog (CI of stop 54). Timers still run. */
const standingClock = { init: (page) => page.clock.setFixedTime(new Date('2026-11-28T09:00:00Z')) };

/** Writes digit n+1 into the n-th empty cell of `empty` (a move, right or wrong). */
async function play(page, empty, n) {
  await cell(page, empty[n].row, empty[n].col).click();
  await page.keyboard.press(String(n + 1));
}

/** The empty cells of the board. */
const empties = async (page) => (await cells(page)).filter((c) => c.label.endsWith('empty'));

/** Reloads (or opens, in a new page) and continues; the greeting must say the game is where it was left. */
async function welcomeBack(page) {
  const welcome = page.getByRole('dialog', { name: 'Welcome back' });
  await welcome.waitFor();
  assert.match(await welcome.textContent(), /Your game is where you left it/);
  await welcome.getByRole('button', { name: 'Continue' }).click();
}

test('moves made after the storage filled up come back on reload, and in a new tab after the first was closed', async () => {
  const page = await openByLink(b, server.url, PUZZLE, standingClock);
  const empty = await empties(page);
  await play(page, empty, 0);
  await movesSaved(page, 'localStorage', 1);
  await fillQuota(page);

  // The next move does not fit: a dialog says so, and where the game is meanwhile.
  await play(page, empty, 1);
  const dialog = page.getByRole('dialog', { name: 'Storage full' });
  await dialog.waitFor();
  assert.match(await dialog.textContent(),
    /could not be saved there\. They are saved in another of the browser's stores for now: a reload keeps them, and so does closing the tab\./);
  await dialog.getByRole('button', { name: 'OK' }).click();
  for (const n of [2, 3, 4, 5]) await play(page, empty, n);
  // (Once only: the status line says the rest.)
  await page.waitForFunction(() => /still full/.test((document.querySelector('[role=status]')?.textContent ?? '')));
  assert.equal(await dialog.count(), 0);
  await idbHas(page, 6);
  await movesSaved(page, 'sessionStorage', 6);
  assert.equal(await storedMoves(page, 'localStorage'), 1, 'the full store kept its older game');
  const played = await cells(page);

  // A reload in this tab: every move is back, and "where you left it" is true.
  await page.reload();
  await welcomeBack(page);
  assert.deepEqual(await cells(page), played);

  // The tab is closed and the app opened again in a new one (no sessionStorage of its own):
  // IndexedDB brings every move back, and says so truly.
  const context = page.context();
  await page.close();
  const fresh = await b.pageIn(context);
  await fresh.goto(server.url);
  await welcomeBack(fresh);
  assert.deepEqual(await cells(fresh), played);
  // (A new page starts with an empty sessionStorage, and localStorage still has one move.)
  assert.equal(await storedMoves(fresh, 'localStorage'), 1);
  await context.close();
});

test('"remove the oldest kept game" makes room: the next moves are saved in localStorage again, and a reload has every move', async () => {
  // A game with a move, kept when another puzzle is opened over it.
  const page = await openByLink(b, server.url, OTHER, standingClock);
  await play(page, await empties(page), 0);
  await movesSaved(page, 'localStorage', 1);
  await page.goto(server.url + '#' + PUZZLE);
  await page.getByRole('dialog', { name: 'Open this puzzle?' }).getByRole('button', { name: 'Open puzzle' }).click();
  await page.waitForFunction(() => /Opened/.test((document.querySelector('[role=status]')?.textContent ?? '')));
  await movesSaved(page, 'localStorage', 0);
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('inkdoku.games.v1')).games.length), 1, 'the game is kept');
  const empty = await empties(page);
  await play(page, empty, 0);
  await movesSaved(page, 'localStorage', 1);
  await fillQuota(page);

  await play(page, empty, 1);
  const dialog = page.getByRole('dialog', { name: 'Storage full' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: /^The oldest kept game \(.*9x9 / }).click();
  // The dialog closes once the game is saved where it belongs.
  await page.waitForFunction(() => /Space freed: your game is saved\./.test((document.querySelector('[role=status]')?.textContent ?? '')));
  assert.equal(await dialog.count(), 0);
  assert.equal(await page.evaluate(() => localStorage.getItem('inkdoku.games.v1')), null, 'the kept game is gone');
  assert.equal(await storedMoves(page, 'localStorage'), 2);
  for (const n of [2, 3]) await play(page, empty, n);
  await movesSaved(page, 'localStorage', 4);
  assert.equal(await storedMoves(page, 'sessionStorage'), -1, 'no spare copy is left');
  await idbHas(page, -1);
  const played = await cells(page);

  await page.reload();
  await welcomeBack(page);
  assert.deepEqual(await cells(page), played);
  await page.context().close();
});

test('"remove the learned drawings" makes room: the next moves are saved in localStorage again, and a reload has every move', async () => {
  const page = await openByLink(b, server.url, PUZZLE, standingClock);
  const empty = await empties(page);
  await play(page, empty, 0);
  await movesSaved(page, 'localStorage', 1);
  // Learned drawings, as the pen leaves them: five of each digit (read when the app starts).
  await page.evaluate(() => {
    const stroke = Array.from({ length: 200 }, (_, i) => [0.2 + 0.003 * i, 0.1 + 0.004 * i, 0.5]);
    const samples = [];
    for (let value = 1; value <= 9; value++) for (let k = 0; k < 5; k++) samples.push({ value, strokes: [stroke] });
    localStorage.setItem('inkdoku.hand.v1', JSON.stringify({ version: 1, samples }));
  });
  await page.reload();
  await welcomeBack(page);
  await fillQuota(page);

  await play(page, empty, 1);
  const dialog = page.getByRole('dialog', { name: 'Storage full' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Learned drawings (45)' }).click();
  await page.waitForFunction(() => /Space freed: your game is saved\./.test((document.querySelector('[role=status]')?.textContent ?? '')));
  assert.equal(await dialog.count(), 0);
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('inkdoku.hand.v1') ?? '{"samples":[]}').samples.length === 0);
  assert.equal(await storedMoves(page, 'localStorage'), 2);
  for (const n of [2, 3]) await play(page, empty, n);
  await movesSaved(page, 'localStorage', 4);
  await idbHas(page, -1);
  const played = await cells(page);

  await page.reload();
  await welcomeBack(page);
  assert.deepEqual(await cells(page), played);
  await page.context().close();
});
