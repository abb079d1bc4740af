// Playing the game in headless Chromium through roles and names, as a person would: taps, keys,
// the number pad, notes, undo/redo, conflicts, hints, check, solve, winning, new games of every
// size, entering a puzzle, settings, and reloading in the middle of a game.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, snap, openApp, cells, cell, saved, solution, waitForPuzzle, holdMadePuzzles } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

const label = (page, r, c) => cell(page, r, c).getAttribute('aria-label');
async function firstEmpty(page, skip = 0) {
  const empty = (await cells(page)).filter((c) => c.label.endsWith('empty'));
  return empty[skip];
}
const status = (page) => page.getByRole('status').textContent();

test('tap a cell then a digit, undo and redo; digit first then cells', async () => {
  const page = await openApp(b, server.url);
  const sol = await solution(page);
  const e = await firstEmpty(page);
  await cell(page, e.row, e.col).click();
  assert.equal(await cell(page, e.row, e.col).getAttribute('aria-selected'), 'true');
  const d = sol[(e.row - 1) * 9 + e.col - 1];
  await page.getByRole('button', { name: d, exact: true }).click();
  assert.equal(await label(page, e.row, e.col), `Row ${e.row}, column ${e.col}, ${d}`);
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(await label(page, e.row, e.col), `Row ${e.row}, column ${e.col}, empty`);
  await page.getByRole('button', { name: 'Redo' }).click();
  assert.equal(await label(page, e.row, e.col), `Row ${e.row}, column ${e.col}, ${d}`);

  // Digit first: Escape drops the selection, then the picked digit goes into each tapped cell.
  await page.keyboard.press('Escape');
  const pad = page.getByRole('button', { name: '7', exact: true });
  await pad.click();
  assert.equal(await pad.getAttribute('aria-pressed'), 'true');
  const f = await firstEmpty(page);
  const g = await firstEmpty(page, 1);
  await cell(page, f.row, f.col).click();
  await cell(page, g.row, g.col).click();
  assert.match(await label(page, f.row, f.col), new RegExp(`^Row ${f.row}, column ${f.col}, 7`));
  assert.match(await label(page, g.row, g.col), new RegExp(`^Row ${g.row}, column ${g.col}, 7`));
  await pad.click();
  assert.equal(await pad.getAttribute('aria-pressed'), 'false');
});

test('keyboard: arrows, digits, notes, delete, undo and redo shortcuts', async () => {
  const page = await openApp(b, server.url);
  const e = await firstEmpty(page);
  await cell(page, e.row, e.col).click();
  // Move away and back with the arrows.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await cell(page, e.row, e.col).getAttribute('aria-selected'), 'true');
  await page.keyboard.press('n');
  assert.equal(await page.getByRole('button', { name: 'Notes' }).getAttribute('aria-pressed'), 'true');
  await page.keyboard.press('4');
  await page.keyboard.press('9');
  await page.keyboard.press('1');
  assert.equal(await label(page, e.row, e.col), `Row ${e.row}, column ${e.col}, empty, notes 1 4 9`);
  await page.keyboard.press('4'); // toggles off
  assert.equal(await label(page, e.row, e.col), `Row ${e.row}, column ${e.col}, empty, notes 1 9`);
  await page.keyboard.press('N');
  await page.keyboard.press('6');
  assert.match(await label(page, e.row, e.col), new RegExp(`column ${e.col}, 6`));
  await page.keyboard.press('Backspace');
  assert.equal(await label(page, e.row, e.col), `Row ${e.row}, column ${e.col}, empty`);
  await page.keyboard.press('Control+z');
  assert.match(await label(page, e.row, e.col), /, 6/);
  await page.keyboard.press('Control+z');
  assert.equal(await label(page, e.row, e.col), `Row ${e.row}, column ${e.col}, empty, notes 1 9`);
  await page.keyboard.press('Control+y');
  assert.match(await label(page, e.row, e.col), /, 6/);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+Shift+Z');
  assert.match(await label(page, e.row, e.col), /, 6/);
  await page.keyboard.press('Delete');
  assert.equal(await label(page, e.row, e.col), `Row ${e.row}, column ${e.col}, empty`);
});

