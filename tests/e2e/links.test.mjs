// Links and pastes of other apps (issue 19): f-puzzles payloads (SudokuPad's ?puzzleid=fpuzzles…,
// f-puzzles' ?load=, bare), SudokuPad's scl… puzzles (plain and shortened JSON), SudokuExchange's
// digit and comma forms, 4x4 and 16x16; a puzzle with a rule inkdoku does not play (minimum
// cells) refused with its rules named; damaged
// payloads for a returning player; a first visit by a link waits for the engine worker, which
// reads it; Share's "Open in SudokuPad" link, decoded back.
//
// The fixtures were made by inkdoku's own encoders from JSON built after the formats' public
// descriptions (engine/examples/fixtures.rs prints them): lz-string base64 of f-puzzles' JSON
// ({"size":9,"grid":[[{"value":5,"given":true},{},…]]}) and of SudokuPad's ({"cells":[[{"value":5},{},…]],
// "regions":[…]}, or shortened: {ce:[[{v:5},{v:3},,,…]],ca:[{v:'title: Classic'}]}).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openApp, cells, cell, waitForPuzzle, savedWhen, holdEngineScript } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

const NINE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const FOUR = '43..21....12..34';
const SIXTEEN = '3.....9AC..F...6.BC..F..3.46..G.91.....38.GA...D...F.6.8...D75..4C.39..F2.......5.B1.....AD.G2.....9A.......1.658F2A...B6.E4...CC...6D.1G...F3E21D.B.......C6.....92.3F.....5C.A.......GD..74.19..84B...7.6.A...6...5G.2F.....98.A..F7.6..C..E2.D...3..451.....G';
const FP9 = 'N4Ig5gTglgJiBcBtRoxQG4FMB2CAuEArpgDQjoCGANsQgKwC+JqGO+Rp51t8AzE8AEDwrXPALEylGpgQB2Ic0WCAuiRQisYiZ2k8AbMuFot7SVxkIAjMdFnd3WfACct0+I5TH9I0rUo3Ng9zPSdXZk0gnS9LeAAOX0ElCJMozwsDIX8Wd2iMpwTkpOLI7XTQhEMi5VL7GJ5+bNrgh1iAFkTmvIr4mtSykO8+Tv66/OsGJtGW+qcFaqKu8qGAJkTAgdbM7I2xnqrikbsZ8fg1lOPuocLVdUPF6av23ZOemwvc5djw+5y0wdijB2CxKjy+PBufUu4LmLyePFcKjUIAAzlAAF5hBhAA';
const FP4 = 'N4Ig5gTglgJiBcBtRoxQG4FMB2CAuEArpgDQjoCGANsQgCwC+JqGO+Rp51t8AzE8AEMAuiRThWueAWJlKNTAgBMAiVikzO8ngEYhzEWMEHmattI5zui+HtNp17WVwXLDKfS0cXn2m/3tJJy1rehFREABnKAAvG0YgA===';
const FP16 = 'N4Ig5gTglgJiBcBtRoxQG4FMB2CAuEArpgDQjoCGANsQgMwC+JwTLzrHz4GO+Rp5arXgBOVtyy54BYmUo1MCAIwAGcWkl9ZghcoBMnNqh5SZA+cKUBWQ4Ym9p/OUMXwAbAwC6JFOpNbzF2UlP01HbQtXJQN2WOMws2ddeGtbLg0HRJ1hRjj7Uyds1wAWUMzCyIQPOLKCiKCU6pZvFHyApOExdP9wwOSQmsGjNt6O11z48vrkgA47DLq+yyaRrMqUtSHa9qLlRhajeZ61htS8hZ31pu3R3fg5re6EitOJ1ZfkgHYbk+SbGoO72mwlKTymSyiMWGF1u6zeMN+nTSk0WY2U/xRlwaUORuMBCI+wgxP0JUQGmNhp1xQyBEOUmwpiKiExJwKiKwJbIQOPYB2RtLRolZdI21MONM5IvJwsFHOOpIQNnx8q59xldzOjIV8ChAo1DP5ksFSnJequR2eqqUoK1qpthpVUoMystTrFZoactdxpZYNRGvV6yU1wljuNGI9yXhYY1NsjwmdPltUsDrwt4ON0se4uhMaDuqNdxDhz55zzDS6ycFPKrd2j3o1xOzqb+LcsNfjUTUpZz7sLQa9GY1vtzDfW3z9WOS9snlP6bdcYh7C4QD1r6zj/dOWZznYQE9HQ/NZbHpwNAKTe/cffLrdnTOUxavBdvlibvZPR4rK7VPavqgdU9+gjLcvnTf1j13UD20Ar9+k3V9XBxF04MsEdwKnHJYIghoEKAokfx3G98PZLxvBAABnKAAC9SKAA';
const SCL9 = 'N4IgxgpgNlDOIC4DaTQDcCGUCuFEFYBfAGnS10QGYTgaaRMc8EB2O092gXWNQfOYA2TvUYUEARlEDEATmlMCIjj1QLx80v0UIAHMtoctYoXVVkd+o4Zvbxw65zvNq554gAsB93qcmq3v6ShG5BbI7WPgBMBuqm5nGIDjaBMggxxmlW3LwpkUFemTpSRRqpOkQJEbZB2X5p4RZlXDwgAE4QAOYAlgD2AHbwyCgADMQjqmMSk8RRqhLj88TTvAtzvFGLG8uqm3OqSGOUMx4z+EvHq8SnV+fbl0ibN4/E5wdjgjMsM7pLn1ffK6/bb/F6Al6/A6ULZIaErWGzVQeGHI+HI9ZIfAwrHwrH7XgIh7Q57Qu5IZEPZHPZFkrEPLHPLFvAnQ0HQ8HQ4Hk4ig5Hg5FcrGgrHgrGQgmCGGS+GSjEsGHy+HyjG6GGq+Gq/EoSUPSXPSVk+UPeXPeVk1UPVXPVXM7U81SS8GSrny0Hy8Hyrmq0Gq8GqyFcQhAA===';
const SCL4 = 'N4IgxgpgNlDOIC4DaTQDcCGUCuFEBYBfAGnS10QGYTgbCBdY1ETHPBAJhpfPYEY6pBk1pDSPNogHjWFTsNSCykhNRm8CDRiABOEAOYBLAPYA7eMhQAGYlcZIbfe31vPiT+w+Id7Nym58mF39PDlcmMKcmSnCkGI8mJDDApOJ/aO97GJD6QiA';
/** SudokuPad's shortened JSON of NINE, compressed. */
const SCLZ9 = 'N4YwpgXA2lwG4QKwF8A08IGY2vQg7DrgLqqwIBsRGAjGhgJz0Iq6qlR4RNcAcRuDFXZkM/Nl2FsM2DhgAs1BOK7ZpCOnIICMAJh2VkHSQK76+aY4ISKudLj2tIjZCWKURCDo6RABDaAwAcgAXAEsQgBtIAAIAYUi/AGcksJAgo2QgA===';
const COMMA9 = '5,3,0,0,7,0,0,0,0,6,0,0,1,9,5,0,0,0,0,9,8,0,0,0,0,6,0,8,0,0,0,6,0,0,0,3,4,0,0,8,0,3,0,0,1,7,0,0,0,2,0,0,0,6,0,6,0,0,0,0,2,8,0,0,0,0,4,1,9,0,0,5,0,0,0,0,8,0,0,7,9';
/** NINE with an f-puzzles `minimum` cell: a rule inkdoku does not play (engine/examples/variant_fixtures.rs). */
const MINMAX = 'N4Ig5gTglgJiBcBtRoxQG4FMB2CAuEArpgDQjoCGANsQgKwC+JqGO+Rp51t8AzE8AEDwrXPALEylGpgQB2Ic0WCAuiRQisYiZ2k8AbMuFot7SVxkIAjMdFnd3WfACct0+I5TH9I0rUo3Ng9zPSdXZk0gnS9LeAAOX0ElCJMozwsDIX8Wd2iMpwTkpOLI7XTQhEMi5VL7GJ5+bNrgh1iAFkTmvIr4mtSykO8+Tv66/OsGJtGW+qcFaqKu8qGAJkTAgdbM7I2xnqrikbsZ8fg1lOPuocLVdUPF6av23ZOemwvc5djw+5y0wdijB2CxKjy+PBufUu4LmLyePFcKjUIAAtlBsFAUYQUQgNABjTBUKgIEAAJSsAGFeCBJmQAM5QABeYQYQA===';

