// The page's environment (its address, clock, timers, storage, cookies, viewport, the site
// API's origin) and the rule every shared store follows: made once per page, on first use.
//
// Each shared store has its own module (page/alerts.ts, page/modals.ts…): an island's bundle
// then holds only the stores it uses — a single module of getters would put every store in
// the chunk all islands share.

import { createApiCall, type ApiCall } from "../../api/call";
import type { CookieJar } from "../../lib/cookies";
import { documentCookies } from "../../lib/cookies";
import { safeStorage, type KeyValueStore } from "../../lib/storage";
import { globalTimers, systemClock, type Clock, type Timers } from "../../lib/time";
import { browserUrl, type UrlPort } from "../../lib/url";
import type { Lang, SiteCode } from "../../types";

export interface PageEnv {
  url: UrlPort;
  timers: Timers;
  clock: Clock;
  storage: KeyValueStore;
  userAgent: string;
  viewport: { width: number; height: number };
  setCssVar: (name: string, value: string) => void;
  scrollLock: { lock(): void; unlock(): void };
  /** The site's origin (location.origin); API calls and identity frames are resolved on it. */
  origin?: string;
  cookies?: CookieJar;
  fetch?: typeof fetch;
  /** The window whose events the client follows (the identity frame's messages). */
  window?: Window;
}

/** The page's country site and language, as every island's props carry them. */
export interface PageSite {
  site: SiteCode;
  lang: Lang;
}

export function browserPageEnv(win: Window = window): PageEnv {
  const root = win.document.documentElement;
  return {
    url: browserUrl(win),
    timers: globalTimers,
    clock: systemClock,
    storage: safeStorage(() => win.localStorage),
    userAgent: win.navigator.userAgent,
    viewport: { width: win.innerWidth, height: win.innerHeight },
    setCssVar: (name, value) => root.style.setProperty(name, value),
    // Inline, so the lock needs no stylesheet rule.
    scrollLock: {
      lock: () => root.style.setProperty("overflow", "hidden"),
      unlock: () => root.style.removeProperty("overflow"),
    },
    origin: win.location.origin,
    cookies: documentCookies(win.document),
    window: win,
  };
}

let env: PageEnv | undefined;

export const pageEnv = (): PageEnv => (env ??= browserPageEnv());

/** Starts over with another environment: every shared store is made anew (tests). */
export function resetPageStores(next?: PageEnv): void {
  env = next;
}

/** A getter of one value per page: made on first use, made again for another environment. */
export function perPage<T>(make: (env: PageEnv) => T): () => T {
  let made: { env: PageEnv; value: T } | undefined;
  return () => {
    const current = pageEnv();
    if (made?.env !== current) made = { env: current, value: make(current) };
    return made.value;
  };
}

/** The page's address (read, rewritten in place, or left for another page). */
export const pageUrl = () => pageEnv().url;

export const pageCookies = (): CookieJar => pageEnv().cookies ?? documentCookies();

export const pageOrigin = () => pageEnv().origin ?? globalThis.location?.origin ?? "http://localhost";

/**
 * The site API's calls of the page, in its language (GET answers cached for the page's life):
 * the first island to ask passes the language (from its props); later calls share them, their
 * token and their cache, with ./api.ts's client. Here, beside the environment, rather than in
 * a module of its own: the pages that load it before any interaction (cinema, help, home…) would
 * pay one more file for it (see README, "Sizes"), and every page loads it with its first
 * interactive part.
 */
let call: { env: PageEnv; value: ApiCall } | undefined;

export const pageCall = (page: Pick<PageSite, "lang">): ApiCall => {
  const env = pageEnv();
  if (call?.env !== env) call = { env, value: createApiCall({ origin: pageOrigin(), language: page.lang, ...(env.fetch ? { fetch: env.fetch } : {}) }) };
  return call.value;
};
