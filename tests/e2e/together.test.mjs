// Solving together, end to end: two browsers (two contexts, their own storage) on the relay
// binary, which serves the app and the relay on one port as `scripts/run` does. From the
// Share dialog's live link to the win on both boards; the relay going away and coming back
// while both play on; a reload that rejoins; who is counted and who is away; a page that is not
// secure; a cell a partner's move won; a room of Chromium and Firefox.
import { test, before, beforeEach, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { launch, snap, waitForPuzzle, cells, cell, solution, draw, DIGITS, startRelay } from './support.mjs';
import jsQR from 'jsqr';
import { launch as launchEngine } from '../browsers/drivers.mjs';

const PUZZLE = '#.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.';
const clip = { permissions: ['clipboard-read', 'clipboard-write'] };

/** A player's own line to the relay: a TCP proxy the test can cut (every connection dropped,
 *  new ones refused) and restore, as a player's network going down and coming back. */
function line() {
  const open = new Set();
  let up = true;
  const server = net.createServer((client) => {
    if (!up) return client.destroy();
    const upstream = net.connect(relay.port, '127.0.0.1');
    client.pipe(upstream);
    upstream.pipe(client);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => s.destroy());
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const it = {
      url: `http://127.0.0.1:${server.address().port}/`,
      cut() { up = false; for (const s of open) s.destroy(); },
      restore() { up = true; },
      close() { it.cut(); server.close(); },
    };
    lines.push(it);
    resolve(it);
  }));
}

// Everything a test starts is stopped here too, so that a failing test ends the file (a line
// left listening kept its process, and the whole e2e stage, waiting).
let relay, b;
const lines = [];
const engines = [];
// A name that is not local, for a page that is not secure (plain http): browsers give WebCrypto
// only to secure pages, and 127.0.0.1 is one.
const INSECURE = 'insecure.inkdoku.test';
before(async () => { relay = await startRelay(); b = await launch({ args: [`--host-resolver-rules=MAP ${INSECURE} 127.0.0.1`] }); });
// Each test answers for the page errors of its own time only: one browser serves the file, and a
// stray error in one test would otherwise fail every test after it.
beforeEach(() => { if (b) b.errors.length = 0; });
after(async () => {
  await b?.close();
  for (const e of engines) await e.close().catch(() => {});
  for (const l of lines) l.close();
  relay?.child.kill();
});

const status = (page, re, timeout = 15000) =>
  page.waitForFunction((s) => new RegExp(s).test(document.querySelector('[role=status]')?.textContent ?? ''), re.source, { timeout });
const roomLine = (page) => page.locator('.status-bar .room');
/** Waits until the cell shows `digit` (a given or the player's). */
const shows = (page, r, c, digit, timeout = 15000) =>
  page.waitForFunction(([r, c, d]) => new RegExp(`, ${d}(,|$)`).test(document.querySelector(`[role=gridcell][aria-rowindex="${r}"][aria-colindex="${c}"]`)?.getAttribute('aria-label') ?? ''), [r, c, digit], { timeout });

/** The puzzle's empty cells on `page`, and for a cell its answer. */
async function blanks(page) {
  const sol = await solution(page);
  const empty = (await cells(page)).filter((c) => c.label.endsWith('empty'));
  return { empty, answer: (c) => sol[(c.row - 1) * 9 + c.col - 1] };
}

/** Selects the cell and types the digit, as a player with a keyboard. */
async function write(page, c, digit) {
  await cell(page, c.row, c.col).click();
  await page.keyboard.press(digit);
}

/** Player 1 opens the puzzle and shares a live link; player 2 opens it (through `via`, a
 *  line of its own, when given). */
