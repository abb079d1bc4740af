// The pen as a player uses it, beyond plain writing: the one-tap correction chip (runner-up,
// every digit, undo), notes written by pen, a scratchpad mode, a palm down and moving while the
// pen writes, a looped 8 that is read (never taken for a scratch-out), a scratch-out that says
// what it erased and comes back with Undo, and the first-visit line on a touch device.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, snap, cell, cells, cellBoxes, digitIn, waitForPuzzle, DIGITS, densify, draw, emptyCells, recognized, skipTime, inkSettled, frames } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

// A fixed puzzle (Easy 9x9, seed 7), opened by link.
const PUZZLE = '.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.';

async function open(options = {}) {
  const page = await b.page(options);
  await page.goto(server.url + '#' + PUZZLE);
  await waitForPuzzle(page);
  return page;
}

const label = (page, r, c) => cell(page, r, c).getAttribute('aria-label');
const status = (page) => page.getByRole('status').textContent();

test('the correction chip offers the runner-up, then every digit; a pick is one undo step', async () => {
  const page = await open();
  const [e, f] = await emptyCells(page, 2);
  await draw(page, e.row, e.col, DIGITS[1]);
  await recognized(page, e.row, e.col, 1);
  const chip = page.getByRole('group', { name: 'Correction' });
  await chip.waitFor();
  const runnerUp = chip.getByRole('button', { name: /^Change to [2-9]$/ });
  assert.equal(await runnerUp.count(), 1, 'the runner-up, never the digit written');
  const other = (await runnerUp.getAttribute('aria-label')).slice(-1);
  await snap(page, 'pen-chip');
  await runnerUp.click();
  assert.match(await label(page, e.row, e.col), new RegExp(`, ${other}(,|$)`));
  assert.equal(await chip.count(), 0, 'the chip goes once used');
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.match(await label(page, e.row, e.col), /, 1(,|$)/, 'one undo step back to what the pen wrote');

  // Every digit: the chip's "…" button (a long press does the same).
  await draw(page, f.row, f.col, DIGITS[7]);
  await recognized(page, f.row, f.col, 7);
  await chip.getByRole('button', { name: 'Other digits' }).click();
  const all = await chip.getByRole('button', { name: /^Change to / }).allInnerTexts();
  assert.deepEqual(all, ['1', '2', '3', '4', '5', '6', '8', '9']);
  await chip.getByRole('button', { name: 'Change to 3' }).click();
  assert.match(await label(page, f.row, f.col), /, 3(,|$)/);

  // A long press opens every digit too; the next stroke takes the chip away.
  await draw(page, e.row, e.col, [[[0.2, 0.2], [0.8, 0.2], [0.2, 0.35], [0.8, 0.45], [0.2, 0.55], [0.8, 0.65], [0.2, 0.75], [0.8, 0.8]]]);
  await draw(page, e.row, e.col, DIGITS[4]);
  await recognized(page, e.row, e.col, 4);
  const box = await chip.boundingBox();
  await page.mouse.move(box.x + 3, box.y + 3);
  await page.mouse.down();
  // Held until every digit is offered (LONG_PRESS_MS into the press), then let go: they stay.
  await page.waitForFunction(() => document.querySelectorAll('button[aria-label^="Change to "]').length === 8, null, { timeout: 5000 });
  await page.mouse.up();
  assert.equal(await chip.getByRole('button', { name: /^Change to / }).count(), 8);
  const [g] = await emptyCells(page, 1);
  await draw(page, g.row, g.col, DIGITS[2]);
  // The 2 is placed as the pen lifts, with a chip of its own: the full one of the 4 went.
  await recognized(page, g.row, g.col, 2);
  assert.ok(await chip.getByRole('button', { name: /^Change to / }).count() <= 1, 'a new stroke dismisses the chip');
});

