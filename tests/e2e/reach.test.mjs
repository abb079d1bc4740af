// Nothing a player needs is hidden: at every screen from a phone held upright to a desktop, with
// the page never scrolled, the hint's Apply (a short hint and a long forcing chain), every item
// of the Solve menu and the colour palette, and every button of the Settings and New game
// dialogs lie inside the viewport, and nothing covers them (the element at the button's centre
// is the button). Portrait tablets used to push Apply 50 px below the screen; 800x480 the
// palette's last row. Screenshots in target/screenshots/reach-*.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, snap, resize, openByLink, openWithCandidates, draw, cells, cell } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

const SIZES = [[390, 844], [600, 960], [800, 480], [1024, 600], [1280, 800], [1920, 1080], [844, 390]];

// Easy (its first hint is a hidden single) and Master (its first hint a long forcing chain).
const EASY = '.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.7.2..1.7.39.....9.8.';
const MASTER = '3..8.1....5....6.9......4..5..7...8..4..6...........2.2..3.........9.1....7......';

/** The buttons matching `selector` that are hidden: outside the viewport, or covered at their
 *  centre by something else. Each as "name (why)". */
function hidden(page, selector) {
  return page.locator(selector).evaluateAll((els) => {
    const [w, h] = [window.innerWidth, window.innerHeight];
    return els.filter((e) => e.getClientRects().length > 0).flatMap((e) => {
      const r = e.getBoundingClientRect();
      const name = (e.getAttribute('aria-label') || e.textContent).trim();
      if (r.top < 0 || r.left < 0 || r.bottom > h + 0.5 || r.right > w + 0.5) {
        return [`${name} (at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)} in ${w}x${h})`];
      }
      const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      return top && (top === e || e.contains(top)) ? [] : [`${name} (covered by ${top?.className || top?.tagName})`];
    });
  });
}

async function assertShown(page, selector, what, expected) {
  const count = await page.locator(selector).count();
  assert.ok(count >= expected, `${what}: ${count} buttons, expected ${expected} or more`);
  assert.deepEqual(await hidden(page, selector), [], `${what}: every button on screen`);
  assert.equal(await page.evaluate(() => [document.scrollingElement.scrollTop, document.scrollingElement.scrollLeft].join()), '0,0',
    `${what}: the page itself never scrolls`);
}

for (const [width, height] of SIZES) {
  const size = `${width}x${height}`;
  test(`${size}: Apply, the Solve menu, the palette and the dialogs' buttons are on screen`, async () => {
    const page = await openByLink(b, server.url, EASY, { viewport: { width, height } });
    await assertShown(page, '.controls button', `${size} controls`, 25);

    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    const card = page.getByRole('region', { name: 'Hint' });
    await card.waitFor();
    await assertShown(page, '.hint-card button', `${size} hint`, 1);
    await snap(page, `reach-${size}-hint`);
    // Apply works from where it is: the hint's digit goes in.
    const filled = () => page.locator('[role=gridcell][aria-label*="empty"]').count();
    const before = await filled();
    await card.getByRole('button', { name: 'Apply hint' }).click();
    await page.waitForFunction((n) => document.querySelectorAll('[role=gridcell][aria-label*="empty"]').length === n - 1, before);

    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await assertShown(page, '.solve-menu button', `${size} Solve menu`, 8);
    await snap(page, `reach-${size}-solve`);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();

    await page.getByRole('button', { name: 'Colour', exact: true }).click();
    await assertShown(page, '.palette button', `${size} palette`, 11);
    await snap(page, `reach-${size}-palette`);
    await page.getByRole('button', { name: 'Colour', exact: true }).click();

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await assertShown(page, '.dialog button', `${size} Settings`, 1);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'New game', exact: true }).click();
    await assertShown(page, '.dialog button', `${size} New game`, 6);
    await snap(page, `reach-${size}-new-game`);
    await page.keyboard.press('Escape');
    await page.context().close();
  });
}

// One walk to the long step, then the card looked at in three screens (the page resized, as a
// tablet turned or a window dragged): the walk itself is the same at every size.
test('a long forcing chain\'s Apply is on screen at 390x844, 1280x800 and 800x480, the card closes by touch, and applying it removes its candidates', async () => {
  const page = await openWithCandidates(b, server.url, MASTER, { viewport: { width: 800, height: 480 } });
  const notes = () => page.locator('[role=gridcell]').evaluateAll((cs) => cs.map((c) => c.getAttribute('aria-label')).join('\n'));
  const card = page.getByRole('region', { name: 'Hint' });
  // Hint + Apply through the opening singles until the first long step (a forcing chain).
  let text = '';
  for (let step = 0; step < 60 && text.length <= 250; step++) {
    if (step > 0) {
      const now = await notes();
      await card.getByRole('button', { name: 'Apply hint' }).click();
      await page.waitForFunction((b) => [...document.querySelectorAll('[role=gridcell]')].map((c) => c.getAttribute('aria-label')).join('\n') !== b, now);
    }
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await card.waitFor({ timeout: 30000 });
    text = await card.locator('p').first().textContent();
  }
  assert.ok(text.length > 250, `a long step came (${text.length} characters)`);
  for (const [width, height] of [[390, 844], [1280, 800], [800, 480]]) {
    await resize(page, width, height);
    await assertShown(page, '.hint-card > button', `${width}x${height} long hint`, 1);
    // The card never covers Undo (at 800x480 it covered every tool) nor the digits.
    await assertShown(page, '.pad button, .controls [role=group] button:text-is("Undo")', `${width}x${height} digits and Undo under a long hint`, 10);
    await snap(page, `reach-${width}x${height}-long-hint`);
  }
  // It closes by touch: its Close button, or a tap on the board outside the hint's cells (a
  // given); a tap on one of its cells leaves it open.
  await card.getByRole('button', { name: 'Close hint' }).click();
  await card.waitFor({ state: 'detached' });
  assert.equal(await page.locator('.chain .chain-link, [role=gridcell].hint-cell').count(), 0, 'the drawing goes with the card');
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await card.waitFor({ timeout: 30000 });
  const inside = page.locator('[role=gridcell].hint-cell').first();
  if (await inside.count()) {
    const [r, c] = [Number(await inside.getAttribute('aria-rowindex')), Number(await inside.getAttribute('aria-colindex'))];
    await draw(page, r, c, [[[0.5, 0.5]]], { pointerType: 'touch' });
    assert.equal(await card.count(), 1, "a tap on the hint's cell leaves the card open");
  }
  const given = (await cells(page)).find((x) => x.label.endsWith(', given'));
  await draw(page, given.row, given.col, [[[0.5, 0.5]]], { pointerType: 'touch' });
  await card.waitFor({ state: 'detached' });
  assert.equal(await cell(page, given.row, given.col).getAttribute('aria-selected'), 'true', 'the tap selected the cell too');
  assert.equal(await page.getByRole('status').textContent(), '', "the hint's sentence goes too");
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await card.waitFor({ timeout: 30000 });
  const before = await notes();
  await card.getByRole('button', { name: 'Apply hint' }).click();
  await page.waitForFunction((b) => [...document.querySelectorAll('[role=gridcell]')].map((c) => c.getAttribute('aria-label')).join('\n') !== b, before);
  await page.context().close();
});
