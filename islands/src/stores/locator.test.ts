import { describe, expect, it, vi } from "vitest";
import { memoryCookies } from "../testing/fakes";
import type { Address, Cinema, City } from "../types";
import { createAlertsStore } from "./alerts";
import { createLocatorStore, LOCATOR_COOKIE, selectedCinemas, type LocatorDeps } from "./locator";

const KM_PER_DEGREE = 60 * 1.853159616;
const PARIS = { lat: 48.8566, lon: 2.3522 };
const north = (km: number) => ({ x: PARIS.lat + km / KM_PER_DEGREE, y: PARIS.lon });

/** The locator reads no address: an empty one. */
const NO_ADDRESS: Address = { addressLine1: "", addressZip: "", addressCity: "" };
const CINEMAS: Cinema[] = [
  { slug: "lumen-opera", vistaRef: "0001", name: "Lumen Opéra", city: "Paris", citySlug: "paris", gpsPosition: north(1), theaterPostalCode: "75009", address: NO_ADDRESS },
  { slug: "lumen-bastille", vistaRef: "0002", name: "Lumen Bastille", city: "Paris", citySlug: "paris", gpsPosition: north(3), address: NO_ADDRESS },
  { slug: "lumen-evry", vistaRef: "0003", name: "Lumen Évry", city: "Évry-Courcouronnes", citySlug: "evry", gpsPosition: north(30), theaterPostalCode: "91000", address: NO_ADDRESS },
  { slug: "lumen-lyon", vistaRef: "0004", name: "Lumen Part-Dieu", city: "Lyon", citySlug: "lyon", gpsPosition: north(390), address: NO_ADDRESS },
];
const CITIES: City[] = [
  { slug: "paris", name: "Paris", postalCode: "75", mainRegion: false, singlePage: false },
  { slug: "evry", name: "Évry-Courcouronnes", postalCode: "91", mainRegion: false, singlePage: false },
  { slug: "lyon", name: "Lyon", postalCode: "69", mainRegion: false, singlePage: false },
];

function setup(overrides: Partial<LocatorDeps> = {}, cookie?: string) {
  const cookies = memoryCookies(cookie === undefined ? {} : { [LOCATOR_COOKIE]: cookie });
  const alerts = createAlertsStore();
  const deps: LocatorDeps = { cinemas: CINEMAS, cities: CITIES, cookies, alerts: alerts.getState(), ...overrides };
  const store = createLocatorStore(deps);
  const cookieValue = () => {
    const v = cookies.get(LOCATOR_COOKIE);
    return v === null ? null : (JSON.parse(v) as unknown);
  };
  return { store, cookies, alerts, cookieValue, s: () => store.getState() };
}