test('in Notes mode the pen writes candidate marks; Scratchpad keeps free ink', async () => {
  const page = await open();
  const [e] = await emptyCells(page, 1);
  await page.getByRole('button', { name: 'Notes' }).click();
  await draw(page, e.row, e.col, DIGITS[4]);
  await page.waitForFunction(([r, c]) => /notes 4$/.test(document.querySelector(
    `[role=gridcell][aria-rowindex="${r}"][aria-colindex="${c}"]`).getAttribute('aria-label')), [e.row, e.col], { timeout: 30000 });
  // The chip's moment, the pen's palm window, and the moment a stroke over the 4 would still be
  // read as part of it (1.5 s): the page's clock moves on past them.
  await skipTime(page, 1600);
  await draw(page, e.row, e.col, DIGITS[7]);
  await page.waitForFunction(([r, c]) => /notes 4 7$/.test(document.querySelector(
    `[role=gridcell][aria-rowindex="${r}"][aria-colindex="${c}"]`).getAttribute('aria-label')), [e.row, e.col], { timeout: 30000 });
  assert.equal(await page.locator('.ink.scratch').count(), 0, 'notes, not ink');
  // Scratchpad mode: the same strokes stay as ink, unread.
  await page.getByRole('button', { name: 'Scratchpad' }).click();
  assert.equal(await page.getByRole('button', { name: 'Notes' }).getAttribute('aria-pressed'), 'false');
  await draw(page, e.row, e.col, DIGITS[1]);
  assert.equal(await page.locator('.ink.scratch').count(), 1);
  assert.match(await label(page, e.row, e.col), /notes 4 7$/);
});

test('a short dash across a pencil mark strikes it out and says so, Undo brings it back; a 1 over notes is a 1', async () => {
  const page = await open();
  const [e, f] = await emptyCells(page, 2);
  const notes = async (c, digits) => {
    await cell(page, c.row, c.col).click();
    await page.keyboard.press('n');
    for (const d of digits) await page.keyboard.press(d);
    await page.keyboard.press('n');
  };
  await notes(e, ['2', '5', '8']);
  await notes(f, ['1', '3']);
  assert.match(await label(page, e.row, e.col), /notes 2 5 8$/);
  // In digit mode, a level dash over the middle mark (the 5).
  await draw(page, e.row, e.col, [[[0.37, 0.5], [0.64, 0.53]]], { step: 0.02 });
  await page.waitForFunction(([r, c]) => /notes 2 8$/.test(document.querySelector(
    `[role=gridcell][aria-rowindex="${r}"][aria-colindex="${c}"]`).getAttribute('aria-label')), [e.row, e.col], { timeout: 10000 });
  assert.match(await status(page), new RegExp(`^Struck out 5 in r${e.row}c${e.col}`));
  assert.equal(await page.locator('.ink.pending').count(), 0, 'the dash left no ink');
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.match(await label(page, e.row, e.col), /notes 2 5 8$/, 'one undo step');
  // A 1 written over notes is a digit, not a gesture.
  await draw(page, f.row, f.col, DIGITS[1]);
  await recognized(page, f.row, f.col, 1);
  assert.doesNotMatch(await label(page, f.row, f.col), /notes/);
});

test('a palm down and moving while the pen writes does not spoil the digit', async () => {
  const page = await open();
  const [e, f] = await emptyCells(page, 2);
  const box = await cell(page, e.row, e.col).locator('rect').boundingBox();
  const palmAt = await cell(page, f.row, f.col).locator('rect').boundingBox();
  const strokes = DIGITS[4].map((s) => densify(s).map(([x, y]) => [box.x + x * box.width, box.y + y * box.height]));
  await page.evaluate(({ strokes, palm }) => {
    const t = document.querySelector('.board-square');
    const fire = (type, id, pointerType, [x, y], extra = {}) => t.dispatchEvent(new PointerEvent(type, {
      bubbles: true, cancelable: true, pointerId: id, pointerType, clientX: x, clientY: y, ...extra }));
    // The palm lands first, as a small contact that grows, then rests and slides.
    let p = [palm.x + 10, palm.y + 10];
    fire('pointerdown', 21, 'touch', p, { buttons: 1, width: 12, height: 12, isPrimary: true });
    fire('pointermove', 21, 'touch', [p[0] + 5, p[1] + 2], { buttons: 1, width: 60, height: 70 });
    for (const s of strokes) {
      fire('pointerdown', 7, 'pen', s[0], { buttons: 1, pressure: 0.6 });
      for (const [i, q] of s.slice(1).entries()) {
        fire('pointermove', 7, 'pen', q, { buttons: 1, pressure: 0.6 });
        if (i % 3 === 0) {
          p = [p[0] + 2, p[1] + 1];
          fire('pointermove', 21, 'touch', p, { buttons: 1, width: 60, height: 70 });
        }
      }
      fire('pointerup', 7, 'pen', s[s.length - 1], { buttons: 0, pressure: 0 });
    }
    fire('pointerup', 21, 'touch', p, { buttons: 0, width: 60, height: 70 });
  }, { strokes, palm: palmAt });
  await recognized(page, e.row, e.col, 4);
  assert.equal(await label(page, f.row, f.col), `Row ${f.row}, column ${f.col}, empty`, 'the palm wrote nothing');
  assert.equal(await page.locator('.ink').count(), 0, 'no ink left over');
  assert.equal(await page.getByRole('button', { name: 'Undo' }).isEnabled(), true);
});

