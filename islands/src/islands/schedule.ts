// Island "schedule": the tools of a schedule (`<div class="schedule-tools"
// data-island="schedule">` first in `<section aria-labelledby="schedule">`): day tabs over
// the server's day sections, the filters (versions, experiences, genres) kept in the URL's
// `/filters/` part, and a showtime's details. Before its first interaction the page shows
// every day with a list of links to them (what works without JavaScript); a URL that
// carries filters loads it at once, so the filtered schedule shows from the start.
// First stage: the live statuses of the days in view (components/schedule/live.ts, part of
// this module: they start without any interaction, so they count before it — README "Sizes");
// on a show page, the locator's choice (components/schedule/places.ts).

import { apiUrl } from "../api/call";
import { startLiveSchedule } from "../components/schedule/live";
import type { ScheduleProps } from "../components/schedule/Schedule";
import { translator } from "../lib/i18n";
import { defineStagedIsland } from "../staged";
import { pageEnv, pageOrigin, pageUrl } from "../stores/page/env";

export type { ScheduleProps };

export const mount = defineStagedIsland<ScheduleProps>({
  show(el, props) {
    if (!props.showtimes) return;
    const env = pageEnv();
    const doc = el.ownerDocument;
    const t = translator(props.labels);
    // "Languages I understand" (components/schedule/languages.ts, on demand): at once when the
    // visitor follows languages (its cookie); else the modals island loads it at a click.
    if (/follow_langs=/.test(doc.cookie)) void import("../components/schedule/languages").then((m) => m.default(el.parentElement!, t));
    const places = props.places;
    // "Keep this evening" in a showtime's details (issue 17): a module of its own, loaded at
    // the first click in the schedule (opening a showtime is one), told of every click.
    el.parentNode!.addEventListener("click", (e) => void import("../components/evening/keep").then((k) => k.watch(props, e)));
    // A show page follows the locator's choice (components/schedule/places.ts, loaded there
    // only). Should that module fail to load, the page shows every cinema, kept live all the same.
    const following = places
      ? import("../components/schedule/follow-locator")
          .then((m) => m.followLocator(el.parentElement ?? el, props, t, apiUrl))
          .catch(() => ({}))
      : Promise.resolve({});
    void following.then(
      (options) =>
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
          options,
        ),
    );
  },
  ui: () => import("../components/interactive").then((m) => ({ mount: m.schedule })),
  now: () => /\/filters\//.test(pageUrl().read().pathname),
});
