// The crash rescue: when the app's wasm traps (a panic: the app's wasm aborts at once), save the
// game the app handed over and show the message in the words it handed over. Why and how:
// src/crash.rs. Loaded with `defer` before Trunk's start-up script, so it runs before the wasm.
(function () {
  'use strict';
  // core/src/storage.rs's GAME_KEY (src/crash.rs's test checks).
  const GAME_KEY = 'inkdoku.game.v1';
  let kept = null;
  let said = null;
  let crashed = false;

  function details(error) {
    const message = String(error);
    const stack = String(error.stack || '');
    return stack.startsWith(message) ? stack : `${message}\n${stack}`;
  }

  function show(error) {
    if (!said || !document.body || document.getElementById('crash')) return;
    const [titleText, bodyText, reloadText, detailsText] = said;
    const make = (tag, props) => Object.assign(document.createElement(tag), props);
    const root = make('div', { id: 'crash' });
    root.setAttribute('role', 'alertdialog');
    root.setAttribute('aria-labelledby', 'crash-title');
    root.setAttribute('aria-describedby', 'crash-text');
    const more = make('details');
    more.append(make('summary', { textContent: detailsText }), make('pre', { textContent: details(error) }));
    root.append(
      make('h2', { id: 'crash-title', textContent: titleText }),
      make('p', { id: 'crash-text', textContent: bodyText }),
      make('a', { href: './', className: 'crash-reload', textContent: reloadText }),
      more,
    );
    document.body.append(root);
  }

  function rescue(error) {
    if (crashed || typeof WebAssembly !== 'object' || !(error instanceof WebAssembly.RuntimeError)) return;
    crashed = true;
    if (kept !== null) {
      try {
        localStorage.setItem(GAME_KEY, kept);
      } catch (_) { /* no storage: the message still shows */ }
    }
    show(error);
  }

  window.inkdokuRescue = {
    keep(record) {
      if (!crashed) kept = record;
    },
    words(title, text, reload, more) {
      said = [title, text, reload, more];
    },
  };
  window.addEventListener('error', (e) => rescue(e.error));
  window.addEventListener('unhandledrejection', (e) => rescue(e.reason));
})();
