// Island "schedule": the tools of a schedule (`<div class="schedule-tools"
// data-island="schedule">` first in `<section aria-labelledby="schedule">`): day tabs over
// the server's day sections, the filters (versions, experiences, genres) kept in the URL's
// `/filters/` part, and a showtime's details. Before its first interaction the page shows
// every day with a list of links to them (what works without JavaScript); a URL that
// carries filters loads it at once, so the filtered schedule shows from the start.

import type { ScheduleProps } from "../components/schedule/Schedule";
import { defineStagedIsland } from "../staged";
import { pageUrl } from "../stores/page/env";

export type { ScheduleProps };

export const mount = defineStagedIsland<ScheduleProps>({
  ui: () => import("../components/interactive").then((m) => ({ mount: m.schedule })),
  now: () => /\/filters\//.test(pageUrl().read().pathname),
});
