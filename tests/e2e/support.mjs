// Shared set-up for the end-to-end tests: a static server for the built app (dist/) and
// Debian's Chromium driven by playwright-core. Nothing here downloads anything.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const dist = process.env.INKDOKU_DIST || path.join(root, 'dist');
export const screenshots = path.join(root, 'target', 'screenshots');
// The relay for solving together, built by the relay's native tests (scripts/test) or by
// `cargo build -p inkdoku-relay`.
export const RELAY = process.env.INKDOKU_RELAY || path.join(root, 'target', 'debug', 'inkdoku-relay');

/** Starts the relay binary (which serves the built app too, as `scripts/run` does) on `port`
 *  (0: any free one); resolves to { child, port, url } once it says where it listens. */
export function startRelay(port = 0) {
  const child = spawn(RELAY, ['--port', String(port), '--dist', dist], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(String(d));
      if (m) resolve({ child, port: Number(m[1]), url: `http://127.0.0.1:${m[1]}/` });
    });
    child.on('exit', (code) => reject(new Error(`the relay exited (${code})`)));
  });
}

/** Content types by extension, for `serveFile`. */
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.onnx': 'application/octet-stream',
  '.cnn': 'application/octet-stream',
  '.txt': 'text/plain; charset=utf-8',
};

/** Answers one request with the file of `dir` it names (a folder: its index.html), to be
 *  revalidated on every use (no-cache) and, as the relay does, with a validator: a request for
 *  a file the browser has unchanged is answered 304, its body not sent again. `onServed(pathname)`
 *  is told of each file whose body is sent. Shared with tests/browsers' server. */
export function serveFile(dir, req, res, onServed = () => {}) {
  const url = new URL(req.url, 'http://localhost');
  let file = path.normalize(path.join(dir, decodeURIComponent(url.pathname)));
  if (!file.startsWith(dir)) { res.writeHead(403).end(); return; }
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  const etag = stat && `"${stat.size}-${stat.mtimeMs}"`;
  // A file the browser has unchanged is not read, nor sent.
  if (etag && req.headers['if-none-match'] === etag) { res.writeHead(304, { etag, 'cache-control': 'no-cache' }).end(); return; }
  fs.readFile(file, (err, body) => {
    if (err) { res.writeHead(404).end('not found'); return; }
    onServed(url.pathname);
    res.writeHead(200, {
      'content-type': types[path.extname(file)] || 'application/octet-stream',
      'cache-control': 'no-cache',
      etag,
    });
    res.end(body);
  });
}

/** Serves dist/ on 127.0.0.1 at a free port. Returns { url, close }. */
export async function serve(dir = dist) {
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`${dir}/index.html is missing: build the app first (scripts/build)`);
  }
  const server = http.createServer((req, res) => serveFile(dir, req, res));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
}

const chromeArgs = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Makes a page's randomness repeatable: `crypto.getRandomValues` and `Math.random` draw from a
 *  seeded xorshift generator, so the puzzle the app makes on a first visit (and every "New game")
 *  is the same on every run. Runs before the app's own scripts; workers keep the real source,
 *  but they take their seeds from the page. */
function seededRandomness(seed) {
  let x = (seed * 2654435761) >>> 0 || 1;
  const next = () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x;
  };
  Crypto.prototype.getRandomValues = function (array) {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 0xff;
    return array;
  };
  Math.random = () => next() / 4294967296;
}

/** Launches headless Chromium with the flags this machine needs (Playwright gives every
 *  launch a fresh temporary profile). `page()` opens a page in a new, isolated context (its own
 *  storage), collecting uncaught page errors in `errors`. Every page's randomness is seeded
 *  (`seededRandomness`): the n-th page of a launch gets seed n unless `seed` is given, so a test
 *  file opens the same puzzles on every run, and two pages never share a tab identity. `args`:
 *  more of Chromium's flags (a host resolver rule, for a page that is not secure). */
