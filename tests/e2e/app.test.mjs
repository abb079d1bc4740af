// The app around the game: installable (no installability errors), offline after one visit
// (handwriting included), a new deploy announced, a crash that loses nothing, a full storage
// reported, and the security policy in force. (Two tabs: tabs.test.mjs, and natively
// src/controller/tabs.rs and tests.rs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve, launch, snap, dist, openApp, cells, cell, saved, savedWhen, waitForPuzzle, DIGITS, draw, emptyCells, recognized, penCached, ENGINE_SCRIPT, holdEngineScript } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

const label = (page, r, c) => cell(page, r, c).getAttribute('aria-label');
const statusText = (page) => page.getByRole('status').textContent();
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
}

test('installable: Chromium reports no installability errors', async () => {
  const { page, close } = await b.persistentPage();
  try {
    await page.goto(server.url);
    await waitForPuzzle(page);
    await controlled(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
    const manifest = await (await page.request.get(server.url + 'manifest.webmanifest')).json();
    assert.equal(manifest.display, 'standalone');
    assert.ok(manifest.icons.some((i) => i.purpose === 'maskable'));
  } finally {
    await close();
  }
});

test('offline after one visit: reload, handwriting, new games of every size and level, hints', async () => {
  const page = await openApp(b, server.url);
  await controlled(page);
  // The pen's files join the offline copy after the first puzzle (static/sw.js): wait for them.
  await penCached(page);
  await page.context().setOffline(true);
  await page.reload();
  await waitForPuzzle(page);
  // The ink worker and the model were never fetched online: they come from the precache.
  const [free] = await emptyCells(page, 1);
  await draw(page, free.row, free.col, DIGITS[4]);
  await recognized(page, free.row, free.col, 4);
  const dialog = page.getByRole('dialog', { name: 'New game' });
  // The dialog offers the levels a size has: a 4x4 grid has nothing beyond Easy; Extreme and
  // Master are made on 9x9 only (a 16x16 attempt takes about a second).
  const upToExpert = ['Easy', 'Medium', 'Hard', 'Expert'];
  const nine = [...upToExpert, 'Extreme', 'Master'];
  for (const [size, count, levels] of [['4x4', 16, ['Easy']], ['9x9', 81, nine], ['16x16', 256, upToExpert]]) {
    for (const level of levels) {
      await page.getByRole('button', { name: 'New game' }).click();
      await dialog.getByRole('radio', { name: size }).check();
      const select = dialog.getByRole('combobox', { name: 'Level' });
      assert.deepEqual(await select.locator('option').allTextContents(), levels, `levels offered at ${size}`);
      await select.selectOption(level);
      await dialog.getByRole('button', { name: 'Start' }).click();
      const discard = page.getByRole('button', { name: 'Start new game' });
      if (await discard.isVisible().catch(() => false)) await discard.click();
      // The status names the level the puzzle was rated at: the one picked (Extreme and Master
      // once came out Easy).
      await page.waitForFunction(
        ([n, s, l]) => document.querySelectorAll('[role=gridcell]').length === n
          && document.querySelector('[role=status]').textContent.startsWith(`New ${s} ${l} `),
        [count, size, level], { timeout: 120000 });
    }
  }
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.getByRole('region', { name: 'Hint' }).waitFor();
  await snap(page, 'offline-16x16');
  await page.context().setOffline(false);
});

test('a new deploy is announced; Reload switches to it', async () => {
  // Serve a copy of the build that we can "deploy" a new version into.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkdoku-deploy-'));
  fs.cpSync(dist, dir, { recursive: true });
  const site = await serve(dir);
  try {
    const page = await b.page();
    await page.goto(site.url);
    await waitForPuzzle(page);
    await controlled(page);
    const oldCaches = await page.evaluate(() => caches.keys());
    // The next deploy: a different build version.
    const sw = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
    fs.writeFileSync(path.join(dir, 'sw.js'), sw.replace(/inkdoku-[0-9a-f]{16}/, 'inkdoku-0000000000000001'));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    const banner = page.getByRole('alert').filter({ hasText: 'A new version of inkdoku is ready' });
    await banner.waitFor({ timeout: 20000 });
    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Reload' }).click()]);
    await waitForPuzzle(page);
    const newCaches = await page.evaluate(() => caches.keys());
    assert.deepEqual(newCaches, ['inkdoku-0000000000000001']);
    assert.notDeepEqual(newCaches, oldCaches);
  } finally {
    await site.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a crash 30 ms after a move saves the move first, then says so in the page\'s language; only a driven browser that asks has the crash hook', async () => {
  // The one release build has window.inkdokuCrash() only when the browser is driven
  // (navigator.webdriver, true here) and the test asked before the app started
  // (window.inkdokuTestHooks): src/test_hooks.rs. The app's wasm aborts on a panic (a trap, a
  // WebAssembly.RuntimeError): static/crash.js rescues the game (src/crash.rs).
  {
    const page = await b.page();
    await page.addInitScript(() => { window.inkdokuTestHooks = true; });
    await page.goto(server.url);
    await waitForPuzzle(page);
    // The language changed after the start: the crash message follows it.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('combobox').last().selectOption('de');
    await page.getByRole('dialog').getByRole('button', { name: 'Schließen' }).click();
    const e = (await cells(page)).find((c) => c.label.endsWith('leer'));
    await cell(page, e.row, e.col).click();
    // The first visit's own save is done (the new puzzle, no move): only the move is new.
    await savedWhen(page, (r) => r.game.actions.length === 0, { what: "the first visit's save" });
    // The move and the crash in one task of the page, 30 ms apart: the debounced autosave
    // (400 ms) cannot have run.
    const trap = page.waitForEvent('pageerror');
    await page.evaluate(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: '4', bubbles: true }));
      setTimeout(() => window.inkdokuCrash(), 30);
    });
    const crash = page.getByRole('alertdialog', { name: 'Etwas ist schiefgegangen' });
    await crash.waitFor();
    assert.match(await crash.textContent(), /Dein Spiel ist gespeichert/);
    assert.match(String(await trap), /RuntimeError/, 'the trap is reported to the console, uncaught');
    // The details: what the browser gives, the error's message and its stack of wasm functions.
    assert.match(await crash.locator('pre').textContent(), /^RuntimeError: unreachable\n[\s\S]*wasm-function\[\d+\]/);
    const kept = (await saved(page)).game.actions;
    assert.deepEqual(kept.at(-1), { type: 'place', cell: (e.row - 1) * 9 + e.col - 1, digit: 4, clear_peer_notes: true },
      'the move is in storage before Reload is offered');
    // Another trap (the module is dead; the game is still locked) shows no second message.
    const again = page.waitForEvent('pageerror');
    await page.evaluate(() => setTimeout(() => window.inkdokuCrash(), 0));
    assert.match(String(await again), /RuntimeError/);
    assert.equal(await page.getByRole('alertdialog').count(), 1, 'one message, however many traps');
    await crash.getByRole('link', { name: 'Neu laden' }).click();
    await page.getByRole('dialog', { name: 'Willkommen zurück' }).getByRole('button', { name: 'Weiterspielen' }).click();
    assert.match(await label(page, e.row, e.col), /, 4(,|$)/, 'the move made 30 ms before the crash');
    b.errors.length = 0; // the forced traps are expected
  }
  // Driven but not asked (every other test; a crawler): no hook, and a link cannot ask.
  // (A puzzle is on: the app has started, and would have installed its hooks: src/app.rs.)
  const prod = await openApp(b, server.url + '?crash-test&inkdokuTestHooks=true');
  assert.equal(await prod.evaluate(() => typeof window.inkdokuCrash), 'undefined');
  assert.equal(await prod.getByRole('alertdialog').count(), 0, 'no way to crash the app from a link');
  // Asked but not driven: a player's browser, whose navigator.webdriver is false.
  const player = await b.page();
  await player.addInitScript(() => {
    Object.defineProperty(navigator, 'webdriver', { get: () => false });
    window.inkdokuTestHooks = true;
  });
  await player.goto(server.url);
  await waitForPuzzle(player);
  assert.equal(await player.evaluate(() => navigator.webdriver), false);
  assert.equal(await player.evaluate(() => typeof window.inkdokuCrash), 'undefined', 'no hook in a browser nobody drives');
});

