// What the visitor's locator choice (the `cgp_locator` cookie, spec §3) names once the
// cinema list is known: a cinema, or a city with its cinemas. Read by the first stages that
// follow the choice without the locator's store: the header's cinemas link (spec §2), the
// cinemas page's redirect and the lists "at my cinema" (spec §4). Changes of the choice are
// announced on the document (`LOCATOR_CHANGE`) by the locator's store.

import type { Cinema, LocatorCookie } from "../types";
import { nearestCinemas, type LocatorLimits } from "./geo";

export type Place = { kind: "cinema"; cinema: Cinema } | { kind: "city"; slug: string; cinemas: Cinema[] };

/** The event the document gets when the locator's choice changed (the cookie is rewritten). */
export const LOCATOR_CHANGE = "cgp-locator-change";

/** The place a choice names. A position names its nearest cinema only when `nearest` (a
 * position is not a selected cinema for the header's link); favourites name none here. */
export function placeOf(
  cookie: LocatorCookie | null,
  cinemas: readonly Cinema[],
  options: { nearest?: boolean; limits?: LocatorLimits | null } = {},
): Place | null {
  switch (cookie?.type) {
    case "cinema": {
      const cinema = cinemas.find((c) => c.vistaRef === cookie.value);
      return cinema ? { kind: "cinema", cinema } : null;
    }
    case "city": {
      const list = cinemas.filter((c) => c.citySlug === cookie.value);
      return list.length > 0 ? { kind: "city", slug: String(cookie.value), cinemas: list } : null;
    }
    case "position": {
      const v = cookie.value as { x?: unknown; y?: unknown } | null;
      if (!options.nearest || typeof v?.x !== "number" || typeof v.y !== "number") return null;
      const first = nearestCinemas({ lat: v.x, lon: v.y }, cinemas, options.limits)[0];
      const cinema = first && cinemas.find((c) => c.slug === first.slug);
      return cinema ? { kind: "cinema", cinema } : null;
    }
    default:
      return null;
  }
}

/** The first cinema of a place: the cinema, or the city's first (in the API's order). */
export const firstCinema = (place: Place | null): Cinema | null =>
  place?.kind === "cinema" ? place.cinema : (place?.cinemas[0] ?? null);

export const withSlug = (pattern: string, slug: string) => pattern.replace("{slug}", encodeURIComponent(slug));

/** Spec §2 "Cinemas link target": a city with exactly one cinema → that cinema's page; a
 * city with several → the light city page; a selected cinema → its page; else the list. */
export function cinemasLinkHref(place: Place | null, paths: { list: string; cinema: string; cityLight: string }): string {
  if (place?.kind === "cinema") return withSlug(paths.cinema, place.cinema.slug);
  if (place?.kind === "city") {
    const only = place.cinemas.length === 1 ? place.cinemas[0] : undefined;
    return only ? withSlug(paths.cinema, only.slug) : withSlug(paths.cityLight, place.slug);
  }
  return paths.list;
}
