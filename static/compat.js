// Runs before the app (a classic script: Trunk's module script that starts the wasm waits for the
// page to be parsed). Every wasm module of inkdoku is built with WebAssembly SIMD
// (.cargo/config.toml), so a browser without it (before Chrome/Edge 91, Firefox 89, Safari 16.4)
// cannot compile any of them and the page would stay blank. Here such a browser is told why, in
// the player's language, instead. The words are here and not in core/src/i18n.rs because without
// the wasm there is nothing else to say them; the look is the crash message's (`#crash`).
(function () {
  'use strict';
  // A module whose one function makes a vector and counts its bits: valid only where the
  // engine knows WebAssembly SIMD (hand-assembled: header; type () -> v128; one function;
  // its body i32.const 0, i8x16.splat, i8x16.popcnt, end).
  const simdProbe = new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b,
    0x03, 0x02, 0x01, 0x00,
    0x0a, 0x0a, 0x01, 0x08, 0x00, 0x41, 0x00, 0xfd, 0x0f, 0xfd, 0x62, 0x0b,
  ]);
  let supported = false;
  try {
    supported = typeof WebAssembly === 'object' && WebAssembly.validate(simdProbe);
  } catch (_) {
    supported = false;
  }
  const words = {
    en: ['This browser is too old for inkdoku',
      'inkdoku needs WebAssembly SIMD, which this browser does not have. Please update it, or open inkdoku in a current Chrome, Edge, Firefox or Safari (version 16.4 or later).'],
    de: ['Dieser Browser ist zu alt für inkdoku',
      'inkdoku braucht WebAssembly SIMD, das dieser Browser nicht kann. Bitte aktualisiere ihn oder öffne inkdoku in einem aktuellen Chrome, Edge, Firefox oder Safari (ab Version 16.4).'],
    es: ['Este navegador es demasiado antiguo para inkdoku',
      'inkdoku necesita WebAssembly SIMD, que este navegador no tiene. Actualízalo o abre inkdoku en un Chrome, Edge, Firefox o Safari actual (versión 16.4 o posterior).'],
    ko: ['이 브라우저는 inkdoku를 실행하기에 너무 오래되었습니다',
      'inkdoku에는 이 브라우저가 지원하지 않는 WebAssembly SIMD가 필요합니다. 브라우저를 업데이트하거나 최신 Chrome, Edge, Firefox 또는 Safari(16.4 이상)에서 inkdoku를 여세요.'],
  };

  // The language the player chose in the settings, else the first of the browser's that
  // inkdoku has (as the app itself decides), else English.
  function language() {
    const tags = [];
    try {
      const settings = JSON.parse(localStorage.getItem('inkdoku.settings.v1') || 'null');
      if (settings && typeof settings.language === 'string') tags.push(settings.language);
    } catch (_) { /* no storage, or a record the app will report itself */ }
    for (const tag of navigator.languages || [navigator.language || '']) tags.push(tag);
    for (const tag of tags) {
      const primary = String(tag).split(/[-_]/)[0].toLowerCase();
      if (Object.prototype.hasOwnProperty.call(words, primary)) return primary;
    }
    return 'en';
  }

  // Where the app runs, it reads the player's language file before its first screen
  // (src/services/lang_files.rs): asked for now, beside the wasm.
  if (supported) {
    const lang = language();
    if (lang !== 'en') {
      const preload = document.createElement('link');
      Object.assign(preload, { rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href: `lang/${lang}.txt` });
      document.head.append(preload);
    }
    return;
  }

  function show() {
    const lang = language();
    const [titleText, bodyText] = words[lang];
    document.documentElement.lang = lang;
    const root = document.createElement('div');
    root.id = 'crash';
    root.setAttribute('role', 'alertdialog');
    root.setAttribute('aria-labelledby', 'unsupported-title');
    root.setAttribute('aria-describedby', 'unsupported-text');
    const title = document.createElement('h2');
    title.id = 'unsupported-title';
    title.textContent = titleText;
    const text = document.createElement('p');
    text.id = 'unsupported-text';
    text.textContent = bodyText;
    root.append(title, text);
    document.body.append(root);
  }

  if (document.body) show();
  else document.addEventListener('DOMContentLoaded', show, { once: true });
})();
