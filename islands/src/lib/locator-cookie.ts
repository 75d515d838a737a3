// The `cgp_locator` cookie (spec §3): `{type, value}` — a cinema's vistaRef, a city's slug,
// coordinates `{x, y}`, or nothing (favourites). Kept apart from the locator store so the
// page's first stage can read it without the store.

import type { LocatorCookie } from "../types";

export const LOCATOR_COOKIE = "cgp_locator";
export const LOCATOR_COOKIE_DAYS = 365;

/** The event the window gets when the locator's choice changed (the cookie is rewritten):
 * the header's cinemas link and the lists at my cinema follow it. */
export const LOCATOR_CHANGE = "cgp-locator-change";

const TYPES = ["cinema", "city", "position", "favorite"];

/** The cookie's value; null when absent, "invalid" when unreadable. */
export function parseLocatorCookie(text: string | null): LocatorCookie | null | "invalid" {
  if (text === null || text === "") return null;
  try {
    const value = JSON.parse(text) as LocatorCookie;
    return TYPES.includes(value?.type) ? value : "invalid";
  } catch {
    return "invalid";
  }
}

/** The cookie's value, or null when absent or unreadable. */
export function readLocatorCookie(text: string | null): LocatorCookie | null {
  const cookie = parseLocatorCookie(text);
  return cookie === "invalid" ? null : cookie;
}
