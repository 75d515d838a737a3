// @vitest-environment jsdom
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { mount, type FaqSearchProps } from "../../islands/faq-search";
import { SEARCH_DEBOUNCE_MS } from "../../stores/search";
import { cleanPage, firstRender, key, mountOn, routes, sameMarkup, settle, testPage, type, anonymous, type ApiRoutes } from "../../testing/islands";
import { labelsOf } from "../../testing/labels";
import { mount as mountUi } from "./faq-ui";

const PROPS: FaqSearchProps = { site: "fr", lang: "fr", labels: labelsOf("faq-search"), action: "/aide/recherche", inputId: "help-q", results: null };

/** The page's form (templates/pages/help.html), inside the island's element. */
const MARKUP = `<form role="search" action="/aide/recherche" method="get"><label for="help-q">Votre question</label><input id="help-q" name="q" type="search"></form>`;

const faq: ApiRoutes = ({ url }) => {
  if (url.pathname !== "/api/search/full") return undefined;
  const items = [
    { id: "1", type: "faq", slug: "annuler", title: "Puis-je annuler ma réservation ?", url: "/aide/article/slug/annuler" },
    { id: "2", type: "faq", slug: "rembourser", title: "Comment être remboursé ?", url: "/aide/article/slug/rembourser" },
  ];
  return { body: { query: url.searchParams.get("q"), groups: [{ type: "faq", total: 2, items }] } };
};

afterEach(cleanPage);

describe("faq-search island", () => {
  it("renders first what the server wrote", () => {
    testPage();
    expect(sameMarkup(MARKUP, firstRender(mountUi, PROPS))).toBe(true);
  });

  it("lists the results of the address's query on the help search page, count announced", async () => {
    const { api } = testPage({ href: "/aide/recherche?q=annuler", api: routes(faq, anonymous) });
    document.body.innerHTML = `<section id="faq-results"></section>`;
    await mountOn(mount, `<div class="faq-search" data-island="faq-search">${MARKUP}</div>`, { ...PROPS, results: "faq-results" });
    const results = document.getElementById("faq-results")!;
    expect(results.querySelector("[role=status]")?.textContent).toBe("2 résultats");
    expect([...results.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual(["/aide/article/slug/annuler", "/aide/article/slug/rembourser"]);
    expect(Object.fromEntries(api.calls.find((c) => c.url.pathname === "/api/search/full")!.url.searchParams)).toMatchObject({ q: "annuler", scope: "faq", type: "faq" });
  });

  it("keeps the results of a webview page (/m/…) in the webview", async () => {
    testPage({ href: "/m/aide/recherche?q=annuler", api: routes(faq, anonymous) });
    document.body.innerHTML = `<section id="faq-results"></section>`;
    await mountOn(mount, `<div class="faq-search" data-island="faq-search">${MARKUP.replace("/aide/recherche", "/m/aide/recherche")}</div>`, {
      ...PROPS,
      action: "/m/aide/recherche",
      results: "faq-results",
    });
    const results = document.getElementById("faq-results")!;
    expect([...results.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual(["/m/aide/article/slug/annuler", "/m/aide/article/slug/rembourser"]);
  });

  it("suggests articles of the webview on a webview page", async () => {
    testPage({ href: "/m/aide", api: routes(faq, anonymous) });
    const el = await mountOn(mount, `<div class="faq-search" data-island="faq-search">${MARKUP}</div>`, { ...PROPS, action: "/m/aide/recherche" });
    const input = el.querySelector("input")!;
    await act(() => input.focus());
    await settle();
    await act(() => input.focus());
    await type(input, "annu");
    await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 20));
    await settle();
    expect([...el.querySelectorAll(".faq-suggestions a")].map((a) => a.getAttribute("href"))).toEqual(["/m/aide/article/slug/annuler", "/m/aide/article/slug/rembourser"]);
  });

  it("suggests help articles while the field has the focus; arrows reach them, Escape hides them", async () => {
    testPage({ api: routes(faq, anonymous) });
    const el = await mountOn(mount, `<div class="faq-search" data-island="faq-search">${MARKUP}</div>`, PROPS);
    const input = el.querySelector("input")!;
    await act(() => input.focus());
    await settle();
    expect(el.dataset.ui).toBe("on");
    await act(() => input.focus());
    await type(input, "annu");
    await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 20));
    await settle();
    const list = el.querySelector<HTMLElement>(".faq-suggestions")!;
    expect(list.hidden).toBe(false);
    expect(input.getAttribute("aria-expanded")).toBe("true");
    // aria-expanded needs the combobox role (a search field does not allow it).
    expect(input.getAttribute("role")).toBe("combobox");
    expect(input.getAttribute("aria-controls")).toBe(list.id);
    expect(el.querySelector("[role=status]")?.textContent).toBe("2 résultats");
    await key(input, "ArrowDown");
    expect(document.activeElement?.textContent).toBe("Puis-je annuler ma réservation ?");
    await key(document.activeElement, "Escape");
    expect(list.hidden).toBe(true);
  });
});