describe("locator store: the first choice", () => {
  it("takes the URL's localisation filter first (a cinema or a city)", async () => {
    const { s } = setup({}, JSON.stringify({ type: "city", value: "lyon" }));
    await s().init({ localisation: "lumen-bastille", cinemaPage: "lumen-opera" });
    expect([s().mode, s().cinema, s().loaded]).toEqual(["cinema", "lumen-bastille", true]);
    const other = setup();
    await other.s().init({ localisation: "evry" });
    expect([other.s().mode, other.s().city]).toEqual(["city", "evry"]);
  });

  it("takes the cinema page next: locked on it when the visitor's choice is elsewhere", async () => {
    const { s } = setup({}, JSON.stringify({ type: "city", value: "lyon" }));
    await s().init({ localisation: "unknown-place", cinemaPage: "lumen-opera" });
    // The visitor's choice stays theirs; the list shows the page's cinema (spec §4).
    expect([s().mode, s().city, s().lockedCinema]).toEqual(["city", "lyon", "lumen-opera"]);
    expect(selectedCinemas(s(), CINEMAS)).toEqual(["lumen-opera"]);
    // Without a choice, the page's cinema is the mode itself, and the zone is not asked.
    const zone = vi.fn(() => Promise.resolve({ id: "z", name: "Lyon", citySlug: "lyon" }));
    const none = setup({ zone });
    await none.s().init({ cinemaPage: "lumen-opera" });
    expect([none.s().mode, none.s().cinema, none.s().lockedCinema]).toEqual(["cinema", "lumen-opera", null]);
    expect(zone).not.toHaveBeenCalled();
    // A choice that holds the page's cinema is not locked.
    const paris = setup({}, JSON.stringify({ type: "city", value: "paris" }));
    await paris.s().init({ cinemaPage: "lumen-opera" });
    expect([paris.s().mode, paris.s().lockedCinema]).toEqual(["city", null]);
  });

  it("reads the cookie: a cinema reference is mapped to its slug", async () => {
    const { s } = setup({}, JSON.stringify({ type: "cinema", value: "0003" }));
    await s().init();
    expect([s().mode, s().cinema, s().loaded]).toEqual(["cinema", "lumen-evry", true]);
  });

  it("reads the cookie's city, position and favourites", async () => {
    const city = setup({}, JSON.stringify({ type: "city", value: "lyon" }));
    await city.s().init();
    expect([city.s().mode, city.s().city]).toEqual(["city", "lyon"]);
    const position = setup({}, JSON.stringify({ type: "position", value: { x: PARIS.lat, y: PARIS.lon } }));
    await position.s().init();
    expect(position.s().mode).toBe("position");
    expect(position.s().nearby.map((n) => n.slug)).toEqual(["lumen-opera", "lumen-bastille", "lumen-evry"]);
    const fav = setup({}, JSON.stringify({ type: "favorite" }));
    await fav.s().init();
    expect(fav.s().mode).toBe("favorites");
  });

  it("marks the location loaded when the cookie cannot be read", async () => {
    const zone = vi.fn(() => Promise.resolve({ id: "z", name: "Lyon", citySlug: "lyon" }));
    for (const bad of ["{not json", JSON.stringify({ type: "planet" }), JSON.stringify({ type: "cinema", value: "9999" })]) {
      const { s } = setup({ zone }, bad);
      await s().init();
      expect([s().mode, s().loaded]).toEqual([null, true]);
    }
    const throwing = setup({ zone });
    throwing.cookies.get = () => {
      throw new Error("cookies blocked");
    };
    await throwing.s().init();
    expect([throwing.s().mode, throwing.s().loaded]).toEqual([null, true]);
    expect(zone).not.toHaveBeenCalled();
  });

  it("falls back to the server's zone without a cookie", async () => {
    const city = setup({ zone: () => Promise.resolve({ id: "z", name: "Lyon", citySlug: "lyon" }) });
    await city.s().init();
    expect([city.s().mode, city.s().city, city.s().loaded]).toEqual(["city", "lyon", true]);
    // The guess is not the visitor's choice: no cookie is written.
    expect(city.cookies.get(LOCATOR_COOKIE)).toBeNull();
    const position = setup({ zone: () => Promise.resolve({ id: "z", name: "?", position: { x: PARIS.lat, y: PARIS.lon } }) });
    await position.s().init();
    expect(position.s().mode).toBe("position");
    const failing = setup({ zone: async () => Promise.reject(new Error("down")) });
    await failing.s().init();
    expect([failing.s().mode, failing.s().loaded]).toEqual([null, true]);
  });

  it("forces cinema mode in a single-cinema chain", async () => {
    const only = CINEMAS.slice(0, 1);
    const { s } = setup({ cinemas: only }, JSON.stringify({ type: "city", value: "paris" }));
    await s().init({ localisation: "paris" });
    expect([s().mode, s().cinema]).toEqual(["cinema", "lumen-opera"]);
    expect(s().chooseCity("paris")).toBe(false);
    expect(s().chooseFavourites()).toBe(false);
    expect(s().choosePosition(PARIS)).toBe(false);
    expect(await s().locate()).toBe(false);
    expect(s().mode).toBe("cinema");
  });
});