export async function launch({ args = [] } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [...chromeArgs, ...args],
  });
  const errors = [];
  let pages = 0;
  return {
    browser,
    errors,
    async page({ seed, ...options } = {}) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
      return this.pageIn(context, seed);
    },
    /** Another page (tab) in an existing context, seeded like `page()`. */
    async pageIn(context, seed) {
      const page = await context.newPage();
      await page.addInitScript(seededRandomness, seed ?? ++pages);
      page.on('pageerror', (e) => errors.push(String(e)));
      return page;
    },
    /** A page in a persistent profile (a fresh directory): Chromium treats the others like
     *  incognito windows, where apps can't be installed. */
    async persistentPage(options = {}) {
      const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'inkdoku-profile-'));
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
        headless: true,
        args: chromeArgs,
        viewport: { width: 1280, height: 800 },
        ...options,
      });
      await context.addInitScript(seededRandomness, ++pages);
      const page = context.pages()[0] || await context.newPage();
      page.on('pageerror', (e) => errors.push(String(e)));
      return { page, close: async () => { await context.close(); fs.rmSync(profile, { recursive: true, force: true }); } };
    },
    close: () => browser.close(),
  };
}

/** Saves a screenshot under target/screenshots/ for a person to look at. */
export async function snap(page, name) {
  fs.mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `${name}.png`) });
}

/** The page resized to `width` x `height` (a tablet turned, a window dragged), once the app sees it. */
export async function resize(page, width, height) {
  await page.setViewportSize({ width, height });
  await page.waitForFunction(([w, h]) => window.innerWidth === w && window.innerHeight === h, [width, height]);
}

/** Screenshots of the page in each of `sizes` ([width, height]; `%s` in the name becomes
 *  "WxH"), the page left in the last size. A walk to the step looked at is the same at every
 *  size, so a test walks once and looks at the step in every screen. */
export async function snapSizes(page, name, sizes) {
  for (const [width, height] of sizes) {
    await resize(page, width, height);
    await snap(page, name.replace('%s', `${width}x${height}`));
  }
}

/** Opens the app and waits until a puzzle is on the board. */
export async function openApp(b, url, options = {}) {
  const page = await b.page(options);
  await page.goto(url);
  await waitForPuzzle(page);
  return page;
}

/** Waits until the board shows givens (a puzzle was made or restored). */
export async function waitForPuzzle(page, timeout = 30000) {
  await page.waitForFunction(
    () => document.querySelectorAll('[role=gridcell].given').length > 0,
    null, { timeout });
}

/** Every cell as { row, col, label } (1-based). */
export async function cells(page) {
  return page.getByRole('gridcell').evaluateAll((els) => els.map((e) => ({
    row: Number(e.getAttribute('aria-rowindex')),
    col: Number(e.getAttribute('aria-colindex')),
    label: e.getAttribute('aria-label'),
  })));
}

/** The cell at row, col (1-based) as a locator. */
export function cell(page, row, col) {
  return page.locator(`[role=gridcell][aria-rowindex="${row}"][aria-colindex="${col}"]`);
}

/** A cell's background and paint: drawn apart from the cell (under a variant's constraints,
 * which lie under the cell's digits and marks), one hidden group per cell in reading order. */
export function cellBack(page, row, col, side = 9) {
  return page.getByRole('grid').locator('g.cell[aria-hidden="true"]').nth((row - 1) * side + (col - 1));
}

/** The saved game record (waits for the debounced autosave). */
export async function saved(page) {
  await page.waitForFunction(() => localStorage.getItem('inkdoku.game.v1') !== null, null, { timeout: 10000 });
  return page.evaluate(() => JSON.parse(localStorage.getItem('inkdoku.game.v1')));
}

/** Waits until the stored game record satisfies `ok(record)` and returns it: the wait for the
 *  debounced autosave (400 ms after the last change) ends when storage shows what the test did,
 *  not after a guessed time. Polls from here (a predicate can't be sent into the page: its CSP
 *  refuses eval). */
