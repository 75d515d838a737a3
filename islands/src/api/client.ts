// The site API as the islands call it (spec §7): absolute URLs on the site's origin, a
// `language` query parameter on /api/ calls (not on /api/settings), a bearer token on the
// signed-in client's calls, and GET answers cached in memory per URL and parameters
// (./call.ts: the calls themselves, all a page's first stage needs).

import { ApiError, createApiCall, type ApiCall, type ApiClientOptions } from "./call";
export { ApiError, apiUrl, createApiCall, type ApiCall, type ApiClientOptions, type Params } from "./call";
import type { AccountPayload, AuthEndpoints, Client, Emotion, SearchAnswer, SearchResultType, ShowFeeling, VoucherAnswer } from "../types";

/** The full-list answer of a favourite add: 409 `{"error":"limit_reached","limit":5}`. */
export function limitReached(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { error?: unknown; limit?: unknown } | null;
  return body?.error === "limit_reached" && typeof body.limit === "number" ? body.limit : null;
}

export interface ApiClient extends Omit<ApiCall, "request"> {
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

const seg = encodeURIComponent;

/** The API's methods, on calls of their own or on given ones (a page shares its calls: stores/page/call.ts). */
export function createApiClient(from: ApiClientOptions | ApiCall): ApiClient {
  const call = "request" in from ? from : createApiCall(from);
  const { get, request } = call;
  return {
    get,
    setToken: call.setToken,
    clearCache: call.clearCache,
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
