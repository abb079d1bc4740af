// Files with the player's progress: Save file with "Include my progress and notes" writes the
// digits and notes into the .sdk (inkdoku's #inkdoku-progress comment lines), a new game, then
// Open file brings them back (a damaged progress line: natively, see the end of the test).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve, launch, cells, cell, openByLink } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

/** Easy 9x9 (seed 7), as the native tests open it. */
const PUZZLE = '.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.';
const status = (page) => page.locator('[role=status]').textContent();

/** Saves the game as an .sdk file through the Share dialog; returns the file's path. */
async function saveFile(page, withProgress, name) {
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const box = page.getByRole('checkbox', { name: 'Include my progress and notes' });
  if (withProgress) await box.check();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save file' }).click()]);
  assert.match(download.suggestedFilename(), /^inkdoku-.*\.sdk$/);
  const file = path.join(os.tmpdir(), `${name}-${process.pid}.sdk`);
  await download.saveAs(file);
  return file;
}

/** Opens `file` from the New game dialog and waits until its puzzle is announced. */
async function openFile(page, file) {
  await page.getByRole('button', { name: 'New game' }).click();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Open file' }).click()]);
  await chooser.setFiles(file);
  await page.waitForFunction(() => /Opened a 9x9 puzzle/.test((document.querySelector('[role=status]')?.textContent ?? '')));
}

/** A new game from the New game dialog (over the game in progress). */
async function newGame(page) {
  const old = await status(page);
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('dialog', { name: 'New game' }).getByRole('button', { name: 'Start' }).click();
  await page.getByRole('button', { name: 'Start new game' }).click();
  await page.waitForFunction((old) => {
    const now = document.querySelector('[role=status]').textContent;
    return now !== old && now.startsWith('New 9x9');
  }, old, { timeout: 60000 });
}

test('a file saved with progress and notes reopens with them after a new game', async () => {
  const page = await openByLink(b, server.url, PUZZLE);
  const empty = (await cells(page)).filter((c) => c.label.endsWith('empty'));
  for (const [i, key] of [[0, '1'], [1, '8']]) {
    await cell(page, empty[i].row, empty[i].col).click();
    await page.keyboard.press(key);
  }
  await page.getByRole('button', { name: 'Notes' }).click();
  await cell(page, empty[2].row, empty[2].col).click();
  await page.keyboard.press('2');
  await page.keyboard.press('3');
  await cell(page, empty[3].row, empty[3].col).click();
  await page.keyboard.press('9');
  const played = await cells(page);
  // The digits and notes are on the board before it is saved.
  assert.equal(played.filter((c) => /column \d, \d/.test(c.label) && !/given/.test(c.label)).length, 2);
  assert.equal(played.filter((c) => /notes/.test(c.label)).length, 2);

  const file = await saveFile(page, true, 'inkdoku-progress');
  const text = fs.readFileSync(file, 'utf8');
  assert.match(text, /^#inkdoku-progress [A-Za-z0-9_-]+$/m);
  assert.match(text, /\[Puzzle\]\n([1-9.]{9}\n){9}$/);

  await newGame(page);
  assert.notDeepEqual(await cells(page), played);
  await openFile(page, file);
  assert.deepEqual(await cells(page), played, 'the digits and notes are back');
  assert.equal(await page.getByRole('dialog').count(), 0, 'nothing to report');

  // A progress line damaged (the givens open, the player told why, in their language):
  // controller::tests_keeping::a_file_whose_progress_lines_are_damaged_opens_its_givens_and_says_why_in_the_players_language.
  fs.rmSync(file);
});