export async function savedWhen(page, ok, { timeout = 10000, what = 'the awaited game record' } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const text = await page.evaluate(() => localStorage.getItem('inkdoku.game.v1'));
    const record = text === null ? null : JSON.parse(text);
    if (record !== null && ok(record)) return record;
    if (Date.now() > end) throw new Error(`${what} was not stored within ${timeout} ms; stored: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 25)); // the polling interval, not a wait for time to pass
  }
}

/** Has the app save the game on show at once, as when the page is left (its `pagehide`
 *  handler: effects.rs): afterwards storage holds what this tab would store, with no wait for
 *  the debounced autosave. For checks that a stored game did *not* change, and for a fenced
 *  tab's attempt to write. */
export async function saveNow(page) {
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
}

/** Resolves after `n` animation frames of the page: what an input changed is rendered (a
 *  barrier, not a wait for time; in a background page frames do not run). */
export async function frames(page, n = 2) {
  await page.evaluate((n) => new Promise((resolve) => {
    const step = (k) => (k === 0 ? resolve() : requestAnimationFrame(() => step(k - 1)));
    step(n);
  }), n);
}

const clocked = new WeakSet();

/** Moves the page's clock `ms` ahead at once, firing what falls due (Playwright's clock,
 *  installed on first use; it runs in step with real time otherwise): for a wait on one of the
 *  app's own windows or timers (Date.now, setTimeout: the palm window after a pen, the time a
 *  stroke may still join a digit, the grow timer), which then passes without a real wait. */
export async function skipTime(page, ms) {
  if (!clocked.has(page)) {
    await page.clock.install();
    clocked.add(page);
  }
  await page.clock.fastForward(ms);
}

/** Waits until no ink is waiting to be read or placed (a declined drawing, which waits for the
 *  player, excepted): what the pen wrote has come to its end. */
export async function inkSettled(page, timeout = 30000) {
  await page.waitForFunction(() => !document.querySelector('.ink.pending:not(.declined), .ink.live'), null, { timeout, polling: 20 });
}

/** The current puzzle's solution as a string of digits (from the saved game). */
export async function solution(page) {
  const rec = await saved(page);
  return rec.game.solution;
}

// ---------------------------------------------------------------- pen input

// Digits as a person writes them: strokes of [x, y] in 0..1 of the cell.
export const DIGITS = {
  1: [[[0.42, 0.28], [0.55, 0.14], [0.55, 0.86]]],
  4: [[[0.56, 0.13], [0.2, 0.6], [0.82, 0.6]], [[0.63, 0.3], [0.63, 0.88]]],
  7: [[[0.25, 0.16], [0.76, 0.15], [0.45, 0.88]], [[0.36, 0.5], [0.66, 0.5]]],
  2: [[[0.24, 0.3], [0.36, 0.16], [0.55, 0.13], [0.72, 0.24], [0.7, 0.42], [0.45, 0.66], [0.22, 0.86], [0.5, 0.85], [0.8, 0.86]]],
};

/** Points every `step` along a polyline, like a pen sampled at 60-120 Hz. */
export function densify(stroke, step = 0.03) {
  const out = [];
  for (let i = 0; i < stroke.length - 1; i++) {
    const [a, b] = [stroke[i], stroke[i + 1]];
    const n = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / step));
    for (let k = 0; k < n; k++) out.push([a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n]);
  }
  out.push(stroke[stroke.length - 1]);
  return out;
}

/** Draws strokes (cell-relative) over cell r,c with synthetic PointerEvents; `box` is where the
 *  cell was aimed at (else it is looked up now). */
export async function draw(page, r, c, strokes, { pointerType = 'pen', pressure = 0.6, buttons = 1, button = 0, step = 0.03, pauseMs = 40, box } = {}) {
  box ??= await cell(page, r, c).locator('rect').boundingBox();
  for (const stroke of strokes) {
    const pts = densify(stroke, step).map(([x, y]) => [box.x + x * box.width, box.y + y * box.height]);
    await page.evaluate(({ pts, pointerType, pressure, buttons, button }) => {
      const target = document.querySelector('.board-square');
      const fire = (type, [x, y], extra = {}) => target.dispatchEvent(new PointerEvent(type, {
        bubbles: true, cancelable: true, pointerId: 7, pointerType, isPrimary: true,
        clientX: x, clientY: y, pressure, button, buttons, ...extra,
      }));
      fire('pointerdown', pts[0]);
      for (const p of pts.slice(1)) fire('pointermove', p, { button: -1 });
      fire('pointerup', pts[pts.length - 1], { buttons: 0, pressure: 0 });
    }, { pts, pointerType, pressure, buttons, button });
    // The pen's rhythm, kept on purpose: a person's pause after each stroke, which the writing
    // flow reads (the strokes of one digit come close together; ink/writing.rs).
    await page.waitForTimeout(pauseMs);
  }
}

export async function emptyCells(page, n) {
  return (await cells(page)).filter((c) => c.label.endsWith('empty')).slice(0, n);
}

export async function recognized(page, r, c, digit) {
  await page.waitForFunction(([r, c, d]) => new RegExp(`, ${d}(,|$)`).test(
    document.querySelector(`[role=gridcell][aria-rowindex="${r}"][aria-colindex="${c}"]`).getAttribute('aria-label')),
  [r, c, digit], { timeout: 30000 });
}

/** Types a 9x9 (or 6x6) grid from the keyboard, as a player with no mouse: the grid takes the focus,
 *  the first arrow selects a cell, the arrows walk to r1c1 and then row by row, and each cell
 *  whose character in `digits` (81 or 36, in reading order) is not '.' gets that key. */
export async function typeGrid(page, digits) {
  await page.locator('[role=grid]').focus();
  await page.keyboard.press('ArrowRight'); // selects a cell (the first arrow selects the centre)
  const selected = () => page.evaluate(() => {
    const c = document.querySelector('[role=gridcell][aria-selected=true]');
    return [Number(c.getAttribute('aria-rowindex')), Number(c.getAttribute('aria-colindex'))];
  });
  let [r, c] = await selected();
  for (; r > 1; r--) await page.keyboard.press('ArrowUp');
  for (; c > 1; c--) await page.keyboard.press('ArrowLeft');
  const [r1, c1] = await selected();
  if (r1 !== 1 || c1 !== 1) throw new Error(`the walk to r1c1 ended at r${r1}c${c1}`);
  const side = Math.sqrt(digits.length); // 9, or 6 for a 6x6 grid
  for (let row = 1; row <= side; row++) {
    for (let col = 1; col <= side; col++) {
      const d = digits[(row - 1) * side + col - 1];
      if (d !== '.') await page.keyboard.press(d);
      if (col < side) await page.keyboard.press('ArrowRight');
    }
    for (let col = side; col > 1; col--) await page.keyboard.press('ArrowLeft');
    if (row < side) await page.keyboard.press('ArrowDown');
  }
}

/** Writes `digit` into the empty cell r,c with the pen (`strokes`: a drawing, cell-relative),
 *  waits until it is read (a digit in the cell, or the declined ink's chip, and no ink still
 *  being read: a second stroke may still replace what the first one placed), and fixes a
 *  misread or declined drawing on the correction chip, as a player would. Returns whether the
 *  chip was needed. */
export async function penWrite(page, r, c, digit, strokes) {
  await draw(page, r, c, strokes, { step: 1 });
  await page.waitForFunction(([r, col]) => {
    if (document.querySelector('.ink.pending:not(.declined)')) return false;
    const label = document.querySelector(`[role=gridcell][aria-rowindex="${r}"][aria-colindex="${col}"]`).getAttribute('aria-label');
    return !label.endsWith('empty') || document.querySelector('[role=group][aria-label="Correction"] button');
  }, [r, c], { timeout: 30000 });
  const shows = new RegExp(`, ${digit}(,|$)`);
  if (shows.test(await cell(page, r, c).getAttribute('aria-label'))) return false;
  const chip = page.getByRole('group', { name: 'Correction' });
  const right = chip.getByRole('button', { name: `Change to ${digit}` });
  if (await right.count() === 0) await chip.getByRole('button', { name: 'Other digits' }).click();
  await right.click();
  const label = await cell(page, r, c).getAttribute('aria-label');
  if (!shows.test(label)) throw new Error(`r${r}c${c} shows ${label} after the chip's ${digit}`);
  return true;
}

/** Opens a puzzle by link (`#` + puzzle text) in a new page of `b`, as a new player, and waits
 *  until it is on and announced. `init(page)`, if given, runs before the page loads. */
export async function openByLink(b, url, puzzle, { init, ...options } = {}) {
  const page = await b.page(options);
  await init?.(page);
  await page.goto(url + '#' + puzzle);
  await waitForPuzzle(page);
  await page.waitForFunction(() => /Opened/.test((document.querySelector('[role=status]')?.textContent ?? '')));
  return page;
}

/** Opens a puzzle by link as a new player, with "Show candidates" on (what the help tests read). */
export async function openWithCandidates(b, url, puzzle, options = {}) {
  const page = await openByLink(b, url, puzzle, options);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('checkbox', { name: 'Show candidates' }).check();
  await page.getByRole('button', { name: 'Close' }).click();
  return page;
}

/** Reloads a page in the middle of a game and continues it (the "Welcome back" dialog). */
export async function reloadAndContinue(page) {
  // No wait for the debounced autosave: leaving the page (the reload's pagehide) saves at once,
  // as it does for a player who reloads in the middle of a game.
  await page.reload();
  await page.getByRole('dialog', { name: 'Welcome back' }).getByRole('button', { name: 'Continue' }).click();
}

/** Shares the game with progress (the page needs clipboard permissions) and opens the link in a
 *  fresh page of `b`; returns that page once the puzzle is on. */
export async function openSharedWithProgress(b, page) {
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Include my progress and notes' }).check();
  await page.getByRole('button', { name: 'Share link' }).click();
  await page.waitForFunction(() => /Link copied|Shared/.test((document.querySelector('[role=status]')?.textContent ?? '')));
  const url = await page.evaluate(() => navigator.clipboard.readText());
  const fresh = await b.page();
  await fresh.goto(url);
  await waitForPuzzle(fresh);
  await fresh.waitForFunction(() => /Opened a 9x9 puzzle/.test((document.querySelector('[role=status]')?.textContent ?? '')));
  return fresh;
}

// ---------------------------------------------------------------- a real pen (DevTools input)

/** A DevTools Protocol session for `page`, through which `penDraw` writes: its events are the
 *  browser's own (trusted, hit-tested where they land, captured like a real pen's), unlike
 *  `draw`'s, which are dispatched straight onto the board square and so can't see an element
 *  (such as the correction chip) covering a cell. */
export async function penSession(page) {
  return page.context().newCDPSession(page);
}

/** Every cell's box on screen (CSS px) as { 'r,c': { x, y, width, height } }, 1-based. */
export async function cellBoxes(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('[role=gridcell]')].map((g) => {
    const r = g.querySelector('rect').getBoundingClientRect();
    return [`${g.getAttribute('aria-rowindex')},${g.getAttribute('aria-colindex')}`, { x: r.x, y: r.y, width: r.width, height: r.height }];
  })));
}

