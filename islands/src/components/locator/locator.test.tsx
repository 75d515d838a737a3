// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { mount, type LocatorProps } from "../../islands/locator";
import { pageAlerts } from "../../stores/page/alerts";
import { pageSchedule } from "../../stores/page/schedule";
import { byText, cleanPage, click, dialogs, firstRender, mountOn, routes, sameMarkup, settle, testPage, type, anonymous, type ApiRoutes } from "../../testing/islands";
import { FR, labelsOf } from "../../testing/labels";
import type { Address, Cinema, City } from "../../types";
import { mount as mountUi } from "./locator-ui";

/** The locator reads no address: an empty one. */
const NO_ADDRESS: Address = { addressLine1: "", addressZip: "", addressCity: "" };
const CINEMAS: Cinema[] = [
  { slug: "evry", vistaRef: "FR0010", name: "Lumen Évry", city: "Évry-Courcouronnes", citySlug: "evry-courcouronnes", gpsPosition: { x: 48.629, y: 2.441 }, theaterPostalCode: "91000", address: NO_ADDRESS },
  { slug: "versailles", vistaRef: "FR0015", name: "Lumen Versailles", city: "Versailles", citySlug: "versailles", gpsPosition: { x: 48.815, y: 2.122 }, theaterPostalCode: "78000", address: NO_ADDRESS },
  { slug: "lyon-bellecour", vistaRef: "FR0020", name: "Lumen Lyon Bellecour", city: "Lyon", citySlug: "lyon", gpsPosition: { x: 45.757, y: 4.832 }, theaterPostalCode: "69002", address: NO_ADDRESS },
];
const CITIES: City[] = [
  { slug: "evry-courcouronnes", name: "Évry-Courcouronnes", postalCode: "91", mainRegion: false, singlePage: false },
  { slug: "versailles", name: "Versailles", postalCode: "78", mainRegion: false, singlePage: false },
  { slug: "lyon", name: "Lyon", postalCode: "69", mainRegion: false, singlePage: false },
];

const lists: ApiRoutes = ({ url }) => (url.pathname === "/api/cinemas" ? { body: CINEMAS } : url.pathname === "/api/cities" ? { body: CITIES } : undefined);

const PROPS: LocatorProps = {
  site: "fr",
  lang: "fr",
  brand: "Lumen Cinémas",
  labels: labelsOf("locator"),
  cinemaPage: null,
  paths: { cinema: null, city: null },
  redirect: false,
  limits: { maxGeolocationDistance: 50, maxGeolocationCinemas: 6 },
  filter: false,
  favouriteLimit: 5,
};

/** What the generator writes inside the island's element (README, island "locator"). */
const MARKUP = `<button type="button" class="locator-open tap" aria-haspopup="dialog" aria-expanded="false"><span class="locator-choice">Choisir un cinéma</span></button>`;

async function page(options: { cookies?: Record<string, string>; href?: string; props?: Partial<LocatorProps> } = {}) {
  const t = testPage({ href: options.href ?? "/", api: routes(lists, anonymous), ...(options.cookies ? { cookies: options.cookies } : {}) });
  const el = await mountOn(mount, `<div class="locator" data-island="locator">${MARKUP}</div>`, { ...PROPS, ...options.props });
  return { ...t, el, label: () => el.querySelector(".locator-choice")?.textContent };
}

async function openLocator(el: HTMLElement) {
  el.querySelector<HTMLElement>(".locator-open")!.focus();
  await click(el.querySelector(".locator-open"));
  await settle();
  return dialogs()[0]!;
}

afterEach(() => {
  vi.unstubAllGlobals();
  cleanPage();
});

