// Island "show-feelings": a show page's wish-list button and emotion rating
// (`<div class="show-feelings" data-island="show-feelings">`). First stage: a signed-in
// client's feelings for the show (asked once) show as pressed buttons; the changes load at
// the first interaction.

import type { IslandProps } from "../components/island-props";
import { sessionFeelings } from "../session";
import { defineStagedIsland, interactive } from "../staged";
import type { ShowFeelingsProps as ShowFeelingsPropsData } from "../generated/api-types";

/** The props the generator writes (site/src/islands.rs, exported to TypeScript). */
export type ShowFeelingsIslandProps = IslandProps & ShowFeelingsPropsData;

export const mount = defineStagedIsland<ShowFeelingsIslandProps>({
  show(el, props) {
    void sessionFeelings(props, [props.show]).then((feelings) => {
      if (interactive(el)) return;
      el.querySelector(".wishlist-button")?.setAttribute("aria-pressed", String(feelings.wishlist.includes(props.show)));
      for (const button of el.querySelectorAll<HTMLElement>("button[data-emotion]")) {
        button.setAttribute("aria-pressed", String(feelings.emotions[props.show] === button.dataset.emotion));
      }
    });
  },
  ui: () => import("../components/interactive").then((m) => ({ mount: m.feelings })),
});
