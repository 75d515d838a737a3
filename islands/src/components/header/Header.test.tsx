// @vitest-environment jsdom
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { mount, type HeaderProps } from "../../islands/header";
import { pageHeader } from "../../stores/page/header";
import { pageModals } from "../../stores/page/modals";
import { mount as mountUi } from "./header-ui";
import { SEARCH_DEBOUNCE_MS } from "../../stores/search";
import { FR, labelsOf } from "../../testing/labels";
import {
  byText,
  cleanPage,
  click,
  dialogs,
  firstRender,
  key,
  mountOn,
  ORIGIN,
  routes,
  sameMarkup,
  settle,
  signedIn,
  anonymous,
  testPage,
  type,
  type ApiRoutes,
} from "../../testing/islands";

const PROPS: HeaderProps = {
  site: "fr",
  lang: "fr",
  brand: "Lumen Cinémas",
  labels: labelsOf("header"),
  authEnabled: true,
  account: [
    { key: "account", href: "https://account.example.org/account" },
    { key: "benefits", href: "https://account.example.org/benefits" },
    { key: "bookings", href: "https://account.example.org/bookings" },
  ],
  benefits: ["booking", "movies", "favourites"],
  cinemasLink: null,
  alternates: [
    { lang: "fr", path: "/cinemas/versailles" },
    { lang: "en", path: "/en/cinemas/versailles" },
  ],
  favouriteLimit: 5,
};

/** What the generator writes inside the island's element (README, island "header"). */
export const HEADER_MARKUP =
  `<button type="button" class="header-search tap" aria-haspopup="dialog" aria-expanded="false">Rechercher</button>` +
  `<button type="button" class="header-language tap" aria-haspopup="dialog" aria-expanded="false"><span class="visually-hidden">Changer de langue </span>FR</button>` +
  `<nav class="account" aria-label="Espace client"><a class="sign-in tap" href="https://account.example.org/account" data-replay="">Se connecter</a></nav>`;

async function header(api: ApiRoutes = anonymous, href = "/cinemas/versailles") {
  const page = testPage({ href, api });
  const el = await mountOn(mount, `<header class="site-header"><div class="header-tools" data-island="header">${HEADER_MARKUP}</div></header>`, PROPS);
  return { ...page, el };
}

const search = (total = 5): ApiRoutes =>
  ({ url }) => {
    if (url.pathname !== "/api/search/full") return undefined;
    const type = url.searchParams.get("type");
    const cinema = (n: number) => ({ id: `c${n}`, type: "cinema", slug: `evry-${n}`, title: `Lumen Évry ${n}`, url: `/cinemas/evry-${n}`, payload: { cinema: { name: "x", slug: "x", address: { city: "Évry", postalCode: "91000" } } } });
    const show = { id: "s1", type: "show", slug: "dune", title: "Dune", url: "/film/dune", payload: { releases: [{ date: "2024-02-28" }, { date: "1900-01-01" }] } };
    if (type === "cinema") return { body: { query: "", groups: [{ type: "cinema", total, items: Array.from({ length: total }, (_, i) => cinema(i)) }] } };
    return {
      body: {
        query: url.searchParams.get("q"),
        groups: [
          { type: "show", total: 1, items: [show] },
          { type: "cinema", total, items: [cinema(0), cinema(1), cinema(2)] },
          { type: "offer", total: 0, items: [] },
        ],
      },
    };
  };

afterEach(cleanPage);