test('placing a digit clears it from the notes of its row, column and box', async () => {
  const page = await openApp(b, server.url);
  const all = await cells(page);
  const empties = all.filter((c) => c.label.endsWith('empty'));
  // Two empty cells in one row.
  const a = empties[0];
  const other = empties.find((c) => c.row === a.row && c.col !== a.col);
  await page.getByRole('button', { name: 'Notes' }).click();
  await cell(page, other.row, other.col).click();
  for (const d of ['1', '2', '3', '4', '5', '6', '7', '8', '9']) await page.keyboard.press(d);
  await page.getByRole('button', { name: 'Notes' }).click();
  await cell(page, a.row, a.col).click();
  await page.keyboard.press('5');
  assert.equal(await label(page, other.row, other.col),
    `Row ${other.row}, column ${other.col}, empty, notes 1 2 3 4 6 7 8 9`);
});

test('conflicts are flagged; Check explains; Hint shows why and applies', async () => {
  const page = await openApp(b, server.url);
  const all = await cells(page);
  const given = all.find((c) => c.label.endsWith('given'));
  const digit = given.label.match(/, ([1-9]), given$/)[1];
  const peer = all.find((c) => c.row === given.row && c.label.endsWith('empty'));
  await cell(page, peer.row, peer.col).click();
  await page.keyboard.press(digit);
  assert.match(await label(page, peer.row, peer.col), /, conflict$/);
  assert.match(await label(page, given.row, given.col), /, given, conflict$/);
  // The duplicate is a wrong digit: Check names its cell (wrong digits come before conflicts).
  await page.getByRole('button', { name: 'Check' }).click();
  assert.equal(await status(page), `r${peer.row}c${peer.col} is not right.`);
  await page.keyboard.press('Control+z');
  await page.getByRole('button', { name: 'Check' }).click();
  assert.match(await status(page), /No mistakes so far; \d+ cells to go/);

  await page.getByRole('button', { name: 'Hint' }).click();
  const card = page.getByRole('region', { name: 'Hint' });
  await card.waitFor();
  const text = await card.textContent();
  // A plain sentence, then the technique's name in brackets.
  assert.match(text, /\. \((Full House|Hidden Single|Naked Single|Locked|Pair|Triple|Wing|Reveal)[^)]*\)/);
  // The undo is saved (debounced) before the hint is applied: the undone move waits as redo.
  await page.waitForFunction(() => {
    const rec = JSON.parse(localStorage.getItem('inkdoku.game.v1') || 'null');
    return rec && rec.game.applied === rec.game.actions.length - 1;
  }, null, { timeout: 10000, polling: 50 });
  const before = await page.evaluate(() => localStorage.getItem('inkdoku.game.v1'));
  await page.getByRole('button', { name: 'Apply hint' }).click();
  await page.waitForFunction((b) => localStorage.getItem('inkdoku.game.v1') !== b, before);
  const game = (await saved(page)).game;
  assert.equal(game.actions.at(-1).type, 'apply_step', 'the hint was applied as one action');
  await page.getByText('Steps taken').click();
  assert.ok((await page.locator('.log li').count()) >= 1);
});

test('show incorrect numbers marks wrong digits by the solution', async () => {
  const page = await openApp(b, server.url);
  const sol = await solution(page);
  const e = await firstEmpty(page);
  const right = sol[(e.row - 1) * 9 + e.col - 1];
  const wrong = String((Number(right) % 9) + 1);
  await cell(page, e.row, e.col).click();
  await page.keyboard.press(wrong);
  assert.doesNotMatch(await label(page, e.row, e.col), /incorrect/);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('checkbox', { name: 'Show incorrect numbers' }).check();
  await page.getByRole('button', { name: 'Close' }).click();
  assert.match(await label(page, e.row, e.col), /, incorrect$/);
  // Undo back to the last solvable position removes it.
  await page.getByRole('button', { name: 'Solve' }).click();
  await page.getByRole('button', { name: 'Undo mistakes' }).click();
  assert.equal(await label(page, e.row, e.col), `Row ${e.row}, column ${e.col}, empty`);
});

