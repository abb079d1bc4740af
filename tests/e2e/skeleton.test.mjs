// The tool chain works end to end: the built app loads in Chromium, its worker makes a 9x9
// puzzle, and the board follows the accessibility contract (DESIGN.md).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, snap, openApp, cells } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

test('the board shows a generated 9x9 puzzle as 81 grid cells', async () => {
  const page = await openApp(b, server.url);
  const grid = page.getByRole('grid', { name: 'Sudoku grid' });
  assert.equal(await grid.getByRole('gridcell').count(), 81);
  assert.equal(await grid.getByRole('row').count(), 9);
  const all = await cells(page);
  const givens = all.filter((c) => /, [1-9], given$/.test(c.label));
  assert.ok(givens.length >= 17 && givens.length < 81, `givens: ${givens.length}`);
  for (const { row, col, label } of all) {
    assert.match(label, new RegExp(`^Row ${row}, column ${col}, (empty|[1-9], given)$`));
  }
  await snap(page, 'skeleton-1280x800');
  await page.setViewportSize({ width: 800, height: 480 });
  await snap(page, 'skeleton-800x480');
  assert.deepEqual(b.errors, []);
});
