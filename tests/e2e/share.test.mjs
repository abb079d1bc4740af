// Sharing and files: links (ours with progress, and other apps' formats), bad links, clipboard
// copy and paste, .sdk save and open (and bad files), printing, the daily puzzle (the same in
// the browser's wasm worker as in the native command-line tool).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { serve, launch, snap, openApp, cells, cell, cellBack, saved, savedWhen, saveNow, waitForPuzzle } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

const clip = { permissions: ['clipboard-read', 'clipboard-write'] };
const label = (page, r, c) => cell(page, r, c).getAttribute('aria-label');
const givens = async (page) => (await cells(page)).filter((c) => c.label.endsWith('given')).map((c) => c.label);
const PUZZLE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

test('a shared link with progress opens the same puzzle and progress in a fresh browser', async () => {
  const page = await openApp(b, server.url, clip);
  const empty = (await cells(page)).filter((c) => c.label.endsWith('empty'));
  await cell(page, empty[0].row, empty[0].col).click();
  await page.keyboard.press('3');
  await page.getByRole('button', { name: 'Notes' }).click();
  await cell(page, empty[1].row, empty[1].col).click();
  await page.keyboard.press('7');
  const before = await cells(page);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Include my progress and notes' }).check();
  await page.getByRole('button', { name: 'Share link' }).click();
  await page.waitForFunction(() => /Link copied|Shared/.test((document.querySelector('[role=status]')?.textContent ?? '')));
  const url = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(url, /#p=[A-Za-z0-9_-]+$/);

  const fresh = await b.page();
  await fresh.goto(url);
  await waitForPuzzle(fresh);
  await fresh.waitForFunction(() => /Opened a 9x9 puzzle/.test((document.querySelector('[role=status]')?.textContent ?? '')));
  assert.deepEqual(await cells(fresh), before);
  assert.equal(new URL(fresh.url()).hash, '', 'the link is removed from the address');
});

test('a malformed link says what is wrong and leaves the saved game untouched', async () => {
  const page = await openApp(b, server.url);
  const e = (await cells(page)).find((c) => c.label.endsWith('empty'));
  await cell(page, e.row, e.col).click();
  await page.keyboard.press('2');
  const stored = JSON.stringify(await savedWhen(page, (r) => r.game.actions.length === 1, { what: 'the move' }));
  for (const [bad, reason] of [
    ['#p=AQkA', /cut short/],
    ['#p=AQkB!!', /not base64url/],
    ['#12345', /16, 36, 81 or 256/],
    ['#3x3x:z', /X-Sudoku/],
  ]) {
    await page.goto(server.url + bad);
    const dialog = page.getByRole('dialog', { name: 'Not a puzzle' });
    await dialog.waitFor();
    // Plain words on show, the reader's exact reason folded away under Details.
    const said = await dialog.locator('p').first().textContent();
    assert.match(said, /^(The link is damaged or cut short|The link holds no puzzle inkdoku can read)/, bad);
    assert.match(said, /Your game is unchanged/);
    await dialog.getByText('Details').click();
    const detail = await dialog.locator('details pre').textContent();
    assert.match(detail, reason, bad);
    assert.ok(!said.includes(detail), `${bad}: the technical reason is folded, not in the sentence`);
    await dialog.getByRole('button', { name: 'OK' }).click();
    assert.match(await label(page, e.row, e.col), /, 2(,|$)/);
  }
  await saveNow(page); // storage now holds the game on show
  const after = JSON.parse(await page.evaluate(() => localStorage.getItem('inkdoku.game.v1')));
  assert.deepEqual(after.game, JSON.parse(stored).game);
});

test('opening a link during a game asks first', async () => {
  const page = await openApp(b, server.url);
  const e = (await cells(page)).find((c) => c.label.endsWith('empty'));
  await cell(page, e.row, e.col).click();
  await page.keyboard.press('2');
  // Followed inside the app (only the fragment changes)...
  await page.goto(server.url + '#' + PUZZLE);
  const ask = page.getByRole('dialog', { name: 'Open this puzzle?' });
  await ask.getByRole('button', { name: 'Keep playing' }).click();
  assert.match(await label(page, e.row, e.col), /, 2(,|$)/);
  // ...or opened afresh: the same question, and this time the puzzle opens. (Leaving the page
  // saves the game at once: no wait for the autosave.)
  await page.goto('about:blank');
  await page.goto(server.url + '#' + PUZZLE);
  await ask.getByRole('button', { name: 'Open puzzle' }).click();
  await page.waitForFunction(() => /Opened a 9x9 puzzle/.test((document.querySelector('[role=status]')?.textContent ?? '')));
  assert.equal(await label(page, 1, 1), 'Row 1, column 1, 5, given');
});

test('copy as text and paste round-trip a puzzle', async () => {
  const page = await openApp(b, server.url, clip);
  const before = await givens(page);
  await page.keyboard.press('Control+c');
  await page.waitForFunction(() => /copied/.test((document.querySelector('[role=status]')?.textContent ?? '')));
  const text = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(text.split('\n')[0], /^[1-9.]{81}$/);
  assert.match(text, /------\+-------\+------/);

  const other = await openApp(b, server.url, clip);
  await other.evaluate((t) => navigator.clipboard.writeText(t), text);
  await other.getByRole('button', { name: 'New game' }).click();
  await other.getByRole('button', { name: 'Paste puzzle' }).click();
  await other.waitForFunction(() => /Opened a 9x9 puzzle/.test((document.querySelector('[role=status]')?.textContent ?? '')));
  assert.deepEqual(await givens(other), before);
  // Ctrl+V with text that is no puzzle: a message, nothing lost.
  await other.evaluate(() => navigator.clipboard.writeText('hello there'));
  await other.keyboard.press('Control+v');
  const dialog = other.getByRole('dialog', { name: 'Not a puzzle' });
  await dialog.waitFor();
  assert.match(await dialog.textContent(), /The pasted text holds no puzzle/);
});

test('save to an .sdk file and open it again; bad files get a message', async () => {
  const page = await openApp(b, server.url);
  const before = await givens(page);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save file' }).click()]);
  assert.match(download.suggestedFilename(), /^inkdoku-.*\.sdk$/);
  const file = path.join(os.tmpdir(), `inkdoku-${process.pid}.sdk`);
  await download.saveAs(file);
  const text = fs.readFileSync(file, 'utf8');
  assert.match(text, /^#S inkdoku\n/m);
  assert.match(text, /\[Puzzle\]\n([1-9.]{9}\n){9}$/);

  const other = await openApp(b, server.url);
  await other.getByRole('button', { name: 'New game' }).click();
  const [chooser] = await Promise.all([other.waitForEvent('filechooser'), other.getByRole('button', { name: 'Open file' }).click()]);
  await chooser.setFiles(file);
  await other.waitForFunction(() => /Opened a 9x9 puzzle/.test((document.querySelector('[role=status]')?.textContent ?? '')));
  assert.deepEqual(await givens(other), before);

  const bad = path.join(os.tmpdir(), `inkdoku-bad-${process.pid}.sdk`);
  fs.writeFileSync(bad, '#A someone\n123456789\n12345678\n');
  await other.getByRole('button', { name: 'New game' }).click();
  const [chooser2] = await Promise.all([other.waitForEvent('filechooser'), other.getByRole('button', { name: 'Open file' }).click()]);
  await chooser2.setFiles(bad);
  const dialog = other.getByRole('dialog', { name: 'Not a puzzle' });
  await dialog.waitFor();
  assert.match(await dialog.textContent(), /inkdoku-bad-\d+\.sdk.*line 3: this row has 8 cells/s);
  fs.rmSync(file);
  fs.rmSync(bad);
});

test('print preview shows a clean centred grid; Print puzzles lays out N', async () => {
  const page = await openApp(b, server.url, { viewport: { width: 794, height: 1123 } });
  const e = (await cells(page)).find((c) => c.label.endsWith('empty'));
  await cell(page, e.row, e.col).click();
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('.controls').evaluate((el) => getComputedStyle(el).display), 'none');
  assert.equal(await page.locator('.status-bar').evaluate((el) => getComputedStyle(el).display), 'none');
  const fill = await cellBack(page, e.row, e.col).locator('rect.cell-bg').evaluate((el) => getComputedStyle(el).fill);
  assert.equal(fill, 'rgb(255, 255, 255)', 'no selection colour in print');
  const box = await page.getByRole('grid').boundingBox();
  assert.ok(Math.abs(box.x + box.width / 2 - 794 / 2) < 4, 'centred');
  assert.ok(box.width > 500, 'large');
  await snap(page, 'print-preview');
  await page.emulateMedia({ media: 'screen' });

  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: 'Print puzzles…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print puzzles' });
  await dialog.getByRole('combobox', { name: 'Puzzles' }).selectOption('4');
  await dialog.getByRole('radio', { name: '2' }).check();
  await dialog.getByRole('button', { name: 'Make and print' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.print-item').length === 4, null, { timeout: 60000 });
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('.print-page').count(), 2);
  assert.equal(await page.locator('.app').evaluate((el) => getComputedStyle(el).display), 'none');
  const captions = await page.locator('.print-item figcaption').allTextContents();
  assert.equal(captions.length, 4);
  for (const c of captions) assert.match(c, /^(Easy|Medium|Hard|Expert|Extreme|Needs trial) · 9x9 · seed \d+$/);
  await snap(page, 'print-set');
});