/** Points no more than `stepPx` apart along a polyline (pixels). */
export function densifyPx(pts, stepPx) {
  const out = [];
  for (let i = 0; i < pts.length - 1; i++) {
    const [a, b] = [pts[i], pts[i + 1]];
    const n = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / stepPx));
    for (let k = 0; k < n; k++) out.push([a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n]);
  }
  out.push(pts[pts.length - 1]);
  return out;
}

const penAt = new WeakMap(); // where each session's pen was last seen
const sleepUntil = (t) => new Promise((resolve) => setTimeout(resolve, Math.max(0, t - performance.now())));

/** Moves the pen hovering (in range, not touching) from where it was to `to` over `ms`. */
export async function penHover(cdp, to, ms) {
  const from = penAt.get(cdp);
  const t0 = performance.now();
  if (from && ms > 0) {
    const n = Math.max(2, Math.round(ms / 16));
    const moves = [];
    for (let k = 1; k <= n; k++) {
      await sleepUntil(t0 + (k * ms) / n);
      const p = [from[0] + (to[0] - from[0]) * k / n, from[1] + (to[1] - from[1]) * k / n];
      moves.push(cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: p[0], y: p[1], pointerType: 'pen', button: 'none', buttons: 0 }));
    }
    await Promise.all(moves);
  } else {
    await sleepUntil(t0 + ms);
  }
  penAt.set(cdp, to);
}

