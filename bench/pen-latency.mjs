// Pen lift → digit on the board, in headless Chromium (a benchmark, not a test). A whole game of
// a fixed Easy puzzle is written with a real pen (DevTools input of pointer type "pen", as in
// tests/e2e/pen-flow.test.mjs), every empty cell its solution digit from the recognizer's
// held-out fixture drawings (models/fixtures/strokes.json), at a player's pace. For each cell it
// measures, in the page, the time from the pen's last lift (performance.now() in a pointerup
// listener) to the cell showing its digit with no ink left to read (MutationObservers' timestamps
// of the cell's accessible name and of the pending ink leaving the board). Two ways to lift:
// "away", the pen leaves the screen's range after the lift (no hover moves) until the digit
// shows, so what is measured is what the app waits on its own; "on", the pen travels hovering to
// the next cell at once (150 ms), as a player writing on does. Each cell is written once the one
// before shows its digit. Misreads count (a digit showed), then are fixed on the correction chip;
// declined ink does not count. At CPU throttling 1x and 6x (Emulation.setCPUThrottlingRate: the
// page's main thread). Build first: scripts/build (serves dist/).
//
//   node bench/pen-latency.mjs [cells per game (default: all 49)] [rates: 1,6] [lifts: away,on]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, launch, cells, solution, openByLink, penSession, penDraw, penHover, cellBoxes } from '../tests/e2e/support.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = JSON.parse(fs.readFileSync(path.join(root, 'models/fixtures/strokes.json'), 'utf8'));
const drawingsOf = (digit) => fixtures.filter((f) => f.label === digit).map((f) => f.strokes.map((s) => s.map(([x, y]) => [x, y])));

// Easy 9x9 made by `inkdoku generate --seed 7` (49 empty cells), as in pen-game.test.mjs.
const PUZZLE = '.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.';
const limit = Number(process.argv[2] || 81);
const rates = (process.argv[3] || '1,6').split(',').map(Number);
const lifts = (process.argv[4] || 'away,on').split(',');
// A player's pace: a short look at the digit before moving on, then the pen travels to the next
// cell hovering.
const LOOK_MS = 150;
const TRAVEL_MS = 150;

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

