// Keyboard and screen reader like a native app: the grid is one Tab stop whose active
// descendant is the selected cell (what a screen reader announces as the arrows move it);
// a dialog takes the focus, keeps Tab inside and gives the focus back when it closes; a whole
// game typed from the keyboard ends in the win dialog, which Enter closes. axe-core finds no
// serious or critical violation on the game, each dialog and each menu.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { createRequire } from 'node:module';
import { serve, launch, openByLink, solution, typeGrid } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

const PUZZLE = '.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.7.2..1.7.39.....9.8.';
const axeSource = path.join(path.dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js');

/** What has the focus: its role or tag, its name, and whether it is inside a dialog. */
const focused = (page) => page.evaluate(() => {
  const e = document.activeElement;
  return {
    role: e.getAttribute('role') || e.tagName.toLowerCase(),
    name: (e.getAttribute('aria-label') || e.textContent || '').trim(),
    inDialog: !!e.closest('[role=dialog]'),
    active: e.getAttribute('aria-activedescendant'),
  };
});

test('the grid is one Tab stop that names the selected cell, and arrows move it', async () => {
  const page = await openByLink(b, server.url, PUZZLE);
  await page.keyboard.press('Tab');
  let f = await focused(page);
  assert.equal(f.role, 'grid', 'the first Tab reaches the grid');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  f = await focused(page);
  assert.ok(f.active, 'the grid names an active descendant');
  const cellOf = (id) => page.evaluate((id) => {
    const c = document.getElementById(id);
    return [c.getAttribute('role'), c.getAttribute('aria-selected'), c.getAttribute('aria-label')];
  }, id);
  const [role, selected, label] = await cellOf(f.active);
  assert.deepEqual([role, selected], ['gridcell', 'true']);
  await page.keyboard.press('ArrowDown');
  const next = await focused(page);
  assert.notEqual(next.active, f.active, 'the active descendant follows the selection');
  assert.notEqual((await cellOf(next.active))[2], label);
  // The next Tab leaves the grid for the first control: the cells are not Tab stops.
  await page.keyboard.press('Tab');
  f = await focused(page);
  assert.equal(f.role, 'button');
  assert.equal(f.inDialog, false);
  await page.context().close();
});

test('a dialog takes the focus, keeps Tab inside, and gives it back on Escape', async () => {
  const page = await openByLink(b, server.url, PUZZLE);
  const settings = page.getByRole('button', { name: 'Settings', exact: true });
  await settings.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Settings' }).waitFor();
  await page.waitForFunction(() => document.activeElement.closest('[role=dialog]'));
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
    assert.equal((await focused(page)).inDialog, true, `Tab ${i + 1} stays in the dialog`);
  }
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement.textContent.trim() === 'Settings');
  // Enter on the focused main button does what it says: Settings opens and Enter closes it.
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Settings' }).waitFor();
  await page.waitForFunction(() => document.activeElement.closest('[role=dialog]'));
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.context().close();
});

test('a game typed from the keyboard alone is won, and Enter closes the win dialog', async () => {
  const page = await openByLink(b, server.url, PUZZLE);
  const answer = await solution(page);
  await page.keyboard.press('Tab');
  assert.equal((await focused(page)).role, 'grid');
  // Walks to r1c1, then row by row, typing each empty cell's digit.
  await typeGrid(page, [...PUZZLE].map((ch, i) => (ch === '.' ? answer[i] : '.')).join(''));
  const won = page.getByRole('dialog', { name: 'Congratulations!' });
  await won.waitFor({ timeout: 15000 });
  await page.waitForFunction(() => document.activeElement.closest('[role=dialog]'));
  await page.keyboard.press('Enter');
  await won.waitFor({ state: 'detached' });
  await page.context().close();
});

/** Runs axe-core on the page; returns its serious and critical violations, one line each. */
async function axe(page) {
  if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ path: axeSource });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

test('axe-core: no serious or critical violation on the game, each dialog and each menu', async () => {
  const page = await openByLink(b, server.url, PUZZLE, { bypassCSP: true });
  const found = {};
  const check = async (what) => { const v = await axe(page); if (v.length) found[what] = v; };
  await check('game');
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await page.getByRole('region', { name: 'Hint' }).waitFor();
  await check('hint');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await check('Solve menu');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.getByRole('button', { name: 'Marks', exact: true }).click();
  await check('Marks menu');
  await page.getByRole('button', { name: 'Marks', exact: true }).click();
  await page.getByRole('button', { name: 'Colour', exact: true }).click();
  await check('palette');
  await page.getByRole('button', { name: 'Colour', exact: true }).click();
  for (const [button, dialog] of [['Settings', 'Settings'], ['New game', 'New game'], ['Share', 'Share']]) {
    await page.getByRole('button', { name: button, exact: true }).click();
    await page.getByRole('dialog', { name: dialog }).waitFor();
    await check(`${dialog} dialog`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }
  assert.deepEqual(found, {});
  await page.context().close();
});
