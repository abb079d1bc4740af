// The pen's trajectory in the browser (issue 30): the ink worker loads the stroke network
// (models/strokes.cnn) beside the picture's, and real writers' digits that the picture alone
// misreads are read right because the order and direction of the pen are read too.
//
// The drawings (tests/e2e/data/real-writers.json) are digits of the UCI pen-based digits
// validation fifth (models/data/pendigits-train.csv, CC BY 4.0, E. Alpaydin and F. Alimoglu;
// `row_in_file` counts its data lines from 1), drawn as models/pendigits.py draws them ("measure"
// or "harsh"), never trained on by either network. Each is one the picture's network alone reads
// as `picture_alone_reads` and the two networks together read right: the second test takes the
// stroke network away and sees the misreadings come back, so the first cannot pass by chance.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { serve, launch, openByLink, draw, digitIn, snap } from './support.mjs';

const CASES = JSON.parse(fs.readFileSync(new URL('./data/real-writers.json', import.meta.url), 'utf8'));
// The fixed Easy puzzle of the pen tests; its empty cells take the drawings in turn.
const PUZZLE = '.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.';
const EMPTY = [...PUZZLE].flatMap((ch, i) => (ch === '.' ? [[Math.floor(i / 9) + 1, (i % 9) + 1]] : []));

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

/** The ink worker's own answer to "ready", from a worker of the built app's loader. */
async function workerReady(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const w = new Worker('./ink_loader.js');
    w.onmessage = (e) => { resolve(JSON.parse(e.data)); w.terminate(); };
  }));
}

/** Writes every case into its own empty cell and returns what each cell then shows. */
async function writeAll(page) {
  const cells = EMPTY.slice(0, CASES.length);
  for (const [i, { strokes }] of CASES.entries()) {
    await draw(page, cells[i][0], cells[i][1], strokes, { step: 0.02 });
  }
  // Every drawing is placed once no ink is left to read (the last may wait for a second stroke).
  await page.waitForFunction(() => document.querySelectorAll('.ink.pending:not(.declined), .ink.live').length === 0, null, { timeout: 15000 });
  const shown = [];
  for (const [r, c] of cells) shown.push(await digitIn(page, r, c));
  return shown;
}

test("real writers' digits the picture alone misreads are read right with the pen's trajectory", async () => {
  const page = await openByLink(b, server.url, PUZZLE);
  const ready = await workerReady(page);
  assert.equal(ready.kind, 'ready');
  assert.equal(ready.reads_strokes, true, 'the ink worker reads strokes.cnn');
  const shown = await writeAll(page);
  await snap(page, 'strokes-real-writers');
  assert.deepEqual(shown, CASES.map((c) => String(c.digit)), 'each drawing reads as the digit its writer wrote');
});

test('without the stroke network the same drawings are misread (the picture alone)', async () => {
  const init = (page) => page.route('**/strokes.cnn', (route) => route.fulfill({ status: 404, body: 'gone' }));
  // The service worker would answer from its cache, past the route.
  const page = await openByLink(b, server.url, PUZZLE, { init, serviceWorkers: 'block' });
  const ready = await workerReady(page);
  assert.equal(ready.kind, 'ready', 'the pen still works: the picture reads alone');
  assert.equal(ready.reads_strokes, false);
  const shown = await writeAll(page);
  const right = shown.filter((d, i) => d === String(CASES[i].digit)).length;
  assert.ok(right <= 2, `without the trajectory ${right} of ${CASES.length} read right: ${shown}`);
});