test('the content security policy blocks inline scripts and eval', async () => {
  const page = await openApp(b, server.url);
  // (Playwright's own evaluate runs outside the policy; these run as page code would.)
  await page.evaluate(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective));
    setTimeout('window.__evaluated = true', 0);
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.appendChild(s);
  });
  // Both refusals reported (had either run, its violation would be missing and this would time out).
  await page.waitForFunction(() => window.__violations.length >= 2, null, { timeout: 5000 });
  assert.equal(await page.evaluate(() => window.__evaluated), undefined, 'string eval is refused');
  assert.equal(await page.evaluate(() => window.__injected), undefined, 'an inline script does not run');
  const violated = await page.evaluate(() => window.__violations);
  assert.ok(violated.length >= 2 && violated.every((d) => d.startsWith('script-src')), violated.join(','));
  assert.deepEqual(b.errors, []);
});

test('a worker that fails answers the waiting request with a message, and the next request restarts it', async () => {
  const page = await b.page({ serviceWorkers: 'block' });
  // The engine worker's script fails as it starts (as a crash in its wasm would).
  const broken = (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: "throw new Error('engine broken on purpose')" });
  await page.context().route(ENGINE_SCRIPT, broken);
  await page.goto(server.url + '#.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.');
  await page.waitForFunction(() => /puzzle engine stopped unexpectedly/.test((document.querySelector('[role=status]')?.textContent ?? '')));
  assert.equal(await page.locator('[role=gridcell].given').count(), 0, 'nothing was opened half-way');
  // The next request (a new game) starts a fresh worker, which works.
  await page.context().unroute(ENGINE_SCRIPT, broken);
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('dialog', { name: 'New game' }).getByRole('button', { name: 'Start' }).click();
  await waitForPuzzle(page);
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await page.getByRole('region', { name: 'Hint' }).waitFor();
});

