// Island "at-cinema": the home rail and the shows lists "at my cinema" (spec §4 locator, issue
// 12). With a choice in the locator (the `cgp_locator` cookie), the list shows only the shows
// playing there, in the page's order (the spec's, computed by the generator), under an "at
// <place>" line with a button for the whole site; without one, the whole site as the page
// was built. Plain DOM work at idle; what narrows loads only when there is a choice, and
// again when the choice changes on the page (cleared: the whole site back).
//
// `<div class="at-cinema" data-island="at-cinema">` beside the list's heading; the list is
// the element whose id the props name.

import type { IslandProps } from "../components/island-props";
import type { AtCinemaProps as AtCinemaPropsData } from "../generated/api-types";

export type AtCinemaProps = IslandProps & AtCinemaPropsData;

export function mount(el: HTMLElement, props: AtCinemaProps): void {
  const doc = el.ownerDocument;
  let loaded = false;
  const run = () => {
    // No choice, and nothing narrowed yet: the page as built, nothing loaded.
    if (!loaded && !doc.cookie.includes("cgp_locator=")) return;
    loaded = true;
    void import("../components/at-cinema/narrow").then((m) => m.follow(el, props), () => undefined);
  };
  run();
  // lib/locator-cookie.ts LOCATOR_CHANGE (not imported: this part stays a few bytes).
  addEventListener("cgp-locator-change", run);
}
