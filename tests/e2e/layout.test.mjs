// A layout that stays put: opening the hint panel or the Solve menu moves no control, and at
// 800x480, 1280x800 and 600x960 every control can be reached with both open. Bounding boxes,
// not only screenshots.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, snap, waitForPuzzle } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

const PUZZLE = '.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.7.2..1.7.39.....9.8.';

/** The boxes of every control the player can press, by accessible name. */
const controlBoxes = (page) => page.locator('.controls button').evaluateAll((els) => els.map((e) => {
  const r = e.getBoundingClientRect();
  return [e.getAttribute('aria-label') || e.textContent.trim(), Math.round(r.x), Math.round(r.y)];
}));

for (const [width, height] of [[1280, 800], [800, 480], [600, 960]]) {
  test(`${width}x${height}: panels open without moving controls, and every control stays reachable`, async () => {
    const page = await b.page({ viewport: { width, height } });
    await page.goto(server.url + '#' + PUZZLE);
    await waitForPuzzle(page);
    const before = await controlBoxes(page);
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await page.getByRole('region', { name: 'Hint' }).waitFor();
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    const after = await controlBoxes(page);
    for (const [name, x, y] of before) {
      const now = after.find(([n]) => n === name);
      assert.ok(now, `${name} is still there`);
      assert.deepEqual([now[1], now[2]], [x, y], `${name} did not move when the hint and the Solve menu opened`);
    }
    // Every control, the new ones included, can be brought into view and pressed.
    for (const button of await page.locator('.controls button').all()) {
      await button.scrollIntoViewIfNeeded();
      const box = await button.boundingBox();
      const name = await button.textContent();
      assert.ok(box && box.y >= 0 && box.y + box.height <= height + 1 && box.x >= 0 && box.x + box.width <= width + 1,
        `${name.trim()} can be reached at ${width}x${height}`);
    }
    await page.getByRole('button', { name: 'Apply hint' }).scrollIntoViewIfNeeded();
    await snap(page, `layout-panels-${width}x${height}`);
  });
}
