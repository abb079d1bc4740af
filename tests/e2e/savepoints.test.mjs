// Marked positions (savepoints): mark the position, try a branch, go back to the mark; the mark
// is kept with the game (a reload finds it), going back is one undo step, several marks are
// listed newest first by the play time they were marked at.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, snap, cells, cell, waitForPuzzle, solution, reloadAndContinue, openByLink } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

// Easy 9x9 made by `inkdoku generate --seed 7`.
const PUZZLE = '.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.';

const board = async (page) => (await cells(page)).map((c) => c.label).join('\n');
const status = (page) => page.getByRole('status').textContent();
const empties = async (page) => (await cells(page)).filter((c) => c.label.endsWith('empty'));

async function place(page, { row, col }, digit) {
  await cell(page, row, col).click();
  await page.getByRole('button', { name: String(digit), exact: true }).click();
}

async function openMarks(page) {
  const marks = page.getByRole('button', { name: 'Marks', exact: true });
  if (await marks.getAttribute('aria-expanded') !== 'true') await marks.click();
  return page.getByRole('group', { name: 'Marks' });
}

test('mark a position, try a branch, go back; a reload keeps the mark; undo returns to the branch', async () => {
  const page = await openByLink(b, server.url, PUZZLE);
  const sol = await solution(page);
  const [first, second, third, fourth] = await empties(page);
  const answer = (c) => sol[(c.row - 1) * 9 + c.col - 1];

  // Some progress: a right digit and a note.
  await place(page, first, answer(first));
  await page.getByRole('button', { name: 'Notes' }).click();
  await place(page, second, answer(second));
  await page.getByRole('button', { name: 'Notes' }).click();
  let menu = await openMarks(page);
  // Escape closes the menu (and nothing else: the selection stays).
  const selected = await page.locator('[role=gridcell][aria-selected=true]').count();
  await page.keyboard.press('Escape');
  assert.equal(await menu.count(), 0, 'Escape closes the Marks menu');
  assert.equal(await page.locator('[role=gridcell][aria-selected=true]').count(), selected);
  menu = await openMarks(page);
  assert.equal(await menu.getByRole('button', { name: /^Back to / }).count(), 0);
  await menu.getByRole('button', { name: 'Mark this position' }).click();
  assert.match(await status(page), /^Position marked at \d+:\d\d: try a branch/);
  const marked = await board(page);

  // The branch: two digits, one of them wrong, and the note's cell filled.
  await place(page, third, answer(third) === '1' ? 2 : 1);
  await place(page, second, answer(second));
  await place(page, fourth, answer(fourth));
  const branch = await board(page);
  assert.notEqual(branch, marked);

  menu = await openMarks(page);
  await snap(page, 'marks-menu-1280x800');
  await menu.getByRole('button', { name: /^Back to \d+:\d\d$/ }).click();
  assert.equal(await board(page), marked, 'the board is as it was marked, note included');
  assert.match(await status(page), /^Back at the position marked at \d+:\d\d\. Undo returns/);

  // Kept with the game: after a reload the mark is still there to go back to.
  await reloadAndContinue(page);
  assert.equal(await board(page), marked);
  menu = await openMarks(page);
  await menu.getByRole('button', { name: /^Back to \d+:\d\d$/ }).click();
  assert.match(await status(page), /^The board is already as marked at/);

  // Going back was one step: Undo returns to the branch.
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(await board(page), branch);

  // A second mark: both listed, newest first; the older one still goes back.
  await page.getByRole('button', { name: 'Redo' }).click();
  menu = await openMarks(page);
  await menu.getByRole('button', { name: 'Mark this position' }).click();
  await place(page, third, answer(third));
  menu = await openMarks(page);
  const backs = menu.getByRole('button', { name: /^Back to / });
  assert.equal(await backs.count(), 2);
  await backs.nth(0).click();
  assert.equal(await board(page), marked, 'the newest mark is the position after going back');
  assert.deepEqual(b.errors, []);
});

test('the marks menu fits at 800x480 with every control reachable', async () => {
  const page = await b.page({ viewport: { width: 800, height: 480 } });
  await page.goto(server.url + '#' + PUZZLE);
  await waitForPuzzle(page);
  const menu = await openMarks(page);
  await menu.getByRole('button', { name: 'Mark this position' }).click();
  await openMarks(page);
  const back = menu.getByRole('button', { name: /^Back to / });
  await back.scrollIntoViewIfNeeded();
  const box = await back.boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= 480 && box.x + box.width <= 800, JSON.stringify(box));
  await snap(page, 'marks-menu-800x480');
  await back.click();
  assert.match(await status(page), /^The board is already as marked at/);
});
