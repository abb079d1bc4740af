// The browsers of the cross-engine set, behind one small interface, and the static server they
// load the built app from. Nothing here downloads anything:
//   firefox  Debian's firefox-esr over WebDriver BiDi (puppeteer-core)
//   webkit   WebKitGTK's MiniBrowser through Debian's WebKitWebDriver (WebDriver classic over
//            HTTP, spoken here directly with fetch), under xvfb-run when there is no display
//   chromium Debian's chromium over the DevTools protocol (puppeteer-core), to compare
//
// A session is one browser (one profile) with a first tab; every tab has
//   goto(url), reload(), eval(fn, ...args) (fn runs in the page after `prelude`, the source of
//   helpers it may call; its arguments go as JSON; it may return a promise; the result comes
//   back as JSON), waitFor(fn, args, { timeout, what }) (polls eval until truthy),
//   click(fn, ...args) (fn returns an element in the page: a real, trusted click at its centre),
//   press(key) (a real key press);
// and the session adds newTab() (another tab of the same profile: same storage), crashed() (true
// once the browser's content process died under the session) and close().
// INKDOKU_WD_TRACE=1 logs every WebDriver command sent to WebKitWebDriver.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import os from 'node:os';
import { spawn } from 'node:child_process';

import { serveFile } from '../e2e/support.mjs';

/** Serves `dir` on 127.0.0.1 at a free port (each server is its own origin, with its own storage
 *  and service worker). `offline(true)` drops every connection and refuses new ones, as a lost
 *  network does; `requests` counts what was served. */
export async function serve(dir) {
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`${dir}/index.html is missing: build the app first (scripts/build)`);
  }
  let down = false;
  const sockets = new Set();
  const served = [];
  const server = http.createServer((req, res) => {
    if (down) { req.socket.destroy(); return; }
    serveFile(dir, req, res, (pathname) => served.push(pathname));
  });
  server.on('connection', (s) => {
    if (down) { s.destroy(); return; }
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    served,
    offline(on) {
      down = on;
      if (on) for (const s of sockets) s.destroy();
    },
    close: () => new Promise((r) => { for (const s of sockets) s.destroy(); server.close(r); }),
  };
}

/** The source of `fn` called on `args` after `prelude`, as one expression. */
const call = (prelude, fn, args) => `(() => { ${prelude}\n return (${fn})(...${JSON.stringify(args)}); })()`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe()` until it returns a truthy value (errors count as not yet: a page between two
 *  documents cannot answer). */
export async function poll(probe, { timeout = 30000, interval = 25, what = 'a state' } = {}) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      const v = await probe();
      if (v) return v;
      last = undefined;
    } catch (e) {
      // A session whose browser is gone never answers again.
      if (/invalid session id/.test(e.message)) throw e;
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${what}${last ? `: ${last.message}` : ''}`);
    await sleep(interval);
  }
}

// ------------------------------------------------------------------ puppeteer (Firefox, Chromium)

async function puppeteerSession(options, prelude) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({ headless: true, ...options });
  const errors = [];
  let crashed = false;
  const tab = async (page) => {
    await page.setViewport({ width: 1280, height: 800 });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('error', () => { crashed = true; }); // puppeteer's word for "the page crashed"
    return {
      goto: (url) => page.goto(url, { waitUntil: 'load' }),
      reload: () => page.reload({ waitUntil: 'load' }),
      eval: (fn, ...args) => page.evaluate(call(prelude, fn, args)),
      waitFor(fn, args = [], opts = {}) {
        return poll(() => this.eval(fn, ...args), opts);
      },
      async click(fn, ...args) {
        const handle = await page.evaluateHandle(call(prelude, fn, args));
        const el = handle.asElement();
        if (!el) throw new Error(`nothing to click: ${fn}`);
        await el.click();
        await el.dispose();
      },
      press: (key) => page.keyboard.press(key),
    };
  };
  const first = await tab((await browser.pages())[0] || await browser.newPage());
  return {
    ...first,
    name: options.browser,
    version: await browser.version(),
    errors,
    crashed: async () => crashed,
    async newTab() {
      const page = await browser.newPage();
      return { ...(await tab(page)), close: () => page.close() };
    },
    close: () => browser.close(),
  };
}

// ------------------------------------------------------------------ WebDriver classic (WebKitGTK)

/** WebDriver's code points for the named keys the tests press (puppeteer takes the names). */
const KEYS = {
  Backspace: '\uE003', Tab: '\uE004', Enter: '\uE007', Escape: '\uE00C', Delete: '\uE017',
  ArrowLeft: '\uE012', ArrowUp: '\uE013', ArrowRight: '\uE014', ArrowDown: '\uE015',
};

async function freePort() {
  const srv = net.createServer();
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address();
  await new Promise((r) => srv.close(r));
  return port;
}

function miniBrowser() {
  for (const dir of ['webkit2gtk-4.1', 'webkit2gtk-4.0', 'webkitgtk-6.0']) {
    const p = `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/${dir}/MiniBrowser`;
    if (fs.existsSync(p)) return p;
  }
  throw new Error('MiniBrowser is missing: scripts/setup installs webkit2gtk-driver');
}

