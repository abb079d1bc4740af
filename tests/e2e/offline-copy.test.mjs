// The offline copy in two parts (issue 33, static/sw.js): a first visit's service worker
// precaches the app and the one engine worker build the browser runs, and the pen's files (the
// ink worker and its networks) only once the page says a puzzle is on screen; an update caches
// everything at once. Then, in Chromium: after one visit the copy is whole, the unused engine
// build was never downloaded, and offline the app plays, hints and reads the pen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import vm from 'node:vm';
import { serveFile, launch, dist, waitForPuzzle, DIGITS, draw, emptyCells, recognized, penCached, PEN_FILES as PEN, holdMadePuzzles, puzzleHeld, releaseMadePuzzles } from './support.mjs';

const PLAIN = ['./worker_loader.js', './worker.js', './worker_bg.wasm'];
const RELAXED = ['./worker_relaxed_loader.js', './worker_relaxed_bg.wasm'];

/** The built sw.js run in a sandbox with a fake Cache Storage; `relaxed` is what its
 *  WebAssembly relaxed-SIMD probe finds. Returns its event dispatcher and the caches. */
function serviceWorker({ relaxed, oldCache = false }) {
  const listeners = {};
  const caches = new Map();
  const fetched = [];
  const open = (name) => {
    if (!caches.has(name)) {
      const files = new Set();
      caches.set(name, {
        files,
        match: async (f) => (files.has(f) ? {} : undefined),
        addAll: async (list) => list.forEach((r) => {
          const f = typeof r === 'string' ? r : r.url;
          // Only names with Trunk's content hash may come from the HTTP cache (no stale file).
          // The hash is a number in hex: 16 digits, fewer when it begins with zeros (as sw.js).
          if (typeof r !== 'string') assert.ok(r.cache === 'force-cache' && /-[0-9a-f]{8,16}[._]/.test(f), f);
          fetched.push(r);
          files.add(f);
        }),
      });
    }
    return caches.get(name);
  };
  if (oldCache) open('inkdoku-0000000000000000').files.add('./index.html');
  const self = {
    addEventListener: (type, f) => { listeners[type] = f; },
    skipWaiting() {},
    clients: { claim: async () => {} },
    location: { origin: 'http://x' },
  };
  vm.runInNewContext(fs.readFileSync(path.join(dist, 'sw.js'), 'utf8'), {
    self,
    caches: { open: async (n) => open(n), keys: async () => [...caches.keys()], delete: async (n) => caches.delete(n) },
    WebAssembly: { validate: () => relaxed },
    Request: class { constructor(url, init) { this.url = url; this.cache = init?.cache; } },
  });
  const dispatch = async (type, data) => {
    let done = Promise.resolve();
    listeners[type]({ data, waitUntil: (p) => { done = p; } });
    await done;
  };
  const current = () => [...caches.entries()].find(([k]) => k !== 'inkdoku-0000000000000000')[1].files;
  return { dispatch, current, fetched };
}

const files = (() => {
  const src = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
  return JSON.parse(src.match(/const FILES = (\[.*\]);/)[1]);
})();

test('a first install precaches all but the pen and the unused engine build; the page\'s message adds the pen', async () => {
  for (const relaxed of [true, false]) {
    const [used, unused] = relaxed ? [RELAXED, PLAIN] : [PLAIN, RELAXED];
    const sw = serviceWorker({ relaxed });
    await sw.dispatch('install');
    const first = [...sw.current()].sort();
    assert.deepEqual(first, files.filter((f) => !PEN.includes(f) && !unused.includes(f)).sort(), `relaxed SIMD: ${relaxed}`);
    for (const f of used) assert.ok(first.includes(f), `${f} is precached`);
    const fromHttpCache = sw.fetched.filter((r) => typeof r !== 'string').map((r) => r.url);
    assert.ok(fromHttpCache.some((f) => f.endsWith('_bg.wasm')), 'the app\'s wasm is not downloaded twice');
    await sw.dispatch('message', 'complete-offline-copy');
    assert.deepEqual([...sw.current()].sort(), files.filter((f) => !unused.includes(f)).sort(), 'the whole copy');
    // Asked again (every start asks), it fetches nothing: the copy is whole.
    const before = sw.fetched.length;
    await sw.dispatch('message', 'complete-offline-copy');
    assert.equal(sw.fetched.length, before);
  }
});

test('an update precaches the pen at once (nothing waits for its bytes)', async () => {
  const sw = serviceWorker({ relaxed: true, oldCache: true });
  await sw.dispatch('install');
  assert.deepEqual([...sw.current()].sort(), files.filter((f) => !PLAIN.includes(f)).sort());
});