describe("locator store: choosing", () => {
  it("rewrites the cookie for 365 days: cinema by reference, city by slug, position by coordinates", () => {
    const { s, cookies, cookieValue } = setup();
    expect(s().chooseCinema("lumen-bastille")).toBe(true);
    expect(cookieValue()).toEqual({ type: "cinema", value: "0002" });
    expect(cookies.jar.get(LOCATOR_COOKIE)?.options.days).toBe(365);
    s().chooseCity("lyon");
    expect(cookieValue()).toEqual({ type: "city", value: "lyon" });
    expect([s().mode, s().city, s().cinema]).toEqual(["city", "lyon", null]);
    s().choosePosition({ lat: 45.0, lon: 4.5 });
    expect(cookieValue()).toEqual({ type: "position", value: { x: 45.0, y: 4.5 } });
    s().chooseFavourites();
    expect(cookieValue()).toEqual({ type: "favorite", value: null });
    expect(s().chooseCinema("nope")).toBe(false);
    expect(s().chooseCity("nope")).toBe(false);
    expect(cookieValue()).toEqual({ type: "favorite", value: null });
  });

  it("lists the chosen cinemas of each mode", () => {
    const { s } = setup();
    s().chooseCity("paris");
    expect(selectedCinemas(s(), CINEMAS)).toEqual(["lumen-opera", "lumen-bastille"]);
    s().setFavourites(["lumen-lyon", "lumen-evry"]);
    s().chooseFavourites();
    expect(selectedCinemas(s(), CINEMAS)).toEqual(["lumen-lyon", "lumen-evry"]);
    s().chooseCinema("lumen-evry");
    expect(selectedCinemas(s(), CINEMAS)).toEqual(["lumen-evry"]);
  });

  it("keeps the 3 latest distinct choices", () => {
    const { s } = setup();
    s().chooseCinema("lumen-opera");
    s().chooseCity("paris");
    s().chooseCinema("lumen-bastille");
    s().chooseCinema("lumen-opera");
    s().chooseCity("lyon");
    expect(s().history.map((h) => `${h.mode}:${h.slug}`)).toEqual(["city:lyon", "cinema:lumen-opera", "cinema:lumen-bastille"]);
    expect(s().history[1]?.title).toBe("Lumen Opéra");
  });

  it("finds the nearest cinemas within the settings' limits", () => {
    const { s } = setup({ limits: { maxGeolocationDistance: 10, maxGeolocationCinemas: 1 } });
    s().choosePosition(PARIS);
    expect(s().nearby.map((n) => n.slug)).toEqual(["lumen-opera"]);
    expect(s().nearby[0]?.km).toBeCloseTo(1, 6);
    const defaults = setup();
    defaults.s().choosePosition(PARIS);
    // 50 km by default: Lyon (390 km) is out.
    expect(defaults.s().nearby.map((n) => n.slug)).toEqual(["lumen-opera", "lumen-bastille", "lumen-evry"]);
  });

  it("locates the visitor with the browser's geolocation", async () => {
    const { s, cookieValue } = setup({ geolocate: () => Promise.resolve(PARIS) });
    expect(await s().locate()).toBe(true);
    expect([s().geolocation, s().mode]).toEqual(["available", "position"]);
    expect(cookieValue()).toEqual({ type: "position", value: { x: PARIS.lat, y: PARIS.lon } });
  });

  it("marks geolocation unavailable with a warning alert when it fails", async () => {
    const { s, alerts } = setup({
      geolocate: () => Promise.reject(new Error("denied")),
      geolocationAlert: { title: "Position unavailable", subtitle: "Choose a city" },
    });
    s().chooseCity("lyon");
    expect(await s().locate()).toBe(false);
    expect(s().geolocation).toBe("unavailable");
    expect(s().mode).toBe("city");
    expect(alerts.getState().queue[0]).toMatchObject({ level: "warning", title: "Position unavailable", subtitle: "Choose a city" });
    const none = setup({});
    await none.s().locate();
    expect(none.s().geolocation).toBe("unavailable");
  });

  it("falls back to the server's zone when geolocation is refused: the detected city is shown", async () => {
    const onChange = vi.fn();
    const { s, alerts, cookieValue } = setup({
      geolocate: () => Promise.reject(new Error("denied")),
      zone: () => Promise.resolve({ id: "lyon", name: "Lyon", citySlug: "lyon" }),
      onChange,
    });
    expect(await s().locate()).toBe(false);
    expect([s().geolocation, s().mode, s().city]).toEqual(["unavailable", "city", "lyon"]);
    expect(alerts.getState().queue[0]).toMatchObject({ level: "warning" });
    // A guess, not the visitor's choice: nothing written, nobody told.
    expect(cookieValue()).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    // No zone either: nothing changes.
    const down = setup({ geolocate: () => Promise.reject(new Error("denied")), zone: () => Promise.reject(new Error("down")) });
    down.s().chooseCinema("lumen-evry");
    expect(await down.s().locate()).toBe(false);
    expect([down.s().mode, down.s().cinema]).toEqual(["cinema", "lumen-evry"]);
  });

  it("forgets the choice when cleared, and tells who follows it", () => {
    const onChange = vi.fn();
    const { s, cookieValue } = setup({ onChange });
    s().chooseCinema("lumen-opera");
    expect(onChange).toHaveBeenLastCalledWith({ type: "cinema", value: "0001" });
    s().clear();
    expect([s().mode, cookieValue()]).toEqual([null, null]);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(selectedCinemas(s(), CINEMAS)).toEqual([]);
  });
});

