// A show page's schedule follows the locator's choice (issue 12): the page is written with
// every cinema of the site grouped by city (what a visitor without JavaScript, or without a
// choice, sees); with a choice in the locator's cookie (`cgp_locator`: a cinema by its
// `vistaRef`, a city by its slug — lib/locator-cookie.ts, read as the locator store reads
// it), only the chosen cinemas show, every day the show plays there: the later days, not
// written in the page, are asked from the runtime API (`?cinema=` when one cinema is chosen).
// Position and favourites choices keep every cinema (docs/decisions.md).

import type { LocatorCookie, SchedulePlace } from "../../types";

/** The cinemas a locator choice keeps among the show's (an empty list: none plays it); null without a usable choice. */
export function chosenPlaces(places: readonly SchedulePlace[], choice: LocatorCookie | null): string[] | null {
  switch (choice?.type) {
    case "cinema":
      return places.filter((p) => p.vistaRef === choice.value).map((p) => p.slug);
    case "city":
      return places.filter((p) => p.citySlug === choice.value).map((p) => p.slug);
    default:
      return null;
  }
}

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
