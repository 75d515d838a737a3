// Evening cards (issue 17, item 4): a showtime the visitor keeps, with what they need on the
// evening (film, cinema, address and map link, hall, start and real end, booking link), kept
// in localStorage (no sign-in). The pages a card needs offline (its cinema page, its show page,
// the "My evenings" page) and the files those pages load are put in one Cache Storage cache by
// the page itself; the service worker (src/sw/sw.ts) only answers from that cache when the
// network fails. Removing a card deletes what no other card needs; the last one removed takes
// the cache and the worker away.

export interface EveningCard {
  /** The showtime's id. */
  id: string;
  film: string;
  cinema: string;
  address: string;
  /** An https link to OpenStreetMap at the cinema's coordinates. */
  map?: string;
  hall?: string;
  /** RFC 3339 with the cinema's offset. */
  start: string;
  end?: string;
  booking: string;
  /** The page language the card was kept in. */
  lang: string;
  /** Same-origin paths the card needs offline: its cinema page and its show page. */
  pages: string[];
}

export const CARDS_KEY = "evenings";
export const CACHE = "evenings-v1";
export const WORKER = "/sw.js";

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

export function readCards(): EveningCard[] {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(CARDS_KEY) ?? "[]");
    return Array.isArray(value) ? (value as EveningCard[]).filter((c) => c && typeof c.id === "string") : [];
  } catch {
    return [];
  }
}

function writeCards(cards: EveningCard[]): void {
  try {
    if (cards.length > 0) storage()?.setItem(CARDS_KEY, JSON.stringify(cards));
    else storage()?.removeItem(CARDS_KEY);
  } catch {
    // Quota or private mode: nothing kept.
  }
}

/** The "My evenings" page's path, from the footer's link (`data-evenings`). */
export const eveningsPath = (doc: Document): string | null => {
  const href = doc.querySelector<HTMLAnchorElement>("a[data-evenings]")?.getAttribute("href");
  return href && href.startsWith("/") ? href : null;
};

/** An https OpenStreetMap link at a point. */
export const mapLink = (lat: number, lon: number): string =>
  `https://www.openstreetmap.org/?mlat=${lat.toFixed(5)}&mlon=${lon.toFixed(5)}#map=17/${lat.toFixed(5)}/${lon.toFixed(5)}`;

const cacheStorage = (): CacheStorage | null => (typeof caches === "undefined" ? null : caches);

/** The same-origin files a page loads: its stylesheets, scripts, islands and their static imports, the islands' label book, icons. */
async function pageFiles(path: string, origin: string): Promise<string[]> {
  const files = new Set<string>();
  const response = await fetch(path, { credentials: "same-origin" });
  if (!response.ok) return [];
  const html = await response.text();
  for (const [, url] of html.matchAll(/(?:href|src|data-src|data-labels)="?([^"\s>]+)/g)) {
    if (!url) continue;
    const at = new URL(url.replace(/&amp;/g, "&"), origin + path);
    const file = /\.(css|js|svg|png|woff2?|webmanifest)$/.test(at.pathname) || /^\/assets\/.*\.json$/.test(at.pathname);
    if (at.origin !== origin || !file || at.pathname.startsWith("/media/")) continue;
    files.add(at.pathname);
  }
  // The islands' modules import their chunks: follow the static imports (not the lazy ones).
  const queue = [...files].filter((f) => f.endsWith(".js"));
  while (queue.length > 0) {
    const file = queue.pop()!;
    const text = await fetch(file).then((r) => (r.ok ? r.text() : ""));
    for (const [, spec] of text.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},\s*]+from\s*)?"(\.\/[^"]+\.js)"/g)) {
      const dep = new URL(spec!, origin + file).pathname;
      if (!files.has(dep)) {
        files.add(dep);
        queue.push(dep);
      }
    }
  }
  return [...files];
}

/** What the cache must hold for these cards: their pages, the "My evenings" page, and the files of both. */
async function needed(cards: EveningCard[], evenings: string | null, origin: string): Promise<Set<string>> {
  const pages = new Set(cards.flatMap((c) => c.pages));
  if (evenings && cards.length > 0) pages.add(evenings);
  const all = new Set(pages);
  for (const page of pages) for (const file of await pageFiles(page, origin)) all.add(file);
  return all;
}

/** Brings the cache in line with the cards: adds what they need, deletes what none needs. */
export async function syncCache(doc: Document, cards = readCards()): Promise<void> {
  const store = cacheStorage();
  if (!store) return;
  const origin = doc.location.origin;
  if (cards.length === 0) {
    await store.delete(CACHE);
    const registration = await navigator.serviceWorker?.getRegistration(WORKER);
    await registration?.unregister();
    return;
  }
  let want: Set<string>;
  try {
    want = await needed(cards, eveningsPath(doc), origin);
  } catch {
    // Offline or a page that did not answer: the cache stays as it is, the cards are kept.
    return;
  }
  const cache = await store.open(CACHE);
  for (const request of await cache.keys()) {
    if (!want.has(new URL(request.url).pathname)) await cache.delete(request);
  }
  await Promise.all([...want].map((path) => cache.add(path).catch(() => undefined)));
  // The worker keeps the list of addresses it answers for: it reads it again.
  const ready = navigator.serviceWorker ? await Promise.race([navigator.serviceWorker.ready, new Promise<null>((r) => setTimeout(r, 3000, null))]) : null;
  ready?.active?.postMessage("evenings-changed");
}

/** The service worker, registered only once a card is kept. */
export async function registerWorker(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register(WORKER, { scope: "/" });
  } catch {
    // No worker (insecure context, disabled): the cards stay, without offline pages.
  }
}

export async function keepCard(doc: Document, card: EveningCard): Promise<void> {
  const cards = [...readCards().filter((c) => c.id !== card.id), card];
  writeCards(cards);
  await registerWorker();
  await syncCache(doc, cards);
}

export async function removeCard(doc: Document, id: string): Promise<EveningCard[]> {
  const cards = readCards().filter((c) => c.id !== id);
  writeCards(cards);
  await syncCache(doc, cards);
  return cards;
}

const TIME = /T(\d{2}):(\d{2})/;

/** "20:30" from an RFC 3339 time, as the cinema's clock says it. */
export const clock = (at: string | undefined): string => {
  const m = at ? TIME.exec(at) : null;
  return m ? `${m[1]}:${m[2]}` : "";
};

/** The day of an RFC 3339 time in words ("vendredi 27 novembre"), in the cinema's calendar. */
export const day = (at: string, lang: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(at);
  if (!m) return "";
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(lang, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(date);
};
