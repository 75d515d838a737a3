// The service worker of the evening cards (issue 17, item 4), served at `/sw.js` and
// registered only once a visitor keeps an evening card (lib/evenings.ts). It answers only the
// GET requests whose address the cards' cache holds (their cinema and show pages, the
// "My evenings" page, the files those pages load): pages from the network first, the cache
// when the network fails; the content-hashed files from the cache. Every other request (API
// calls, other pages, images) is not touched: the worker does not call `respondWith`.
// What the cache holds is decided by the pages (lib/evenings.ts `syncCache`), never here.

/// <reference lib="webworker" />
export {};
declare const self: ServiceWorkerGlobalScope;

const CACHE = "evenings-v1";

// The addresses the cache holds, read when the worker starts and again when a page says the
// cards changed: a request not in it is left to the browser, untouched.
let kept: Set<string> | null = null;
const load = () =>
  caches
    .open(CACHE)
    .then((cache) => cache.keys())
    .then((requests) => (kept = new Set(requests.map((r) => r.url))));
void load();

self.addEventListener("install", () => void self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("message", (event) => {
  if (event.data === "evenings-changed") event.waitUntil(load());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  const key = url.origin + url.pathname;
  // Known not kept: untouched. (Only while the worker is still reading its cache does a
  // request go through it, to the network all the same when the cache lacks it.)
  if (kept && !kept.has(key)) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const copy = await cache.match(key);
      if (!copy) return fetch(request);
      if (url.pathname.startsWith("/assets/")) return copy;
      try {
        const fresh = await fetch(request);
        if (fresh.ok && !fresh.redirected) await cache.put(key, fresh.clone());
        return fresh;
      } catch {
        return copy;
      }
    }),
  );
});
