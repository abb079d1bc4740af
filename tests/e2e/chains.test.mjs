// Chains you can see: on fixed puzzles of magictour top1465, Hint + Apply is followed until the
// chains looked at here have come and been applied (the walks of these puzzles, and of every
// other of top1465, to the end run natively: engine/tests/hint_walk.rs, magictour_top1465; the
// win after hints in the browser: help.test.mjs). On a Master one (rated "Unit Forcing Chain" by `inkdoku rate`) the first forcing step draws its
// nodes and links on the board (strong solid, weak dashed), names the same links in the panel,
// steps through them one at a time, and Apply removes what it says. On an Extreme one (rated
// "Grouped Alternating Inference Chain") each grouped loop is drawn with its grouped node
// outlined or names its links through almost locked sets (one to a cell a set forces, its cells
// shaded), and its whole proof (folded under the sentence) walks the same nodes in Eureka
// notation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, snapSizes, cells, cell, openWithCandidates } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

const MASTER = '3..8.1....5....6.9......4..5..7...8..4..6...........2.2..3.........9.1....7......';

// magictour top1465 no. 259, rated Extreme ("Grouped Alternating Inference Chain"); its grouped
// loops go through a box-line group or through almost locked sets, one of them from a set's
// digit to a cell the set forces. (The puzzle before it lost its grouped loops when shorter AICs
// of the same score came first.)
const GROUPED_LOOP = '.2....4..7.......6..8..7.....3..89.........42.541.........6....5....93.....34..81';

/** The cells of a node name as the sentence writes it: "7r5c4789", "9r46c1", "4r8c1,r9c12". */
const nodeCells = (name) => [...name.matchAll(/r(\d+)c(\d+)/g)]
  .flatMap(([, rows, cols]) => [...rows].flatMap((r) => [...cols].map((c) => [Number(r), Number(c)])));

const openPuzzle = (puzzle, options = {}) => openWithCandidates(b, server.url, puzzle, options);

// The tests run at 800x480 (the tightest screen) and look at each drawing in 1280x800 too.
const viewport = { width: 800, height: 480 };
const BOTH = [[1280, 800], [800, 480]];

const board = async (page) => (await cells(page)).map((c) => c.label).join('\n');
const drawnLinks = (page) => page.locator('.chain .chain-link').count();

/** "Removes 9 (r6c2); 1 (r7c3, r7c7)." as [row, col, digit] triples. */
const removals = (text) => [...text.matchAll(/Removes ([^.]*)\./g)].flatMap((m) => [...m[1].matchAll(/(\d) \(([^)]*)\)/g)]
  .flatMap(([, d, cs]) => cs.split(', ').map((c) => [Number(c[1]), Number(c[3]), d])));

/** Presses Hint: the board before, the hint card, its sentence and its whole proof (folded under
 *  the sentence when the sentence left details out; else the sentence itself). */
async function askHint(page) {
  const before = await board(page);
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  const card = page.getByRole('region', { name: 'Hint' });
  await card.waitFor({ timeout: 30000 });
  const text = await card.locator('p').first().textContent();
  const proof = card.locator('details.proof p');
  return { before, card, text, proof: (await proof.count()) ? await proof.textContent() : text };
}

/** Clicks Apply and waits for the board to change. */
async function apply(page, card, before, text) {
  await card.getByRole('button', { name: 'Apply hint' }).click();
  await page.waitForFunction((b) => [...document.querySelectorAll('[role=gridcell]')]
    .map((e) => e.getAttribute('aria-label')).join('\n') !== b, before, { timeout: 5000 })
    .catch(() => { throw new Error(`Apply changed nothing: ${text}`); });
}

/** Applies a chain's hint: every candidate its sentence removes is gone after, and so is the drawing. */
async function applyChecked(page, card, before, text) {
  const removed = removals(text);
  await apply(page, card, before, text);
  for (const [r, c, d] of removed) {
    assert.doesNotMatch(await cell(page, r, c).getAttribute('aria-label'), new RegExp(`candidates [^,]*\\b${d}\\b`), text);
  }
  assert.equal(await drawnLinks(page), 0, 'the drawing goes with the hint');
}