/** Writes strokes (cell-relative, [x, y] in 0..1) into cell r,c with a real pen through the
 *  DevTools session `cdp` (`penSession`): press, moves and release per stroke, a sample every
 *  `pointMs` at most `stepPx` apart (about 600 px/s, a person's pace), hovering `pauseMs` between
 *  strokes (and `hoverMs` from where the pen was before the first, if it was seen). `box` skips
 *  the look-up of the cell's box (`cellBoxes`). Returns the times (node's performance.now())
 *  each stroke's press and release were sent, in `downs` and `lifts`. */
export async function penDraw(page, cdp, r, c, strokes, { stepPx = 5, pointMs = 8, pauseMs = 120, hoverMs = 0, pressure = 0.6, box } = {}) {
  box ??= await cell(page, r, c).locator('rect').boundingBox();
  const send = (type, [x, y], extra) => cdp.send('Input.dispatchMouseEvent', { type, x, y, pointerType: 'pen', button: 'left', ...extra });
  const downs = [];
  const lifts = [];
  for (const [i, stroke] of strokes.entries()) {
    const pts = densifyPx(stroke.map(([x, y]) => [box.x + x * box.width, box.y + y * box.height]), stepPx);
    await penHover(cdp, pts[0], i === 0 ? hoverMs : pauseMs);
    downs.push(performance.now());
    await send('mousePressed', pts[0], { buttons: 1, force: pressure, clickCount: 1 });
    // The moves are sent at the pen's pace without waiting for each to be handled (the browser
    // answers a move after its frame): as from a real pen, several land in a frame, where the
    // page gets them as one pointermove with coalesced events.
    const t0 = performance.now();
    const moves = [];
    for (const [k, p] of pts.slice(1).entries()) {
      await sleepUntil(t0 + (k + 1) * pointMs);
      moves.push(send('mouseMoved', p, { buttons: 1, force: pressure }));
    }
    await Promise.all(moves);
    await send('mouseReleased', pts[pts.length - 1], { buttons: 0, force: 0, clickCount: 1 });
    lifts.push(performance.now());
    penAt.set(cdp, pts[pts.length - 1]);
  }
  return { downs, lifts };
}

