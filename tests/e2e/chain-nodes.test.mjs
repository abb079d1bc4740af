// A chain a person can follow (issue 34): on a board with no notes, every node of a hint's chain
// shows its digit, at its candidate's place in the cell, so the drawing says which candidate each
// node is; a 3D Medusa draws its two colours as its sentence names them (blue circles, orange
// rounded squares). Both on fixed puzzles followed by Hint + Apply (the nodes to the win, the
// Medusa until it has come and been applied: the rest of its walk is the engine's hint walk over
// magictour top1465, engine/tests/hint_walk.rs), and Settings explains the candidate colours of
// "Show candidates".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, snap, snapSizes, openByLink } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

// magictour top1465: rated Master (forcing chains on the way).
const MASTER = '3..8.1....5....6.9......4..5..7...8..4..6...........2.2..3.........9.1....7......';
// magictour top1465 no. 129: its 33rd step is a 3D Medusa (`inkdoku steps`). (No. 21's Medusa
// gave way to a shorter chain of the same score.)
const MEDUSA = '.135.........7.4...........1......892.4.6....7.........8.1.....6.....2.....9.3...';


/** Every node digit drawn: its text, and whether it sits at that digit's candidate place (the
 *  board is 100 units a cell, a 9x9 candidate a third of that: digit d at column (d-1)%3, row
 *  floor((d-1)/3) of its cell). */
const nodeDigits = (page) => page.evaluate(() => [...document.querySelectorAll('.chain .chain-digit')].map((t) => {
  const [x, y] = [Number(t.getAttribute('x')), Number(t.getAttribute('y'))];
  const [sx, sy] = [Math.floor((x % 100) / (100 / 3)), Math.floor((y % 100) / (100 / 3))];
  return { text: t.textContent, at: String(sy * 3 + sx + 1) };
}));

/** Follows Hint + Apply to the win, or until `look(page, text)`, which sees each hint before it
 *  is applied, returns "stop" (that hint still applied). Every hint's sentence is at most 300
 *  characters (a longer proof folds away under it). */
async function hintsToTheWin(page, look) {
  const won = page.getByRole('dialog', { name: 'Congratulations!' });
  let applied = 0, last = null;
  while (!(await won.isVisible())) {
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    const card = page.getByRole('region', { name: 'Hint' });
    await card.waitFor({ timeout: 30000 });
    const text = await card.locator('p').first().textContent();
    assert.ok([...text].length <= 300, `${[...text].length} characters: ${text}`);
    const proof = card.locator('details.proof p');
    const whole = (await proof.count()) ? await proof.textContent() : text;
    // With no notes shown, a removal changes no cell's name: a hint that did nothing would come
    // again, word for word (its whole proof: two sentences that count what they remove can match).
    assert.notEqual(whole, last, 'the hint before was applied');
    last = whole;
    const stop = (await look(page, text)) === 'stop';
    await card.getByRole('button', { name: 'Apply hint' }).click();
    await card.waitFor({ state: 'detached' });
    applied++;
    if (stop) return applied;
  }
  assert.match(await won.textContent(), /Solved with help/);
  return applied;
}

test('with no notes on the board, every chain node shows its digit at its candidate\'s place', async () => {
  const page = await openByLink(b, server.url, MASTER, { viewport: { width: 1280, height: 800 } });
  let chains = 0, shot = false;
  await hintsToTheWin(page, async (page, text) => {
    const nodes = await page.locator('.chain .chain-node:not(.chain-start-ring):not(.chain-group)').count();
    if (nodes === 0) return;
    chains++;
    assert.equal(await page.locator('.note:not(.removed)').count(), 0, 'the board shows no notes (only the candidates the hint removes)');
    const digits = await nodeDigits(page);
    assert.ok(digits.length >= nodes, `${digits.length} digits for ${nodes} nodes: ${text}`);
    for (const d of digits) assert.equal(d.text, d.at, `a node shows ${d.text} at ${d.at}'s place: ${text}`);
    if (!shot && /Forcing/.test(text)) {
      await snap(page, 'chain-nodes-digits-1280x800');
      shot = true;
    }
  });
  assert.ok(chains >= 1, 'a chain on the way');
  assert.deepEqual(b.errors, []);
});

// Walked once at 800x480; the drawing looked at in 1280x800 too.
test('a 3D Medusa draws its two colours, told apart by shape too, and applies (800x480, looked at in 1280x800 too)', async () => {
  const page = await openByLink(b, server.url, MEDUSA, { viewport: { width: 800, height: 480 } });
  let medusas = 0;
  await hintsToTheWin(page, async (page, text) => {
    const [a, bee] = [page.locator('.chain circle.colour-a'), page.locator('.chain rect.colour-b')];
    if (!text.endsWith('(3D Medusa)')) {
      assert.equal(await a.count() + await bee.count(), 0, `only a colouring is drawn in two colours: ${text}`);
      return;
    }
    medusas++;
    assert.match(text, /two colours/);
    assert.ok(await a.count() >= 1 && await bee.count() >= 1, `both colours drawn: ${await a.count()} and ${await bee.count()}`);
    const stroke = (l) => l.first().evaluate((e) => getComputedStyle(e).stroke);
    assert.notEqual(await stroke(a), await stroke(bee), 'the two colours differ');
    // Every drawn node is one of the two colours.
    const nodes = await page.locator('.chain .chain-node:not(.chain-start-ring)').count();
    assert.equal(await a.count() + await bee.count(), nodes);
    if (medusas === 1) await snapSizes(page, 'chain-medusa-%s', [[1280, 800], [800, 480]]);
    return 'stop';
  });
  assert.ok(medusas >= 1, 'the Medusa step came');
  assert.deepEqual(b.errors, []);
});

test('Settings explains the candidate colours of "Show candidates" beside it', async () => {
  const page = await openByLink(b, server.url, MASTER);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const legend = dialog.locator('.candidate-legend li');
  assert.equal(await legend.count(), 2);
  assert.match(await legend.nth(0).textContent(), /Red: it can be placed now/);
  assert.match(await legend.nth(1).textContent(), /Blue: one of the only two places/);
  // The swatches are drawn in the colours the board uses for those candidates.
  const colours = await dialog.locator('.candidate-legend .swatch').evaluateAll((s) => s.map((e) => getComputedStyle(e).color));
  assert.notEqual(colours[0], colours[1]);
  await snap(page, 'settings-candidate-legend');
});