test('a one-stroke looped 8 is read as 8, never taken for a scratch-out', async () => {
  const page = await open();
  const [e] = await emptyCells(page, 1);
  // Top loop then bottom loop in one stroke, the way many people write an 8.
  const eight = [];
  for (let i = 0; i <= 64; i++) {
    const t = (i / 64) * 2 * Math.PI;
    eight.push([0.5 + 0.24 * Math.sin(2 * t) * 0.9, 0.5 - 0.36 * Math.cos(t)]);
  }
  await draw(page, e.row, e.col, [eight], { step: 0.02 });
  await recognized(page, e.row, e.col, 8);
});

test('first visit on a touch device: one line says to write in the cells, gone after the first digit', async () => {
  const page = await open({ hasTouch: true });
  const tip = page.getByRole('note');
  await tip.waitFor();
  assert.match(await tip.textContent(), /Write digits right in the cells/);
  // It covers no cell (it used to sit over the bottom row).
  const [t, board] = [await tip.boundingBox(), await page.locator('.board-square').boundingBox()];
  assert.ok(t.y + t.height <= board.y || t.y >= board.y + board.height || t.x >= board.x + board.width || t.x + t.width <= board.x,
    `the tip ${JSON.stringify(t)} lies off the board ${JSON.stringify(board)}`);
  await snap(page, 'pen-first-visit');
  const [e] = await emptyCells(page, 1);
  await draw(page, e.row, e.col, DIGITS[7]);
  await recognized(page, e.row, e.col, 7);
  assert.equal(await tip.count(), 0);
  await page.reload(); // leaving the page saves at once (pagehide): no wait for the autosave
  await page.getByRole('dialog', { name: 'Welcome back' }).getByRole('button', { name: 'Continue' }).click();
  await waitForPuzzle(page);
  assert.equal(await page.getByRole('note').count(), 0, 'not again after a reload');
  // A desktop without touch never sees it.
  const desk = await open();
  await frames(desk); // the puzzle's first frames: the tip would be on show with it
  assert.equal(await desk.getByRole('note').count(), 0);
});

test('on 16x16 the pen writes the letters A-G too', async () => {
  const sixteen = 'C.D..1E...B8.5AG..A9..84.2F..E....EB...2D1G.9....7...6...3....2.5B..6....9..F13..81DB5......A6......7.2.......G......E1...A.598D3CF7.B...D6......D.......B.C......5A......1F28E..EB8..7....9..1C.A....6...3...F....E.DBF7...8C....8..4A.FC..72..B2G.97...4D..3.E';
  const page = await b.page();
  await page.goto(server.url + '#' + sixteen);
  await waitForPuzzle(page);
  const [e] = await emptyCells(page, 1);
  // An E: the stem, then the three bars.
  await draw(page, e.row, e.col, [[[0.3, 0.12], [0.3, 0.88]], [[0.3, 0.12], [0.72, 0.12]], [[0.3, 0.5], [0.64, 0.5]], [[0.3, 0.88], [0.72, 0.88]]]);
  await recognized(page, e.row, e.col, 'E');
  // The same E on a 9x9 grid is never read as a letter.
  const nine = await open();
  const [f] = await emptyCells(nine, 1);
  await draw(nine, f.row, f.col, [[[0.3, 0.12], [0.3, 0.88]], [[0.3, 0.12], [0.72, 0.12]], [[0.3, 0.5], [0.64, 0.5]], [[0.3, 0.88], [0.72, 0.88]]]);
  await inkSettled(nine); // read (or declined) and placed
  assert.doesNotMatch(await label(nine, f.row, f.col), /, [A-G](,|$)/);
});

test('ink the recognizer declines stays, with its two best guesses on the chip', async () => {
  const page = await open();
  const [e] = await emptyCells(page, 1);
  await draw(page, e.row, e.col, [[[0.2, 0.5], [0.8, 0.52]]]); // a dash: no digit for sure
  await page.waitForFunction(() => /Not sure what that is/.test((document.querySelector('[role=status]')?.textContent ?? '')), null, { timeout: 30000 });
  assert.equal(await page.locator('.ink.pending.declined').count(), 1, 'the ink stays, marked declined');
  const guesses = page.getByRole('group', { name: 'Correction' }).getByRole('button', { name: /^Change to [1-9]$/ });
  assert.equal(await guesses.count(), 2);
  const pick = (await guesses.first().getAttribute('aria-label')).slice(-1);
  await guesses.first().click();
  assert.match(await label(page, e.row, e.col), new RegExp(`, ${pick}(,|$)`));
  assert.equal(await page.locator('.ink.pending').count(), 0, 'the declined ink is gone once a guess is picked');
});

