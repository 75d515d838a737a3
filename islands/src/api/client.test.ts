import { describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient, limitReached } from "./client";

interface Call {
  url: URL;
  init: RequestInit;
}

function fakeFetch(answer: (url: URL, init: RequestInit) => { status?: number; body?: unknown }) {
  const calls: Call[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input);
    calls.push({ url, init });
    const { status = 200, body } = answer(url, init);
    return Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status }));
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

/** The JSON a call sent as its body. */
function sentJson(call: Call | undefined): unknown {
  const body = call?.init.body;
  if (typeof body !== "string") throw new Error(`expected a JSON body, got ${typeof body}`);
  return JSON.parse(body) as unknown;
}

const ORIGIN = "https://www.lumen-cinemas.fr";
const headers = (c: Call | undefined) => (c?.init.headers ?? {}) as Record<string, string>;

describe("API client", () => {
  it("calls absolute URLs with the language, except for settings", async () => {
    const f = fakeFetch(() => ({ body: [] }));
    const api = createApiClient({ origin: ORIGIN, language: "en", fetch: f.fetch });
    await api.get("/api/cinemas");
    await api.get("/api/settings");
    expect(f.calls[0]?.url.href).toBe(`${ORIGIN}/api/cinemas?language=en`);
    expect(f.calls[1]?.url.href).toBe(`${ORIGIN}/api/settings`);
  });

  it("caches GET answers per URL and parameters, not failures", async () => {
    let fail = true;
    const f = fakeFetch((url) => (url.pathname === "/api/flaky" && fail ? { status: 500, body: { error: "x" } } : { body: { at: url.search } }));
    const api = createApiClient({ origin: ORIGIN, language: "fr", fetch: f.fetch });
    const a = await api.get("/api/shows", { b: 1, a: "x" });
    const b = await api.get("/api/shows", { a: "x", b: 1 });
    expect(a).toBe(b);
    expect(f.calls).toHaveLength(1);
    await api.get("/api/shows", { a: "y" });
    expect(f.calls).toHaveLength(2);
    await expect(api.get("/api/flaky")).rejects.toBeInstanceOf(ApiError);
    fail = false;
    await expect(api.get("/api/flaky")).resolves.toEqual({ at: "?language=fr" });
    api.clearCache();
    await api.get("/api/shows", { a: "x", b: 1 });
    expect(f.calls).toHaveLength(5);
  });

  it("searches with q, type and scope, and reads the grouped answer", async () => {
    const group = { type: "event", total: 1, items: [{ id: "1", type: "event", slug: "e", title: "E" }] };
    const f = fakeFetch(() => ({ body: { query: "dune", groups: [group] } }));
    const api = createApiClient({ origin: ORIGIN, language: "fr", fetch: f.fetch });
    expect(await api.search("dune", { type: "show" })).toEqual({ query: "dune", groups: [group] });
    expect(f.calls[0]?.url.pathname).toBe("/api/search/full");
    expect(Object.fromEntries(f.calls[0]?.url.searchParams ?? [])).toEqual({ q: "dune", type: "show", language: "fr" });
    await api.search("aide", { scope: "faq" });
    expect(Object.fromEntries(f.calls[1]?.url.searchParams ?? [])).toEqual({ q: "aide", scope: "faq", language: "fr" });
    const odd = fakeFetch(() => ({ body: { nope: 1 } }));
    expect(await createApiClient({ origin: ORIGIN, language: "fr", fetch: odd.fetch }).search("x")).toEqual({ query: "x", groups: [] });
  });

  it("checks a voucher with its captcha answer, uncached", async () => {
    const f = fakeFetch(() => ({ body: { resultCode: 0, card: { code: "AB12" } } }));
    const api = createApiClient({ origin: ORIGIN, language: "fr", fetch: f.fetch });
    await api.voucher(" AB12 ", "answer");
    await api.voucher(" AB12 ", "answer");
    expect(f.calls).toHaveLength(2);
    expect(f.calls[0]?.url.pathname).toBe("/api/voucher/AB12");
    expect(headers(f.calls[0])["X-Captcha-Response"]).toBe("answer");
  });

  it("reads the client and its feelings with the token", async () => {
    const f = fakeFetch((url) => ({ body: url.pathname.endsWith("/shows") ? [{ slug: "dune", intention: 2 }] : { id: "c 1", favoriteCinemas: ["a"] } }));
    const api = createApiClient({ origin: ORIGIN, language: "fr", fetch: f.fetch });
    api.setToken("tok");
    expect((await api.client("c 1")).favoriteCinemas).toEqual(["a"]);
    expect(await api.feelings("c 1", ["dune"])).toEqual([{ slug: "dune", intention: 2 }]);
    expect(f.calls[0]?.url.pathname).toBe("/api/client/c%201");
    expect(f.calls[1]?.init.method).toBe("POST");
    expect(sentJson(f.calls[1])).toEqual({ showSlugs: ["dune"] });
    expect(headers(f.calls[1]).Authorization).toBe("Bearer tok");
  });

  it("sends the bearer token on client calls only, and never caches them", async () => {
    const f = fakeFetch(() => ({ body: { icu: "c1" } }));
    const api = createApiClient({ origin: ORIGIN, language: "fr", fetch: f.fetch });
    api.setToken("tok");
    await api.me();
    await api.me();
    await api.get("/api/cinemas");
    await api.authEndpoints();
    expect(f.calls).toHaveLength(4);
    expect(headers(f.calls[0]).Authorization).toBe("Bearer tok");
    expect(headers(f.calls[2]).Authorization).toBeUndefined();
    expect(headers(f.calls[3]).Authorization).toBeUndefined();
    expect(f.calls[3]?.url.pathname).toBe("/api/webview");
    api.setToken(null);
    await api.me();
    expect(headers(f.calls[4]).Authorization).toBeUndefined();
  });

  it("keeps the client's calls out of the browser's HTTP cache", async () => {
    const f = fakeFetch(() => ({ body: { id: "c1" } }));
    const api = createApiClient({ origin: ORIGIN, language: "fr", fetch: f.fetch });
    api.setToken("tok");
    await api.client("c1");
    await api.me();
    await api.get("/api/cinemas");
    expect(f.calls.map((c) => c.init.cache)).toEqual(["no-store", "no-store", undefined]);
  });

  it("adds and removes favourites, and reads the full-list answer", async () => {
    const f = fakeFetch((url, init) =>
      init.method === "POST" && url.pathname.endsWith("/full") ? { status: 409, body: { error: "limit_reached", limit: 5 } } : { status: 204 },
    );
    const api = createApiClient({ origin: ORIGIN, language: "fr", fetch: f.fetch });
    api.setToken("t");
    await api.addFavourite("c 1", "lumen-opera");
    await api.removeFavourite("c 1", "lumen-opera");
    expect(f.calls.map((c) => `${c.init.method} ${c.url.pathname}`)).toEqual([
      "POST /api/client/c%201/cinema/lumen-opera",
      "DELETE /api/client/c%201/cinema/lumen-opera",
    ]);
    expect(headers(f.calls[0]).Authorization).toBe("Bearer t");
    const error = await api.addFavourite("c1", "full").catch((e: unknown) => e);
    expect(limitReached(error)).toBe(5);
    expect(limitReached(new ApiError(409, { error: "other" }, "u"))).toBeNull();
    expect(limitReached(new Error("x"))).toBeNull();
  });

  it("posts intentions and emotions with their bodies", async () => {
    const f = fakeFetch(() => ({ status: 204 }));
    const api = createApiClient({ origin: ORIGIN, language: "nl", fetch: f.fetch });
    await api.setIntention("c1", "dune", false);
    await api.setEmotion("c1", "dune", "loved", true);
    expect(f.calls[0]?.url.pathname).toBe("/api/client/c1/show/dune/intention");
    expect(sentJson(f.calls[0])).toEqual({ intention: 2, isDelete: false });
    expect(f.calls[1]?.url.pathname).toBe("/api/client/c1/show/dune/emotion");
    expect(sentJson(f.calls[1])).toEqual({ emotion: "loved", isDelete: true });
    expect(headers(f.calls[1])["Content-Type"]).toBe("application/json");
  });

  it("logs out with a POST carrying credentials and an empty body", async () => {
    const f = fakeFetch(() => ({ status: 204 }));
    const api = createApiClient({ origin: ORIGIN, language: "fr", fetch: f.fetch });
    await api.logout();
    expect(f.calls[0]?.init).toMatchObject({ method: "POST", credentials: "same-origin", body: "{}" });
    expect(f.calls[0]?.url.pathname).toBe("/api/logout");
  });
});
