// Test doubles of the browser parts the stores are given: cookies, the address, storage.

import type { CookieJar, CookieOptions } from "../lib/cookies";
import { memoryStore } from "../lib/storage";
import type { UrlPort } from "../lib/url";

export { memoryStore };

export function memoryCookies(initial: Record<string, string> = {}) {
  const jar = new Map<string, { value: string; options: CookieOptions }>(
    Object.entries(initial).map(([k, v]) => [k, { value: v, options: {} }]),
  );
  const cookies: CookieJar & { jar: typeof jar } = {
    jar,
    get: (name) => jar.get(name)?.value ?? null,
    set: (name, value, options = {}) => void jar.set(name, { value, options }),
    remove: (name) => void jar.delete(name),
  };
  return cookies;
}

/** An address that records what the store did to it. */
export function fakeUrl(href = "/") {
  const url = new URL(href, "https://www.example.test");
  const state = { pathname: url.pathname, search: url.search, hash: url.hash };
  const replaced: string[] = [];
  const navigated: string[] = [];
  const port: UrlPort & { replaced: string[]; navigated: string[]; href(): string } = {
    replaced,
    navigated,
    href: () => state.pathname + state.search + state.hash,
    read: () => ({ ...state }),
    replace(next) {
      replaced.push(next);
      const u = new URL(next, "https://www.example.test");
      Object.assign(state, { pathname: u.pathname, search: u.search, hash: u.hash });
    },
    navigate: (next) => void navigated.push(next),
  };
  return port;
}

/** A promise and its resolve/reject, to hold an answer until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