// Nothing moves under the pen (issue 45): on a first visit the tip goes with the first digit,
// and the status bar used to shrink with it, 13 ms later, moving the grid 29 px up at 390x844
// (17 px at 600x960): the next digits, aimed where the cells were, landed a row off. A row is
// written here at the positions the cells had before the first stroke, as a person aims;
// layout shifts are watched (PerformanceObserver 'layout-shift') while it is written and for
// 1 s after.
for (const [width, height] of [[390, 844], [600, 960]]) {
  test(`${width}x${height}, first visit on a touch device: a row written while the tip goes, nothing moves, every digit in its cell`, async () => {
    const page = await open({ hasTouch: true, viewport: { width, height } });
    await page.getByRole('note').waitFor();
    await frames(page);
    await page.evaluate(() => {
      window.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          window.__shifts.push(`${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${(e.sources || []).map((s) => (s.node ? s.node.className?.baseVal ?? s.node.className ?? s.node.nodeName : 'gone')).join(', ')}`);
        }
      }).observe({ type: 'layout-shift' });
    });
    const boxes = await cellBoxes(page);
    const row = (await cells(page)).filter((x) => x.row === 1 && x.label.endsWith('empty'));
    assert.ok(row.length >= 6, `${row.length} empty cells in row 1`);
    // 7s, 4s and 2s (the support's drawings; the 1, which may grow into a 4, is left out).
    const written = row.map((x, i) => [x, [7, 4, 2][i % 3]]);
    for (const [x, d] of written) await draw(page, x.row, x.col, DIGITS[d], { box: boxes[`${x.row},${x.col}`] });
    await inkSettled(page);
    await page.waitForTimeout(1000);
    await snap(page, `pen-tip-row-${width}x${height}`);
    assert.equal(await page.getByRole('note').count(), 0, 'the tip went with the first digit');
    // The correction chip is an overlay that follows the last digit written: moved from cell to
    // cell, Chromium counts it as a shift of its own (0.0046 at 600x960), though nothing under it
    // moves. A shift whose elements are all gone from the page by the time it is reported (no
    // node left to name: the chip of an earlier digit, replaced; seen once, 0.0026, under load)
    // moved nothing that is still there. Every other element must stay put.
    assert.deepEqual((await page.evaluate(() => window.__shifts)).filter((s) => !/: ((ink-chip|gone)(, |$))+$/.test(s)), [], 'no layout shift');
    const got = [];
    for (const [x] of written) got.push(`r${x.row}c${x.col}=${await digitIn(page, x.row, x.col)}`);
    assert.deepEqual(got, written.map(([x, d]) => `r${x.row}c${x.col}=${d}`), 'every digit in its cell');
    assert.deepEqual(b.errors, []);
    await page.context().close();
  });
}

// Small writing is kept (issue 45): a 9 about 15 px tall at 800x480 (cells about 49 px), its loop
// about 6x8 px, written as a loop then a stem, and an 8 of two loops about 6x6 px. The old rule
// took any stroke under a fifth of a cell either way for a tap: the loops left no ink, the 9
// became a 1 and the 8 was lost. A tap is now a short, still contact (core/src/ink/geometry.rs `is_tap`),
// and a real tap, still or with a finger's roll, still selects.
const ring = (cx, cy, rx, ry, n = 24) => Array.from({ length: n + 1 }, (_, i) => {
  const t = (i / n) * 2 * Math.PI; // from the right, anticlockwise, as a 9's loop is written
  return [cx + rx * Math.cos(t), cy - ry * Math.sin(t)];
});
const SMALL = {
  9: [ring(0.5, 0.42, 0.065, 0.085), [[0.565, 0.42], [0.562, 0.64]]],
  8: [ring(0.5, 0.4, 0.062, 0.062), ring(0.5, 0.527, 0.065, 0.065)],
};

