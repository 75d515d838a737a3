// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCATOR_CHANGE } from "../../lib/locator-cookie";
import { cleanPage, testPage, type ApiRoutes } from "../../testing/islands";
import { followCinemasLink } from "./cinemas-link";
import type { HeaderProps } from "./Header";

const cinema = (slug: string, vistaRef: string, citySlug: string) => ({ slug, vistaRef, name: slug, city: citySlug, citySlug, gpsPosition: { x: 48.8, y: 2.3 }, address: { addressLine1: "", addressZip: "", addressCity: "" } });
const api: ApiRoutes = ({ url }) =>
  url.pathname === "/api/cinemas" ? { body: [cinema("opera", "1", "paris"), cinema("bastille", "2", "paris"), cinema("evry", "3", "evry")] } : undefined;

const PROPS = {
  site: "fr",
  lang: "fr",
  labels: {},
  authEnabled: false,
  account: [],
  benefits: [],
  alternates: [],
  favouriteLimit: 5,
  cinemasLink: { list: "/cinemas", cinema: "/cinemas/{slug}", cityLight: "/cinemas/ville-list/{slug}" },
} as HeaderProps;

function header(cookie?: object) {
  const page = testPage({ api, cookies: cookie ? { cgp_locator: JSON.stringify(cookie) } : {} });
  // The first stage looks at the document's cookies before loading anything.
  document.cookie = cookie ? "cgp_locator=1; path=/" : "cgp_locator=; path=/; max-age=0";
  document.body.innerHTML = `<header class="site-header"><nav class="main-nav"><ul><li><a href="/">Films</a></li><li><a href="/cinemas">Cinémas</a></li></ul></nav><div class="header-tools"></div></header>`;
  followCinemasLink(document.querySelector<HTMLElement>(".header-tools")!, PROPS);
  return page;
}
const href = () => document.querySelectorAll(".main-nav a")[1]?.getAttribute("href");

describe("the header's cinemas link follows the locator's choice (spec §2)", () => {
  afterEach(cleanPage);

  it("leads to the list without a choice, without asking the API", async () => {
    const { api: fake } = header();
    await new Promise((r) => setTimeout(r, 10));
    expect(href()).toBe("/cinemas");
    expect(fake.calls).toEqual([]);
  });

  it("leads to a chosen cinema, a city's only cinema, or a city's light page", async () => {
    header({ type: "cinema", value: "2" });
    await vi.waitFor(() => expect(href()).toBe("/cinemas/bastille"));
    cleanPage();
    header({ type: "city", value: "evry" });
    await vi.waitFor(() => expect(href()).toBe("/cinemas/evry"));
    cleanPage();
    header({ type: "city", value: "paris" });
    await vi.waitFor(() => expect(href()).toBe("/cinemas/ville-list/paris"));
  });

  it("follows a change of the choice on the page", async () => {
    const { cookies } = header({ type: "cinema", value: "1" });
    await vi.waitFor(() => expect(href()).toBe("/cinemas/opera"));
    cookies.set("cgp_locator", JSON.stringify({ type: "city", value: "paris" }));
    dispatchEvent(new Event(LOCATOR_CHANGE));
    await vi.waitFor(() => expect(href()).toBe("/cinemas/ville-list/paris"));
    cookies.remove("cgp_locator");
    dispatchEvent(new Event(LOCATOR_CHANGE));
    await vi.waitFor(() => expect(href()).toBe("/cinemas"));
  });
});
