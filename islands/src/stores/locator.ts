// The locator (spec §4, §5, §9): which cinemas the visitor looks at — one cinema, a city, the
// cinemas near a position, or their favourites. The first choice comes from the URL's
// localisation filter, else the cinema page, else the `cgp_locator` cookie (365 days), else
// the server's guess of the visitor's zone. Each choice rewrites the cookie. A chain of one
// cinema is always in cinema mode. Typed text finds cinemas and cities accent-insensitively,
// or by the start of a postal code; nearby cinemas are those within the settings' limits.

import { createStore } from "zustand/vanilla";
import type { CookieJar } from "../lib/cookies";
import { LOCATOR_COOKIE, LOCATOR_COOKIE_DAYS, parseLocatorCookie } from "../lib/locator-cookie";
import { nearestCinemas, type LatLon, type LocatorLimits, type Nearby } from "../lib/geo";
import { pushHistory } from "../lib/history";
import { cinemaMatches, containsFolded, postalCodeMatches } from "../lib/text";
import type { Alert, Cinema, City, LocatorCookie, Zone } from "../types";
import type { AlertSink } from "./alerts";

export { LOCATOR_COOKIE, LOCATOR_COOKIE_DAYS } from "../lib/locator-cookie";

export type LocatorMode = "cinema" | "city" | "position" | "favorites";
export type GeolocationStatus = "idle" | "pending" | "available" | "unavailable";

export interface LocatorHistoryItem {
  mode: "cinema" | "city";
  slug: string;
  title: string;
}

export interface LocatorState {
  mode: LocatorMode | null;
  cinema: string | null;
  city: string | null;
  position: LatLon | null;
  /** Nearby cinemas of the position, nearest first. */
  nearby: Nearby[];
  favourites: string[];
  /** The cinema page's own cinema, when it is not among the chosen ones. */
  lockedCinema: string | null;
  /** The first choice is known (or known to be absent). */
  loaded: boolean;
  geolocation: GeolocationStatus;
  query: string;
  matches: { cinemas: Cinema[]; cities: City[] };
  history: LocatorHistoryItem[];
  init(context?: { localisation?: string | null; cinemaPage?: string | null }): Promise<void>;
  chooseCinema(slug: string): boolean;
  chooseCity(slug: string): boolean;
  choosePosition(position: LatLon): boolean;
  chooseFavourites(): boolean;
  /** Asks the browser for the visitor's position and chooses it. */
  locate(): Promise<boolean>;
  setQuery(query: string): void;
  setFavourites(slugs: string[]): void;
  /** On a cinema page: shows that cinema when it is not in the current choice. */
  lock(slug: string): void;
  /** Leaving a cinema page. */
  release(): void;
  /** Forgets the visitor's choice (and the cookie): the whole site again. */
  clear(): void;
}

export interface LocatorDeps {
  cinemas: Cinema[];
  cities: City[];
  limits?: LocatorLimits | null;
  cookies: CookieJar;
  cookieName?: string;
  /** The browser's geolocation; rejects when refused or unavailable. */
  geolocate?: () => Promise<LatLon>;
  /** The server's geolocation of the visitor (`/zone`). */
  zone?: () => Promise<Zone | null>;
  alerts?: AlertSink;
  /** The warning shown when geolocation fails (translated by the caller). */
  geolocationAlert?: Pick<Alert, "title" | "subtitle">;
  /** Called after the cookie changed (a choice, or none): the header and lists follow it. */
  onChange?: (cookie: LocatorCookie | null) => void;
}

/** The cinemas a state shows, in order. */
export function selectedCinemas(s: Pick<LocatorState, "mode" | "cinema" | "city" | "nearby" | "favourites" | "lockedCinema">, cinemas: readonly Cinema[]): string[] {
  if (s.lockedCinema) return [s.lockedCinema];
  switch (s.mode) {
    case "cinema":
      return s.cinema ? [s.cinema] : [];
    case "city":
      return cinemas.filter((c) => c.citySlug === s.city).map((c) => c.slug);
    case "position":
      return s.nearby.map((n) => n.slug);
    case "favorites":
      return [...s.favourites];
    default:
      return [];
  }
}

const isPosition = (v: unknown): v is { x: number; y: number } =>
  typeof (v as { x?: unknown })?.x === "number" && typeof (v as { y?: unknown })?.y === "number";