test('the daily puzzle is the same for everyone, and the same as the native tool makes', async () => {
  // A set clock: the test must not depend on today's date (nor run across midnight).
  const date = '2026-03-14';
  const grids = [];
  for (let i = 0; i < 2; i++) {
    const page = await b.page();
    await page.clock.setFixedTime(new Date(`${date}T12:00:00`));
    await page.goto(server.url);
    await waitForPuzzle(page);
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByRole('button', { name: 'Daily puzzle' }).click();
    await page.waitForFunction((d) => (document.querySelector('[role=status]')?.textContent ?? '').includes(`Daily puzzle, ${d}`), date);
    await saveNow(page);
    grids.push((await saved(page)).game.givens);
  }
  assert.equal(grids[0], grids[1]);
  // The engine's command-line tool as the native tests built it (scripts/test: target/debug),
  // or a release build: whichever is newer, so that a stale copy is not the one compared.
  const tool = ['target/debug/inkdoku', 'target/release/inkdoku'].map((p) => path.resolve(p)).filter((p) => fs.existsSync(p))
    .sort((x, y) => fs.statSync(y).mtimeMs - fs.statSync(x).mtimeMs)[0];
  if (tool) {
    // The seed is FNV-1a of "inkdoku daily <date>" (engine::generator::daily_seed).
    let h = 0xcbf29ce484222325n;
    for (const byte of Buffer.from(`inkdoku daily ${date}`)) {
      h ^= BigInt(byte);
      h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
    }
    const native = execFileSync(tool, ['generate', '--size', '9', '--level', 'medium', '--symmetry', 'rotational', '--seed', h.toString()], { encoding: 'utf8' }).trim();
    assert.equal(grids[0], native, 'wasm and native make the same puzzle from the same seed');
  } else {
    assert.fail('target/debug/inkdoku is missing: `cargo test -p inkdoku-engine` (scripts/test) builds it before the end-to-end tests');
  }
});

