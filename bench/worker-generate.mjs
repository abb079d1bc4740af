// Generation in the app's engine worker in headless Chromium (a benchmark, not a test): each
// size and level made for seeds 1..COUNT by the worker the app ships, timed from the request to
// the answer, and compared with the native build's puzzles. Build first: scripts/build
// and cargo build --release --bin inkdoku.
//
//   node bench/worker-generate.mjs [COUNT] [size:level ...]
import { execFileSync } from 'node:child_process';
import { serve, launch } from '../tests/e2e/support.mjs';

const [countArg, ...given] = process.argv.slice(2);
const count = Number(countArg || 11);
const cases = given.length ? given : ['9:hard', '9:expert', '16:easy', '16:medium', '16:hard', '16:expert'];
const LEVELS = { easy: 'Easy', medium: 'Medium', hard: 'Hard', expert: 'Expert', extreme: 'Extreme', master: 'Master' };

const server = await serve();
const b = await launch();
const page = await b.page();
await page.goto(server.url);
await page.evaluate(async () => {
  window.__engine = new Worker('./worker_loader.js');
  await new Promise((resolve) => {
    window.__engine.onmessage = (e) => { if (JSON.parse(e.data).kind === 'ready') resolve(); };
  });
});

const stats = (times) => {
  const s = [...times].sort((a, b) => a - b);
  const at = (q) => +s[Math.floor((s.length - 1) * q)].toFixed(1);
  return { median_ms: at(0.5), p90_ms: at(0.9), max_ms: at(1) };
};

for (const c of cases) {
  const [size, level] = c.split(':');
  const native = execFileSync('target/release/inkdoku', ['generate', '--size', size, '--level', level, '--seed', '1', '--count', String(count)],
    { encoding: 'utf8' }).trim().split('\n');
  const made = await page.evaluate(async ({ size, level, count }) => {
    const out = [];
    for (let seed = 1; seed <= count; seed++) {
      const request = { id: seed, task: { kind: 'generate', options: { size, level, symmetry: 'rotational', seed } } };
      const t0 = performance.now();
      const reply = await new Promise((resolve) => {
        window.__engine.onmessage = (e) => {
          const r = JSON.parse(e.data);
          if (r.kind !== 'progress') resolve(r);
        };
        window.__engine.postMessage(JSON.stringify(request));
      });
      out.push({ ms: performance.now() - t0, puzzle: reply.generated?.puzzle });
    }
    return out;
  }, { size, level: LEVELS[level], count });
  const line = (p) => (typeof p === 'string' ? p : JSON.stringify(p));
  const same = made.filter((m, i) => line(m.puzzle) === native[i]).length;
  console.log(JSON.stringify({ size: Number(size), level, count, worker: stats(made.map((m) => m.ms)), same_puzzles: `${same}/${count}` }));
}
await b.close();
await server.close();
