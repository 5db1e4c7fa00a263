// Altibox service worker: the site opens and plays with no network after one visit.
//
// serve.py writes BUILD (a hash of the site's files) and FILES (every file of the site but the
// benchmarks, relative to this script) below, so each deploy is a new sw.js. On install it
// caches them all (the shell, py.tar.gz, the pinned runtime) under one cache per build; requests
// are answered from that cache first, the network only for what it lacks. A new deploy installs
// beside the running one, takes over at once (skipWaiting) and removes the old build's cache;
// the page then says "an update is ready" and the next visit runs the new build.
// Every URL is relative to this script, so it works from any sub-path.
const BUILD = "dev";
const FILES = [];

const SCOPE = new URL("./", self.location).href;
const PREFIX = `altibox-site:${SCOPE}:`; // other Altibox sites on the same origin keep theirs
const NAME = PREFIX + BUILD;
const START = new URL("./", SCOPE).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(NAME);
    // revalidate with the server, so that a new build never mixes with old HTTP-cached files
    await cache.addAll(FILES.map((f) => new Request(new URL(f, SCOPE), { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== NAME) await caches.delete(key);
    }
  })());
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || !req.url.startsWith(SCOPE)) return;
  event.respondWith((async () => {
    const cache = await caches.open(NAME);
    // the start page with any query (?game=alto...) is the cached start page
    const path = req.url.split(/[?#]/)[0];
    const start = req.mode === "navigate" && (path === START || path === `${START}index.html`);
    return (await cache.match(start ? START : req)) || fetch(req);
  })());
});
