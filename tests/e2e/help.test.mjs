// Help you can follow to the last cell: Hint + Apply from the givens to the win on a fixed 9x9
// and a 4x4 puzzle, and the first hints of a 16x16 (its letters), every Apply changing the board;
// both engine worker builds giving hints; eliminations drawn on the board and gone after Apply;
// Check and Hint naming a wrong digit and notes that lost their answer; Fill and Clear all notes
// as one undo step each. The walks of every level and size to the win run natively, through the
// same controller and the engine's own protocol handler (src/controller/tests.rs,
// hints_followed_and_applied_win_every_level_and_size_the_help_e2e_tests_open; and the engine's
// hint walks over whole benchmark sets): here, what only a browser shows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, snap, cells, cell, waitForPuzzle, solution, openSharedWithProgress, openWithCandidates } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

// Made by `inkdoku generate --seed 7` (9x9 with rotational symmetry) and rated by `inkdoku rate`.
const PUZZLES = {
  easy: '.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.',
  medium: '.7.5.....59.7.2..6.4.69....3.4......9.8...3.7......1.5....58.7.2..1.7.39.....9.8.',
  hard: '82..5..43...8..1.9....1..2...95...82.........24...89...6..8....4.8..2...73..9..16',
  expert: '.9.1...7....7....38.75..6......314.5..42.73..9.348......8..27.94....5....1...9.6.',
  four: '..4114....1331..',
  sixteen: 'C.D..1E...B8.5AG..A9..84.2F..E....EB...2D1G.9....7...6...3....2.5B..6....9..F13..81DB5......A6......7.2.......G......E1...A.598D3CF7.B...D6......D.......B.C......5A......1F28E..EB8..7....9..1C.A....6...3...F....E.DBF7...8C....8..4A.FC..72..B2G.97...4D..3.E',
};

const openPuzzle = (puzzle, options = {}) => openWithCandidates(b, server.url, puzzle, options);

const board = async (page) => (await cells(page)).map((c) => c.label).join('\n');
const status = (page) => page.getByRole('status').textContent();

/** The candidates a hint strikes on the board, as [row, col, digit]. */
const struck = (page) => page.locator('.note.removed').evaluateAll((els) => els.map((e) => {
  const g = e.closest('[role=gridcell]');
  return [Number(g.getAttribute('aria-rowindex')), Number(g.getAttribute('aria-colindex')), e.textContent];
}));

/** Presses Hint then Apply hint until the game is won (or until `until` says so, given the hints
 *  applied and the eliminations among them). Every hint must be new and every Apply must change
 *  the board; struck candidates must be gone from the board after Apply. Returns the number of
 *  hints applied and how many of them only removed candidates. */
async function followHints(page, { shots, until } = {}) {
  const seen = new Set();
  let applied = 0, eliminations = 0;
  const won = page.getByRole('dialog', { name: 'Congratulations!' });
  while (!(await won.isVisible())) {
    if (until?.({ applied, eliminations })) return { applied, eliminations };
    const before = await board(page);
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    const card = page.getByRole('region', { name: 'Hint' });
    await card.waitFor({ timeout: 15000 }).catch(async () => {
      throw new Error(`no hint after ${applied} applied: ${await status(page)}`);
    });
    const text = await card.locator('p').textContent();
    assert.ok(!seen.has(text), `the same hint came back after ${applied} applied: ${text}`);
    seen.add(text);
    const removed = await struck(page);
    if (removed.length > 0 && shots && eliminations === 0) await snap(page, `${shots}-hint-removes-before`);
    await card.getByRole('button', { name: 'Apply hint' }).click();
    await page.waitForFunction((b) => [...document.querySelectorAll('[role=gridcell]')]
      .map((e) => e.getAttribute('aria-label')).join('\n') !== b, before, { timeout: 5000 })
      .catch(() => { throw new Error(`Apply changed nothing: ${text}`); });
    for (const [r, c, d] of removed) {
      const label = await cell(page, r, c).getAttribute('aria-label');
      assert.doesNotMatch(label, new RegExp(`candidates [^,]*\\b${d}\\b`), `${text}: r${r}c${c} still shows ${d} after Apply`);
    }
    if (removed.length > 0) {
      if (shots && eliminations === 0) await snap(page, `${shots}-hint-removes-after`);
      eliminations++;
    }
    applied++;
  }
  assert.match(await won.textContent(), /Solved with help/);
  return { applied, eliminations };
}

