// Helpers of the island tests (jsdom): a page environment with fakes (address, storage,
// cookies, the site API behind a fake fetch), mounting an island on server markup, and
// waiting for lazy chunks and API answers.

import { render } from "preact";
import { act } from "preact/test-utils";
import { vi } from "vitest";
import { writeAuth } from "../auth/oidc";
import type { Mount } from "../island";
import type { IdentityProvider } from "../types";
import { globalTimers, systemClock } from "../lib/time";
import { resetPageStores, type PageEnv } from "../stores/page/env";
import { fakeUrl, memoryCookies, memoryStore } from "./fakes";

export const ORIGIN = "https://www.lumen-cinemas.fr";

export interface ApiCall {
  method: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
}

export type ApiAnswer = { status?: number; body?: unknown } | undefined;
/** The site API's answers; `signedIn` routes come with a stored sign-in (see `testPage`). */
export type ApiRoutes = ((call: ApiCall) => ApiAnswer | Promise<ApiAnswer>) & { signedIn?: boolean };

/** A JSON body, or a form's fields (the token endpoint's grants). */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return Object.fromEntries(new URLSearchParams(text));
  }
}

/** The site API as a fake fetch: `routes` answers each call (404 when it returns nothing). */
export function fakeApi(routes: ApiRoutes) {
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const call: ApiCall = {
      method: init.method ?? "GET",
      url,
      body: typeof init.body === "string" ? parseBody(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const answer = (await routes(call)) ?? { status: 404, body: { error: "not_found" } };
    const { status = 200, body } = answer;
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

/** The test provider: the site's own dev identity provider. */
export const TEST_PROVIDER: IdentityProvider = {
  issuer: `${ORIGIN}/identity`,
  clientId: "lumen-web",
  audience: "lumen-api",
  organization: null,
  authorizationEndpoint: `${ORIGIN}/identity/authorize`,
  tokenEndpoint: `${ORIGIN}/identity/token`,
  endSessionEndpoint: `${ORIGIN}/identity/end_session`,
  jwksUri: `${ORIGIN}/identity/.well-known/jwks.json`,
  scope: "openid profile email offline_access",
  signupHint: "prompt=create",
  redirect: false,
  federatedLogout: false,
  callbackPath: "/callback",
};

/** An anonymous visitor: nothing stored, so no identity call at all; a refresh is refused. */
export const anonymous: ApiRoutes = ({ url }) => {
  if (url.pathname === "/identity/token") return { status: 400, body: { error: "invalid_grant" } };
  if (url.pathname === "/api/webview") return { body: { urlLogin: TEST_PROVIDER.authorizationEndpoint, urlSignup: TEST_PROVIDER.authorizationEndpoint, provider: TEST_PROVIDER } };
  return undefined;
};

/** A signed-in client (id c1) whose account and favourites the API answers. */
export function signedIn(account: Record<string, unknown> = {}, favourites: string[] = []): ApiRoutes {
  return Object.assign(routesOf(account, favourites), { signedIn: true });
}

function routesOf(account: Record<string, unknown>, favourites: string[]): ApiRoutes {
  return ({ url }) => {
    if (url.pathname === "/identity/token") return { body: { access_token: "tok", refresh_token: "rt-2", expires_in: 300 } };
    if (url.pathname === "/api/accounts/me")
      return { body: { icu: "c1", firstname: "Émile", lastname: "Dupont", email: "Emile@Example.org ", registered: true, emailVerify: true, ...account } };
    if (url.pathname === "/api/client/c1") return { body: { id: "c1", favoriteCinemas: favourites } };
    return anonymous({ url } as ApiCall);
  };
}

/** Routes tried in turn: the first answer wins. */
export const routes = (...all: ApiRoutes[]): ApiRoutes =>
  Object.assign(
    async (call: ApiCall) => {
      for (const r of all) {
        const answer = await r(call);
        if (answer) return answer;
      }
      return undefined;
    },
    { signedIn: all.some((r) => r.signedIn) },
  );

export function testPage(options: { href?: string; width?: number; api?: ApiRoutes; cookies?: Record<string, string> } = {}) {
  const url = fakeUrl(options.href ?? "/");
  const api = fakeApi(options.api ?? anonymous);
  const cookies = memoryCookies(options.cookies);
  const storage = memoryStore();
  // A signed-in visitor has a stored sign-in: its refresh token gets the page a token.
  if (options.api?.signedIn) writeAuth(storage, { v: 1, provider: TEST_PROVIDER, sub: "c1", refreshToken: "rt-1", checkedAt: systemClock.now() });
  const env: PageEnv = {
    url,
    timers: globalTimers,
    clock: systemClock,
    storage,
    userAgent: "test",
    viewport: { width: options.width ?? 1280, height: 800 },
    setCssVar() {},
    scrollLock: { lock() {}, unlock() {} },
    origin: ORIGIN,
    cookies,
    fetch: api.fetch,
    window,
  };
  resetPageStores(env);
  return { url, api, cookies, env };
}

/** Puts the server markup in the page and mounts the island on its root element. */
export async function mountOn<P>(mount: Mount<P>, markup: string, props: P, selector = "[data-island]"): Promise<HTMLElement> {
  // A French page, as the labels (testing/labels.ts) are French: counts take French plurals.
  document.documentElement.lang ||= "fr-FR";
  document.body.insertAdjacentHTML("beforeend", markup);
  const el = [...document.querySelectorAll<HTMLElement>(selector)].at(-1)!;
  await act(() => mount(el, props));
  mounted.push(el);
  await settle();
  return el;
}

const mounted: HTMLElement[] = [];

/**
 * The island's first render (what hydration must find): mounted on an empty element and
 * read before any effect runs.
 */
export function firstRender<P>(mount: Mount<P>, props: P, tag = "div"): HTMLElement {
  const probe = document.createElement(tag);
  mount(probe, props);
  const copy = probe.cloneNode(true) as HTMLElement;
  // Unmounted before its effects run: it must not live on into the next test's page.
  render(null, probe);
  return copy;
}

/** Whether markup and a first render hold the same nodes (attribute order aside). */
export function sameMarkup(markup: string, rendered: HTMLElement): boolean {
  const expected = document.createElement(rendered.tagName);
  expected.innerHTML = markup;
  if (expected.isEqualNode(rendered)) return true;
  console.error(`first render differs from the server markup:\n  server:   ${expected.innerHTML}\n  rendered: ${rendered.innerHTML}`);
  return false;
}

/** Lets lazy chunks load, API answers arrive and effects run. */
export async function settle(rounds = 6): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await vi.dynamicImportSettled();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

export async function click(el: Element | null | undefined): Promise<void> {
  if (!el) throw new Error("nothing to click");
  await act(() => (el as HTMLElement).click());
  await settle();
}

export async function type(input: Element | null | undefined, text: string): Promise<void> {
  if (!(input instanceof HTMLInputElement)) throw new Error("not an input");
  await act(() => {
    input.value = text;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

export async function key(target: Element | null | undefined, name: string, init: KeyboardEventInit = {}): Promise<void> {
  if (!target) throw new Error("no key target");
  await act(() => {
    target.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true, ...init }));
  });
  await settle();
}

/** Elements by their accessible text (text content, aria-label), for readable assertions. */
export function byText<T extends Element = HTMLElement>(root: ParentNode, selector: string, text: string | RegExp): T | null {
  const match = (s: string) => (typeof text === "string" ? s.replace(/\s+/g, " ").trim() === text : text.test(s));
  return [...root.querySelectorAll<T>(selector)].find((el) => match(el.textContent ?? "") || match(el.getAttribute("aria-label") ?? "")) ?? null;
}

/** Every open dialog, top last. */
export const dialogs = () => [...document.querySelectorAll<HTMLElement>("[role=dialog]")];

export function cleanPage(): void {
  // Unmounted, so their dialogs' portals and listeners go too.
  // A synchronous callback: act has rendered and run the effects when it returns (its
  // promise is already settled), so cleanPage stays synchronous for the tests calling it.
  for (const el of mounted.splice(0)) void act(() => render(null, el));
  document.body.innerHTML = "";
  document.documentElement.removeAttribute("style");
  // A link followed in a test moves jsdom's own address (a #fragment): back to a blank one.
  window.history.replaceState(null, "", "/");
  resetPageStores();
}
