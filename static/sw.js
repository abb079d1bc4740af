// inkdoku's service worker: precaches every file of the build and serves them cache-first, so
// the app (new puzzles, hints and handwriting included) works offline after the first visit.
//
// scripts/post-build.mjs fills in VERSION (a hash of the build's contents) and FILES (every file
// of the build) after Trunk has built it. A new deploy has a new VERSION: its worker installs
// beside the old one and waits; the page offers "a new version is ready — reload", and on
// that the new worker takes over and the old cache is deleted.
const VERSION = 'inkdoku-__VERSION__';
const FILES = __FILES__;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(FILES)));
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