test('a wait for the engine over 300 ms shows itself with Cancel, and Cancel ends it', async () => {
  const page = await b.page({ serviceWorkers: 'block' });
  // The engine worker is slow to start (its script is held until after Cancel): the link's
  // check waits.
  const release = await holdEngineScript(page);
  await page.goto(server.url + '#.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.');
  const waiting = page.getByRole('group', { name: 'Checking the puzzle…' });
  await waiting.waitFor({ timeout: 2500 });
  // Every status from here on, and the givens on show with it.
  await page.evaluate(() => {
    const status = document.querySelector('[role=status]');
    window.__said = [];
    new MutationObserver(() => window.__said.push(`${status.textContent} (${document.querySelectorAll('[role=gridcell].given').length} givens)`))
      .observe(status, { childList: true, subtree: true, characterData: true });
  });
  await waiting.getByRole('button', { name: 'Cancel' }).click();
  assert.equal(await waiting.count(), 0);
  assert.equal(await page.getByRole('status').textContent(), 'Cancelled.');
  assert.equal(await page.locator('[role=gridcell].given').count(), 0, 'the cancelled check opened nothing');
  // The script arrives late, then a new game asks the engine again: any answer to the cancelled
  // check would have come before the new puzzle (one worker answers in order; a fresh one
  // starts after it), so what was said until then shows whether the link was opened after all.
  release();
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('dialog', { name: 'New game' }).getByRole('button', { name: 'Start' }).click();
  await waitForPuzzle(page);
  const said = await page.evaluate(() => window.__said);
  assert.ok(!said.some((s) => /Opened/.test(s)), `the cancelled check opened nothing: ${said.join(' | ')}`);
});

test('a browser without WebAssembly SIMD is told why, in the player\'s language, instead of a blank page', async () => {
  // Its own pages' errors only: a page a failed test before left open is not this test's.
  const since = b.errors.length;
  // Such a browser, as the page sees it: the SIMD probe does not validate and every module
  // fails to compile. (A context of its own: the app's failing start is expected here.)
  const noSimd = () => {
    const refuse = () => Promise.reject(new WebAssembly.CompileError('no WebAssembly SIMD (simulated)'));
    WebAssembly.validate = () => false;
    WebAssembly.compile = WebAssembly.instantiate = refuse;
    WebAssembly.compileStreaming = WebAssembly.instantiateStreaming = refuse;
  };
  const tooOld = {
    de: ['Dieser Browser ist zu alt für inkdoku', /braucht WebAssembly SIMD.*aktualisiere/],
    es: ['Este navegador es demasiado antiguo para inkdoku', /necesita WebAssembly SIMD.*Actualízalo/],
  };
  for (const [viewport, locale, stored, lang] of [
    [{ width: 800, height: 480 }, 'de-DE', null, 'de'],
    // The language chosen in the settings wins over the browser's.
    [{ width: 1280, height: 800 }, 'de-DE', 'es', 'es'],
  ]) {
    const context = await b.browser.newContext({ viewport, locale });
    try {
      const page = await context.newPage();
      await page.addInitScript(noSimd);
      if (stored) await page.addInitScript((l) => localStorage.setItem('inkdoku.settings.v1', JSON.stringify({ language: l })), stored);
      await page.goto(server.url);
      const [title, text] = tooOld[lang];
      const message = page.getByRole('alertdialog', { name: title });
      await message.waitFor();
      assert.match(await message.textContent(), text);
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      assert.equal(await page.getByRole('gridcell').count(), 0, 'no app behind the message');
      await snap(page, `no-simd-${viewport.width}x${viewport.height}`);
    } finally {
      await context.close();
    }
  }
  // A browser with SIMD (this one) plays, and is not told anything.
  const page = await openApp(b, server.url);
  assert.equal(await page.getByRole('alertdialog').count(), 0);
  assert.deepEqual(b.errors.slice(since), []);
});