async function twoPlayers(viewport, via) {
  const one = await b.page({ ...clip, ...(viewport && { viewport }) });
  // The room's WebSocket address (for a connection that does not prove the key).
  const sockets = [];
  one.on('websocket', (ws) => sockets.push(ws.url()));
  await one.goto(relay.url + PUZZLE);
  await waitForPuzzle(one);
  await one.getByRole('button', { name: 'Share', exact: true }).click();
  await one.getByRole('button', { name: 'Solve together' }).click();
  await status(one, /Link copied: whoever opens it solves this puzzle with you/);
  const link = await one.evaluate(() => navigator.clipboard.readText());
  assert.match(link, /#p=[A-Za-z0-9_-]+&together=[A-Za-z0-9_-]{43}$/);
  const two = await b.page({ ...clip, ...(viewport && { viewport }) });
  await two.goto(via ? link.replace(relay.url, via.url) : link);
  await waitForPuzzle(two);
  await status(two, /You joined/);
  return { one, two, link, sockets };
}

test('two players solve one puzzle from a live link: each sees the other\'s moves and cell, and both win', async () => {
  const { one, two } = await twoPlayers();
  await assert.doesNotReject(roomLine(one).filter({ hasText: 'Together: 2 players · You are Player 1' }).waitFor());
  await assert.doesNotReject(roomLine(two).filter({ hasText: 'Together: 2 players · You are Player 2' }).waitFor());
  const { empty, answer } = await blanks(one);
  assert.equal(empty.length, 49);
  // Player 1 writes; player 2 sees it. Player 2 writes; player 1 sees it.
  await write(one, empty[0], answer(empty[0]));
  await shows(two, empty[0].row, empty[0].col, answer(empty[0]));
  await cell(two, empty[1].row, empty[1].col).click();
  // Where player 2 is shows on player 1's board, in player 2's colour and shape.
  const at = `r${empty[1].row}c${empty[1].col}`;
  await one.locator(`.other-player[data-player="2"][data-cell="${at}"]`).waitFor();
  assert.equal(await one.locator('.other-player[data-player="2"]').getAttribute('aria-label'), `Player 2: ${at}`);
  await snap(one, 'together-1280x800');
  await two.keyboard.press(answer(empty[1]));
  await shows(one, empty[1].row, empty[1].col, answer(empty[1]));
  // Undo on player 1 takes back player 1's move only, on both boards.
  await one.getByRole('button', { name: 'Undo', exact: true }).click();
  await two.waitForFunction(([r, c]) => /empty$/.test(document.querySelector(`[role=gridcell][aria-rowindex="${r}"][aria-colindex="${c}"]`).getAttribute('aria-label')), [empty[0].row, empty[0].col]);
  await shows(two, empty[1].row, empty[1].col, answer(empty[1]));
  // Player 2 writes a digit with the pen; player 1 takes a note: each sees the other's.
  const byPen = empty.slice(2).find((c) => answer(c) === '4' || answer(c) === '7');
  await draw(two, byPen.row, byPen.col, DIGITS[answer(byPen)]);
  await shows(one, byPen.row, byPen.col, answer(byPen), 30000);
  const noted = empty.slice(2).find((c) => c !== byPen);
  await one.getByRole('button', { name: 'Notes' }).click();
  await write(one, noted, answer(noted));
  await two.waitForFunction(([r, c, d]) => new RegExp(`notes ${d}`).test(document.querySelector(`[role=gridcell][aria-rowindex="${r}"][aria-colindex="${c}"]`).getAttribute('aria-label')), [noted.row, noted.col, answer(noted)]);
  await one.getByRole('button', { name: 'Notes' }).click();
  // The rest, in turns (what is not on the board yet): the game is won on both boards.
  const board = await cells(one);
  const rest = empty.filter((c) => !new RegExp(`, ${answer(c)}(,|$)`).test(board.find((b) => b.row === c.row && b.col === c.col).label));
  for (const [i, c] of rest.entries()) {
    const page = i % 2 ? two : one;
    await write(page, c, answer(c));
  }
  for (const page of [one, two]) {
    await page.locator('.dialog.won').waitFor({ timeout: 20000 });
    const left = (await cells(page)).filter((c) => c.label.endsWith('empty'));
    assert.equal(left.length, 0);
  }
  assert.deepEqual(b.errors, []);
});

test('the relay goes away: both play on, told they are offline, and every move is shared when it is back; a reload rejoins', async () => {
  const { one, two } = await twoPlayers({ width: 800, height: 480 });
  const { empty, answer } = await blanks(one);
  relay.child.kill();
  for (const page of [one, two]) await status(page, /Offline — your moves will be shared/);
  await snap(two, 'together-offline-800x480');
  await write(one, empty[0], answer(empty[0]));
  await write(two, empty[1], answer(empty[1]));
  // Back on the same port (with no kept frames: each player sends again what it made).
  relay = await startRelay(relay.port);
  await shows(two, empty[0].row, empty[0].col, answer(empty[0]), 40000);
  await shows(one, empty[1].row, empty[1].col, answer(empty[1]), 40000);
  // Player 2 names the relay in Settings (its full address this time), then reloads: the same
  // player, the same board, still in the room.
  await two.getByRole('button', { name: 'Settings' }).click();
  await two.getByRole('textbox', { name: 'Relay for solving together' }).fill(relay.url);
  await two.getByRole('textbox', { name: 'Relay for solving together' }).press('Enter');
  await two.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Close' }).click();
  await two.reload();
  await waitForPuzzle(two);
  await roomLine(two).filter({ hasText: 'You are Player 2' }).waitFor({ timeout: 20000 });
  await shows(two, empty[0].row, empty[0].col, answer(empty[0]));
  await write(one, empty[2], answer(empty[2]));
  await shows(two, empty[2].row, empty[2].col, answer(empty[2]));
  await snap(two, 'together-800x480');
  // Player 1's scratchpad stroke shows on player 2's board while it is drawn, then stays as ink.
  await one.getByRole('button', { name: 'Scratchpad' }).click();
  const box = await cell(one, 5, 5).boundingBox();
  await one.mouse.move(box.x + 5, box.y + 5);
  await one.mouse.down();
  await one.mouse.move(box.x + box.width * 2, box.y + box.height * 2, { steps: 8 });
  await two.locator('.player-ink[data-player="1"]').waitFor();
  await one.mouse.move(box.x + box.width * 3, box.y + box.height, { steps: 8 });
  await one.mouse.up();
  await two.locator('.player-ink').waitFor({ state: 'detached' });
  await two.locator('.ink.scratch').waitFor();
  await one.setViewportSize({ width: 600, height: 960 });
  await snap(one, 'together-600x960');
  assert.deepEqual(b.errors, []);
});

/** Waits until the header's room line lists player `n` as here (`away` false) or away. */
const listed = (page, n, away, timeout = 15000) =>
  roomLine(page).filter({ hasText: ` · Player ${n}: ${away ? 'away' : 'here'}` }).waitFor({ timeout });

test('one player offline plays on, shown away, and both converge when back; connections without the key are not counted; a link with another key sees nothing of the game', async () => {
  const via = await line();
  const { one, two, link, sockets } = await twoPlayers(undefined, via);
  await listed(one, 2, false);
  await listed(two, 1, false);
  const { empty, answer } = await blanks(one);
  await write(one, empty[0], answer(empty[0]));
  await shows(two, empty[0].row, empty[0].col, answer(empty[0]));
  via.cut();
  await status(two, /Offline — your moves will be shared/);
  // Player 1 sees player 2 away (the relay's count fell, and player 2 missed the roll call).
  await listed(one, 2, true);
  await roomLine(one).filter({ hasText: 'Together: only you are here · You are Player 1' }).waitFor();
  await snap(one, 'together-away-1280x800');
  await write(two, empty[1], answer(empty[1]));
  await write(one, empty[2], answer(empty[2]));
  via.restore();
  await shows(one, empty[1].row, empty[1].col, answer(empty[1]), 40000);
  await shows(two, empty[2].row, empty[2].col, answer(empty[2]), 40000);
  await listed(one, 2, false);
  await roomLine(one).filter({ hasText: 'Together: 2 players' }).waitFor();
  // A bare WebSocket to the room's path, and one that sends a frame not sealed with the key: the
  // relay counts four connections, the players count two.
  const url = sockets.find((u) => u.includes('/relay/v1/'));
  assert.ok(url, `the room's socket among ${sockets}`);
  const intruder = await b.page();
  await intruder.evaluate((url) => new Promise((ok, fail) => {
    window.heard = [];
    const bare = new WebSocket(url);
    bare.binaryType = 'arraybuffer';
    bare.onmessage = (e) => window.heard.push(typeof e.data === 'string' ? e.data : 'frame');
    bare.onopen = () => {
      const wrong = new WebSocket(url);
      wrong.onopen = () => { wrong.send(new Uint8Array([1, ...Array(12).fill(7), ...Array(40).fill(9)])); ok(); };
      wrong.onerror = () => fail(new Error('the second socket failed'));
    };
    bare.onerror = () => fail(new Error('the bare socket failed'));
  }), url);
  // Both players answered the count of four (their presences reach the bare socket too), and the
  // frame without the key went out.
  await intruder.waitForFunction(() => {
    const at = window.heard.indexOf('{"players":4}');
    return at >= 0 && window.heard.slice(at).filter((h) => h === 'frame').length >= 3;
  }, null, { timeout: 15000 });
  for (const [page, other] of [[one, 2], [two, 1]]) {
    assert.equal(await roomLine(page).textContent(), `Together: 2 players · You are Player ${3 - other} · Player ${other}: here`);
  }
  await intruder.close();
  // Another key (one character changed): another room, sealed with another key.
  const key = /together=(.)/.exec(link)[1];
  const wrong = link.replace(`together=${key}`, `together=${key === 'A' ? 'B' : 'A'}`);
  const third = await b.page();
  await third.goto(wrong);
  await waitForPuzzle(third);
  await roomLine(third).filter({ hasText: 'Together: just you so far' }).waitFor();
  // Alone a few seconds later: the link may be wrong, and the player is told so.
  await status(third, /No one else is here yet — if you expected others, check the link/, 20000);
  for (const c of empty.slice(0, 3)) {
    assert.match(await cell(third, c.row, c.col).getAttribute('aria-label'), /empty$/, 'none of the game\'s moves');
  }
  await roomLine(one).filter({ hasText: 'Together: 2 players' }).waitFor();
  via.close();
  assert.deepEqual(b.errors, []);
});

test('a page that is not secure (plain http on a name that is not local) is told solving together needs https, and plays on', async () => {
  const page = await b.page();
  const key = 'A'.repeat(43);
  await page.goto(`${relay.url.replace('127.0.0.1', INSECURE)}${PUZZLE}&together=${key}`);
  await waitForPuzzle(page);
  assert.deepEqual(await page.evaluate(() => [isSecureContext, typeof crypto.subtle]), [false, 'undefined'], 'a page without WebCrypto');
  await status(page, /^Solving together needs a secure page \(https\); your moves stay on this device\.$/);
  await roomLine(page).filter({ hasText: 'Together: offline' }).waitFor();
  const { empty, answer } = await blanks(page);
  await write(page, empty[0], answer(empty[0]));
  await shows(page, empty[0].row, empty[0].col, answer(empty[0]));
  assert.match(await page.locator('[role=status]').textContent(), /needs a secure page/, 'a move does not hide it');
  assert.doesNotMatch(await page.locator('[role=status]').textContent(), /Offline/);
  await snap(page, 'together-insecure-1280x800');
  assert.deepEqual(b.errors, []);
});

test('a cell a partner\'s later move won while apart is noticed ("Player 1\'s 7 kept in r3c7"), and the player\'s own Undo still works', async () => {
  const via = await line();
  const { one, two } = await twoPlayers(undefined, via);
  const { empty, answer } = await blanks(one);
  // Player 2 has a move of its own to undo later, and knows who player 1 is.
  await write(two, empty[0], answer(empty[0]));
  await shows(one, empty[0].row, empty[0].col, answer(empty[0]));
  await listed(two, 1, false);
  via.cut();
  await status(two, /Offline — your moves will be shared/);
  // Apart: player 2 writes a wrong digit in a cell; player 1, two moves on (a later stamp),
  // writes its answer there.
  const c = empty[1];
  const wrong = answer(c) === '8' ? '9' : '8';
  await write(two, c, wrong);
  await shows(two, c.row, c.col, wrong);
  await write(one, empty[2], answer(empty[2]));
  await write(one, c, answer(c));
  await shows(one, c.row, c.col, answer(c));
  via.restore();
  await status(two, new RegExp(`^Player 1's ${answer(c)} kept in r${c.row}c${c.col}\\.$`), 40000);
  await shows(two, c.row, c.col, answer(c));
  await shows(two, empty[2].row, empty[2].col, answer(empty[2]));
  await snap(two, 'together-kept-1280x800');
  // Player 2's Undo passes over the lost move and takes back its earlier one, on both boards.
  await two.getByRole('button', { name: 'Undo', exact: true }).click();
  const emptied = (page, r, c) => page.waitForFunction(([r, c]) => /empty$/.test(document.querySelector(`[role=gridcell][aria-rowindex="${r}"][aria-colindex="${c}"]`).getAttribute('aria-label')), [r, c]);
  for (const page of [one, two]) {
    await emptied(page, empty[0].row, empty[0].col);
    await shows(page, c.row, c.col, answer(c));
  }
  assert.deepEqual(await board(one), await board(two), 'the boards converge');
  via.close();
  assert.deepEqual(b.errors, []);
});

test('a mixed room: a Chromium player and a Firefox player solve one puzzle, their boards converge and both win', async () => {
  const fx = await launchEngine('firefox');
  engines.push(fx);
  const one = await b.page(clip);
  await one.goto(relay.url + PUZZLE);
  await waitForPuzzle(one);
  await one.getByRole('button', { name: 'Share', exact: true }).click();
  await one.getByRole('button', { name: 'Solve together' }).click();
  await status(one, /Link copied/);
  const link = await one.evaluate(() => navigator.clipboard.readText());
  await fx.goto(link);
  const fxStatus = (re, what) => fx.waitFor((s) => new RegExp(s).test(document.querySelector('[role=status]')?.textContent ?? ''), [re.source], { what, timeout: 30000 });
  await fxStatus(/You joined/, 'Firefox to join');
  await roomLine(one).filter({ hasText: 'Together: 2 players' }).waitFor();
  const { empty, answer } = await blanks(one);
  // In turns: Chromium the even ones, Firefox the odd ones (a real click on the cell, a key).
  for (const [i, c] of empty.entries()) {
    if (i % 2 === 0) await write(one, c, answer(c));
    else {
      await fx.click((r, c) => document.querySelector(`[role=gridcell][aria-rowindex="${r}"][aria-colindex="${c}"]`), c.row, c.col);
      await fx.press(answer(c));
    }
  }
  await one.locator('.dialog.won').waitFor({ timeout: 30000 });
  await fx.waitFor(() => !!document.querySelector('.dialog.won'), [], { what: 'the win in Firefox', timeout: 30000 });
  const fxBoard = await fx.eval(() => [...document.querySelectorAll('[role=gridcell]')].map((e) => e.getAttribute('aria-label')));
  assert.deepEqual(fxBoard, await board(one), 'the two engines\' boards converge');
  assert.ok(fxBoard.every((l) => /, [1-9](,|$)/.test(l)), 'every cell filled');
  assert.deepEqual([b.errors, fx.errors], [[], []]);
});

/** The board as a player sees it: every cell's label, in order. */
const board = async (page) => (await cells(page)).map((c) => c.label);

test('the live link from Share brings a third player in after two have played, and its QR code reads as the link', async () => {
  const { one, two, link } = await twoPlayers();
  // The address bar holds the live link while in the room.
  assert.equal(one.url(), link);
  assert.equal(two.url(), link);
  const { empty, answer } = await blanks(one);
  await write(one, empty[0], answer(empty[0]));
  await write(two, empty[1], answer(empty[1]));
  await shows(one, empty[1].row, empty[1].col, answer(empty[1]));
  // Player 2 opens Share: the live link is there to read, to copy by hand, as a QR code, and to send.
  await two.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = two.getByRole('dialog', { name: 'Share' });
  assert.equal(await dialog.getByRole('textbox', { name: /Live link/ }).inputValue(), link);
  const qr = dialog.locator('svg.qr');
  await qr.waitFor();
  for (const [width, height] of [[800, 480], [600, 960], [1280, 800]]) {
    await two.setViewportSize({ width, height });
    await snap(two, `together-share-${width}x${height}`);
  }
  // The QR code, as the screen shows it, decodes to the live link (the browser reads the
  // screenshot's PNG, jsQR reads its pixels).
  const png = (await qr.screenshot()).toString('base64');
  const image = await two.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width: img.width, height: img.height });
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return { width: img.width, height: img.height, data: Array.from(ctx.getImageData(0, 0, img.width, img.height).data) };
  }, png);
  const read = jsQR(Uint8ClampedArray.from(image.data), image.width, image.height);
  assert.ok(read, `a QR code in the ${image.width}x${image.height} screenshot`);
  assert.equal(read.data, link);
  await dialog.getByRole('button', { name: 'Share the live link' }).click();
  await status(two, /Link copied: whoever opens it solves this puzzle with you/);
  const again = await two.evaluate(() => navigator.clipboard.readText());
  assert.equal(again, link);
  // A third player opens it: the board as the two left it, then a move of theirs reaches both.
  const three = await b.page(clip);
  await three.goto(again);
  await waitForPuzzle(three);
  await status(three, /You joined/);
  await shows(three, empty[0].row, empty[0].col, answer(empty[0]));
  await shows(three, empty[1].row, empty[1].col, answer(empty[1]));
  await roomLine(three).filter({ hasText: 'Together: 3 players · You are Player 3' }).waitFor();
  await write(three, empty[2], answer(empty[2]));
  for (const page of [one, two]) await shows(page, empty[2].row, empty[2].col, answer(empty[2]));
  await write(one, empty[3], answer(empty[3]));
  await shows(three, empty[3].row, empty[3].col, answer(empty[3]));
  const seen = await board(three);
  for (const page of [one, two]) assert.deepEqual(await board(page), seen, 'the three boards converge');
  assert.deepEqual(b.errors, []);
});
