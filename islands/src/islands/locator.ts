// Island "locator": the button that shows and changes the visitor's choice of cinema
// (`<div class="locator" data-island="locator">`). First stage: the remembered choice (URL
// filter, cinema page, `cgp_locator` cookie) as the button's text; the locator itself — a
// cinema or city search, nearest cinemas, favourites — loads at the first interaction.

import { choiceLabel, type LocatorProps } from "../components/locator/summary";
import { defineStagedIsland, interactive } from "../staged";

export type { LocatorProps };

export const mount = defineStagedIsland<LocatorProps>({
  show(el, props) {
    void choiceLabel(props).then((label) => {
      const text = el.querySelector(".locator-choice");
      if (text && !interactive(el)) text.textContent = label;
    });
  },
  ui: () => import("../components/interactive").then((m) => ({ mount: m.locator })),
});
