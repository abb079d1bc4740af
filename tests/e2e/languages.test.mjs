// Languages: English, German, Spanish and Korean, from the browser's language or Settings;
// switching changes every visible string (hints included) and survives a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, snap, openApp, cells, cell, waitForPuzzle, DIGITS, draw, frames } from './support.mjs';

let server, b;
before(async () => { server = await serve(); b = await launch(); });
after(async () => { await b?.close(); await server?.close(); });

/** Every piece of text a person can see (text nodes and form labels), and the names of buttons. */
async function visibleText(page) {
  return page.evaluate(() => {
    const out = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const n = walker.currentNode;
      const el = n.parentElement;
      const t = n.textContent.trim();
      if (!t || !el || el.closest('[aria-hidden="true"], svg')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      out.add(t);
    }
    document.querySelectorAll('[aria-label]').forEach((e) => out.add(e.getAttribute('aria-label')));
    return [...out];
  });
}

const ENGLISH = ['Notes', 'Erase', 'Undo', 'Redo', 'Hint', 'Check', 'Solve', 'New game', 'Share', 'Settings',
  'Digits', 'Editing', 'Game', 'Controls', 'Sudoku grid', 'Time', 'Apply hint', 'Close', 'Language',
  'Show conflicts', 'Show incorrect numbers', 'Highlight same digits', 'Show candidates', 'Left-handed layout'];

test('switching to each language changes every visible string, and the choice is kept', async () => {
  const page = await openApp(b, server.url);
  const e = (await cells(page)).find((c) => c.label.endsWith('empty'));
  await cell(page, e.row, e.col).click();
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.getByRole('region', { name: 'Hint' }).waitFor();
  const englishHint = await page.locator('.hint-card p').textContent();
  let shown = englishHint;
  for (const [code, name, hint, row] of [
    ['de', 'Deutsch', 'Tipp', /^Zeile 1, Spalte 1, /],
    ['es', 'Español', 'Pista', /^Fila 1, columna 1, /],
    ['ko', '한국어', '힌트', /^1행 1열, /],
  ]) {
    await page.getByRole('button', { name: /^(Settings|Optionen|Ajustes|설정)$/ }).click();
    await page.getByRole('combobox').last().selectOption(code);
    await page.keyboard.press('Escape');
    // The hint card open before the switch speaks the new language without Hint pressed again
    // (its words are made in the engine worker, asked again in the language chosen), then a
    // frame for the rest to paint.
    await page.waitForFunction((before) => {
      const p = document.querySelector('.hint-card p');
      return p && p.textContent !== before;
    }, shown);
    shown = await page.locator('.hint-card p').textContent();
    await frames(page);
    const texts = await visibleText(page);
    const left = ENGLISH.filter((w) => texts.includes(w));
    assert.deepEqual(left, [], `${name}: English left on screen`);
    assert.match(await cell(page, 1, 1).getAttribute('aria-label'), row);
    assert.equal(await page.evaluate(() => document.documentElement.lang), code);
    // The sentence is in the new language. (Technique names may stay: German calls a Full
    // House "Full House" too, so the English words of the sentence are what must go.)
    const hintText = await page.locator('.hint-card p').textContent();
    assert.notEqual(hintText, englishHint);
    assert.doesNotMatch(hintText, /\b(fits only|is the only candidate|is the last empty cell|can only go)\b/, hintText);
    await snap(page, `language-${code}`);
    if (code === 'de') {
      // Applied, its German sentence goes into the log as shown; the next hint comes in German.
      await page.getByRole('button', { name: 'Tipp anwenden' }).click();
      await page.locator('details.log summary').click();
      assert.equal(await page.locator('details.log li').last().textContent(), hintText);
      await page.getByRole('button', { name: hint, exact: true }).click();
      await page.waitForFunction((before) => {
        const p = document.querySelector('.hint-card p');
        return p && p.textContent !== before;
      }, hintText);
      shown = await page.locator('.hint-card p').textContent();
      assert.doesNotMatch(shown, /\b(fits only|is the only candidate|is the last empty cell|can only go)\b/, shown);
    }
  }
  await cell(page, e.row, e.col).click();
  await page.keyboard.press('5');
  await page.reload(); // leaving the page saves at once (pagehide): no wait for the autosave
  await page.getByRole('dialog').getByRole('button', { name: '계속하기' }).click();
  await waitForPuzzle(page);
  assert.equal(await page.getByRole('button', { name: '메모' }).count(), 1, 'Korean after reload');
});