describe("locator store: typed search", () => {
  it("ignores accents and case", () => {
    const { s } = setup();
    s().setQuery("EVRY");
    expect(s().matches.cinemas.map((c) => c.slug)).toEqual(["lumen-evry"]);
    expect(s().matches.cities.map((c) => c.slug)).toEqual(["evry"]);
    s().setQuery("opéra");
    expect(s().matches.cinemas.map((c) => c.slug)).toEqual(["lumen-opera"]);
    s().setQuery("   ");
    expect(s().matches).toEqual({ cinemas: [], cities: [] });
  });

  it("matches a postal-code prefix of the city or the theatre", () => {
    const { s } = setup();
    s().setQuery("75");
    expect(s().matches.cinemas.map((c) => c.slug)).toEqual(["lumen-opera", "lumen-bastille"]);
    expect(s().matches.cities.map((c) => c.slug)).toEqual(["paris"]);
    s().setQuery("7500");
    // Only the theatre's own code (75009) goes that far; the city's code is "75".
    expect(s().matches.cinemas.map((c) => c.slug)).toEqual(["lumen-opera"]);
    s().setQuery("910");
    expect(s().matches.cinemas.map((c) => c.slug)).toEqual(["lumen-evry"]);
    expect(s().matches.cities).toEqual([]);
  });
});

describe("locator store: cinema pages", () => {
  it("locks the list on a cinema outside the current choice and releases it after", () => {
    const { s } = setup();
    s().chooseCity("paris");
    s().lock("lumen-opera");
    expect(s().lockedCinema).toBeNull();
    s().lock("lumen-lyon");
    expect(s().lockedCinema).toBe("lumen-lyon");
    expect(selectedCinemas(s(), CINEMAS)).toEqual(["lumen-lyon"]);
    // The visitor's own choice is untouched.
    expect([s().mode, s().city]).toEqual(["city", "paris"]);
    s().release();
    expect(selectedCinemas(s(), CINEMAS)).toEqual(["lumen-opera", "lumen-bastille"]);
    // A new choice releases it too.
    s().lock("lumen-lyon");
    s().chooseCinema("lumen-evry");
    expect(s().lockedCinema).toBeNull();
  });
});
