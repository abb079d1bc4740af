// The browsers of the cross-engine set, behind one small interface, and the static server they
// load the built app from. Nothing here downloads anything:
//   firefox  Debian's firefox-esr over WebDriver BiDi (puppeteer-core)
//   webkit   WebKitGTK's MiniBrowser through Debian's WebKitWebDriver (WebDriver classic over
//            HTTP, spoken here directly with fetch), under xvfb-run when there is no display
//   chromium Debian's chromium over the DevTools protocol (puppeteer-core), to compare
//
// A session is one browser with one page:
//   goto(url), reload(), eval(fn, ...args) (fn runs in the page after the session's `prelude`,
//   the source of helpers it may call; its arguments go as JSON; it may return a promise; the
//   result comes back as JSON), waitFor(fn, args, { timeout, what }) (polls eval until truthy),
//   click(fn, ...args) (fn returns an element in the page: a real, trusted click at its centre),
//   press(key) (a real key press), close().
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import os from 'node:os';
import { spawn } from 'node:child_process';

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
  '.cnn': 'application/octet-stream',
};

/** Serves `dir` on 127.0.0.1 at a free port (each server is its own origin, with its own storage
 *  and service worker). `offline(true)` drops every connection and refuses new ones, as a lost
 *  network does; `requests` counts what was served. */
export async function serve(dir) {
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`${dir}/index.html is missing: build the app first (trunk build --release)`);
  }
  let down = false;
  const sockets = new Set();
  const served = [];
  const server = http.createServer((req, res) => {
    if (down) { req.socket.destroy(); return; }
    const url = new URL(req.url, 'http://localhost');
    let file = path.normalize(path.join(dir, decodeURIComponent(url.pathname)));
    if (!file.startsWith(dir)) { res.writeHead(403).end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, body) => {
      if (err) { res.writeHead(404).end('not found'); return; }
      served.push(url.pathname);
      res.writeHead(200, {
        'content-type': types[path.extname(file)] || 'application/octet-stream',
        'cache-control': 'no-cache',
      });
      res.end(body);
    });
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
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${what}${last ? `: ${last.message}` : ''}`);
    await sleep(interval);
  }
}

// ------------------------------------------------------------------ puppeteer (Firefox, Chromium)

async function puppeteerSession(options) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({ headless: true, ...options });
  const page = (await browser.pages())[0] || await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const version = await browser.version();
  return {
    name: options.browser,
    version,
    errors,
    prelude: '',
    goto: (url) => page.goto(url, { waitUntil: 'load' }),
    reload: () => page.reload({ waitUntil: 'load' }),
    eval(fn, ...args) { return page.evaluate(call(this.prelude, fn, args)); },
    waitFor(fn, args = [], opts = {}) {
      return poll(() => this.eval(fn, ...args), opts);
    },
    async click(fn, ...args) {
      const handle = await page.evaluateHandle(call(this.prelude, fn, args));
      const el = handle.asElement();
      if (!el) throw new Error(`nothing to click: ${fn}`);
      await el.click();
      await el.dispose();
    },
    press: (key) => page.keyboard.press(key),
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

async function webkitSession() {
  const port = await freePort();
  const log = fs.openSync(path.join(os.tmpdir(), `inkdoku-webkitwebdriver-${port}.log`), 'w');
  const driver = spawn(process.env.WEBKIT_WEBDRIVER || 'WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: ['ignore', log, log],
  });
  const exited = new Promise((r) => driver.once('exit', r));
  const base = `http://127.0.0.1:${port}`;
  const wd = async (method, url, body) => {
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
  await wd('POST', `${s}/window/rect`, { width: 1280, height: 800 }).catch(() => {});
  // A function and its arguments as an asynchronous script: a promise is awaited, an exception
  // comes back as one. Elements (the wire's references) pass through as they are.
  const script = (source) => `const done = arguments[arguments.length - 1];
    Promise.resolve().then(() => ${source})
      .then((value) => done({ value }), (e) => done({ error: String(e && e.stack || e) }));`;
  const run = async (source) => {
    const r = await wd('POST', `${s}/execute/async`, { script: script(source), args: [] });
    if (r && 'error' in r) throw new Error(r.error);
    return r?.value;
  };
  await wd('POST', `${s}/timeouts`, { script: 30000, pageLoad: 60000 });
  const caps = session.capabilities;
  return {
    name: 'webkit',
    version: `${caps.browserName} ${caps.browserVersion}`,
    errors: [],
    goto: (url) => wd('POST', `${s}/url`, { url }),
    reload: () => wd('POST', `${s}/refresh`, {}),
    prelude: '',
    eval(fn, ...args) { return run(call(this.prelude, fn, args)); },
    waitFor(fn, args = [], opts = {}) {
      return poll(() => this.eval(fn, ...args), opts);
    },
    // A mouse click at the element's centre through WebDriver actions (Element Click refuses
    // SVG cells as "not interactable" in WebKitWebDriver).
    async click(fn, ...args) {
      const at = await run(`(() => {
        const el = ${call(this.prelude, fn, args)};
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
      key = KEYS[key] ?? key;
      await wd('POST', `${s}/actions`, {
        actions: [{ type: 'key', id: 'keyboard', actions: [{ type: 'keyDown', value: key }, { type: 'keyUp', value: key }] }],
      });
    },
    async close() {
      await wd('DELETE', s).catch(() => {});
      driver.kill();
      await exited;
      fs.closeSync(log);
    },
  };
}

/** Starts `name` (firefox, webkit or chromium) with one page at 1280x800. */
export async function launch(name) {
  switch (name) {
    case 'firefox':
      return puppeteerSession({ browser: 'firefox', executablePath: process.env.FIREFOX || '/usr/bin/firefox-esr' });
    case 'chromium':
      return puppeteerSession({
        browser: 'chrome', executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      });
    case 'webkit':
      return webkitSession();
    default:
      throw new Error(`unknown browser ${name}: firefox, webkit or chromium`);
  }
}