async function webkitSession(prelude) {
  const port = await freePort();
  const logPath = path.join(os.tmpdir(), `inkdoku-webkitwebdriver-${port}.log`);
  const log = fs.openSync(logPath, 'w');
  const driver = spawn(process.env.WEBKIT_WEBDRIVER || 'WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: ['ignore', log, log],
  });
  const exited = new Promise((r) => driver.once('exit', r));
  const orphan = () => driver.kill(); // if the tests end without close()
  process.once('exit', orphan);
  const base = `http://127.0.0.1:${port}`;
  const wd = async (method, url, body) => {
    if (process.env.INKDOKU_WD_TRACE) console.error(new Date().toISOString(), method, url, JSON.stringify(body ?? '').slice(0, 120));
    const res = await fetch(base + url, {
      method,
      headers: body ? { 'content-type': 'application/json; charset=utf-8' } : {},
      body: body ? JSON.stringify(body) : undefined,
      // A browser that cannot start (no display) leaves the new session hanging: fail instead.
      signal: AbortSignal.timeout(90000),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`WebDriver ${method} ${url}: ${json.value?.error}: ${json.value?.message}`);
    return json.value;
  };
  await poll(async () => (await wd('GET', '/status')).ready, { timeout: 10000, what: 'WebKitWebDriver' });
  const session = await wd('POST', '/session', {
    capabilities: {
      alwaysMatch: {
        'webkitgtk:browserOptions': { binary: process.env.WEBKIT_BROWSER || miniBrowser(), args: ['--automation'] },
      },
    },
  });
  const s = `/session/${session.sessionId}`;
  await wd('POST', `${s}/timeouts`, { script: 30000, pageLoad: 60000 });
  await wd('POST', `${s}/window/rect`, { width: 1280, height: 800 }).catch(() => {});
  // Commands go to the current window: each tab switches to its own first.
  let current = await wd('GET', `${s}/window`);
  const to = async (handle) => {
    if (current !== handle) { await wd('POST', `${s}/window`, { handle }); current = handle; }
  };
  // A function and its arguments as an asynchronous script: a promise is awaited, an exception
  // comes back as one.
  const script = (source) => `const done = arguments[arguments.length - 1];
    Promise.resolve().then(() => ${source})
      .then((value) => done({ value }), (e) => done({ error: String(e && e.stack || e) }));`;
  const tab = (handle) => {
    const run = async (source) => {
      await to(handle);
      const r = await wd('POST', `${s}/execute/async`, { script: script(source), args: [] });
      if (r && 'error' in r) throw new Error(r.error);
      return r?.value;
    };
    return {
      goto: async (url) => { await to(handle); await wd('POST', `${s}/url`, { url }); },
      reload: async () => { await to(handle); await wd('POST', `${s}/refresh`, {}); },
      eval: (fn, ...args) => run(call(prelude, fn, args)),
      waitFor(fn, args = [], opts = {}) {
        return poll(() => this.eval(fn, ...args), opts);
      },
      // A mouse click at the element's centre through WebDriver actions (Element Click refuses
      // SVG cells as "not interactable" in WebKitWebDriver).
      async click(fn, ...args) {
        const at = await run(`(() => {
          const el = ${call(prelude, fn, args)};
          if (!el) return null;
          el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
          const r = el.getBoundingClientRect();
          return { x: Math.round(r.x + r.width / 2), y: Math.round(r.y + r.height / 2) };
        })()`);
        if (!at) throw new Error(`nothing to click: ${fn}`);
        await wd('POST', `${s}/actions`, {
          actions: [{
            type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' },
            actions: [
              { type: 'pointerMove', origin: 'viewport', x: at.x, y: at.y, duration: 0 },
              { type: 'pointerDown', button: 0 },
              { type: 'pointerUp', button: 0 },
            ],
          }],
        });
      },
      async press(key) {
        await to(handle);
        key = KEYS[key] ?? key;
        await wd('POST', `${s}/actions`, {
          actions: [{ type: 'key', id: 'keyboard', actions: [{ type: 'keyDown', value: key }, { type: 'keyUp', value: key }] }],
        });
      },
    };
  };
  const caps = session.capabilities;
  return {
    ...tab(current),
    name: 'webkit',
    version: `${caps.browserName} ${caps.browserVersion}`,
    errors: [],
    // MiniBrowser prints this line to its log when its WebProcess dies (WebDriver then answers
    // every command with "invalid session id").
    crashed: async () => fs.readFileSync(logPath, 'utf8').includes('WebProcess CRASHED'),
    // A window rather than a tab: MiniBrowser keeps a new tab in the background, where
    // WebDriver's input actions are never delivered (the command hangs).
    async newTab() {
      const { handle } = await wd('POST', `${s}/window/new`, { type: 'window' });
      await to(handle);
      await wd('POST', `${s}/window/rect`, { width: 1280, height: 800 }).catch(() => {});
      return {
        ...tab(handle),
        async close() { await to(handle); await wd('DELETE', `${s}/window`); current = null; },
      };
    },
    async close() {
      await wd('DELETE', s).catch(() => {});
      driver.kill();
      process.off('exit', orphan);
      await exited;
      fs.closeSync(log);
      if (fs.statSync(logPath).size === 0) fs.rmSync(logPath);
      else console.log(`# WebKitWebDriver and MiniBrowser said something: ${logPath}`);
    },
  };
}

/** Starts `name` (firefox, webkit or chromium) with one tab at 1280x800; `prelude` is the source
 *  of helpers that every function run in a page may call. */
export async function launch(name, { prelude = '' } = {}) {
  switch (name) {
    case 'firefox':
      return puppeteerSession({ browser: 'firefox', executablePath: process.env.FIREFOX || '/usr/bin/firefox-esr' }, prelude);
    case 'chromium':
      return puppeteerSession({
        browser: 'chrome', executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      }, prelude);
    case 'webkit':
      return webkitSession(prelude);
    default:
      throw new Error(`unknown browser ${name}: firefox, webkit or chromium`);
  }
}