test('solve cell, row and all; a win with help shows no best time', async () => {
  const page = await openApp(b, server.url);
  const sol = await solution(page);
  const e = await firstEmpty(page);
  await cell(page, e.row, e.col).click();
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.getByRole('button', { name: 'Solve cell' }).click();
  assert.equal(await label(page, e.row, e.col), `Row ${e.row}, column ${e.col}, ${sol[(e.row - 1) * 9 + e.col - 1]}`);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.getByRole('button', { name: 'Solve row' }).click();
  const row = (await cells(page)).filter((c) => c.row === e.row);
  assert.ok(row.every((c) => !c.label.endsWith('empty')));
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.getByRole('button', { name: 'Solve all' }).click();
  const dialog = page.getByRole('dialog', { name: 'Congratulations!' });
  await dialog.waitFor();
  assert.match(await dialog.textContent(), /Solved with help/);
});

test('winning by hand: the cells fly, then Congratulations with time and best time', async () => {
  const page = await openApp(b, server.url, { viewport: { width: 800, height: 480 } });
  const sol = await solution(page);
  for (const c of await cells(page)) {
    if (!c.label.endsWith('empty')) continue;
    await cell(page, c.row, c.col).click();
    await page.keyboard.press(sol[(c.row - 1) * 9 + c.col - 1]);
  }
  await page.waitForSelector('.fly');
  assert.ok((await page.locator('.fly').count()) >= 60, 'cells fly off');
  await page.waitForFunction(() => document.querySelector('.fly')?.getAnimations().some((a) => a.currentTime >= 800)); // half-way
  await snap(page, 'win-flying-800x480');
  const dialog = page.getByRole('dialog', { name: 'Congratulations!' });
  await dialog.waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.fly').length === 0, null, { timeout: 10000 }); // FLIGHT_MS
  assert.equal(await page.locator('.fly').count(), 0, 'the animation stops when done');
  const text = await dialog.textContent();
  assert.match(text, /Time: \d+:\d\d/);
  assert.match(text, /first time at this level|new best/i);
  await snap(page, 'win-800x480');
});

test('new games of every size; asks before discarding; progress and cancel', async () => {
  const page = await openApp(b, server.url);
  const e = await firstEmpty(page);
  await cell(page, e.row, e.col).click();
  await page.keyboard.press('1');
  await page.getByRole('button', { name: 'New game' }).click();
  const dialog = page.getByRole('dialog', { name: 'New game' });
  await dialog.getByRole('radio', { name: '4x4' }).check();
  await dialog.getByRole('button', { name: 'Start' }).click();
  // A game is in progress: asked first.
  await page.getByRole('dialog', { name: 'Start a new game?' }).getByRole('button', { name: 'Keep playing' }).click();
  assert.match(await label(page, e.row, e.col), /, 1/);
  await page.getByRole('button', { name: 'New game' }).click();
  await dialog.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('button', { name: 'Start new game' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[role=gridcell]').length === 16);
  await waitForPuzzle(page);
  assert.equal(await page.getByRole('button', { name: '5', exact: true }).count(), 0);

  // 16x16: digits 1-9 then A-G, on the pad and the keyboard.
  await page.getByRole('button', { name: 'New game' }).click();
  await dialog.getByRole('radio', { name: '16x16' }).check();
  await dialog.getByRole('button', { name: 'Start' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[role=gridcell]').length === 256, null, { timeout: 60000 });
  await waitForPuzzle(page);
  assert.equal(await page.getByRole('button', { name: 'G', exact: true }).count(), 1);
  const e16 = (await cells(page)).find((c) => c.label.endsWith('empty'));
  await cell(page, e16.row, e16.col).click();
  await page.keyboard.press('g');
  assert.match(await label(page, e16.row, e16.col), /, G/);
  await snap(page, 'sixteen-1280x800');

  // A slow request shows progress and can be cancelled. A 16x16 Expert puzzle takes the worker
  // only 0.2-1 s, so a click on Cancel could come after it: the engine worker's answers with a
  // made puzzle are held back in this page (installed before the app's scripts run: reload
  // restores the game in progress without making one), so the request stays in progress until
  // it is cancelled, however fast the machine.
  const givens = await page.locator('[role=gridcell].given').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  await holdMadePuzzles(page);
  await page.reload();
  await waitForPuzzle(page);
  await page.getByRole('dialog', { name: 'Welcome back' }).getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'New game' }).click();
  await dialog.getByRole('combobox', { name: 'Level' }).selectOption('Expert');
  await dialog.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('button', { name: 'Start new game' }).click();
  const progress = page.getByRole('progressbar', { name: 'Making a puzzle' });
  await progress.waitFor();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Start' }).waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();
  assert.equal(await page.getByRole('gridcell').count(), 256, 'the game in progress is kept');
  assert.deepEqual(await page.locator('[role=gridcell].given').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))), givens);
  assert.match(await status(page), /cancel/i);
});

