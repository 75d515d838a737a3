// Island "locator": the button that shows and changes the visitor's choice of cinema
// (`<div class="locator" data-island="locator">`). First stage: the remembered choice (URL
// filter, cinema page, `cgp_locator` cookie) as the button's text; the locator itself — a
// cinema or city search, nearest cinemas, favourites — loads at the first interaction. On the
// cinemas page, a visitor's choice leads on to its first cinema (spec §4).

import { choiceLabel, type LocatorProps } from "../components/locator/summary";
import { LOCATOR_COOKIE } from "../lib/locator-cookie";
import { pageCookies } from "../stores/page/env";
import { defineStagedIsland, interactive } from "../staged";

export type { LocatorProps };

export const mount = defineStagedIsland<LocatorProps>({
  show(el, props) {
    // The cinemas page: on to the first cinema of the visitor's choice, this page left out
    // of the history (back goes where the visitor came from).
    if (props.redirect && pageCookies().get(LOCATOR_COOKIE))
      void import("../components/locator/redirect")
        .then((m) => m.redirectToChoice(props))
        .catch(() => undefined);
    void choiceLabel(props).then((label) => {
      const text = el.querySelector(".locator-choice");
      if (text && !interactive(el)) text.textContent = label;
    });
  },
  ui: () => import("../components/interactive").then((m) => ({ mount: m.locator })),
});
