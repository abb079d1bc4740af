// Pen and ink in headless Chromium: digits written with pen PointerEvents (pressure, several
// strokes, slow strokes, trusted pen input through the DevTools protocol) become typed digits;
// the pen's eraser and the Eraser mode clear cells; scratch-out erases; scratchpad strokes stay
// through a reload and a resize; a touch during pen use makes no mark; undo/redo cover it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, snap, openApp, cells, cell, waitForPuzzle, DIGITS, densify, draw, emptyCells, recognized, skipTime, inkSettled, frames, holdMadePuzzles, puzzleHeld, releaseMadePuzzles } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

const label = (page, r, c) => cell(page, r, c).getAttribute('aria-label');

test('written digits become typed digits: multi-stroke 4 and 7, a 1, a slow two-stroke digit; undo and redo', async () => {
  const page = await openApp(b, server.url);
  const [a, bb, cc, d] = await emptyCells(page, 4);
  await draw(page, a.row, a.col, DIGITS[4]);
  await recognized(page, a.row, a.col, 4);
  await draw(page, bb.row, bb.col, DIGITS[7], { pressure: 0.35 });
  await recognized(page, bb.row, bb.col, 7);
  await draw(page, cc.row, cc.col, DIGITS[1], { pressure: 0.9 });
  await recognized(page, cc.row, cc.col, 1);
  // Slowly: many points, and a long pause between the strokes (a quarter second: the ink is
  // read after half a second of rest, and a busy machine takes some of it dispatching events).
  await draw(page, d.row, d.col, DIGITS[4], { step: 0.008, pauseMs: 250 });
  await recognized(page, d.row, d.col, 4);
  assert.equal(await page.locator('.ink.pending, .ink.live').count(), 0, 'the ink disappears once read');
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(await label(page, d.row, d.col), `Row ${d.row}, column ${d.col}, empty`);
  await page.getByRole('button', { name: 'Redo' }).click();
  assert.match(await label(page, d.row, d.col), /, 4(,|$)/);
  await snap(page, 'ink-digits');
});

test('digits written along a row at once after the page opens, before the recognizer is ready, are all placed', async () => {
  // The first pen-down starts the ink worker; the pen moves on to the next cells while it loads.
  const page = await openApp(b, server.url);
  const [x, y, z] = await emptyCells(page, 3);
  await draw(page, x.row, x.col, DIGITS[2]);
  await draw(page, y.row, y.col, DIGITS[4]);
  await draw(page, z.row, z.col, DIGITS[7]);
  await recognized(page, z.row, z.col, 7);
  await recognized(page, y.row, y.col, 4);
  await recognized(page, x.row, x.col, 2);
});

test('trusted pen input through the DevTools protocol writes a digit', async () => {
  const page = await openApp(b, server.url);
  const [e] = await emptyCells(page, 1);
  const box = await cell(page, e.row, e.col).locator('rect').boundingBox();
  const cdp = await page.context().newCDPSession(page);
  for (const stroke of DIGITS[7]) {
    const pts = densify(stroke).map(([x, y]) => [box.x + x * box.width, box.y + y * box.height]);
    const send = (type, [x, y], force) => cdp.send('Input.dispatchMouseEvent', {
      type, x, y, button: 'left', buttons: type === 'mouseReleased' ? 0 : 1, clickCount: 1, pointerType: 'pen', force,
    });
    await send('mousePressed', pts[0], 0.6);
    for (const p of pts.slice(1)) await send('mouseMoved', p, 0.6);
    await send('mouseReleased', pts[pts.length - 1], 0);
  }
  await recognized(page, e.row, e.col, 7);
});

