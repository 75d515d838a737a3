// Island "schedule": the tools of a schedule (`<div class="schedule-tools"
// data-island="schedule">` first in `<section aria-labelledby="schedule">`): day tabs over
// the server's day sections, the filters (versions, experiences, genres) kept in the URL's
// `/filters/` part, and a showtime's details. Before its first interaction the page shows
// every day with a list of links to them (what works without JavaScript); a URL that
// carries filters loads it at once, so the filtered schedule shows from the start.
// First stage: the live statuses of the days in view (components/schedule/live.ts, part of
// this module: they start without any interaction, so they count before it — README "Sizes"),
// and on a show page the locator's choice (components/schedule/places.ts).

import { startLiveSchedule, type LiveOptions } from "../components/schedule/live";
import { chosenPlaces, keepPlaces, keepPlacesOfDay } from "../components/schedule/places";
import type { ScheduleProps } from "../components/schedule/Schedule";
import { translator, type Translate } from "../lib/i18n";
import { LOCATOR_COOKIE, readLocatorCookie } from "../lib/locator-cookie";
import { defineStagedIsland } from "../staged";
import { pageCookies, pageEnv, pageOrigin, pageUrl } from "../stores/page/env";

export type { ScheduleProps };

export const mount = defineStagedIsland<ScheduleProps>({
  show(el, props) {
    if (!props.showtimes) return;
    const env = pageEnv();
    const doc = el.ownerDocument;
    const t = translator(props.labels);
    startLiveSchedule(
      el,
      props,
      t,
      {
        fetch: env.fetch ?? ((input, init) => fetch(input, init)),
        clock: env.clock,
        timers: env.timers,
        origin: pageOrigin(),
        document: doc,
        // The page's Last-Modified: when the build wrote these statuses (else: now).
        since: Date.parse(doc.lastModified) || env.clock.now(),
      },
      followLocator(el.parentElement ?? el, props, t),
    );
  },
  ui: () => import("../components/interactive").then((m) => ({ mount: m.schedule })),
  now: () => /\/filters\//.test(pageUrl().read().pathname),
});

/**
 * A show page with a locator choice: only the chosen cinemas, and every day the show plays
 * (the later days shown and asked, for the one cinema chosen when there is one).
 */
function followLocator(container: HTMLElement, props: ScheduleProps, t: Translate): LiveOptions {
  let choice = null;
  try {
    choice = readLocatorCookie(pageCookies().get(LOCATOR_COOKIE));
  } catch {
    // No cookies to read: every cinema.
  }
  const chosen = props.places ? chosenPlaces(props.places, choice) : null;
  if (!chosen) return {};
  const empty = t("schedule.noShowtimes");
  keepPlaces(container, chosen, empty);
  if (!chosen.length) return {};
  for (const day of container.querySelectorAll<HTMLElement>("section.day[data-later]")) day.hidden = false;
  const one = chosen.length === 1 ? chosen : null;
  return {
    query: one ? { cinema: one[0]! } : undefined,
    scope: one ? new Set(one) : undefined,
    applied: (day) => keepPlacesOfDay(day as HTMLElement, chosen, empty),
  };
}