const clip = { permissions: ['clipboard-read', 'clipboard-write'] };
const status = (page, re) => page.waitForFunction((s) => new RegExp(s).test((document.querySelector('[role=status]')?.textContent ?? '')), re.source);
const label = (page, r, c) => cell(page, r, c).getAttribute('aria-label');

/** The given cells' labels a puzzle line should put on the board. */
function expectedGivens(line) {
  const side = Math.sqrt(line.length);
  return [...line].flatMap((ch, i) => ch === '.' ? [] : [`Row ${Math.floor(i / side) + 1}, column ${i % side + 1}, ${ch}, given`]);
}

async function assertBoard(page, line, what) {
  const all = await cells(page);
  assert.equal(all.length, line.length, what);
  assert.deepEqual(all.filter((c) => c.label.endsWith(', given')).map((c) => c.label), expectedGivens(line), what);
}

test('every link form opens its puzzle with exactly its givens', async () => {
  const zeros = NINE.replaceAll('.', '0');
  for (const [link, line] of [
    [`?puzzleid=fpuzzles${encodeURIComponent(FP9)}`, NINE],
    [`?puzzleid=fpuzzles${FP9}`, NINE],
    [`?load=${FP9}`, NINE],
    [`#fpuzzles${FP9}`, NINE],
    [`#${FP9}`, NINE],
    [`?puzzleid=scl${encodeURIComponent(SCL9)}`, NINE],
    [`#scl${SCLZ9}`, NINE],
    [`?s=${COMMA9}&d=Hard`, NINE],
    [`#s=${encodeURIComponent(COMMA9)}`, NINE],
    [`?s=${zeros}`, NINE],
    [`?puzzleid=fpuzzles${encodeURIComponent(FP4)}`, FOUR],
    [`?puzzleid=scl${encodeURIComponent(SCL4)}`, FOUR],
    [`?load=${encodeURIComponent(FP16)}`, SIXTEEN],
  ]) {
    const page = await b.page();
    await page.goto(server.url + link);
    await waitForPuzzle(page);
    const side = Math.sqrt(line.length);
    await status(page, new RegExp(`Opened a ${side}x${side} puzzle`));
    await assertBoard(page, line, link.slice(0, 40));
    assert.equal(new URL(page.url()).search + new URL(page.url()).hash, '', 'the link is removed from the address');
    await page.context().close();
  }
});