export function createLocatorStore(deps: LocatorDeps) {
  const cookieName = deps.cookieName ?? LOCATOR_COOKIE;
  const cinemaBySlug = new Map(deps.cinemas.map((c) => [c.slug, c]));
  const cityBySlug = new Map(deps.cities.map((c) => [c.slug, c]));
  const single = deps.cinemas.length === 1 ? (deps.cinemas[0] ?? null) : null;

  return createStore<LocatorState>()((set, get) => {
    const writeCookie = (value: LocatorCookie) => {
      deps.cookies.set(cookieName, JSON.stringify(value), { days: LOCATOR_COOKIE_DAYS });
      // A choice of the visitor's: a cinema page's lock ends with it.
      set({ lockedCinema: null });
      deps.onChange?.(value);
    };

    // The state of each mode, without writing anything.
    const cinemaMode = (slug: string) => set({ mode: "cinema", cinema: slug, city: null, position: null, nearby: [] });
    const cityMode = (slug: string) => set({ mode: "city", city: slug, cinema: null, position: null, nearby: [] });
    const positionMode = (position: LatLon) =>
      set({ mode: "position", position, nearby: nearestCinemas(position, deps.cinemas, deps.limits), cinema: null, city: null });

    const remember = (item: LocatorHistoryItem) =>
      set((s) => ({ history: pushHistory(s.history, item, (i) => `${i.mode}:${i.slug}`) }));

    function fromCookie(cookie: LocatorCookie): boolean {
      switch (cookie.type) {
        case "cinema": {
          // The cookie holds the ticketing reference, stable across languages.
          const cinema = deps.cinemas.find((c) => c.vistaRef === cookie.value);
          if (!cinema) return false;
          cinemaMode(cinema.slug);
          return true;
        }
        case "city":
          if (typeof cookie.value !== "string" || !cityBySlug.has(cookie.value)) return false;
          cityMode(cookie.value);
          return true;
        case "position":
          if (!isPosition(cookie.value)) return false;
          positionMode({ lat: cookie.value.x, lon: cookie.value.y });
          return true;
        case "favorite":
          set({ mode: "favorites", cinema: null, city: null, position: null, nearby: [] });
          return true;
      }
    }

    async function fromZone() {
      try {
        const zone = await deps.zone?.();
        if (zone?.citySlug && cityBySlug.has(zone.citySlug)) cityMode(zone.citySlug);
        else if (zone?.position) positionMode({ lat: zone.position.x, lon: zone.position.y });
      } catch {
        // No guess: the visitor chooses.
      }
    }

    return {
      mode: null,
      cinema: null,
      city: null,
      position: null,
      nearby: [],
      favourites: [],
      lockedCinema: null,
      loaded: false,
      geolocation: "idle",
      query: "",
      matches: { cinemas: [], cities: [] },
      history: [],
      async init(context = {}) {
        const localisation = context.localisation ?? null;
        if (single) cinemaMode(single.slug);
        else if (localisation && cinemaBySlug.has(localisation)) cinemaMode(localisation);
        else if (localisation && cityBySlug.has(localisation)) cityMode(localisation);
        else {
          let cookie: ReturnType<typeof parseLocatorCookie>;
          try {
            cookie = parseLocatorCookie(deps.cookies.get(cookieName));
          } catch {
            cookie = "invalid";
          }
          // No cookie: the server's guess. An unreadable one: nothing chosen, but loaded.
          // (On a cinema page, that cinema is shown: no need to guess.)
          const cinemaPage = context.cinemaPage && cinemaBySlug.has(context.cinemaPage) ? context.cinemaPage : null;
          if (cookie === null) {
            if (!cinemaPage) await fromZone();
          } else if (cookie !== "invalid") fromCookie(cookie);
          // A cinema page shows its cinema: the visitor's list stays theirs, locked to the
          // page's cinema when it is not in it (spec §4); a new choice releases it.
          if (cinemaPage) {
            if (get().mode === null) cinemaMode(cinemaPage);
            else get().lock(cinemaPage);
          }
        }
        set({ loaded: true });
      },
      chooseCinema(slug) {
        const cinema = cinemaBySlug.get(slug);
        if (!cinema) return false;
        cinemaMode(slug);
        writeCookie({ type: "cinema", value: cinema.vistaRef });
        remember({ mode: "cinema", slug, title: cinema.name });
        return true;
      },
      chooseCity(slug) {
        const city = cityBySlug.get(slug);
        if (!city || single) return false;
        cityMode(slug);
        writeCookie({ type: "city", value: slug });
        remember({ mode: "city", slug, title: city.name });
        return true;
      },
      choosePosition(position) {
        if (single) return false;
        positionMode(position);
        writeCookie({ type: "position", value: { x: position.lat, y: position.lon } });
        return true;
      },
      chooseFavourites() {
        if (single) return false;
        set({ mode: "favorites", cinema: null, city: null, position: null, nearby: [] });
        writeCookie({ type: "favorite", value: null });
        return true;
      },
      async locate() {
        if (single) return false;
        set({ geolocation: "pending" });
        try {
          if (!deps.geolocate) throw new Error("no geolocation");
          const position = await deps.geolocate();
          set({ geolocation: "available" });
          return get().choosePosition(position);
        } catch {
          set({ geolocation: "unavailable" });
          deps.alerts?.push({
            level: "warning",
            closable: true,
            icon: "warning",
            ...(deps.geolocationAlert ?? { title: "Your position is not available." }),
          });
          // Refused or unavailable: the server's guess of the visitor's city (spec §4), shown
          // until they choose (not written: the cookie keeps only the visitor's choices).
          await fromZone();
          return false;
        }
      },
      setQuery(query) {
        const q = query.trim();
        if (q === "") return set({ query, matches: { cinemas: [], cities: [] } });
        const digits = /^[0-9]/.test(q);
        const cinemas = deps.cinemas.filter((c) =>
          cinemaMatches(q, c, [cityBySlug.get(c.citySlug)?.postalCode, c.theaterPostalCode]),
        );
        const cities = deps.cities.filter((c) =>
          digits ? postalCodeMatches(q, c.postalCode ? [c.postalCode] : []) : containsFolded(c.name, q),
        );
        set({ query, matches: { cinemas, cities } });
      },
      setFavourites: (slugs) => set({ favourites: [...slugs] }),
      lock(slug) {
        const s = get();
        const shown = selectedCinemas({ ...s, lockedCinema: null }, deps.cinemas);
        set({ lockedCinema: shown.includes(slug) ? null : slug });
      },
      release: () => set({ lockedCinema: null }),
      clear() {
        deps.cookies.remove(cookieName);
        // (The other fields mean nothing without a mode.)
        set({ mode: null, lockedCinema: null });
        deps.onChange?.(null);
      },
    };
  });
}

export type LocatorStore = ReturnType<typeof createLocatorStore>;
