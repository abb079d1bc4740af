// A first paint in under a second on a slow line: at 1.6 Mbit/s (the app's wasm takes seconds
// to arrive) the page shows the empty board from index.html and style.css alone within 1 s, and
// the app replaces it once it runs (the static board is hidden, the real one has its cells).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, snap, waitForPuzzle } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

test('at 1.6 Mbit/s the board shows within a second, and the app takes over', async () => {
  const page = await b.page({ viewport: { width: 1280, height: 800 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip (a slow mobile line).
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8,
  });
  await page.goto(server.url + '#.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.7.2..1.7.39.....9.8.', { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { timeout: 10000 });
  const [fcp, appThere] = await page.evaluate(() => [
    performance.getEntriesByName('first-contentful-paint')[0].startTime, !!document.querySelector('.app')]);
  assert.ok(fcp < 1000, `first contentful paint at ${Math.round(fcp)} ms`);
  assert.equal(appThere, false, 'the app (its wasm) had not arrived yet: the paint was the static board');
  const board = await page.locator('.loading-board svg').boundingBox();
  assert.ok(board && board.width > 300, 'the empty board fills its place');
  await snap(page, 'first-paint-slow-line');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await waitForPuzzle(page, 60000);
  assert.equal(await page.locator('.loading-shell').isVisible(), false, 'the static board goes once the app runs');
});