test('Hint + Apply solves a medium 9x9 puzzle to the win', async () => {
  const page = await openPuzzle(PUZZLES.medium);
  const { applied, eliminations } = await followHints(page, { shots: 'help-1280x800' });
  assert.ok(applied >= 40, `${applied} hints`);
  assert.ok(eliminations > 0, 'a step that only removes candidates was applied');
  assert.deepEqual(b.errors, []);
});

test('Hint + Apply solves a 4x4 puzzle to the win; on a 16x16 the first hints apply', async () => {
  const four = await openPuzzle(PUZZLES.four);
  await followHints(four);
  await four.context().close();
  const sixteen = await openPuzzle(PUZZLES.sixteen);
  const givens = (await board(sixteen)).split('\n').filter((l) => l.endsWith('given')).length;
  const { applied } = await followHints(sixteen, { until: ({ applied }) => applied === 3 });
  assert.equal(applied, 3);
  // Placed, not given: the hints wrote into the board (a letter's or a digit's name in the label).
  const placed = (await board(sixteen)).split('\n').filter((l) => !l.endsWith('given') && !/empty/.test(l));
  assert.ok(placed.length >= 1, `placements after three hints on the 16x16 (${givens} givens)`);
  await sixteen.context().close();
  assert.deepEqual(b.errors, []);
});

// The plain build hints to the win (no other test here runs it: Chromium has relaxed SIMD); the
// relaxed one, which every other hint test runs, until a hint that only removes candidates is
// applied.
test('the engine worker with relaxed SIMD where the browser has it, the plain one where not: both hint, the plain one to the win', async () => {
  // A browser without relaxed SIMD (Safari), as the page sees it: a module that uses it does
  // not validate.
  const noRelaxedSimd = () => {
    const validate = WebAssembly.validate;
    WebAssembly.validate = (source) => {
      const bytes = ArrayBuffer.isView(source) ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength) : new Uint8Array(source);
      for (let i = 0; i + 2 < bytes.length; i++) {
        if (bytes[i] === 0xfd && bytes[i + 1] === 0x80 && bytes[i + 2] === 0x02) return false; // i8x16.relaxed_swizzle
      }
      return validate(source);
    };
  };
  for (const [relaxed, expected] of [[false, 'worker_loader.js'], [true, 'worker_relaxed_loader.js']]) {
    const engineWorkers = [];
    const init = async (page) => {
      page.on('worker', (w) => { if (/\/worker\w*\.js$/.test(w.url())) engineWorkers.push(new URL(w.url()).pathname.slice(1)); });
      if (!relaxed) await page.addInitScript(noRelaxedSimd);
    };
    const page = await openPuzzle(PUZZLES.hard, { init });
    const { eliminations } = await followHints(page, relaxed ? { until: ({ eliminations }) => eliminations > 0 } : {});
    if (!relaxed) assert.ok(await page.getByRole('dialog', { name: 'Congratulations!' }).isVisible(), 'the plain build hinted to the win');
    assert.ok(eliminations > 0, 'a step that only removes candidates was applied');
    assert.deepEqual([...new Set(engineWorkers)], [expected], `relaxed SIMD ${relaxed ? 'on' : 'off'}`);
    await page.context().close();
  }
  assert.deepEqual(b.errors, []);
});

test('at 800x480 a hint that removes candidates is drawn, then gone after Apply', async () => {
  const page = await openPuzzle(PUZZLES.medium, { viewport: { width: 800, height: 480 } });
  // Follow hints until the first one that removes candidates, photographing it.
  for (;;) {
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    const card = page.getByRole('region', { name: 'Hint' });
    await card.waitFor();
    const removed = await struck(page);
    if (removed.length > 0) {
      await snap(page, 'help-800x480-hint-removes-before');
      await card.getByRole('button', { name: 'Apply hint' }).click();
      await page.waitForFunction(() => document.querySelectorAll('.note.removed').length === 0);
      const [r, c, d] = removed[0];
      assert.doesNotMatch(await cell(page, r, c).getAttribute('aria-label'), new RegExp(`candidates [^,]*\\b${d}\\b`));
      await snap(page, 'help-800x480-hint-removes-after');
      // Undo brings the candidate back: the elimination is part of the game.
      await page.getByRole('button', { name: 'Undo' }).click();
      assert.match(await cell(page, r, c).getAttribute('aria-label'), new RegExp(`candidates [^,]*\\b${d}\\b`));
      break;
    }
    await card.getByRole('button', { name: 'Apply hint' }).click();
  }
});

