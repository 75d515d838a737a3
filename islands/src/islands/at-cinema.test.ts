// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCATOR_CHANGE } from "../lib/locator-cookie";
import { cleanPage, testPage, type ApiRoutes } from "../testing/islands";
import { mount, type AtCinemaProps } from "./at-cinema";

const LABELS = {
  "atCinema.heading": "À l’affiche à {place}",
  "atCinema.whole": "Voir tout le site",
  "atCinema.narrow": "Voir seulement {place}",
  "atCinema.none": "Aucun film de cette liste n’est à l’affiche à {place}.",
};
const cinema = (slug: string, vistaRef: string, citySlug: string) => ({ slug, vistaRef, name: `Lumen ${slug}`, city: citySlug, citySlug, gpsPosition: { x: 48.8, y: 2.3 }, address: { addressLine1: "", addressZip: "", addressCity: "" } });
const day = (...shows: string[]) => shows.map((show) => ({ show, resume: { tags: [], versions: [], specialShowtime: false }, showtimes: [] }));

const api: ApiRoutes = ({ url }) => {
  switch (url.pathname) {
    case "/api/cinemas":
      return { body: [cinema("opera", "1", "paris"), cinema("bastille", "2", "paris")] };
    case "/api/cinema/opera/shows":
      return { body: { days: { "2026-11-22": day("c", "a"), "2026-11-23": day("e") } } };
    case "/api/city/paris/shows":
      return { body: { days: { "2026-11-22": day("b", "d") } } };
    case "/api/shows":
      return { body: ["a", "b", "c", "d", "e"].map((slug) => ({ slug, title: `Film ${slug.toUpperCase()}`, poster: { url: `/media/${slug}.svg`, width: 400, height: 600 } })) };
    default:
      return undefined;
  }
};

/** A list page: the rail holds the first `shown` of the list a, b, c, d, e (the spec's order). */
function page(cookie: string | null, shown = 5, limit: number | null = null) {
  const { cookies, api: fake } = testPage({ api, cookies: cookie ? { cgp_locator: cookie } : {} });
  // The first stage looks at the document's cookies before loading anything.
  document.cookie = cookie ? "cgp_locator=1; path=/" : "cgp_locator=; path=/; max-age=0";
  const all = ["a", "b", "c", "d", "e"];
  document.body.innerHTML = `<div class="at-cinema" data-island="at-cinema"></div><ul id="list">${all
    .slice(0, shown)
    .map((s) => `<li class="show-card"><a href="/film/${s}"><span class="poster"></span><span class="title">Film ${s.toUpperCase()}</span></a></li>`)
    .join("")}</ul>`;
  const el = document.querySelector<HTMLElement>("[data-island]")!;
  const props: AtCinemaProps = {
    site: "fr",
    lang: "fr",
    labels: LABELS,
    list: "list",
    shows: limit === null ? [] : all.map((slug) => ({ slug, href: `/film/${slug}` })),
    limit,
  };
  mount(el, props);
  return { el, cookies, calls: fake.calls };
}

const titles = () => [...document.querySelectorAll("#list .title")].map((t) => t.textContent);

describe("at-cinema: the lists at my cinema", () => {
  afterEach(cleanPage);

  it("shows the whole site without a choice, and asks nothing", async () => {
    const { el, calls } = page(null);
    await new Promise((r) => setTimeout(r, 20));
    expect(titles()).toEqual(["Film A", "Film B", "Film C", "Film D", "Film E"]);
    expect(el.childElementCount).toBe(0);
    expect(calls).toEqual([]);
  });

  it("narrows to the shows playing at the chosen cinema, in the page's order, and widens back on the button", async () => {
    const { el } = page(JSON.stringify({ type: "cinema", value: "1" }));
    await vi.waitFor(() => expect(titles()).toEqual(["Film A", "Film C", "Film E"]));
    expect(el.querySelector(".at-cinema-place")?.textContent).toBe("À l’affiche à Lumen opera");
    el.querySelector("button")!.click();
    await vi.waitFor(() => expect(titles()).toEqual(["Film A", "Film B", "Film C", "Film D", "Film E"]));
    expect(el.querySelector("button")?.textContent).toBe("Voir seulement Lumen opera");
  });

  it("narrows a city's choice with the city's schedule, and widens back when the choice is cleared", async () => {
    const { el, cookies } = page(JSON.stringify({ type: "city", value: "paris" }));
    await vi.waitFor(() => expect(titles()).toEqual(["Film B", "Film D"]));
    cookies.remove("cgp_locator");
    dispatchEvent(new Event(LOCATOR_CHANGE));
    await vi.waitFor(() => expect(titles()).toEqual(["Film A", "Film B", "Film C", "Film D", "Film E"]));
    expect(el.childElementCount).toBe(0);
  });

  it("fills the home rail from the whole list: a show the rail had no room for gets a card", async () => {
    page(JSON.stringify({ type: "cinema", value: "1" }), 2, 2);
    await vi.waitFor(() => expect(titles()).toEqual(["Film A", "Film C"]));
    expect(document.querySelector<HTMLAnchorElement>("#list li:nth-child(2) a")?.getAttribute("href")).toBe("/film/c");
  });
});