test('800x480: a small 9 and a small 8 keep their ink and are read, as digits and as notes; a tap still selects', async () => {
  const page = await open({ viewport: { width: 800, height: 480 } });
  const [e, f, g, h, k, m] = await emptyCells(page, 6);
  const box = await cell(page, e.row, e.col).locator('rect').boundingBox();
  assert.ok(box.height > 40 && box.height < 56, `cells of ${box.height} px`);
  // Taps, first (a touch right after the pen is taken for the palm): a finger rolling 1 px as it
  // taps, and the pen down and up on the spot. Each selects its cell and leaves it as it was.
  for (const [c, stroke, pointerType] of [[m, [[0.5, 0.5], [0.52, 0.51], [0.5, 0.52]], 'touch'], [k, [[0.5, 0.5]], 'pen']]) {
    const before = await cell(page, c.row, c.col).getAttribute('aria-label');
    await draw(page, c.row, c.col, [stroke], { pointerType });
    await page.waitForFunction(([r, c]) => document.querySelector(`[role=gridcell][aria-rowindex="${r}"][aria-colindex="${c}"]`)
      .getAttribute('aria-selected') === 'true', [c.row, c.col], { timeout: 5000 });
    await inkSettled(page);
    assert.equal(await cell(page, c.row, c.col).getAttribute('aria-label'), before, `a ${pointerType} tap writes nothing`);
    assert.equal(await page.locator('.ink.pending').count(), 0, `a ${pointerType} tap leaves no ink`);
  }
  await draw(page, e.row, e.col, SMALL[9]);
  await recognized(page, e.row, e.col, 9);
  await draw(page, f.row, f.col, SMALL[8]);
  await recognized(page, f.row, f.col, 8);
  await page.getByRole('button', { name: 'Notes' }).click();
  for (const [c, d] of [[g, 9], [h, 8]]) {
    await draw(page, c.row, c.col, SMALL[d]);
    await page.waitForFunction(([r, c, d]) => new RegExp(`notes ${d}$`).test(document.querySelector(
      `[role=gridcell][aria-rowindex="${r}"][aria-colindex="${c}"]`).getAttribute('aria-label')), [c.row, c.col, d], { timeout: 30000 });
  }
  await snap(page, 'pen-small-writing-800x480');
  assert.deepEqual(b.errors, []);
  await page.context().close();
});

// No visible wait for a lone 1 (issue 45): a 1 lifted away may still be half a 4 or a 7, and it
// waited 1 s for a second stroke before it went into the game. It is now in the game as soon as
// it is read (a second stroke still grows it in place, in the same undo step:
// ink/writing/tests.rs). A column of lone 1s, the pen lifted away after each: each is in its
// cell's accessible name (the game's board) within 250 ms of its lift, timed in the page from
// the pointerup event to the DOM change (not the harness's wall clock); each is a step of its own.
test('a column of lone 1s lifted away: each is in the game within 250 ms of its lift', async () => {
  const page = await open();
  const free = (await cells(page)).filter((x) => x.label.endsWith('empty'));
  const column = free.filter((x) => x.col === 8).slice(0, 5);
  assert.equal(column.length, 5);
  // The recognizer loaded first (a 7 elsewhere), as it is 3 s after a puzzle shows.
  const warm = free.find((x) => x.col !== 8);
  await draw(page, warm.row, warm.col, DIGITS[7]);
  await recognized(page, warm.row, warm.col, 7);
  await page.evaluate(() => {
    window.__waits = [];
    document.querySelector('.board-square').addEventListener('pointerup', () => { window.__lift = performance.now(); }, true);
    new MutationObserver(() => {
      if (!window.__target || window.__waits.length > window.__index) return;
      const [r, c] = window.__target;
      const label = document.querySelector(`[role=gridcell][aria-rowindex="${r}"][aria-colindex="${c}"]`).getAttribute('aria-label');
      if (/, 1(,|$)/.test(label)) {
        window.__waits.push(Math.round(performance.now() - window.__lift));
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  for (const [i, x] of column.entries()) {
    await page.evaluate(([i, r, c]) => { window.__index = i; window.__target = [r, c]; }, [i, x.row, x.col]);
    await draw(page, x.row, x.col, DIGITS[1]);
    await recognized(page, x.row, x.col, 1);
    await inkSettled(page); // final once the wait for a second stroke ends
  }
  const waits = await page.evaluate(() => window.__waits);
  assert.equal(waits.length, column.length, `every 1 seen: ${waits}`);
  assert.ok(Math.max(...waits) <= 250, `lift to 1 in the game: ${waits.join(', ')} ms`);
  // Each a step of its own: five Undos empty the column.
  for (const x of column.reverse()) {
    await page.getByRole('button', { name: 'Undo' }).click();
    assert.match(await label(page, x.row, x.col), /, empty$/);
  }
  assert.deepEqual(b.errors, []);
  await page.context().close();
});
