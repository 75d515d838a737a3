// Island "season" (season and special-event pages: `<div class="season-picker"
// data-island="season">` with the page's cinema `<select>` and `div.season-screenings`): the
// screenings of the season at the cinema chosen in the locator or picked on the page, live
// from the runtime API, and the selection of screenings to book (spec §4 "Seasons").
// Plain DOM (components/season/season-live.ts): no framework before or after an interaction.

import { startSeason } from "../components/season/season-live";
import type { IslandProps } from "../components/island-props";
import type { SeasonProps } from "../generated/api-types";
import { translator } from "../lib/i18n";
import { pageCookies, pageEnv, pageOrigin } from "../stores/page/env";

export function mount(el: HTMLElement, props: IslandProps & SeasonProps): void {
  const env = pageEnv();
  const doc = el.ownerDocument;
  startSeason(el, props, translator(props.labels, { brand: props.brand ?? "" }), {
    fetch: env.fetch ?? ((input, init) => fetch(input, init)),
    clock: env.clock,
    timers: env.timers,
    origin: pageOrigin(),
    document: doc,
    cookies: pageCookies(),
    // The page's Last-Modified: when the build wrote what it shows (else: now).
    since: Date.parse(doc.lastModified) || env.clock.now(),
  });
}