describe("locator island", () => {
  it("renders first what the server wrote", () => {
    testPage();
    expect(sameMarkup(MARKUP, firstRender(mountUi, PROPS))).toBe(true);
  });

  it("finds a cinema by typed text without accents, remembers it in the cookie and after a reload", async () => {
    const { el, cookies, label } = await page();
    const dialog = await openLocator(el);
    const input = dialog.querySelector("input")!;
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe(FR["locator.searchPlaceholder"]);
    await type(input, "evry");
    await settle(1);
    expect(dialog.querySelector("[role=status]")?.textContent).toBe("1 cinéma");
    await click(byText(dialog, "button", "Lumen Évry Évry-Courcouronnes"));
    expect(dialogs()).toHaveLength(0);
    expect(label()).toBe("Lumen Évry");
    expect(document.activeElement).toBe(el.querySelector(".locator-open"));
    expect(JSON.parse(cookies.get("cgp_locator")!)).toEqual({ type: "cinema", value: "FR0010" });
    expect(cookies.jar.get("cgp_locator")?.options.days).toBe(365);
    cleanPage();
    // Reloaded: the first stage shows the choice before any interaction.
    const again = await page({ cookies: { cgp_locator: cookies.get("cgp_locator")! } });
    expect(again.label()).toBe("Lumen Évry");
    expect(again.el.dataset.ui).toBeUndefined();
    expect(sameMarkup(again.el.innerHTML, firstRender(mountUi, PROPS))).toBe(true);
  });

  it("finds cinemas and cities by the start of a postal code, and chooses a city", async () => {
    const { el, cookies, label } = await page();
    const dialog = await openLocator(el);
    await type(dialog.querySelector("input"), "78");
    await settle(1);
    expect([...dialog.querySelectorAll(".locator-list h3")].map((h) => h.textContent)).toEqual([FR["locator.city"], FR["locator.allCinemas"]]);
    await click(byText(dialog, "button", "Versailles 78"));
    expect(label()).toBe("Versailles");
    expect(JSON.parse(cookies.get("cgp_locator")!)).toEqual({ type: "city", value: "versailles" });
  });

  it("lists the nearest cinemas of the visitor's position with their distance", async () => {
    vi.stubGlobal("navigator", { ...navigator, geolocation: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 48.8, longitude: 2.13 } } as GeolocationPosition) } });
    const { el, cookies, label } = await page();
    const dialog = await openLocator(el);
    await click(byText(dialog, "button", FR["locator.usePosition"]!));
    const nearest = [...dialog.querySelectorAll(".locator-list button")].map((b) => b.textContent);
    const km = (n: string) => FR["locator.distance"]!.replace("{km}", n);
    expect(nearest).toEqual([`Lumen Versailles ${km("1.8")}`, `Lumen Évry ${km("29.7")}`]);
    expect(label()).toBe(FR["locator.aroundMe"]);
    expect(JSON.parse(cookies.get("cgp_locator")!)).toEqual({ type: "position", value: { x: 48.8, y: 2.13 } });
  });

  it("warns when the position is refused", async () => {
    vi.stubGlobal("navigator", { ...navigator, geolocation: { getCurrentPosition: (_: PositionCallback, no: PositionErrorCallback) => no({ code: 1 } as GeolocationPositionError) } });
    const { el } = await page();
    await click(byText(await openLocator(el), "button", FR["locator.usePosition"]!));
    expect(pageAlerts().getState().queue[0]).toMatchObject({ level: "warning", title: FR["locator.geolocationUnavailable.title"] });
  });

  it("starts from the URL's localisation filter, else the cinema page, and sets the filter on a schedule page", async () => {
    const fromUrl = await page({ href: "/films/filters/localisation-lyon-bellecour", props: { filter: true } });
    expect(fromUrl.label()).toBe("Lumen Lyon Bellecour");
    const dialog = await openLocator(fromUrl.el);
    await type(dialog.querySelector("input"), "versailles");
    await settle(1);
    await click(byText(dialog, "button", "Lumen Versailles Versailles"));
    expect(pageSchedule().getState().filters.localisation).toBe("versailles");
    expect(fromUrl.url.href()).toBe("/films/filters/localisation-versailles");
    cleanPage();
    const onCinema = await page({ href: "/cinemas/versailles", cookies: { cgp_locator: JSON.stringify({ type: "cinema", value: "FR0010" }) }, props: { cinemaPage: { slug: "versailles", name: "Lumen Versailles" } } });
    expect(onCinema.label()).toBe("Lumen Versailles");
  });

  it("asks an anonymous visitor to sign in for their favourites", async () => {
    const { el } = await page();
    await click(byText(await openLocator(el), "button", FR["locator.myFavourites"]!));
    expect(dialogs()).toHaveLength(0);
    const { pageModals } = await import("../../stores/page/modals");
    expect(pageModals().getState().modals.signInCentred.open).toBe(true);
  });
});
