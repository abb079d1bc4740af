// App performance in headless Chromium (benchmarks, not tests): first load to an interactive
// grid, key press to painted digit, long tasks on the main thread while a Hard puzzle is made,
// and the gzip size of what the browser downloads. Build first: scripts/build.
//
//   node bench/app.mjs [runs]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serve, launch } from '../tests/e2e/support.mjs';

const runs = Number(process.argv[2] || 5);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

const server = await serve();
const b = await launch();

// 1. First load → interactive grid (givens on the board), measured in the page.
const loads = [];
for (let i = 0; i < runs; i++) {
  const page = await b.page();
  await page.addInitScript(() => {
    new MutationObserver((_, obs) => {
      if (document.querySelector('[role=gridcell][aria-label$=", given"]')) {
        window.__ready = performance.now();
        obs.disconnect();
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto(server.url);
  await page.waitForFunction(() => window.__ready !== undefined, null, { timeout: 30000 });
  loads.push(await page.evaluate(() => window.__ready));
  await page.context().close();
}

// 2. Key press → digit painted: from keydown to the first animation frame after the label changed.
const page = await b.page();
await page.goto(server.url);
await page.waitForSelector('[role=gridcell][aria-label$=", given"]');
const keyLatencies = await page.evaluate(async (n) => {
  const out = [];
  const empty = [...document.querySelectorAll('[role=gridcell]')].filter((c) => c.getAttribute('aria-label').endsWith('empty'));
  for (let i = 0; i < n && i < empty.length; i++) {
    const cell = empty[i];
    // A tap (down + up at the cell's centre) selects the cell through the ink surface.
    const r = cell.getBoundingClientRect();
    const at = { bubbles: true, button: 0, pointerType: 'mouse', pointerId: 1, isPrimary: true,
      clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 };
    cell.dispatchEvent(new PointerEvent('pointerdown', { ...at, buttons: 1 }));
    cell.dispatchEvent(new PointerEvent('pointerup', { ...at, buttons: 0 }));
    await new Promise((r) => requestAnimationFrame(() => r()));
    let changed = 0;
    const painted = new Promise((resolve) => {
      new MutationObserver((_, obs) => {
        obs.disconnect();
        changed = performance.now();
        requestAnimationFrame(() => resolve(performance.now()));
      }).observe(cell, { attributes: true, attributeFilter: ['aria-label'] });
    });
    // Start right after a frame, as a real key press lands at a random point of one.
    await new Promise((r) => requestAnimationFrame(() => r()));
    const t0 = performance.now();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: String((i % 9) + 1), bubbles: true }));
    const frame = await painted;
    out.push({ dom: changed - t0, frame: frame - t0 });
  }
  return out;
}, 20);

// 3. Long tasks on the main thread while a Hard 9x9 is made in the worker.
await page.evaluate(() => {
  window.__long = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__long.push(e.duration)))
    .observe({ type: 'longtask', buffered: false });
});
await page.getByRole('button', { name: 'New game' }).click();
await page.getByRole('combobox', { name: 'Level' }).selectOption('Hard');
await page.getByRole('button', { name: 'Start' }).click();
await page.evaluate(() => {
  const status = document.querySelector('[role=status]');
  new MutationObserver(() => {
    if (/^New 9x9/.test(status.textContent)) window.__made = performance.now();
  }).observe(status, { subtree: true, childList: true, characterData: true });
  window.__start = performance.now();
});
await page.getByRole('button', { name: 'Start new game' }).click();
await page.waitForFunction(() => window.__made !== undefined, null, { timeout: 60000 });
const makeMs = Math.round(await page.evaluate(() => window.__made - window.__start));
const longTasks = await page.evaluate(() => window.__long);

