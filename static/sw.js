// inkdoku's service worker: precaches the build and serves it cache-first, so the app (new
// puzzles, hints and handwriting included) works offline after the first visit.
//
// scripts/post-build.mjs fills in VERSION (a hash of the build's contents) and FILES (every file
// of the build) after Trunk has built it. A new deploy has a new VERSION: its worker installs
// beside the old one and waits; the page offers "a new version is ready — reload", and on
// that the new worker takes over and the old cache is deleted.
//
// The precache comes in two parts, so that a first visit's download before its first puzzle is
// the app and one engine worker, not the whole build (issue 33):
//  - at install: every file but the pen's (the ink worker and its networks, LATER) and but the
//    engine worker build this browser will not run (ENGINE_BUILDS: the app starts the relaxed-SIMD
//    build where WebAssembly validates relaxed SIMD, src/services/worker.rs; the same probe here);
//  - the pen's files when the page says its recognizer has loaded them (the message
//    'complete-offline-copy', src/services/pwa.rs: they are then in the HTTP cache, not
//    downloaded twice), or at once when this is an update (an older inkdoku cache exists: the
//    app is running already, nothing waits for these bytes).
// The page registers this worker once its first puzzle is on screen, so that the install finds
// the app's files in the HTTP cache too. The book of premade first puzzles (first-puzzles.txt)
// is one of FILES, cached at install: a first visit played one of its puzzles, and an offline
// start with no saved game plays another. So are the language files (lang/*.txt), for
// switching language offline.
// The message comes on every start, so a first visit closed before the pen's files arrived
// completes its copy on the next one.
const VERSION = 'inkdoku-__VERSION__';
const FILES = __FILES__;
const LATER = ['./ink_loader.js', './ink_bg.wasm', './digits.cnn', './strokes.cnn'];
const ENGINE_BUILDS = {
  plain: ['./worker_loader.js', './worker.js', './worker_bg.wasm'],
  relaxed: ['./worker_relaxed_loader.js', './worker_relaxed_bg.wasm'],
};
// A module whose one function does an `i8x16.relaxed_swizzle` (as src/services/worker.rs).
const RELAXED_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b,
  0x03, 0x02, 0x01, 0x00, 0x0a, 0x0f, 0x01, 0x0d, 0x00,
  0x41, 0x00, 0xfd, 0x0f, 0x41, 0x00, 0xfd, 0x0f, 0xfd, 0x80, 0x02, 0x0b,
]);

function relaxedSimd() {
  try {
    return WebAssembly.validate(RELAXED_PROBE);
  } catch {
    return false;
  }
}

/** The files cached at install: the build without the pen's files and the unused engine build.
 *  A file whose name has Trunk's content hash (the app's script, wasm and style) is taken from
 *  the browser's HTTP cache when it is there (the page has just downloaded it, and such a name
 *  never changes content), not downloaded a second time beside the engine worker. */
function firstFiles() {
  const unused = ENGINE_BUILDS[relaxedSimd() ? 'plain' : 'relaxed'];
  return FILES.filter((f) => !LATER.includes(f) && !unused.includes(f))
    .map((f) => (/-[0-9a-f]{8,16}[._]/.test(f) ? new Request(f, { cache: 'force-cache' }) : f));
}

/** Adds the pen's files to this version's cache, those it lacks. */
async function completeOfflineCopy() {
  const cache = await caches.open(VERSION);
  const missing = [];
  for (const f of LATER.filter((f) => FILES.includes(f))) {
    if (!(await cache.match(f))) missing.push(f);
  }
  await cache.addAll(missing);
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const update = (await caches.keys()).some((k) => k.startsWith('inkdoku-') && k !== VERSION);
    const cache = await caches.open(VERSION);
    await cache.addAll(firstFiles());
    if (update) await completeOfflineCopy();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('inkdoku-') && k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
  // A failed download (the line dropped) is tried again at the next start's message.
  if (event.data === 'complete-offline-copy') event.waitUntil(completeOfflineCopy().catch(() => {}));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(VERSION);
    // Pages (with any ?query or #fragment, e.g. a share link) are the app shell.
    const hit = request.mode === 'navigate'
      ? await cache.match('./index.html')
      : await cache.match(request, { ignoreSearch: true });
    return hit || fetch(request);
  })());
});
