// The focus view: a 16x16 game on 800x480 has 28 px cells, too small to write in. Selecting a
// cell (a tap, the pen, an arrow key) magnifies the boxes around it to cells of 40 px or more;
// the pen writes digits, letters and notes into the magnified cells; arrow keys and the bar's
// arrows move on across box edges; Escape and "Whole board" show the whole board again. At
// 1280x800, and for 9x9 at 800x480, nothing of this shows. Bounding boxes, not only screenshots.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, snap, cell, waitForPuzzle, DIGITS, draw, recognized, inkSettled, frames } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

// Fixed puzzles, opened by link: a 16x16 (Easy) and a 9x9 (Easy, seed 7).
const SIXTEEN = 'C.D..1E...B8.5AG..A9..84.2F..E....EB...2D1G.9....7...6...3....2.5B..6....9..F13..81DB5......A6......7.2.......G......E1...A.598D3CF7.B...D6......D.......B.C......5A......1F28E..EB8..7....9..1C.A....6...3...F....E.DBF7...8C....8..4A.FC..72..B2G.97...4D..3.E';
const NINE = '.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.';
const MIN = 40;

async function open(puzzle, width, height) {
  const page = await b.page({ viewport: { width, height } });
  await page.goto(server.url + '#' + puzzle);
  await waitForPuzzle(page);
  return page;
}

const label = (page, r, c) => cell(page, r, c).getAttribute('aria-label');
const wholeBoard = (page) => page.getByRole('button', { name: 'Whole board' });

/** Every cell with its box on screen and whether it lies wholly inside the board square. */
async function cellBoxes(page) {
  return page.evaluate(() => {
    const square = document.querySelector('.board-square').getBoundingClientRect();
    return [...document.querySelectorAll('[role=gridcell]')].map((g) => {
      const r = g.querySelector('rect').getBoundingClientRect();
      const inside = r.left >= square.left - 0.5 && r.top >= square.top - 0.5
        && r.right <= square.right + 0.5 && r.bottom <= square.bottom + 0.5;
      return {
        row: Number(g.getAttribute('aria-rowindex')), col: Number(g.getAttribute('aria-colindex')),
        width: r.width, height: r.height, inside, label: g.getAttribute('aria-label'),
        selected: g.getAttribute('aria-selected') === 'true',
      };
    });
  });
}

/** The cells wholly on show; asserts each is at least 40 px either way. */
async function writable(page) {
  const shown = (await cellBoxes(page)).filter((c) => c.inside);
  assert.ok(shown.length > 0, 'cells on show');
  for (const c of shown) {
    assert.ok(c.width >= MIN && c.height >= MIN, `r${c.row}c${c.col} is ${c.width.toFixed(1)}x${c.height.toFixed(1)} px`);
  }
  return shown;
}

/** Waits until the cell is wholly on show and at least 40 px (the focus view has followed). */
async function magnified(page, r, c) {
  await page.waitForFunction(([r, c, min]) => {
    const square = document.querySelector('.board-square').getBoundingClientRect();
    const box = document.querySelector(`[role=gridcell][aria-rowindex="${r}"][aria-colindex="${c}"] rect`).getBoundingClientRect();
    return box.width >= min && box.left >= square.left && box.right <= square.right
      && box.top >= square.top && box.bottom <= square.bottom;
  }, [r, c, MIN], { timeout: 5000 });
}

/** Waits until the whole board shows: every cell inside the square. */
async function whole(page) {
  await page.waitForFunction(() => {
    const square = document.querySelector('.board-square').getBoundingClientRect();
    return [...document.querySelectorAll('[role=gridcell] rect')].every((e) => {
      const r = e.getBoundingClientRect();
      return r.left >= square.left - 0.5 && r.right <= square.right + 0.5 && r.top >= square.top - 0.5 && r.bottom <= square.bottom + 0.5;
    });
  }, null, { timeout: 5000 });
}

/** The 4x4 box (1-based rows and columns) of a cell. */
const boxOf = (r, c) => [Math.floor((r - 1) / 4), Math.floor((c - 1) / 4)];