test('enter your own puzzle: checked for exactly one solution', async () => {
  const page = await openApp(b, server.url);
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('radio', { name: '9x9' }).check();
  await page.getByRole('button', { name: 'Enter a puzzle' }).click();
  assert.equal((await cells(page)).filter((c) => c.label.endsWith('empty')).length, 81);
  const puzzle = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
  await cell(page, 1, 1).click();
  // Too few digits first: several solutions.
  await page.keyboard.press('5');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.waitForFunction(() => /more than one solution/.test((document.querySelector('[role=status]')?.textContent ?? '')));
  await page.keyboard.press('Backspace');
  // Only the cells with a digit are visited (an empty cell's click typed nothing; the typed-in
  // puzzle's checks themselves run natively: src/controller/tests.rs,
  // a_typed_in_puzzle_is_checked_and_played_rated_and_a_bad_one_is_refused_while_typing_goes_on).
  for (let i = 0; i < 81; i++) {
    if (puzzle[i] === '.') continue;
    await cell(page, Math.floor(i / 9) + 1, (i % 9) + 1).click();
    await page.keyboard.press(puzzle[i]);
  }
  await page.getByRole('button', { name: 'Done' }).click();
  await page.waitForFunction(() => /exactly one solution/.test((document.querySelector('[role=status]')?.textContent ?? '')));
  assert.equal(await label(page, 1, 1), 'Row 1, column 1, 5, given');
  assert.equal(await label(page, 1, 3), 'Row 1, column 3, empty');
});

test('reload in the middle of a game restores everything, undo history included', async () => {
  const page = await openApp(b, server.url);
  const e = await firstEmpty(page);
  const f = await firstEmpty(page, 1);
  await cell(page, e.row, e.col).click();
  await page.keyboard.press('3');
  await page.getByRole('button', { name: 'Notes' }).click();
  await cell(page, f.row, f.col).click();
  await page.keyboard.press('8');
  await saved(page);
  const before = await cells(page);
  await page.reload(); // leaving the page saves at once (pagehide): the last move too
  await page.getByRole('dialog', { name: 'Welcome back' }).getByRole('button', { name: 'Continue' }).click();
  assert.deepEqual(await cells(page), before);
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(await label(page, f.row, f.col), `Row ${f.row}, column ${f.col}, empty`);
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(await label(page, e.row, e.col), `Row ${e.row}, column ${e.col}, empty`);
});

test('a corrupt saved game is kept aside and reported, and the app still starts', async () => {
  const page = await b.page();
  // Write the corrupt record from another page of the same origin, before the app runs (the app
  // itself would save over it when the page is hidden).
  await page.goto(server.url + 'no-such-page');
  await page.evaluate(() => localStorage.setItem('inkdoku.game.v1', '{"version":1,"game":{"givens":"12'));
  await page.goto(server.url);
  const dialog = page.getByRole('dialog', { name: 'Saved data' });
  await dialog.waitFor();
  // Plain words on show; the parser's own message folded away under "Details".
  const text = await dialog.locator('p').first().textContent();
  assert.match(text, /^Your saved game was damaged and could not be read, so a new game starts\. Its text was kept aside/);
  assert.doesNotMatch(text, /EOF|parsing|line \d|column \d/);
  assert.equal(await dialog.locator('details pre').isVisible(), false, 'the detail is folded');
  await dialog.getByText('Details').click();
  assert.match(await dialog.locator('details pre').textContent(), /EOF|parsing/);
  const box = await dialog.boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= 800 && box.x >= 0 && box.x + box.width <= 1280, 'the message fits its dialog on screen');
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('inkdoku.kept.')));
  assert.equal(kept.length, 1);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), kept[0]), '{"version":1,"game":{"givens":"12');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await waitForPuzzle(page);
});