test(`a forcing hint is drawn, stepped link by link, and applied (800x480, looked at in 1280x800 too)`, async () => {
  const page = await openPuzzle(MASTER, { viewport });
  const won = page.getByRole('dialog', { name: 'Congratulations!' });
  let chainsSeen = 0, applied = 0;
  while (chainsSeen === 0 && !(await won.isVisible())) {
    const { before, card, proof: text } = await askHint(page);
    const steps = card.locator('details.chain-steps');
    // Kites, rectangles and colourings draw their links too; the one checked is the first
    // forcing step (its proof walks the links with ⇒).
    if (await steps.count() > 0 && text.includes('⇒')) {
      chainsSeen++;
      if (chainsSeen === 1) {
        // Drawn: nodes and links, one per link named in the panel; weak links dashed.
        const names = await steps.locator('ol.chain-links li').allTextContents();
        assert.ok(names.length >= 2, `${names.length} links: ${text}`);
        assert.equal(await drawnLinks(page), names.length);
        assert.ok(await page.locator('.chain .chain-node').count() >= 2);
        assert.ok(await page.locator('.chain .link-weak').count() > 0, 'a weak link is dashed');
        for (const name of names) {
          assert.match(name, /^r\d+c\d+[=≠]\d ⇒ r\d+c\d+[=≠]\d$/);
          // A forcing step's proof walks the same links as the panel.
          assert.ok(text.includes(name.split(' ⇒ ')[1]), `${name} is in the sentence: ${text}`);
        }
        await snapSizes(page, 'chains-%s-whole', BOTH);
        // Step through: the first link alone, then two, then the whole chain again.
        await steps.locator('summary').click();
        await steps.getByRole('button', { name: 'Previous link' }).click();
        assert.equal(await drawnLinks(page), 1);
        assert.match(await steps.locator('.link-count').textContent(), new RegExp(`Link 1 of ${names.length}`));
        await steps.getByRole('button', { name: 'Next link' }).click();
        assert.equal(await drawnLinks(page), 2);
        await snapSizes(page, 'chains-%s-stepped', BOTH);
        await steps.getByRole('button', { name: 'Whole chain' }).click();
        assert.equal(await drawnLinks(page), names.length);
        // Apply removes (or places) exactly what the sentence says.
        await applyChecked(page, card, before, text);
        applied++;
        continue;
      }
    }
    await apply(page, card, before, text);
    applied++;
  }
  assert.equal(chainsSeen, 1, 'a forcing hint on the way');
  assert.ok(applied >= 2, `${applied} hints`);
  assert.deepEqual(b.errors, []);
});