test("the pen's eraser and the Eraser mode clear digits, never givens; scratch-out erases", async () => {
  const page = await openApp(b, server.url);
  const row = (await cells(page)).filter((c) => c.row === 5);
  const empties = row.filter((c) => c.label.endsWith('empty'));
  for (const e of empties.slice(0, 2)) {
    await cell(page, e.row, e.col).click();
    await page.keyboard.press('9');
  }
  const givens = row.filter((c) => c.label.endsWith('given')).map((c) => c.label);
  // The eraser end of a pen (buttons 32, button 5) dragged along the row.
  const across = [[[0.05, 0.5], [0.95, 0.5]]];
  const first = await cell(page, 5, 1).locator('rect').boundingBox();
  const last = await cell(page, 5, 9).locator('rect').boundingBox();
  await page.evaluate(([x0, x1, y]) => {
    const t = document.querySelector('.board-square');
    const fire = (type, x, buttons) => t.dispatchEvent(new PointerEvent(type, {
      bubbles: true, cancelable: true, pointerId: 9, pointerType: 'pen', clientX: x, clientY: y, pressure: 0.5, button: 5, buttons }));
    fire('pointerdown', x0, 32);
    for (let k = 1; k <= 40; k++) fire('pointermove', x0 + (x1 - x0) * k / 40, 32);
    fire('pointerup', x1, 0);
  }, [first.x + 4, last.x + last.width - 4, first.y + first.height / 2]);
  for (const e of empties.slice(0, 2)) assert.equal(await label(page, e.row, e.col), `Row ${e.row}, column ${e.col}, empty`);
  assert.deepEqual((await cells(page)).filter((c) => c.row === 5 && c.label.endsWith('given')).map((c) => c.label), givens);
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.match(await label(page, empties[0].row, empties[0].col), /, 9(,|$)/);

  // Eraser mode, for a finger or a mouse (a second after the pen, or the touch is the palm: the
  // page's clock moves on past that window).
  await skipTime(page, 1100);
  await page.getByRole('button', { name: 'Eraser' }).click();
  await draw(page, empties[0].row, empties[0].col, across, { pointerType: 'touch', pressure: 0 });
  assert.equal(await label(page, empties[0].row, empties[0].col), `Row ${empties[0].row}, column ${empties[0].col}, empty`);
  await page.getByRole('button', { name: 'Eraser' }).click();

  // A scratch-out zig-zag over a digit erases it.
  const z = empties[1];
  assert.match(await label(page, z.row, z.col), /, 9(,|$)/);
  const zigzag = [[[0.2, 0.3], [0.8, 0.35], [0.2, 0.42], [0.8, 0.5], [0.2, 0.56], [0.8, 0.62], [0.2, 0.7], [0.8, 0.75]]];
  await draw(page, z.row, z.col, zigzag);
  assert.equal(await label(page, z.row, z.col), `Row ${z.row}, column ${z.col}, empty`);
});

test('scratchpad strokes stay, greyed in pen mode, through a reload and a resize', async () => {
  const page = await openApp(b, server.url);
  const [e] = await emptyCells(page, 1);
  await page.getByRole('button', { name: 'Scratchpad' }).click();
  await draw(page, e.row, e.col, DIGITS[2]);
  await draw(page, e.row, e.col, [[[0.1, 0.9], [0.9, 0.9]]]);
  assert.equal(await page.locator('.ink.scratch').count(), 2);
  assert.equal(await label(page, e.row, e.col), `Row ${e.row}, column ${e.col}, empty`, 'not recognized');
  const ratio = async () => page.evaluate(() => {
    const g = document.querySelector('svg.board').getBoundingClientRect();
    const s = document.querySelector('.ink.scratch').getBoundingClientRect();
    return [(s.x - g.x) / g.width, (s.y - g.y) / g.height, s.width / g.width].map((v) => Math.round(v * 1000));
  });
  const before = await ratio();
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.equal(await page.locator('.ink.scratch').count(), 1, 'each stroke is one undo step');
  await page.getByRole('button', { name: 'Redo' }).click();
  await page.reload(); // leaving the page saves at once (pagehide): no wait for the autosave
  await page.getByRole('dialog', { name: 'Welcome back' }).getByRole('button', { name: 'Continue' }).click();
  assert.equal(await page.locator('.ink.scratch').count(), 2, 'kept through a reload');
  await page.setViewportSize({ width: 800, height: 480 });
  await frames(page); // laid out and painted at the new size
  const after = await ratio();
  for (let i = 0; i < 3; i++) assert.ok(Math.abs(after[i] - before[i]) <= 3, `${before} vs ${after}`);
  // Greyed in pen mode (the mode after a reload), solid in scratchpad mode.
  const opacity = () => page.locator('.ink.scratch').first().evaluate((el) => getComputedStyle(el).opacity);
  assert.equal(await opacity(), '0.35');
  await page.getByRole('button', { name: 'Scratchpad' }).click();
  assert.equal(await opacity(), '1');
  await snap(page, 'ink-scratchpad-800x480');
  // A digit placed in the cell (pen mode again) removes its scratchpad ink.
  await page.getByRole('button', { name: 'Scratchpad' }).click();
  await cell(page, e.row, e.col).click();
  await page.keyboard.press('3');
  assert.equal(await page.locator('.ink.scratch').count(), 0);
});