test('800x480, 16x16: a tap magnifies the cell\'s boxes to 40 px cells; keys write and move across box edges; Escape and "Whole board" zoom out', async () => {
  const page = await open(SIXTEEN, 800, 480);
  // The whole board first: its cells are too small to write in, and the bar says so.
  await whole(page);
  const all = await cellBoxes(page);
  assert.equal(all.length, 256);
  assert.ok(all.every((c) => c.inside && c.width < MIN), 'the whole board, with cells under 40 px');
  assert.equal(await wholeBoard(page).getAttribute('aria-pressed'), 'true');
  await snap(page, 'zoom-800x480-whole');

  // A tap on an empty cell (r7c6) magnifies its box and the boxes beside it.
  const [r, c] = [7, 6];
  assert.match(await label(page, r, c), /empty$/);
  await cell(page, r, c).click();
  await magnified(page, r, c);
  const shown = await writable(page);
  const [br, bc] = boxOf(r, c);
  const box = shown.filter((s) => boxOf(s.row, s.col).join() === [br, bc].join());
  assert.equal(box.length, 16, 'the whole 4x4 box of the cell is on show');
  assert.ok(shown.find((s) => s.row === r && s.col === c).selected);
  assert.equal(await wholeBoard(page).getAttribute('aria-pressed'), 'false');
  // Every cell is still a gridcell of the grid (screen readers and tests find them all).
  assert.equal(await page.getByRole('gridcell').count(), 256);
  await snap(page, 'zoom-800x480-focus');

  // A tap on the neighbours' strip (here: column 9, right of the window) moves there.
  const square = await page.locator('.board-square').boundingBox();
  const row7 = await cell(page, r, c).locator('rect').boundingBox();
  assert.ok(!(await writable(page)).some((s) => s.col === 9), 'column 9 is only a strip');
  await page.mouse.click(square.x + square.width - 4, row7.y + row7.height / 2);
  assert.equal(await cell(page, r, 9).getAttribute('aria-selected'), 'true');
  await magnified(page, r, 9);
  await writable(page);
  await cell(page, r, c).click();
  await magnified(page, r, c);

  // The keyboard writes in the magnified cell.
  await page.keyboard.press('g');
  assert.match(await label(page, r, c), /, G(,|$)/);
  await page.keyboard.press('Backspace');
  assert.match(await label(page, r, c), /empty/);

  // Arrow keys move the selection across box edges; the view follows, cells stay 40 px.
  const before = (await cellBoxes(page)).filter((s) => s.inside).map((s) => `${s.row},${s.col}`);
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
  const right = [r, c + 7];
  assert.equal(await cell(page, ...right).getAttribute('aria-selected'), 'true');
  await magnified(page, ...right);
  const after = (await writable(page)).map((s) => `${s.row},${s.col}`);
  assert.notDeepEqual(after, before, 'the view moved on');
  await page.keyboard.press('5');
  assert.match(await label(page, ...right), /, 5(,|$)/);
  await page.keyboard.press('Backspace');

  // The bar's arrows move the view a box down (here: to the bottom boxes), and the selection
  // with it when it would leave the view.
  const down = page.getByRole('button', { name: 'Show the boxes below' });
  assert.ok(!(await writable(page)).some((s) => s.row === 16));
  await down.click();
  const sel = (await cellBoxes(page)).find((s) => s.selected);
  assert.ok(sel.inside && sel.width >= MIN, `the selection (r${sel.row}c${sel.col}) stays on show`);
  assert.ok((await writable(page)).some((s) => s.row === 16), 'the bottom boxes are on show');
  assert.equal(await down.isDisabled(), true, 'no further down');

  // Escape shows the whole board again; the selection stays.
  await page.keyboard.press('Escape');
  await whole(page);
  assert.equal(await wholeBoard(page).getAttribute('aria-pressed'), 'true');
  assert.equal(await cell(page, sel.row, sel.col).getAttribute('aria-selected'), 'true');
  // "Whole board" toggles: magnify the selection again, then back to the whole board.
  await wholeBoard(page).click();
  await magnified(page, sel.row, sel.col);
  await writable(page);
  await wholeBoard(page).click();
  await whole(page);
  // An arrow key in the whole board selects, and so magnifies.
  await page.keyboard.press('ArrowUp');
  await magnified(page, sel.row - 1, sel.col);
  assert.deepEqual(b.errors, []);
});

