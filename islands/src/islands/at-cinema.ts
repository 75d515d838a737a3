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
import { LOCATOR_CHANGE } from "../lib/locator-choice";
import { LOCATOR_COOKIE, readLocatorCookie } from "../lib/locator-cookie";
import { pageCookies } from "../stores/page/env";

export type AtCinemaProps = IslandProps & AtCinemaPropsData;

export function mount(el: HTMLElement, props: AtCinemaProps): void {
  let loaded = false;
  const run = () => {
    const cookie = readLocatorCookie(pageCookies().get(LOCATOR_COOKIE));
    // No choice, and nothing narrowed yet: the page as built.
    if (!cookie && !loaded) return;
    loaded = true;
    void import("../components/at-cinema/narrow")
      .then((m) => m.follow(el, props, cookie))
      .catch(() => undefined);
  };
  run();
  el.ownerDocument.addEventListener(LOCATOR_CHANGE, run);
}
