// A net a person can follow (issue 34, items 2 and 4): a forcing hint's proof is stepped branch
// by branch, the board drawing only the page's branch with its premise ringed, and the last page
// states the conclusion; the hint card names the drawn links' kinds (strong solid, weak dashed)
// for a step that has links; "Show candidates" explains its colours the first time it is on, once.
// On fixed puzzles of magictour top1465 reached by Hint + Apply, as `inkdoku steps` solves them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, snap, cells, cell, openByLink, openWithCandidates } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

// top1465's first puzzle: its 38th step is a contradiction forcing net whose branch makes one
// candidate both true and false (two branches: to "true", to "false"), then the conclusion.
const NET = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
// Rated Master: its 46th step is a unit forcing chain, 1 in row 4 at three places.
const MASTER = '3..8.1....5....6.9......4..5..7...8..4..6...........2.2..3.........9.1....7......';
// top1465 no. 129: its 33rd step is a 3D Medusa (as chain-nodes.test.mjs uses it; no. 21's
// Medusa gave way to a shorter proof when the shortest proof came first).
const MEDUSA = '.135.........7.4...........1......892.4.6....7.........8.1.....6.....2.....9.3...';

const VIEWPORTS = [{ width: 800, height: 480 }, { width: 1280, height: 800 }, { width: 600, height: 960 }];

const board = async (page) => (await cells(page)).map((c) => c.label).join('\n');

/** The drawn links, each as its endpoints ("x1,y1>x2,y2"), in drawing order. */
const drawn = (page) => page.locator('.chain .chain-link').evaluateAll((ls) => ls.map((l) =>
  ['x1', 'y1', 'x2', 'y2'].map((a) => Math.round(Number(l.getAttribute(a)))).join(',')));

/** Presses Hint and waits for the card: the card and its sentence. */
async function askHint(page) {
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  const card = page.getByRole('region', { name: 'Hint' });
  await card.waitFor({ timeout: 30000 });
  return { card, text: await card.locator('p').first().textContent() };
}

/** Clicks Apply and waits for the hint to go (with no notes shown a removal changes no cell's
 *  name; where candidates are shown, `changed` also waits for the board to change). */
async function apply(page, card, { changed = false } = {}) {
  const before = await board(page);
  await card.getByRole('button', { name: 'Apply hint' }).click();
  await card.waitFor({ state: 'detached' });
  if (changed) {
    await page.waitForFunction((b) => [...document.querySelectorAll('[role=gridcell]')]
      .map((e) => e.getAttribute('aria-label')).join('\n') !== b, before, { timeout: 5000 });
  }
}

/** Hint + Apply until a hint's sentence ends with `(technique)`; returns its card and sentence. */
async function hintUntil(page, technique, most = 80) {
  for (let i = 0; i < most; i++) {
    const { card, text } = await askHint(page);
    if (text.endsWith(`(${technique})`)) return { card, text };
    await apply(page, card);
  }
  throw new Error(`no ${technique} in ${most} hints`);
}

/** Screenshots of the page at each viewport (then back to the first). */
async function snaps(page, name) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await snap(page, `${name}-${viewport.width}x${viewport.height}`);
  }
  await page.setViewportSize(VIEWPORTS[1]);
}

/** Steps a forcing hint's proof through every page with Next and back with Previous, checking
 *  that each branch page draws its own links and names its own outcome, and that the last page
 *  states the conclusion. Returns the pages' texts. */
async function stepThrough(page, card, { name, removal }) {
  const steps = card.getByRole('group', { name: 'The proof, branch by branch' });
  const next = steps.getByRole('button', { name: 'Next branch' });
  const previous = steps.getByRole('button', { name: 'Previous branch' });
  const pageText = () => steps.locator('.page-text').textContent();
  // Before the first page: the whole proof drawn, and the number of parts said.
  const whole = await drawn(page);
  const parts = Number((await pageText()).match(/in (\d+) parts/)[1]);
  assert.ok(parts >= 3, `${parts} parts`);
  assert.ok(await previous.isDisabled());
  const texts = [], drawings = [];
  for (let k = 1; k <= parts; k++) {
    await next.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(([k, n]) => document.querySelector('.net-steps .page-count')?.textContent === `${k} / ${n}`, [k, parts]);
    const text = await pageText();
    const links = await drawn(page);
    texts.push(text);
    drawings.push(links);
    if (k < parts) {
      // A branch: named, its premise ringed, its links alone (fewer than the whole proof's),
      // its links in notation under it.
      assert.match(text, new RegExp(`^Branch ${k} of ${parts - 1}: if r\\d+c\\d+[=≠]\\d, then `), text);
      assert.equal(await page.locator('.chain .chain-start-ring').count(), 1, `the premise is ringed: ${text}`);
      assert.ok(links.length >= 1 && links.length < whole.length, `${links.length} of ${whole.length} links on ${text}`);
      assert.ok(links.every((l) => whole.includes(l)), 'a branch draws links of the proof');
      const walk = await steps.locator('.page-walk').textContent();
      assert.ok(walk.startsWith(text.match(/if (\S+),/)[1]) && walk.includes('⇒'), walk);
      assert.ok(walk.endsWith(text.match(/then (.*)\.$/)[1].split(', ').at(-1)), `${walk} ends in the branch's outcome`);
      if (k === 1) await snaps(page, `net-stepper-${name}-branch`);
    } else {
      // The conclusion: every branch drawn again, the step's removal said.
      assert.match(text, new RegExp(`so ${removal}\\.$`), text);
      assert.deepEqual([...links].sort(), [...whole].sort());
      assert.ok(await next.isDisabled(), 'the last page');
    }
  }
  // Each page names a different branch, and each branch draws a different set of links.
  assert.equal(new Set(texts).size, parts, texts.join('\n'));
  const branchSets = drawings.slice(0, -1).map((d) => [...d].sort().join(' '));
  assert.equal(new Set(branchSets).size, parts - 1, 'each branch draws its own links');
  // Previous goes back a page, then to the whole drawing.
  await previous.click();
  assert.equal(await pageText(), texts[parts - 2]);
  assert.deepEqual(await drawn(page), drawings[parts - 2]);
  for (let k = parts - 1; k >= 1; k--) await previous.click();
  assert.equal((await drawn(page)).length, whole.length);
  assert.match(await pageText(), /in \d+ parts/);
  return texts;
}