let server, b;
const served = [];
/** Paths whose next answer waits this many ms (a slow line for one file). */
const slow = new Map();
before(async () => {
  // dist/ as support.mjs serves it, with a log of the files sent.
  const s = http.createServer((req, res) => {
    const wait = slow.get(new URL(req.url, 'http://x').pathname) ?? 0;
    slow.delete(new URL(req.url, 'http://x').pathname);
    setTimeout(() => serveFile(dist, req, res, (p) => served.push(p)), wait);
  });
  await new Promise((resolve) => s.listen(0, '127.0.0.1', resolve));
  server = { url: `http://127.0.0.1:${s.address().port}/`, close: () => new Promise((r) => s.close(r)) };
  b = await launch();
});
after(async () => { await b?.close(); await server?.close(); });

test('after one visit the copy is whole without the unused engine build; offline, the app plays and reads the pen', async () => {
  const page = await b.page();
  await page.goto(server.url);
  await waitForPuzzle(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
  // The page asked for the pen's files once the puzzle showed: wait until they are in.
  const cached = async () => page.evaluate(async () => {
    const name = (await caches.keys()).find((k) => k.startsWith('inkdoku-'));
    if (!name) return [];
    return (await (await caches.open(name)).keys()).map((r) => '.' + new URL(r.url).pathname);
  });
  await penCached(page);
  // Chromium has relaxed SIMD: the app runs that build, and the plain one is neither
  // downloaded nor cached.
  const relaxed = await page.evaluate(() => WebAssembly.validate(new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b,
    0x03, 0x02, 0x01, 0x00, 0x0a, 0x0f, 0x01, 0x0d, 0x00,
    0x41, 0x00, 0xfd, 0x0f, 0x41, 0x00, 0xfd, 0x0f, 0xfd, 0x80, 0x02, 0x0b])));
  assert.equal(relaxed, true, 'this Chromium has relaxed SIMD');
  const copy = new Set(await cached());
  for (const f of files.filter((f) => f !== './')) assert.equal(copy.has(f), !PLAIN.includes(f), `${f} in the offline copy`);
  for (const f of PLAIN) assert.ok(!served.includes(f.slice(1)), `${f} was downloaded`);

  await page.context().setOffline(true);
  await page.reload();
  await waitForPuzzle(page);
  // The engine worker (a hint) and the ink worker (a digit read) answer from the copy.
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await page.getByRole('region', { name: 'Hint' }).waitFor();
  const [free] = await emptyCells(page, 1);
  await draw(page, free.row, free.col, DIGITS[4]);
  await recognized(page, free.row, free.col, 4);
  // Another language's words (a file beside the page: the app has English built in) come
  // from the copy too: Korean, which this page had not read.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('combobox').last().selectOption('ko');
  await page.getByRole('dialog').getByRole('button', { name: '닫기' }).waitFor({ timeout: 5000 });
  assert.equal(await page.getByRole('status').textContent(), '언어: 한국어');
  await page.context().setOffline(false);
});

test('a first visit downloads what its puzzle needs, and the offline copy only once the puzzle is on screen', async () => {
  // Registered earlier, the service worker's install shared the line the first puzzle was
  // waiting for (the page, the icons, the manifest, a revalidation of each file the page had).
  // The book of premade first puzzles is refused to the page, so that the engine worker makes
  // the first puzzle (as when the book cannot be read) and it can be held back; with the book
  // the worker comes after the puzzle (first-puzzle.test.mjs).
  const page = await b.page();
  await page.route('**/first-puzzles.txt', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await holdMadePuzzles(page);
  const from = served.length;
  await page.goto(server.url);
  await puzzleHeld(page);
  assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0,
    'no service worker while the first puzzle is being made');
  const beforePuzzle = served.slice(from);
  assert.ok(beforePuzzle.some((f) => /^\/worker.*_bg\.wasm$/.test(f)), 'the engine worker came');
  for (const f of ['/sw.js', ...PEN.map((f) => f.slice(1))]) assert.ok(!beforePuzzle.includes(f), `${f} waits for the puzzle`);
  await releaseMadePuzzles(page);
  await waitForPuzzle(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
  await penCached(page);
});

test('a first visit downloads the engine worker once: the service worker\'s copy comes from the HTTP cache', async () => {
  // The premade first puzzle shows, then the engine worker loads (its wasm takes 1.5 s here),
  // and the service worker, registered meanwhile, installs: its copy of the wasm must come
  // from the browser's HTTP cache (Chromium revalidates it, a 304, even while the page's own
  // download is under way), never a second download (a cache mode that skips the HTTP cache,
  // or a file name that differs, would send it twice).
  const page = await b.page();
  slow.set('/worker_relaxed_bg.wasm', 1500);
  const from = served.length;
  await page.goto(server.url);
  await waitForPuzzle(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
  await penCached(page);
  const engine = served.slice(from).filter((f) => f === '/worker_relaxed_bg.wasm');
  assert.equal(engine.length, 1, 'the engine worker\'s wasm was sent once (the service worker\'s copy revalidated it)');
  await page.context().close();
});