// Other apps' links are read in the engine worker (issue 48: their readers are not in the app's
// wasm): a first visit by one waits for the worker to load, with no premade puzzle under it, and
// then plays the link's puzzle.
test('a first visit by an f-puzzles link waits for the engine worker to load, then plays the link\'s puzzle', async () => {
  const page = await b.page({ serviceWorkers: 'block' });
  const release = await holdEngineScript(page);
  await page.goto(server.url + `?puzzleid=fpuzzles${encodeURIComponent(FP9)}`);
  await page.getByRole('group', { name: 'Checking the puzzle…' }).waitFor({ timeout: 2500 });
  assert.equal(await page.locator('[role=gridcell].given').count(), 0, 'no premade puzzle under the link');
  release();
  await waitForPuzzle(page);
  await status(page, /Opened a 9x9 puzzle/);
  await assertBoard(page, NINE, 'the link\'s puzzle');
  await page.context().close();
});

// The same refusal in German, natively in the core:
// inkdoku_core::sharing::tests::a_variant_puzzle_is_refused_naming_its_rules_in_the_players_language.
test('a payload with minimum cells is refused with its rules named; the game stays', async () => {
  for (const [locale, title, said, ok] of [
    ['en-US', 'Not a puzzle', /^The link holds a puzzle with rules inkdoku does not play: minimum\/maximum cells\. inkdoku plays classic Sudoku and its common variants\. Your game is unchanged\.$/, 'OK'],
  ]) {
    const page = await openApp(b, server.url, { locale });
    const e = (await cells(page)).find((c) => /(empty|leer)$/.test(c.label));
    await cell(page, e.row, e.col).click();
    await page.keyboard.press('2');
    const board = await cells(page);
    await page.goto(server.url + `?puzzleid=fpuzzles${encodeURIComponent(MINMAX)}`);
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    assert.match(await dialog.locator('p').first().textContent(), said, locale);
    await dialog.locator('summary').click();
    assert.match(await dialog.locator('details pre').textContent(), /minimum\/maximum cells/);
    if (ok) await dialog.getByRole('button', { name: ok }).click();
    else await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(await cells(page), board, 'the game in progress stays');
    await page.context().close();
  }
});