test("the browser's language is the default", async () => {
  const page = await b.page({ locale: 'de-DE' });
  await page.goto(server.url);
  await waitForPuzzle(page);
  assert.equal(await page.getByRole('button', { name: 'Neues Spiel' }).count(), 1);
  assert.match(await cell(page, 1, 1).getAttribute('aria-label'), /^Zeile 1, Spalte 1, /);
  const es = await b.page({ locale: 'es-MX' });
  await es.goto(server.url);
  await waitForPuzzle(es);
  assert.equal(await es.getByRole('button', { name: 'Nuevo juego' }).count(), 1);
  const fr = await b.page({ locale: 'fr-FR' });
  await fr.goto(server.url);
  await waitForPuzzle(fr);
  assert.equal(await fr.getByRole('button', { name: 'New game' }).count(), 1, 'English when the language is not offered');
});

test('a platform failure is said in the player\'s language, its English detail kept out of sight', async () => {
  // The handwriting model is missing: the ink worker reports it in English (for the console);
  // the player reads German words only.
  const page = await b.page({ locale: 'de-DE', serviceWorkers: 'block' });
  await page.route('**/digits.cnn', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(server.url + '#.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.');
  await waitForPuzzle(page);
  const e = (await cells(page)).find((c) => /leer$/.test(c.label));
  await draw(page, e.row, e.col, DIGITS[4]);
  const status = page.getByRole('status');
  await page.waitForFunction(() => /Handschrift/.test((document.querySelector('[role=status]')?.textContent ?? '')), null, { timeout: 15000 });
  const text = await status.textContent();
  assert.match(text, /^Handschrift ist in diesem Browser aus; nutze die Tasten oder die Tastatur\.$/, text);
  assert.doesNotMatch(text, /\b(the|model|worker|recognizer|could|not|found|failed)\b/i, text);
});

test('at 800x480 every button fits its words in each language (no text spills out)', async () => {
  const spilled = {};
  for (const locale of ['en-GB', 'de-DE', 'es-ES', 'ko-KR']) {
    const page = await b.page({ locale, viewport: { width: 800, height: 480 } });
    await page.goto(server.url + '#.7.5.....59.742..684.69....3.4......9.8...3.7......1.5....58.722..167.39.....9.8.');
    await waitForPuzzle(page);
    const overflow = () => page.locator('button').evaluateAll((els) => els
      .filter((e) => e.getClientRects().length > 0)
      .filter((e) => {
        if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) return true;
        // No word broken inside ("Einstellung|en"): each word alone fits the button's text box.
        const style = getComputedStyle(e);
        const room = e.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const probe = document.createElement('span');
        probe.style.cssText = `font: ${style.font}; white-space: nowrap; position: absolute; visibility: hidden`;
        document.body.append(probe);
        const broken = e.textContent.trim().split(/\s+/).some((w) => { probe.textContent = w; return probe.getBoundingClientRect().width > room + 0.5; });
        probe.remove();
        return broken;
      })
      .map((e) => `${e.textContent.trim()} (${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight})`));
    const found = await overflow();
    await snap(page, `language-800x480-${locale}`);
    // The menus too: Solve's and Marks' items.
    for (const menu of await page.locator('[aria-controls]').all()) {
      await menu.click();
      found.push(...await overflow());
      await menu.click();
    }
    if (found.length) spilled[locale] = [...new Set(found)];
    await page.context().close();
  }
  assert.deepEqual(spilled, {});
});

test('a language switch in Settings re-renders the open dialog and the status line at once', async () => {
  const page = await openApp(b, server.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('combobox').last().selectOption('de');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Schließen' }).waitFor({ timeout: 2000 });
  assert.equal(await dialog.getByRole('button', { name: 'Close' }).count(), 0);
  assert.equal(await page.getByRole('status').textContent(), 'Sprache: Deutsch');
  // Closing it, the game's controls are German.
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  assert.equal(await page.getByRole('button', { name: 'Optionen' }).count(), 1);
});