test(`grouped nice loops are drawn with their groups outlined or sets named, walked in the sentence, and applied (800x480, looked at in 1280x800 too)`, async () => {
  const page = await openPuzzle(GROUPED_LOOP, { viewport });
  const won = page.getByRole('dialog', { name: 'Congratulations!' });
  let loops = 0, outlined = 0, forced = 0;
  while (!(loops >= 1 && outlined >= 1 && forced >= 1) && !(await won.isVisible())) {
    const { before, card, text: sentence, proof: text } = await askHint(page);
    if (/\(Grouped (Dis)?[Cc]ontinuous Nice Loop\)$/.test(sentence)) {
      loops++;
      const steps = card.locator('details.chain-steps');
      const names = await steps.locator('ol.chain-links li').allTextContents();
      assert.ok(names.length >= 4, `${names.length} links: ${text}`);
      assert.equal(await drawnLinks(page), names.length);
      // A grouped loop goes through a group (outlined) or through almost locked sets (named).
      const outlinedHere = await page.locator('.chain .chain-group').count() >= 1;
      assert.ok(outlinedHere || /almost locked set/.test(text), `a group outlined or a set named: ${text}`);
      if (outlinedHere) outlined++;
      assert.ok(await page.locator('.chain .link-weak').count() > 0 && await page.locator('.chain .link-strong').count() > 0);
      // The sentence's Eureka chain names every node the panel names (r56c2=8 is 8r56c2 there;
      // a set's cells across boxes read r8c1,r9c12).
      const eureka = text.match(/loop (\S+) /)[1];
      for (const name of names) {
        for (const [, cells, digit] of name.matchAll(/((?:r\d+c\d+,)*r\d+c\d+)[=≠](\d)/g)) {
          assert.ok(eureka.includes(`${digit}${cells}`), `${digit}${cells} of "${name}" is in ${eureka}`);
        }
      }
      // A link from a set's digit to a cell the set forces names the set, the cell and the
      // digit left there: the set's cells are shaded, its end of the link lies in the set,
      // the other end is that cell with that digit.
      for (const [, link, , set, forcedCell, only] of text.matchAll(/(\S+=\S+): without (\d), the almost locked set (\S+) \(n cells, n\+1 digits; shaded\) is locked, and its other digits leave (r\d+c\d+) only (\d)\./g)) {
        assert.ok(eureka.includes(link), `${link} is a link of ${eureka}`);
        const setCells = nodeCells(set);
        for (const [r, c] of setCells) {
          assert.match(await cell(page, r, c).getAttribute('class'), /hint-cell/, `r${r}c${c} of the set ${set} is shaded`);
        }
        const ends = link.split('=');
        const forcedEnd = ends.find((e) => e === `${only}${forcedCell}`);
        assert.ok(forcedEnd, `${only}${forcedCell} is an end of ${link}`);
        const setEnd = ends.find((e) => e !== forcedEnd);
        assert.ok(nodeCells(setEnd).every(([r, c]) => setCells.some(([sr, sc]) => sr === r && sc === c)), `${setEnd} lies in ${set}`);
        if (forced++ === 0) await snapSizes(page, 'chains-%s-forced-cell', BOTH);
      }
      if (outlinedHere && outlined === 1) await snapSizes(page, 'chains-%s-grouped-loop', BOTH);
      assert.ok(removals(text).length >= 1, text);
      await applyChecked(page, card, before, text);
      continue;
    }
    await apply(page, card, before, text);
  }
  assert.ok(loops >= 1, 'a grouped nice loop on the way');
  assert.ok(outlined >= 1, 'a grouped node outlined on the way');
  assert.ok(forced >= 1, 'a link to a cell a set forces on the way');
  assert.deepEqual(b.errors, []);
});

// A grouped loop through almost locked sets (magictour top1465's first puzzle, about thirty
// hints in; a grouped AIC through sets comes before it): the sentence names each link through a
// set, every cell those links name is shaded, and Apply removes what the sentence says.
const THROUGH_SETS = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';


test(`a loop through almost locked sets names its set links, shades their cells and is applied (800x480, looked at in 1280x800 too)`, async () => {
  const page = await openPuzzle(THROUGH_SETS, { viewport });
  let found = false;
  for (let i = 0; i < 80 && !found; i++) {
    const { before, card, text: sentence, proof: text } = await askHint(page);
    const named = text.match(/\. ((?:\S+=\S+, )*\S+=\S+): each joins two digits of an almost locked set/);
    // A grouped AIC through sets may come first (the shorter chain of the same score): the
    // loop is the one looked at here.
    if (!named || !/\(Grouped (Dis)?[Cc]ontinuous Nice Loop\)$/.test(sentence)) {
      await apply(page, card, before, text);
      continue;
    }
    found = true;
    const links = named[1].split(', ');
    for (const link of links) {
      const eureka = text.match(/loop (\S+) /)[1];
      assert.ok(eureka.includes(link), `${link} is a link of ${eureka}`);
      for (const [r, c] of link.split('=').flatMap(nodeCells)) {
        assert.match(await cell(page, r, c).getAttribute('class'), /hint-cell/, `r${r}c${c} of ${link} is shaded`);
      }
    }
    assert.ok(await drawnLinks(page) >= 4);
    await snapSizes(page, 'chains-%s-through-sets', BOTH);
    assert.ok(removals(text).length >= 1, text);
    await applyChecked(page, card, before, text);
  }
  assert.ok(found, 'a loop through almost locked sets on the way');
  assert.deepEqual(b.errors, []);
});
