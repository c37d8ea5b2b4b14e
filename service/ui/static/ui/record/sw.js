// The recording page's service worker: a reload with no network still opens the page.
// It keeps the page's own files (its HTML, scripts, styles and icon) and answers with
// them only when the network fails; it never keeps an API answer: any other request
// goes to the network untouched (the queue in IndexedDB holds the recorder's entries).

const CACHE = "coinche-record-v1";
const FILES = [
  "/ui/record",
  "/ui/static/ui.css",
  "/ui/static/icon.svg",
  "/ui/static/common.js",
  "/ui/static/record/app.js",
  "/ui/static/record/queue.js",
  "/ui/static/record/score.js",
  "/ui/static/record/sheet.js",
  "/ui/static/record/preview.js",
  "/ui/static/record/deal.js",
  "/ui/static/record/record.css",
  "/ui/static/record/deal.css",
];

/** The page and its files (any query: ``?lang=`` chooses a language); nothing else. */
function kept(url) {
  if (url.origin !== self.location.origin) return false;
  return url.pathname === "/ui/record" || FILES.includes(url.pathname);
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("coinche-record-") && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

// The network first (a page or file that changed is used at once), the kept copy when
// the network fails; a page's copy is the last one loaded, in its language.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!kept(url)) return; // the API and every other page: not touched
  const key = url.pathname === "/ui/record" ? "/ui/record" : url.pathname;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(key, response.clone());
      return response;
    } catch (error) {
      const copy = await cache.match(key);
      if (copy) return copy;
      throw error;
    }
  })());
});