test('a touch while the pen is in use makes no mark; a pen tap selects', async () => {
  const page = await openApp(b, server.url);
  const [e, f] = await emptyCells(page, 2);
  const box = await cell(page, e.row, e.col).locator('rect').boundingBox();
  // The pen hovers (in range), and a palm touches the screen.
  await page.evaluate(([x, y]) => {
    const t = document.querySelector('.board-square');
    t.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerId: 3, pointerType: 'pen', clientX: x, clientY: y, buttons: 0 }));
  }, [box.x + 5, box.y + 5]);
  await draw(page, e.row, e.col, DIGITS[1], { pointerType: 'touch', pressure: 0 });
  await inkSettled(page); // (had the touch made ink, it would be read by now)
  assert.equal(await label(page, e.row, e.col), `Row ${e.row}, column ${e.col}, empty`);
  assert.equal(await page.locator('.ink').count(), 0);
  // A pen tap (a tiny stroke) selects the cell instead of inking.
  await draw(page, f.row, f.col, [[[0.5, 0.5], [0.51, 0.51]]]);
  assert.equal(await cell(page, f.row, f.col).getAttribute('aria-selected'), 'true');
  assert.equal(await page.locator('.ink').count(), 0);
  // A finger writes too, once the pen is away (the page's clock moves on past the palm window).
  await skipTime(page, 1100);
  await draw(page, e.row, e.col, DIGITS[7], { pointerType: 'touch', pressure: 0 });
  await recognized(page, e.row, e.col, 7);
});

/**
 * Opens the app with the ink worker's files matching `pattern` answered by `fulfil` (or, given
 * 'drop', failing as on a dropped line), writes a 4, and waits
 * for the "writing is off" message; the cell must stay empty. Returns the page and the cell.
 * (No service worker: it would fetch and cache the file past the route.)
 */
async function writingOffWhen(pattern, fulfil) {
  const page = await b.page({ serviceWorkers: 'block' });
  await page.route(pattern, (route) => (fulfil === 'drop' ? route.abort('internetdisconnected') : route.fulfill(fulfil)));
  await page.goto(server.url);
  await waitForPuzzle(page);
  const [e] = await emptyCells(page, 1);
  await draw(page, e.row, e.col, DIGITS[4]);
  await page.waitForFunction(() => /Handwriting is off/.test((document.querySelector('[role=status]')?.textContent ?? '')), null, { timeout: 15000 });
  assert.equal(await label(page, e.row, e.col), `Row ${e.row}, column ${e.col}, empty`);
  return { page, e };
}

test('a browser that cannot run the recognizer (no wasm SIMD) gets the same message', async () => {
  // A wasm that does not compile stands for one that uses instructions the browser lacks.
  await writingOffWhen('**/ink_bg.wasm', { status: 200, contentType: 'application/wasm', body: Buffer.from('\0asm\x01\0\0\0\x7f') });
});

test('without the model, writing is off with a message, and the pad still works', async () => {
  const { page, e } = await writingOffWhen('**/digits.cnn', { status: 404, body: 'gone' });
  await cell(page, e.row, e.col).click();
  await page.getByRole('button', { name: '5', exact: true }).click();
  assert.match(await label(page, e.row, e.col), /, 5(,|$)/);
});

test('a line that drops as the recognizer loads turns writing off with its message, and leaves no page error', async () => {
  // All three of the worker's downloads fail, as when the line drops just after its script came
  // (seen in together.test.mjs): the networks' downloads, awaited only once the wasm runs, must
  // not end as unhandled rejections, which Chromium reports to the page.
  b.errors.length = 0;
  const { page } = await writingOffWhen(/\/(digits\.cnn|strokes\.cnn|ink_bg\.wasm)$/, 'drop');
  assert.deepEqual(b.errors, []);
  await page.context().close();
});

test('on a first visit the recognizer loads once the puzzle is on screen, not while it is being made', async () => {
  // The recognizer's megabyte must not share a slow line with what the first puzzle needs. The
  // made puzzle is held back until the test lets it through, and the page's clock is
  // Playwright's: its timers run when the test says.
  // The book of premade first puzzles is refused, so that the engine worker makes the first
  // puzzle (as when the book cannot be read) and it can be held back.
  const page = await b.page({ serviceWorkers: 'block' });
  await page.route('**/first-puzzles.txt', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await holdMadePuzzles(page);
  await page.clock.install();
  await page.goto(server.url);
  await puzzleHeld(page);
  await page.clock.runFor(10000);
  const ink = () => page.evaluate(() => window.startedWorkers.filter((u) => u.includes('ink_loader')).length);
  assert.equal(await ink(), 0, 'no recognizer while the blank board waits for its puzzle, 10 s on');
  await releaseMadePuzzles(page);
  await waitForPuzzle(page);
  await page.clock.runFor(2500);
  assert.equal(await ink(), 0, 'the puzzle shows first, without the recognizer competing');
  await page.clock.runFor(1000);
  await page.waitForFunction(() => window.startedWorkers.some((u) => u.includes('ink_loader')), null, { timeout: 10000 });
  // And it is the real recognizer, ready for the first stroke.
  const [e] = await emptyCells(page, 1);
  await draw(page, e.row, e.col, DIGITS[4]);
  await recognized(page, e.row, e.col, 4);
});