/** The digit (or letter) cell r,c shows, from its accessible name; null when it shows none. */
export async function digitIn(page, r, c) {
  const label = await cell(page, r, c).getAttribute('aria-label');
  return label.match(/^Row \d+, column \d+, ([1-9A-G])(,|$)/)?.[1] ?? null;
}

/** Holds back, in `page`, the engine worker's answers with a made puzzle (worker replies are
 *  tagged by "kind": `inkdoku_engine::protocol::Reply`) until `releaseMadePuzzles(page)`, so
 *  that a request for a puzzle stays in progress however fast the machine; and records the
 *  script of every worker the page starts (`window.startedWorkers`). Installed before the
 *  app's scripts run, at the page's next load. */
export async function holdMadePuzzles(page) {
  await page.addInitScript(() => {
    const Native = window.Worker;
    window.startedWorkers = [];
    window.heldPuzzles = [];
    window.Worker = class extends Native {
      constructor(url, options) {
        super(url, options);
        window.startedWorkers.push(String(url));
      }
      set onmessage(f) {
        super.onmessage = f && ((e) => {
          if (!window.puzzlesReleased && typeof e.data === 'string' && e.data.includes('"kind":"generated"')) {
            window.heldPuzzles.push(() => f.call(this, e));
            return undefined;
          }
          return f.call(this, e);
        });
      }
      get onmessage() { return super.onmessage; }
    };
  });
}

/** Waits until `holdMadePuzzles` holds a made puzzle back. */
export async function puzzleHeld(page, timeout = 30000) {
  await page.waitForFunction(() => window.heldPuzzles.length > 0, null, { timeout });
}

/** Lets the held puzzles, and every later one, through to the app. */
export async function releaseMadePuzzles(page) {
  await page.evaluate(() => {
    window.puzzlesReleased = true;
    window.heldPuzzles.splice(0).forEach((deliver) => deliver());
  });
}

/** The pen's files (the ink worker and its networks): the service worker caches them once the
 *  page's recognizer has loaded them, not at install (static/sw.js). */
export const PEN_FILES = ['./ink_loader.js', './ink_bg.wasm', './digits.cnn', './strokes.cnn'];

/** Waits until the page's offline copy holds the pen's files; throws after `timeout` ms. The
 *  wait runs in the page, checking the cache until they are in. */
export async function penCached(page, timeout = 30000) {
  const ok = await page.evaluate(async ([pen, timeout]) => {
    const end = performance.now() + timeout;
    while (performance.now() < end) {
      const name = (await caches.keys()).find((k) => k.startsWith('inkdoku-'));
      const cache = name && await caches.open(name);
      if (cache && (await Promise.all(pen.map((f) => cache.match(f)))).every(Boolean)) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  }, [PEN_FILES, timeout]);
  if (!ok) throw new Error(`the pen's files did not reach the offline copy within ${timeout} ms`);
}

/** The engine worker's script, either build (plain, or with relaxed SIMD where the browser has it). */
export const ENGINE_SCRIPT = /\/worker(_relaxed)?_loader\.js$/;

/** Holds the engine worker's script back (the worker cannot start) until the returned function
 *  is called. */
export async function holdEngineScript(page) {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.context().route(ENGINE_SCRIPT, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