test('eliminations survive a reload and travel in a link with progress', async () => {
  const page = await openPuzzle(PUZZLES.medium, { permissions: ['clipboard-read', 'clipboard-write'] });
  let removed = [];
  while (removed.length === 0) {
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await page.getByRole('region', { name: 'Hint' }).waitFor();
    removed = await struck(page);
    await page.getByRole('button', { name: 'Apply hint' }).click();
  }
  const [r, c, d] = removed[0];
  const gone = new RegExp(`candidates [^,]*\\b${d}\\b`);
  assert.doesNotMatch(await cell(page, r, c).getAttribute('aria-label'), gone);
  await page.reload(); // leaving the page saves at once (pagehide): no wait for the autosave
  await page.getByRole('dialog', { name: 'Welcome back' }).getByRole('button', { name: 'Continue' }).click();
  await waitForPuzzle(page);
  assert.doesNotMatch(await cell(page, r, c).getAttribute('aria-label'), gone, 'after reload');
  // A link with progress carries the elimination to a new player.
  const friend = await openSharedWithProgress(b, page);
  await friend.getByRole('button', { name: 'Settings' }).click();
  await friend.getByRole('checkbox', { name: 'Show candidates' }).check();
  await friend.getByRole('button', { name: 'Close' }).click();
  assert.doesNotMatch(await cell(friend, r, c).getAttribute('aria-label'), gone, 'in the shared link');
});

test('Check and Hint name a wrong digit that breaks no rule, and notes that lost the answer', async () => {
  const page = await openPuzzle(PUZZLES.easy);
  const sol = await solution(page);
  // A wrong digit that breaks no rule: a candidate of an empty cell other than its answer.
  const target = (await cells(page)).map((c) => ({ ...c, cands: (c.label.match(/candidates ([1-9 ]+)$/) || [])[1] }))
    .find((c) => c.cands && c.cands.split(' ').length > 1);
  const right = sol[(target.row - 1) * 9 + target.col - 1];
  const wrong = target.cands.split(' ').find((d) => d !== right);
  await cell(page, target.row, target.col).click();
  await page.keyboard.press(wrong);
  assert.doesNotMatch(await cell(page, target.row, target.col).getAttribute('aria-label'), /conflict/);
  await page.getByRole('button', { name: 'Check' }).click();
  assert.equal(await status(page), `r${target.row}c${target.col} is not right.`);
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await page.waitForFunction((n) => (document.querySelector('[role=status]')?.textContent ?? '').includes(n), `r${target.row}c${target.col}`);
  assert.match(await status(page), /Not every digit is right/);
  assert.equal(await page.getByRole('region', { name: 'Hint' }).count(), 0, 'no step on a wrong digit');
  // Notes that leave out the answer are named too.
  await page.keyboard.press('Backspace');
  await page.keyboard.press('n');
  await page.keyboard.press(wrong);
  await page.keyboard.press('n');
  await page.getByRole('button', { name: 'Check' }).click();
  assert.match(await status(page), new RegExp(`The candidates of r${target.row}c${target.col} leave out the right digit`));
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await page.waitForFunction(() => /leave out the right digit/.test((document.querySelector('[role=status]')?.textContent ?? '')));
  // Fixed: no mistakes so far.
  await page.keyboard.press('Backspace');
  await page.getByRole('button', { name: 'Check' }).click();
  assert.match(await status(page), /^No mistakes so far; \d+ cells to go\.$/);
});

// A wiring check: the Solve menu's two buttons reach the core and the notes reach the board. That
// they are the candidates, and one undo step each: controller::tests::
// fill_notes_writes_every_empty_cells_candidates_and_clear_notes_takes_them_off_each_one_undo_step.
test('Fill all notes writes the candidates on the board, Clear all notes removes them', async () => {
  const page = await b.page();
  await page.goto(server.url + '#' + PUZZLES.medium);
  await waitForPuzzle(page);
  const empties = (await cells(page)).filter((c) => c.label.endsWith('empty'));
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.getByRole('button', { name: 'Fill all notes' }).click();
  assert.equal(await status(page), 'Notes filled from the candidates.');
  const filled = await cells(page);
  assert.ok(empties.every((e) => /, empty, notes [1-9]( [1-9])*$/.test(filled.find((c) => c.row === e.row && c.col === e.col).label)));
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.getByRole('button', { name: 'Clear all notes' }).click();
  assert.equal((await cells(page)).filter((c) => /notes/.test(c.label)).length, 0);
});