test('a contradiction forcing net is stepped branch by branch, each page drawing its own links, then applied', async () => {
  // Candidates shown, so that Apply's removal shows in the cell's name (the note on their
  // colours, read, goes).
  const page = await openWithCandidates(b, server.url, NET, { viewport: VIEWPORTS[1] });
  await page.getByRole('region', { name: 'Candidate colours' }).getByRole('button', { name: 'Got it' }).click();
  // A single has no links: no legend, no stepper.
  const first = await askHint(page);
  assert.match(first.text, /\((Full House|Hidden Single|Naked Single)\)$/, first.text);
  assert.equal(await first.card.locator('.link-legend').count(), 0);
  assert.equal(await first.card.locator('.net-steps').count(), 0);
  await apply(page, first.card);

  const { card, text } = await hintUntil(page, 'Contradiction Forcing Net');
  // The legend names the kinds the step's links are drawn in.
  const legend = card.getByRole('list', { name: 'How links are drawn' });
  assert.match(await legend.textContent(), /strong link \(= in a chain\): one of the two is true/);
  assert.match(await legend.textContent(), /weak link \(- in a chain\): not both are true/);
  assert.ok(await page.locator('.chain .link-strong').count() > 0 && await page.locator('.chain .link-weak').count() > 0);
  const removal = text.match(/Removes (\d) \((r\d+c\d+)\)\./);
  assert.ok(removal, `one removal: ${text}`);
  const texts = await stepThrough(page, card, { name: 'net', removal: `${removal[2]}≠${removal[1]}` });
  // A candidate true on one page and false on the other: the clash the conclusion names.
  const [t1, t2] = texts.map((t) => t.match(/then (r\d+c\d+)([=≠])(\d)\.$/));
  assert.deepEqual([t1[1], t1[3]], [t2[1], t2[3]]);
  assert.notEqual(t1[2], t2[2]);
  assert.match(texts.at(-1), new RegExp(`${t1[1]} would be both ${t1[3]} and not ${t1[3]}`));
  // Apply changes the board (the candidate goes), and the drawing goes with the hint.
  const [, r, c] = removal[2].match(/r(\d+)c(\d+)/);
  assert.match(await cell(page, Number(r), Number(c)).getAttribute('aria-label'), new RegExp(`candidates [^,]*\\b${removal[1]}\\b`));
  await apply(page, card, { changed: true });
  assert.doesNotMatch(await cell(page, Number(r), Number(c)).getAttribute('aria-label'), new RegExp(`candidates [^,]*\\b${removal[1]}\\b`));
  assert.equal(await page.locator('.chain .chain-link').count(), 0);
  assert.deepEqual(b.errors, []);
});

test('a 3D Medusa names its links in the legend (strong only) and has no branch stepper', async () => {
  const page = await openByLink(b, server.url, MEDUSA, { viewport: VIEWPORTS[1] });
  const { card } = await hintUntil(page, '3D Medusa');
  const legend = card.getByRole('list', { name: 'How links are drawn' });
  assert.match(await legend.textContent(), /strong link/);
  assert.doesNotMatch(await legend.textContent(), /weak link/);
  assert.equal(await card.locator('.net-steps').count(), 0);
  // The removals are crossed out over the colours (issue 47 item 5), and a false colour is
  // named with the rule it breaks.
  assert.ok(await page.locator('.chain .chain-removal').count() >= 1, 'the removals are drawn apart');
  const text = await card.locator('p').first().textContent();
  assert.match(text, /(Blue \(the circles\)|Orange \(the squares\)) would (put|leave) .*so it is false|Whichever is true/, text);
  await snaps(page, 'net-stepper-medusa');
  assert.deepEqual(b.errors, []);
});

test('the first time "Show candidates" is on, a note explains the colours, on screen at 800x480, until Got it', async () => {
  const page = await openByLink(b, server.url, MASTER, { viewport: VIEWPORTS[0] });
  const note = page.getByRole('region', { name: 'Candidate colours' });
  assert.equal(await note.count(), 0);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('checkbox', { name: 'Show candidates' }).check();
  // Not over the Settings dialog: it comes when the board is back.
  assert.equal(await note.count(), 0);
  await page.getByRole('button', { name: 'Close' }).click();
  await note.waitFor();
  assert.match(await note.textContent(), /Red: it can be placed now/);
  assert.match(await note.textContent(), /Blue: one of the only two places/);
  // Seen without scrolling the panel: wholly on screen.
  const box = await note.boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= VIEWPORTS[0].height + 1, `the note at ${box.y}-${box.y + box.height}`);
  await snap(page, 'net-stepper-candidate-note-800x480');
  await note.getByRole('button', { name: 'Got it' }).click();
  await note.waitFor({ state: 'detached' });
  // That it stays away after a reload and when candidates go off and on again (the settings
  // keep it): controller::tests::the_candidate_colours_note_shows_once_and_settings_stored_before_it_still_load.
  assert.deepEqual(b.errors, []);
});