describe("header island", () => {
  it("renders first exactly what the server wrote", () => {
    testPage();
    expect(sameMarkup(HEADER_MARKUP, firstRender(mountUi, PROPS))).toBe(true);
    const single = firstRender(mountUi, { ...PROPS, authEnabled: false, alternates: [{ lang: "fr", path: "/" }] });
    expect(sameMarkup(`<button type="button" class="header-search tap" aria-haspopup="dialog" aria-expanded="false">Rechercher</button>`, single)).toBe(true);
  });

  it("invites an anonymous visitor to sign in, with the benefits, then opens the identity frame", async () => {
    const { el, env, api } = await header();
    // Nothing stored: the page asks no identity question at all.
    expect(api.calls.filter((c) => c.url.pathname.startsWith("/identity/") || c.url.pathname === "/api/accounts/me")).toEqual([]);
    // Clicked before the interactive part is in: replayed once it is.
    await click(byText(el, "a", "Se connecter"));
    expect(dialogs()).toHaveLength(1);
    await key(dialogs()[0], "Escape");
    const entry = byText(el, "button", "Se connecter")!;
    expect(entry.getAttribute("aria-haspopup")).toBe("dialog");
    await click(entry);
    const popin = dialogs()[0]!;
    expect(popin.classList.contains("dialog-popin")).toBe(true);
    expect([...popin.querySelectorAll(".benefits li")].map((li) => li.textContent)).toEqual([FR["client.benefits.booking"], FR["client.benefits.movies"], FR["client.benefits.favourites"]]);
    expect(pageModals().getState().signInRequired).toBe(false);
    await click(byText(popin, "button", "Se connecter"));
    const frame = dialogs()[0]!;
    const iframe = frame.querySelector("iframe")!;
    const src = new URL(iframe.src);
    // The provider's authorization request (code flow with PKCE), the UI language, the
    // site's callback page; the return target is kept with the request's state.
    expect(src.origin + src.pathname).toBe(`${ORIGIN}/identity/authorize`);
    const q = Object.fromEntries(src.searchParams);
    expect(q).toMatchObject({ response_type: "code", client_id: "lumen-web", redirect_uri: `${ORIGIN}/callback`, code_challenge_method: "S256", ui_locales: "fr", audience: "lumen-api" });
    expect(q.scope?.split(" ")).toEqual(expect.arrayContaining(["openid", "offline_access"]));
    expect([q.state, q.nonce, q.code_challenge].every((v) => typeof v === "string" && v.length >= 43)).toBe(true);
    expect(q.prompt).toBeUndefined();
    const pending = JSON.parse(env.storage.getItem("lumen.auth.tx") ?? "{}") as Record<string, { returnTo: string }>;
    expect(pending[q.state!]?.returnTo).toBe("/cinemas/versailles");
    expect(iframe.title).toBe(FR["modals.signIn"]);
    await key(frame, "Escape");
    expect(dialogs()).toHaveLength(0);
  });

  it("shows a signed-in client's avatar before any interaction, without the interactive part", async () => {
    const { el } = await header(signedIn({ photoUrl: "https://id.example.org/u/1.jpg" }));
    const avatar = el.querySelector<HTMLButtonElement>("button.avatar")!;
    expect(avatar.querySelector("img")?.getAttribute("src")).toBe("https://id.example.org/u/1.jpg");
    expect(el.dataset.ui).toBeUndefined();
    // The interactive part's first render is that same DOM.
    expect(sameMarkup(el.innerHTML, firstRender(mountUi, PROPS))).toBe(true);
    await click(avatar);
    expect(el.dataset.ui).toBe("on");
    expect(dialogs()[0]?.querySelector("h2")?.textContent).toBe("Bonjour Émile Dupont");
  });

  it("shows a signed-in client's initials and the profile pop-in, and signs out", async () => {
    let session = true;
    const api = routes(({ url }) => (url.pathname === "/api/logout" ? ((session = false), { body: {} }) : undefined), Object.assign((call: Parameters<typeof anonymous>[0]) => (session ? signedIn()(call) : anonymous(call)), { signedIn: true }));
    const { el, api: fake, url, env } = await header(api);
    const avatar = el.querySelector<HTMLButtonElement>("button.avatar")!;
    expect(avatar.textContent).toBe(`DÉ${FR["header.account"]}`);
    await click(avatar);
    const popin = dialogs()[0]!;
    expect(popin.querySelector("h2")?.textContent).toBe("Bonjour Émile Dupont");
    expect([...popin.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Mon profil", "https://account.example.org/account"],
      ["Mes avantages", "https://account.example.org/benefits"],
      ["Mes réservations", "https://account.example.org/bookings"],
    ]);
    await click(byText(popin, "button", "Se déconnecter"));
    expect(fake.calls.some((c) => c.method === "POST" && c.url.pathname === "/api/logout")).toBe(true);
    expect(el.querySelector("button.avatar")).toBeNull();
    expect(byText(el, "button", "Se connecter")).not.toBeNull();
    // Then the provider ends its own session and sends the visitor back to the site.
    const end = new URL(url.navigated.at(-1) ?? "");
    expect(end.origin + end.pathname).toBe(`${ORIGIN}/identity/end_session`);
    expect([end.searchParams.get("client_id"), end.searchParams.get("post_logout_redirect_uri")]).toEqual(["lumen-web", `${ORIGIN}/`]);
    expect(env.storage.getItem("lumen.auth")).toBeNull();
  });

  it("opens the forced sign-up frame, fullscreen and not closable, for a client who has not finished", async () => {
    await header(signedIn({ registered: false }));
    const frame = dialogs()[0]!;
    expect(frame.classList.contains("dialog-fullscreen")).toBe(true);
    expect(frame.querySelector(".dialog-close")).toBeNull();
    expect(new URL(frame.querySelector("iframe")!.src).searchParams.get("prompt")).toBe("create");
  });

  it("switches language: the lang cookie, then the page's alternate", async () => {
    const { el, cookies, url } = await header();
    await click(el.querySelector(".header-language"));
    const dialog = dialogs()[0]!;
    expect(dialog.querySelector("h2")?.textContent).toBe(FR["languages.choose"]);
    const current = byText<HTMLAnchorElement>(dialog, "a", "Français")!;
    expect(current.getAttribute("aria-current")).toBe("true");
    await click(byText(dialog, "a", "English"));
    expect(cookies.get("lang")).toBe("en");
    expect(url.navigated).toEqual(["/en/cinemas/versailles"]);
  });

  it("searches from the header: accented query, grouped results, count announced, show more and back", async () => {
    const { el, api } = await header(routes(search(), anonymous));
    const button = el.querySelector<HTMLButtonElement>(".header-search")!;
    await click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const dialog = dialogs()[0]!;
    const input = dialog.querySelector("input")!;
    expect(document.activeElement).toBe(input);
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe("Rechercher sur Lumen Cinémas");
    const status = dialog.querySelector("[role=status]")!;
    await type(input, "év");
    expect(status.textContent).toBe("Saisissez au moins 3 caractères");
    await type(input, "évry");
    await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 20));
    await settle();
    const call = api.calls.find((c) => c.url.pathname === "/api/search/full")!;
    expect(call.url.searchParams.get("q")).toBe("évry");
    expect(status.textContent).toBe("6 résultats");
    expect([...dialog.querySelectorAll(".search-group h3")].map((h) => h.textContent)).toEqual(["Films et événements", "Cinémas"]);
    expect(dialog.querySelector(".search-result-show .subtitle")?.textContent).toBe("2024");
    expect(dialog.querySelector(".search-result-cinema .subtitle")?.textContent).toBe("91000 Évry");
    await click(dialog.querySelector(".search-group-cinema .search-more"));
    expect(dialog.querySelector(".search-type h3")?.textContent).toBe("Cinémas (5)");
    expect(dialog.querySelectorAll(".search-type li")).toHaveLength(5);
    expect(status.textContent).toBe("5 résultats");
    expect(document.activeElement?.classList.contains("search-back")).toBe(true);
    await click(dialog.querySelector(".search-back"));
    expect(dialog.querySelectorAll(".search-group")).toHaveLength(2);
    expect(document.activeElement).toBe(input);
    // Following a result keeps it in the history shown when the field is empty.
    const link = dialog.querySelector<HTMLAnchorElement>(".search-result-show a")!;
    link.addEventListener("click", (e) => e.preventDefault());
    await click(link);
    await type(input, "");
    expect([...dialog.querySelectorAll(".search-history a")].map((a) => a.getAttribute("href"))).toEqual(["/film/dune"]);
  });

  it("asks an anonymous visitor to sign in when they favourite a cinema result", async () => {
    const { el } = await header(routes(search(), anonymous));
    await click(el.querySelector(".header-search"));
    await type(dialogs()[0]!.querySelector("input"), "evry");
    await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 20));
    await settle();
    const favourite = dialogs()[0]!.querySelector<HTMLButtonElement>(".search-result-cinema .favourite-button")!;
    expect(favourite.textContent).toContain("Ajouter aux cinémas favoris : Lumen Évry 0");
    await click(favourite);
    const open = dialogs();
    expect(open).toHaveLength(1);
    expect(open[0]!.classList.contains("dialog-centred")).toBe(true);
    expect(open[0]!.querySelector("h2")?.textContent).toBe("Connectez-vous à votre compte Lumen Cinémas");
    expect(pageModals().getState().signInRequired).toBe(true);
  });

  it("makes the header sticky on desktop, hides it scrolling down unless it holds the focus", async () => {
    const { el } = await header();
    const bar = el.closest("header")!;
    const scrollTo = async (y: number) => {
      Object.defineProperty(window, "scrollY", { value: y, configurable: true });
      await act(() => {
        window.dispatchEvent(new Event("scroll"));
      });
      await new Promise((r) => setTimeout(r, 220));
    };
    await scrollTo(500);
    expect(bar.classList.contains("is-sticky")).toBe(true);
    await scrollTo(900);
    expect(pageHeader().getState().hidden).toBe(true);
    expect(bar.classList.contains("is-hidden")).toBe(true);
    await act(() => el.querySelector<HTMLElement>(".header-search")!.focus());
    expect(bar.classList.contains("is-hidden")).toBe(false);
    await scrollTo(0);
  });
});
