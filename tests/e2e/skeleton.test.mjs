// The tool chain works end to end: the built app loads in Chromium, its worker makes a 9x9
// puzzle, and the board follows the accessibility contract (DESIGN.md).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, snap } from './support.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('the board shows a generated 9x9 puzzle as 81 grid cells', async () => {
  const page = await browser.context.newPage();
  await page.goto(server.url);
  const grid = page.getByRole('grid', { name: 'Sudoku grid' });
  await grid.waitFor({ timeout: 20000 });
  const cells = grid.getByRole('gridcell');
  assert.equal(await cells.count(), 81);
  assert.equal(await grid.getByRole('row').count(), 9);
  const labels = await cells.evaluateAll((els) => els.map((e) => [
    e.getAttribute('aria-rowindex'), e.getAttribute('aria-colindex'), e.getAttribute('aria-label')]));
  const givens = labels.filter(([, , l]) => /, [1-9], given$/.test(l));
  assert.ok(givens.length >= 17 && givens.length < 81, `givens: ${givens.length}`);
  for (const [r, c, label] of labels) {
    assert.match(label, new RegExp(`^Row ${r}, column ${c}, (empty|[1-9], given)$`));
  }
  await snap(page, 'skeleton-1280x800');
  await page.setViewportSize({ width: 800, height: 480 });
  await snap(page, 'skeleton-800x480');
  assert.deepEqual(browser.errors, []);
});