test('the timer runs, and pauses while a dialog covers the board', async () => {
  // The page's clock is Playwright's: the play clock's ticks (every 250 ms) are run here, not
  // waited for.
  const page = await b.page();
  await page.clock.install();
  await page.goto(server.url);
  await waitForPuzzle(page);
  const timer = page.getByRole('timer');
  await page.clock.runFor(2200);
  const t1 = await timer.textContent();
  assert.notEqual(t1, '0:00');
  await page.getByRole('button', { name: 'Settings' }).click();
  const t2 = await timer.textContent();
  await page.clock.runFor(2200);
  assert.equal(await timer.textContent(), t2);
  await page.keyboard.press('Escape');
  await page.clock.runFor(1300);
  assert.notEqual(await timer.textContent(), t2);
});

test('layout: square board, controls on the writing hand side, hover shows candidates', async () => {
  for (const [w, h] of [[800, 480], [1280, 800], [480, 800]]) {
    const page = await openApp(b, server.url, { viewport: { width: w, height: h } });
    const grid = await page.getByRole('grid').boundingBox();
    const pad = await page.getByRole('group', { name: 'Digits' }).boundingBox();
    assert.ok(Math.abs(grid.width - grid.height) < 2, 'square');
    assert.ok(grid.x >= 0 && grid.y >= 0 && grid.x + grid.width <= w + 1 && grid.y + grid.height <= h + 1, 'on screen');
    if (w > h) assert.ok(pad.x > grid.x + grid.width - 1, 'controls right of the board');
    else assert.ok(pad.y > grid.y + grid.height - 1, 'controls below the board');
    await snap(page, `layout-${w}x${h}`);
    if (w === 800) {
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('checkbox', { name: 'Left-handed layout' }).check();
      await page.getByRole('button', { name: 'Close' }).click();
      const g2 = await page.getByRole('grid').boundingBox();
      const p2 = await page.getByRole('group', { name: 'Digits' }).boundingBox();
      assert.ok(p2.x + p2.width < g2.x + 1, 'left-handed: controls left of the board');
      await snap(page, 'layout-800x480-left-handed');
      // A cell's candidates on hover: only for a player who asked for them.
      const e = await firstEmpty(page);
      const tip = page.getByRole('tooltip');
      // Past the hover's 600 ms on the page's clock (Playwright's from here on: run, not waited).
      await page.clock.install();
      await cell(page, e.row, e.col).hover();
      await page.clock.runFor(900);
      assert.equal(await tip.count(), 0, 'no candidates unless asked for');
      await page.mouse.move(0, 0);
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('checkbox', { name: "Show a cell's candidates on hover or long press" }).check();
      await page.getByRole('button', { name: 'Close' }).click();
      await cell(page, e.row, e.col).hover();
      await tip.waitFor();
      assert.match(await tip.textContent(), new RegExp(`r${e.row}c${e.col} [1-9]( [1-9])*`));
    }
  }
});

test('candidate display colours the only places red and box pairs blue; dark mode', async () => {
  const page = await openApp(b, server.url, { colorScheme: 'dark' });
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('checkbox', { name: 'Show candidates' }).check();
  await page.getByRole('button', { name: 'Close' }).click();
  assert.ok((await page.locator('.note.red').count()) > 0, 'red candidates');
  assert.ok((await page.locator('.note.blue').count()) > 0, 'blue candidates');
  await snap(page, 'candidates-dark-1280x800');
  assert.deepEqual(b.errors, []);
});