/** Writes the game at CPU throttling `rate`; returns the latencies (ms) and what else happened. */
async function game(b, url, rate, lift) {
  const page = await openByLink(b, url, PUZZLE);
  const sol = await solution(page);
  const cdp = await penSession(page);
  // Timestamps in the page: the pen's last lift, each cell's last change of accessible name,
  // and the last time pending ink left the board.
  await page.evaluate(() => {
    window.__lift = 0;
    window.__changed = {};
    window.__inkGone = 0;
    let pending = false;
    addEventListener('pointerup', (e) => { if (e.pointerType === 'pen') window.__lift = performance.now(); }, true);
    new MutationObserver((records) => {
      const now = performance.now();
      for (const r of records) {
        if (r.type !== 'attributes' || r.target.getAttribute('role') !== 'gridcell') continue;
        window.__changed[`${r.target.getAttribute('aria-rowindex')},${r.target.getAttribute('aria-colindex')}`] = now;
      }
      const pendingNow = document.querySelector('.ink.pending') !== null;
      if (pending && !pendingNow) window.__inkGone = now;
      pending = pendingNow;
    }).observe(document.querySelector('.board-square'), { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
  });
  // Load the recognizer first (its start is measured in bench/app.mjs, not here).
  await page.waitForTimeout(3500);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const boxes = await cellBoxes(page);
  const empty = (await cells(page)).filter((c) => c.label.endsWith('empty')).slice(0, limit);
  const chip = page.getByRole('group', { name: 'Correction' });
  const used = {};
  const latencies = [];
  const byDigit = {};
  // Drawings of two or more strokes: a stroke followed by another, timed from the last lift
  // (the first stroke may show a digit at once, and the next grows it in place).
  const multi = [];
  let misread = 0;
  let declined = 0;
  for (const [i, c] of empty.entries()) {
    const digit = Number(sol[(c.row - 1) * 9 + c.col - 1]);
    const drawings = drawingsOf(digit);
    used[digit] = (used[digit] ?? -1) + 1;
    const box = boxes[`${c.row},${c.col}`];
    const drawing = drawings[used[digit] % drawings.length];
    await penDraw(page, cdp, c.row, c.col, drawing, { box, hoverMs: lift === 'on' ? 40 : TRAVEL_MS });
    // "on": the pen travels to the next cell at once, hovering (while the wait below runs).
    const next = boxes[`${empty[i + 1]?.row},${empty[i + 1]?.col}`];
    const travel = lift === 'on' && next ? penHover(cdp, [next.x + next.width / 2, next.y + next.height / 2], TRAVEL_MS) : null;
    // The pen is out of range now: wait until the cell shows a digit and no ink waits to be
    // read (a digit placed from a first stroke is final only once the second is read too), or
    // the recognizer declined the ink. The time: the later of the cell's last change and the
    // ink's going, after the lift.
    const handle = await page.waitForFunction(([r, col]) => {
      const label = document.querySelector(`[role=gridcell][aria-rowindex="${r}"][aria-colindex="${col}"]`).getAttribute('aria-label');
      if (/^Row \d+, column \d+, [1-9](,|$)/.test(label) && !document.querySelector('.ink.pending')) {
        return { ms: Math.max(window.__changed[`${r},${col}`] ?? 0, window.__inkGone) - window.__lift, lift: window.__lift, changed: window.__changed[`${r},${col}`], gone: window.__inkGone };
      }
      return document.querySelector('.ink.pending.declined') ? { declined: true } : null;
    }, [c.row, c.col], { timeout: 30000, polling: 10 }).catch(async (e) => {
      await page.screenshot({ path: path.join(root, 'target', `pen-latency-stuck-r${c.row}c${c.col}.png`) });
      throw new Error(`r${c.row}c${c.col} (${digit}) never read: ${await page.locator(`[role=gridcell][aria-rowindex="${c.row}"][aria-colindex="${c.col}"]`).getAttribute('aria-label')}; ${e.message}`);
    });
    const seen = await handle.jsonValue();
    await travel;
    // (A digit shown before the lift, and ink gone before it, is there at the lift: 0 ms.)
    const ms = seen.declined ? -1 : Math.max(0, seen.ms);
    if (process.env.VERBOSE) console.log(`r${c.row}c${c.col} ${digit}: ${ms.toFixed(1)} ms`, JSON.stringify(seen));
    if (ms < 0) {
      declined += 1;
    } else {
      latencies.push(ms);
      (byDigit[digit] ??= []).push(ms);
      if (drawing.length > 1) multi.push(ms);
    }
    const label = await page.locator(`[role=gridcell][aria-rowindex="${c.row}"][aria-colindex="${c.col}"]`).getAttribute('aria-label');
    if (ms >= 0 && !new RegExp(`, ${digit}(,|$)`).test(label)) misread += 1;
    if (!new RegExp(`, ${digit}(,|$)`).test(label)) {
      // Fixed on the chip, as a player would (a click: the pen's travel below starts afresh).
      const right = chip.getByRole('button', { name: `Change to ${digit}` });
      if (await right.count() === 0) await chip.getByRole('button', { name: 'Other digits' }).click();
      await right.click();
    }
    if (lift === 'away') {
      await page.waitForTimeout(LOOK_MS);
      // The pen comes back into range over the cell it wrote (then travels on, in penDraw).
      await penHover(cdp, [box.x + box.width / 2, box.y + box.height / 2], 0);
    }
  }
  const won = await page.getByRole('dialog', { name: 'Congratulations!' }).count() > 0;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.context().close();
  return { latencies, byDigit, multi, misread, declined, won, cells: empty.length };
}

const server = await serve();
const b = await launch();
const rows = [];
try {
  for (const rate of rates) for (const lift of lifts) {
    const r = await game(b, server.url, rate, lift);
    const l = r.latencies;
    const row = {
      rate, lift, count: l.length, median: quantile(l, 0.5), p90: quantile(l, 0.9), max: Math.max(...l),
      misread: r.misread, declined: r.declined, won: r.won, cells: r.cells,
      ones: r.byDigit[1] ? quantile(r.byDigit[1], 0.5) : null,
      multi: r.multi.length ? quantile(r.multi, 0.5) : null, multiCount: r.multi.length,
    };
    rows.push(row);
    console.log(`CPU ${rate}x, pen ${lift === 'on' ? 'moving on' : 'lifted away'}: pen lift → digit median ${row.median.toFixed(1)} ms, p90 ${row.p90.toFixed(1)} ms, `
      + `max ${row.max.toFixed(1)} ms, over ${row.count} of ${row.cells} cells (misread ${row.misread}, declined ${row.declined}; `
      + `the 1s alone: median ${row.ones?.toFixed(1) ?? '-'} ms; `
      + `drawings of 2+ strokes: median ${row.multi?.toFixed(1) ?? '-'} ms over ${row.multiCount})${r.won ? ', game won' : ''}`);
  }
} finally {
  await b.close();
  await server.close();
}
const f = (v) => `${Math.round(v)} ms`;
console.log('\n| pen lift → digit shown (a whole game) | median | p90 | max | the 1s: median | 2+ strokes: median | cells |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| CPU ${r.rate}x, pen ${r.lift === 'on' ? 'moving on' : 'lifted away'} | ${f(r.median)} | ${f(r.p90)} | ${f(r.max)} | ${r.ones === null ? '-' : f(r.ones)} | ${r.multi === null ? '-' : `${f(r.multi)} (${r.multiCount})`} | ${r.count} |`);
}
console.log(`\nSummary: pen lift → digit, median/p90/max: ${rows.map((r) => `${r.rate}x ${r.lift} ${f(r.median)}/${f(r.p90)}/${f(r.max)} (n=${r.count})`).join('; ')}`);