// A wiring check: the daily puzzle's button reaches the core and the kept game reaches New game's
// list. That the daily comes back with its moves, and the first game in its turn, is
// controller::tests::the_daily_puzzle_asks_before_it_replaces_a_game_and_its_moves_come_back_after_another_game.
test('the daily puzzle asks before it replaces a game, and the game it replaced is listed as kept', async () => {
  const date = '2026-03-14';
  const page = await b.page();
  await page.clock.setFixedTime(new Date(`${date}T12:00:00`));
  await page.goto(server.url);
  await waitForPuzzle(page);
  const e = (await cells(page)).find((c) => c.label.endsWith('empty'));
  await cell(page, e.row, e.col).click();
  await page.keyboard.press('5');
  const first = (await savedWhen(page, (r) => r.game.actions.length === 1, { what: 'the move' })).game.givens;
  const dialog = page.getByRole('dialog', { name: 'New game' });
  await page.getByRole('button', { name: 'New game' }).click();
  await dialog.getByRole('button', { name: 'Daily puzzle', exact: true }).click();
  // "Ask before a new game" is on: asked, and told the game is kept.
  const ask = page.getByRole('dialog', { name: 'Start the daily puzzle?' });
  await ask.waitFor();
  assert.match(await ask.textContent(), /The game in progress is kept/);
  await ask.getByRole('button', { name: 'Start new game' }).click();
  await page.waitForFunction((d) => (document.querySelector('[role=status]')?.textContent ?? '').includes(`Daily puzzle, ${d}`), date);
  await savedWhen(page, (r) => r.game.givens !== first, { what: 'the daily puzzle' });
  const kept = dialog.getByRole('group', { name: 'Games in progress' });
  await page.getByRole('button', { name: 'New game' }).click();
  assert.equal(await kept.getByRole('button').count(), 1);
  assert.match(await kept.getByRole('button').first().textContent(), /^.+ · \d+:\d\d$/);
  await snap(page, 'new-game-kept-1280x800');
  assert.deepEqual(b.errors, []);
});