// 4. The ink worker: model load (worker start to "ready"; the app's own ink worker has started
// by now, so the browser has the compiled code: a returning player) and recognition round trips
// (180 drawings of the digits 1-9, three rounds).
// The fixture drawings of the digits 1-9 (20 each; the file has 0-9 and A-G, in class order).
const fixtures = JSON.parse(fs.readFileSync('models/fixtures/strokes.json', 'utf8')).filter((d) => d.label >= 1 && d.label <= 9);
const ink = await page.evaluate(async (drawings) => {
  const t0 = performance.now();
  const w = new Worker('./ink_loader.js');
  const ready = await new Promise((resolve) => { w.onmessage = (e) => resolve(JSON.parse(e.data)); });
  const loadMs = performance.now() - t0;
  const times = [];
  let id = 0;
  for (let round = 0; round < 3; round++) {
    for (const d of drawings) {
      const start = performance.now();
      await new Promise((resolve) => {
        w.onmessage = () => resolve();
        w.postMessage(JSON.stringify({ kind: 'recognize', id: ++id, strokes: d.strokes, max_digit: 9 }));
      });
      times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  w.terminate();
  return { ready: ready.kind, reads_strokes: ready.reads_strokes, start_to_ready_ms: Math.round(loadMs), model_load_in_worker_ms: ready.load_ms, median_ms: +times[times.length >> 1].toFixed(2), p90_ms: +times[Math.floor(times.length * 0.9)].toFixed(2) };
}, fixtures);

// 4b. The ink worker on a first visit: a fresh browser (no compiled code cached), a blank page
// of the app's origin (so the app's own ink worker does not start first). Worker start to ready,
// and the model's load inside it (as the worker measured it).
const firstVisit = [];
for (let i = 0; i < runs; i++) {
  const fresh = await launch();
  const page = await fresh.page();
  await page.route(`${server.url}blank.html`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }));
  await page.goto(`${server.url}blank.html`);
  firstVisit.push(await page.evaluate(async () => {
    const t0 = performance.now();
    const w = new Worker('./ink_loader.js');
    const ready = await new Promise((resolve) => { w.onmessage = (e) => resolve(JSON.parse(e.data)); });
    if (ready.kind !== 'ready') throw new Error(`the ink worker answered ${JSON.stringify(ready)}`);
    return { start_to_ready: performance.now() - t0, model_load: ready.load_ms };
  }));
  await fresh.close();
}
ink.first_visit = {
  start_to_ready_ms: { median: Math.round(median(firstVisit.map((v) => v.start_to_ready))), all: firstVisit.map((v) => Math.round(v.start_to_ready)) },
  model_load_in_worker_ms: { median: median(firstVisit.map((v) => v.model_load)), all: firstVisit.map((v) => v.model_load) },
};

// 5. Download size (gzip -9) of the app and the worker.
const dist = path.resolve('dist');
const sizes = { app_and_engine_worker: { raw: 0, gzip: 0 }, ink_worker_and_networks: { raw: 0, gzip: 0 } };
for (const f of fs.readdirSync(dist).filter((f) => /\.(wasm|js|cnn)$/.test(f) && f !== 'sw.js')) {
  const bytes = fs.readFileSync(path.join(dist, f));
  const part = /^(ink|digits|strokes)/.test(f) ? sizes.ink_worker_and_networks : sizes.app_and_engine_worker;
  part.raw += bytes.length;
  part.gzip += zlib.gzipSync(bytes, { level: 9 }).length;
}

console.log(JSON.stringify({
  first_load_to_grid_ms: { median: Math.round(median(loads)), all: loads.map(Math.round) },
  key_to_dom_update_ms: { median: +median(keyLatencies.map((k) => k.dom)).toFixed(1), max: +Math.max(...keyLatencies.map((k) => k.dom)).toFixed(1) },
  key_to_next_frame_ms: { median: +median(keyLatencies.map((k) => k.frame)).toFixed(1), max: +Math.max(...keyLatencies.map((k) => k.frame)).toFixed(1) },
  hard_9x9_generation: { wall_ms: makeMs, main_thread_long_tasks_ms: longTasks.map(Math.round) },
  ink_worker_in_wasm: ink,
  download_bytes: sizes,
}, null, 1));
await b.close();
await server.close();
