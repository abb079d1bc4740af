// A first visit over a slow line: how long until the first puzzle is on screen, how many bytes
// the line carried by then, and when the pen's files (the ink worker) were asked for.
//
//   node bench/first-visit.mjs [runs=3] [dist]      (VERBOSE=1: every request, with its time;
//                                                    LOCALE=de-DE: a browser asking for German)
//
// The server sends every file gzipped (level 9, as check-size.mjs counts it) through one shared
// line: 1.6 Mbit/s down, 150 ms before each answer's first byte (a slow mobile line), with the
// e2e server's validators (a file the browser has is revalidated: 304, as the relay does). A fresh
// Chromium profile each run (nothing cached, the service worker installs as on a first visit);
// no link, so the app makes a puzzle, as a first visit does. Times run from the navigation.
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { dist as defaultDist, serveFile } from '../tests/e2e/support.mjs';

const runs = Number(process.argv[2] ?? 3);
const dist = path.resolve(process.argv[3] ?? defaultDist);
const BYTES_PER_S = 1.6e6 / 8;
const LATENCY_MS = 150;
const CHUNK = 4096;
const PEN = /^\/(ink_loader|ink_bg|digits|strokes)/;

/** One shared line: each chunk waits for the line to be free, then holds it for its bytes. */
function line() {
  let freeAt = 0;
  return {
    sent: 0,
    async send(res, body) {
      await new Promise((r) => setTimeout(r, LATENCY_MS));
      for (let at = 0; at < body.length; at += CHUNK) {
        const chunk = body.subarray(at, at + CHUNK);
        const now = performance.now();
        freeAt = Math.max(freeAt, now) + (chunk.length / BYTES_PER_S) * 1000;
        await new Promise((r) => setTimeout(r, freeAt - now));
        if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
        this.sent += chunk.length;
      }
      res.end();
    },
  };
}

// Each file gzipped once (level 9 on the ink worker's 3 MB takes a while), not at every request.
const gzips = new Map();
function gzipped(name, body) {
  if (!gzips.has(name)) gzips.set(name, zlib.gzipSync(body, { level: 9 }));
  return gzips.get(name);
}

async function visit() {
  const wire = line();
  const asked = [];
  let t0 = 0;
  const server = http.createServer((req, res) => {
    const name = new URL(req.url, 'http://x').pathname;
    const ask = { name, at: performance.now() - t0 };
    asked.push(ask);
    // serveFile finds the file and its headers; the body goes gzipped through the line.
    const fake = {
      writeHead: (status, headers) => { fake.status = status; fake.headers = headers; return fake; },
      end: (body) => {
        ask.status = fake.status;
        if (fake.status !== 200) { res.writeHead(fake.status).end(body); return; }
        const gz = gzipped(name, body);
        res.writeHead(200, { ...fake.headers, 'content-encoding': 'gzip', 'content-length': gz.length });
        wire.send(res, gz);
      },
    };
    serveFile(dist, req, fake);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...(process.env.LOCALE ? { locale: process.env.LOCALE } : {}) });
  const page = await context.newPage();
  t0 = performance.now();
  await page.goto(`http://127.0.0.1:${server.address().port}/`, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.querySelectorAll('[role=gridcell].given').length > 0, null, { timeout: 120000, polling: 50 });
  const puzzle = performance.now() - t0;
  const bytes = wire.sent;
  const pen = asked.find((a) => PEN.test(a.name));
  // Wait a while more to see when the pen's files come, if they had not yet.
  await page.waitForTimeout(5000);
  const penLater = asked.find((a) => PEN.test(a.name));
  // Everything the line carried in the visit (the pen's files and the service worker's copy
  // included): a file downloaded twice shows here (and as two 200s in VERBOSE's list).
  const total = wire.sent;
  await browser.close();
  server.close();
  if (process.env.VERBOSE) for (const a of asked) console.log(`  ${(a.at / 1000).toFixed(2)} s ${a.status ?? '...'} ${a.name}`);
  return { puzzle, bytes, total, penAskedBeforePuzzle: !!pen, penAt: penLater?.at };
}

const results = [];
for (let i = 0; i < runs; i++) {
  const r = await visit();
  results.push(r);
  console.log(`run ${i + 1}: first puzzle at ${(r.puzzle / 1000).toFixed(2)} s, ${(r.bytes / 1e6).toFixed(2)} MB by then; `
    + `the pen's files asked for at ${r.penAt === undefined ? 'not within 5 s' : (r.penAt / 1000).toFixed(2) + ' s'}`
    + (r.penAskedBeforePuzzle ? ' (before the puzzle)' : '')
    + `; ${(r.total / 1e6).toFixed(2)} MB in all, 5 s after the puzzle`);
}
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`median: first puzzle at ${(median(results.map((r) => r.puzzle)) / 1000).toFixed(2)} s, ${(median(results.map((r) => r.bytes)) / 1e6).toFixed(2)} MB by then`);