test('a damaged payload or link for a returning player: a message, and the game stays', async () => {
  const page = await openApp(b, server.url);
  const e = (await cells(page)).find((c) => c.label.endsWith('empty'));
  await cell(page, e.row, e.col).click();
  await page.keyboard.press('2');
  await savedWhen(page, (r) => r.game.actions.length === 1, { what: 'the move' });
  const board = await cells(page);
  for (const [bad, detail] of [
    [`?load=${FP9.slice(0, 60)}`, /f-puzzles data is damaged/],
    [`?puzzleid=scl${SCL9.slice(0, 80)}`, /SudokuPad data is damaged/],
    ['#p=AQkBAAAA', /cut short/],
  ]) {
    // A returning player: the page is opened afresh with the link, the saved game restored.
    await page.goto('about:blank');
    await page.goto(server.url + bad);
    const dialog = page.getByRole('dialog', { name: 'Not a puzzle' });
    await dialog.waitFor();
    const said = await dialog.locator('p').first().textContent();
    assert.match(said, /^(The link holds no puzzle inkdoku can read|The link is damaged or cut short)/, bad);
    assert.match(said, /Your game is unchanged\.$/, bad);
    await dialog.locator('summary').click();
    assert.match(await dialog.locator('details pre').textContent(), detail, bad);
    await dialog.getByRole('button', { name: 'OK' }).click();
    assert.deepEqual(await cells(page), board, `${bad}: the game in progress stays`);
    assert.match(await label(page, e.row, e.col), /, 2(,|$)/);
  }
});

test('a pasted bare payload opens: f-puzzles from the menu, SudokuPad with Ctrl+V', async () => {
  const page = await openApp(b, server.url, clip);
  await page.evaluate((t) => navigator.clipboard.writeText(t), FP9);
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: 'Paste puzzle' }).click();
  await status(page, /Opened a 9x9 puzzle/);
  await assertBoard(page, NINE, 'pasted f-puzzles payload');

  const other = await openApp(b, server.url, clip);
  await other.evaluate((t) => navigator.clipboard.writeText(t), `scl${SCL4}`);
  await other.keyboard.press('Control+v');
  await status(other, /Opened a 4x4 puzzle/);
  await assertBoard(other, FOUR, 'pasted scl payload');
});

test('Share offers an Open in SudokuPad link that decodes to the puzzle', async () => {
  const page = await openApp(b, server.url);
  const givens = (await cells(page)).filter((c) => c.label.endsWith(', given'));
  assert.ok(givens.length > 16);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const link = page.getByRole('dialog', { name: 'Share' }).getByRole('link', { name: 'Open in SudokuPad' });
  const href = await link.getAttribute('href');
  assert.match(href, /^https:\/\/sudokupad\.app\/\?puzzleid=fpuzzlesN4Ig[A-Za-z0-9%]+$/);
  assert.equal(await link.getAttribute('target'), '_blank');
  // Decoded back: the same query opened by inkdoku gives the same givens.
  const fresh = await b.page();
  await fresh.goto(server.url + new URL(href).search);
  await waitForPuzzle(fresh);
  await status(fresh, /Opened a 9x9 puzzle/);
  assert.deepEqual((await cells(fresh)).filter((c) => c.label.endsWith(', given')), givens);
});
