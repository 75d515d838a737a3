// What the visitor's locator choice (the `cgp_locator` cookie, spec §3) names once the
// cinema list is known: a cinema, or a city with its cinemas. Read by the first stages that
// follow the choice without the locator's store: the header's cinemas link (spec §2), the
// cinemas page's redirect and the lists "at my cinema" (spec §4). Changes of the choice are
// announced on the window (`LOCATOR_CHANGE`, lib/locator-cookie.ts) by the locator's store.

import type { Cinema, LocatorCookie } from "../types";

/** The `cgp_locator` cookie's choice, or null (absent or unreadable). Read here, not with
 * lib/locator-cookie.ts: shared with this file's on-demand users only, that module would be
 * a chunk of its own that every page's interactive part pays for. */
export function readChoice(text: string | null): LocatorCookie | null {
  try {
    const value = JSON.parse(text ?? "") as LocatorCookie | null;
    return typeof value?.type === "string" ? value : null;
  } catch {
    return null;
  }
}

export type Place = { kind: "cinema"; cinema: Cinema } | { kind: "city"; slug: string; cinemas: Cinema[] };


/** The place a choice names: a cinema, or a city with its cinemas (in the API's order). A
 * position or favourites name none here: they are no "selected cinema" (spec §2), and their
 * cinemas need the geolocation rules or the session, which these first stages do without. */
export function placeOf(cookie: LocatorCookie | null, cinemas: readonly Cinema[]): Place | null {
  if (cookie?.type === "cinema") {
    const cinema = cinemas.find((c) => c.vistaRef === cookie.value);
    return cinema ? { kind: "cinema", cinema } : null;
  }
  const slug = cookie?.type === "city" ? cookie.value : null;
  if (typeof slug !== "string") return null;
  const list = cinemas.filter((c) => c.citySlug === slug);
  return list.length > 0 ? { kind: "city", slug, cinemas: list } : null;
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
