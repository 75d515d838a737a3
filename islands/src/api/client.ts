// The site API as the islands call it (spec §7): absolute URLs on the site's origin, a
// `language` query parameter on /api/ calls (not on /api/settings), a bearer token on the
// signed-in client's calls, and GET answers cached in memory per URL and parameters.

import type { AccountPayload, AuthEndpoints, Client, Emotion, Lang, SearchAnswer, SearchResultType, ShowFeeling, VoucherAnswer } from "../types";

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

/** The full-list answer of a favourite add: 409 `{"error":"limit_reached","limit":5}`. */
export function limitReached(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { error?: unknown; limit?: unknown } | null;
  return body?.error === "limit_reached" && typeof body.limit === "number" ? body.limit : null;
}

export interface ApiClientOptions {
  /** The site's origin, e.g. `https://www.lumen-cinemas.fr` (location.origin on a page). */
  origin: string;
  language: Lang;
  fetch?: typeof fetch;
}

export interface ApiClient {
  get<T>(path: string, params?: Params): Promise<T>;
  setToken(token: string | null): void;
  clearCache(): void;
  /** `/search/full`: result groups with their totals; one type gives all its results. */
  search(q: string, options?: { type?: SearchResultType; scope?: "faq" }): Promise<SearchAnswer>;
  /** The signed-in client (favourite cinemas of this site included). */
  client(clientId: string): Promise<Client>;
  /** The client's wish and emotion for each listed show that has one. */
  feelings(clientId: string, shows: string[]): Promise<ShowFeeling[]>;
  /** The voucher checker (never cached: each check carries its own captcha answer). */
  voucher(code: string, captcha: string): Promise<VoucherAnswer>;
  addFavourite(clientId: string, cinema: string): Promise<void>;
  removeFavourite(clientId: string, cinema: string): Promise<void>;
  setIntention(clientId: string, show: string, isDelete: boolean): Promise<void>;
  setEmotion(clientId: string, show: string, emotion: Emotion, isDelete: boolean): Promise<void>;
  me(): Promise<AccountPayload>;
  logout(): Promise<void>;
  /** Where and how this site signs visitors in: its OpenID provider (never cached long). */
  authEndpoints(): Promise<AuthEndpoints>;
}

/** The wish-list intention the API expects (spec §7: default 2). */
export const WISH_INTENTION = 2;

const isClientCall = (path: string) =>
  path.startsWith("/api/client/") || path.startsWith("/api/accounts/") || path === "/api/logout";

const seg = encodeURIComponent;

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

export function createApiClient(options: ApiClientOptions): ApiClient {
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

  function get<T>(path: string, params?: Params): Promise<T> {
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
  }

  return {
    get,
    setToken(next) {
      token = next;
    },
    clearCache() {
      cache.clear();
    },
    async search(q, options = {}) {
      const answer = await get<Partial<SearchAnswer> | null>("/api/search/full", { q, type: options.type, scope: options.scope });
      return { query: answer?.query ?? q, groups: Array.isArray(answer?.groups) ? answer.groups : [] };
    },
    client(clientId) {
      return request<Client>("GET", `/api/client/${seg(clientId)}`);
    },
    async feelings(clientId, shows) {
      const answer = await request<ShowFeeling[] | null>("POST", `/api/client/${seg(clientId)}/shows`, undefined, { showSlugs: shows });
      return Array.isArray(answer) ? answer : [];
    },
    voucher(code, captcha) {
      return request<VoucherAnswer>("GET", `/api/voucher/${seg(code.trim())}`, undefined, undefined, { "X-Captcha-Response": captcha });
    },
    async addFavourite(clientId, cinema) {
      await request("POST", `/api/client/${seg(clientId)}/cinema/${seg(cinema)}`);
    },
    async removeFavourite(clientId, cinema) {
      await request("DELETE", `/api/client/${seg(clientId)}/cinema/${seg(cinema)}`);
    },
    async setIntention(clientId, show, isDelete) {
      await request("POST", `/api/client/${seg(clientId)}/show/${seg(show)}/intention`, undefined, {
        intention: WISH_INTENTION,
        isDelete,
      });
    },
    async setEmotion(clientId, show, emotion, isDelete) {
      await request("POST", `/api/client/${seg(clientId)}/show/${seg(show)}/emotion`, undefined, { emotion, isDelete });
    },
    me() {
      return request<AccountPayload>("GET", "/api/accounts/me");
    },
    async logout() {
      await request("POST", "/api/logout", undefined, {});
    },
    authEndpoints() {
      return get<AuthEndpoints>("/api/webview");
    },
  };
}