test('800x480, 16x16: the pen picks a cell on the whole board, then writes digits, letters and notes into the magnified cells', async () => {
  const page = await open(SIXTEEN, 800, 480);
  // On the whole board the pen does not write into a 28 px cell: it picks it, magnified.
  const [r, c] = [6, 7];
  assert.match(await label(page, r, c), /empty$/);
  await draw(page, r, c, DIGITS[2]);
  await magnified(page, r, c);
  assert.equal(await cell(page, r, c).getAttribute('aria-selected'), 'true');
  await inkSettled(page); // (had the stroke made ink, it would be read by now)
  assert.match(await label(page, r, c), /empty$/, 'nothing written on the whole board');
  assert.equal(await page.locator('.ink').count(), 0, 'no ink left behind');

  // Now the pen writes where it is put: a 7 in this cell, an E in another one.
  const shown = await writable(page);
  const empty = shown.filter((s) => s.label.endsWith('empty') && !(s.row === r && s.col === c));
  assert.ok(empty.length >= 3, 'empty cells on show');
  await draw(page, r, c, DIGITS[7]);
  await recognized(page, r, c, 7);
  const [e, f, g] = empty;
  await draw(page, e.row, e.col, [[[0.3, 0.12], [0.3, 0.88]], [[0.3, 0.12], [0.72, 0.12]], [[0.3, 0.5], [0.64, 0.5]], [[0.3, 0.88], [0.72, 0.88]]]);
  await recognized(page, e.row, e.col, 'E');
  // Only those cells changed.
  const now = await cellBoxes(page);
  for (const s of shown) {
    if ((s.row === r && s.col === c) || (s.row === e.row && s.col === e.col)) continue;
    // (A written digit may put a given in conflict: that is not a change of the given.)
    const unmarked = (l) => l.replace(', conflict', '');
    assert.equal(unmarked(now.find((n) => n.row === s.row && n.col === s.col).label), unmarked(s.label), `r${s.row}c${s.col} unchanged`);
  }
  await snap(page, 'zoom-800x480-pen');

  // A touch right after the pen (the palm) makes no mark, in the magnified view too.
  await draw(page, f.row, f.col, DIGITS[1], { pointerType: 'touch', pressure: 0 });
  await inkSettled(page); // (had the touch made ink, it would be read by now)
  assert.match(await label(page, f.row, f.col), /empty$/);

  // Notes by pen.
  await page.getByRole('button', { name: 'Notes' }).click();
  await draw(page, g.row, g.col, DIGITS[4]);
  await page.waitForFunction(([r, c]) => / notes 4$/.test(
    document.querySelector(`[role=gridcell][aria-rowindex="${r}"][aria-colindex="${c}"]`).getAttribute('aria-label')),
  [g.row, g.col], { timeout: 30000 });
  // Every cell the pen wrote in was 40 px or more.
  for (const w of [[r, c], [e.row, e.col], [g.row, g.col]]) {
    const box = await cell(page, ...w).locator('rect').boundingBox();
    assert.ok(box.width >= MIN && box.height >= MIN, `r${w[0]}c${w[1]}: ${box.width}`);
  }
  assert.deepEqual(b.errors, []);
});

test('1280x800 and 9x9 at 800x480: the whole board is big enough, and nothing changes', async () => {
  const big = await open(SIXTEEN, 1280, 800);
  assert.equal(await wholeBoard(big).count(), 0, 'no focus view at 1280x800');
  const cells = await cellBoxes(big);
  assert.ok(cells.every((c) => c.inside && c.width >= MIN), '16x16 cells of 40 px or more, all on show');
  await cell(big, 6, 6).click();
  await frames(big, 3); // the tap's changes rendered (a focus view would show at once)
  const after = await cellBoxes(big);
  assert.deepEqual(after.map((c) => [c.width, c.inside]), cells.map((c) => [c.width, c.inside]), 'a tap changes no cell\'s box');
  // The pen writes on the whole board there.
  await draw(big, 6, 7, DIGITS[7]);
  await recognized(big, 6, 7, 7);
  await snap(big, 'zoom-1280x800-unchanged');

  const nine = await open(NINE, 800, 480);
  assert.equal(await wholeBoard(nine).count(), 0, 'no focus view for 9x9 at 800x480');
  const before = await cellBoxes(nine);
  assert.ok(before.every((c) => c.inside && c.width >= MIN));
  await cell(nine, 1, 1).click();
  await frames(nine, 3);
  assert.deepEqual((await cellBoxes(nine)).map((c) => c.width), before.map((c) => c.width));
  assert.deepEqual(b.errors, []);
});
