// One game across tabs (the Web Locks API): two tabs opened at once never both play; a frozen
// playing tab is taken over and can't write over the new one when it wakes; a link opened in a
// second tab is offered there and the game it replaces stays as the previous game; a tab that
// chose "Just watch" can still take over. Waits on a page that is not in front poll every 100 ms:
// animation frames (Playwright's default polling) do not run in a background page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, cell, cells, waitForPuzzle, saved, savedWhen, saveNow } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

// Fixed puzzles (9x9 Easy and Medium, seed 7), opened by link.
const A = '.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.';
const B = '82..5..43...8..1.9....1..2...95...82.........24...89...6..8....4.8..2...73..9..16';

const label = (page, r, c) => cell(page, r, c).getAttribute('aria-label');
const otherTab = (page) => page.getByRole('dialog', { name: 'inkdoku is open in another tab' });

/** A first tab playing puzzle A with one move (a 4 in its first empty cell), saved. */
async function playingTab(context) {
  const page = await b.pageIn(context);
  await page.goto(server.url + '#' + A);
  await waitForPuzzle(page);
  const e = (await cells(page)).find((c) => c.label.endsWith('empty'));
  await cell(page, e.row, e.col).click();
  await page.keyboard.press('4');
  await page.waitForFunction(() => (JSON.parse(localStorage.getItem('inkdoku.game.v1') || 'null')?.game.actions.length ?? 0) > 0);
  return { page, e };
}

test('two tabs opened at the same moment: exactly one plays', async () => {
  const context = await b.browser.newContext();
  const [one, two] = [await b.pageIn(context), await b.pageIn(context)];
  await Promise.all([one.goto(server.url), two.goto(server.url)]);
  // Both settled: each shows either a puzzle of its own or the other-tab notice.
  const settled = (page) => page.waitForFunction(() => document.querySelector('[role=dialog]')
    || document.querySelectorAll('[role=gridcell].given').length > 0, null, { polling: 100, timeout: 30000 });
  await Promise.all([settled(one), settled(two)]);
  const following = [await otherTab(one).count(), await otherTab(two).count()];
  assert.deepEqual(following.sort(), [0, 1], 'one tab plays, the other follows');
  await context.close();
});

test('a frozen playing tab is taken over, and cannot write over the new game when it wakes', async () => {
  const context = await b.browser.newContext();
  const { page: first, e } = await playingTab(context);
  const cdp = await context.newCDPSession(first);
  await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });

  const second = await b.pageIn(context);
  await second.goto(server.url);
  await otherTab(second).getByRole('button', { name: 'Play here' }).click();
  await second.waitForFunction(() => /You play here now/.test((document.querySelector('[role=status]')?.textContent ?? '')));
  assert.match(await label(second, e.row, e.col), /, 4(,|$)/, 'the first tab\'s move came along');
  const f = (await cells(second)).find((c) => c.label.endsWith('empty'));
  await cell(second, f.row, f.col).click();
  await second.keyboard.press('6');
  await savedWhen(second, (r) => r.game.actions.length === 2, { what: "the second tab's move" });

  await cdp.send('Page.setWebLifecycleState', { state: 'active' });
  await otherTab(first).waitFor();
  // The woken tab tries to save its game at once (as when it is left): fenced, it writes nothing.
  await saveNow(first);
  const stored = (await saved(second)).game.actions;
  assert.equal(stored.length, 2, 'both moves, the second tab\'s included: the woken tab wrote nothing');
  await context.close();
});

test('a link opened in a second tab is offered there; the replaced game stays as the previous game', async () => {
  const context = await b.browser.newContext();
  const { page: first, e } = await playingTab(context);
  const second = await b.pageIn(context);
  await second.goto(server.url + '#' + B);
  const offer = second.getByRole('dialog', { name: 'Open this puzzle here?' });
  await offer.waitFor();
  await offer.getByRole('button', { name: 'Open here' }).click();
  await second.waitForFunction(() => /Opened a 9x9 puzzle/.test((document.querySelector('[role=status]')?.textContent ?? '')));
  assert.equal(await label(second, 1, 1), 'Row 1, column 1, 8, given', 'puzzle B plays here');
  await otherTab(first).waitFor();
  assert.equal((await savedWhen(second, (r) => r.game.givens === B, { what: 'puzzle B' })).game.givens, B);

  // New game → the game in progress it replaced: back to puzzle A with its move.
  await second.getByRole('button', { name: 'New game' }).click();
  await second.getByRole('group', { name: 'Games in progress' }).getByRole('button').first().click();
  assert.equal(await label(second, 1, 2), 'Row 1, column 2, 7, given');
  assert.match(await label(second, e.row, e.col), /, 4(,|$)/);
  await context.close();
});

test('after "Just watch" the follower can still take over', async () => {
  const context = await b.browser.newContext();
  const { page: first, e } = await playingTab(context);
  const second = await b.pageIn(context);
  await second.goto(server.url);
  await otherTab(second).getByRole('button', { name: 'Just watch' }).click();
  // It follows the first tab's moves.
  const f = (await cells(first)).find((c) => c.label.endsWith('empty'));
  await cell(first, f.row, f.col).click();
  await first.keyboard.press('1');
  await second.waitForFunction(([r, c]) => /, 1(,|$)/.test(document.querySelector(
    `[role=gridcell][aria-rowindex="${r}"][aria-colindex="${c}"]`).getAttribute('aria-label')), [f.row, f.col], { polling: 100 });
  await second.getByRole('region', { name: 'This tab follows the game played in another tab.' }).getByRole('button', { name: 'Play here' }).click();
  await second.waitForFunction(() => /You play here now/.test((document.querySelector('[role=status]')?.textContent ?? '')));
  await otherTab(first).waitFor();
  assert.match(await label(second, e.row, e.col), /, 4(,|$)/);
  await context.close();
});
