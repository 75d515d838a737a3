// The site API's calls (spec §7) as a page's first stage makes them, without the methods of
// ./client.ts: absolute URLs on the site's origin, a `language` query parameter on /api/
// calls (not on /api/settings), a bearer token on the signed-in client's calls, and GET
// answers cached in memory per URL and parameters. A module of its own so the first stage
// (the locator's label, the help chat's availability, the live schedule's URL) loads no
// more than this; ./client.ts builds the API's methods on the same calls.

import type { Lang } from "../types";

export type Params = Record<string, string | number | boolean | null | undefined>;

/** A call answered with a non-2xx status; `body` is the parsed JSON answer, if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    url: string,
  ) {
    super(`${status} from ${url}`);
    this.name = "ApiError";
  }
}

export interface ApiClientOptions {
  /** The site's origin, e.g. `https://www.lumen-cinemas.fr` (location.origin on a page). */
  origin: string;
  language: Lang;
  fetch?: typeof fetch;
}

/** The calls every method of the API is made of; one per page, shared by all (token, cache). */
export interface ApiCall {
  /** A GET; a content answer (not a client's own) is cached per URL and parameters. */
  get: <T>(path: string, params?: Params) => Promise<T>;
  /** Any call, never cached; `extra` headers are added to the defaults. */
  request: <T>(method: string, path: string, params?: Params, body?: unknown, extra?: Record<string, string>) => Promise<T>;
  setToken: (token: string | null) => void;
  clearCache: () => void;
}

const isClientCall = (path: string) =>
  path.startsWith("/api/client/") || path.startsWith("/api/accounts/") || path === "/api/logout";

/** The absolute URL of a call: the `language` parameter on /api/ calls (not /api/settings). */
export function apiUrl(options: Pick<ApiClientOptions, "origin" | "language">, path: string, params: Params = {}): string {
  const u = new URL(path, options.origin);
  const all: Params = { ...params };
  if (path.startsWith("/api/") && path !== "/api/settings") all.language = options.language;
  // Sorted, so one set of parameters is one cache key whatever order the caller used.
  for (const key of Object.keys(all).sort()) {
    const value = all[key];
    if (value !== undefined && value !== null) u.searchParams.set(key, String(value));
  }
  return u.toString();
}

export function createApiCall(options: ApiClientOptions): ApiCall {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const cache = new Map<string, Promise<unknown>>();
  let token: string | null = null;
  const url = (path: string, params?: Params) => apiUrl(options, path, params);

  async function request<T>(method: string, path: string, params?: Params, body?: unknown, extra: Record<string, string> = {}): Promise<T> {
    const target = url(path, params);
    const headers: Record<string, string> = { Accept: "application/json", ...extra };
    if (token && isClientCall(path)) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const init: RequestInit = { method, headers, credentials: "same-origin" };
    // A client's own data never comes from the browser's HTTP cache: after a change (a
    // favourite added) a cached answer would undo it on the next page.
    if (isClientCall(path)) init.cache = "no-store";
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await doFetch(target, init);
    const text = await response.text();
    let parsed: unknown = undefined;
    if (text !== "") {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    if (!response.ok) throw new ApiError(response.status, parsed, target);
    return parsed as T;
  }

  return {
    get<T>(path: string, params?: Params): Promise<T> {
      // A signed-in client's answers are never shared through the cache (sign-out must not
      // leave them behind); content answers are.
      if (!path.startsWith("/api/") || isClientCall(path)) return request<T>("GET", path, params);
      const key = url(path, params);
      const hit = cache.get(key);
      if (hit) return hit as Promise<T>;
      const pending = request<T>("GET", path, params);
      cache.set(key, pending);
      // A failure is not an answer: the next call tries again.
      pending.catch(() => cache.delete(key));
      return pending;
    },
    request,
    setToken(next) {
      token = next;
    },
    clearCache() {
      cache.clear();
    },
  };
}
