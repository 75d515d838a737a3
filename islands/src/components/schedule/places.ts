// A show page's schedule follows the locator's choice (issue 12): the page is written with
// every cinema of the site grouped by city (what a visitor without JavaScript, or without a
// choice, sees); with a choice in the locator's cookie (`cgp_locator`: a cinema by its
// `vistaRef`, a city by its slug — the format of lib/locator-cookie.ts), only the chosen
// cinemas show, every day the show plays there: the later days, not written in the page, are
// asked from the runtime API (`?cinema=` when one cinema is chosen). A position keeps those
// of the cinemas near it that play the show (`/api/cinemas/near`: the locator's rule and
// limits, answered by the API so that this first stage carries no geometry); favourites —
// chosen in the locator, or a signed-in client's without any choice — keep those of them that
// play the show (follow-locator.ts asks both; docs/decisions.md).
//
// The cookie is read here with a plain JSON.parse, not through lib/locator-cookie.ts: a module
// the header's and the locator's first stages share would be split into a chunk of its own,
// which every page pays for (islands/README.md "Sizes").

import type { Translate } from "../../lib/i18n";
import type { LocatorCookie, SchedulePlace } from "../../types";
import type { LiveOptions } from "./live";

/** The locator's cookie (`cgp_locator`), as its text reads; null when absent or unreadable. */
export function locatorChoice(text: string | null): LocatorCookie | null {
  try {
    return text ? (JSON.parse(text) as LocatorCookie) : null;
  } catch {
    return null;
  }
}

/**
 * With a locator choice (`cookie`, the text of `cgp_locator`): only the chosen cinemas of
 * `container`'s days, and every day the show plays (the later days shown and asked, for the
 * one cinema chosen when there is one). The live statuses' options that keep it so.
 */
export function followLocator(container: ParentNode, places: readonly SchedulePlace[], choice: LocatorCookie | null, t: Translate, near?: Near): LiveOptions {
  const chosen = chosenPlaces(places, choice, near);
  if (!chosen) return {};
  const empty = t("schedule.noShowtimes");
  keepPlaces(container, chosen, empty);
  if (!chosen.length) return {};
  for (const day of container.querySelectorAll<HTMLElement>("section.day[data-later]")) day.hidden = false;
  const one = chosen.length === 1 ? chosen : undefined;
  return {
    query: one && { cinema: one[0]! },
    scope: one && new Set(one),
    applied: (day) => keepPlacesOfDay(day as HTMLElement, chosen, empty),
  };
}

/** What a position or favourites choice needs beyond the cookie: cinema slugs. */
export interface Near {
  /** The cinemas near the position (nearest first), as the API answers them. */
  nearby?: readonly string[];
  /** The signed-in client's favourite cinemas. */
  favourites?: readonly string[];
}

/**
 * The cinemas a locator choice keeps among the show's (an empty list: none plays it); null
 * without a usable choice (a position or favourites not known). A position keeps the
 * show's cinemas among those near it, favourites those among the client's.
 */
export function chosenPlaces(places: readonly SchedulePlace[], choice: LocatorCookie | null, near: Near = {}): string[] | null {
  switch (choice?.type) {
    case "cinema":
      return places.filter((p) => p.vistaRef === choice.value).map((p) => p.slug);
    case "city":
      return places.filter((p) => p.citySlug === choice.value).map((p) => p.slug);
    case "position":
      return among(places, near.nearby);
    case "favorite":
      return among(places, near.favourites);
    default:
      return null;
  }
}

const among = (places: readonly SchedulePlace[], slugs?: readonly string[]) => (slugs ? places.filter((p) => slugs.includes(p.slug)).map((p) => p.slug) : null);

/**
 * Shows only the chosen cinemas' showtimes in the day sections of `container`: other
 * cinemas' blocks (and a city left without one) are hidden; a day without any says so in
 * `emptyText`.
 */
export function keepPlaces(container: ParentNode, chosen: readonly string[], emptyText: string): void {
  for (const day of container.querySelectorAll<HTMLElement>("section.day[data-places]")) keepPlacesOfDay(day, chosen, emptyText);
}

export function keepPlacesOfDay(day: HTMLElement, chosen: readonly string[], emptyText: string): void {
  let kept = 0;
  for (const place of day.querySelectorAll<HTMLElement>("section.schedule-cinema")) {
    place.hidden = !chosen.includes(place.dataset.cinema ?? "");
    if (!place.hidden) kept++;
  }
  for (const city of day.querySelectorAll<HTMLElement>(".schedule-city")) city.hidden = !city.querySelector("section.schedule-cinema:not([hidden])");
  let note = day.querySelector<HTMLElement>(":scope > p.schedule-away");
  if (!kept && !note) {
    note = day.ownerDocument.createElement("p");
    note.className = "schedule-empty schedule-away";
    note.textContent = emptyText;
    day.append(note);
  }
  if (note) note.hidden = kept > 0;
}
